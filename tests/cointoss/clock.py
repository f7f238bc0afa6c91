"""The coin toss's clock: ``toss_after`` seconds after a jogada opened, its table is due and the
clock tosses (``tick``: the toss an operator may also make, play.py)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import UUID

from tests.cointoss import play
from tests.cointoss.registry import REGISTRY_ID, CoinRegistry
from tests.cointoss.table import CoinTable


def tick(uow: Any, cmd: Any) -> dict[str, Any]:
    return play.toss(uow, cmd)


def due(uow: Any, cmd: Any = None) -> list[str]:
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    found = []
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), CoinTable)
        if table is not None and table.jogada is not None and uow.at >= (
                table.jogada["opened_at"] + timedelta(seconds=table.config["toss_after"])):
            found.append(table_id)
    return found
