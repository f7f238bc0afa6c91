"""Interruptions of a hold'em or Omaha jogada (rules 72, 73; A10, A26): a fault of the system
voids the jogada: every cave goes back to what it was when the jogada started (each player's
own contributions, blinds included, no commission); a jogada a crash left open is voided when
the service starts (``recover``). A player's own connection loss is not a void
(``connection_lost``): the clock acts for the player (rule 45)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.community_poker import dealing, play, seating
from domain.games.community_poker.registry import REGISTRY_ID, PokerRegistry
from domain.games.community_poker.table import TABLES
from domain.kernel.errors import ConflictError
from domain.kernel.significant import SERVICE_RESTART
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.sessions.session import REFUND, GameSession


def void_jogada(uow: UnitOfWork, *, variant: str, table_id: UUID | str, reason: str,
                actor: str, jogada_id: str | None = None) -> dict[str, Any]:
    """Rule 72, A26: every player gets back its own contributions, blinds included; no
    commission. The caves go back to what they were when the jogada started."""
    check_text(reason, "reason", 200)
    table = seating.get_table(uow, variant, table_id)
    jogada = table.open_jogada(jogada_id)
    contributions = dealing.contributions(table.betting()) \
        if jogada["round"] is not None else {}
    refunds = {s: c for s, c in contributions.items() if c}
    table.void(reason=reason, refunds=refunds, actor=actor, at=uow.at)
    for seat, cents in refunds.items():
        session = uow.find(UUID(jogada["players"][seat]["session_id"]), GameSession)
        if session is not None and session.takes(jogada["jogada_id"], uow.at):
            session.record_win(jogada["jogada_id"], cents, REFUND, actor=actor, at=uow.at)
    play.after_jogada(uow, table, actor)
    return {"jogada_id": jogada["jogada_id"], "voided": True, "refunds": refunds}


def recover(uow: UnitOfWork, *, variant: str, actor: str) -> list[str]:
    """A10, rule 72: a jogada a crash left open is voided at start-up."""
    registry = uow.find(REGISTRY_ID, PokerRegistry)
    voided = []
    for table_id in [] if registry is None else registry.of(variant):
        table = uow.find(UUID(table_id), TABLES[variant])
        if table is not None and table.jogada is not None:
            voided.append(void_jogada(uow, variant=variant, table_id=table_id,
                                      reason=SERVICE_RESTART, actor=actor)["jogada_id"])
    return voided


def connection_lost(uow: UnitOfWork, *, variant: str, table_id: UUID | str,
                    player_id: UUID | str, actor: str) -> dict[str, Any]:
    """Rule 73: recorded; not a void: the clock acts for the player (rule 45)."""
    table = seating.get_table(uow, variant, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    jogada = table.open_jogada()
    seat = table.seat_of(pid)
    if seat is None or seat not in jogada["players"]:
        raise ConflictError("the player is not in the open jogada", field="player_id")
    table.record_connection_lost(seat, actor=actor, at=uow.at)
    return {"jogada_id": jogada["jogada_id"], "seat": seat, "voided": False}
