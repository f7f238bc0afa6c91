"""Every bingo room, in one small stream: what the room clock walks (rules 5–7, 16–26) and the
metrics count. (Until issue 24 it lived in room.py: records written before name it there,
infra/store/moved_topics.py.)"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

REGISTRY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/bingo/rooms")


class BingoRoomRegistry(LedgerAggregate):
    """Every room, in one small stream: what the room clock and start-up recovery walk."""

    @event("Created", topic="ledger.BingoRoomRegistry.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.room_ids: list[str] = []

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return REGISTRY_ID

    def register(self, room_id: str, *, actor: str, at: datetime) -> None:
        self._registered(room_id=room_id, actor=actor, at=at)

    @event("RoomRegistered", topic="ledger.BingoRoomRegistry.RoomRegistered")
    def _registered(self, room_id: str, actor: str, at: datetime) -> None:
        self.room_ids.append(room_id)


