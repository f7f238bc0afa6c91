"""The framework's ceiling: bare FastAPI endpoints that only validate the request bodies of the
routes the benchmarks drive, with the very same request models, and answer a small JSON.

* ``POST /players/{player_id}/deposits``: the money command's body (bench/ledger_core.py);
* ``POST /semdescarte/tables/{table_id}/antes``, ``/deal`` and ``/decisions``: póquer sem
  descarte's (api/games/semdescarte/schemas.py; bench/semdescarte.py). The ante answers a fresh
  ``jogada_id``, so that the same client script plays both servers.
* ``POST /blackjack/tables/{table_id}/bets``, ``/deal``, ``/decisions`` and ``GET …/view``:
  blackjack's (api/games/blackjack/schemas.py; bench/blackjack_http.py plays the same mix of
  requests against it: seven bets, the deal, a view and a decision per hand).
* ``POST /roulette/wheels/{wheel_id}/bets``: roulette's slip of bets
  (api/games/roulette/schemas.py; bench/roulette_http.py sends the same bets to both).

Served by the benchmarks with the same uvicorn settings as ``ledger serve``'s HTTP process
(bench/ledger_core.py ``bare_server``).
"""

from __future__ import annotations

import itertools
from typing import Annotated
from uuid import UUID

from fastapi import Body, FastAPI

from api.games.blackjack.schemas import BjBetCreate, BjDealRequest, BjDecisionCreate
from api.games.roulette.schemas import RfBetsCreate
from api.games.semdescarte.schemas import AnteCreate, DealRequest, DecisionCreate
from api.schemas import DepositCreate

app = FastAPI()
_jogadas = itertools.count(1)


@app.post("/players/{player_id}/deposits", status_code=201)
async def deposit(player_id: UUID, body: DepositCreate) -> dict:
    return {"player_id": str(player_id), "amount_cents": body.amount_cents}


@app.post("/semdescarte/tables/{table_id}/antes", status_code=201)
async def ante(table_id: UUID, body: AnteCreate) -> dict:
    return {"table_id": str(table_id), "jogada_id": f"bare-{next(_jogadas)}",
            "ante_cents": body.ante_cents}


@app.post("/semdescarte/tables/{table_id}/deal")
async def deal(table_id: UUID, body: Annotated[DealRequest | None, Body()] = None) -> dict:
    return {"table_id": str(table_id), "status": "deciding"}


@app.post("/semdescarte/tables/{table_id}/decisions")
async def decide(table_id: UUID, body: DecisionCreate) -> dict:
    return {"table_id": str(table_id), "jogada_id": body.jogada_id, "decision": body.decision}


@app.post("/blackjack/tables/{table_id}/bets", status_code=201)
async def bj_bet(table_id: UUID, body: BjBetCreate) -> dict:
    return {"table_id": str(table_id), "jogada_id": f"bare-{next(_jogadas)}",
            "seat": body.seat, "amount_cents": body.amount_cents}


@app.post("/blackjack/tables/{table_id}/deal")
async def bj_deal(table_id: UUID,
                  body: Annotated[BjDealRequest | None, Body()] = None) -> dict:
    return {"table_id": str(table_id), "status": "play"}


@app.get("/blackjack/tables/{table_id}/view")
async def bj_view(table_id: UUID) -> dict:
    return {"table_id": str(table_id), "status": "play", "options": [
        {"seat": 1, "hand": 0, "decision": "stand", "cost_cents": 0, "available": True}]}


@app.post("/blackjack/tables/{table_id}/decisions")
async def bj_decide(table_id: UUID, body: BjDecisionCreate) -> dict:
    return {"table_id": str(table_id), "jogada_id": body.jogada_id, "decision": body.decision}


@app.post("/roulette/wheels/{wheel_id}/bets", status_code=201)
async def rf_bets(wheel_id: UUID, body: RfBetsCreate) -> dict:
    return {"wheel_id": str(wheel_id), "jogada_id": f"bare-{next(_jogadas)}", "slip": 1,
            "bets": len(body.bets)}
