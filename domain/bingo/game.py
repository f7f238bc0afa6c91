"""Bingo online (Reg. 425-A/2015, all four variants) behind the ``Game`` seam (domain/game.py):
its command vocabulary, its clock (the close of each sale, rules 16–20; each ball when due,
rules 22, 24; the next jogada of a continuous room, rules 5–7), its replay ("modo repetição",
rule 2h) and re-adjudication, and its routes (api/routes/bingo.py).

A jogada a crash left unfinished needs no recovery step: its state is in the store and every
ball was committed before the first sale, so the clock completes it from the events (A10:
"otherwise complete it deterministically"); an operator can still void it (rules 45–47)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain import wallets
from domain.bingo import clock, faults, prizes, rooms, sales
from domain.bingo.views import describe
from domain.bingo.cards import bingo_rule
from domain.bingo.config import ROOM_FIELDS, check_room_config
from domain.bingo.listing import LISTING_EVENTS, listing_facts
from domain.bingo.replay import player_jogada, replay
from domain.bingo.room import REGISTRY_ID, BingoRoom, BingoRoomRegistry
from domain.bingo.significant import SIGNIFICANT
from domain.bingo.views import player_view
from domain.bingo.viewer import viewer_steps
from domain.command import Command, command, fields_handler
from domain.errors import RuleViolationError
from domain.game import Game, GameClock, venue_aggregate_kinds
from domain.inactivity import BINGO

NAME = "bingo"
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


def _check_settings(settings: dict[str, Any], room: BingoRoom
                    ) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a room (903-B 6.1.5): checked as POST /bingo/rooms checks a
    configuration, with its warnings (A14, A18); the room keeps its variant (rule 2f)."""
    config, warnings = check_room_config(settings)
    clean = config.to_dict()
    if clean["variant"] != room.config_data["variant"]:
        raise RuleViolationError(
            f"the room plays bingo {room.config_data['variant']}: its rule set cannot make it"
            f" bingo {clean['variant']}", field="variant", rule=bingo_rule("2f"))
    return clean, warnings


def adjudicate(events: list[tuple[int, Any]],
               opening_balances: dict[str, int] | None = None) -> dict[str, Any]:
    from domain.bingo.adjudication import adjudicate as recompute

    return recompute(events, opening_balances)


def _void_disputed(uow: Any, room_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy for a jogada left hanging: rules 45–47, as for any fault of
    the system, if it is the jogada open in the room."""
    faults.get_room(uow, room_id).open_jogada(jogada_id)
    return faults.void_jogada(uow, room_id=room_id, reason=reason, actor=actor)


def _open_jogadas(uow: Any) -> int:
    rooms = uow.find(REGISTRY_ID, BingoRoomRegistry)
    count = 0
    for room_id in [] if rooms is None else rooms.room_ids:
        room = uow.find(UUID(room_id), BingoRoom)
        count += room is not None and room.jogada is not None
    return count


GAME = Game(
    name=NAME, title="bingo", regulation="Regulamento 425-A/2015", venue_noun="room",
    session_kinds=(BINGO,),
    commands={
        CreateRoom: fields_handler(rooms.create_room),
        DescribeRoom: _describe,
        JoinRoom: fields_handler(rooms.join),
        OpenJogada: fields_handler(sales.open_jogada),
        BuyCards: fields_handler(sales.buy_cards),
        CloseSales: fields_handler(sales.close_sales),
        Draw: fields_handler(prizes.draw),
        ViewRoom: _view,
        TickRoom: fields_handler(clock.tick),
        DueRooms: lambda uow, cmd: clock.due_rooms(uow),
        VoidJogada: fields_handler(faults.void_jogada),
        ConnectionLost: fields_handler(faults.connection_lost),
    },
    venue_type=BingoRoom,
    event_marker=".BingoRoom.",
    ended_topics=(".BingoRoom.JogadaSettled", ".BingoRoom.JogadaVoided",
                  ".BingoRoom.JogadaCancelled"),
    package=__name__.rpartition(".")[0],  # its routes: api/routes/bingo.py
    bet_in_play=rooms.bet_in_play,
    session_ended=rooms.session_ended,
    replay=replay,
    viewer_steps=viewer_steps,
    adjudicate=adjudicate,
    check_settings=_check_settings,
    settings_fields=ROOM_FIELDS,
    venue_rule=bingo_rule("2f"),  # a room (denominação) of bingo, with its variant
    stake_reason="bingo_cards",  # a card purchase (rules 10–13)
    player_jogada=player_jogada,  # rule 50
    # The room snapshots itself between jogadas only (BingoRoom.snapshot_after); the registry
    # grows with every room.
    snapshotted=(BingoRoomRegistry,),
    clock=GameClock(interval=0.2, due=DueRooms(),
                    tick=lambda room_id, actor: TickRoom(room_id=room_id, actor=actor)),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,  # a complaint's remedy: rules 45-47
    listing=listing_facts,  # its rooms and each player's jogadas (rules 4, 52)
    listing_events=LISTING_EVENTS,
    replay_alias="/bingo/jogadas/{jogada_id}/replay",  # api/routes/bingo.py
    significant=SIGNIFICANT,  # rooms, lost connections, voids, the jackpot
    venue_kinds=venue_aggregate_kinds(BingoRoom, (BINGO,)),  # a session at a room that exists
)
