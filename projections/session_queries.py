"""Read side of game sessions: statements, a player's sessions, the open sessions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from sqlalchemy import Engine, select

from domain.sessions.session import OPEN
from projections.sessions import decode_row, session_statements

MAX_LIMIT = 1000


def statement(engine: Engine, session_id: UUID | str) -> dict[str, Any] | None:
    """The end-of-session statement, as ``GameSession.statement()`` gives it."""
    with engine.connect() as conn:
        found = conn.execute(select(session_statements).where(
            session_statements.c.session_id == str(session_id))).mappings().first()
    return decode_row(found) if found is not None else None


def player_sessions_among(engine: Engine, player_id: UUID | str,
                          session_ids: Sequence[str]) -> list[str]:
    """Which of ``session_ids`` are the player's (the sessions a jogada's events name: its
    bets and wins are recorded on the session they were made from)."""
    if not session_ids:
        return []
    t = session_statements
    with engine.connect() as conn:
        found = set(conn.execute(select(t.c.session_id).where(
            t.c.player_id == str(player_id), t.c.session_id.in_([str(s) for s in session_ids])
        )).scalars())
    return [s for s in session_ids if str(s) in found]


def sessions_of_player(engine: Engine, player_id: UUID | str, limit: int = 100) -> list[dict[str, Any]]:
    """The player's sessions, the most recent first."""
    limit = max(1, min(int(limit), MAX_LIMIT))
    t = session_statements
    with engine.connect() as conn:
        rows = conn.execute(select(t).where(t.c.player_id == str(player_id))
                            .order_by(t.c.started_at.desc(), t.c.session_id)
                            .limit(limit)).mappings().all()
    return [decode_row(r) for r in rows]


def open_sessions(engine: Engine, games: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Every session still open (of the given games), the oldest first."""
    t = session_statements
    query = select(t).where(t.c.status == OPEN)
    if games is not None:
        query = query.where(t.c.game.in_(list(games)))
    with engine.connect() as conn:
        rows = conn.execute(query.order_by(t.c.started_at, t.c.session_id)).mappings().all()
    return [decode_row(r) for r in rows]
