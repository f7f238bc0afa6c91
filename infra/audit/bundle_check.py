#!/usr/bin/env python3
"""Check an offline audit bundle (``ledger audit export``) with no database and no code of the
ledger: Python's standard library and the ``cryptography`` package only, so that a regulator
can copy this one file and run it:

    python3 bundle_check.py BUNDLE.json [--public-key HEX ...]

It checks (docs/audit.md; RFC 9162 §2.1; 903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1):
1. each checkpoint's Ed25519 signature over its note, with a key the receiver trusts (the keys
   given with --public-key; without them, those in the bundle, which the output says);
2. each event: its leaf recomputed from its canonical bytes, and its inclusion proof against
   the checkpoint it names; its readable ``data`` equals its stored state;
3. each jogada: all its events are in the bundle and proved;
4. each consistency proof between two checkpoints.
Exit status 0 when everything holds, 1 naming each failure, 2 when the file cannot be read
or a --public-key is not an Ed25519 public key (64 hex digits).

Written apart from domain/audit/merkle.py and domain/audit/record.py on purpose: an independent
implementation of the same documented bytes and of the RFC's verification algorithms.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import struct
import sys
import uuid
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

FORMAT = "ledger-audit-bundle/1"
NOTE_FIELDS = ("origin", "sequence", "tree-size", "root", "chain", "last-notification-id",
               "sealed-at")


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def canonical(event: dict[str, Any]) -> bytes:
    """docs/audit.md: the canonical bytes of a stored event."""
    topic = event["topic"].encode("utf-8")
    state = base64.b64decode(event["state"], validate=True)
    return b"".join((b"ledger-event/1\x00", struct.pack(">Q", event["notification_id"]),
                     uuid.UUID(event["originator_id"]).bytes,
                     struct.pack(">Q", event["originator_version"]),
                     struct.pack(">H", len(topic)), topic, struct.pack(">I", len(state)), state))


def node(left: bytes, right: bytes) -> bytes:
    return sha256(b"\x01" + left + right)


def inclusion_holds(leaf: bytes, index: int, size: int, path: list[bytes], root: bytes) -> bool:
    """RFC 9162 §2.1.3.2."""
    if not 0 <= index < size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            r = node(p, r)
            while fn % 2 == 0 and fn != 0:
                fn, sn = fn // 2, sn // 2
        else:
            r = node(r, p)
        fn, sn = fn // 2, sn // 2
    return sn == 0 and r == root


def consistency_holds(m: int, n: int, old: bytes, new: bytes, path: list[bytes]) -> bool:
    """RFC 9162 §2.1.4.2."""
    if not 0 < m <= n:
        return False
    if m == n:
        return not path and old == new
    path = list(path)
    if m & (m - 1) == 0:
        path.insert(0, old)
    if not path:
        return False
    fn, sn = m - 1, n - 1
    while fn % 2 == 1:
        fn, sn = fn // 2, sn // 2
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            fr, sr = node(c, fr), node(c, sr)
            while fn % 2 == 0 and fn != 0:
                fn, sn = fn // 2, sn // 2
        else:
            sr = node(sr, c)
        fn, sn = fn // 2, sn // 2
    return sn == 0 and fr == old and sr == new


def parse_note(note: str) -> dict[str, str]:
    lines = note.split("\n")
    if lines[0] != "ledger-checkpoint/1" or lines[-1] != "" or len(lines) != len(NOTE_FIELDS) + 2:
        raise ValueError("not a ledger-checkpoint/1 note")
    fields = dict(line.split(": ", 1) for line in lines[1:-1])
    if tuple(fields) != NOTE_FIELDS:
        raise ValueError("the note's fields are not those of ledger-checkpoint/1")
    return fields


def signature_holds(public_key: bytes, signature: bytes, message: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def check(bundle: dict[str, Any], pinned: list[bytes] | None = None) -> tuple[list[str], dict[str, int]]:
    """(problems, counts) of a parsed bundle."""
    problems: list[str] = []
    if bundle.get("format") != FORMAT:
        return [f"not a {FORMAT} bundle"], {}
    if pinned is not None:
        keys = {hashlib.sha256(k).hexdigest()[:16]: k for k in pinned}
    else:
        keys = {k["key_id"]: bytes.fromhex(k["public_key"]) for k in bundle["public_keys"]
                if k.get("algorithm") == "ed25519"}
    trees: dict[int, tuple[int, bytes]] = {}  # checkpoint sequence -> (tree size, root)
    for cp in bundle["checkpoints"]:
        seq = cp.get("sequence")
        key = keys.get(cp.get("key_id", ""))
        if key is None:
            problems.append(f"checkpoint {seq}: signed by key {cp.get('key_id')}, not a trusted"
                            " key")
            continue
        if not signature_holds(key, base64.b64decode(cp["signature"]), cp["note"].encode()):
            problems.append(f"checkpoint {seq}: the signature does not verify over its note")
            continue
        try:
            fields = parse_note(cp["note"])
        except ValueError as error:
            problems.append(f"checkpoint {seq}: {error}")
            continue
        if int(fields["sequence"]) != seq:
            problems.append(f"checkpoint {seq}: its note says sequence {fields['sequence']}")
            continue
        trees[seq] = (int(fields["tree-size"]), bytes.fromhex(fields["root"]))
    proved: set[int] = set()
    for event in bundle["events"]:
        n = event.get("notification_id")
        tree = trees.get(event.get("checkpoint"))
        if tree is None:
            problems.append(f"event {n}: its checkpoint {event.get('checkpoint')} is not a"
                            " verified checkpoint of the bundle")
            continue
        try:
            leaf = sha256(b"\x00" + canonical(event))
        except (KeyError, ValueError, TypeError, struct.error) as error:
            problems.append(f"event {n}: cannot make its canonical bytes ({error})")
            continue
        if leaf.hex() != event.get("leaf_hash"):
            problems.append(f"event {n}: its leaf hash is not that of its stored fields")
        path = [bytes.fromhex(h) for h in event.get("proof", [])]
        if not inclusion_holds(leaf, event.get("leaf_index", -1), tree[0], path, tree[1]):
            problems.append(f"event {n} (leaf {event.get('leaf_index')}): the inclusion proof"
                            f" against checkpoint {event['checkpoint']} fails: the event is not"
                            " the one that was sealed")
            continue
        if "data" in event and json.loads(base64.b64decode(event["state"])) != event["data"]:
            problems.append(f"event {n}: its readable data differs from its stored state")
            continue
        proved.add(n)
    for jogada in bundle["jogadas"]:
        missing = [n for n in jogada["events"] if n not in proved]
        if missing:
            problems.append(f"jogada {jogada['jogada_id']}: events {missing} are missing or not"
                            " proved")
    for proof in bundle.get("consistency", []):
        first, second = trees.get(proof["first"]), trees.get(proof["second"])
        if first is None or second is None or not consistency_holds(
                first[0], second[0], first[1], second[1],
                [bytes.fromhex(h) for h in proof["proof"]]):
            problems.append(f"checkpoints {proof['first']} -> {proof['second']}: the consistency"
                            " proof fails")
    counts = {"checkpoints": len(trees), "events": len(proved),
              "jogadas": len(bundle["jogadas"]), "keys_pinned": int(pinned is not None)}
    return problems, counts


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
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
    problems, counts = check(bundle, pinned)
    trust = "pinned keys" if pinned else "the keys in the bundle (pin them with --public-key)"
    if problems:
        print(f"BUNDLE FAILED ({len(problems)} problems):")
        for problem in problems:
            print(f"  - {problem}")
        return 1
    print(f"BUNDLE OK: {counts['jogadas']} jogadas, {counts['events']} events proved against"
          f" {counts['checkpoints']} signed checkpoints, with {trust}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
