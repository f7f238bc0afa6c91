"""The dice table's clock (dice rules 3, 4): a table whose betting window has reached its close
is ``due``; its ``tick`` closes the window, rolls the die from the seed drawn outside the
command and settles the jogada."""

from __future__ import annotations

from typing import Any

from tests.dicegame import play, registry
from tests.dicegame.config import rule
from tests.dicegame.seats import get_table
from tests.dicegame.table import BETTING


def due(uow: Any, cmd: Any = None) -> list[str]:
    return [str(t.id) for t in registry.tables(uow)
            if t.jogada is not None and uow.at >= t.jogada["window_closes_at"]]


def tick(uow: Any, cmd: Any) -> dict[str, Any]:
    table = get_table(uow, cmd.table_id)
    jogada = table.jogada
    if jogada is None or uow.at < jogada["window_closes_at"]:
        return {"table_id": str(table.id), "done": None}
    if jogada["status"] == BETTING:
        table.close_betting(jogada_id=jogada["jogada_id"], rule=rule(3), actor=cmd.actor,
                            at=uow.at)
    return {"table_id": str(table.id), "done": play.roll(uow, table, cmd.seed, cmd.actor)}
