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


def public_keys(values: list[str] | None) -> dict[str, bytes] | None:
    """``--public-key`` (``ledger verify``, ``ledger audit check``): each an Ed25519 public key
    as 64 hex digits or a C2SP verifier key string (GET /audit/public-keys gives both), by its
    key id; None when none is given. ValueError naming the value and what is expected (the
    commands make it a usage error, exit 2)."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.audit.checker.notes import parse_trusted_key
    from infra.audit.signing import key_id

    if not values:
        return None
    keys = []
    for value in values:
        try:
            keys.append(parse_trusted_key(value))
        except ValueError as error:
            raise ValueError(f"{value!r} is {error}") from None
    return {key_id(k): k for k in keys}


def open_ledger(settings: Settings, *, projections: bool = True):
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.container import build_ledger

    return build_ledger(settings, start=False, with_projections=projections)


def progress(verb: str):
    """A progress reporter for stderr: ``<verb> <name>: done/total [unit] (pct%)`` (``unit``:
    what is counted, when the caller says: ``events`` of the log, ``jogadas``...), per name the
    first report, then one line each time the whole percentage grows, and always the last
    (100 %): at most ~100 lines per projection however long the log (one a page flooded a
    log file), TTY or not."""
    shown: dict[str, int] = {}

    def report(name: str, position: int, head: int, unit: str = "") -> None:
        done = position >= head
        pct = 100 if done else min(99, int(100 * position / head))
        if name in shown and pct <= shown[name]:
            return
        shown[name] = pct
        err(f"{verb} {name}: {position}/{head}{f' {unit}' if unit else ''} ({pct}%)")
    return report


def require_ledger(settings: Settings) -> None:
    """The commands that only read refuse a database that holds no ledger, creating nothing
    (SystemExit 2 with a one-line message)."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.store.dbcheck import DatabaseMissing

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.store.dbcheck import require_ledger as check

    try:
        check(parse_database_url(settings.database_url))
    except DatabaseMissing as missing:
        raise SystemExit(usage(str(missing)))
