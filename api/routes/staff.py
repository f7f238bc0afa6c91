"""Staff members: operators, auditors, complaint handlers. Registration, the listing, API keys,
changes of role."""

from __future__ import annotations

from uuid import UUID

from fastapi import APIRouter, Request

from api.deps import AuditReader, LedgerDep, OperatorCaller, Reviewer
from api.ledger_access import fresh_engine
from api.principal_schemas import (
    NameFilter,
    PageCursor,
    PageLimit,
    StaffKeyRevoked,
    StaffKeyRotated,
    StaffList,
    StaffRoleChange,
    StaffRoleChanged,
    checked_name,
    listed,
)
from api.routes.responses import errors
from api.schemas import StaffCreate, StaffCreated, StaffRole
from domain.access.principals import ACTIVE, REVOKED
from domain.kernel.actors import STAFF_ROLES
from domain.kernel.errors import ForbiddenError
from projections.principals import list_principals

router = APIRouter(prefix="/staff", tags=["staff"])


@router.post("", status_code=201, response_model=StaffCreated,
             responses=errors(401, 403, 422, 503))
def create_staff(body: StaffCreate, ledger: LedgerDep, caller: OperatorCaller) -> dict:
    """Register a staff member. The API key is shown only in this answer."""
    staff_id, api_key = ledger.register_staff(role=body.role, display_name=body.display_name,
                                              actor=caller.actor)
    return {"staff_id": staff_id, "role": body.role, "api_key": api_key}


@router.get("", response_model=StaffList, responses=errors(401, 403, 422, 503))
def list_staff(ledger: LedgerDep, caller: AuditReader, role: StaffRole | None = None,
               name: NameFilter = None, limit: PageLimit = 100,
               cursor: PageCursor = None) -> dict:
    """List staff members (operator, auditor) in registration order (then id), optionally of
    one ``role`` and whose display name contains ``name`` (case-insensitive); page on with
    ``cursor``. The bootstrap key is not a staff member and is not listed."""
    items, next_cursor = list_principals(
        fresh_engine(ledger), roles=(role,) if role else STAFF_ROLES, name=checked_name(name),
        limit=limit, cursor=cursor)
    data = [listed(item, "staff") for item in items]
    return {"data": data, "count": len(data), "next_cursor": next_cursor}


@router.post("/{staff_id}/api-key", status_code=201, response_model=StaffKeyRotated,
             responses=errors(401, 403, 404, 422, 503))
def rotate_staff_key(staff_id: UUID, request: Request, ledger: LedgerDep,
                     caller: Reviewer) -> dict:
    """Give the staff member a new API key (shown only in this answer); the old one stops
    working at once. An operator, or the staff member itself (903-B 7.4.3(2))."""
    if caller.role != "operator" and caller.id != staff_id:
        raise ForbiddenError("a staff member may rotate only its own API key; an operator "
                             "may rotate any", field="staff_id")
    role, api_key = ledger.rotate_api_key(staff_id, kind="staff", actor=caller.actor)
    request.app.state.principal_cache.invalidate([staff_id])
    return {"staff_id": staff_id, "role": role, "api_key": api_key, "key_status": ACTIVE}


@router.post("/{staff_id}/api-key/revocation", response_model=StaffKeyRevoked,
             responses=errors(401, 403, 404, 409, 422, 503))
def revoke_staff_key(staff_id: UUID, request: Request, ledger: LedgerDep,
                     caller: OperatorCaller) -> dict:
    """Revoke the staff member's API key (operator): it stops working at once, until an
    operator rotates it (903-B 7.2.2: access ends when withdrawn). Refused (409
    ``last_active_operator``) for the last registered operator with an active key."""
    at = ledger.revoke_api_key(staff_id, kind="staff", actor=caller.actor)
    request.app.state.principal_cache.invalidate([staff_id])
    return {"staff_id": staff_id, "key_status": REVOKED, "revoked_at": at}


@router.put("/{staff_id}/role", response_model=StaffRoleChanged,
            responses=errors(401, 403, 404, 409, 422, 503))
def change_staff_role(staff_id: UUID, body: StaffRoleChange, request: Request,
                      ledger: LedgerDep, caller: OperatorCaller) -> dict:
    """Give a staff member another staff role, for a reason (operator; GLI-19 §2.8: a
    significant event ``staff_role_changed``). In force at once: the member's next request is
    authorised by the new role. 404 for an id that is not a staff member (a player is never
    given a staff role this way); 422 naming ``role`` for a role that is not a staff role
    (``player`` included), naming ``reason`` for an empty one; 409 naming ``role`` for the
    role it has already (``role_unchanged``) or the last registered operator with an active
    key (``last_active_operator``, 903-B 7.4.3(1))."""
    changed = ledger.change_staff_role(staff_id, role=body.role, reason=body.reason,
                                       actor=caller.actor)
    request.app.state.principal_cache.invalidate([staff_id])
    return changed
