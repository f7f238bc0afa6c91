"""Póquer sem descarte's significant events (domain/kernel/significant.py; ``Game.significant``): a
table opened with its configuration (rules 4, 38), a player's lost connection (rules 34–36),
a jogada voided by a fault of the system (rule 33) or by start-up recovery (rule 33, A10), and
a jackpot prize paid (Portaria r9, A12)."""

from __future__ import annotations

from typing import Any

from domain.games.semdescarte.config import pt_rule, sd_rule
from domain.games.semdescarte.table import SemDescarteTable as _SD
from domain.kernel.significant import (
    CONNECTION_LOST,
    GAME_KINDS,
    INFO,
    JACKPOT_WON,
    JOGADA_VOIDED,
    RECOVERY,
    VENUE_OPENED,
    WARNING,
    Significant,
    SignificantEvents,
    voided,
)
from domain.kernel.viewer import euros


def _opened(e: Any) -> Significant:
    config = e.config
    jackpot = ", with the jackpot side bet" if e.jackpot_code else ""
    return Significant(VENUE_OPENED, f"table {e.name!r} opened: {config['kind']},"
                       f" {config.get('seats', 1)} seat(s){jackpot}", INFO,
                       venue_id=e.venue_id, detail={"name": e.name, "config": dict(config),
                                                    "rule": sd_rule(4)})


def _connection_lost(e: Any) -> Significant:
    decided = e.decision or "no decision yet"
    return Significant(CONNECTION_LOST, f"player {e.player_id} at seat {e.seat} lost the"
                       f" connection in jogada {e.jogada_id} ({decided})", WARNING,
                       jogada_id=e.jogada_id,
                       detail={"player_id": e.player_id, "seat": e.seat,
                               "decision": e.decision, "rule": sd_rule("34, 35, 36")})


def _jackpot(e: Any) -> Significant | None:
    paid = [a for a in e.jackpot_awards if a["amount_cents"]]
    if not paid:
        return None
    total = sum(a["amount_cents"] for a in paid)
    won = ", ".join(f"{a['category']} by {a['player_id']}" for a in paid)
    return Significant(JACKPOT_WON, f"jackpot prizes of {euros(total)} paid in jogada"
                       f" {e.jogada_id}: {won}", INFO, jogada_id=e.jogada_id,
                       detail={"amount_cents": total, "rule": pt_rule(9)})


SIGNIFICANT = SignificantEvents(
    kinds={kind: GAME_KINDS[kind]
           for kind in (VENUE_OPENED, CONNECTION_LOST, JOGADA_VOIDED, RECOVERY, JACKPOT_WON)},
    classify={
        _SD.TableOpened: _opened,
        _SD.PlayerConnectionLost: _connection_lost,
        _SD.JogadaVoided: lambda e: voided(e, sd_rule(33)),
        _SD.JogadaSettled: _jackpot,
    },
)
