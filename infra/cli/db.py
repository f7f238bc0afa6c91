"""``ledger db upgrade | current``: the event store, the system accounts, the projections'
migrations, and on a fresh install the first operator."""

from __future__ import annotations

import argparse
import time

from infra.cli.common import err, open_ledger, out, require_ledger, usage
from infra.runtime.settings import Settings, parse_database_url


def revision_line(settings: Settings) -> tuple[bool, str]:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections import migrate

    at, heads = migrate.current(parse_database_url(settings.database_url)), migrate.heads()
    current = ", ".join(at) or "none"
    if at == heads:
        return True, f"projections revision: {current} (up to date)"
    return False, (f"projections revision: {current} (not at head {', '.join(heads)}:"
                   " run `ledger db upgrade`)")


def cmd_db_upgrade(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.store.dbcheck import DatabaseMissing, require_place

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections import migrate

    target = parse_database_url(settings.database_url)
    try:
        require_place(target)  # a bad path or URL: one line, not the driver's traceback
    except DatabaseMissing as missing:
        return usage(str(missing))
    ledger = open_ledger(settings, projections=False)  # the library creates its tables
    try:
        ledger.open_system_accounts()
    finally:
        ledger.close()
    err("event store tables and system accounts ready")
    at, heads = migrate.current(target), migrate.heads()
    if at != heads:
        started = time.monotonic()
        err(f"migrating the projections from {', '.join(at) or 'none'} to {', '.join(heads)}")
        migrate.upgrade(target)
        err(f"projections migrated in {time.monotonic() - started:.1f}s")
    out(f"backend: {target.backend}\n{revision_line(settings)[1]}")
    if not settings.bootstrap_operator_key:
        _first_operator(settings, getattr(args, "host", None), getattr(args, "port", None))
    return 0


def _first_operator(settings: Settings, host: str | None, port: int | None) -> None:
    """A fresh install without LEDGER_BOOTSTRAP_OPERATOR_KEY gets its first operator here, and
    its key is printed on the terminal (stdout) once: never logged (only its digest is
    recorded). When a registered operator exists (any later start) nothing happens."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from projections.principals import operator_ids

    ledger = open_ledger(settings)
    try:
        ledger.projections.catch_up(only=["principals"])  # not the others: this is start-up
        created = ledger.create_first_operator(operator_ids(ledger.projections.engine))
    finally:
        ledger.shutdown()
    if created is None:
        return
    staff_id, api_key = created
    rule = "=" * 72
    url, where = staff_url(host, port)
    out("\n".join([
        rule,
        "  FIRST OPERATOR CREATED: no operator existed and LEDGER_BOOTSTRAP_OPERATOR_KEY is",
        "  not set. Its API key, shown only this once (keep it secret):",
        "",
        f"      {api_key}",
        "",
        f"  staff_id: {staff_id}",
        f"  Use it as  Authorization: Bearer <key>,  e.g. ({where})",
        f"      curl -s -H 'Authorization: Bearer {api_key}' {url}",
        "  Lost it? `ledger staff rotate-key --id <staff_id>` prints a new one.",
        rule]))


def staff_url(host: str | None, port: int | None) -> tuple[str, str]:
    """(the example URL of the first operator's banner, what it is). ``ledger serve`` (and
    ``./run serve``, which is ``ledger serve``) passes the address it is about to listen on:
    the URL printed is the one that answers (a wildcard address is reached at the loopback).
    ``ledger db upgrade`` alone knows no address: ``ledger serve``'s defaults, said so."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.cli.parser import DEFAULT_HOST, DEFAULT_PORT

    if host is None and port is None:
        return (f"http://{DEFAULT_HOST}:{DEFAULT_PORT}/staff",
                "`ledger serve` at its default --host and --port")
    host = host or DEFAULT_HOST
    host = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    if ":" in host:  # an IPv6 address is bracketed in a URL (RFC 3986 3.2.2)
        host = f"[{host}]"
    return f"http://{host}:{port or DEFAULT_PORT}/staff", "where this service is about to listen"


def cmd_db_current(settings: Settings, args: argparse.Namespace) -> int:
    require_ledger(settings)
    out(revision_line(settings)[1])
    return 0
