"""Is there a ledger at the configured database? Asked by the CLI commands that only read
(``verify``, ``health``, ``projections status``, ``db current``) before they open anything:
opening a store creates it (SQLite creates the file, the library its tables, Alembic its
version table), so run from the wrong directory they made an empty ledger and reported
"VERIFY OK: 0 accounts". They create nothing: a missing database, schema or event store is
reported in one line, and ``ledger db upgrade`` is what creates one.
"""

from __future__ import annotations

import os
import sqlite3
from urllib.parse import quote

import psycopg

from infra.runtime.settings import DatabaseTarget

UPGRADE_HINT = "run `ledger db upgrade` to create one"


class DatabaseMissing(Exception):
    """The configured database holds no ledger (or cannot be reached); the message is one
    line, for the operator."""

    code = "database_missing"


class DatabaseUnreachable(DatabaseMissing):
    """The server did not answer (down, refused, a wrong host or port)."""

    code = "database_unreachable"


def _one_line(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return text[0] if text else type(error).__name__


def require_ledger(target: DatabaseTarget) -> None:
    """Raise DatabaseMissing unless the event store and the projections database exist."""
    if target.backend == "sqlite":
        _require_sqlite(target)
    else:
        _require_postgresql(target, tables=True)


def require_place(target: DatabaseTarget) -> None:
    """Raise DatabaseMissing unless a ledger can be created there (``ledger db upgrade``): the
    SQLite file's directory, or the PostgreSQL database and schema, exist and answer."""
    if target.backend == "sqlite":
        directory = os.path.dirname(str(target.path)) or "."
        if not os.path.isdir(directory):
            raise DatabaseMissing(f"cannot create the SQLite database {target.path}: no"
                                  f" directory {directory}")
    else:
        _require_postgresql(target, tables=False)


def _require_sqlite(target: DatabaseTarget) -> None:
    path = str(target.path)
    for what, file in (("database", path), ("projections database", target.projections_path)):
        if not os.path.isfile(str(file)):
            raise DatabaseMissing(f"no ledger {what} at {file} (SQLite file not found):"
                                  f" {UPGRADE_HINT}")
    try:
        # mode=rw: opens the file only if it is there, never creates it.
        conn = sqlite3.connect(f"file:{quote(path)}?mode=rw", uri=True, timeout=5)
        try:
            found = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table'"
                                 " AND name = 'stored_events'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error as error:
        raise DatabaseMissing(f"cannot read the SQLite database {path}: {_one_line(error)}")
    if not found:
        raise DatabaseMissing(f"{path} holds no ledger event store: {UPGRADE_HINT}")


def _require_postgresql(target: DatabaseTarget, *, tables: bool) -> None:
    schema = target.schema or "public"
    where = f"PostgreSQL database {target.dbname!r} at {target.host}:{target.port}"
    try:
        conn = psycopg.connect(host=target.host, port=target.port, user=target.user,
                               password=target.password or None, dbname=target.dbname,
                               connect_timeout=5, options="-c statement_timeout=5000",
                               autocommit=True)
    except psycopg.Error as error:
        message = _one_line(error)
        if "does not exist" in message:
            raise DatabaseMissing(f"no {where} ({message}): create it (CREATE DATABASE),"
                                  " then run `ledger db upgrade`")
        raise DatabaseUnreachable(f"cannot connect to the {where}: {message}")
    try:
        with conn:
            if not conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s",
                                (schema,)).fetchone():
                raise DatabaseMissing(f"no schema {schema!r} in the {where}: create it, then"
                                      " run `ledger db upgrade`")
            found = conn.execute("SELECT to_regclass(format('%%I.%%I', %s::text,"
                                 " 'ledger_events'))", (schema,)).fetchone()[0]
    except psycopg.Error as error:
        raise DatabaseUnreachable(f"cannot read the {where}: {_one_line(error)}")
    if tables and found is None:
        raise DatabaseMissing(f"schema {schema!r} of the {where} holds no ledger event store:"
                              f" {UPGRADE_HINT}")
