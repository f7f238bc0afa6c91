"""FastAPI dependencies as ``Annotated`` aliases: the ledger, the caller, role checks.

Every dependency here is ``async`` and does not block: FastAPI would otherwise run it in the
threadpool even on the money endpoints' hot path.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from api.auth import Caller, PrincipalCache, authenticate
from infra.container import Ledger

_bearer = HTTPBearer(auto_error=False, scheme_name="ApiKey",
                     description="`Authorization: Bearer <api key>`")


async def get_ledger(request: Request) -> Ledger:
    return request.app.state.ledger


LedgerDep = Annotated[Ledger, Depends(get_ledger)]


async def get_caller(
    request: Request,
    ledger: LedgerDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Caller:
    cache: PrincipalCache = request.app.state.principal_cache
    return await authenticate(ledger, cache, credentials.credentials if credentials else None)


CurrentCaller = Annotated[Caller, Depends(get_caller)]


def require_roles(*roles: str):
    """A dependency that lets through only callers with one of ``roles`` (else 403)."""

    async def check(caller: CurrentCaller) -> Caller:
        return caller.require_role(*roles)

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
