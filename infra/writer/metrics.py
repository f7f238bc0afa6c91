"""The writer's Prometheus metrics: commands by type and outcome, group sizes, commit times,
and the open jogadas per game, counted where the commands run (the writer); and the complaint
cases open and overdue by state, read from their projection by the process that serves
``GET /metrics`` (``complaint_counts``).

Each ``GroupCommitWriter`` holds a ``WriterMetrics`` with a registry of its own (plain
in-process counters: no multiprocess files). ``GET /metrics`` in the HTTP process asks the
writer for them with a read-only command, ``scrape``, sent like any other (over the writer
process's socket under ``ledger serve``, to the writer thread with ``--single-process`` and in
the tests); the command answers the writer's exposition text, which the HTTP process appends to
its own (api/metrics.py). The scrape command itself is not counted.

Costs on the hot path: a dict lookup and an ``inc`` per command, one histogram observation per
group and one per commit (about a microsecond each).
"""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily

from domain.complaints.calendar import lisbon_date
from domain.kernel.command import Command, command
from projections.complaint_queries import open_counts, overdue_counts

OK, REFUSED, ERROR = "ok", "refused", "error"
SCRAPE = "metrics_scrape"  # the name of the scrape's own command: not counted
_MOST_NAMES = 200  # distinct command names; more (a bug) are counted as "other"

GROUP_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)
COMMIT_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class WriterMetrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=False)
        self.commands = Counter(
            "ledger_commands", "Commands run by the writer, by command type and outcome (ok; "
            "refused: a rule said no, recorded refusals included; error: anything else, a "
            "conflict that outlived the retries included)", ["command", "outcome"],
            registry=self.registry)
        self.group_size = Histogram(
            "ledger_writer_group_size", "Commands in one group (one transaction) of the writer",
            buckets=GROUP_BUCKETS, registry=self.registry)
        self.commit_seconds = Histogram(
            "ledger_writer_commit_seconds", "Time to save one group's events in one transaction",
            buckets=COMMIT_BUCKETS, registry=self.registry)
        self._children: dict[tuple[str, str], Any] = {}
        self.open_jogadas: dict[str, int] | None = None  # set by each scrape
        self.registry.register(_OpenJogadas(self))

    def count(self, name: str, outcome: str) -> None:
        child = self._children.get((name, outcome))
        if child is None:
            if name == SCRAPE:
                return
            label = name if len(self._children) < _MOST_NAMES else "other"
            child = self._children[(name, outcome)] = self.commands.labels(label, outcome)
        child.inc()

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


class _OpenJogadas:
    def __init__(self, metrics: WriterMetrics) -> None:
        self.metrics = metrics

    def collect(self) -> Any:
        counts = self.metrics.open_jogadas
        if counts is None:
            return
        family = GaugeMetricFamily("ledger_open_jogadas",
                                   "Jogadas opened and not yet settled or voided, per game",
                                   labels=["game"])
        for game, count in counts.items():
            family.add_metric([game], count)
        yield family


def open_jogadas(uow: Any) -> dict[str, int]:
    """The open jogadas of each game, from the aggregates the writer holds (each game's
    ``open_jogadas``: its registry lists every table or room)."""
    return {game.name: game.open_jogadas(uow) for game in uow.games
            if game.open_jogadas is not None}


@command(SCRAPE, read_only=True)
class Scrape(Command):
    """The writer's exposition text (records nothing)."""


def scrape(uow: Any, cmd: Scrape | None = None) -> bytes:
    metrics: WriterMetrics = uow.metrics
    metrics.open_jogadas = open_jogadas(uow)
    return metrics.exposition()


def complaint_counts(ledger: Any) -> dict[str, dict[str, int]] | None:
    """``{"open": {state: n}, "overdue": {state: n}}`` from the projection "complaint_cases"
    (projections/complaint_queries.py), every open state listed, 0 included; today is the
    Lisbon date of the ledger's clock. None without projections."""
    if ledger.projections is None:
        return None
    engine = ledger.projections.engine
    return {"open": open_counts(engine),
            "overdue": overdue_counts(engine, lisbon_date(ledger.clock.now()))}
