"""``ledger verify`` (the auditor's whole check of the record, infra/verify/) and ``ledger
health`` (the report of GET /health, infra/services/health.py). Both only read the ledger (verify
rebuilds the read models into a scratch database it drops afterwards)."""

from __future__ import annotations

import argparse
import json
import threading
from typing import Any

from infra.cli.common import (
    err,
    open_ledger,
    out,
    progress,
    public_keys,
    require_ledger,
    usage,
)
from infra.runtime.settings import Settings, parse_database_url


def cmd_verify(settings: Settings, args: argparse.Namespace) -> int:
    """The whole check (infra/verify/): progress on stderr, the summary on stdout (on stderr
    when the JSON report goes to stdout), exit 1 on any problem."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.verify import choose, verify

    names = choose(_flat(args.only), _flat(args.skip))
    try:
        keys = public_keys(args.public_key)
    except ValueError as error:
        return usage(f"--public-key: {error}")
    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        report = verify(ledger, names, progress=progress("verify"), trusted_keys=keys)
        if args.report and not report["ok"]:
            _report_failures(ledger, report)
    finally:
        ledger.shutdown()
    if args.json == "-":
        out(json.dumps(report, indent=2))
    elif args.json:
        with open(args.json, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=2)
            file.write("\n")
    say = err if args.json == "-" else out
    for line in summary_lines(report):
        say(line)
    return 0 if report["ok"] else 1


def _report_failures(ledger: Any, report: dict[str, Any]) -> None:
    """``--report``: each failing section recorded in the ledger as an integrity failure
    (IntegrityFailureReported, listed by GET /significant-events): the one write verify
    makes, and only when asked."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from domain.core_commands import ReportIntegrityFailure

    for name, section in report["sections"].items():
        if section["ok"]:
            continue
        found = section["problems"]
        first = found[0] if found else {}
        detail = f"{len(found)} problems; the first: " + "\n".join(
            p["message"] for p in found[:20])
        ledger.run(ReportIntegrityFailure(
            source="verify", check=name, detail=detail[:4000],
            notification_id=first.get("notification_id"), jogada_id=first.get("jogada_id"),
            checkpoint=first.get("checkpoint")))


def _flat(groups: list[list[str]] | None) -> list[str]:
    return [name for group in groups or () for name in group]


def summary_lines(report: dict[str, Any]) -> list[str]:
    """VERIFY OK / VERIFY FAILED, then a line per section and one per problem."""
    sections = report["sections"].values()
    failed = [s["name"] for s in sections if not s["ok"]]
    if failed:
        head = (f"VERIFY FAILED: {report['problems']} problem(s) up to position {report['head']}"
                f" ({', '.join(failed)})")
    else:
        head = (f"VERIFY OK: up to position {report['head']}, {len(report['sections'])}"
                f" section(s) in {report['seconds']:.1f} s")
    lines = [head]
    for s in sections:
        status = "skipped" if s["status"] == "skipped" else s["status"].upper()
        lines.append(f"  {s['name']}: {status}: {s['summary'].removeprefix('skipped: ')}")
        lines += [f"    - {p['message']}" for p in s["problems"]]
    return lines


def cmd_health(settings: Settings, args: argparse.Namespace) -> int:
    target = parse_database_url(settings.database_url)
    result: dict[str, Any] = {"status": "degraded", "backend": target.backend,
                              "certification_mode": settings.certification,
                              "error": "database_timeout"}
    ok = [False]

    def probe() -> None:
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        from infra.services.health import health_report
        from infra.store.dbcheck import DatabaseMissing

        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        from infra.store.dbcheck import require_ledger as check

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
