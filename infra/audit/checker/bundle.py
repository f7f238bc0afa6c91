"""The check of a parsed bundle: checkpoints, events, jogadas, consistency proofs, the
checkpoints the auditor holds (docs/audit.md "Offline"). Standard library and ``cryptography``
only."""

from __future__ import annotations

import base64
import binascii
import json
import struct
import uuid
from types import ModuleType
from typing import Any

from . import checkpoints
from . import games as game_rules
from .jogadas import by_jogada, check_jogada
from .notes import trusted_keys
from .tree import canonical, inclusion_holds, sha256

FORMAT = "ledger-audit-bundle/1"


def check(bundle: dict[str, Any], pinned: list[bytes] | None = None, *,
          held: list[tuple[str, Any]] = (), games: dict[str, ModuleType] | None = None
          ) -> tuple[list[str], dict[str, Any]]:
    """(problems, counts) of a parsed bundle. ``pinned``: the keys the auditor trusts (None:
    the bundle's own, which authenticates nothing); ``held``: the checkpoints the auditor holds
    (file name, JSON); ``games``: game name -> offline module (``games.load``)."""
    if not isinstance(bundle, dict) or bundle.get("format") != FORMAT:
        return [f"not a {FORMAT} bundle"], {}
    games = game_rules.load() if games is None else games
    keys, problems = trusted_keys(pinned, bundle)
    trees, found = checkpoints.verified(bundle, keys)
    problems += found
    proved, streams = _proved(bundle, trees, problems)
    jogadas = bundle.get("jogadas")
    if not isinstance(jogadas, list) or not jogadas:
        problems.append("jogadas: the bundle lists no jogada")
        jogadas = []
    named = by_jogada(proved)
    for entry in jogadas:
        problems += check_jogada(entry, proved, streams, named, games)
    problems += checkpoints.consistency(bundle, trees)
    linked, found = checkpoints.held(list(held), bundle, keys, trees)
    problems += found
    counts = {"checkpoints": len(trees), "events": len(proved), "jogadas": len(jogadas),
              "keys_pinned": int(pinned is not None), "held": linked,
              "key_ids": sorted({facts["key_id"] for facts in trees.values()})}
    return problems, counts


def _proved(bundle: dict[str, Any], trees: dict[int, dict[str, Any]], problems: list[str]
            ) -> tuple[dict[int, dict[str, Any]], dict[str, dict[int, dict[str, Any]]]]:
    """The events whose inclusion in a verified checkpoint is proved (notification id ->
    the event with ``name`` and ``data``: its stored state decoded), and the same by stream and
    version; each event that is not, a problem naming it."""
    proved: dict[int, dict[str, Any]] = {}
    streams: dict[str, dict[int, dict[str, Any]]] = {}
    for event in bundle.get("events", []):
        n = event.get("notification_id")
        tree = trees.get(event.get("checkpoint"))
        if tree is None:
            problems.append(f"event {n}: its checkpoint {event.get('checkpoint')} is not a"
                            " verified checkpoint of the bundle")
            continue
        try:
            leaf = sha256(b"\x00" + canonical(event))
            state = json.loads(base64.b64decode(event["state"]))
            path = [bytes.fromhex(h) for h in event.get("proof", [])]
        except (KeyError, ValueError, TypeError, struct.error, binascii.Error) as error:
            problems.append(f"event {n}: cannot make its canonical bytes ({error})")
            continue
        if leaf.hex() != event.get("leaf_hash"):
            problems.append(f"event {n}: its leaf hash is not that of its stored fields")
        if not inclusion_holds(leaf, event.get("leaf_index", -1), tree["tree_size"], path,
                               tree["root"]):
            problems.append(f"event {n} (leaf {event.get('leaf_index')}): the inclusion proof"
                            f" against checkpoint {event['checkpoint']} fails: the event is not"
                            " the one that was sealed")
            continue
        if "data" in event and state != event["data"]:
            problems.append(f"event {n}: its readable data differs from its stored state")
            continue
        if n in proved:
            problems.append(f"event {n}: twice in the bundle")
            continue
        stream = str(uuid.UUID(event["originator_id"]))
        proved[n] = {**event, "originator_id": stream, "name": event["topic"].rpartition(".")[2],
                     "data": state}
        streams.setdefault(stream, {})[event["originator_version"]] = proved[n]
    return proved, streams
