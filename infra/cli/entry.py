"""The ``ledger`` commands. Configuration comes from ``LEDGER_*`` variables (and .env).

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
    ledger staff set-role --id ID --role R --reason T
                                            another staff role for the staff member
    ledger player create --name N           prints the new API key, once
    ledger player rotate-key --id ID        a new API key for the player, printed once
    ledger verify [--only S,..|--skip S,..] [--json PATH|-]
                                            the auditor's whole check (infra/verify/); exit 1
                                            naming each problem
    ledger health                           like GET /health; exit 1 if degraded
    ledger phh export --from T --to T --out DIR [--game G]
                                            one PHH file per jogada of a game with hand
                                            histories that ended in [T, T) (infra/cli/phh.py)
    ledger venues list --game G [--limit N] the venues of any registered game, from the
                                            listing projection (infra/cli/venues.py)

The commands live by group in infra/cli/db.py, cli_projections.py, cli_keys.py (staff and
players) and cli_checks.py (verify, health); their options in infra/cli/parser.py. ``serve``
runs the API, the layer above infra: the ``ledger`` console script (api/serve.py) hands its
handler to ``main``; here (``python -m infra.cli.entry``, how ``ledger serve`` starts its writer and
projection worker) it is a usage error.

Progress and logs go to stderr, results to stdout. Exit codes: 0 ok, 1 check failed, 2 usage
or configuration error (no ledger at the database: the read-only commands create nothing),
3 refused because the service is running (``projections rebuild``). Registrations from the
console are recorded with the actor ``system:cli`` (whoever holds the database credentials).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from pydantic import ValidationError

from infra.cli.audit import (
    cmd_audit_check,
    cmd_audit_export,
    cmd_audit_keygen,
    cmd_audit_rotate_key,
    cmd_audit_seal,
)
from infra.cli.checks import cmd_health, cmd_verify
from infra.cli.common import usage
from infra.cli.complaints import cmd_complaints_queue, cmd_complaints_report
from infra.cli.db import cmd_db_current, cmd_db_upgrade
from infra.cli.keys import (
    cmd_player_create,
    cmd_player_rotate_key,
    cmd_staff_create,
    cmd_staff_rotate_key,
    cmd_staff_set_role,
)
from infra.cli.parser import build_parser as build
from infra.cli.phh import cmd_phh_export
from infra.cli.projections import (
    cmd_projections_catch_up,
    cmd_projections_rebuild,
    cmd_projections_run,
    cmd_projections_status,
)
from infra.cli.venues import cmd_venues_list
from infra.games import builtin_games
from infra.runtime.logging import configure_logging
from infra.runtime.settings import Settings

Command = Callable[[Settings, argparse.Namespace], int]


def cmd_writer_run(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.runtime.processes import run_writer_process

    return run_writer_process(settings, args.socket, parent_pid=args.parent_pid)


def _serve_elsewhere(settings: Settings, args: argparse.Namespace) -> int:
    return usage("serve runs the API: use the `ledger` console script (api/serve.py)")


def build_parser(serve: Command | None = None) -> argparse.ArgumentParser:
    """The parser of every command; ``serve``: the handler of ``ledger serve``."""
    return build({
        "serve": serve or _serve_elsewhere, "db upgrade": cmd_db_upgrade,
        "db current": cmd_db_current,
        "projections status": cmd_projections_status,
        "projections rebuild": cmd_projections_rebuild,
        "projections catch-up": cmd_projections_catch_up,
        "projections run": cmd_projections_run, "writer run": cmd_writer_run,
        "staff create": cmd_staff_create, "player create": cmd_player_create,
        "staff rotate-key": cmd_staff_rotate_key, "player rotate-key": cmd_player_rotate_key,
        "staff set-role": cmd_staff_set_role,
        "verify": cmd_verify, "health": cmd_health,
        "audit keygen": cmd_audit_keygen,
        "audit rotate-key": cmd_audit_rotate_key, "audit seal": cmd_audit_seal,
        "audit export": cmd_audit_export, "audit check": cmd_audit_check,
        "complaints queue": cmd_complaints_queue, "complaints report": cmd_complaints_report,
        "phh export": cmd_phh_export, "venues list": cmd_venues_list},
        # The built-in games: the parser is built before the configuration is read.
        builtin_games())


def main(argv: Sequence[str] | None = None, *, serve: Command | None = None) -> int:
    args = build_parser(serve).parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as error:
        return usage(f"invalid configuration: {error.errors()[0].get('msg')}")
    level = settings.log_level if (args.verbose or args.command == "serve") else "WARNING"
    configure_logging(level, json=settings.log_json)
    try:
        return args.func(settings, args)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    except Exception as error:
        # lazy: a ledger command imports only what it runs (the CLI starts fast)
        from domain.kernel.errors import DomainError

        if isinstance(error, DomainError):
            return usage(f"{error.code}: {error.message}")
        if _is_database_error(error) and not args.verbose:  # one line, not a traceback
            lines = str(error).strip().splitlines() or [type(error).__name__]
            return usage(f"database: {lines[0]} ({type(error).__name__};"
                         " -v shows the traceback)")
        raise


def _is_database_error(error: BaseException) -> bool:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    import sqlite3

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from eventsourcing.persistence import PersistenceError

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from sqlalchemy.exc import SQLAlchemyError

    kinds: tuple[type[BaseException], ...] = (PersistenceError, SQLAlchemyError, sqlite3.Error)
    try:
        import psycopg  # optional: only an installation on PostgreSQL has it

        kinds += (psycopg.Error,)
    except ImportError:  # pragma: no cover - psycopg is a dependency
        pass
    return isinstance(error, kinds)


if __name__ == "__main__":
    sys.exit(main())
