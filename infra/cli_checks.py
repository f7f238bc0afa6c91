"""``ledger verify`` (replay every account and check the money) and ``ledger health`` (the
report of GET /health, infra/health.py). Both only read."""

from __future__ import annotations

import argparse
import json
import threading
from typing import Any

from infra.cli_common import err, open_ledger, out, progress, require_ledger
from infra.settings import Settings, parse_database_url


def cmd_verify(settings: Settings, args: argparse.Namespace) -> int:
    from infra.verify import verify

    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        report = verify(ledger, progress=lambda p, h: progress("replay")("accounts", p, h))
    finally:
        ledger.shutdown()
    summary = (f"{report.accounts} accounts replayed from {report.events} account events up to"
               f" position {report.head}; sum of balances {report.total_cents} cents")
    if report.skipped:
        summary += f"; {report.skipped} accounts changed during the check were not compared"
    if not report.ok:
        out(f"VERIFY FAILED: {summary}")
        for problem in report.problems:
            out(f"  - {problem}")
        return 1
    out(f"VERIFY OK: {summary}; no wallet negative; snapshots and the balances projection"
        " agree with the events")
    return 0


def cmd_health(settings: Settings, args: argparse.Namespace) -> int:
    target = parse_database_url(settings.database_url)
    result: dict[str, Any] = {"status": "degraded", "backend": target.backend,
                              "certification_mode": settings.certification,
                              "error": "database_timeout"}
    ok = [False]

    def probe() -> None:
        from infra.dbcheck import DatabaseMissing
        from infra.dbcheck import require_ledger as check
        from infra.health import health_report

        try:
            check(target)  # creates nothing where there is no ledger
        except DatabaseMissing as missing:
            result.update(error=missing.code, message=str(missing))
            return
        try:
            ledger = open_ledger(settings)
        except Exception as error:
            result["error"] = type(error).__name__
            return
        try:
            ok[0], body = health_report(ledger)
            result.clear()
            result.update(body)
        finally:
            ledger.shutdown()

    thread = threading.Thread(target=probe, daemon=True)  # a dead database may hang the driver
    thread.start()
    thread.join(args.timeout)
    if "message" in result:  # no ledger there, or no answer: said in one line
        err(f"ledger: error: {result['message']}")
    out(json.dumps(dict(result)))
    return 0 if ok[0] and not thread.is_alive() else 1
