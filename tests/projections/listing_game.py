"""A third game for the listing's tests, defined here only: "dados" (a die rolled at a board of
two seats). It has no aggregate, commands or routes of substance: just events of its own and
the listing facts they mean (domain/kernel/listing.py), which is all the projection "jogadas_listing"
and the jogadas' routes need of a game. ``LEDGER_GAMES=tests.projections.listing_game`` plugs
it into an installation (infra/games.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from fastapi import APIRouter

from domain.kernel.game import Game
from domain.kernel.listing import (
    SETTLED, VOID, JogadaEnded, JogadaStarted, OccupantAdded, OccupantsRemoved, Outcome,
    PhaseChanged, PlayerDetail, Staked, VenueOpened)

NAME = "dados"
router = APIRouter()  # the game's own routes: none


@dataclass(frozen=True)
class DadosEvent:
    originator_id: UUID  # the board
    at: datetime


@dataclass(frozen=True)
class BoardOpened(DadosEvent):
    venue_id: str
    name: str
    faces: int


@dataclass(frozen=True)
class Sat(DadosEvent):
    seat: int
    player_id: str


@dataclass(frozen=True)
class Stood(DadosEvent):
    seat: int


@dataclass(frozen=True)
class RoundOpened(DadosEvent):
    jogada_id: str
    number: int


@dataclass(frozen=True)
class Bet(DadosEvent):
    jogada_id: str
    player_id: str
    seat: int
    cents: int
    guess: int


@dataclass(frozen=True)
class DoubledDown(DadosEvent):
    jogada_id: str
    player_id: str
    cents: int


@dataclass(frozen=True)
class Rolling(DadosEvent):
    jogada_id: str


@dataclass(frozen=True)
class Rolled(DadosEvent):
    jogada_id: str
    face: int
    paid: dict[str, int] = field(default_factory=dict)  # player -> cents


@dataclass(frozen=True)
class RoundVoided(DadosEvent):
    jogada_id: str
    refunds: dict[str, int] = field(default_factory=dict)  # seat -> cents


@dataclass(frozen=True)
class Chatted(DadosEvent):  # an event of the board the listing does not read
    text: str


_FACTS: dict[type, Callable[[Any], list]] = {
    BoardOpened: lambda e: [VenueOpened(e.venue_id, e.name, f"d{e.faces}",
                                        {"faces": e.faces}, 2)],
    Sat: lambda e: [OccupantAdded(str(e.seat), e.player_id)],
    Stood: lambda e: [OccupantsRemoved((str(e.seat),))],
    RoundOpened: lambda e: [JogadaStarted(e.jogada_id, e.number, "betting")],
    Bet: lambda e: [Staked(e.jogada_id, e.player_id, e.seat, e.cents,
                           {"guess": e.guess, "bets": 0, "doubled": False}, {"bets": 1})],
    DoubledDown: lambda e: [PlayerDetail(e.jogada_id, e.player_id, {"doubled": True},
                                         e.cents)],
    Rolling: lambda e: [PhaseChanged("rolling")],
    Rolled: lambda e: [JogadaEnded(e.jogada_id, SETTLED, "lost", tuple(
        Outcome(player_id=p, result="won", won_cents=c, prizes={f"face_{e.face}": c},
                detail={"face": e.face}) for p, c in e.paid.items()))],
    RoundVoided: lambda e: [JogadaEnded(e.jogada_id, VOID, VOID, tuple(
        Outcome(seat=s, refunded_cents=c) for s, c in e.refunds.items()))],
}


def listing(event: Any) -> list:
    facts = _FACTS.get(type(event))
    return [] if facts is None else facts(event)


def _unused(*args: Any) -> Any:
    raise AssertionError("not part of the listing's tests")


GAME = Game(
    name=NAME, title="dados", regulation="none (a test game)", venue_noun="board",
    session_kinds=(), commands={}, venue_type=DadosEvent, event_marker=".DadosBoard.",
    ended_topics=(), package=__name__,  # its router is in this module
    bet_in_play=_unused, session_ended=_unused, replay=_unused, adjudicate=_unused,
    check_settings=_unused, stake_reason="dados_bet", player_jogada=_unused,
    player_copy=_unused,
    listing=listing, listing_events=tuple(_FACTS),  # not Chatted
)
