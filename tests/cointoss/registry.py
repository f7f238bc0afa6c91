"""The registry of coin tables: what the coin toss's clock and recovery walk."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

REGISTRY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/tests/cointoss/tables")


class CoinRegistry(LedgerAggregate):
    @event("Created", topic="tests.CoinRegistry.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.table_ids: list[str] = []

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return REGISTRY_ID

    @event("TableRegistered", topic="tests.CoinRegistry.TableRegistered")
    def register(self, table_id: str, actor: str, at: datetime) -> None:
        self.table_ids.append(table_id)
