"""The one map from errors to HTTP. Every 4xx/5xx body has the same shape:

    {"error": {"code": "insufficient_funds", "message": "...", "field": "amount_cents",
               "rule": "903-B 5.2.2(3)", "rule_title": "The player account: one per player,
               never negative, no transfers", "details": {...}, "request_id": "..."}}

``code`` is stable and machine-readable; ``field`` and ``rule`` appear where they apply, and
``rule_title`` beside ``rule`` where a rule catalogue (each game's rule_book.py, the core's
domain/kernel/rule_book_903b.py) knows the rules it cites: their titles, for people to read.

| status | when | codes |
|---|---|---|
| 401 | no, malformed or unknown API key | ``unauthenticated`` |
| 403 | the role may not do this; a player touching another player's data | ``forbidden`` |
| 404 | the player (or route) does not exist | ``not_found`` |
| 409 | a rule of the regulation refuses the command; idempotency key reused with another body; concurrent update | ``insufficient_funds``, ``rule_violation``, ``idempotency_key_reused``, ``concurrent_update``, ``conflict``, ``api_key_already_revoked``, ``last_active_operator``, ``no_registered_operator`` |
| 422 | malformed input (pydantic or domain validation; a body that is not JSON: field ``body``, the message says where) | ``invalid_input`` |
| 500 | a bug: the body carries only the request id, the traceback goes to the log | ``internal_error`` |
| 503 | the database cannot be reached; the read models lag too far behind | ``database_unavailable``, ``projection_lag`` |

Refused by ``ledger serve``'s HTTP protocol before the application sees the request
(api/http_limits.py; same shape, ``rule`` names the setting, a request id of its own):

| status | when | codes |
|---|---|---|
| 400 | not HTTP/1.1 h11 can parse | ``invalid_http`` |
| 408 | the request did not arrive whole within ``LEDGER_REQUEST_READ_TIMEOUT`` | ``request_timeout`` |
| 413 | the body is larger than ``LEDGER_MAX_BODY_BYTES`` | ``payload_too_large`` |
| 431 | the request line and headers are larger than ``LEDGER_MAX_HEADER_BYTES`` | ``request_headers_too_large`` |
"""

from __future__ import annotations

from typing import Any

import psycopg
import sqlalchemy.exc
import structlog
from eventsourcing import persistence as es
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from psycopg_pool import PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from domain.kernel.errors import (
    ConflictError,
    DomainError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RuleViolationError,
)
from domain.kernel.game import Games
from infra.games import BUILTIN
from infra.runtime.rng import RngHealthError
from infra.writer.wire import WriterUnavailableError

log = structlog.get_logger("ledger.api")


class AuthenticationError(DomainError):
    """Raised when a request carries no API key, a malformed one or an unknown one."""

    code = "unauthenticated"


class UnavailableError(DomainError):
    """Raised when a dependency (database, read models) cannot answer in time."""

    code = "unavailable"


# Checked in order: the first class the error is an instance of gives the status.
STATUS_BY_ERROR: tuple[tuple[type[DomainError], int], ...] = (
    (AuthenticationError, 401),
    (ForbiddenError, 403),
    (NotFoundError, 404),
    (InvalidInputError, 422),
    (ConflictError, 409),
    (RuleViolationError, 409),
    (UnavailableError, 503),
    (DomainError, 409),
)

# The database (or its pool) cannot be reached: 503, try again later.
DATABASE_UNAVAILABLE: tuple[type[BaseException], ...] = (
    es.OperationalError,
    es.InterfaceError,
    es.ConnectionPoolClosedError,
    sqlalchemy.exc.OperationalError,
    sqlalchemy.exc.InterfaceError,
    sqlalchemy.exc.TimeoutError,
    psycopg.OperationalError,
    PoolTimeout,
)

_CODE_BY_HTTP_STATUS = {401: "unauthenticated", 403: "forbidden", 404: "not_found",
                        405: "method_not_allowed", 413: "payload_too_large",
                        415: "unsupported_media_type"}


def status_for(error: DomainError) -> int:
    for cls, status in STATUS_BY_ERROR:
        if isinstance(error, cls):
            return status
    return 409


def request_id_of(request: Request) -> str | None:
    return request.scope.get("state", {}).get("request_id")


def error_body(code: str, message: str, *, field: str | None = None, rule: str | None = None,
               details: dict[str, Any] | None = None, request_id: str | None = None,
               rule_title: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"code": code, "message": message}
    if field is not None:
        error["field"] = field
    if rule is not None:
        error["rule"] = rule
        if rule_title is not None:
            error["rule_title"] = rule_title
    if details:
        error["details"] = details
    if request_id is not None:
        error["request_id"] = request_id
    return {"error": error}


def internal_error_body(request_id: str | None) -> dict[str, Any]:
    """A 500: nothing about the cause, only the id that finds it in the log."""
    return error_body("internal_error",
                      "unexpected error; the request id identifies it in the service log",
                      request_id=request_id)


_BUILTIN_GAMES: Games | None = None


def rule_title_of(request: Request, rule: str | None) -> str | None:
    """The titles of the rules ``rule`` cites, from the catalogues of the installation's games
    and the core's (domain/kernel/game.py ``Games.rule_title``); before the ledger is up, from the
    built-in games'."""
    global _BUILTIN_GAMES
    if not rule:
        return None
    games = getattr(getattr(request.app.state, "ledger", None), "games", None)
    if not isinstance(games, Games):
        games = _BUILTIN_GAMES = _BUILTIN_GAMES or Games(BUILTIN)
    return games.rule_title(rule)


def _headers(status: int) -> dict[str, str] | None:
    if status == 401:
        return {"WWW-Authenticate": "Bearer"}
    if status == 503:
        return {"Retry-After": "1"}
    return None


async def _domain_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, DomainError)
    status = status_for(exc)
    body = error_body(exc.code, exc.message, field=exc.field, rule=exc.rule, details=exc.details,
                      request_id=request_id_of(request),
                      rule_title=rule_title_of(request, exc.rule))
    if status >= 500:
        log.warning("request_refused_unavailable", code=exc.code)
    return JSONResponse(body, status_code=status, headers=_headers(status))


def _field_of(loc: tuple[Any, ...] | list[Any]) -> str:
    parts = [str(p) for p in loc]
    if len(parts) > 1 and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    return ".".join(parts) or "body"


def _where_in(document: Any, offset: Any) -> str:
    """``line L, column C (character offset N)`` of ``offset`` in the body (1-based line and
    column, as json.JSONDecodeError counts them)."""
    if not isinstance(offset, int) or not isinstance(document, str):
        return f"at character offset {offset}"
    line = document.count("\n", 0, offset) + 1
    column = offset - (document.rfind("\n", 0, offset) + 1) + 1
    return f"at line {line}, column {column} (character offset {offset})"


def _problem(error: dict[str, Any], body: Any) -> dict[str, Any]:
    """One pydantic or FastAPI error as a problem naming the field. A body that is not JSON
    is FastAPI's ``json_invalid``, located ("body", <character offset>): the field is
    ``body``, and the message says where the parse failed (issue 24: not ``"field": "21"``)."""
    if error.get("type") == "json_invalid":
        loc = tuple(error.get("loc", ()))
        reason = (error.get("ctx") or {}).get("error", "invalid JSON")
        where = _where_in(body, loc[1] if len(loc) > 1 else None)
        return {"field": "body", "type": "json_invalid",
                "message": f"the body is not valid JSON: {reason} {where}"}
    return {"field": _field_of(error.get("loc", ())), "message": error.get("msg", "invalid"),
            "type": error.get("type", "invalid")}


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = [_problem(e, exc.body) for e in exc.errors()]
    first = problems[0] if problems else {"field": "body", "message": "invalid request"}
    message = "; ".join(f"{p['field']}: {p['message']}" for p in problems) or first["message"]
    body = error_body("invalid_input", message, field=first["field"],
                      details={"errors": problems}, request_id=request_id_of(request))
    return JSONResponse(body, status_code=422)


def allowed_methods(request: Request) -> str:
    """Every method of the request's path. Starlette answers 405 from the first route whose
    path matches, and FastAPI makes one route per method: ``/venues/{id}/rulesets`` has a GET
    route and a POST route, so its Allow header named only POST (RFC 9110 15.5.6: Allow lists
    the target's methods)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        route_methods = getattr(route, "methods", None)
        if route_methods and route.matches(request.scope)[0] is not Match.NONE:
            methods |= route_methods
    return ", ".join(sorted(methods))


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = _CODE_BY_HTTP_STATUS.get(exc.status_code, f"http_{exc.status_code}")
    body = error_body(code, str(exc.detail), request_id=request_id_of(request))
    headers = dict(exc.headers or {}) | (_headers(exc.status_code) or {})
    if exc.status_code == 405:
        headers["Allow"] = allowed_methods(request) or headers.get("Allow", "")
    return JSONResponse(body, status_code=exc.status_code, headers=headers or None)


async def _database_unavailable(request: Request, exc: Exception) -> JSONResponse:
    log.error("database_unavailable", error_type=type(exc).__name__)
    body = error_body("database_unavailable", "the database cannot be reached; try again later",
                      request_id=request_id_of(request))
    return JSONResponse(body, status_code=503, headers=_headers(503))


async def _integrity_error(request: Request, exc: Exception) -> JSONResponse:
    body = error_body("concurrent_update", "the same records were changed concurrently; try again",
                      request_id=request_id_of(request))
    return JSONResponse(body, status_code=409)


async def _service_unavailable(request: Request, exc: Exception) -> JSONResponse:
    """The writer process is unreachable, or the RNG failed its health check (903-B 6.7.3):
    nothing was decided; a money command may be repeated with the same idempotency key."""
    log.error("service_unavailable", error_type=type(exc).__name__, error=str(exc))
    code = "rng_unavailable" if isinstance(exc, RngHealthError) else "writer_unavailable"
    body = error_body(code, str(exc), request_id=request_id_of(request))
    return JSONResponse(body, status_code=503, headers=_headers(503))


def install_error_handlers(app: FastAPI) -> None:
    """Unexpected exceptions are turned into 500s by api/middleware.py (outside these)."""
    app.add_exception_handler(WriterUnavailableError, _service_unavailable)
    app.add_exception_handler(RngHealthError, _service_unavailable)
    app.add_exception_handler(DomainError, _domain_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(es.IntegrityError, _integrity_error)
    for cls in DATABASE_UNAVAILABLE:
        app.add_exception_handler(cls, _database_unavailable)
