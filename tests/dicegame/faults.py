"""A fault of the system voids a dice jogada: every stake back, onto the session it came from
(dice rule 6); a jogada a crash left open is such a fault, voided at start-up (``recover``)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.errors import ConflictError
from domain.kernel.significant import SERVICE_RESTART
from domain.kernel.text import check_text
from domain.ledger import wallets
from domain.sessions.commands import record_game_win
from domain.sessions.session import REFUND
from tests.dicegame import registry
from tests.dicegame.config import rule
from tests.dicegame.seats import get_table
from tests.dicegame.table import DiceTable


def _void(uow: Any, table: DiceTable, reason: str, actor: str) -> dict[str, Any]:
    jogada = table.jogada
    refunds = {p: b["stake_cents"] for p, b in jogada["bets"].items()}
    table.void(jogada_id=jogada["jogada_id"], reason=reason, refunds=refunds, rule=rule(6),
               actor=actor, at=uow.at)
    for player_id, amount in refunds.items():
        wallets.void_stake(uow, player_id=UUID(player_id),
                           transfer_id=f"{jogada['jogada_id']}:{player_id}", reason=reason,
                           actor=actor)
        record_game_win(uow, jogada["bets"][player_id]["session_id"], jogada["jogada_id"],
                        amount, REFUND, actor)
    return {"jogada_id": jogada["jogada_id"], "voided": True, "refunds": refunds}


def void_jogada(uow: Any, table_id: Any, reason: str, actor: str,
                jogada_id: str | None = None) -> dict[str, Any]:
    """Dice rule 6: the open jogada (``jogada_id``, if given, must be it) void."""
    check_text(reason, "reason", 200)
    table = get_table(uow, table_id)
    if table.jogada is None or jogada_id not in (None, table.jogada["jogada_id"]):
        raise ConflictError("no such jogada open at the table", field="jogada_id",
                            rule=rule(6))
    return _void(uow, table, reason, actor)


def recover(uow: Any, cmd: Any) -> list[str]:
    return [_void(uow, t, SERVICE_RESTART, cmd.actor)["jogada_id"]
            for t in registry.tables(uow) if t.jogada is not None]
