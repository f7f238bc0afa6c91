"""Póquer sem descarte's events as listing facts (domain/kernel/listing.py): its tables and the jogadas
of every player at them (``Game.listing``, read by the projection "jogadas_listing"). A table is
listed with its kind and rules (rules 4, 38) and its seats; a player's row is made by its ante
(rules 2a, 16–18; Portaria r3) and ends with the seat's outcome (rules 22, 26–29; A2, A3) and
any jackpot prize (Portaria r9, A12), or with every stake back (rule 33)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.semdescarte.table import SemDescarteTable as _SD
from domain.kernel.listing import (
    SETTLED,
    VOID,
    JogadaEnded,
    JogadaStarted,
    OccupantAdded,
    OccupantsRemoved,
    Outcome,
    PhaseChanged,
    PlayerDetail,
    Staked,
    VenueOpened,
)

BETTING, DECIDING = "betting", "deciding"  # the phases of a table's open jogada (rules 14, 21)
OUTCOME_DETAIL = ("multiplier", "player_hand", "bank_hand", "rule")


def _settled(e: Any) -> list[JogadaEnded]:
    """Rules 22, 26–29: each seat's stakes returned and winnings paid (A2, A3), its result in
    the settlement's own words; Portaria r9, A12: the jackpot prizes."""
    outcomes = [Outcome(player_id=o["player_id"], result=o["result"],
                        won_cents=o["returned_cents"] + o["won_cents"],
                        detail={k: o[k] for k in OUTCOME_DETAIL})
                for o in e.outcomes.values()]
    outcomes += [Outcome(player_id=a["player_id"], won_cents=a["amount_cents"],
                         prizes={f"jackpot_{a['category']}": a["amount_cents"]}
                         if a["amount_cents"] else {})
                 for a in e.jackpot_awards]
    return [JogadaEnded(e.jogada_id, SETTLED, None, tuple(outcomes))]


def _voided(e: Any) -> list[JogadaEnded]:
    """Rule 33: every stake back, in full, seat by seat."""
    return [JogadaEnded(e.jogada_id, VOID, VOID, tuple(
        Outcome(seat=seat, refunded_cents=cents) for seat, cents in e.refunds.items()))]


_FACTS: dict[type, Callable[[Any], list]] = {
    _SD.TableOpened: lambda e: [VenueOpened(e.venue_id, e.name, e.config["kind"], e.config,
                                            e.config.get("seats"))],
    _SD.PlayerSeated: lambda e: [OccupantAdded(e.seat, e.player_id)],
    _SD.PlayerLeft: lambda e: [OccupantsRemoved((e.seat,))],
    _SD.JogadaOpened: lambda e: [JogadaStarted(e.jogada_id, e.number, BETTING)],
    _SD.AntePlaced: lambda e: [Staked(  # rules 2a, 16–18; Portaria r3
        e.jogada_id, e.player_id, e.seat, e.ante_cents + e.jackpot_bet_cents,
        {"ante_cents": e.ante_cents, "jackpot_bet_cents": e.jackpot_bet_cents,
         "bet_cents": 0, "decision": None})],
    _SD.CardsDealt: lambda e: [PhaseChanged(DECIDING)],
    # Rule 22 (32, 34–35: on timeout or a lost connection).
    _SD.PlayerFolded: lambda e: [PlayerDetail(e.jogada_id, e.player_id, {"decision": "fold"})],
    _SD.PlayerContinued: lambda e: [PlayerDetail(  # rules 2f, 23: the second bet
        e.jogada_id, e.player_id, {"decision": "continue", "bet_cents": e.bet_cents},
        e.bet_cents)],
    _SD.JogadaSettled: _settled,
    _SD.JogadaVoided: _voided,
}
LISTING_EVENTS: tuple[type, ...] = tuple(_FACTS)


def listing(event: Any) -> list:
    """The listing facts of one of the table's events (none for the others)."""
    facts = _FACTS.get(type(event))
    return [] if facts is None else facts(event)
