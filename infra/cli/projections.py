"""``ledger projections status | rebuild | catch-up | run``: the read models' positions,
applying the log to them again or what is new, and the projection worker ``ledger serve``
starts."""

from __future__ import annotations

import argparse

from infra.cli.common import err, open_ledger, out, progress, require_ledger, usage
from infra.runtime.settings import Settings, parse_database_url


def cmd_projections_status(settings: Settings, args: argparse.Namespace) -> int:
    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        head = ledger.app.recorder.max_notification_id() or 0
        positions = ledger.projections.positions()
    finally:
        ledger.shutdown()
    out(f"{'projection':<24} {'position':>12} {'head':>12} {'lag':>10}")
    for name, position in positions.items():
        out(f"{name:<24} {position:>12} {head:>12} {head - position:>10}")
    return 0


def _chosen(ledger, names: list[str] | None) -> list[str] | None:
    known = [p.name for p in ledger.projections.projections]
    unknown = [n for n in names or () if n not in known]
    if unknown:
        raise SystemExit(usage(f"unknown projection {', '.join(unknown)};"
                               f" known: {', '.join(known)}"))
    return names or None


def cmd_projections_rebuild(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.runtime.service_lock import ServiceLock, ServiceRunning

    # Reads must never see a half-rebuilt read model: refuse while the service runs.
    require_ledger(settings)
    lock = ServiceLock(parse_database_url(settings.database_url))
    try:
        lock.take_exclusive()
    except ServiceRunning:
        err("ledger: error: the service is running on this database (ledger serve or"
            " ledger projections run holds the service lock; or another rebuild runs):"
            " stop it, then rebuild; nothing was changed")
        return 3
    try:
        ledger = open_ledger(settings)
        try:
            names = _chosen(ledger, args.name)
            applied = ledger.projections.rebuild(names, progress=progress("rebuild"))
            positions = ledger.projections.positions()
        finally:
            ledger.shutdown()
    finally:
        lock.release()
    chosen = names or list(positions)
    out(f"rebuilt {', '.join(chosen)}: {applied} events applied; positions "
        + ", ".join(f"{n}={positions[n]}" for n in chosen))
    return 0


def cmd_projections_catch_up(settings: Settings, args: argparse.Namespace) -> int:
    ledger = open_ledger(settings)
    try:
        applied = ledger.projections.catch_up(progress=progress("catch-up"))
        positions = ledger.projections.positions()
    finally:
        ledger.shutdown()
    out(f"{applied} events applied; positions "
        + ", ".join(f"{n}={p}" for n, p in positions.items()))
    return 0


def cmd_projections_run(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.runtime.processes import run_projection_worker

    return run_projection_worker(settings, parent_pid=args.parent_pid)
