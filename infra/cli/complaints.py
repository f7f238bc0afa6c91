"""``ledger complaints``: the complaint cases from the console (issue 16; docs/complaints.md), read
from the read models as the projection worker left them: the handlers' queue (overdue first)
and a period's report, as text, JSON or CSV. Reads only."""

from __future__ import annotations

import argparse
import json
from typing import Any

from infra.cli.audit import _time
from infra.cli.common import open_ledger, out, require_ledger, usage
from infra.runtime.settings import Settings


def _read(settings: Settings, read: Any) -> Any:
    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        from domain.complaints.calendar import lisbon_date

        return read(ledger.projections.engine, lisbon_date(ledger.clock.now()))
    finally:
        ledger.shutdown()


def cmd_complaints_queue(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections.complaint_queries import queue

    rows = _read(settings, lambda engine, today: queue(engine, today=today, limit=args.limit))
    if args.json:
        out(json.dumps(rows, default=str, ensure_ascii=False))
        return 0
    for row in rows:
        mark = "OVERDUE" if row["overdue"] else ("paused" if row.get("paused") else "")
        out(f"{row['reference']}\t{row['state']}\tdue {row['due']}\t{mark}\t{row['case_type']}"
            f"\t{row['channel']}\t{row['subject']}")
    out(f"{len(rows)} open case(s), {sum(r['overdue'] for r in rows)} overdue")
    return 0


def cmd_complaints_report(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections.complaint_reports import report, report_csv, report_rows

    since, until = _time(args.since, "since"), _time(args.until, "until")
    if since >= until:
        return usage("--since must be before --until")
    if args.csv:
        out(_read(settings, lambda engine, _: report_csv(
            report_rows(engine, since=since, until=until))).rstrip("\n"))
    else:
        out(json.dumps(_read(settings, lambda engine, _: report(engine, since=since,
                                                                 until=until)),
                       default=str, ensure_ascii=False))
    return 0

