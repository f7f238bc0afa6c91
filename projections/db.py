"""The projections database: the same PostgreSQL database as the events, or on SQLite a file
beside the events file (so that the event writer and the projection writer never wait on one
file lock)."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import Engine, create_engine, event


class DatabaseTarget(Protocol):
    """Where the projections live, as the caller was configured (infra/runtime/settings.py's
    ``DatabaseTarget`` is one): the projections read no configuration of their own."""

    @property
    def backend(self) -> str: ...  # "sqlite" | "postgresql"

    @property
    def schema(self) -> str | None: ...  # PostgreSQL: the schema of the tables, if not public

    def sqlalchemy_url(self) -> str: ...


def build_engine(target: DatabaseTarget) -> Engine:
    if target.backend == "sqlite":
        engine = create_engine(target.sqlalchemy_url(), connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragma(dbapi_connection, _record):  # WAL: readers never block the writer
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    connect_args = {}
    if target.schema:
        connect_args["options"] = f"-csearch_path={target.schema}"
    return create_engine(target.sqlalchemy_url(), pool_size=5, max_overflow=10,
                         pool_pre_ping=True, connect_args=connect_args)
