"""French roulette's events as listing facts (domain/kernel/listing.py): its wheels and the
jogadas of every player at them (``Game.listing``, read by the projection "jogadas_listing").
A wheel is listed with its kind and configuration (r4, r11–r13, r16, r17) and the players at
it (r5); a player's row is made by its first bets (r7–r13, A57), grows with every further slip
and shrinks with a slip withdrawn before the launch (A60), and ends with what its bets gave
back (r14, r19–r21; won or lost by its net), or with every standing stake back (a void: r22,
r23, A62; bets never launched: A60, "cancelled": they were never played).

A settled jogada's rows take each player's amounts from ``JogadaSettled.results`` ({player_id:
{"staked_cents", "returned_cents", …}}): the listing reads one event at a time, and the end of
the jogada must say what each player got (the ``BetsSettled`` before it are one per player,
and each end fact resets every row's result: domain/kernel/listing.py ``JogadaEnded``). A
``JogadaSettled`` without ``results`` ends the rows with no amounts back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.listing import (
    CANCELLED,
    SETTLED,
    VOID,
    ByNet,
    JogadaEnded,
    JogadaStarted,
    OccupantAdded,
    OccupantsRemoved,
    Outcome,
    PhaseChanged,
    Staked,
    VenueOpened,
)

BETTING, SPINNING = "betting", "spinning"  # the phases of a wheel's open jogada (r16, r17)
# A player's row ends by what its bets netted (r14, r19): above zero won, below lost.
RESULT = ByNet(gain="won", even="even", loss="lost")


def _settled(e: Any) -> list[JogadaEnded]:
    """r14, r19–r21: each player's bets' returns (stakes included, as the statement counts
    them), the row's result by its net; the winning number on every row."""
    detail = {"number": e.number, "colour": e.colour}
    results: Mapping[str, Mapping[str, int]] = getattr(e, "results", None) or {}
    return [JogadaEnded(e.jogada_id, SETTLED, None, tuple(
        Outcome(player_id=player_id, result=RESULT, won_cents=r["returned_cents"],
                detail=detail) for player_id, r in results.items()))]


def _refunded(status: str) -> Callable[[Any], list[JogadaEnded]]:
    """r22, r23, A62 (a void) / A60 (bets never launched): every standing stake back."""
    return lambda e: [JogadaEnded(e.jogada_id, status, status, tuple(
        Outcome(player_id=player_id, refunded_cents=cents)
        for player_id, cents in (e.refunds or {}).items()))]


_BY_NAME: dict[str, Callable[[Any], list]] = {
    "WheelOpened": lambda e: [VenueOpened(e.venue_id, e.name, e.config["kind"], e.config)],
    "PlayerJoined": lambda e: [OccupantAdded(e.player_id, e.session_id)],  # r5
    "PlayerLeft": lambda e: [OccupantsRemoved((e.player_id,))],
    "JogadaOpened": lambda e: [JogadaStarted(e.jogada_id, e.number, BETTING)],  # r16
    "BetsPlaced": lambda e: [Staked(  # r7–r13, r15, A57: a slip of bets
        e.jogada_id, e.player_id, None, e.amount_cents, {"slips": 0, "bets": 0},
        {"slips": 1, "bets": len(e.bets)})],
    "BetsWithdrawn": lambda e: [Staked(  # A60: before the launch, the slip's stake back
        e.jogada_id, e.player_id, None, -e.amount_cents, counts={"slips": -1})],
    "BettingClosed": lambda e: [PhaseChanged(SPINNING)],  # r16, r17: "jogo feito nada mais"
    "JogadaSettled": _settled,
    "JogadaVoided": _refunded(VOID),
    "JogadaCancelled": _refunded(CANCELLED),
}
_FACTS: dict[type, Callable[[Any], list]] = {getattr(RouletteWheel, name): facts
                                             for name, facts in _BY_NAME.items()}
LISTING_EVENTS: tuple[type, ...] = tuple(_FACTS)


def listing(event: Any) -> list:
    """The listing facts of one of the wheel's events (none for the others)."""
    facts = _FACTS.get(type(event)) or _BY_NAME.get(type(event).__name__)
    return [] if facts is None else facts(event)
