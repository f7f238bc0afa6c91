"""Checkpoint notes and their signatures (docs/audit.md "Checkpoints"). Standard library and
``cryptography`` only."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

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


class NoteError(ValueError):
    """A checkpoint that does not verify; its message names what is wrong."""


def key_id(public_key: bytes) -> str:
    """The key id of ``ledger-checkpoint/1``: the first 8 bytes of SHA-256 of the raw key, hex."""
    return hashlib.sha256(public_key).hexdigest()[:16]


def trusted_keys(pinned: list[bytes] | None, bundle: dict[str, Any]) -> tuple[dict[str, bytes], list[str]]:
    """The keys the checkpoints may be signed with, by key id, and the problems found: the
    receiver's own keys when given, else the bundle's (which the report says)."""
    if pinned is not None:
        return {key_id(k): k for k in pinned}, []
    return {k["key_id"]: bytes.fromhex(k["public_key"]) for k in bundle.get("public_keys", [])
            if k.get("algorithm") == "ed25519"}, []


def verify_checkpoint(cp: dict[str, Any], keys: dict[str, bytes]) -> dict[str, Any]:
    """The facts a checkpoint of the bundle signs: ``sequence``, ``origin``, ``tree_size``,
    ``root`` (bytes), ``key_id``; NoteError naming what is wrong."""
    seq = cp.get("sequence")
    key = keys.get(cp.get("key_id", ""))
    if key is None:
        raise NoteError(f"checkpoint {seq}: signed by key {cp.get('key_id')}, not a trusted key")
    if not signature_holds(key, base64.b64decode(cp["signature"]), cp["note"].encode()):
        raise NoteError(f"checkpoint {seq}: the signature does not verify over its note")
    try:
        fields = parse_note(cp["note"])
    except ValueError as error:
        raise NoteError(f"checkpoint {seq}: {error}") from None
    if int(fields["sequence"]) != seq:
        raise NoteError(f"checkpoint {seq}: its note says sequence {fields['sequence']}")
    return {"sequence": seq, "origin": fields["origin"], "tree_size": int(fields["tree-size"]),
            "root": bytes.fromhex(fields["root"]), "key_id": cp["key_id"]}


def parse_trusted_key(text: str) -> bytes:
    """The Ed25519 public key of a trusted key file (``--trusted-key FILE``): 64 hex digits (as
    GET /audit/public-keys gives it), or a C2SP verifier key ``name+hash+base64`` (the hash:
    the first 4 bytes of SHA-256(name, a newline, 0x01, the key), hex; the base64: 0x01 then
    the 32 bytes of the key). ValueError saying what is expected.

    A minimal version written by the bundle helper until the notes helper's lands."""
    text = text.strip()
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) == 32:
        return key
    parts = text.split("+", 2)  # the base64 may hold "+" too
    if len(parts) == 3:
        name, digest, encoded = parts
        try:
            raw = base64.b64decode(encoded, validate=True)
        except ValueError:
            raw = b""
        if (name and len(raw) == 33 and raw[0] == 1 and digest == hashlib.sha256(
                name.encode() + b"\n" + raw).hexdigest()[:8]):
            return raw[1:]
    raise ValueError("not an Ed25519 public key: expected 64 hex digits, or a C2SP verifier"
                     " key name+hash+base64 whose hash matches its name and key")
