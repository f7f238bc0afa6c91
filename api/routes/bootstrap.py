"""The bootstrap operator key (LEDGER_BOOTSTRAP_OPERATOR_KEY): turned off for good once a
registered operator exists (domain/access/bootstrap_key.py). ``GET /health`` reports its state."""

from __future__ import annotations

from fastapi import APIRouter, Request

from api.deps import LedgerDep, OperatorCaller
from api.principal_schemas import BootstrapKeyDisabled
from api.routes.responses import errors

router = APIRouter(tags=["staff"])


@router.post("/bootstrap-key/disable", response_model=BootstrapKeyDisabled,
             responses=errors(401, 403, 409, 503))
def disable_bootstrap_key(request: Request, ledger: LedgerDep, caller: OperatorCaller) -> dict:
    """Disable the bootstrap operator key: from now on it no longer authenticates, even if
    ``LEDGER_BOOTSTRAP_OPERATOR_KEY`` is still set. An operator may do it, the bootstrap key
    itself included (its holder, having registered an operator, turns it off). Refused with
    409 ``no_registered_operator`` while no registered operator has an active key. Recorded
    once, naming its actor (903-B 5.2.2(7)); again, it answers the first disabling."""
    result = ledger.disable_bootstrap_key(actor=caller.actor)
    request.app.state.principal_cache.bootstrap_disabled = True
    return {"bootstrap_key": "disabled", **result}
