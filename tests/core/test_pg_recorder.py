"""The PostgreSQL save as one statement (infra/store/pg_recorder.py): the same rows, ids in commit
order, and a stale write refused whole (optimistic concurrency), as the library's own path."""

from __future__ import annotations

from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder

from infra.store.eventstore import build_event_store
from infra.runtime.settings import parse_database_url


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


def _open_store(url: str, start, errors) -> None:
    """One process opening the event store (what each of ``ledger serve``'s three does)."""
    try:
        start.wait(60)
        build_event_store(parse_database_url(url), pool_size=1, max_overflow=2).close()
    except BaseException as error:  # noqa: BLE001 - reported to the test, whatever it is
        errors.put(repr(error))


def _objects(url: str) -> set[tuple[str, str]]:
    """The relations, types and functions in the test's schema: (kind, name)."""
    import psycopg

    target = parse_database_url(url)
    with psycopg.connect(host=target.host, port=target.port, user=target.user,
                         dbname=target.dbname) as conn:
        rows = conn.execute(
            "SELECT 'rel:' || c.relkind::text, c.relname FROM pg_class c JOIN pg_namespace n"
            " ON n.oid = c.relnamespace WHERE n.nspname = %(s)s UNION ALL"
            " SELECT 'type:' || t.typtype::text, t.typname FROM pg_type t JOIN pg_namespace n"
            " ON n.oid = t.typnamespace WHERE n.nspname = %(s)s UNION ALL"
            " SELECT 'function', p.proname FROM pg_proc p JOIN pg_namespace n"
            " ON n.oid = p.pronamespace WHERE n.nspname = %(s)s",
            {"s": target.schema}).fetchall()
    return set(rows)


PROCESSES, ROUNDS = 12, 4


def test_processes_opening_the_store_at_once_all_succeed(backend, database_url):
    """``ledger serve`` opens the event store in three processes at once: creating its tables
    (the events' and the snapshots'), type, indexes and functions must fail none of them
    ("tuple concurrently updated" on CREATE OR REPLACE FUNCTION; a duplicate
    ``pg_type_typname_nsp_index`` row when two create the same table or type first, as the
    library's own snapshots recorder did outside the lock). 12 processes, 4 fresh schemas,
    then once more on the schema they made."""
    if backend != "postgresql":
        pytest.skip("the PostgreSQL recorder")
    import multiprocessing

    import psycopg

    from tests.conftest import PG_ADMIN_URL, PG_DBNAME

    context = multiprocessing.get_context("fork")  # no connection is open yet in this process
    base = database_url.split("?schema=")[0]
    schemas = [f"{database_url.split('?schema=')[1]}_{n}" for n in range(ROUNDS)]
    try:
        with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
            for schema in schemas:
                conn.execute(f'CREATE SCHEMA "{schema}"')
        made = None
        for round_, url in enumerate([f"{base}?schema={s}" for s in schemas]
                                     + [f"{base}?schema={schemas[0]}"]):
            start, errors = context.Barrier(PROCESSES), context.Queue()
            processes = [context.Process(target=_open_store, args=(url, start, errors))
                         for _ in range(PROCESSES)]
            for process in processes:
                process.start()
            for process in processes:
                process.join(120)
            failed = [errors.get() for _ in range(errors.qsize())] if not errors.empty() else []
            assert failed == [] and [p.exitcode for p in processes] == [0] * PROCESSES, (
                round_, failed)
            objects = _objects(url)
            assert made is None or objects == made, round_  # every round made the same
            made = objects
        assert {("rel:r", "ledger_events"), ("rel:r", "ledger_snapshots"),
                ("function", "ledger_insert_events_uuid")} <= made
    finally:
        with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
            for schema in schemas:
                conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
