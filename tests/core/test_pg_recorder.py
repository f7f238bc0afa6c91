"""The PostgreSQL save as one statement (infra/pg_recorder.py): the same rows, ids in commit
order, and a stale write refused whole (optimistic concurrency), as the library's own path."""

from __future__ import annotations

from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder

from infra.eventstore import build_event_store
from infra.settings import parse_database_url


@pytest.fixture
def recorder(backend, database_url):
    if backend != "postgresql":
        pytest.skip("the PostgreSQL recorder")
    store = build_event_store(parse_database_url(database_url))
    yield store.recorder
    store.close()


def events(originator, versions):
    return [StoredEvent(originator_id=originator, originator_version=v, topic="t:Happened",
                        state=bytes([v % 256]) * 40) for v in versions]


def test_a_save_is_stored_as_the_library_stores_it_with_ids_in_order(recorder):
    ours, theirs = uuid4(), uuid4()
    first = recorder.insert_events(events(ours, [1, 2, 3]))
    second = PostgresApplicationRecorder.insert_events(recorder, events(theirs, [1, 2, 3]))
    assert len(first) == 3 and first == sorted(first) and min(second) > max(first)
    for originator in (ours, theirs):
        stored = recorder.select_events(originator)
        assert [(e.originator_version, e.topic, e.state) for e in stored] == [
            (v, "t:Happened", bytes([v]) * 40) for v in (1, 2, 3)]
    notified = recorder.select_notifications(start=min(first), limit=10)
    assert [n.id for n in notified] == first + second


def test_a_stale_save_is_refused_whole(recorder):
    originator, other = uuid4(), uuid4()
    recorder.insert_events(events(originator, [1]))
    head = recorder.max_notification_id()
    with pytest.raises(IntegrityError):  # version 1 again: another writer was first
        recorder.insert_events(events(other, [1]) + events(originator, [1]))
    assert recorder.select_events(other) == []  # nothing half-written
    assert recorder.max_notification_id() == head


def test_processes_opening_the_store_at_once_all_succeed(backend, database_url):
    """``ledger serve`` opens the event store in three processes at once: creating its tables,
    type and functions must not fail any of them ("tuple concurrently updated" on CREATE OR
    REPLACE FUNCTION, a duplicate pg_type row on the first CREATE TYPE / CREATE TABLE)."""
    if backend != "postgresql":
        pytest.skip("the PostgreSQL recorder")
    import threading

    target = parse_database_url(database_url)
    for round_ in ("fresh schema", "objects already there"):
        start, errors = threading.Barrier(8), []

        def open_store() -> None:
            try:
                start.wait()
                build_event_store(target, pool_size=1, max_overflow=2).close()
            except Exception as error:  # collected: a thread's exception would be lost
                errors.append(repr(error))

        threads = [threading.Thread(target=open_store) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == [], round_
