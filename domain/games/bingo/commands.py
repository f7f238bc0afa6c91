"""Bingo's command vocabulary: each command a frozen value (domain/kernel/command.py) and its
handler, in the sections of the regulation (rooms and membership, rules 2f, 8–10, 53–55; the
sale, rules 11–20; the draw, rules 21–26; clock and interruptions, rules 5–7, 45–49).
``COMMANDS`` is ``Game.commands`` (game.py); the routes (api/games/bingo/routes.py) build these
values."""

from __future__ import annotations

from typing import Any

from domain.games.bingo import clock, faults, prizes, rooms, sales
from domain.games.bingo.room import BingoRoom
from domain.games.bingo.views import describe, player_view
from domain.kernel.command import Command, command, fields_handler
from domain.ledger import wallets

CLOCK_ACTOR = "system:bingo-clock"


# Rooms and membership (rules 2f, 8–10, 53–55) ---------------------------------------------------
@command("create_room")
class CreateRoom(Command):
    room_id: str  # drawn by the caller: a re-run creates the same room
    name: str
    config: dict[str, Any]
    actor: str


@command("describe_room", read_only=True)
class DescribeRoom(Command):
    room_id: str
    player_id: str | None = None  # a player sees its own prize shares only


@command("join_room")
class JoinRoom(Command):
    room_id: str
    player_id: str
    actor: str


# The sale (rules 11–20) ---------------------------------------------------------------------------
@command("open_bingo_jogada")
class OpenJogada(Command):
    room_id: str
    forced_balls: list[int] | None
    actor: str
    seed: bytes | None = None
    certification_mode: bool = False


@command("buy_cards")
class BuyCards(Command):
    room_id: str
    player_id: str
    count: int
    idempotency_key: str
    actor: str


@command("close_sales")
class CloseSales(Command):
    room_id: str
    actor: str = CLOCK_ACTOR


# The draw (rules 21–26) ---------------------------------------------------------------------------
@command("draw")
class Draw(Command):
    room_id: str
    actor: str = CLOCK_ACTOR


@command("bingo_view", read_only=True)
class ViewRoom(Command):
    room_id: str
    player_id: str | None = None
    order: str = "purchase"  # or "closeness" (rule 14)


# Clock and interruptions (rules 5–7, 45–49) -------------------------------------------------------
@command("bingo_tick")
class TickRoom(Command):
    room_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None


@command("due_rooms", read_only=True)
class DueRooms(Command):
    pass


@command("void_bingo_jogada")
class VoidJogada(Command):
    room_id: str
    reason: str
    actor: str


@command("bingo_connection_lost")
class ConnectionLost(Command):
    room_id: str
    player_id: str
    actor: str


def _jackpot_now(uow: Any, room: BingoRoom) -> dict[str, Any]:
    """Rules 4, 44: the jackpot's value is on every screen, as the writer has it now."""
    if room.jackpot_code is None:
        return {}
    return {"jackpot_cents": wallets.get_account(uow, room.jackpot_code).balance_cents}


def _describe(uow: Any, cmd: DescribeRoom) -> dict[str, Any]:
    room = rooms.get_room(uow, cmd.room_id)
    return describe(room, None if cmd.player_id is None else str(cmd.player_id)) | \
        _jackpot_now(uow, room)


def _view(uow: Any, cmd: ViewRoom) -> dict[str, Any]:
    room = rooms.get_room(uow, cmd.room_id)
    return player_view(room, None if cmd.player_id is None else str(cmd.player_id),
                       cmd.order) | _jackpot_now(uow, room)



COMMANDS = {
    CreateRoom: fields_handler(rooms.create_room),
    DescribeRoom: _describe,
    JoinRoom: fields_handler(rooms.join),
    OpenJogada: fields_handler(sales.open_jogada),
    BuyCards: fields_handler(sales.buy_cards),
    CloseSales: fields_handler(sales.close_sales),
    Draw: fields_handler(prizes.draw),
    ViewRoom: _view,
    TickRoom: fields_handler(clock.tick),
    DueRooms: lambda uow, cmd: clock.due(uow),
    VoidJogada: fields_handler(faults.void_jogada),
    ConnectionLost: fields_handler(faults.connection_lost),
}
