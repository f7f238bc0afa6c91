"""``ledger staff create | rotate-key`` and ``ledger player create | rotate-key``: register a
staff member or a player, or give one a new API key; the key is printed once (stdout), never
logged. Recorded with the actor ``system:cli``."""

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


def cmd_player_create(settings: Settings, args: argparse.Namespace) -> int:
    ledger = open_ledger(settings, projections=False)
    try:
        player_id, api_key = ledger.register_player(display_name=args.name, actor=CLI_ACTOR)
    finally:
        ledger.shutdown()
    err("the API key is shown only this once")
    out(json.dumps({"player_id": str(player_id), "api_key": api_key}))
    return 0
