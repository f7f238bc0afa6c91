"""The registry of dice tables: what the dice game's clock, recovery and metrics walk."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate
from tests.dicegame.table import DiceTable

REGISTRY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/tests/dicegame/tables")


class DiceRegistry(LedgerAggregate):
    @event("Created", topic="tests.DiceRegistry.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.table_ids: list[str] = []

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return REGISTRY_ID

    @event("TableRegistered", topic="tests.DiceRegistry.TableRegistered")
    def register(self, table_id: str, actor: str, at: datetime) -> None:
        self.table_ids.append(table_id)


def tables(uow: Any) -> list[Any]:
    """Every dice table (the clock's, the recovery's and the metrics' walk)."""
    registry = uow.find(REGISTRY_ID, DiceRegistry)
    found = [uow.find(UUID(t), DiceTable) for t in ([] if registry is None else
                                                     registry.table_ids)]
    return [t for t in found if t is not None]
