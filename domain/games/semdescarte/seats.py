"""Seats and game sessions at a póquer sem descarte table (rules 2e, 6a, 40): the venue of a
table, sitting and leaving, and what ending a session does to its seat.

A seat belongs to the game session it was taken with: the player sits "in" its session at the
table (rule 40). When that session ends (the player, an operator, or the inactivity procedure,
rules 41–42), the seat is freed with ``PlayerLeft`` (reason ``session_ended``) in the same
transaction, so the next player can sit. A seat with a bet in the open jogada stays until the
jogada ends (rule 2e: the jogada runs from the bets to the payment; an operator may end the
session mid-jogada, GameSession.in_play), and is freed at its settlement or void.

What a caller sees of the seats: staff see who sits where (player and session ids); a player
sees which seats are taken and its own player and session id only.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.semdescarte.config import INDIVIDUAL, sd_rule
from domain.games.semdescarte.inactivity import (
    SEM_DESCARTE_INDIVIDUAL,
    SEM_DESCARTE_MULTI,
)
from domain.games.semdescarte.table import SESSION_ENDED, SemDescarteTable
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

_VENUE_PREFIX = "semdescarte:"


def venue_of(table_id: UUID | str) -> str:
    return f"{_VENUE_PREFIX}{table_id}"


def table_of(venue_id: str) -> UUID | None:
    """The table a venue id names (``venue_of`` read back), or None."""
    return venue_target(_VENUE_PREFIX, venue_id)


def game_kind(config: dict[str, Any]) -> str:
    return SEM_DESCARTE_INDIVIDUAL if config["kind"] == INDIVIDUAL else SEM_DESCARTE_MULTI


def get_table(uow: UnitOfWork, table_id: UUID | str) -> SemDescarteTable:
    return uow.get(check_uuid(table_id, "table_id"), SemDescarteTable, what=f"table {table_id}",
                   field="table_id")



def sit(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str, seat: int | None,
        actor: str) -> dict[str, Any]:
    """A player with an open game session at this table takes a seat (rules 6a, 40)."""
    table = get_table(uow, table_id)
    session = find_open_session(uow, player_id, table.venue_id)
    if session is None:
        raise ConflictError("start a game session at this table first (venue_id "
                            f"{table.venue_id})", field="session_id", rule=sd_rule(40))
    if session.game != game_kind(table.config_data):
        raise ConflictError(f"the session is for {session.game}, this table is "
                            f"{game_kind(table.config_data)}", field="session_id")
    session.check_accepting(uow.at)
    if seat is None and table.individual:
        seat = 1
    if seat is None:
        raise InvalidInputError("seat is required at a multi-seat table", field="seat",
                                rule=sd_rule("6a"))
    taken = table.sit(seat, str(check_uuid(player_id, "player_id")), str(session.id),
                      stale=stale_seats(uow, table), actor=actor, at=uow.at)
    return {"table_id": str(table.id), "seat": int(taken), "session_id": str(session.id)}


def leave(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    table = get_table(uow, table_id)
    seat = table.leave(str(check_uuid(player_id, "player_id")), actor=actor, at=uow.at)
    return {"table_id": str(table.id), "seat": int(seat), "left": True}


def bet_in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
    """The open jogada in which the session's player has a bet (rule 2e: a jogada runs from
    the bets to the payment; rule 39: the statement covers it), as (jogada id, rule)."""
    table_id = table_of(session.venue_id)
    table = None if table_id is None else uow.find(table_id, SemDescarteTable)
    jogada = None if table is None else table.jogada
    if jogada is None:
        return None
    if any(bet["session_id"] == str(session.id) for bet in jogada["bets"].values()):
        return jogada["jogada_id"], sd_rule("2e")
    return None




def _session_gone(uow: UnitOfWork, session_id: str) -> bool:
    """The session ended, or its warned inactivity minute ran out (A43: it ended then)."""
    session = uow.find(UUID(session_id), GameSession)
    return session is None or session.ended or session.inactivity_end_due(uow.at)


def stale_seats(uow: UnitOfWork, table: SemDescarteTable) -> list[str]:
    """The seats held by a session that is over and with no bet in the open jogada: free to
    take (SemDescarteTable.sit frees them first; also seats left by sessions that ended
    before seats were freed with them)."""
    return [seat for seat, holder in sorted(table.seats.items(), key=lambda kv: int(kv[0]))
            if not table.has_bet(seat) and _session_gone(uow, holder["session_id"])]


def free_seats_of_ended_sessions(uow: UnitOfWork, table: SemDescarteTable,
                                 actor: str) -> list[str]:
    """At the end of a jogada: frees every seat whose session is over (one that ended while
    the jogada was in play, or by the jogada-count inactivity procedure, rules 41b, 42).
    Returns the seats freed."""
    freed = stale_seats(uow, table)
    for seat in freed:
        table.vacate(seat, reason=SESSION_ENDED, actor=actor, at=uow.at)
    return freed


def check_session_of_unseated(uow: UnitOfWork, table: SemDescarteTable, player_id: str) -> None:
    """A player with no seat whose last session at the table is over learns that (409,
    ``session_id``: its seat went with the session) rather than only "not seated"."""
    if table.seat_of(player_id) is not None:
        return
    slot = uow.find(slot_id(player_id, table.venue_id), SessionSlot)
    session = None if slot is None or slot.session_id is None else \
        uow.find(UUID(slot.session_id), GameSession)
    if session is not None:
        session.check_accepting(uow.at)


def session_ended(uow: UnitOfWork, session: GameSession, actor: str) -> list[str]:
    """The session's player leaves its seat at the session's table (the venue names it), now,
    or, with a bet in the open jogada, when that jogada ends (rule 2e). Called in the
    transaction that ends the session (infra/registrations.SESSION_ENDED)."""
    table_id = table_of(session.venue_id)
    table = None if table_id is None else uow.find(table_id, SemDescarteTable)
    if table is None:
        return []
    seat = table.seat_of(session.player_id)
    if seat is None or table.has_bet(seat):
        return []
    table.vacate(seat, reason=SESSION_ENDED, actor=actor, at=uow.at)
    return [seat]


def seats_seen_by(table: SemDescarteTable, *, staff: bool,
                  player_id: str | None) -> dict[str, dict[str, Any]]:
    """The seats as a caller may see them: staff every holder; a player (``player_id``) its
    own seat in full and the others only as taken."""
    seen = {}
    for seat, holder in table.seats.items():
        if staff or (player_id is not None and holder["player_id"] == player_id):
            seen[seat] = {"taken": True, **holder}
        else:
            seen[seat] = {"taken": True}
    return seen
