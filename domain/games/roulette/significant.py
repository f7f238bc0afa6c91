"""French roulette's significant events (domain/kernel/significant.py; ``Game.significant``): a
wheel opened with its configuration (r4, r11–r13, r16, r17; 903-B 6.3.6(6)), a player's lost
connection (r24, r25: recorded, the jogada stands; 6.3.6(7)), a jogada voided by a fault of the
system (r22, r23, A62), an individual wheel's bets never launched refunded at the session's end
or after 90 days (A60; 903-B 6.3.2(4)), a multi-player wheel's jogada spun at start-up after
its window passed while the service was down (903-B 6.3.2), and a large win: a player's
winnings in one jogada (stakes returned not counted) of ``LARGE_WIN_CENTS`` or more."""

from __future__ import annotations

from typing import Any

from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.games.roulette.wheel import RouletteWheel as _RW
from domain.kernel.rules import T903B, cite
from domain.kernel.significant import (
    CONNECTION_LOST,
    GAME_KINDS,
    INFO,
    JOGADA_VOIDED,
    LARGE_WIN,
    LARGE_WIN_CENTS,
    RECOVERY,
    VENUE_OPENED,
    WARNING,
    Significant,
    SignificantEvents,
    voided,
)
from domain.kernel.viewer import euros

BETS_REFUNDED = "unlaunched_bets_refunded"
JOGADA_SPUN_AT_START = "jogada_spun_at_start"
KINDS = {kind: GAME_KINDS[kind] for kind in (VENUE_OPENED, CONNECTION_LOST, JOGADA_VOIDED,
                                             RECOVERY, LARGE_WIN)}  # RECOVERY: voided(), if ever
KINDS[BETS_REFUNDED] = ("an individual roulette wheel's bets, never launched, were refunded at"
                        " the session's end or after 90 days (A60; 903-B 6.3.2(4))")
KINDS[JOGADA_SPUN_AT_START] = ("at start-up, a multi-player roulette wheel's jogada whose"
                               " betting window passed while the service was down was found"
                               " and spun by the clock (903-B 6.3.2)")
VOID_RULE = f"{rf_rule(22, 23)}, {a_rule(62)}"


def _opened(e: Any) -> Significant:
    config = e.config
    calls = ", ".join(config.get("call_bets") or ()) or "none"
    return Significant(VENUE_OPENED, f"wheel {e.name!r} opened: {config['kind']}, minimum"
                       f" {euros(config.get('min_cents', 0))} a chance, call bets: {calls}",
                       INFO, venue_id=e.venue_id,
                       detail={"name": e.name, "config": dict(config),
                               "rule": rf_rule(4, 11, 12, 13)})


def _connection_lost(e: Any) -> Significant:
    where = f"in jogada {e.jogada_id}; the jogada stands" if e.jogada_id else "with no bet"
    return Significant(CONNECTION_LOST, f"player {e.player_id} lost the connection {where}",
                       WARNING, jogada_id=e.jogada_id,
                       detail={"player_id": e.player_id, "rule": rf_rule(24, 25)})


def _refunded(e: Any) -> Significant:
    total = sum((e.refunds or {}).values())
    return Significant(BETS_REFUNDED, f"jogada {e.jogada_id}: bets never launched refunded"
                       f" ({e.reason}): {euros(total)}", WARNING if e.reason == "day_90"
                       else INFO, jogada_id=e.jogada_id,
                       detail={"reason": e.reason, "amount_cents": total,
                               "players": sorted(e.refunds or {}),
                               "rule": f"{a_rule(60)}; {cite(T903B, '6.3.2(4)')}"})


def _recovered(e: Any) -> Significant:
    return Significant(JOGADA_SPUN_AT_START, f"jogada {e.jogada_id}, whose betting window"
                       " passed while the service was down, was found at start-up and left"
                       " to the clock to spin", WARNING,
                       jogada_id=e.jogada_id, detail={"what": e.what, "rule": e.rule})


def winnings(slips: list[dict[str, Any]]) -> int:
    """What the winning bets won, their stakes not counted (r14): each winning component's
    return less its stake."""
    return sum(c["returned_cents"] - c["amount_cents"] for slip in slips
               for bet in slip["bets"] for c in bet["components"] if c["won"])


def _large_win(e: Any) -> Significant | None:
    """r14, r19: one player's winnings in the jogada, 1 000,00 € or more."""
    won = winnings(e.slips)
    if won < LARGE_WIN_CENTS:
        return None
    return Significant(LARGE_WIN, f"large win in jogada {e.jogada_id}: {euros(won)} by"
                       f" {e.player_id}", INFO, jogada_id=e.jogada_id,
                       detail={"amount_cents": won, "players": [e.player_id],
                               "rule": rf_rule(14, 19)})


SIGNIFICANT = SignificantEvents(
    kinds=KINDS,
    classify={
        _RW.WheelOpened: _opened,
        _RW.ConnectionLost: _connection_lost,
        _RW.JogadaVoided: lambda e: voided(e, VOID_RULE),
        _RW.JogadaCancelled: _refunded,
        _RW.JogadaRecovered: _recovered,
        _RW.BetsSettled: _large_win,
    },
)
