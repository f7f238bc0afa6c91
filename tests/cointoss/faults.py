"""A fault of the system voids the coin toss's jogada: every stake back; a jogada a crash left
open is such a fault, voided at start-up (``recover``)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.significant import SERVICE_RESTART
from domain.ledger import wallets
from domain.sessions.commands import record_game_win
from domain.sessions.session import REFUND
from tests.cointoss.registry import REGISTRY_ID, CoinRegistry
from tests.cointoss.table import CoinTable


def void_jogada(uow: Any, table: CoinTable, reason: str, actor: str) -> str:
    jogada = table.jogada
    refunds = {p: b["stake_cents"] for p, b in jogada["bets"].items()}
    table.void(jogada_id=jogada["jogada_id"], reason=reason, refunds=refunds, actor=actor,
               at=uow.at)
    for player_id, amount in refunds.items():
        wallets.void_stake(uow, player_id=UUID(player_id),
                           transfer_id=f"{jogada['jogada_id']}:{player_id}", reason=reason,
                           actor=actor)
        record_game_win(uow, jogada["bets"][player_id]["session_id"], jogada["jogada_id"],
                        amount, REFUND, actor)
    return jogada["jogada_id"]


def recover(uow: Any, cmd: Any) -> list[str]:
    """A jogada a crash left open is void: every stake back."""
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    voided = []
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), CoinTable)
        if table is not None and table.jogada is not None:
            voided.append(void_jogada(uow, table, SERVICE_RESTART, cmd.actor))
    return voided
