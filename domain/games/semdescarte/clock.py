"""Póquer sem descarte: the table's clock, a ``tick`` command run by the sweeper (or an
operator) for the tables whose deadline has passed (``due``). It closes the betting
period of a multi-seat table and deals (rule 14), warns the players who have not decided and
gives them the extra time once (rules 21, 31), then folds those still silent (rule 32: the
ante is lost) and settles the jogada (rules 24–29)."""

from __future__ import annotations

from uuid import UUID

from domain.games.semdescarte.betting import deal
from domain.games.semdescarte.decisions import finish_if_decided, fold
from domain.games.semdescarte.registry import REGISTRY_ID, TableRegistry
from domain.games.semdescarte.seats import get_table
from domain.games.semdescarte.table import BETTING, DECIDING, SemDescarteTable
from domain.kernel.uow import UnitOfWork


def tick(uow: UnitOfWork, *, table_id: UUID | str, seed: bytes, actor: str,
         certification_mode: bool = False) -> list[str]:
    """The table's clock (run by the sweeper, or an operator): closes a multi-seat betting
    period and deals (rule 14; a forced deck set during it, in certification mode), warns and extends the decision time (rule 31), then folds the
    players who still did not decide (rule 32). Returns what it did."""
    table = get_table(uow, table_id)
    jogada = table.jogada
    if jogada is None:
        return []
    if jogada["status"] == BETTING:
        closes = jogada["betting_closes_at"]
        if closes is None or uow.at <= closes:
            return []
        deal(uow, table_id=table.id, seed=seed, forced_deck=None,
             certification_mode=certification_mode, player_id=None, actor=actor)
        return ["dealt"]
    if jogada["status"] == DECIDING and uow.at > jogada["decision_deadline"]:
        if not jogada["extended"]:
            table.extend_decision_time(actor=actor, at=uow.at)
            return ["decision_time_extended"]
        for seat in table.undecided():
            fold(uow, table, seat, "timeout", actor)
        finish_if_decided(uow, table, actor)
        return ["folded_on_timeout", "settled"]
    return []

def due(uow: UnitOfWork) -> list[str]:
    """The tables whose clock has something to do at ``uow.at``: a betting period over (rule
    14) or a decision time over (rules 31, 32). A query: records nothing."""
    registry = uow.find(REGISTRY_ID, TableRegistry)
    due = []
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), SemDescarteTable)
        jogada = None if table is None else table.jogada
        if jogada is None:
            continue
        if jogada["status"] == BETTING:
            deadline = jogada["betting_closes_at"]
        elif jogada["status"] == DECIDING:
            deadline = jogada["decision_deadline"]
        else:
            continue
        if deadline is not None and uow.at > deadline:
            due.append(table_id)
    return due
