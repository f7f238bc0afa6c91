"""What the audit tests share: a settled sem descarte jogada from a forced deck (rule 19: the
ledger must be in certification mode)."""

from __future__ import annotations

from typing import Any

from tests.semdescarte.support import (BANK_AK, ante, deal, decide, forced_deck,
                                       individual_config, setup_table)

STRAIGHT = ["5c", "6d", "7h", "8s", "9c"]


def sd_jogada(ledger: Any) -> str:
    """A one-player jogada: the player's straight beats the bank's A-K; the player continues."""
    table, (player,) = setup_table(ledger, individual_config())
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player, forced_deck("2c", [STRAIGHT], BANK_AK))
    decide(ledger, table, placed["jogada_id"], player, "continue")
    return placed["jogada_id"]
