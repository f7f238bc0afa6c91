"""A faster save for the PostgreSQL event store: ONE prepared statement per save.

``SELECT n FROM ledger_insert_events_<id type>(ids, versions, topics, states)`` calls a
server-side function created with the table. It does what the library's save does — sets the
lock timeout, takes the EXCLUSIVE table lock that keeps notification ids in commit order,
sends the NOTIFY, inserts and returns the notification ids, the primary key refusing a stale
write (optimistic concurrency) — in the statement's own transaction (the pool's connections
are autocommit).

Why: the library sends a save as one array of a composite type, which psycopg writes as text,
escaping every byte of every state (30 µs an event against 4 µs for the four plain arrays here,
in PostgreSQL's binary format, ``%b``); and it sends BEGIN, SET LOCAL, LOCK, NOTIFY, INSERT, a
pipeline sync and COMMIT, whose pipeline and transaction machinery cost the writer more than
the statements: a save of 24 events 2.09 → 0.75 ms of the writer's CPU, 4.6 → 2.1 ms wall.
``tests/core/test_pg_recorder.py`` compares it with the library's own path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.utils import retry
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg.sql import SQL, Identifier


class ColumnarPostgresApplicationRecorder(PostgresApplicationRecorder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        schema, table = Identifier(self.datastore.schema), Identifier(self.events_table_name)
        function = Identifier(f"ledger_insert_events_{self.datastore.originator_id_type}")
        self.sql_create_statements.append(SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{function}(ids {id_type}[], versions bigint[], "
            "topics text[], states bytea[]) RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ "
            "BEGIN "
            "SET LOCAL lock_timeout = '{lock_timeout}s'; "
            "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
            "NOTIFY {channel}; "
            "RETURN QUERY INSERT INTO {schema}.{table} "
            "(originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(ids, versions, topics, states) RETURNING notification_id; "
            "END; $BODY$"
        ).format(schema=schema, function=function, table=table,
                 id_type=SQL(self.datastore.originator_id_type),
                 lock_timeout=self.datastore.lock_timeout, channel=Identifier(self.channel_name)))
        self.insert_function_statement = SQL(
            "SELECT n FROM {schema}.{function}(%b::{id_type}[], %b::bigint[], %b::text[], "
            "%b::bytea[]) AS n").format(schema=schema, function=function,
                                        id_type=SQL(self.datastore.originator_id_type))

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent],
                      **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self.insert_function_statement, (
                [e.originator_id for e in stored_events],
                [e.originator_version for e in stored_events],
                [e.topic for e in stored_events],
                [e.state for e in stored_events],
            ), prepare=True)
            return [row["n"] for row in curs.fetchall()]

