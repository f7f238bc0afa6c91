"""The clock of a hold'em or Omaha table (run by the writer's sweeper for the tables ``due``
answers, or by an operator): when the decision time runs out, the extra time if the table gives
one, then the player checks if checking is allowed, otherwise folds (rules 43–45); between
jogadas the next one starts after the table's pause (rules 7, 46)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from uuid import UUID

from domain.games.community_poker import play, seating
from domain.games.community_poker.actions import timeout_action
from domain.games.community_poker.registry import REGISTRY_ID, PokerRegistry
from domain.games.community_poker.table import TABLES, TIMEOUT, PokerTable
from domain.kernel.errors import ConflictError
from domain.kernel.uow import UnitOfWork


def timeout(uow: UnitOfWork, table: PokerTable, actor: str) -> dict[str, Any]:
    """Rules 44, 45: the extra time once, then check if allowed, otherwise fold."""
    jogada = table.open_jogada()
    if table.config_data["extra_seconds"] and not jogada["extended"]:
        table.extend_time(actor=actor, at=uow.at)
        return {"extended": True}
    state = table.betting()
    seat = state.acting
    action = timeout_action(state, seat)
    table.act(seat, action, None, reason=TIMEOUT, device_id=None, actor=actor, at=uow.at)
    play.after_action(uow, table, seat, 0, actor)  # a check or a fold puts nothing in
    return {"timeout": action, "seat": seat}


def is_due(table: PokerTable, at: Any) -> bool:
    """Whether the clock has something to do at the table now."""
    jogada = table.jogada
    if jogada is not None:
        return jogada["deadline"] is not None and at >= jogada["deadline"]
    if table.last_ended_at is not None:
        if at < table.last_ended_at + timedelta(seconds=table.config_data["pause_seconds"]):
            return False
    return len(table.in_play()) >= 2 and table.in_session_hours(at)


def tick(uow: UnitOfWork, *, variant: str, table_id: UUID | str, seed: bytes, actor: str,
         certification_mode: bool = False) -> dict[str, Any]:
    table = seating.get_table(uow, variant, table_id)
    if not is_due(table, uow.at):
        return {"table_id": str(table.id), "done": None}
    if table.jogada is not None:
        return {"table_id": str(table.id), "done": timeout(uow, table, actor)}
    try:
        play.start_jogada(uow, variant=variant, table_id=table_id, seed=seed, actor=actor,
                          certification_mode=certification_mode)
    except ConflictError:
        return {"table_id": str(table.id), "done": None}
    return {"table_id": str(table.id), "done": {"started": table.jogada["jogada_id"]}}


def due(uow: UnitOfWork, variant: str) -> list[str]:
    """The ids of the tables whose clock has something to do now."""
    registry = uow.find(REGISTRY_ID, PokerRegistry)
    found = []
    for table_id in [] if registry is None else registry.of(variant):
        table = uow.find(UUID(table_id), TABLES[variant])
        if table is not None and is_due(table, uow.at):
            found.append(table_id)
    return found
