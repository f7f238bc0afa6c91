"""Tampering with the store by hand, as a database administrator could, on SQLite and on
PostgreSQL: rewrite one byte of an event, delete one, swap two, or alter a checkpoint."""

from __future__ import annotations

from typing import Any


def _events_table(ledger: Any) -> tuple[Any, str, str]:
    recorder = ledger.app.recorder
    if ledger.backend == "sqlite":
        return recorder, recorder.events_table_name, "rowid"
    return recorder, f'"{recorder.datastore.schema}"."{recorder.events_table_name}"', \
        "notification_id"


def _run(ledger: Any, statement: str, params: tuple = ()) -> list[Any]:
    recorder, _, _ = _events_table(ledger)
    if ledger.backend == "postgresql":
        statement = statement.replace("?", "%s")
    with recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute(statement, params)
        try:
            return list(cursor.fetchall())
        except Exception:
            return []


def stored_state(ledger: Any, notification_id: int) -> bytes:
    _, table, nid = _events_table(ledger)
    [row] = _run(ledger, f"SELECT state FROM {table} WHERE {nid} = ?", (notification_id,))
    return bytes(row["state"] if isinstance(row, dict) else row[0])


def flip_one_byte(ledger: Any, notification_id: int, offset: int = 20) -> None:
    """One bit of one byte of the event's stored state changed."""
    _, table, nid = _events_table(ledger)
    state = bytearray(stored_state(ledger, notification_id))
    state[offset] ^= 0x01
    _run(ledger, f"UPDATE {table} SET state = ? WHERE {nid} = ?", (bytes(state),
                                                                     notification_id))


def delete_event(ledger: Any, notification_id: int) -> None:
    _, table, nid = _events_table(ledger)
    _run(ledger, f"DELETE FROM {table} WHERE {nid} = ?", (notification_id,))


def swap_events(ledger: Any, first: int, second: int) -> None:
    """The two events exchange their places in the log (their notification ids)."""
    _, table, nid = _events_table(ledger)
    for old, new in ((first, -1), (second, first), (-1, second)):
        _run(ledger, f"UPDATE {table} SET {nid} = ? WHERE {nid} = ?", (new, old))


def audit_sql(ledger: Any, statement: str, **params: Any) -> None:
    """A statement on the audit tables (the projections database)."""
    from sqlalchemy import text

    with ledger.audit.engine.begin() as conn:
        conn.execute(text(statement), params)
