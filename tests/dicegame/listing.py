"""What the listing of venues and of every player's jogadas learns from a dice table's events
(domain/kernel/listing.py facts; ``Game.listing``)."""

from __future__ import annotations

from typing import Any

from domain.kernel.listing import (
    SETTLED, VOID, JogadaEnded, JogadaStarted, OccupantAdded, OccupantsRemoved, Outcome,
    PhaseChanged, Staked, VenueOpened)
from tests.dicegame.table import DiceTable as T

WON, LOST = "won", "lost"

_FACTS = {
    T.TableOpened: lambda e: [VenueOpened(e.venue_id, e.name, "dice", e.config,
                                          e.config["seats"])],
    T.PlayerSeated: lambda e: [OccupantAdded(e.seat, e.player_id)],
    T.PlayerLeft: lambda e: [OccupantsRemoved((e.seat,))],
    T.JogadaOpened: lambda e: [JogadaStarted(e.jogada_id, e.number, "betting")],
    T.BetPlaced: lambda e: [Staked(e.jogada_id, e.player_id, e.seat, e.stake_cents,
                                   {"face": e.face})],
    T.BettingClosed: lambda e: [PhaseChanged("closed")],
    T.DiceRolled: lambda e: [JogadaEnded(e.jogada_id, SETTLED, LOST, tuple(
        Outcome(player_id=p, result=WON, won_cents=paid, detail={"rolled": e.face})
        for p, paid in e.payouts.items() if paid))],
    T.JogadaVoided: lambda e: [JogadaEnded(e.jogada_id, VOID, VOID, tuple(
        Outcome(player_id=p, refunded_cents=c) for p, c in e.refunds.items()))],
}
LISTING_EVENTS = tuple(_FACTS)


def listing(event: Any) -> list[Any]:
    made = _FACTS.get(type(event))
    return [] if made is None else made(event)
