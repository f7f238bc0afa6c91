"""Liveness and readiness: backend, certification mode, event and projection positions (the
report of infra/services/health.py, which ``ledger health`` prints too)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from api.deps import LedgerDep
from api.schemas import HealthPublic
from infra.services.health import health_report

router = APIRouter(tags=["health"])


@router.get("/health", response_model=HealthPublic,
            responses={503: {"model": HealthPublic, "description": "Database unreachable"}})
def read_health(ledger: LedgerDep) -> Any:
    """Report status, backend, certification mode, event position and projection lag, and
    whether the bootstrap operator key is ``active``, ``disabled`` or ``not_configured``.
    No API key needed."""
    ok, body = health_report(ledger)
    return body if ok else JSONResponse(body, status_code=503)
