"""Every blackjack table, in one small stream: what the clock and start-up recovery walk (r27,
r28, A10: a jogada left open by a crash of this service is voided when it starts again)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

REGISTRY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/blackjack/tables")


class TableRegistry(LedgerAggregate):
    @event("Created", topic="ledger.BlackjackTableRegistry.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.table_ids: list[str] = []

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return REGISTRY_ID

    def register(self, table_id: str, *, actor: str, at: datetime) -> None:
        self._registered(table_id=table_id, actor=actor, at=at)

    @event("TableRegistered", topic="ledger.BlackjackTableRegistry.TableRegistered")
    def _registered(self, table_id: str, actor: str, at: datetime) -> None:
        self.table_ids.append(table_id)
