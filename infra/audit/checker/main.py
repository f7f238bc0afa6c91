"""The command line of the checker: ``python3 bundle_check.pyz BUNDLE.json [--public-key HEX]``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import __doc__ as DOC
from .bundle import check


def public_key(value: str) -> bytes:
    """One ``--public-key``: an Ed25519 public key, 64 hex digits; else a usage error (exit 2)
    naming the value and what is expected, not a problem per checkpoint and event."""
    try:
        key = bytes.fromhex(value)
    except ValueError:
        key = b""
    if len(key) != 32:
        raise argparse.ArgumentTypeError(
            f"{value!r} is not an Ed25519 public key: expected 64 hex digits (32 bytes), as GET"
            " /audit/public-keys gives it")
    return key


def main(argv: list[str] | None = None, modules: Any = None) -> int:
    """``modules``: the games' offline modules (``ledger audit check``: the registered games');
    by default those shipped in the zip application."""
    parser = argparse.ArgumentParser(description=DOC.split("\n\n")[0])
    parser.add_argument("bundle", help="the bundle file (JSON) of `ledger audit export`")
    parser.add_argument("--public-key", action="append", metavar="HEX", type=public_key,
                        help="a trusted Ed25519 public key (64 hex digits, as GET"
                             " /audit/public-keys gives it); repeatable")
    args = parser.parse_args(argv)
    try:
        with open(args.bundle, "rb") as handle:
            bundle = json.load(handle)
        pinned = args.public_key or None
    except (OSError, ValueError) as error:
        print(f"bundle_check: error: {error}", file=sys.stderr)
        return 2
    notes: list[str] = []
    problems, counts = check(bundle, pinned, modules, notes)
    trust = "pinned keys" if pinned else "the keys in the bundle (pin them with --public-key)"
    if problems:
        print(f"BUNDLE FAILED ({len(problems)} problems):")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print(f"BUNDLE OK: {counts['jogadas']} jogadas, {counts['events']} events proved against"
          f" {counts['checkpoints']} signed checkpoints, with {trust}; {counts['readjudicated']}"
          " jogadas re-derived from their revealed seeds and re-adjudicated by their rules")
    for note in notes:
        print(f"  note: {note}")
    return 0

