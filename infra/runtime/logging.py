"""Structured logs: one JSON object per line, ISO-8601 UTC timestamps, the request id bound by
the HTTP middleware (a context variable, ``REQUEST_ID``) on every line logged while a request runs.

The standard library's loggers (uvicorn, alembic, sqlalchemy, eventsourcing) go through the same
renderer. uvicorn's access log is switched off: api/middleware.py writes one line per request
instead, with the request id, method, path, status and duration, and never headers or bodies.
A last processor redacts values under keys that could carry a secret, in case anyone logs them.
"""

from __future__ import annotations

import logging
import sys
from contextvars import ContextVar
from typing import Any

import structlog

_SECRET_KEYS = frozenset({"authorization", "api_key", "apikey", "password", "token", "secret",
                          "bootstrap_operator_key", "key"})
_HANDLER_NAME = "ledger-structlog"


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is now (test runners swap it per test)."""

    def __init__(self) -> None:
        super().__init__()
        self.set_name(_HANDLER_NAME)

    @property  # type: ignore[override]
    def stream(self):  # noqa: D401
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


# The request id of the HTTP request being served (set by api/middleware.py). A plain context
# variable: each request runs in its own task, the threadpool copies the context, and setting
# one variable costs less than structlog's bind/merge of a dictionary of them.
REQUEST_ID: ContextVar[str | None] = ContextVar("ledger_request_id", default=None)


def _add_request_id(_logger: Any, _name: str, event_dict: dict[str, Any]) -> dict[str, Any]:
    request_id = REQUEST_ID.get()
    if request_id is not None:
        event_dict.setdefault("request_id", request_id)
    return event_dict


def _redact(_logger: Any, _name: str, event_dict: dict[str, Any]) -> dict[str, Any]:
    for key in list(event_dict):
        if key.lower() in _SECRET_KEYS:
            event_dict[key] = "[redacted]"
    return event_dict


def configure_logging(level: str = "INFO", *, json: bool = True) -> None:
    """Idempotent: safe to call once per app built (tests build many)."""
    shared: list[Any] = [
        structlog.contextvars.merge_contextvars,
        _add_request_id,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
        _redact,
    ]
    renderer: Any = (structlog.processors.JSONRenderer() if json
                     else structlog.dev.ConsoleRenderer(colors=False))
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        # Filtering in the wrapper: a call below the level costs nothing (no processor runs).
        wrapper_class=structlog.make_filtering_bound_logger(
            logging.getLevelName(level.upper())),
        cache_logger_on_first_use=False,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.dict_tracebacks if json else structlog.processors.format_exc_info,
            renderer,
        ],
    )
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler.get_name() == _HANDLER_NAME:
            root.removeHandler(handler)
    handler = _StderrHandler()
    handler.setFormatter(formatter)
    root.addHandler(handler)
    root.setLevel(level.upper())
    # uvicorn: its error log flows into ours; its access log is replaced by our request log.
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    for name in ("alembic.runtime.plugins", "httpx", "httpcore"):  # chatty at INFO
        logging.getLogger(name).setLevel(logging.WARNING)
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False
    access.disabled = True
