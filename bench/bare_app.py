"""The framework's ceiling: a bare FastAPI endpoint that only validates the money request body.

Served by the benchmark with the same uvicorn settings as the ledger (one worker, no access log).
"""

from __future__ import annotations

from uuid import UUID

from fastapi import FastAPI

try:  # the very same request model the ledger validates
    from api.schemas import DepositCreate as Body
except Exception:  # pragma: no cover - before the API existed
    from pydantic import BaseModel, ConfigDict, StrictInt

    class Body(BaseModel):  # type: ignore[no-redef]
        model_config = ConfigDict(extra="forbid")
        amount_cents: StrictInt
        idempotency_key: str
        payment_method: str = "bank_transfer"

app = FastAPI()


@app.post("/players/{player_id}/deposits", status_code=201)
async def deposit(player_id: UUID, body: Body) -> dict:
    return {"player_id": str(player_id), "amount_cents": body.amount_cents}
