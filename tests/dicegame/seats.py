"""Seats at a dice table (dice rule 1): a player with an open dice session at the table's venue
sits in a free seat; it leaves when no bet of its is in play, and its seat is freed when its
session ends."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.errors import ConflictError, RuleViolationError
from domain.kernel.text import check_uuid
from domain.sessions.commands import find_open_session
from domain.sessions.session import GameSession
from tests.dicegame.config import rule
from tests.dicegame.table import DiceTable
from tests.dicegame.views import player_view


def get_table(uow: Any, table_id: Any) -> DiceTable:
    return uow.get(check_uuid(table_id, "table_id"), DiceTable, what="table")


def sit(uow: Any, cmd: Any) -> dict[str, Any]:
    table = get_table(uow, cmd.table_id)
    pid = str(check_uuid(cmd.player_id, "player_id"))
    session = find_open_session(uow, pid, table.venue_id)
    if session is None:
        raise ConflictError("open a dice session at the table first", field="player_id",
                            rule=rule(1))
    session.check_accepting(uow.at)
    if table.seat_of(pid) is not None:
        raise ConflictError("the player is seated at the table", field="player_id",
                            rule=rule(1), code="already_seated")
    seat = table.free_seat()
    if seat is None:
        raise RuleViolationError(f"every one of the {table.config['seats']} seats is taken",
                                 field="table_id", rule=rule(1), code="table_full")
    table.seat(seat=seat, player_id=pid, session_id=str(session.id), actor=cmd.actor, at=uow.at)
    return player_view(table, pid)


def _in_play(table: DiceTable, player_id: str) -> bool:
    return table.jogada is not None and player_id in table.jogada["bets"]


def leave(uow: Any, cmd: Any) -> dict[str, Any]:
    table = get_table(uow, cmd.table_id)
    pid = str(check_uuid(cmd.player_id, "player_id"))
    seat = table.seat_of(pid)
    if seat is None:
        raise ConflictError("the player has no seat at the table", field="player_id")
    if _in_play(table, pid):
        raise RuleViolationError("a bet of the player is in play: it leaves after the roll",
                                 field="player_id", rule=rule(1, 4), code="bet_in_play")
    table.unseat(seat=seat, player_id=pid, reason="player", actor=cmd.actor, at=uow.at)
    return player_view(table, pid)


def _table_of(uow: Any, session: GameSession) -> DiceTable | None:
    return uow.find(UUID(session.venue_id.partition(":")[2]), DiceTable)


def bet_in_play(uow: Any, session: GameSession) -> tuple[str, str] | None:
    table = _table_of(uow, session)
    if table is not None and _in_play(table, session.player_id):
        return table.jogada["jogada_id"], rule(4) + ": the roll settles every bet"
    return None


def session_ended(uow: Any, session: GameSession, actor: str) -> None:
    """The seat of the ended session is freed (its bet, if any, is settled by the roll)."""
    table = _table_of(uow, session)
    seat = None if table is None else table.seat_of(session.player_id)
    if seat is not None and table.seats[seat]["session_id"] == str(session.id):
        table.unseat(seat=seat, player_id=session.player_id, reason="session_ended",
                     actor=actor, at=uow.at)
