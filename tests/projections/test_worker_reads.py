"""The projection worker's cheaper reads and writes give what the library's and SQLAlchemy's
own ways give: the notification reader (infra/store/notification_reader.py), the event decoder
(infra/store/event_decoding.py), the refs' JSON (projections/money.py ``dumps``), SQLite's datetime
text (projections/bulk.py), and the runner's kept connection (infra/projecting/runner.py)."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from eventsourcing.domain import event
from sqlalchemy import DateTime
from sqlalchemy.dialects import sqlite

from domain.kernel.aggregate import LedgerAggregate
from infra.store.notification_reader import notification_reader
from projections.bulk import _bind_processor
from infra.store.event_decoding import EventDecoder
from projections.money import _json_dumps, dumps
from infra.projecting.runner import SQLITE_CHECKPOINT_PAGES
from tests.bingo import support as bingo
from tests.projections.support import MONEY_PROJECTIONS, mixed_activity, snapshot


class WorkerReadsOddities(LedgerAggregate):
    """Events whose values the decoder must leave to the mapper, or convert like it."""

    @event("Noted", topic="test.projections.WorkerReadsOddities.Noted")
    def __init__(self, values: dict[str, Any], items: list[Any], actor: str,
                 at: datetime) -> None:
        self.values = values

    @event("Again", topic="test.projections.WorkerReadsOddities.Again")
    def again(self, values: Any, actor: str, at: datetime) -> None:
        self.values = values


ODDITIES: list[Any] = [
    {"float": 1.5, "big": 2**70, "negative_big": -(2**70), "u64": 2**64 - 1},
    {"uuid": uuid4(), "decimal": Decimal("1.10"), "date_in_dict": {"at": datetime(2020, 1, 1)}},
    {"nested": {"list": [1, "two", [3, {"four": None}], True]}, "text": "ção \x7f \n \"q\""},
    {"_type_": "not a tag", "_data_": 1, "third": 2},
    {"_type_": "not a tag", "other": 1},
    {"offset": datetime(2024, 5, 1, 12, 0, tzinfo=timezone(timedelta(hours=-3)))},
    [datetime(2024, 1, 1, tzinfo=timezone.utc), [datetime(2024, 1, 2)], {"a": 1.0}],
    "plain",
    None,
]


def _write_oddities(ledger: Any, clock: Any) -> None:
    def write(uow: Any) -> None:
        for n, values in enumerate(ODDITIES):
            items = [values, n, datetime(2024, 1, 1, 0, 0, n, tzinfo=timezone.utc)]
            aggregate = WorkerReadsOddities(values={"v": values} if n % 2 else {}, items=items,
                                            actor="system:test", at=clock.now())
            aggregate.again(values=values, actor="system:test", at=clock.now())
            uow.add(aggregate)

    ledger.writer.execute(write)


def _bingo_jogada(ledger: Any, clock: Any) -> None:
    room = bingo.new_room(ledger, bingo.config("90"))
    players = bingo.players(ledger, room, 2)
    bingo.open_jogada(ledger, room)
    for player in players:
        bingo.buy(ledger, room, player, 2)
    bingo.close_sale(ledger, clock, room)
    bingo.draw_to_end(ledger, clock, room)


def _all_rows(ledger: Any) -> list[Any]:
    reader = notification_reader(ledger.app.recorder)
    head = reader.head()
    assert head == ledger.app.recorder.max_notification_id()
    rows, start = [], 0
    while start < head:
        page = reader.page(start, 37, head)  # an odd page size: pages end anywhere
        rows += page
        start = page[-1][0]
    return rows


def test_the_reader_gives_what_select_notifications_gives(ledger, clock):
    mixed_activity(ledger, players=2)
    _bingo_jogada(ledger, clock)
    reader = notification_reader(ledger.app.recorder)
    assert type(reader).__name__ != "NotificationReader"  # the backend's own reader
    rows = _all_rows(ledger)
    library = ledger.app.recorder.select_notifications(start=None, limit=10**7)
    assert [(r[0], reader.originator_id(r[1]), r[2], r[3], bytes(r[4])) for r in rows] == [
        (n.id, n.originator_id, n.originator_version, n.topic, bytes(n.state))
        for n in library]
    some = rows[len(rows) // 2]
    assert reader.page(some[0] - 1, 1, some[0]) == [some]
    assert reader.page(some[0], 5, some[0]) == []  # nothing after ``stop``


@pytest.mark.parametrize("certification_mode", ["0", "1"])
def test_the_decoder_makes_the_events_the_mapper_makes(make_settings, clock, certification_mode):
    from infra.container import build_ledger
    from infra.runtime.rng import SeededSeedSource

    ledger = build_ledger(make_settings(certification_mode=certification_mode), clock=clock,
                          seeds=SeededSeedSource(7), with_projections=False)
    try:
        mixed_activity(ledger, players=2)
        _bingo_jogada(ledger, clock)
        _write_oddities(ledger, clock)
        mapper = ledger.app.mapper
        reader = notification_reader(ledger.app.recorder)
        decode = EventDecoder(mapper, reader.originator_id)
        assert decode.fast
        library = {n.id: n for n in ledger.app.recorder.select_notifications(None, 10**7)}
        plans: dict[str, Any] = {}
        topics = set()
        for row in _all_rows(ledger):
            plan = plans.get(row[3]) or plans.setdefault(row[3], decode.plan(row[3], []))
            mine = decode(row, plan)
            theirs = mapper.to_domain_event(library[row[0]])
            assert type(mine) is type(theirs)
            assert vars(mine) == vars(theirs), row[3]
            assert [type(v) for v in vars(mine).values()] == [
                type(v) for v in vars(theirs).values()]
            topics.add(row[3])
        assert "test.projections.WorkerReadsOddities.Again" in topics
        assert any("bingo" in topic.lower() for topic in topics)
    finally:
        ledger.close()


@pytest.mark.parametrize("value", [
    {}, {"payment_method": "card", "idempotency_key": "k-1"}, {"b": 1, "a": True, "c": None},
    {"z": -5, "a": 2**63 - 1}, {"big": 2**64}, {"ação": "x"}, {"x": "ação"}, {"x": "a\x7fb"},
    {"x": "a\nb"}, {"x": 'quote "q"'}, {"x": "back\\slash"}, {"x": "\x00"}, {"x": 1.5},
    {"x": float("nan")}, {"x": {"nested": 1}}, {"x": [1, 2]}, {"x": uuid4()},
    {"x": datetime(2024, 1, 1, tzinfo=timezone.utc)}, {1: "int key"}, {"B": 1, "a": 2, "_": 3},
    [1, 2], "text", None,
])
def test_refs_json_is_what_json_dumps_writes(value):
    assert dumps(value) == _json_dumps(value) == json.dumps(
        value, sort_keys=True, separators=(",", ":"), default=str)


def test_sqlite_datetime_text_is_what_sqlalchemy_stores():
    dialect = sqlite.dialect()
    column = DateTime(timezone=True)
    mine = _bind_processor(column, dialect)
    theirs = column.dialect_impl(dialect).bind_processor(dialect)
    assert mine is not None and mine.__name__ == "sqlite_datetime"
    minus3 = timezone(timedelta(hours=-3))
    values = [datetime(2024, 1, 2, 3, 4, 5), datetime(2024, 1, 2, 3, 4, 5, 7),
              datetime(999, 12, 31, 23, 59, 59, 999_999, tzinfo=timezone.utc), datetime(1, 1, 1),
              datetime(2024, 6, 1, 12, 0, tzinfo=minus3),
              datetime(2024, 6, 1, 15, 0, tzinfo=timezone.utc),  # the same instant as above
              datetime(2024, 6, 1, 12, 0, tzinfo=minus3), datetime(2024, 6, 1, 12, 0),
              datetime.now(timezone.utc), date(2024, 1, 1)]
    for value in values + values[::-1] + values:
        assert mine(value) == theirs(value), value
    with pytest.raises(TypeError):
        mine("2024-01-01")


def test_a_lost_kept_connection_is_replaced(ledger):
    runner = ledger.projections
    runner.stop()  # this test drives the runner itself
    mixed_activity(ledger, players=1, tag="a")
    assert runner.catch_up() > 0
    assert runner._conn is not None
    if ledger.backend == "sqlite":  # the worker's connection checkpoints less often
        pragma = runner._conn.connection.driver_connection.execute("PRAGMA wal_autocheckpoint")
        assert pragma.fetchone()[0] == SQLITE_CHECKPOINT_PAGES
    runner._conn.invalidate()  # as after a database restart
    mixed_activity(ledger, players=1, tag="b")
    assert runner.catch_up() > 0
    assert runner._conn is not None and not runner._conn.invalidated
    applied = snapshot(ledger)
    assert applied["_positions"] == dict.fromkeys(MONEY_PROJECTIONS, ledger.writer.last_position)
    runner.rebuild(names=MONEY_PROJECTIONS)
    assert snapshot(ledger) == applied


def test_a_second_thread_uses_its_own_connection_meanwhile(ledger):
    import threading

    runner = ledger.projections
    runner.stop()
    mixed_activity(ledger, players=1, tag="a")
    seen: list[int] = []
    with runner._conn_lock:  # the kept connection is busy
        thread = threading.Thread(target=lambda: seen.append(runner.catch_up()))
        thread.start()
        thread.join(30)
    assert seen and seen[0] > 0
    assert set(runner.positions().values()) == {ledger.writer.last_position}
    assert runner._conn is None  # nothing was kept from the other thread's transaction
