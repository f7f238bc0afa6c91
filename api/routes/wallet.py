"""Deposits and withdrawals: the money commands. ``async``: they queue the command on the
group-commit writer and await its Future without holding a threadpool thread.

Idempotency: the same ``idempotency_key`` and body again answers 201 with the very body of
the first answer (or the same refusal) and moves no money; the same key with another body
answers 409 ``idempotency_key_reused``. A refused withdrawal is itself recorded (903-B
5.4.2(9)) and answered 409 ``insufficient_funds`` with rule 903-B 5.2.2(3).
"""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Request
from fastapi.responses import Response

from api.auth import Caller
from api.deps import get_caller
from api.routes.responses import errors
from api.schemas import (
    CashMovementCreate,
    CashMovementPublic,
    DepositCreate,
    WithdrawalCreate,
)
from domain.ledger.wallets import DEPOSIT, WITHDRAWAL
from infra.container import Ledger, unwrap
from infra.writer.rendered import rendered_json

router = APIRouter(prefix="/players/{player_id}", tags=["wallet"])


async def move_cash(ledger: Ledger, operation: str, player_id: UUID, body: CashMovementCreate,
                    caller: Caller) -> Response:
    command = ledger.cash_command(
        operation=operation, player_id=player_id, amount_cents=body.amount_cents,
        idempotency_key=body.idempotency_key, payment_method=body.payment_method,
        actor=caller.actor)
    # If this request is cancelled (client gone, shutdown) the command still runs: cancelling
    # the future we await never reaches the writer, and the outcome stays on record by its key.
    # The writer encodes the answer (infra/writer/rendered.py): this process, the busiest, only
    # passes the bytes on. The result is built by the domain with exactly the public fields;
    # FastAPI's response-model round trip cost ~10 % of a request (the model stays for the docs).
    answer = unwrap(await ledger.writer.submit_async(rendered_json(command), operation))
    return Response(answer, status_code=201, media_type="application/json")


@router.post("/deposits", status_code=201, response_model=CashMovementPublic,
             responses=errors(401, 403, 404, 409, 422, 503))
async def create_deposit(player_id: UUID, body: DepositCreate, request: Request) -> Response:
    """Credit a deposit to the player's wallet at once (903-B 5.4.1(4)). Idempotent by key.
    Operators only."""
    caller = (await get_caller(request)).require_role("operator")  # inline: the hot path
    return await move_cash(request.app.state.ledger, DEPOSIT, player_id, body, caller)


@router.post("/withdrawals", status_code=201, response_model=CashMovementPublic,
             responses=errors(401, 403, 404, 409, 422, 503))
async def create_withdrawal(player_id: UUID, body: WithdrawalCreate,
                            request: Request) -> Response:
    """Pay out from the wallet, never below zero (903-B 5.4.2(2)). Operator or the player itself."""
    caller = (await get_caller(request)).require_role("operator", "player")
    caller.require_player_access(player_id)
    return await move_cash(request.app.state.ledger, WITHDRAWAL, player_id, body, caller)
