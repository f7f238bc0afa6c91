"""The bingo room's clock, a ``tick`` command run by the sweeper (or an operator) for the rooms
with something due (``due``): it closes the sale when its period ends (rules 16–20),
draws the next ball when it is due (rules 21–22, 24: at least the room's interval apart, a
pause after a prize), and in a continuous room, or a session room inside its window, opens the
next jogada once someone is in the room (rules 5–7)."""

from __future__ import annotations

from uuid import UUID

from domain.games.bingo.prizes import draw
from domain.games.bingo.registry import REGISTRY_ID, BingoRoomRegistry
from domain.games.bingo.room import DRAWING, SALE, BingoRoom
from domain.games.bingo.rooms import get_room
from domain.games.bingo.sales import close_sales, open_jogada
from domain.kernel.uow import UnitOfWork


def tick(uow: UnitOfWork, *, room_id: UUID | str, seed: bytes, actor: str) -> list[str]:
    """The room's clock: closes the sale when its period ends (rules 16–20), draws the next
    ball when it is due (rules 22, 24), and in a continuous room (or a session room inside its
    window) opens the next jogada (rules 5–7)."""
    room = get_room(uow, room_id)
    jogada = room.jogada
    if jogada is None:
        if _opens_next(room, uow):
            open_jogada(uow, room_id=room.id, seed=seed, forced_balls=None,
                        certification_mode=False, actor=actor)
            return ["opened"]
        return []
    if not room.due(uow.at):
        return []
    if jogada["status"] == SALE:
        return ["cancelled" if close_sales(uow, room_id=room.id, actor=actor)["cancelled"]
                else "sales_closed"]
    if jogada["status"] == DRAWING:
        drawn = draw(uow, room_id=room.id, actor=actor)
        return ["drawn"] + [f"won:{w['prize']}" for w in drawn["won"]] + (
            ["settled"] if drawn["bingo"] else [])
    return []


def _opens_next(room: BingoRoom, uow: UnitOfWork) -> bool:
    """Rules 5–7: a continuous room is always on, a session room inside its window; either
    opens its next jogada by itself once someone is in the room (an empty room does not cycle
    sales nobody can join)."""
    return room.jogada is None and bool(room.members) and room.in_session_window(uow.at)


def due(uow: UnitOfWork) -> list[str]:
    registry = uow.find(REGISTRY_ID, BingoRoomRegistry)
    if registry is None:
        return []
    due = []
    for room_id in registry.room_ids:
        room = uow.find(UUID(room_id), BingoRoom)
        if room is not None and (room.due(uow.at) or _opens_next(room, uow)):
            due.append(room_id)
    return due
