"""Every hold'em and Omaha table, in one small stream: what the clock and start-up recovery
walk (rule 72, A10: a jogada a crash left open is voided when the service starts again)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

REGISTRY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/community-poker/tables")


class PokerRegistry(LedgerAggregate):
    @event("Created", topic="ledger.PokerTableRegistry.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.tables: dict[str, str] = {}  # table id -> variant ("holdem", "omaha")

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return REGISTRY_ID

    def register(self, table_id: str, variant: str, *, actor: str, at: datetime) -> None:
        self._registered(table_id=table_id, variant=variant, actor=actor, at=at)

    def of(self, variant: str) -> list[str]:
        return [t for t, v in self.tables.items() if v == variant]

    @event("TableRegistered", topic="ledger.PokerTableRegistry.TableRegistered")
    def _registered(self, table_id: str, variant: str, actor: str, at: datetime) -> None:
        self.tables[table_id] = variant
