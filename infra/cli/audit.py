"""``ledger audit``: the tamper-evident record from the console (issue 15; docs/audit.md): make
a signing key, rotate it, seal and sign a checkpoint now, export an offline bundle, check a bundle."""

from __future__ import annotations

import argparse
import json
import os
from datetime import datetime
from types import ModuleType

from infra.cli.common import err, open_ledger, out, public_keys, require_ledger, usage
from infra.runtime.settings import Settings


def cmd_audit_keygen(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.audit.signing import generate_key_file

    try:
        signer = generate_key_file(args.out)
    except FileExistsError:
        return usage(f"{args.out} exists; a signing key is never overwritten")
    try:
        verifier = str(signer.verifier(settings.audit_origin))
    except ValueError as error:
        verifier = None
        err(f"LEDGER_AUDIT_ORIGIN: {error}")
    out(json.dumps({"key_file": os.path.abspath(args.out), "key_id": signer.key_id,
                    "algorithm": "ed25519", "public_key": signer.public_key.hex(),
                    "verifier_key": verifier}))
    err(f"set LEDGER_AUDIT_KEY_FILE={os.path.abspath(args.out)} for `ledger serve`; keep the"
        " file secret; hand the verifier key to the regulator out of band (docs/audit.md"
        " \"Keys\")")
    return 0


def cmd_audit_rotate_key(settings: Settings, args: argparse.Namespace) -> int:
    """The checkpoints' key changes: a statement signed by the old key (LEDGER_AUDIT_KEY_FILE)
    and the new one (--new), stored and served (GET /audit/public-keys)."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from domain.kernel.errors import DomainError
    from infra.audit.signing import load_signer
    from infra.runtime.settings import audit_key_path

    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        path = audit_key_path(settings, ledger.target)
        if path is None or ledger.audit is None:
            return usage("no signing key in use: set LEDGER_AUDIT_KEY_FILE to the current key")
        try:
            old = load_signer(path)
            new = load_signer(args.new)
        except ValueError as error:
            return usage(str(error).replace(f"LEDGER_AUDIT_KEY_FILE {args.new}",
                                            f"--new {args.new}"))
        statement = ledger.audit.rotate_key(old, new)
    except DomainError as error:
        return usage(f"{error.field or 'rotate-key'}: {error.message}")
    finally:
        ledger.shutdown()
    out(json.dumps(statement))
    err(f"now set LEDGER_AUDIT_KEY_FILE={os.path.abspath(args.new)} and restart `ledger serve`:"
        f" key {old.key_id} signs no more checkpoints; key {new.key_id} signs those of"
        f" {statement['from_tree_size']} events and more")
    return 0


def cmd_audit_seal(settings: Settings, args: argparse.Namespace) -> int:
    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        if ledger.audit is None or ledger.audit.sealer is None:
            return usage("sealing is off here (LEDGER_AUDIT_SEAL=0)")
        if ledger.audit.sealer.signer is None:
            return usage("no signing key: set LEDGER_AUDIT_KEY_FILE (`ledger audit keygen`)")
        ledger.audit.seal()
        latest = ledger.audit.checkpoint()
    finally:
        ledger.shutdown()
    if latest is None:
        out("nothing to seal: the log is empty")
        return 0
    out(json.dumps({k: latest[k] for k in ("sequence", "tree_size", "root", "chain",
                                           "last_notification_id", "sealed_at", "key_id")}))
    return 0


def _time(value: str | None, name: str) -> datetime | None:
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise SystemExit(usage(f"--{name}: not an ISO 8601 time: {value!r}"))
    if parsed.tzinfo is None:
        raise SystemExit(usage(f"--{name}: give the time zone (e.g. 2026-11-24T00:00:00Z)"))
    return parsed


def cmd_audit_export(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from domain.kernel.errors import DomainError

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.audit.bundle import export_bundle, jogadas_between

    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.audit.checker_build import write_checker

    since, until = _time(args.since, "since"), _time(args.until, "until")
    if bool(args.jogada) == bool(since or until):
        return usage("name the jogadas (--jogada, repeatable) or a time range (--since and/or"
                     " --until), not both")
    require_ledger(settings)
    ledger = open_ledger(settings)
    try:
        ledger.projections.catch_up()
        jogadas = args.jogada or jogadas_between(ledger, since, until)
        bundle = export_bundle(ledger, jogadas, since_checkpoint=args.since_checkpoint,
                               now=ledger.clock.now().isoformat())
    except DomainError as error:
        return usage(f"{error.field or 'export'}: {error.message}")
    finally:
        ledger.shutdown()
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump(bundle, handle, indent=1, sort_keys=True)
    if args.checker:  # with the registered games' offline rules (LEDGER_GAMES too)
        write_checker(os.path.dirname(os.path.abspath(args.out)), offline_modules(settings))
    out(f"{args.out}: {len(bundle['jogadas'])} jogadas, {len(bundle['events'])} events, proved"
        f" against checkpoint {bundle['checkpoints'][-1]['sequence']}")
    return 0


def offline_modules(settings: Settings) -> list[ModuleType]:
    """The offline rules of each registered game (``<Game.package>.offline``, docs/audit.md):
    what ``ledger audit check`` gives the checker, and ``ledger audit export --checker`` ships
    in bundle_check.pyz (infra/audit/checker_build.py)."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.audit.checker_build import offline_modules as of_games
    from infra.games import load_games

    return of_games(load_games(settings.games))


def cmd_audit_check(settings: Settings, args: argparse.Namespace) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from infra.audit.checker.main import main as check_bundle

    try:
        public_keys(args.public_key)  # as `ledger verify` reads it: a bad one is a usage error
    except ValueError as error:
        return usage(f"--public-key: {error}")
    argv = [args.bundle, *(f"--public-key={k}" for k in args.public_key or ()),
            *(f"--trusted-key={f}" for f in args.trusted_key or ()),
            *(f"--checkpoint={f}" for f in args.checkpoint or ())]
    return check_bundle(argv, offline_modules(settings))
