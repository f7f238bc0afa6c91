"""Opening a blackjack table (r3–r7: individual or multi-player, 1 to 7 seats, 4, 6 or 8
decks; r9–r12, r16: its limits, options and windows, checked by config.py). The new table
joins the registry of every table (registry.py) that the clock and start-up recovery walk.
Seats and venues: seats.py."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack.config import check_table_config
from domain.games.blackjack.registry import REGISTRY_ID, TableRegistry
from domain.games.blackjack.seats import venue_of
from domain.games.blackjack.table import BlackjackTable
from domain.games.blackjack.views import describe
from domain.kernel.errors import ConflictError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork


def create_table(uow: UnitOfWork, *, table_id: UUID | str, name: str, config: dict[str, Any],
                 actor: str) -> dict[str, Any]:
    """r3–r7, r9–r12, r16. ``table_id`` is drawn by the caller (a re-run makes the same
    table)."""
    check_text(name, "name", 200)
    checked = check_table_config(config)
    tid = check_uuid(table_id, "table_id")
    if uow.find(tid, BlackjackTable) is not None:
        raise ConflictError(f"table {tid} exists", field="table_id")
    table = BlackjackTable(table_id=str(tid), name=name, config=checked.to_dict(),
                           venue_id=venue_of(tid), actor=actor, at=uow.at)
    uow.add(table)
    registry = uow.find(REGISTRY_ID, TableRegistry)
    if registry is None:
        registry = TableRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(tid), actor=actor, at=uow.at)
    return describe(table)
