"""Reports on the complaint cases (issue 16), from the projection "complaint_cases"
(projections/complaints.py): the cases OPENED in a period (``since`` inclusive, ``until``
exclusive, on ``opened_at``), counted in all and by case type, channel and outcome, each group
with:

- ``cases``, ``acknowledged``, ``resolved`` (the cases with a resolution in force: a reopened
  case is not resolved until it is resolved again);
- ``hours_to_acknowledge`` and ``hours_to_resolve``: ``count``, ``median`` and ``p90`` of the
  time from ``opened_at`` to ``acknowledged_at`` / ``resolved_at`` (the last resolution), in
  calendar hours (not working days) with one decimal, rounded half up. Both are nearest-rank
  percentiles, computed here in Python from the rows: the p-th percentile of n sorted values
  is the ⌈p·n/100⌉-th, so the median of an even count is the lower of the two middle values
  (never a mean: every figure is a duration that happened). None when no case has one;
- ``compensation_paid_cents`` (every payment of these cases, whenever paid) and
  ``compensation_by_kind`` (``payment``, ``correction``, ``game_refund``).

Outcomes are ``upheld``, ``partly_upheld``, ``rejected``, and ``none`` for the cases without a
resolution in force. Every case type, channel and outcome is listed, 0 included, in a fixed
order: the same period gives the same report. ``report`` answers a dict (JSON);
``report_rows`` the same as flat rows and ``report_csv`` those rows as CSV text with a header.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy import Engine, select

from domain.complaints.case import CHANNELS, OUTCOMES
from domain.complaints.decision import COMPENSATION_KINDS
from domain.complaints.policy import CASE_TYPES
from projections.complaints import complaint_case_events as events_t
from projections.complaints import complaint_cases as cases_t
from projections.money import from_db, to_utc

NO_OUTCOME = "none"
DIMENSIONS = (("case_type", CASE_TYPES), ("channel", CHANNELS),
              ("outcome", (*OUTCOMES, NO_OUTCOME)))
CSV_COLUMNS = ("dimension", "value", "cases", "acknowledged", "resolved",
               "hours_to_acknowledge_median", "hours_to_acknowledge_p90",
               "hours_to_resolve_median", "hours_to_resolve_p90", "compensation_paid_cents",
               *(f"compensation_{kind}_cents" for kind in COMPENSATION_KINDS))
_HOUR = Decimal(3600)


def nearest_rank(values: Iterable[float], percent: float) -> float | None:
    """The nearest-rank percentile: the ⌈percent·n/100⌉-th smallest of the n values (the
    smallest for 0); None for no values."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = max(1, math.ceil(percent * len(ordered) / 100))
    return ordered[rank - 1]


def hours(seconds: float | None) -> float | None:
    """Seconds as hours with one decimal, rounded half up (as the CSV writes them)."""
    if seconds is None:
        return None
    return float((Decimal(str(seconds)) / _HOUR).quantize(Decimal("0.1"), ROUND_HALF_UP))


def _durations(values: list[float]) -> dict[str, Any]:
    return {"count": len(values), "median": hours(nearest_rank(values, 50)),
            "p90": hours(nearest_rank(values, 90))}


def period_cases(engine: Engine, since: datetime, until: datetime) -> list[dict[str, Any]]:
    """The cases opened in [since, until), each with ``compensation_by_kind``."""
    t, e = cases_t, events_t
    with engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(
            select(t.c.case_id, t.c.case_type, t.c.channel, t.c.outcome, t.c.opened_at,
                   t.c.acknowledged_at, t.c.resolved_at, t.c.compensation_paid_cents)
            .where(t.c.opened_at >= to_utc(since), t.c.opened_at < to_utc(until))
            .order_by(t.c.opened_position))]
        paid = conn.execute(
            select(e.c.case_id, e.c.detail).join(t, t.c.case_id == e.c.case_id)
            .where(e.c.kind == "compensation_paid", t.c.opened_at >= to_utc(since),
                   t.c.opened_at < to_utc(until))
            .order_by(e.c.notification_id)).all()
    by_case: dict[str, dict[str, int]] = {}
    for case_id, detail in paid:
        payment = json.loads(detail)
        kinds = by_case.setdefault(case_id, {})
        kinds[payment["kind"]] = kinds.get(payment["kind"], 0) + payment["amount_cents"]
    for row in rows:
        for key in ("opened_at", "acknowledged_at", "resolved_at"):
            row[key] = from_db(row[key])
        row["outcome"] = row["outcome"] or NO_OUTCOME
        row["compensation_by_kind"] = by_case.get(row["case_id"], {})
    return rows


def _stats(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def since_opened(key: str) -> list[float]:
        return [(r[key] - r["opened_at"]).total_seconds() for r in rows if r[key] is not None]

    by_kind = dict.fromkeys(COMPENSATION_KINDS, 0)
    for row in rows:
        for kind, cents in row["compensation_by_kind"].items():
            by_kind[kind] = by_kind.get(kind, 0) + cents
    return {"cases": len(rows),
            "acknowledged": sum(r["acknowledged_at"] is not None for r in rows),
            "resolved": sum(r["resolved_at"] is not None for r in rows),
            "hours_to_acknowledge": _durations(since_opened("acknowledged_at")),
            "hours_to_resolve": _durations(since_opened("resolved_at")),
            "compensation_paid_cents": sum(r["compensation_paid_cents"] for r in rows),
            "compensation_by_kind": by_kind}


def report(engine: Engine, *, since: datetime, until: datetime) -> dict[str, Any]:
    """The period's report: ``since``, ``until`` (ISO 8601, UTC), ``total`` and
    ``by_case_type``, ``by_channel``, ``by_outcome`` (value → the same figures)."""
    rows = period_cases(engine, since, until)
    out: dict[str, Any] = {"since": to_utc(since).isoformat(), "until": to_utc(until).isoformat(),
                           "total": _stats(rows)}
    for dimension, values in DIMENSIONS:
        out[f"by_{dimension}"] = {value: _stats([r for r in rows if r[dimension] == value])
                                  for value in values}
    return out


def _flat(dimension: str, value: str, stats: dict[str, Any]) -> dict[str, Any]:
    ack, res = stats["hours_to_acknowledge"], stats["hours_to_resolve"]
    return {"dimension": dimension, "value": value, "cases": stats["cases"],
            "acknowledged": stats["acknowledged"], "resolved": stats["resolved"],
            "hours_to_acknowledge_median": ack["median"], "hours_to_acknowledge_p90": ack["p90"],
            "hours_to_resolve_median": res["median"], "hours_to_resolve_p90": res["p90"],
            "compensation_paid_cents": stats["compensation_paid_cents"],
            **{f"compensation_{kind}_cents": stats["compensation_by_kind"].get(kind, 0)
               for kind in COMPENSATION_KINDS}}


def report_rows(engine: Engine, *, since: datetime, until: datetime) -> list[dict[str, Any]]:
    """The report as rows with the keys ``CSV_COLUMNS``: first ``total``/``all``, then one
    row per case type, channel and outcome."""
    found = report(engine, since=since, until=until)
    rows = [_flat("total", "all", found["total"])]
    for dimension, values in DIMENSIONS:
        rows += [_flat(dimension, value, found[f"by_{dimension}"][value]) for value in values]
    return rows


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    return f"{value:.1f}" if isinstance(value, float) else value


def report_csv(rows: list[dict[str, Any]]) -> str:
    """``report_rows`` as CSV text (RFC 4180, CRLF line ends): a header of ``CSV_COLUMNS``,
    then the rows; amounts in cents, times in hours with one decimal, empty when none."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow([_cell(row[column]) for column in CSV_COLUMNS])
    return out.getvalue()
