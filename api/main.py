"""The HTTP application: ``create_app()`` builds it, the lifespan builds the one Ledger.

Run it with ``ledger serve`` (one uvicorn worker: the group-commit writer assumes one writing
process per database), or ``uvicorn --factory api.main:create_app``. The limits on request
size and time are ``ledger serve``'s HTTP protocol (api/http_limits.py), not the app's: under
plain uvicorn add ``--http api.http_limits:LimitedH11Protocol`` (its default limits).
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.metadata import PackageNotFoundError, version

import structlog
from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from starlette.concurrency import run_in_threadpool

from api.auth import KeyWatch, PrincipalCache
from api.docs import install_docs
from api.errors import install_error_handlers
from api.metrics import HttpMetrics
from api.middleware import RequestContextMiddleware
from api.openapi import declare_bodies_acting_for_a_player, declare_error_answers
from api.routes import routers
from api.viewer import install_viewer
from infra.container import build_ledger
from infra.games import load_games
from infra.runtime.clock import Clock
from infra.runtime.gc_tuning import tune_gc
from infra.runtime.logging import configure_logging
from infra.runtime.settings import Settings

log = structlog.get_logger("ledger.api")

DESCRIPTION = """
Event-sourced game ledger for online games regulated by SRIJ (Portugal).

* **Authentication:** `Authorization: Bearer <api key>`. Roles: `operator`, `player`,
  `auditor`, `complaint_handler`. A player sees only its own data.
* **Money:** integer cents, in fields ending in `_cents`. Never floats.
* **Idempotency:** money commands carry an `idempotency_key`; the same key and body again
  returns the first answer (status 201, same body) and moves no money; the same key with
  another body is refused with 409 `idempotency_key_reused`.
* **Errors:** `{"error": {"code", "message", "field", "rule", "rule_title", "details",
  "request_id"}}` (`rule_title`: the titles of the rules `rule` cites, from the catalogues).
  401 unauthenticated, 403 forbidden, 404 not found, 409 rule violation / conflict,
  422 invalid input, 500 internal error (request id only), 503 database unavailable;
  408, 413 and 431 when a request is too slow, its body or its headers too large.
* **Tracing:** every answer carries `X-Request-ID` (yours, if you send a sane one).
"""


# FastAPI's own OpenTelemetry instrumentation looks for tracer, meter and logger providers at
# every request (~5 µs of a money command). This service configures none: its record is the
# event store and its logs are structlog's (infra/runtime/logging.py). Older FastAPIs have no switch.
_NO_TELEMETRY = ({"telemetry": {"tracing": False, "metrics": False, "logs": False}}
                 if "telemetry" in inspect.signature(FastAPI.__init__).parameters else {})


def _version() -> str:
    try:
        return version("game-ledger")
    except PackageNotFoundError:
        return "0.0.0"


def create_app(settings: Settings | None = None, *, clock: Clock | None = None) -> FastAPI:
    settings = settings or Settings()
    configure_logging(settings.log_level, json=settings.log_json)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        ledger = await run_in_threadpool(build_ledger, settings, clock=clock, start=False,
                                         projection_worker=settings.projection_worker,
                                         writer_socket=settings.writer_socket)
        if settings.writer_socket:  # the writer is a process of its own (infra/writer/server.py)
            # The writer process opens the store and loads what it holds before it listens:
            # seconds on a busy machine (7.5-10 s seen at a load of 16), so wait up to a minute.
            await ledger.writer.connect(attempts=600)
        await run_in_threadpool(ledger.start)
        if settings.tune_gc:
            tune_gc()
        app.state.ledger = ledger
        app.state.principal_cache = PrincipalCache()
        app.state.key_watch = KeyWatch(ledger, app.state.principal_cache,
                                       interval=settings.key_watch_interval)
        await run_in_threadpool(app.state.key_watch.start)
        log.info("ledger_started", backend=ledger.backend, certification_mode=ledger.certification,
                 event_position=ledger.writer.last_position)
        if settings.certification_mode.strip() not in ("", "0", "1"):
            # The contract: `1` turns it on, anything else means off. Say so, or an operator
            # who wrote `true` believes a laboratory's forced outcomes are accepted.
            log.warning("certification_mode_value_means_off", value=settings.certification_mode,
                        hint="only LEDGER_CERTIFICATION_MODE=1 turns certification mode on")
        try:
            yield
        finally:
            app.state.key_watch.stop()
            await run_in_threadpool(ledger.shutdown)
            log.info("ledger_stopped")

    app = FastAPI(title="Game ledger", description=DESCRIPTION, version=_version(),
                  lifespan=lifespan, docs_url=None, redoc_url=None, **_NO_TELEMETRY)
    install_error_handlers(app)
    app.state.http_metrics = HttpMetrics()  # one registry per app (api/metrics.py)
    app.add_middleware(RequestContextMiddleware, metrics=app.state.http_metrics)
    games = load_games(settings.games)
    for router in routers(games):
        # The routes themselves, not the router: FastAPI dispatches an included router through
        # a second matching layer that cost ~15 % of a money command here.
        for route in router.routes:
            app.router.routes.append(route)
    install_docs(app)  # /docs from the app's own copy of Swagger UI (api/docs.py), after those
    install_viewer(app)  # /viewer: the jogada replay viewer's page (api/viewer.py)
    _document_bearer_auth(app, session_kinds=games.kinds())
    return app


# The routes that need no API key (the OpenAPI document declares no security for them).
PUBLIC_PATHS = frozenset({"/health", "/audit/public-keys"})


def _document_bearer_auth(app: FastAPI, *, session_kinds: tuple[str, ...] = ()) -> None:
    """Authentication is one plain dependency (api/deps.py) rather than FastAPI's HTTPBearer
    chain, which cost every request; the scheme is declared in the OpenAPI document here."""
    def openapi() -> dict:
        if app.openapi_schema is None:
            schema = get_openapi(title=app.title, version=app.version,
                                 description=app.description, routes=app.routes)
            schema.setdefault("components", {})["securitySchemes"] = {"ApiKey": {
                "type": "http", "scheme": "bearer",
                "description": "`Authorization: Bearer <api key>`"}}
            for path, operations in schema.get("paths", {}).items():
                if path not in PUBLIC_PATHS:
                    for operation in operations.values():
                        operation["security"] = [{"ApiKey": []}]
            declare_error_answers(schema)  # after the security: 401 and 503 follow it
            declare_bodies_acting_for_a_player(schema)
            # A session's kind: the regulation's and the registered games' own (the domain
            # checks it against the registry; the document lists them).
            game = schema.get("components", {}).get("schemas", {}).get(
                "SessionCreate", {}).get("properties", {}).get("game")
            if game is not None and session_kinds:
                game["enum"] = list(session_kinds)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
