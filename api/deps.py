"""FastAPI dependencies as ``Annotated`` aliases: the ledger, the caller, role checks.

Every dependency here is ``async`` and does not block: FastAPI would otherwise run it in the
threadpool even on the money endpoints' hot path.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from api.auth import Caller, authenticate
from infra.container import Ledger


def bearer_key(request: Request) -> str | None:
    """The API key of ``Authorization: Bearer <key>``, or None. Read from the raw ASGI headers
    (the first one, as ``request.headers.get`` would): building ``request.headers`` cost a
    money command more than the rest of authentication."""
    for name, value in request.scope["headers"]:
        if name == b"authorization":
            header = value.decode("latin-1")
            break
    else:
        return None
    if not header:
        return None
    scheme, _, key = header.partition(" ")
    key = key.strip()
    return key if scheme.lower() == "bearer" and key else None


async def get_ledger(request: Request) -> Ledger:
    return request.app.state.ledger


LedgerDep = Annotated[Ledger, Depends(get_ledger)]


async def get_caller(request: Request) -> Caller:
    """One dependency, not a chain: each level of FastAPI dependency costs every request."""
    state = request.app.state
    return await authenticate(state.ledger, state.principal_cache, bearer_key(request))


CurrentCaller = Annotated[Caller, Depends(get_caller)]


def require_roles(*roles: str):
    """A dependency that lets through only callers with one of ``roles`` (else 403)."""

    async def check(request: Request) -> Caller:
        return (await get_caller(request)).require_role(*roles)

    check.__name__ = f"require_{'_or_'.join(roles)}"
    return check


OperatorCaller = Annotated[Caller, Depends(require_roles("operator"))]
# Withdrawals: an operator, or the player itself (checked against the path by the route).
CashierCaller = Annotated[Caller, Depends(require_roles("operator", "player"))]
# A player's own data: the player itself and every staff role.
AccountReader = Annotated[
    Caller, Depends(require_roles("player", "operator", "auditor", "complaint_handler"))]
# Ledger-wide reports.
AuditReader = Annotated[Caller, Depends(require_roles("operator", "auditor"))]
# Game routes: a player or an operator acting for one; a player alone; anyone; staff reviewers.
PlayerOrOperator = Annotated[Caller, Depends(require_roles("player", "operator"))]
PlayerCaller = Annotated[Caller, Depends(require_roles("player"))]
Anyone = Annotated[Caller, Depends(require_roles("player", "operator", "auditor",
                                                 "complaint_handler"))]
Reviewer = Annotated[Caller, Depends(require_roles("operator", "auditor", "complaint_handler"))]
