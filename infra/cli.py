"""The ``ledger`` console script. Configuration comes from ``LEDGER_*`` variables (and .env).

    ledger serve [--host H] [--port P]      the HTTP service (uvicorn, ONE worker: the
                                            group-commit writer assumes one writing process)
    ledger db upgrade | current             event tables + projection migrations / revision
    ledger projections status               positions against the head of the log, lag
    ledger projections rebuild [--name N]   empty and re-apply (progress on stderr)
    ledger projections catch-up             apply what is new
    ledger projections run                  keep applying (the worker `serve` starts)
    ledger writer run --socket S            the writer process (`serve` starts it)
    ledger staff create --role R --name N   prints the new API key, once
    ledger staff rotate-key --id ID         a new API key for the staff member, printed once
    ledger player create --name N           prints the new API key, once
    ledger player rotate-key --id ID        a new API key for the player, printed once
    ledger verify                           replay the accounts; exit 1 if the money is wrong
    ledger health                           like GET /health; exit 1 if degraded

Progress and logs go to stderr, results to stdout. Exit codes: 0 ok, 1 check failed, 2 usage
or configuration error (no ledger at the database: the read-only commands create nothing),
3 refused because the service is running (``projections rebuild``). Registrations from the console are recorded with the actor
``system:cli`` (whoever holds the database credentials).

``serve`` runs the API, the layer above infra: the ``ledger`` console script (api/serve.py)
hands its handler to ``main``; here (``python -m infra.cli``, how ``ledger serve`` starts its
writer and projection worker) it is a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import ValidationError

from domain.actors import system_actor
from infra.logging import configure_logging
from infra.settings import Settings, parse_database_url

CLI_ACTOR = system_actor("cli")
Command = Callable[[Settings, argparse.Namespace], int]


def _err(*parts: Any) -> None:
    print(*parts, file=sys.stderr, flush=True)


def _out(text: str) -> None:
    print(text, flush=True)


def _ledger(settings: Settings, *, projections: bool = True):
    from infra.container import build_ledger

    return build_ledger(settings, start=False, with_projections=projections)


def _progress(verb: str):
    """A progress reporter for stderr: ``<verb> <name>: position/head (pct%)``, per name the
    first report, then one line each time the whole percentage grows, and always the last
    (100 %): at most ~100 lines per projection however long the log (one a page flooded a
    log file), TTY or not."""
    shown: dict[str, int] = {}

    def report(name: str, position: int, head: int) -> None:
        done = position >= head
        pct = 100 if done else min(99, int(100 * position / head))
        if name in shown and pct <= shown[name]:
            return
        shown[name] = pct
        _err(f"{verb} {name}: {position}/{head} ({pct}%)")
    return report


def _require_ledger(settings: Settings) -> None:
    """The commands that only read refuse a database that holds no ledger, creating nothing
    (SystemExit 2 with a one-line message)."""
    from infra.dbcheck import DatabaseMissing, require_ledger

    try:
        require_ledger(parse_database_url(settings.database_url))
    except DatabaseMissing as missing:
        raise SystemExit(_usage(str(missing)))


# Commands ----------------------------------------------------------------------------------------
def cmd_writer_run(settings: Settings, args: argparse.Namespace) -> int:
    from infra.worker import run_writer_process

    return run_writer_process(settings, args.socket, parent_pid=args.parent_pid)


def cmd_projections_run(settings: Settings, args: argparse.Namespace) -> int:
    from infra.worker import run_projection_worker

    return run_projection_worker(settings, parent_pid=args.parent_pid)


def _revision_line(settings: Settings) -> tuple[bool, str]:
    from projections import migrate

    at, heads = migrate.current(parse_database_url(settings.database_url)), migrate.heads()
    current = ", ".join(at) or "none"
    if at == heads:
        return True, f"projections revision: {current} (up to date)"
    return False, (f"projections revision: {current} (not at head {', '.join(heads)}:"
                   " run `ledger db upgrade`)")


def cmd_db_upgrade(settings: Settings, args: argparse.Namespace) -> int:
    from infra.dbcheck import DatabaseMissing, require_place
    from projections import migrate

    target = parse_database_url(settings.database_url)
    try:
        require_place(target)  # a bad path or URL: one line, not the driver's traceback
    except DatabaseMissing as missing:
        return _usage(str(missing))
    ledger = _ledger(settings, projections=False)  # the library creates its tables
    try:
        ledger.open_system_accounts()
    finally:
        ledger.close()
    _err("event store tables and system accounts ready")
    at, heads = migrate.current(target), migrate.heads()
    if at != heads:
        started = time.monotonic()
        _err(f"migrating the projections from {', '.join(at) or 'none'} to {', '.join(heads)}")
        migrate.upgrade(target)
        _err(f"projections migrated in {time.monotonic() - started:.1f}s")
    _out(f"backend: {target.backend}\n{_revision_line(settings)[1]}")
    if not settings.bootstrap_operator_key:
        _first_operator(settings, getattr(args, "host", None), getattr(args, "port", None))
    return 0


def _first_operator(settings: Settings, host: str | None, port: int | None) -> None:
    """A fresh install without LEDGER_BOOTSTRAP_OPERATOR_KEY gets its first operator here, and
    its key is printed on the terminal (stdout) once: never logged (only its digest is
    recorded). When a registered operator exists (any later start) nothing happens."""
    from projections.principals import operator_ids

    ledger = _ledger(settings)
    try:
        ledger.projections.catch_up(only=["principals"])  # not the others: this is start-up
        created = ledger.create_first_operator(operator_ids(ledger.projections.engine))
    finally:
        ledger.shutdown()
    if created is None:
        return
    staff_id, api_key = created
    rule = "=" * 72
    url = f"http://{host or '127.0.0.1'}:{port or 8000}/staff"
    _out("\n".join([
        rule,
        "  FIRST OPERATOR CREATED: no operator existed and LEDGER_BOOTSTRAP_OPERATOR_KEY is",
        "  not set. Its API key, shown only this once (keep it secret):",
        "",
        f"      {api_key}",
        "",
        f"  staff_id: {staff_id}",
        "  Use it as  Authorization: Bearer <key>,  e.g.",
        f"      curl -s -H 'Authorization: Bearer {api_key}' {url}",
        "  Lost it? `ledger staff rotate-key --id <staff_id>` prints a new one.",
        rule]))


def _rotate_key(settings: Settings, principal_id: str, kind: str) -> int:
    from uuid import UUID

    try:
        ident = UUID(principal_id)
    except ValueError:
        return _usage(f"--id must be a {kind} id (a UUID), not {principal_id!r}")
    ledger = _ledger(settings, projections=False)
    try:
        role, api_key = ledger.rotate_api_key(ident, kind=kind, actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    _err("the API key is shown only this once; the old one no longer works")
    body = {f"{kind}_id": str(ident), "api_key": api_key}
    if kind == "staff":
        body["role"] = role
    _out(json.dumps(body))
    return 0


def cmd_staff_rotate_key(settings: Settings, args: argparse.Namespace) -> int:
    return _rotate_key(settings, args.id, "staff")


def cmd_player_rotate_key(settings: Settings, args: argparse.Namespace) -> int:
    return _rotate_key(settings, args.id, "player")


def cmd_db_current(settings: Settings, args: argparse.Namespace) -> int:
    _require_ledger(settings)
    _out(_revision_line(settings)[1])
    return 0


def cmd_projections_status(settings: Settings, args: argparse.Namespace) -> int:
    _require_ledger(settings)
    ledger = _ledger(settings)
    try:
        head = ledger.app.recorder.max_notification_id() or 0
        positions = ledger.projections.positions()
    finally:
        ledger.shutdown()
    _out(f"{'projection':<24} {'position':>12} {'head':>12} {'lag':>10}")
    for name, position in positions.items():
        _out(f"{name:<24} {position:>12} {head:>12} {head - position:>10}")
    return 0


def _chosen(ledger, names: list[str] | None) -> list[str] | None:
    known = [p.name for p in ledger.projections.projections]
    unknown = [n for n in names or () if n not in known]
    if unknown:
        raise SystemExit(_usage(f"unknown projection {', '.join(unknown)};"
                                f" known: {', '.join(known)}"))
    return names or None


def cmd_projections_rebuild(settings: Settings, args: argparse.Namespace) -> int:
    from infra.service_lock import ServiceLock, ServiceRunning

    # Reads must never see a half-rebuilt read model: refuse while the service runs.
    _require_ledger(settings)
    lock = ServiceLock(parse_database_url(settings.database_url))
    try:
        lock.take_exclusive()
    except ServiceRunning:
        _err("ledger: error: the service is running on this database (ledger serve or"
             " ledger projections run holds the service lock; or another rebuild runs):"
             " stop it, then rebuild; nothing was changed")
        return 3
    try:
        ledger = _ledger(settings)
        try:
            names = _chosen(ledger, args.name)
            applied = ledger.projections.rebuild(names, progress=_progress("rebuild"))
            positions = ledger.projections.positions()
        finally:
            ledger.shutdown()
    finally:
        lock.release()
    chosen = names or list(positions)
    _out(f"rebuilt {', '.join(chosen)}: {applied} events applied; positions "
         + ", ".join(f"{n}={positions[n]}" for n in chosen))
    return 0


def cmd_projections_catch_up(settings: Settings, args: argparse.Namespace) -> int:
    ledger = _ledger(settings)
    try:
        applied = ledger.projections.catch_up(progress=_progress("catch-up"))
        positions = ledger.projections.positions()
    finally:
        ledger.shutdown()
    _out(f"{applied} events applied; positions "
         + ", ".join(f"{n}={p}" for n, p in positions.items()))
    return 0


def cmd_staff_create(settings: Settings, args: argparse.Namespace) -> int:
    ledger = _ledger(settings, projections=False)
    try:
        staff_id, api_key = ledger.register_staff(role=args.role, display_name=args.name,
                                                  actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    _err("the API key is shown only this once")
    _out(json.dumps({"staff_id": str(staff_id), "role": args.role, "api_key": api_key}))
    return 0


def cmd_player_create(settings: Settings, args: argparse.Namespace) -> int:
    ledger = _ledger(settings, projections=False)
    try:
        player_id, api_key = ledger.register_player(display_name=args.name, actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    _err("the API key is shown only this once")
    _out(json.dumps({"player_id": str(player_id), "api_key": api_key}))
    return 0


def cmd_verify(settings: Settings, args: argparse.Namespace) -> int:
    from infra.verify import verify

    _require_ledger(settings)
    ledger = _ledger(settings)
    try:
        report = verify(ledger, progress=lambda p, h: _progress("replay")("accounts", p, h))
    finally:
        ledger.shutdown()
    summary = (f"{report.accounts} accounts replayed from {report.events} account events up to"
               f" position {report.head}; sum of balances {report.total_cents} cents")
    if report.skipped:
        summary += f"; {report.skipped} accounts changed during the check were not compared"
    if not report.ok:
        _out(f"VERIFY FAILED: {summary}")
        for problem in report.problems:
            _out(f"  - {problem}")
        return 1
    _out(f"VERIFY OK: {summary}; no wallet negative; snapshots and the balances projection"
         " agree with the events")
    return 0


def cmd_health(settings: Settings, args: argparse.Namespace) -> int:
    target = parse_database_url(settings.database_url)
    result: dict[str, Any] = {"status": "degraded", "backend": target.backend,
                              "certification_mode": settings.certification,
                              "error": "database_timeout"}
    ok = [False]

    def probe() -> None:
        from infra.health import health_report
        from infra.dbcheck import DatabaseMissing, require_ledger

        try:
            require_ledger(target)  # creates nothing where there is no ledger
        except DatabaseMissing as missing:
            result.update(error=missing.code, message=str(missing))
            return
        try:
            ledger = _ledger(settings)
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
        _err(f"ledger: error: {result['message']}")
    _out(json.dumps(dict(result)))
    return 0 if ok[0] and not thread.is_alive() else 1


# Parser ------------------------------------------------------------------------------------------
def _usage(message: str) -> int:
    _err(f"ledger: error: {message}")
    return 2


def _serve_elsewhere(settings: Settings, args: argparse.Namespace) -> int:
    return _usage("serve runs the API: use the `ledger` console script (api/serve.py)")


def build_parser(serve: Command | None = None) -> argparse.ArgumentParser:
    """The parser of every command; ``serve``: the handler of ``ledger serve``."""
    from infra.cli_parser import build_parser as build

    return build({
        "serve": serve or _serve_elsewhere, "db upgrade": cmd_db_upgrade, "db current": cmd_db_current,
        "projections status": cmd_projections_status,
        "projections rebuild": cmd_projections_rebuild,
        "projections catch-up": cmd_projections_catch_up,
        "projections run": cmd_projections_run, "writer run": cmd_writer_run,
        "staff create": cmd_staff_create, "player create": cmd_player_create,
        "staff rotate-key": cmd_staff_rotate_key, "player rotate-key": cmd_player_rotate_key,
        "verify": cmd_verify, "health": cmd_health})


def main(argv: Sequence[str] | None = None, *, serve: Command | None = None) -> int:
    args = build_parser(serve).parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        return _usage(f"invalid configuration: {error.errors()[0].get('msg')}")
    level = settings.log_level if (args.verbose or args.command == "serve") else "WARNING"
    configure_logging(level, json=settings.log_json)
    try:
        return args.func(settings, args)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    except Exception as error:
        from domain.errors import DomainError

        if isinstance(error, DomainError):
            return _usage(f"{error.code}: {error.message}")
        if _is_database_error(error) and not args.verbose:  # one line, not a traceback
            lines = str(error).strip().splitlines() or [type(error).__name__]
            return _usage(f"database: {lines[0]} ({type(error).__name__};"
                          " -v shows the traceback)")
        raise


def _is_database_error(error: BaseException) -> bool:
    import sqlite3

    from eventsourcing.persistence import PersistenceError
    from sqlalchemy.exc import SQLAlchemyError

    kinds: tuple[type[BaseException], ...] = (PersistenceError, SQLAlchemyError, sqlite3.Error)
    try:
        import psycopg

        kinds += (psycopg.Error,)
    except ImportError:  # pragma: no cover - psycopg is a dependency
        pass
    return isinstance(error, kinds)


if __name__ == "__main__":
    sys.exit(main())
