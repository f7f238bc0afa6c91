"""Bingo's events as listing facts (domain/kernel/listing.py): its rooms and the jogadas of every player
in them (``Game.listing``, read by the projection "jogadas_listing"). A room is listed with its
variant and rules (rules 2f, 4) and its members (rules 53–55); a player's row is made by its
first card purchase (rules 10–13) and ends with the prizes it won (rule 26, the jackpot too:
rule 42), or with its cards refunded (rules 6, 20; 45–47, where the prizes already won are
paid).

A settled jogada's result says what the player's money did, not only whether a card won: a
prize smaller than what the player's cards cost is a net loss (issue 24). ``won``: prizes
worth more than the cards; ``prize_net_even``: prizes worth exactly the cards;
``prize_net_loss``: a prize, worth less than the cards; ``lost``: no prize."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from domain.games.bingo.room import BingoRoom as _BR
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

SALE, DRAWING = "sale", "drawing"  # the phases of a room's open jogada (rules 16, 21)
WON, LOST = "won", "lost"  # a settled jogada's result: prizes above the cards' price, none
PRIZE_NET_EVEN, PRIZE_NET_LOSS = "prize_net_even", "prize_net_loss"
BY_NET = ByNet(gain=WON, even=PRIZE_NET_EVEN, loss=PRIZE_NET_LOSS)  # a player with a prize


def _won(paid: Mapping[str, Mapping[str, int]], result: ByNet | None) -> list[Outcome]:
    """Each player's prizes (prize → cents), the result if it won any cents (by its net: the
    prizes against what its cards cost)."""
    return [Outcome(player_id=player_id, won_cents=sum(prizes.values()), prizes=dict(prizes),
                    result=result if sum(prizes.values()) else None)
            for player_id, prizes in paid.items()]


def _refunded(refunds: Mapping[str, int]) -> list[Outcome]:
    return [Outcome(player_id=player_id, refunded_cents=cents)
            for player_id, cents in refunds.items()]


_FACTS: dict[type, Callable[[Any], list]] = {
    _BR.RoomOpened: lambda e: [VenueOpened(e.venue_id, e.name, e.config["variant"], e.config)],
    _BR.PlayerJoined: lambda e: [OccupantAdded(e.player_id, e.session_id)],  # rules 53–55
    _BR.PlayersLeft: lambda e: [OccupantsRemoved(tuple(e.player_ids))],
    _BR.JogadaOpened: lambda e: [JogadaStarted(e.jogada_id, e.number, SALE)],
    # Rules 10–13: the cards' price leaves the wallet at once.
    _BR.CardsBought: lambda e: [Staked(e.jogada_id, e.player_id, None, e.amount_cents,
                                       {"cards": 0}, {"cards": len(e.cards)})],
    _BR.SalesClosed: lambda e: [PhaseChanged(DRAWING)],
    # Rules 6, 20: too few players, every card refunded.
    _BR.JogadaCancelled: lambda e: [JogadaEnded(e.jogada_id, CANCELLED, CANCELLED,
                                                tuple(_refunded(e.refunds)))],
    # Rule 26: every prize paid, the jackpot too (rule 42).
    _BR.JogadaSettled: lambda e: [JogadaEnded(e.jogada_id, SETTLED, LOST,
                                              tuple(_won(e.payments, BY_NET)))],
    # Rules 45–47: the prizes won are paid, the other cards refunded.
    _BR.JogadaVoided: lambda e: [JogadaEnded(
        e.jogada_id, VOID, VOID, tuple(_won(e.prizes_paid, None) + _refunded(e.refunds)))],
}
LISTING_EVENTS: tuple[type, ...] = tuple(_FACTS)


def listing(event: Any) -> list:
    """The listing facts of one of the room's events (none for the others)."""
    facts = _FACTS.get(type(event))
    return [] if facts is None else facts(event)
