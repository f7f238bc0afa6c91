"""Corrections of transfers: a new, opposite transfer that points at the original (903-B 1.5)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict

from api.deps import LedgerDep, OperatorCaller
from api.routes.responses import errors
from api.schemas import Text, TransferIdPath

router = APIRouter(tags=["corrections"])
CorrectionReason = Text(500)  # kept on the correcting transfer (903-B 1.5; 7.9.1)


class CorrectionCreate(BaseModel):
    """Why the transfer is undone; kept on the correcting transfer."""

    model_config = ConfigDict(extra="forbid")
    reason: CorrectionReason


class CorrectionPublic(BaseModel):
    transfer_id: str
    corrects: str
    from_code: str
    to_code: str
    amount_cents: int
    reason: str
    at: str


@router.post("/transfers/{transfer_id}/corrections", status_code=201,
             response_model=CorrectionPublic, responses=errors(401, 403, 404, 409, 422, 503))
def create_correction(transfer_id: TransferIdPath, body: CorrectionCreate, ledger: LedgerDep,
                      caller: OperatorCaller) -> dict[str, Any]:
    """Undo a posted transfer with an opposite one (nothing is edited or deleted, 903-B 1.5).
    At most once per transfer: the same reason again answers the same correction; another
    reason is a 409. The correction obeys the wallet floor (903-B 5.2.2(3))."""
    return ledger.correct_transfer(transfer_id, reason=body.reason, actor=caller.actor)
