"""The health report: backend, certification mode, event and projection positions, the
bootstrap key's status. ``GET /health`` (api/routes/health.py), ``GET /metrics``
(api/metrics.py) and ``ledger health`` (infra/cli/checks.py) all answer with it.

The database is probed in a helper thread with a deadline (``HEALTH_TIMEOUT``): the event
store's own retries could otherwise keep a health probe waiting for a minute when PostgreSQL
is down.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from infra.container import Ledger

HEALTH_TIMEOUT = 3.0
_probes = ThreadPoolExecutor(max_workers=2, thread_name_prefix="ledger-health")


def _positions(ledger: Ledger) -> tuple[int, dict[str, int], str, dict[str, Any] | None]:
    head = ledger.app.recorder.max_notification_id() or 0
    positions = ledger.projections.positions() if ledger.projections is not None else {}
    audit = ledger.audit.status() if ledger.audit is not None else None
    return head, positions, ledger.bootstrap_key_status(), audit


def health_report(ledger: Ledger, timeout: float = HEALTH_TIMEOUT) -> tuple[bool, dict[str, Any]]:
    """``(ok, body)``: ok is False when the database cannot be reached in time."""
    body: dict[str, Any] = {"status": "ok", "backend": ledger.backend,
                            "certification_mode": ledger.certification}
    try:
        head, positions, bootstrap, audit = _probes.submit(_positions, ledger).result(timeout=timeout)
    except FutureTimeout:
        body.update(status="degraded", error="database_timeout")
        return False, body
    except Exception as error:
        body.update(status="degraded", error=type(error).__name__)
        return False, body
    lowest = min(positions.values(), default=head)
    body.update(event_position=head, projections=positions, projection_lag=max(0, head - lowest),
                bootstrap_key=bootstrap)
    if audit is not None:  # the tamper-evident record: how far sealed and signed (issue 15)
        body["audit"] = {**audit, "unsealed_events": max(0, head - audit["sealed_through"])}
    if ledger.projections is not None and ledger.projections.last_error:
        body["projection_error"] = ledger.projections.last_error
    return True, body
