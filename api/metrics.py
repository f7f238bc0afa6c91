"""Prometheus metrics of the HTTP process, and the whole ``GET /metrics`` exposition.

- ``ledger_http_requests_total{method, route, status}`` and
  ``ledger_http_request_duration_seconds{method, route}``: observed by the request middleware
  (api/middleware.py), which already times every request. ``route`` is the route's template
  (``/players/{player_id}/deposits``), never the raw path, and ``unmatched`` when no route
  matched: the number of series stays bounded whatever clients send. The labelled children are
  cached per (route, method, status), so a request costs a dict lookup, an ``inc`` and an
  ``observe`` (a few µs).
- ``ledger_event_position``, ``ledger_projection_position{projection}``,
  ``ledger_projection_lag_events{projection}``: read at scrape time, as ``GET /health`` does;
  ``ledger_audit_unsealed_events``, ``ledger_audit_checkpoint_tree_size``: the sealer's.
- ``ledger_complaints_open{state}`` and ``ledger_complaints_overdue{state}``: the complaint
  cases open (not resolved or closed) and overdue (past their deadline, not awaiting the
  player) in each open state, read from their projection at scrape time, today being the
  Lisbon date of the ledger's clock (infra/writer/metrics.py ``complaint_counts``).
- the writer's families (commands, groups, commits, open jogadas: infra/writer/metrics.py), fetched
  from the writer with its ``scrape`` command.
- ``ledger_scrape_ok{part}``: 0 when the database or the writer could not be read in time
  (their families are then missing from this scrape).

One registry per app (tests build many apps in one process); nothing is written to files.
"""

from __future__ import annotations

import asyncio
from typing import Any

import structlog
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from starlette.concurrency import run_in_threadpool

from infra.services.health import health_report
from infra.writer import metrics as writer_metrics

log = structlog.get_logger("ledger.metrics")
DURATION_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                    2.5, 5.0, 10.0)
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
WRITER_TIMEOUT = 5.0  # seconds a scrape waits for the writer's part
COMPLAINTS_TIMEOUT = 3.0  # seconds a scrape waits for the complaint counts


class HttpMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self.requests = Counter("ledger_http_requests", "HTTP requests answered, by method, "
                                "route template and status", ["method", "route", "status"],
                                registry=self.registry)
        self.duration = Histogram("ledger_http_request_duration_seconds",
                                  "Time from the request's arrival to its answer, by method and "
                                  "route template", ["method", "route"],
                                  buckets=DURATION_BUCKETS, registry=self.registry)
        # By the route's id (routes live as long as the app; APIRoute is not hashable).
        self._children: dict[tuple[int, str, int], tuple[Any, Any]] = {}

    def observe(self, scope: dict[str, Any], status: int, seconds: float) -> None:
        """Called once per answered request: keep it a dict lookup in the common case."""
        route, method = scope.get("route"), scope.get("method", "")
        children = self._children.get((id(route), method, status))
        if children is None:
            children = self._new_children(route, method, status)
        children[0].inc()
        children[1].observe(seconds)

    def _new_children(self, route: Any, method: str, status: int) -> tuple[Any, Any]:
        template = getattr(route, "path", None) or "unmatched"
        label = method if method in _METHODS else "other"
        children = (self.requests.labels(label, template, str(status)),
                    self.duration.labels(label, template))
        if method in _METHODS:  # a made-up method is not cached: the cache stays bounded too
            self._children[(id(route), method, status)] = children
        return children


class _Positions:
    """The event log's head and each projection's position, as a collector."""

    def __init__(self, head: int, positions: dict[str, int],
                 audit: dict[str, Any] | None = None) -> None:
        self.head, self.positions, self.audit = head, positions, audit

    def collect(self) -> Any:
        yield GaugeMetricFamily("ledger_event_position",
                                "Notification id of the last event in the store", value=self.head)
        position = GaugeMetricFamily("ledger_projection_position",
                                     "Last event applied by each projection", labels=["projection"])
        lag = GaugeMetricFamily("ledger_projection_lag_events",
                                "Events each projection is behind the head of the log",
                                labels=["projection"])
        for name, at in self.positions.items():
            position.add_metric([name], at)
            lag.add_metric([name], max(0, self.head - at))
        yield position
        yield lag
        if self.audit is not None:  # the tamper-evident record (docs/audit.md)
            yield GaugeMetricFamily("ledger_audit_unsealed_events", "Events the sealer has not"
                                    " bound into the hash chain and Merkle tree yet",
                                    value=self.audit["unsealed_events"])
            last = self.audit["last_checkpoint"]
            yield GaugeMetricFamily("ledger_audit_checkpoint_tree_size", "Events covered by the"
                                    " last signed checkpoint (0: none yet)",
                                    value=0 if last is None else last["tree_size"])


class _Complaints:
    """The complaint cases open and overdue, by state."""

    def __init__(self, counts: dict[str, dict[str, int]]) -> None:
        self.counts = counts

    def collect(self) -> Any:
        for name, what in (("open", "Complaint cases not resolved or closed, by state"),
                           ("overdue", "Open complaint cases past their deadline (not"
                            " awaiting the player), by state")):
            family = GaugeMetricFamily(f"ledger_complaints_{name}", what, labels=["state"])
            for state, count in self.counts[name].items():
                family.add_metric([state], count)
            yield family


class _ScrapeOk:
    def __init__(self, parts: dict[str, bool]) -> None:
        self.parts = parts

    def collect(self) -> Any:
        family = GaugeMetricFamily("ledger_scrape_ok", "1 when this part of the metrics could be "
                                   "read for this scrape, else 0", labels=["part"])
        for part, ok in self.parts.items():
            family.add_metric([part], 1 if ok else 0)
        yield family


async def exposition(ledger: Any, http: HttpMetrics) -> bytes:
    """The text of ``GET /metrics``: this process's families, the projections' and the
    writer's (distinct family names, so the parts concatenate into one valid exposition)."""
    parts = [generate_latest(http.registry)]
    ok, body = await run_in_threadpool(health_report, ledger)
    if ok:
        parts.append(generate_latest(_Positions(body["event_position"],  # type: ignore[arg-type]
                                                body["projections"], body.get("audit"))))
    complaints_ok = False
    if ok:
        try:
            counts = await asyncio.wait_for(run_in_threadpool(
                writer_metrics.complaint_counts, ledger), COMPLAINTS_TIMEOUT)
            if counts is not None:
                parts.append(generate_latest(_Complaints(counts)))  # type: ignore[arg-type]
            complaints_ok = True
        except Exception as error:  # the database too slow: say so, answer the rest
            log.warning("metrics_complaints_unavailable", error=f"{type(error).__name__}: {error}")
    try:
        parts.append(await asyncio.wait_for(
            ledger.writer.run_async(writer_metrics.Scrape(), writer_metrics.SCRAPE), WRITER_TIMEOUT))
        writer_ok = True
    except Exception as error:  # the writer restarting, or too busy: say so, answer the rest
        log.warning("metrics_writer_unavailable", error=f"{type(error).__name__}: {error}")
        writer_ok = False
    scraped = {"database": ok, "writer": writer_ok, "complaints": complaints_ok}
    parts.append(generate_latest(_ScrapeOk(scraped)))  # type: ignore[arg-type]
    return b"".join(parts)
