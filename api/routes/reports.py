"""Ledger-wide reports: the cash movement log and the accounts audit."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query

from api.deps import AuditReader, LedgerDep
from api.ledger_access import fresh_engine
from api.routes.responses import errors
from api.schemas import (
    AccountsAuditPublic,
    CashMovementsPublic,
    LogPosition,
    QueryInstant,
    text_param,
)
from domain.kernel.text import check_text
from projections import queries

router = APIRouter(tags=["reports"])


@router.get("/cash-movements", response_model=CashMovementsPublic,
            responses=errors(401, 403, 422, 503))
def list_cash_movements(
    ledger: LedgerDep,
    caller: AuditReader,
    kind: Annotated[Literal["deposit", "withdrawal", "correction"] | None, Query()] = None,
    since: Annotated[QueryInstant | None, Query(description="ISO 8601; UTC if no offset")] = None,
    until: Annotated[QueryInstant | None, Query()] = None,
    include_refused: bool = True,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 1000,
    after_id: Annotated[LogPosition | None, Query(description="Page on: next_after_id")] = None,
) -> dict:
    """List deposits and withdrawals with time, instrument, player, amount and type, refused
    attempts included (903-B 5.4.1(5)–(8), 5.4.2(7)–(9)), and their corrections (903-B 1.5:
    kind ``correction``, ``corrects`` naming the original), oldest first."""
    items = queries.cash_movements(fresh_engine(ledger), kind=kind, since=since,
                                   until=until, include_refused=include_refused,
                                   limit=limit, after_id=after_id)
    next_after = items[-1]["notification_id"] if len(items) == limit else None
    return {"data": items, "count": len(items), "next_after_id": next_after}


@router.get("/audit/accounts", response_model=AccountsAuditPublic,
            responses=errors(401, 403, 422, 503))
def audit_accounts(
    ledger: LedgerDep,
    caller: AuditReader,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 1000,
    after_code: Annotated[str | None, Query(**text_param(200, description="Page on: "
                                                              "next_after_code"))] = None,
) -> dict:
    """List the accounts by code, a page at a time, with the number and the balance total of
    all of them: double entry keeps the total at 0 (903-B 5.5.1(1))."""
    if after_code is not None:
        check_text(after_code, "after_code", 200)  # 903-B 7.9.1
    accounts, account_count, total = queries.accounts_page(
        fresh_engine(ledger), limit=limit, after_code=after_code)
    next_after = accounts[-1]["account_code"] if len(accounts) == limit else None
    return {"data": accounts, "count": len(accounts), "account_count": account_count,
            "total_cents": total, "balanced": total == 0, "next_after_code": next_after}
