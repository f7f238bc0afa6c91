"""The bundle's checkpoints and the auditor's own (docs/audit.md "Offline"): each bundle
checkpoint's signature with a trusted key, its readable fields (``tree_size``, ``root``,
``sequence``, ...) against what its signed note says, the bundle's ``origin`` against the
signed origin; and each checkpoint the auditor holds (``--checkpoint FILE``) linked to the
bundle's newest by a consistency proof from the held tree size and root — the bundle's own copy
of that checkpoint is never used in its place. Standard library and ``cryptography`` only."""

from __future__ import annotations

from typing import Any

from .notes import NoteError, verify_checkpoint
from .tree import consistency_holds

# Fields of a checkpoint that only say which key signed it or are the signature itself.
_NOT_FACTS = ("note", "signature", "key_id")


def signed_fields(facts: dict[str, Any]) -> dict[str, str]:
    """What the signed note says (the facts of ``verify_checkpoint``), by the checkpoint's
    field names, as text (``root`` and ``chain`` in hex)."""
    return {k: (v.hex() if isinstance(v, bytes) else str(v)) for k, v in facts.items()}


def verified(bundle: dict[str, Any], keys: dict[str, bytes]
             ) -> tuple[dict[int, dict[str, Any]], list[str]]:
    """The bundle's checkpoints that verify (sequence -> facts) and the problems: a signature
    that does not hold or an unknown key, a field that disagrees with the note, an origin that
    is not the signed one."""
    trees: dict[int, dict[str, Any]] = {}
    problems: list[str] = []
    for cp in bundle.get("checkpoints", []):
        try:
            facts = verify_checkpoint(cp, keys)
        except (NoteError, KeyError, TypeError, ValueError) as error:
            problems.append(str(error) if isinstance(error, NoteError)
                            else f"checkpoint {cp.get('sequence')}: unreadable ({error!r})")
            continue
        said = signed_fields(facts)
        for field, value in cp.items():
            if field not in _NOT_FACTS and field in said and str(value) != said[field]:
                problems.append(f"checkpoint {facts['sequence']}: its {field} field says"
                                f" {value!r}, its signed note {said[field]!r}")
        if bundle.get("origin") != facts["origin"]:
            problems.append(f"the bundle's origin field says {bundle.get('origin')!r}, checkpoint"
                            f" {facts['sequence']} signs origin {facts['origin']!r}")
        trees[facts["sequence"]] = facts
    return trees, problems


def consistency(bundle: dict[str, Any], trees: dict[int, dict[str, Any]]) -> list[str]:
    """Each consistency proof between two checkpoints of the bundle."""
    problems = []
    for proof in bundle.get("consistency", []):
        first, second = trees.get(proof.get("first")), trees.get(proof.get("second"))
        if first is None or second is None or not _holds(first, second, proof):
            problems.append(f"checkpoints {proof.get('first')} -> {proof.get('second')}: the"
                            " consistency proof fails")
    return problems


def _holds(first: dict[str, Any], second: dict[str, Any], proof: dict[str, Any]) -> bool:
    try:
        path = [bytes.fromhex(h) for h in proof.get("proof", [])]
    except (TypeError, ValueError):
        return False
    return consistency_holds(first["tree_size"], second["tree_size"], first["root"],
                             second["root"], path)


def held(checkpoints: list[tuple[str, Any]], bundle: dict[str, Any], keys: dict[str, bytes],
         trees: dict[int, dict[str, Any]]) -> tuple[list[int], list[str]]:
    """Each checkpoint the auditor holds (its file name, its JSON as GET
    /audit/checkpoints/latest gives it), verified with the trusted keys and linked to the
    bundle's newest checkpoint: (the held sequences linked, the problems naming each file)."""
    linked, problems = [], []
    newest = trees[max(trees)] if trees else None
    for name, cp in checkpoints:
        try:
            facts = verify_checkpoint(cp, keys)
        except (NoteError, AttributeError, KeyError, TypeError, ValueError) as error:
            problems.append(f"held checkpoint {name}: {error}")
            continue
        seq, size = facts["sequence"], facts["tree_size"]
        what = f"held checkpoint {name} (sequence {seq}, tree size {size})"
        if newest is None:
            problems.append(f"{what}: the bundle has no verified checkpoint to link it to")
            continue
        if facts["origin"] != newest["origin"]:
            problems.append(f"{what}: its origin {facts['origin']!r} is not the bundle's"
                            f" {newest['origin']!r}")
            continue
        own = trees.get(seq)
        if own is not None and (own["tree_size"], own["root"]) != (size, facts["root"]):
            problems.append(f"{what}: the bundle's checkpoint {seq} is not the one you hold"
                            " (another tree size or root): a second history")
            continue
        if size > newest["tree_size"]:
            problems.append(f"{what}: newer than the bundle's checkpoint {newest['sequence']}"
                            f" (tree size {newest['tree_size']}): the bundle cannot be linked to"
                            " it (export a newer bundle)")
            continue
        if size == newest["tree_size"]:
            if facts["root"] != newest["root"]:
                problems.append(f"{what}: the bundle's checkpoint {newest['sequence']} has the"
                                " same tree size and another root: a second history")
            else:
                linked.append(seq)
            continue
        proofs = [p for p in bundle.get("consistency", [])
                  if p.get("first") == seq and p.get("second") == newest["sequence"]]
        if not proofs:
            problems.append(f"{what}: the bundle carries no consistency proof from it to its"
                            f" checkpoint {newest['sequence']} (ask for one exported with"
                            f" --since-checkpoint {seq})")
        elif not _holds(facts, newest, proofs[0]):
            problems.append(f"{what}: the consistency proof from it to the bundle's checkpoint"
                            f" {newest['sequence']} fails: the bundle's record does not extend"
                            " the one you hold")
        else:
            linked.append(seq)
    return linked, problems
