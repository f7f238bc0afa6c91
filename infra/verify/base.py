"""What every section of ``ledger verify`` (infra/verify/) is given and gives back.

A section is a function of a ``Context`` (the ledger, the head of the log read at the start,
its own progress reporter) returning a ``Result``: its counts, the number of log events it
read (for its events per second), a line for people, and its problems, each a dict
``{"check", "message", <references>}``. The references name what is wrong as precisely as
the check knows it, and only those that apply are present: ``notification_id`` (the event;
``notification_ids`` when several are involved), ``jogada_id``, ``checkpoint``, ``account``,
``transfer_id``, ``table`` + ``key`` (+ ``column``, ``live``, ``rebuilt``) of a read model. The
message names them too, so that each problem reads alone on its line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# (done, total, unit="events", stage=None): ``done`` of ``total`` units (``events`` of the log,
# ``jogadas``, ``tables``); a section that makes passes of different things names each but its
# last one (``stage``), so that no line counts two passes against one doubled total.
Progress = Callable[..., None]


@dataclass(frozen=True)
class Context:
    ledger: Any  # infra.container.Ledger, built with its projections, not started
    head: int  # the last notification id when the check began: every section stops there
    progress: Progress
    # The checkpoint signing keys the auditor pins (``--public-key``); None: the record's list.
    trusted_keys: dict[str, bytes] | None = None


@dataclass
class Result:
    counts: dict[str, Any] = field(default_factory=dict)
    problems: list[dict[str, Any]] = field(default_factory=list)
    events: int = 0  # log events the section read (its events per second)
    summary: str = ""
    skipped: str | None = None  # why the section did not run (not a failure)


def problem(check: str, message: str, **refs: Any) -> dict[str, Any]:
    """One finding: what kind (``check``), said in a line, and its references (None: left
    out)."""
    return {"check": check, "message": message,
            **{key: value for key, value in refs.items() if value is not None}}


def live_read_models(ledger: Any, head: int, timeout: float = 300.0) -> bool:
    """The live read models brought up to ``head`` at least: applied by this process when no
    thread of it applies the events (the command line), else waited for (its thread, or the
    worker process of ``ledger serve``). False if they did not get there in time."""
    return ledger.projections.wait(head, timeout=timeout)
