"""What the projection worker reads of the event store's notification log, and nothing more.

The library's ``select_notifications`` selects every column, builds a dict-like row per event,
then a ``Notification`` dataclass, and on SQLite a ``UUID`` from the stored text of every
originator id, read or not: ~20 % of the projection worker's CPU under deposits. Here a page
is a list of plain tuples ``(notification id, originator id, originator version, topic,
state)``, selected with the library's own ``WHERE id > start AND id <= stop ORDER BY id
LIMIT n`` on a connection of the library's own pool; on PostgreSQL in the binary format (the
states arrive as bytes, without hex decoding). The originator id is given as stored (SQLite:
text) and converted by ``originator_id`` only for the events a projection decodes (a deposit's
receipt concerns none), through a cache: the same few accounts recur on every page.

Only reads: the write path of the event store is untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import InterfaceError, OperationalError
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import retry
from psycopg.rows import tuple_row
from psycopg.sql import SQL, Identifier

# (notification id, originator id as stored, originator version, topic, state)
Row = tuple[int, Any, int, str, bytes]
_ID_CACHE_LIMIT = 100_000


class NotificationReader:
    """Any recorder: through ``select_notifications`` (the library's own way)."""

    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder

    def head(self) -> int:
        """The last notification id recorded so far (0: none)."""
        return self.recorder.max_notification_id() or 0

    def page(self, start: int, limit: int, stop: int) -> list[Row]:
        """Up to ``limit`` notifications with ``start < id <= stop``, in id order."""
        return [(n.id, n.originator_id, n.originator_version, n.topic, n.state)
                for n in self.recorder.select_notifications(
                    start=start, limit=limit, stop=stop, inclusive_of_start=False)]

    def originator_id(self, stored: Any) -> Any:
        """The originator id as the library would give it (a UUID for UUID ids)."""
        return stored

    def rows(self, notification_ids: Sequence[int]) -> list[Row]:
        """The notifications with these ids (those that exist), in id order."""
        return [row for n in sorted(set(notification_ids)) for row in self.page(n - 1, 1, n)]


class SQLiteNotificationReader(NotificationReader):
    def __init__(self, recorder: Any) -> None:
        super().__init__(recorder)
        table = recorder.events_table_name
        self._page = (f"SELECT rowid, originator_id, originator_version, topic, state FROM {table} "
                      "WHERE rowid>? AND rowid<=? ORDER BY rowid LIMIT ?")
        self._uuids = recorder.datastore.originator_id_type == "uuid"
        self._ids: dict[str, UUID] = {}

    def _fetch(self, statement: str, params: Sequence[Any]) -> list[Any]:
        # A connection of the library's pool (reader-writer locks included), in its
        # autocommit mode: one SELECT is one read transaction, no BEGIN / ROLLBACK around it.
        with self.recorder.datastore.get_connection(commit=False) as conn:
            cursor = conn.cursor().sqlite_cursor
            try:
                cursor.row_factory = None  # plain tuples, not sqlite3.Row
                cursor.execute(statement, params)
                return cursor.fetchall()
            finally:
                cursor.close()

    def page(self, start: int, limit: int, stop: int) -> list[Row]:
        return self._fetch(self._page, (start, stop, limit))

    def rows(self, notification_ids: Sequence[int]) -> list[Row]:
        ids = sorted(set(notification_ids))
        if not ids:
            return []
        statement = self._page.split(" WHERE ")[0] + (
            f" WHERE rowid IN ({','.join('?' * len(ids))}) ORDER BY rowid")
        return self._fetch(statement, ids)

    def originator_id(self, stored: Any) -> Any:
        if not self._uuids:
            return stored
        found = self._ids.get(stored)
        if found is None:
            if len(self._ids) >= _ID_CACHE_LIMIT:
                self._ids.clear()
            found = self._ids[stored] = UUID(stored)
        return found


class PostgresNotificationReader(NotificationReader):
    def __init__(self, recorder: Any) -> None:
        super().__init__(recorder)
        names = {"schema": Identifier(recorder.datastore.schema),
                 "table": Identifier(recorder.events_table_name)}
        self._page = SQL(
            "SELECT notification_id, originator_id, originator_version, topic, state "
            "FROM {schema}.{table} WHERE notification_id > %s AND notification_id <= %s "
            "ORDER BY notification_id LIMIT %s").format(**names)
        self._by_ids = SQL(
            "SELECT notification_id, originator_id, originator_version, topic, state "
            "FROM {schema}.{table} WHERE notification_id = ANY(%s) "
            "ORDER BY notification_id").format(**names)

    # As the library's own reads: retried when the connection fails.
    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def _fetch(self, statement: Any, params: Sequence[Any]) -> list[Any]:
        with self.recorder.datastore.get_connection() as conn, \
                conn.cursor(row_factory=tuple_row, binary=True) as cursor:
            cursor.execute(statement, params, prepare=True)
            return cursor.fetchall()

    def page(self, start: int, limit: int, stop: int) -> list[Row]:
        return self._fetch(self._page, (start, stop, limit))

    def rows(self, notification_ids: Sequence[int]) -> list[Row]:
        return self._fetch(self._by_ids, (sorted(set(notification_ids)),))


def notification_reader(recorder: Any) -> NotificationReader:
    """The cheapest reader for ``recorder`` (the application's event recorder)."""
    if isinstance(recorder, SQLiteApplicationRecorder):
        return SQLiteNotificationReader(recorder)
    try:
        # optional: the PostgreSQL recorder needs psycopg
        from eventsourcing.postgres import PostgresApplicationRecorder
    except ImportError:  # psycopg not installed: no PostgreSQL recorder either
        return NotificationReader(recorder)
    if isinstance(recorder, PostgresApplicationRecorder):
        return PostgresNotificationReader(recorder)
    return NotificationReader(recorder)
