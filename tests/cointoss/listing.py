"""What the players' jogada listing learns from the coin table's events (domain/kernel/listing.py)."""

from __future__ import annotations

from typing import Any

from domain.kernel import listing as facts
from tests.cointoss.table import CoinTable

LISTING_EVENTS = (CoinTable.TableOpened, CoinTable.JogadaOpened, CoinTable.BetPlaced,
                  CoinTable.CoinTossed, CoinTable.JogadaVoided)


def listing(e: Any) -> list[Any]:
    """What the players' jogada listing learns from the table's events (domain/kernel/facts.py)."""
    name = type(e).__name__
    if name == "TableOpened":
        return [facts.VenueOpened(venue_id=e.venue_id, name=e.name, kind="coin",
                                    config=e.config)]
    if name == "JogadaOpened":
        return [facts.JogadaStarted(jogada_id=e.jogada_id, number=e.number, status="betting")]
    if name == "BetPlaced":
        return [facts.Staked(jogada_id=e.jogada_id, player_id=e.player_id,
                               wagered_cents=e.stake_cents, detail={"side": e.side})]
    if name == "CoinTossed":
        return [facts.JogadaEnded(
            jogada_id=e.jogada_id, status=facts.SETTLED, default_result="lost",
            outcomes=tuple(facts.Outcome(player_id=p, result="won", won_cents=paid)
                           for p, paid in e.payouts.items() if paid))]
    if name == "JogadaVoided":
        return [facts.JogadaEnded(
            jogada_id=e.jogada_id, status=facts.VOID, default_result=facts.VOID,
            outcomes=tuple(facts.Outcome(player_id=p, refunded_cents=c)
                           for p, c in e.refunds.items()))]
    return []
