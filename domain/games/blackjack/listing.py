"""Blackjack's events as listing facts (domain/kernel/listing.py): its tables and the jogadas
of every player at them (``Game.listing``, read by the projection "jogadas_listing"). A table is
listed with its kind and options (r4, r5, r16) and its seats; a player's row is made by its bet
(r9–r11, A49), grows with every further stake — insurance (r15f), a double (r15b), a split
(r21) — and ends with each hand's result (r25) and its insurance (r25f, r25g), or with every
stake back (r27, r28)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.blackjack.table import BlackjackTable as _BJ

# The end of a jogada's events are TableSettlement's classes (the topics resolve to them).
from domain.games.blackjack.table_settlement import TableSettlement as _END
from domain.kernel.listing import (
    SETTLED,
    VOID,
    ByNet,
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

BETTING, BANCA = "betting", "banca"  # the phases of a table's open jogada (r12, r17)
# A player's row ends by what it netted over its hands and insurance (r25, r26).
RESULT = ByNet(gain="won", even="push", loss="lost")


def _settled(e: Any) -> list[JogadaEnded]:
    """r25, r26: each hand's stake returned, win and special prize paid (r25i); r25f, r25g:
    the insurance; the row's result by its net."""
    outcomes = []
    for seat, results in e.results.items():
        for r in results:
            prize = r.get("prize_cents", 0)
            outcomes.append(Outcome(
                player_id=r["player_id"], result=RESULT,
                won_cents=r["returned_cents"] + r["won_cents"] + prize,
                prizes={"special_prize": prize} if prize else {},
                detail={f"seat_{seat}": ", ".join(x["result"] for x in results)}))
    for insured in (e.insurance or {}).values():
        outcomes.append(Outcome(player_id=insured["player_id"], result=RESULT,
                                won_cents=insured["returned_cents"] + insured["won_cents"],
                                detail={"insurance": insured["result"]}))
    return [JogadaEnded(e.jogada_id, SETTLED, None, tuple(outcomes))]


def _voided(e: Any) -> list[JogadaEnded]:
    """r27, r28: every stake back, in full, seat by seat."""
    return [JogadaEnded(e.jogada_id, VOID, VOID, tuple(
        Outcome(seat=seat, refunded_cents=cents) for seat, cents in e.refunds.items()))]


_FACTS: dict[type, Callable[[Any], list]] = {
    _BJ.TableOpened: lambda e: [VenueOpened(e.venue_id, e.name, e.config["kind"], e.config,
                                            e.config.get("seats"))],
    _BJ.PlayerSeated: lambda e: [OccupantAdded(e.seat, e.player_id)],
    _BJ.PlayerLeft: lambda e: [OccupantsRemoved((e.seat,))],
    _BJ.JogadaOpened: lambda e: [JogadaStarted(e.jogada_id, e.number, BETTING)],
    _BJ.BetPlaced: lambda e: [Staked(  # r9–r11, A49: the seat's initial bet
        e.jogada_id, e.player_id, e.seat, e.amount_cents, {"bet_cents": e.amount_cents})],
    _BJ.CardsDealt: lambda e: [PhaseChanged(e.phase)],  # r14: offers, play or the banca
    _BJ.OffersClosed: lambda e: [PhaseChanged("play")],
    _BJ.InsuranceTaken: lambda e: [PlayerDetail(  # r15f, A53
        e.jogada_id, e.player_id, {"insurance_cents": e.amount_cents}, e.amount_cents)],
    # the player's id: a player may hold several seats (r7), its row is the jogada's
    _BJ.BetDoubled: lambda e: [Staked(e.jogada_id, e.player_id or None, e.seat, e.added_cents,
                                      counts={"doubles": 1})],  # r15b, r23
    _BJ.HandSplit: lambda e: [Staked(e.jogada_id, e.player_id or None, e.seat, e.stake_cents,
                                     counts={"splits": 1})],  # r21, r22
    _END.HoleCardRevealed: lambda e: [PhaseChanged(BANCA)],  # r17
    _END.JogadaSettled: _settled,
    _END.JogadaVoided: _voided,
}
LISTING_EVENTS: tuple[type, ...] = tuple(_FACTS)


def listing(event: Any) -> list:
    """The listing facts of one of the table's events (none for the others)."""
    facts = _FACTS.get(type(event))
    return [] if facts is None else facts(event)
