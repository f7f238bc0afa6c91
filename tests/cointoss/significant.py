"""The coin toss's significant events (domain/kernel/significant.py)."""

from __future__ import annotations

from domain.kernel.significant import (
    GAME_KINDS, JOGADA_VOIDED, RECOVERY, WARNING, Significant, SignificantEvents, voided)
from tests.cointoss.table import CoinTable

# Its significant events (domain/kernel/significant.py): the shared kinds it records, and one of its
# own: a toss an operator made by hand (POST .../toss) rather than the table's clock.
MANUAL_TOSS = "manual_toss"
SIGNIFICANT = SignificantEvents(
    kinds={JOGADA_VOIDED: GAME_KINDS[JOGADA_VOIDED], RECOVERY: GAME_KINDS[RECOVERY],
           MANUAL_TOSS: "a staff member tossed the coin by hand, before the table's clock"},
    classify={
        CoinTable.JogadaVoided: lambda e: voided(e, "coin toss (tests)"),
        CoinTable.CoinTossed: lambda e: None if not e.actor.startswith("staff:") else Significant(
            MANUAL_TOSS, f"{e.actor} tossed the coin of jogada {e.jogada_id}: {e.side}",
            WARNING, jogada_id=e.jogada_id),
    },
)
