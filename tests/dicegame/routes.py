"""The dice game's HTTP surface, in one module of its own (api/routes/__init__.py finds it as
``<Game.package>.routes``): thin routes that build a command of commands.py and await it.
Request bodies refuse unknown fields."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from api.deps import Anyone, LedgerDep, OperatorCaller, PlayerCaller
from api.ledger_access import run
from tests.dicegame import commands as dice

router = APIRouter(prefix="/dice", tags=["dice (tests)"])


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TableCreate(_Body):
    name: str
    config: dict[str, int]


class BetCreate(_Body):
    face: int
    stake_cents: int
    idempotency_key: str


class VoidCreate(_Body):
    reason: str


@router.post("/tables", status_code=201)
async def create_table(body: TableCreate, ledger: LedgerDep,
                       caller: OperatorCaller) -> dict[str, Any]:
    return await run(ledger, dice.CreateDiceTable(table_id=str(uuid4()), name=body.name,
                                                  config=body.config, actor=caller.actor))


@router.get("/tables/{table_id}")
async def read_table(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    return await run(ledger, dice.DescribeDiceTable(table_id=str(table_id),
                                                    player_id=caller.player_or_none()))


@router.post("/tables/{table_id}/seats", status_code=201)
async def sit(table_id: UUID, ledger: LedgerDep, caller: PlayerCaller) -> dict[str, Any]:
    return await run(ledger, dice.SitAtDiceTable(table_id=str(table_id),
                                                 player_id=str(caller.id), actor=caller.actor))


@router.delete("/tables/{table_id}/seats/mine")
async def leave(table_id: UUID, ledger: LedgerDep, caller: PlayerCaller) -> dict[str, Any]:
    return await run(ledger, dice.LeaveDiceTable(table_id=str(table_id),
                                                 player_id=str(caller.id), actor=caller.actor))


@router.post("/tables/{table_id}/bets", status_code=201)
async def place_bet(table_id: UUID, body: BetCreate, ledger: LedgerDep,
                    caller: PlayerCaller) -> dict[str, Any]:
    return await run(ledger, dice.PlaceDiceBet(
        table_id=str(table_id), player_id=str(caller.id), face=body.face,
        stake_cents=body.stake_cents, idempotency_key=body.idempotency_key, actor=caller.actor))


@router.post("/tables/{table_id}/interruptions")
async def void_jogada(table_id: UUID, body: VoidCreate, ledger: LedgerDep,
                      caller: OperatorCaller) -> dict[str, Any]:
    return await run(ledger, dice.VoidDiceJogada(table_id=str(table_id), reason=body.reason,
                                                 actor=caller.actor))
