"""Blackjack's significant events (domain/kernel/significant.py; ``Game.significant``): a table
opened with its configuration (r4, r5, r16), a player's lost connection (r29, r30: recorded,
the jogada goes on), a jogada voided by a fault of the system (r27, r28) or by start-up recovery
(903-B 6.3.2), and a large win: the special prize (r25i) or a player's winnings in one jogada of
``LARGE_WIN_CENTS`` or more."""

from __future__ import annotations

from typing import Any

from domain.games.blackjack.rule_book import bj_rule
from domain.games.blackjack.table import BlackjackTable as _BJ

# The end of a jogada's events are TableSettlement's classes (the topics resolve to them).
from domain.games.blackjack.table_settlement import TableSettlement as _END
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

KINDS = {kind: GAME_KINDS[kind] for kind in (VENUE_OPENED, CONNECTION_LOST, JOGADA_VOIDED,
                                             RECOVERY, LARGE_WIN)}


def _opened(e: Any) -> Significant:
    config = e.config
    return Significant(VENUE_OPENED, f"table {e.name!r} opened: {config['kind']},"
                       f" {config.get('seats', 1)} seat(s), {config.get('decks')} decks,"
                       f" bets {euros(config.get('min_bet_cents', 0))} to"
                       f" {euros(config.get('max_bet_cents', 0))}", INFO,
                       venue_id=e.venue_id, detail={"name": e.name, "config": dict(config),
                                                    "rule": bj_rule(4, 5, 16)})


def _connection_lost(e: Any) -> Significant:
    return Significant(CONNECTION_LOST, f"player {e.player_id} at seat {e.seat} lost the"
                       f" connection in jogada {e.jogada_id}; the jogada goes on", WARNING,
                       jogada_id=e.jogada_id,
                       detail={"player_id": e.player_id, "seat": e.seat,
                               "rule": bj_rule(29, 30)})


def _large_win(e: Any) -> Significant | None:
    """r25i, r26: the winnings of each player (won and prizes, over its hands and insurance)."""
    won: dict[str, int] = {}
    prizes: dict[str, int] = {}
    for results in e.results.values():
        for r in results:
            won[r["player_id"]] = won.get(r["player_id"], 0) + r["won_cents"] + r["prize_cents"]
            if r["prize_cents"]:
                prizes[r["player_id"]] = prizes.get(r["player_id"], 0) + r["prize_cents"]
    for insured in (e.insurance or {}).values():
        won[insured["player_id"]] = won.get(insured["player_id"], 0) + insured["won_cents"]
    large = {p: cents for p, cents in won.items() if cents >= LARGE_WIN_CENTS or p in prizes}
    if not large:
        return None
    said = ", ".join(f"{euros(cents)} by {p}" + (f" (special prize {euros(prizes[p])})"
                                                 if p in prizes else "")
                     for p, cents in large.items())
    return Significant(LARGE_WIN, f"large win in jogada {e.jogada_id}: {said}", INFO,
                       jogada_id=e.jogada_id,
                       detail={"amount_cents": sum(large.values()),
                               "players": sorted(large), "rule": bj_rule("25i", 26)})


SIGNIFICANT = SignificantEvents(
    kinds=KINDS,
    classify={
        _BJ.TableOpened: _opened,
        _BJ.PlayerConnectionLost: _connection_lost,
        _END.JogadaVoided: lambda e: voided(e, bj_rule(27, 28)),
        _END.JogadaSettled: _large_win,
    },
)
