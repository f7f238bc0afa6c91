"""What the ``ledger`` commands (infra/cli_*.py) share: output on stdout and stderr, the usage
error (exit 2), the ledger they open, the progress lines, the refusal of a database that holds
no ledger, and the actor of registrations made from the console."""

from __future__ import annotations

import sys
from typing import Any

from domain.kernel.actors import system_actor
from infra.runtime.settings import Settings, parse_database_url

CLI_ACTOR = system_actor("cli")  # whoever holds the database credentials


def err(*parts: Any) -> None:
    print(*parts, file=sys.stderr, flush=True)


def out(text: str) -> None:
    print(text, flush=True)


def usage(message: str) -> int:
    """A usage or configuration error, said in one line: exit status 2."""
    err(f"ledger: error: {message}")
    return 2


def open_ledger(settings: Settings, *, projections: bool = True):
    from infra.container import build_ledger

    return build_ledger(settings, start=False, with_projections=projections)


def progress(verb: str):
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
        err(f"{verb} {name}: {position}/{head} ({pct}%)")
    return report


def require_ledger(settings: Settings) -> None:
    """The commands that only read refuse a database that holds no ledger, creating nothing
    (SystemExit 2 with a one-line message)."""
    from infra.store.dbcheck import DatabaseMissing
    from infra.store.dbcheck import require_ledger as check

    try:
        check(parse_database_url(settings.database_url))
    except DatabaseMissing as missing:
        raise SystemExit(usage(str(missing)))
