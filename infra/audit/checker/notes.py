"""Checkpoint notes and their signatures (docs/audit.md "Checkpoints"). Standard library and
``cryptography`` only."""

from __future__ import annotations

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

NOTE_FIELDS = ("origin", "sequence", "tree-size", "root", "chain", "last-notification-id",
               "sealed-at")


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
