"""``ledger staff create | rotate-key | set-role`` and ``ledger player create | rotate-key``:
register a staff member or a player, give one a new API key (printed once on stdout, never
logged), or give a staff member another role. Recorded with the actor ``system:cli``."""

from __future__ import annotations

import argparse
import json

from infra.cli.common import CLI_ACTOR, err, open_ledger, out, usage
from infra.runtime.settings import Settings


def _rotate_key(settings: Settings, principal_id: str, kind: str) -> int:
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from uuid import UUID

    try:
        ident = UUID(principal_id)
    except ValueError:
        return usage(f"--id must be a {kind} id (a UUID), not {principal_id!r}")
    ledger = open_ledger(settings, projections=False)
    try:
        role, api_key = ledger.rotate_api_key(ident, kind=kind, actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    err("the API key is shown only this once; the old one no longer works")
    body = {f"{kind}_id": str(ident), "api_key": api_key}
    if kind == "staff":
        body["role"] = role
    out(json.dumps(body))
    return 0


def cmd_staff_rotate_key(settings: Settings, args: argparse.Namespace) -> int:
    return _rotate_key(settings, args.id, "staff")


def cmd_player_rotate_key(settings: Settings, args: argparse.Namespace) -> int:
    return _rotate_key(settings, args.id, "player")


def cmd_staff_create(settings: Settings, args: argparse.Namespace) -> int:
    ledger = open_ledger(settings, projections=False)
    try:
        staff_id, api_key = ledger.register_staff(role=args.role, display_name=args.name,
                                                  actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    err("the API key is shown only this once")
    out(json.dumps({"staff_id": str(staff_id), "role": args.role, "api_key": api_key}))
    return 0


def cmd_staff_set_role(settings: Settings, args: argparse.Namespace) -> int:
    """Another staff role for a staff member, for a reason (``RoleChanged``); the HTTP service
    authorises it by the new role within a second (its key watch, api/auth.py)."""
    # lazy: a ledger command imports only what it runs (the CLI starts fast)
    from uuid import UUID

    from projections.principals import operator_ids

    try:
        ident = UUID(args.id)
    except ValueError:
        return usage(f"--id must be a staff id (a UUID), not {args.id!r}")
    ledger = open_ledger(settings)
    try:
        # The operators the read model knows (it may trail the log: the command checks each
        # against the store, so a demotion can only be refused wrongly, never allowed).
        changed = ledger.change_staff_role(
            ident, role=args.role, reason=args.reason, actor=CLI_ACTOR,
            operator_ids=operator_ids(ledger.projections.engine))
    finally:
        ledger.shutdown()
    out(json.dumps({**changed, "staff_id": str(changed["staff_id"]),
                    "changed_at": changed["changed_at"].isoformat()}))
    return 0


def cmd_player_create(settings: Settings, args: argparse.Namespace) -> int:
    ledger = open_ledger(settings, projections=False)
    try:
        player_id, api_key = ledger.register_player(display_name=args.name, actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    err("the API key is shown only this once")
    out(json.dumps({"player_id": str(player_id), "api_key": api_key}))
    return 0
