"""Bingo online (Reg. 425-A/2015, all four variants) behind the ``Game`` seam (domain/kernel/game.py):
its command vocabulary, its clock (the close of each sale, rules 16–20; each ball when due,
rules 22, 24; the next jogada of a continuous room, rules 5–7), its replay ("modo repetição",
rule 2h) and re-adjudication, and its routes (api/games/bingo/routes.py).

A jogada a crash left unfinished needs no recovery step: its state is in the store and every
ball was committed before the first sale, so the clock completes it from the events (A10:
"otherwise complete it deterministically"); an operator can still void it (rules 45–47)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.bingo import faults, rooms
from domain.games.bingo.adjudication import adjudicate
from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.commands import COMMANDS, DueRooms, TickRoom
from domain.games.bingo.config import FIELDS, check_settings
from domain.games.bingo.inactivity import BINGO, POLICIES
from domain.games.bingo.listing import LISTING_EVENTS, listing
from domain.games.bingo.registry import REGISTRY_ID, BingoRoomRegistry
from domain.games.bingo.replay import player_copy, player_jogada, replay
from domain.games.bingo.room import BingoRoom
from domain.games.bingo.rule_book import RULE_BOOK
from domain.games.bingo.significant import SIGNIFICANT
from domain.games.bingo.viewer import viewer_steps
from domain.kernel.game import Game, GameClock, venue_aggregate_kinds

NAME = "bingo"


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
    venue_plural="rooms",
    session_kinds=(BINGO,),
    policies=POLICIES,  # rules 54, 55
    commands=COMMANDS,
    venue_type=BingoRoom,
    event_marker=".BingoRoom.",
    ended_topics=(".BingoRoom.JogadaSettled", ".BingoRoom.JogadaVoided",
                  ".BingoRoom.JogadaCancelled"),
    package=__name__.rpartition(".")[0],  # its routes: api/games/bingo/routes.py
    bet_in_play=rooms.bet_in_play,
    session_ended=rooms.session_ended,
    replay=replay,
    viewer_steps=viewer_steps,
    adjudicate=adjudicate,
    check_settings=check_settings,
    settings_fields=FIELDS,
    venue_rule=bingo_rule("2f"),  # a room (denominação) of bingo, with its variant
    stake_reason="bingo_cards",  # a card purchase (rules 10–13)
    player_jogada=player_jogada,  # rule 50
    player_copy=player_copy,  # rule 4: a player's own cards, the balls drawn
    # The room snapshots itself between jogadas only (BingoRoom.snapshot_after); the registry
    # grows with every room.
    snapshotted=(BingoRoomRegistry,),
    clock=GameClock(interval=0.2, due=DueRooms(),
                    tick=lambda room_id, actor: TickRoom(room_id=room_id, actor=actor)),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,  # a complaint's remedy: rules 45-47
    listing=listing,  # its rooms and each player's jogadas (rules 4, 52)
    listing_events=LISTING_EVENTS,
    replay_alias="/bingo/jogadas/{jogada_id}/replay",  # api/games/bingo/routes.py
    significant=SIGNIFICANT,  # rooms, lost connections, voids, the jackpot
    venue_kinds=venue_aggregate_kinds(BingoRoom, (BINGO,)),  # a session at a room that exists
    rule_book=RULE_BOOK,  # rules 1–83, A13–A23
)
