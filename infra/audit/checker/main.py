"""The command line of the checker: ``python3 bundle_check.pyz BUNDLE.json [--trusted-key FILE]
[--public-key HEX] [--checkpoint FILE]`` (exit statuses: the package's docstring)."""

from __future__ import annotations

import argparse
import json
import sys
from types import ModuleType

from . import __doc__ as DOC
from . import games as game_rules
from .bundle import check
from .notes import parse_trusted_key

OK, FAILED, USAGE, NOT_AUTHENTICATED = 0, 1, 2, 3


def public_key(value: str) -> bytes:
    """One ``--public-key``: an Ed25519 public key, 64 hex digits or a C2SP verifier key
    string; else a usage error (exit 2) naming the value and what is expected, not a problem
    per checkpoint and event."""
    try:
        return parse_trusted_key(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{value!r} is not an Ed25519 public key: expected 64 hex digits (32 bytes) or a"
            " verifier key string (name+hash+base64), as GET /audit/public-keys gives them"
        ) from None


def _read(path: str, what: str, parse) -> object:
    """A file given on the command line, parsed; a usage error naming the option and the file."""
    try:
        with open(path, encoding="utf-8") as handle:
            return parse(handle.read())
    except (OSError, ValueError) as error:
        raise SystemExit(_usage(f"{what} {path}: {error}"))


def _usage(message: str) -> int:
    print(f"bundle_check: error: {message}", file=sys.stderr)
    return USAGE


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        description=DOC.split("\n\n")[0].rstrip(":") + " (what it checks: docs/audit.md).",
        epilog="exit status: 0 everything holds, signed by a trusted key; 1 a check failed (each"
               " named); 2 a file unreadable or a key malformed; 3 everything holds but no"
               " trusted key was given, so nothing is authenticated")
    made.add_argument("bundle", help="the bundle file (JSON) of `ledger audit export`")
    made.add_argument("--trusted-key", action="append", metavar="FILE", default=[],
                      help="a file holding a key you trust: 64 hex digits (GET"
                           " /audit/public-keys) or a C2SP verifier key name+hash+base64;"
                           " repeatable")
    made.add_argument("--public-key", action="append", metavar="HEX", type=public_key,
                      default=[], help="a trusted Ed25519 public key given inline (64 hex"
                                       " digits); repeatable")
    made.add_argument("--checkpoint", action="append", metavar="FILE", default=[],
                      help="a checkpoint you hold (JSON, as GET /audit/checkpoints/latest gives"
                           " it): the bundle must prove it extends it; repeatable")
    return made


def main(argv: list[str] | None = None, offline: list[ModuleType] | None = None) -> int:
    """``offline``: the games' offline modules (``ledger audit check``: the registered games');
    by default those shipped in bundle_check.pyz."""
    args = parser().parse_args(argv)
    try:
        pinned = [*args.public_key, *(_read(path, "--trusted-key", parse_trusted_key)
                                      for path in args.trusted_key)]
        held = [(path, _read(path, "--checkpoint", json.loads)) for path in args.checkpoint]
        with open(args.bundle, "rb") as handle:
            bundle = json.load(handle)
    except SystemExit as usage:
        return int(usage.code)
    except (OSError, ValueError) as error:
        return _usage(f"{args.bundle}: {error}")
    try:
        problems, counts = check(bundle, pinned or None, held=held,
                                 games=game_rules.load(offline))
    except (AttributeError, KeyError, TypeError, ValueError) as error:  # a malformed bundle
        problems, counts = [f"the bundle is not as ledger audit export writes it ({error!r})"], {}
    if not pinned:
        print("BUNDLE NOT AUTHENTICATED: no trusted key given (--trusted-key FILE or --public-key"
              " HEX): its checkpoints were checked with the keys the bundle itself carries,"
              " which whoever wrote it chose")
    if problems:
        print(f"BUNDLE FAILED ({len(problems)} problems):")
        for problem in problems:
            print(f"  - {problem}")
        return FAILED
    held_said = "".join(f", extending held checkpoint {seq}" for seq in counts["held"])
    said = (f"{counts['jogadas']} jogadas complete, {counts['events']} events proved against"
            f" {counts['checkpoints']} signed checkpoints{held_said}")
    notes = (f"; {counts['readjudicated']} jogadas re-derived from their revealed seeds and"
             " re-adjudicated by their rules"
             + "".join(f"\n  note: {note}" for note in counts["notes"]))
    if not pinned:
        print(f"consistent but unauthenticated: {said}{notes}")
        return NOT_AUTHENTICATED
    print(f"BUNDLE OK: {said}, signed by the pinned keys {', '.join(counts['key_ids'])}{notes}")
    return OK
