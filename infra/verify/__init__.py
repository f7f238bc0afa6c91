"""``ledger verify``: the auditor's whole check of the record, from the events alone, up to the
head of the log read when it starts (903-B 1.5 "Log", 5.5.1(1), 6.7.2(4), 7.9.1).

The check is a list of named sections (``SECTIONS``), each a function of a ``Context``
returning a ``Result`` (infra/verify/base.py); any of them may be chosen or left out. Each runs
on its own: one that fails, or cannot run, does not stop the others.

- ``integrity`` (integrity.py): the hash chain and the Merkle roots against every signed
  checkpoint, by infra.audit.verify_integrity; skipped where that module is absent.
- ``accounts`` (accounts.py): every account replayed; double entry per transfer and in all;
  no wallet negative; snapshots and the balances projection agree with the replay.
- ``adjudication`` (jogadas.py): every ended jogada re-adjudicated through its game.
- ``rng`` (jogadas.py): every RNG commitment against its reveal; every ended jogada replayed by
  its game, every card and ball re-derived from the revealed seed.
- ``read_models`` (read_models.py): every projection rebuilt into a scratch database and
  compared row by row with the live one.

``verify`` returns the report (what ``ledger verify --json`` writes): the head, when it started
and finished, and per section its status (``ok``, ``failed`` or ``skipped``), counts, seconds,
events read and events per second, and its problems.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import structlog

from infra.verify.accounts import check_accounts
from infra.verify.base import Context, Result, problem
from infra.verify.integrity import check_integrity
from infra.verify.jogadas import check_adjudication, check_rng
from infra.verify.read_models import check_read_models

log = structlog.get_logger("ledger.verify")


@dataclass(frozen=True)
class Section:
    name: str
    what: str  # a line for ``ledger verify --help``
    run: Callable[[Context], Result]


SECTIONS: tuple[Section, ...] = (
    Section("integrity", "the hash chain and the Merkle roots against every signed checkpoint",
            check_integrity),
    Section("accounts", "every account replayed: double entry, no wallet negative, snapshots"
            " and the balances projection agree", check_accounts),
    Section("adjudication", "every ended jogada re-adjudicated through its game",
            check_adjudication),
    Section("rng", "every RNG commitment against its reveal, every card and ball re-derived",
            check_rng),
    Section("read_models", "every read model rebuilt from the events and compared row by row",
            check_read_models),
)
NAMES = tuple(s.name for s in SECTIONS)


def choose(only: Iterable[str] | None = None, skip: Iterable[str] | None = None) -> list[str]:
    """The sections to run, in their order: ``only`` these (default: all) but not ``skip``.
    ValueError naming an unknown section."""
    only, skip = list(only or ()), list(skip or ())
    unknown = [n for n in only + skip if n not in NAMES]
    if unknown:
        raise ValueError(f"unknown section {', '.join(unknown)} (sections: {', '.join(NAMES)})")
    return [n for n in NAMES if (not only or n in only) and n not in skip]


def _run(section: Section, ctx: Context) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        result = section.run(ctx)
    except Exception as error:  # a section that cannot run fails; the others still run
        log.exception("verify_section_failed", section=section.name)
        result = Result(summary="could not run", problems=[problem(
            "error", f"the {section.name} check could not run: {type(error).__name__}:"
            f" {error}")])
    seconds = time.perf_counter() - started
    status = "skipped" if result.skipped else "failed" if result.problems else "ok"
    return {"name": section.name, "status": status, "ok": not result.problems,
            **({"skipped": result.skipped} if result.skipped else {}),
            "summary": result.summary or (f"skipped: {result.skipped}" if result.skipped else ""),
            "counts": result.counts, "events": result.events, "seconds": round(seconds, 3),
            "events_per_second": round(result.events / seconds) if result.events and seconds
            else None,
            "problems": result.problems}


def verify(ledger: Any, sections: Iterable[str] | None = None,
           progress: Callable[[str, int, int, str], None] | None = None, *,
           trusted_keys: dict[str, bytes] | None = None) -> dict[str, Any]:
    """Run ``sections`` (names; default: all) on ``ledger`` (built with its projections, not
    started) up to the head of the log now; ``progress(section, done, total, unit)``
    (infra/verify/base.py ``Progress``; a section's earlier passes as ``section (stage)``);
    ``trusted_keys``: the checkpoint keys the auditor pins (key id -> raw public key)."""
    chosen = [s for s in SECTIONS if sections is None or s.name in set(sections)]
    head = ledger.app.recorder.max_notification_id() or 0
    started_at, started = ledger.clock.now(), time.perf_counter()
    report: dict[str, Any] = {"ok": True, "head": head, "started_at": started_at.isoformat(),
                              "finished_at": None, "seconds": None, "problems": 0,
                              "sections": {}}
    for section in chosen:
        def reporter(done: int, total: int, unit: str = "events", stage: str | None = None,
                     name: str = section.name) -> None:
            if progress is not None:
                progress(f"{name} ({stage})" if stage else name, done, total, unit)
        report["sections"][section.name] = _run(section, Context(ledger, head, reporter,
                                                                 trusted_keys))
    sections_run = report["sections"].values()
    report["ok"] = all(s["ok"] for s in sections_run)
    report["problems"] = sum(len(s["problems"]) for s in sections_run)
    report["finished_at"] = ledger.clock.now().isoformat()
    report["seconds"] = round(time.perf_counter() - started, 3)
    return report
