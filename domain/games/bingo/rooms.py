"""Bingo rooms and their players, each a command ``handler(uow, **args)`` run by the writer in
one transaction.

- A room (*denominação*, rule 2f) has its own configuration (rules 8–10, 13, 16, 22, 24,
  31–44; checked by config.py), its prize pool account ``bingo-pool:<room>`` and, with a
  jackpot (rules 39–44), ``bingo-jackpot:<room>``, started at its base value funded by the
  house (rule 41). The new room joins the registry the room clock walks.
- A player with an open bingo session at the room's venue enters it (rule 53); its jogadas
  count for the inactivity procedure (rules 54–55). When the session ends the player leaves
  the members at once; its cards in an open jogada stay in play and are paid onto that session
  (rules 12, 49), and the player may not end the session itself before that jogada ends (rule
  2g).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.config import check_room_config
from domain.games.bingo.inactivity import BINGO
from domain.games.bingo.registry import REGISTRY_ID, BingoRoomRegistry
from domain.games.bingo.room import BingoRoom
from domain.games.bingo.views import describe
from domain.kernel.errors import ConflictError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, JACKPOT, PRIZE_POOL
from domain.sessions.commands import find_open_session, venue_target
from domain.sessions.session import GameSession

_VENUE_PREFIX = "bingo:"


def venue_of(room_id: UUID | str) -> str:
    return f"{_VENUE_PREFIX}{room_id}"


def room_of(venue_id: str) -> UUID | None:
    """The room a venue id names (``venue_of`` read back), or None."""
    return venue_target(_VENUE_PREFIX, venue_id)


def get_room(uow: UnitOfWork, room_id: UUID | str) -> BingoRoom:
    return uow.get(check_uuid(room_id, "room_id"), BingoRoom, what=f"room {room_id}",
                   field="room_id")


def create_room(uow: UnitOfWork, *, room_id: UUID | str, name: str, config: dict[str, Any],
                actor: str) -> dict[str, Any]:
    """Rules 2f, 8–10, 13, 16, 22, 24, 31–44. ``room_id`` is drawn by the caller."""
    check_text(name, "name", 200)  # rule 9: a fantasy name is fine
    checked, warnings = check_room_config(config)
    rid = check_uuid(room_id, "room_id")
    if uow.find(rid, BingoRoom) is not None:
        raise ConflictError(f"room {rid} exists", field="room_id")
    pool_code = f"bingo-pool:{rid}"
    jackpot_code = None if checked.jackpot is None else f"bingo-jackpot:{rid}"
    room = BingoRoom(room_id=str(rid), name=name, config=checked.to_dict(), warnings=warnings,
                     venue_id=venue_of(rid), pool_code=pool_code, jackpot_code=jackpot_code,
                     actor=actor, at=uow.at)
    uow.add(room)
    registry = uow.find(REGISTRY_ID, BingoRoomRegistry)
    if registry is None:
        registry = BingoRoomRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(rid), actor=actor, at=uow.at)
    wallets.open_account(uow, code=pool_code, kind=PRIZE_POOL, owner=str(rid), actor=actor)
    if jackpot_code is not None:
        wallets.open_account(uow, code=jackpot_code, kind=JACKPOT, owner=str(rid), actor=actor)
        if checked.jackpot.base_cents:  # rule 41: the base value, funded by the house
            wallets.transfer_between(
                uow, from_code=HOUSE_CODE, to_code=jackpot_code, transfer_id=f"{rid}:jackpot-base",
                amount_cents=checked.jackpot.base_cents, reason="jackpot_base",
                refs={"rule": bingo_rule(41)}, actor=actor)
    return describe(room) | {"warnings": warnings}


def session_for(uow: UnitOfWork, room: BingoRoom, player_id: UUID) -> GameSession:
    session = find_open_session(uow, player_id, room.venue_id)
    if session is None:
        raise ConflictError(f"start a game session in this room first (venue_id {room.venue_id})",
                            field="session_id", rule=bingo_rule(53))
    if session.game != BINGO:
        raise ConflictError(f"the session is for {session.game}, not bingo", field="session_id")
    session.check_accepting(uow.at)
    return session


def join(uow: UnitOfWork, *, room_id: UUID | str, player_id: UUID | str,
         actor: str) -> dict[str, Any]:
    """A player with an open bingo session enters the room (its jogadas count for rules 54–55)."""
    room = get_room(uow, room_id)
    pid = check_uuid(player_id, "player_id")
    session = session_for(uow, room, pid)
    room.join(str(pid), str(session.id), actor=actor, at=uow.at)
    return {"room_id": str(room.id), "player_id": str(pid), "session_id": str(session.id)}


def bet_in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
    """The open jogada in which the session holds cards (rule 2g: the jogada runs to the
    payment of every prize; rules 12, 49: the cards stay in play)."""
    room_id = room_of(session.venue_id)
    room = None if room_id is None else uow.find(room_id, BingoRoom)
    jogada = None if room is None else room.jogada
    if jogada is None:
        return None
    buyer = jogada["players"].get(session.player_id)
    if buyer is not None and buyer["session_id"] == str(session.id):
        return jogada["jogada_id"], bingo_rule("2g, 12, 49")
    return None


def session_ended(uow: UnitOfWork, session: GameSession, actor: str) -> None:
    """The session ended: its player leaves the room's members now (rules 53–55; its cards
    in an open jogada stay in play and are paid onto that session, rules 12, 49)."""
    room_id = room_of(session.venue_id)
    room = None if room_id is None else uow.find(room_id, BingoRoom)
    if room is not None and session.player_id in room.members:
        room.drop_members([session.player_id], reason="session_ended", actor=actor, at=uow.at)
