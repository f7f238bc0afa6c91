"""The check of a parsed bundle: checkpoints, events, jogadas, consistency proofs
(docs/audit.md). Standard library and ``cryptography`` only."""

from __future__ import annotations

import base64
import hashlib
import json
import struct
from typing import Any

from .notes import parse_note, signature_holds
from .tree import canonical, consistency_holds, inclusion_holds, sha256

FORMAT = "ledger-audit-bundle/1"


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
