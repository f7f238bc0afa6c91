"""What the complaint routes share (api/routes/complaints.py, api/routes/complaint_reads.py):
who may act on a case, the case's path parameter, the error answers, and the way in to the
complaint service (``ledger.complaints``, infra/complaints/service.py)."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import Depends, Path

from api.auth import Caller
from api.deps import require_roles
from api.routes.responses import errors
from infra.container import Ledger

# Handlers' actions: complaint handlers and operators.
HandlerCaller = Annotated[Caller, Depends(require_roles("complaint_handler", "operator"))]
# Opening a case, a note, the player's answer: the player itself, handlers and operators.
CaseActor = Annotated[Caller, Depends(require_roles("player", "complaint_handler", "operator"))]
CaseId = Annotated[UUID, Path(description="The case (its id, not its reference)")]

ACTION = errors(401, 403, 404, 409, 422, 503)
READ = errors(401, 403, 404, 422, 503)


def complaints(ledger: Ledger) -> Any:
    return ledger.complaints
