"""Many rows in one go, through the database driver itself.

Why: SQLAlchemy's per-row parameter processing (each row's parameters built again, then every
value passed through its type's processor) was ~15 % of the projection worker's time. Here a
statement is compiled once per dialect, and only the values whose type needs converting on that
dialect (on SQLite: datetimes, UUIDs) are converted, by SQLAlchemy's own bind processors: the
stored values are exactly what SQLAlchemy would store. It runs on the connection's driver
connection, inside the caller's transaction.

On PostgreSQL an INSERT goes as ONE statement over one typed array per column, in the binary
format (``INSERT ... SELECT * FROM unnest(%b::bigint[], ...)``, as the event store does,
infra/store/pg_recorder.py) instead of one pipelined INSERT per row: 25 → 11 µs of the worker per row.
Everything else goes through the driver's ``executemany``, row after row in the given order.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import Executable

Row = Sequence[Any]


class BulkStatement:
    """``statement`` (an INSERT or UPDATE with named bind parameters) run for many rows, each
    row a tuple of values in the order of ``keys`` (the bind parameter names; for an INSERT,
    the column names)."""

    def __init__(self, statement: Executable, keys: Sequence[str]) -> None:
        self.statement = statement
        self.keys = tuple(keys)
        self._plans: dict[str, _Plan] = {}

    def execute(self, conn: Connection, rows: Sequence[Row], *, converted: bool = False) -> int:
        """Runs the statement for every row; returns the number of rows it changed in all.
        ``converted``: the caller has already applied ``processors`` to the rows' values (once
        per value instead of once per row, and no copy of each row here)."""
        if not rows:
            return 0
        plan = self._plan_for(conn.dialect)
        cursor = conn.connection.driver_connection.cursor()
        try:
            return plan.run(cursor, rows, converted)
        finally:
            cursor.close()

    def processors(self, dialect: Dialect) -> dict[str, Callable[[Any], Any]]:
        """The conversion ``execute`` applies to the values of each key on ``dialect``, for the
        keys that have one (on SQLite: datetimes, UUIDs; None values are left alone)."""
        return self._plan_for(dialect).processors

    def _plan_for(self, dialect: Dialect) -> _Plan:
        plan = self._plans.get(dialect.name)
        if plan is None:
            plan = self._plans[dialect.name] = self._plan(dialect)
        return plan

    def _plan(self, dialect: Dialect) -> _Plan:
        if dialect.name == "sqlite":
            _bind_null_directly()
        compiled = self.statement.compile(dialect=dialect, column_keys=list(self.keys))
        processors = {name: _bind_processor(compiled.binds[name].type, dialect)
                      for name in self.keys}
        processors = {name: process for name, process in processors.items()
                      if process is not None}
        converters = [(self.keys.index(name), process) for name, process in processors.items()]

        def converted(row: Row) -> Row:
            if not converters:
                return row
            values = list(row)
            for i, process in converters:
                if values[i] is not None:
                    values[i] = process(values[i])
            return values

        if dialect.name == "postgresql" and getattr(self.statement, "is_insert", False):
            return _Plan(processors, self._columnar_insert(dialect, converted))

        order = None
        if dialect.positional:
            order = [self.keys.index(name) for name in compiled.positiontup]
            if order == list(range(len(self.keys))):
                order = None  # the rows' values are the parameters, in order
        keys = self.keys
        sql = compiled.string

        def run(cursor: Any, rows: Sequence[Row], done: bool) -> int:
            if not dialect.positional:  # pyformat (psycopg): named parameters
                params: Any = [dict(zip(keys, row if done else converted(row)))
                               for row in rows]
            elif order is not None:
                params = [[values[i] for i in order]
                          for values in (rows if done else map(converted, rows))]
            elif done or not converters:
                params = rows
            else:
                params = list(map(converted, rows))
            cursor.executemany(sql, params)
            return cursor.rowcount

        return _Plan(processors, run)

    def _columnar_insert(self, dialect: Dialect, converted: Callable[[Row], Row]
                         ) -> Callable[[Any, Sequence[Row], bool], int]:
        table = self.statement.table  # type: ignore[attr-defined]
        columns = [table.c[key] for key in self.keys]
        sql = "INSERT INTO {} ({}) SELECT * FROM unnest({})".format(
            dialect.identifier_preparer.format_table(table),
            ", ".join(dialect.identifier_preparer.quote(c.name) for c in columns),
            ", ".join(f"%b::{c.type.compile(dialect=dialect)}[]" for c in columns))

        def run(cursor: Any, rows: Sequence[Row], done: bool) -> int:
            cursor.execute(sql, [list(column) for column in zip(
                *(rows if done else map(converted, rows)))])
            return cursor.rowcount

        return run


class _Plan:
    def __init__(self, processors: dict[str, Callable[[Any], Any]],
                 run: Callable[[Any, Sequence[Row], bool], int]) -> None:
        self.processors = processors
        self.run = run


# What SQLAlchemy's SQLite DATETIME stores by default. Its bind processor formats a dict of
# the seven fields into this (~5 % of the worker on SQLite); the same format applied to a tuple
# writes the same text faster, and a page's rows often share one instant (a transfer's two
# accounts): the last value's text is reused.
_SQLITE_DATETIME_FORMAT = ("%(year)04d-%(month)02d-%(day)02d %(hour)02d:%(minute)02d:"
                           "%(second)02d.%(microsecond)06d")
_SQLITE_DATETIME_TUPLE = "%04d-%02d-%02d %02d:%02d:%02d.%06d"


def _bind_processor(type_: Any, dialect: Dialect) -> Callable[[Any], Any] | None:
    """SQLAlchemy's own bind processor of ``type_`` on ``dialect``; for SQLite's DATETIME in
    its default format, a faster one that stores the same text."""
    impl = type_.dialect_impl(dialect)
    process = impl.bind_processor(dialect)
    if (process is None or dialect.name != "sqlite" or not isinstance(impl, sqlite.DATETIME)
            or impl._storage_format != _SQLITE_DATETIME_FORMAT):
        return process
    general = process
    last: list[tuple[Any, str]] = [(None, "")]  # (value, its text), replaced as one

    def sqlite_datetime(value: Any) -> Any:
        if type(value) is not datetime:
            return general(value)
        seen, text = last[0]
        # Equal with the same tzinfo: the same fields, so the same text (the zone is not
        # stored).
        if type(seen) is datetime and seen.tzinfo is value.tzinfo and seen == value:
            return text
        text = _SQLITE_DATETIME_TUPLE % (value.year, value.month, value.day, value.hour,
                                         value.minute, value.second, value.microsecond)
        last[0] = (value, text)
        return text

    return sqlite_datetime


def _bind_null_directly() -> None:
    """The sqlite3 module adapts every parameter that is not an int, float, str or bytearray,
    None included: it looks for an adapter, then for ``PrepareProtocol.__adapt__``, whose
    absence it learns from an AttributeError built each time (~2,000 instructions per None;
    a deposit's activity rows bind six to twelve). A registered adapter for None that returns
    None (a C function: ``{}.get``) is found first; None is still bound as NULL. Process-wide,
    and the same for every caller; an adapter someone else registered is kept."""
    if (type(None), sqlite3.PrepareProtocol) not in sqlite3.adapters:
        sqlite3.register_adapter(type(None), {}.get)
