"""Bingo's significant events (domain/kernel/significant.py; ``Game.significant``): a room opened
with its configuration and prizes (rules 2f, 4, 5–13), a player's lost connection (rules 12,
48, 49: its cards play on), a jogada voided by a fault of the system (rules 45–47) and the
accumulated jackpot won (rules 42–44). A jogada a crash left unfinished is completed from its
events by the room's clock (A10): nothing is voided, so bingo records no ``recovery``."""

from __future__ import annotations

from typing import Any

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.room import BingoRoom as _Room
from domain.kernel.significant import (
    CONNECTION_LOST,
    GAME_KINDS,
    INFO,
    JACKPOT_WON,
    JOGADA_VOIDED,
    VENUE_OPENED,
    WARNING,
    Significant,
    SignificantEvents,
    voided,
)
from domain.kernel.viewer import euros


def _opened(e: Any) -> Significant:
    config = e.config
    return Significant(VENUE_OPENED, f"room {e.name!r} opened: bingo {config['variant']},"
                       f" cards at {euros(config['card_price_cents'])}", INFO,
                       venue_id=e.venue_id,
                       detail={"name": e.name, "config": dict(config),
                               "warnings": list(e.warnings), "rule": bingo_rule(4)})


SIGNIFICANT = SignificantEvents(
    kinds={kind: GAME_KINDS[kind]
           for kind in (VENUE_OPENED, CONNECTION_LOST, JOGADA_VOIDED, JACKPOT_WON)},
    classify={
        _Room.RoomOpened: _opened,
        _Room.PlayerConnectionLost: lambda e: Significant(
            CONNECTION_LOST, f"player {e.player_id} lost the connection in jogada"
            f" {e.jogada_id}; its {len(e.cards)} card(s) play on", WARNING,
            jogada_id=e.jogada_id, detail={"player_id": e.player_id, "cards": len(e.cards),
                                           "rule": e.rule}),
        _Room.JogadaVoided: lambda e: voided(e, e.rule),
        _Room.JackpotWon: lambda e: Significant(
            JACKPOT_WON, f"the jackpot of {euros(e.amount_cents)} was won in jogada"
            f" {e.jogada_id} by ball {e.ordinal} (of {e.max_balls})", INFO,
            jogada_id=e.jogada_id, detail={"amount_cents": e.amount_cents,
                                           "shares": dict(e.shares), "rule": e.rule}),
    },
)
