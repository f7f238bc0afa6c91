"""Staff members: operators, auditors, complaint handlers."""

from __future__ import annotations

from fastapi import APIRouter

from api.deps import LedgerDep, OperatorCaller
from api.routes.responses import errors
from api.schemas import StaffCreate, StaffCreated

router = APIRouter(prefix="/staff", tags=["staff"])


@router.post("", status_code=201, response_model=StaffCreated,
             responses=errors(401, 403, 422, 503))
def create_staff(body: StaffCreate, ledger: LedgerDep, caller: OperatorCaller) -> dict:
    """Register a staff member. The API key is shown only in this answer."""
    staff_id, api_key = ledger.register_staff(role=body.role, display_name=body.display_name,
                                              actor=caller.actor)
    return {"staff_id": staff_id, "role": body.role, "api_key": api_key}
