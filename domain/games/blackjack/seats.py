"""Seats and game sessions at a blackjack table (r4a, r5, r7, r33–r36): the venue of a table,
sitting and leaving, and what ending a session does to its seats.

A seat belongs to the game session it was taken with. When that session ends (the player, an
operator, or the inactivity procedure, r35, r36), its seats are freed with ``PlayerLeft``
(reason ``session_ended``) in the same transaction; a seat with a bet in the open jogada stays
until the jogada ends, and is freed at its settlement or void (r2: the jogada runs from the
bets to the payment). One player may hold several seats where the table allows it (r7), all in
its one session at the table.

What a caller sees of the seats: staff see who sits where; a player sees which seats are taken
and its own player and session id only.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack.config import INDIVIDUAL
from domain.games.blackjack.inactivity import BLACKJACK_INDIVIDUAL, BLACKJACK_MULTI
from domain.games.blackjack.rule_book import bj_rule
from domain.games.blackjack.table import SESSION_ENDED, BlackjackTable
from domain.kernel.errors import ConflictError, InvalidInputError
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.sessions.commands import (
    SessionSlot,
    find_open_session,
    slot_id,
    venue_target,
)
from domain.sessions.session import GameSession

_VENUE_PREFIX = "blackjack:"


def venue_of(table_id: UUID | str) -> str:
    return f"{_VENUE_PREFIX}{table_id}"


def table_of(venue_id: str) -> UUID | None:
    return venue_target(_VENUE_PREFIX, venue_id)


def game_kind(config: dict[str, Any]) -> str:
    return BLACKJACK_INDIVIDUAL if config["kind"] == INDIVIDUAL else BLACKJACK_MULTI


def get_table(uow: UnitOfWork, table_id: UUID | str) -> BlackjackTable:
    return uow.get(check_uuid(table_id, "table_id"), BlackjackTable, what=f"table {table_id}",
                   field="table_id")


def sit(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str, seat: int | None,
        actor: str) -> dict[str, Any]:
    """A player with an open game session at this table takes a seat (r4a, r5, r7)."""
    table = get_table(uow, table_id)
    session = find_open_session(uow, player_id, table.venue_id)
    if session is None:
        raise ConflictError("start a game session at this table first (venue_id "
                            f"{table.venue_id})", field="session_id", rule=bj_rule(34))
    if session.game != game_kind(table.config_data):
        raise ConflictError(f"the session is for {session.game}, this table is "
                            f"{game_kind(table.config_data)}", field="session_id")
    session.check_accepting(uow.at)
    if seat is None and table.config.seats == 1:
        seat = 1
    if seat is None:
        raise InvalidInputError("seat is required at a table of several seats", field="seat",
                                rule=bj_rule("4a"))
    taken = table.sit(seat, str(check_uuid(player_id, "player_id")), str(session.id),
                      stale=stale_seats(uow, table), actor=actor, at=uow.at)
    return {"table_id": str(table.id), "seat": int(taken), "session_id": str(session.id)}


def leave(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str, actor: str,
          seat: int | None = None) -> dict[str, Any]:
    table = get_table(uow, table_id)
    left = table.leave(str(check_uuid(player_id, "player_id")), seat, actor=actor, at=uow.at)
    return {"table_id": str(table.id), "seats": [int(s) for s in left], "left": True}


def bet_in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
    """The open jogada in which the session has a bet (r2, r33: the statement covers it)."""
    table_id = table_of(session.venue_id)
    table = None if table_id is None else uow.find(table_id, BlackjackTable)
    jogada = None if table is None else table.jogada
    if jogada is None:
        return None
    if any(bet["session_id"] == str(session.id) for bet in jogada["bets"].values()):
        return jogada["jogada_id"], bj_rule(2)
    return None


def _session_gone(uow: UnitOfWork, session_id: str) -> bool:
    session = uow.find(UUID(session_id), GameSession)
    return session is None or session.ended or session.inactivity_end_due(uow.at)


def stale_seats(uow: UnitOfWork, table: BlackjackTable) -> list[str]:
    """Seats held by a session that is over, with no bet in the open jogada: free to take."""
    return [seat for seat, holder in sorted(table.seats.items(), key=lambda kv: int(kv[0]))
            if not table.has_bet(seat) and _session_gone(uow, holder["session_id"])]


def free_seats_of_ended_sessions(uow: UnitOfWork, table: BlackjackTable,
                                 actor: str) -> list[str]:
    """At the end of a jogada: frees every seat whose session is over."""
    freed = stale_seats(uow, table)
    for seat in freed:
        table.vacate(seat, reason=SESSION_ENDED, actor=actor, at=uow.at)
    return freed


def check_session_of_unseated(uow: UnitOfWork, table: BlackjackTable, player_id: str) -> None:
    """A player with no seat whose last session at the table is over learns that (409,
    ``session_id``: its seat went with the session) rather than only "not seated"."""
    if table.seats_of(player_id):
        return
    slot = uow.find(slot_id(player_id, table.venue_id), SessionSlot)
    session = None if slot is None or slot.session_id is None else \
        uow.find(UUID(slot.session_id), GameSession)
    if session is not None:
        session.check_accepting(uow.at)


def session_ended(uow: UnitOfWork, session: GameSession, actor: str) -> list[str]:
    """The session's seats at its table are freed now, or, with a bet in the open jogada,
    when that jogada ends. Called in the transaction that ends the session."""
    table_id = table_of(session.venue_id)
    table = None if table_id is None else uow.find(table_id, BlackjackTable)
    if table is None:
        return []
    freed = []
    for seat in table.seats_of(session.player_id):
        if table.seats[seat]["session_id"] == str(session.id) and not table.has_bet(seat):
            table.vacate(seat, reason=SESSION_ENDED, actor=actor, at=uow.at)
            freed.append(seat)
    return freed


def seats_seen_by(table: BlackjackTable, *, staff: bool,
                  player_id: str | None) -> dict[str, dict[str, Any]]:
    seen = {}
    for seat, holder in sorted(table.seats.items(), key=lambda kv: int(kv[0])):
        if staff or (player_id is not None and holder["player_id"] == player_id):
            seen[seat] = {"taken": True, **holder}
        else:
            seen[seat] = {"taken": True}
    return seen
