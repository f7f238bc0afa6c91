"""Every roulette wheel, in one small stream: what the clock and start-up recovery walk
(r16: a window that passed while the service was down is closed and the ball spun; A60: an
individual wheel's bets never launched are refunded at day 90)."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

REGISTRY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/roulette/wheels")


class WheelRegistry(LedgerAggregate):
    @event("Created", topic="ledger.RouletteWheelRegistry.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.wheel_ids: list[str] = []

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return REGISTRY_ID

    def register(self, wheel_id: str, *, actor: str, at: datetime) -> None:
        self._registered(wheel_id=wheel_id, actor=actor, at=at)

    @event("WheelRegistered", topic="ledger.RouletteWheelRegistry.WheelRegistered")
    def _registered(self, wheel_id: str, actor: str, at: datetime) -> None:
        self.wheel_ids.append(wheel_id)
