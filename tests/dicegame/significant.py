"""The dice game's significant events (domain/kernel/significant.py): a table opened with its
configuration, a jogada voided (or voided at start-up), and one kind of its own: a roll that
paid a right call (the house paid out, dice rule 5)."""

from __future__ import annotations

from typing import Any

from domain.kernel.significant import (
    GAME_KINDS,
    INFO,
    JOGADA_VOIDED,
    RECOVERY,
    VENUE_OPENED,
    Significant,
    SignificantEvents,
    voided,
)
from domain.kernel.viewer import euros
from tests.dicegame.config import rule
from tests.dicegame.table import DiceTable

RIGHT_CALL = "right_call"


def _opened(e: Any) -> Significant:
    c = e.config
    return Significant(VENUE_OPENED, f"dice table {e.name!r} opened: {c['seats']} seats, stake"
                       f" {euros(c['stake_cents'])}, window {c['window_seconds']} s", INFO,
                       venue_id=e.venue_id, detail={"config": dict(c), "rule": rule(1)})


def _rolled(e: Any) -> Significant | None:
    paid = sum(e.payouts.values())
    if paid <= 0:
        return None
    return Significant(RIGHT_CALL, f"jogada {e.jogada_id} rolled {e.face}: the house paid"
                       f" {euros(paid)} to a right call", INFO, jogada_id=e.jogada_id,
                       detail={"face": e.face, "paid_cents": paid, "rule": e.rule})


SIGNIFICANT = SignificantEvents(
    kinds={VENUE_OPENED: GAME_KINDS[VENUE_OPENED], JOGADA_VOIDED: GAME_KINDS[JOGADA_VOIDED],
           RECOVERY: GAME_KINDS[RECOVERY],
           RIGHT_CALL: "a roll paid a right call: the house paid out (dice rule 5)"},
    classify={DiceTable.TableOpened: _opened, DiceTable.DiceRolled: _rolled,
              DiceTable.JogadaVoided: lambda e: voided(e, e.rule)},
)
