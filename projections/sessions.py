"""Projection "session_statements": one row per game session, the end-of-session statement
(each game's rule on it) kept up to date while the session runs; ``status`` = 'open' lists
the open sessions (the inactivity sweeper reads them). Rows equal ``GameSession.statement()``."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    DateTime,
    Index,
    Integer,
    String,
    Table,
    Text,
    select,
    update,
)

from domain.sessions.session import ENDED, OPEN, REFUND, REVERSAL, GameSession, add_line
from projections.tables import metadata

session_statements = Table(
    "session_statements",
    metadata,
    Column("session_id", String(36), primary_key=True),
    Column("player_id", String(100), nullable=False),
    Column("venue_id", String(100), nullable=False),
    Column("game", String(64), nullable=False),
    Column("status", String(16), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Column("end_reason", String(32)),
    Column("jogadas", Integer, nullable=False),
    Column("wagered_cents", BigInteger, nullable=False),
    Column("won_cents", BigInteger, nullable=False),
    Column("refunded_cents", BigInteger, nullable=False, server_default="0"),  # 0005
    Column("net_cents", BigInteger, nullable=False),
    Column("won_by_category", Text, nullable=False),
    Column("lines", Text, nullable=False),
    Column("invitation_at", DateTime(timezone=True)),
    Column("warning_at", DateTime(timezone=True)),
    Column("last_bet_at", DateTime(timezone=True)),
    Index("ix_session_statements_player", "player_id", "started_at"),
    Index("ix_session_statements_status", "status"),
)

EVENT_TYPES = (
    GameSession.SessionStarted,
    GameSession.BetRecorded,
    GameSession.WinRecorded,
    GameSession.StatementLineRecorded,
    GameSession.InactivityInvitationSent,
    GameSession.InactivityWarningSent,
    GameSession.SessionEnded,
)
_JSON_COLUMNS = ("won_by_category", "lines")
_DATETIME_COLUMNS = ("started_at", "ended_at", "invitation_at", "warning_at", "last_bet_at")


class SessionStatementsProjection:
    name = "session_statements"
    tables = (session_statements,)
    event_types: tuple[type, ...] | None = EVENT_TYPES

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        rows: dict[str, dict[str, Any]] = {}  # the page's rows, written once at the end
        new: set[str] = set()
        for _, e in events:
            sid = str(e.originator_id)
            if isinstance(e, GameSession.SessionStarted):
                rows[sid] = _new_row(sid, e)
                new.add(sid)
                continue
            row = rows.get(sid) or _load(conn, sid)
            if row is None:  # cannot happen: the started event comes first
                continue
            rows[sid] = row
            _apply(row, e)
        for sid, row in rows.items():
            values = {k: (json.dumps(v) if k in _JSON_COLUMNS else v) for k, v in row.items()}
            if sid in new:
                _upsert(conn, values)
            else:
                conn.execute(update(session_statements)
                             .where(session_statements.c.session_id == sid).values(**values))


def _upsert(conn: Connection, values: dict[str, Any]) -> None:
    """Insert a new session's row; replace it if a concurrent runner (a rebuild racing the
    background thread) got there first: the tracking row's compare-and-set then decides."""
    # lazy: the database's own INSERT … ON CONFLICT, chosen by the connection's dialect
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import (
            insert as dialect_insert,  # (see above)
        )
    else:
        from sqlalchemy.dialects.sqlite import insert as dialect_insert  # (see above)
    stmt = dialect_insert(session_statements).values(**values)
    conn.execute(stmt.on_conflict_do_update(
        index_elements=[session_statements.c.session_id],
        set_={k: stmt.excluded[k] for k in values if k != "session_id"}))


def utc(when: datetime | None) -> datetime | None:
    """Instants are stored in UTC (A65); SQLite hands them back without a zone: UTC."""
    if when is None:
        return None
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def _new_row(sid: str, e: Any) -> dict[str, Any]:
    return {
        "session_id": sid, "player_id": e.player_id, "venue_id": e.venue_id, "game": e.game,
        "status": OPEN, "started_at": utc(e.at), "ended_at": None, "end_reason": None, "jogadas": 0,
        "wagered_cents": 0, "won_cents": 0, "refunded_cents": 0, "net_cents": 0, "won_by_category": {}, "lines": [],
        "invitation_at": None, "warning_at": None, "last_bet_at": None,
    }


def _load(conn: Connection, sid: str) -> dict[str, Any] | None:
    found = conn.execute(select(session_statements)
                         .where(session_statements.c.session_id == sid)).mappings().first()
    if found is None:
        return None
    return decode_row(found)


def decode_row(found: Any) -> dict[str, Any]:
    """A stored row as a statement dict: JSON columns parsed, instants in UTC."""
    row = dict(found)
    for key in _JSON_COLUMNS:
        row[key] = json.loads(row[key])
    for key in _DATETIME_COLUMNS:
        row[key] = utc(row[key])
    return row


def _apply(row: dict[str, Any], e: Any) -> None:
    if isinstance(e, GameSession.BetRecorded):
        row["wagered_cents"] += e.amount_cents
        row["jogadas"] += 1 if e.new_jogada else 0
        row["last_bet_at"] = utc(e.at)
    elif isinstance(e, GameSession.WinRecorded) and e.category == REFUND:
        row["refunded_cents"] += e.amount_cents
    elif isinstance(e, GameSession.WinRecorded):
        row["won_cents"] += -e.amount_cents if e.category == REVERSAL else e.amount_cents
        entry = row["won_by_category"].setdefault(e.category, {"count": 0, "amount_cents": 0})
        entry["count"] += 1
        entry["amount_cents"] += e.amount_cents
    elif isinstance(e, GameSession.StatementLineRecorded):
        add_line(row["lines"], e.category, e.label, e.count, e.amount_cents)
    elif isinstance(e, GameSession.InactivityInvitationSent):
        row["invitation_at"] = utc(e.at)
    elif isinstance(e, GameSession.InactivityWarningSent):
        row["warning_at"] = utc(e.at)
    elif isinstance(e, GameSession.SessionEnded):
        row["status"] = ENDED
        row["ended_at"] = utc(e.ended_at)
        row["end_reason"] = e.reason
    row["net_cents"] = row["won_cents"] + row["refunded_cents"] - row["wagered_cents"]
