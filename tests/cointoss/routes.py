"""The coin toss's HTTP routes: defined with the game, included by the API from the registry
(``Game.router``)."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

from fastapi import APIRouter
from pydantic import BaseModel

from api.deps import Anyone, LedgerDep, OperatorCaller, PlayerCaller
from api.ledger_access import run
from tests.cointoss import commands as coin

router = APIRouter(prefix="/cointoss", tags=["coin toss (tests)"])


class TableCreate(BaseModel):
    name: str
    config: dict[str, int]


class BetCreate(BaseModel):
    side: str
    stake_cents: int
    idempotency_key: str


@router.post("/tables", status_code=201)
async def create_table(body: TableCreate, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    return await run(ledger, coin.CreateCoinTable(table_id=str(uuid4()), name=body.name,
                                                  config=body.config, actor=caller.actor))


@router.get("/tables/{table_id}")
async def read_table(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    return await run(ledger, coin.DescribeCoinTable(table_id=str(table_id)))


@router.post("/tables/{table_id}/bets", status_code=201)
async def place_bet(table_id: UUID, body: BetCreate, ledger: LedgerDep,
                    caller: PlayerCaller) -> dict[str, Any]:
    return await run(ledger, coin.Bet(table_id=str(table_id), player_id=str(caller.id),
                                      side=body.side, stake_cents=body.stake_cents,
                                      idempotency_key=body.idempotency_key, actor=caller.actor))


@router.post("/tables/{table_id}/toss")
async def toss(table_id: UUID, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    return await run(ledger, coin.Toss(table_id=str(table_id), actor=caller.actor))
