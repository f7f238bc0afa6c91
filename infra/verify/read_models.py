"""The ``read_models`` section of ``ledger verify``: the read models against the events.

Every projection (projections/registry.py) is rebuilt from the event store into a scratch
database — a temporary SQLite file (in the system's temporary directory) or a temporary
PostgreSQL schema in the ledger's own database, migrated like the real one — up to the head
read at the start, and then compared, table by table and row by row, with the live tables:
the read models may hold only what the events give (903-B 7.9.1: automatic validation and
reconciliation). The scratch database is dropped afterwards, whatever happens.

The live tables are read in one snapshot (PostgreSQL: REPEATABLE READ; SQLite: one read
transaction), together with each projection's tracking position; where a live projection has
gone past the head meanwhile (a service running beside the check), its rebuilt copy is taken
to exactly the same position first. So every row is compared, also those a concurrent writer
changed after the head, and a table without a position column of its own is compared as
strictly as the others. The comparison pages through both sides in primary-key order, a
thousand rows at a time. A difference names the table, the row's key, the column, the live
value and the rebuilt one; a table with very many differences lists the first ones and counts
the rest.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    create_engine,
    event,
    select,
    tuple_,
)

from domain.kernel.replay_support import to_json
from infra.projecting.runner import ProjectionRunner, all_projections
from infra.verify.base import Context, Result, live_read_models, problem
from projections.db import build_engine
from projections.migrate import upgrade
from projections.tables import projection_tracking

RECONCILED = "903-B 7.9.1"
PAGE = 1000
LISTED = 50  # differences listed per table; the rest are counted


@contextmanager
def _migrated(target: Any) -> Iterator[Engine]:
    upgrade(target)
    engine = build_engine(target)
    try:
        yield engine
    finally:
        engine.dispose()


@contextmanager
def scratch_database(target: Any) -> Iterator[Engine]:
    """An empty projections database that nothing else uses, migrated; dropped afterwards."""
    if target.backend == "sqlite":
        folder = tempfile.mkdtemp(prefix="ledger-verify-")
        try:
            with _migrated(dataclasses.replace(
                    target, path=str(Path(folder) / "scratch.db"))) as engine:
                yield engine
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    schema = f"ledger_verify_{uuid.uuid4().hex[:12]}"
    admin = build_engine(target)
    try:
        with admin.begin() as conn:
            conn.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        try:
            with _migrated(dataclasses.replace(target, schema=schema)) as engine:
                yield engine
        finally:
            with admin.begin() as conn:
                conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        admin.dispose()


@contextmanager
def live_snapshot(ledger: Any) -> Iterator[Connection]:
    """A connection to the live read models whose reads all see one snapshot."""
    if ledger.target.backend == "postgresql":
        with ledger.projections.engine.connect() as conn:
            conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                yield conn
        return
    # pysqlite opens no transaction for a SELECT: a real BEGIN, on an engine of our own.
    engine = create_engine(ledger.target.sqlalchemy_url(), connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _no_implicit_transactions(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN")

    try:
        with engine.connect() as conn, conn.begin():
            yield conn
    finally:
        engine.dispose()


class _Table:
    """One table compared: its key columns, the rows seen, the differences found."""

    def __init__(self, table: Table, result: Result) -> None:
        self.table, self.result = table, result
        self.key = list(table.primary_key.columns)
        self.columns = [c.name for c in table.columns]
        self.rows = self.differences = 0

    def _bound(self, key: tuple[Any, ...]) -> Any:
        if len(self.key) == 1:
            return bindparam(None, key[0], type_=self.key[0].type)
        return tuple_(*(bindparam(None, v, type_=c.type) for c, v in zip(self.key, key)))

    def _page(self, conn: Connection, after: tuple[Any, ...] | None,
              upto: tuple[Any, ...] | None) -> list[Any]:
        own = self.key[0] if len(self.key) == 1 else tuple_(*self.key)
        query = select(self.table).order_by(*self.key).limit(PAGE)
        if after is not None:
            query = query.where(own > self._bound(after))
        if upto is not None:
            query = query.where(own <= self._bound(upto))
        return conn.execute(query).all()

    def _key_of(self, row: Any) -> tuple[Any, ...]:
        return tuple(getattr(row, c.name) for c in self.key)

    def _say(self, key: tuple[Any, ...], message: str, **refs: Any) -> None:
        self.differences += 1
        if self.differences > LISTED:
            return
        named = {c.name: to_json(v) for c, v in zip(self.key, key)}
        shown = ", ".join(f"{k}={v}" for k, v in named.items())
        self.result.problems.append(problem(
            "read_model", f"{self.table.name} [{shown}]: {message} ({RECONCILED})",
            table=self.table.name, key=named, **refs))

    def _compare_row(self, key: tuple[Any, ...], live: Any, rebuilt: Any) -> None:
        for column in self.columns:
            have, want = getattr(live, column), getattr(rebuilt, column)
            if have != want:
                self._say(key, f"{column} is {to_json(have)!r} in the read model, the events"
                          f" give {to_json(want)!r}", column=column, live=to_json(have),
                          rebuilt=to_json(want))

    def compare(self, live: Connection, rebuilt: Connection) -> None:
        """Both sides in key order, a page of live rows at a time against the rebuilt rows
        in the same key range (the last page's range is open-ended)."""
        after = None
        while True:
            page = self._page(live, after, None)
            self.rows += len(page)
            upto = self._key_of(page[-1]) if len(page) == PAGE else None
            pending = {self._key_of(row): row for row in page}
            lower = after
            while True:
                rows = self._page(rebuilt, lower, upto)
                for row in rows:
                    key = self._key_of(row)
                    have = pending.pop(key, None)
                    if have is None:
                        self._say(key, "missing from the read model, though the events give"
                                  " it", rebuilt=to_json(row._asdict()))
                    else:
                        self._compare_row(key, have, row)
                if len(rows) < PAGE:
                    break
                lower = self._key_of(rows[-1])
            for key, row in pending.items():
                self._say(key, "in the read model, but the events give no such row",
                          live=to_json(row._asdict()))
            if upto is None:
                return
            after = upto

    def close(self) -> None:
        if self.differences > LISTED:
            self.result.problems.append(problem(
                "read_model", f"{self.table.name}: {self.differences - LISTED} more"
                f" differences not listed ({self.differences} in all)", table=self.table.name))


def check_read_models(ctx: Context) -> Result:
    ledger = ctx.ledger
    if ledger.projections is None:
        return Result(skipped="this ledger runs no projections")
    result = Result(counts={"projections": 0, "tables": 0, "rows": 0, "rebuilt_events": 0})
    counts = result.counts
    live_read_models(ledger, ctx.head)  # one behind the head is named below
    started = time.perf_counter()
    with scratch_database(ledger.target) as engine:
        runner = ProjectionRunner(ledger.app, engine, all_projections(ledger.games))
        try:
            counts["rebuilt_events"] = runner.catch_up(
                progress=lambda _name, position, _head: ctx.progress(
                    position, ctx.head, "events", "rebuilding"),
                until=ctx.head)
            counts["rebuild_seconds"] = round(time.perf_counter() - started, 3)
            tables = [(p, t) for p in runner.projections for t in p.tables]
            with live_snapshot(ledger) as live, engine.connect() as rebuilt:
                positions = dict(live.execute(select(projection_tracking.c.name,
                                                     projection_tracking.c.position)).all())
                for index, (projection, table) in enumerate(tables):
                    at = int(positions.get(projection.name, 0))
                    if at < ctx.head:
                        result.problems.append(problem(
                            "read_model", f"projection {projection.name} is at position {at},"
                            f" behind the head {ctx.head}, though it was just caught up: not"
                            " compared", table=table.name))
                        continue
                    if at > ctx.head:  # a writer went on: the rebuilt copy follows it
                        runner.catch_up(only=[projection.name], until=at)
                    compared = _Table(table, result)
                    compared.compare(live, rebuilt)
                    compared.close()
                    counts["rows"] += compared.rows
                    counts["tables"] += 1
                    ctx.progress(index + 1, len(tables), "tables")
                counts["projections"] = len(runner.projections)
            counts["compare_seconds"] = round(
                time.perf_counter() - started - counts["rebuild_seconds"], 3)
        finally:
            runner.stop()
    result.events = ctx.head
    result.summary = (f"{counts['projections']} projections rebuilt from the events into a"
                      f" scratch database and compared, {counts['tables']} tables,"
                      f" {counts['rows']} rows")
    return result
