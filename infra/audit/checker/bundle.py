"""The check of a parsed bundle: checkpoints, events, jogadas, consistency proofs
(docs/audit.md). Standard library and ``cryptography`` only."""

from __future__ import annotations

import base64
import json
import struct
from typing import Any

from .games import check_jogadas
from .notes import NoteError, trusted_keys, verify_checkpoint
from .tree import canonical, consistency_holds, inclusion_holds, sha256

FORMAT = "ledger-audit-bundle/1"


def check(bundle: dict[str, Any], pinned: list[bytes] | None = None, modules: Any = None,
          notes: list[str] | None = None) -> tuple[list[str], dict[str, int]]:
    """(problems, counts) of a parsed bundle. ``modules``: the games' offline modules (default:
    those shipped in the zip, games.py); ``notes`` receives what is said but not a failure."""
    if bundle.get("format") != FORMAT:
        return [f"not a {FORMAT} bundle"], {}
    keys, problems = trusted_keys(pinned, bundle)
    trees: dict[int, tuple[int, bytes]] = {}  # checkpoint sequence -> (tree size, root)
    for cp in bundle["checkpoints"]:
        try:
            facts = verify_checkpoint(cp, keys)
        except NoteError as error:
            problems.append(str(error))
            continue
        trees[facts["sequence"]] = (facts["tree_size"], facts["root"])
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
    found, said, readjudicated = check_jogadas(bundle, proved, modules)
    problems += found
    if notes is not None:
        notes += said
    for proof in bundle.get("consistency", []):
        first, second = trees.get(proof["first"]), trees.get(proof["second"])
        if first is None or second is None or not consistency_holds(
                first[0], second[0], first[1], second[1],
                [bytes.fromhex(h) for h in proof["proof"]]):
            problems.append(f"checkpoints {proof['first']} -> {proof['second']}: the consistency"
                            " proof fails")
    counts = {"checkpoints": len(trees), "events": len(proved),
              "jogadas": len(bundle["jogadas"]), "keys_pinned": int(pinned is not None),
              "readjudicated": readjudicated}
    return problems, counts
