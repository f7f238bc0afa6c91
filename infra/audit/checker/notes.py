"""Checkpoint notes, their signatures and the keys one trusts (docs/audit.md "Checkpoints" and
"Keys"). Standard library and ``cryptography`` only; written apart from domain/audit/ on purpose.

A checkpoint is a C2SP signed note (c2sp.org/signed-note, c2sp.org/tlog-checkpoint): the text
(origin, tree size, base64 root, then the extension lines ``sequence``, ``chain``,
``last-notification-id``, ``sealed-at``), a blank line, and signature lines ``— <key name>
<base64(4-byte key hash || Ed25519 signature)>``; the key hash is SHA-256(name || 0x0A || 0x01
|| public key)[:4]. Checkpoints signed before issue 25 are ``ledger-checkpoint/1`` notes with
the bare signature beside them; both verify. A key rotation statement (``ledger-key-rotation/1``)
is a signed note by the old key and the new one: who trusts the old key may trust the new."""

from __future__ import annotations

import base64
import binascii
import hashlib
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

NOTE_FIELDS = ("origin", "sequence", "tree-size", "root", "chain", "last-notification-id",
               "sealed-at")
EXTENSIONS = ("sequence", "chain", "last-notification-id", "sealed-at")
ROTATION_FIELDS = ("origin", "old-key", "new-key", "from-tree-size", "rotated-at")


class NoteError(ValueError):
    """A checkpoint that does not verify; its message names what is wrong."""


def parse_note(note: str) -> dict[str, str]:
    """The fields a checkpoint's note states, by the ``ledger-checkpoint/1`` names (``root``
    and ``chain`` in hex), from either format; its signature is not checked here."""
    lines = note.split("\n")
    if lines[0] != "ledger-checkpoint/1":
        return _parse_c2sp(split_signed_note(note)[0])
    if lines[-1] != "" or len(lines) != len(NOTE_FIELDS) + 2:
        raise ValueError("not a ledger-checkpoint/1 note")
    fields = dict(line.split(": ", 1) for line in lines[1:-1])
    if tuple(fields) != NOTE_FIELDS:
        raise ValueError("the note's fields are not those of ledger-checkpoint/1")
    return fields


def _parse_c2sp(text: str) -> dict[str, str]:
    """A tlog-checkpoint body: origin, tree size, base64 root, then the extension lines."""
    lines = text.split("\n")
    fields = dict(line.split(": ", 1) for line in lines[3:-1] if ": " in line)
    if len(lines) != 3 + len(EXTENSIONS) + 1 or tuple(fields) != EXTENSIONS:
        raise ValueError("not a checkpoint: origin, tree size, root, then the extension lines "
                         + ", ".join(EXTENSIONS))
    size, root, chain = lines[1], _b64(lines[2]), _b64(fields["chain"])
    if not size.isdigit() or str(int(size)) != size or len(root) != 32 or len(chain) != 32:
        raise ValueError("its tree size, root or chain is malformed")
    return {"origin": lines[0], "sequence": fields["sequence"], "tree-size": size,
            "root": root.hex(), "chain": chain.hex(),
            "last-notification-id": fields["last-notification-id"],
            "sealed-at": fields["sealed-at"]}


def signature_holds(public_key: bytes, signature: bytes, message: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def key_id(public_key: bytes) -> str:
    """The ledger's key id: the first 8 bytes of SHA-256 of the raw key, hex."""
    return hashlib.sha256(public_key).hexdigest()[:16]


def note_key_hash(name: str, public_key: bytes) -> bytes:
    """The signed-note key hash of an Ed25519 key under ``name``."""
    return hashlib.sha256(name.encode() + b"\n\x01" + public_key).digest()[:4]


def _b64(value: str) -> bytes:
    try:
        return base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return b""


def parse_verifier_key(text: str) -> tuple[str, bytes]:
    """(name, raw public key) of a verifier key string ``<name>+<hex hash>+<base64(0x01 ||
    key)>``; ValueError saying what is wrong."""
    parts = text.strip().split("+", 2)  # the base64 may hold '+' itself
    if len(parts) != 3 or not parts[0] or any(c.isspace() for c in parts[0]):
        raise ValueError("a verifier key is <name>+<8 hex digits>+<base64 of 0x01 and the key>")
    name, claimed, material = parts
    raw = _b64(material)
    if len(raw) != 33 or raw[0] != 1:
        raise ValueError("the verifier key is not an Ed25519 key (base64 of 0x01 and 32 bytes)")
    if claimed.lower() != note_key_hash(name, raw[1:]).hex() or len(claimed) != 8:
        raise ValueError(f"the verifier key's hash {claimed!r} is not that of its name and key")
    return name, raw[1:]


def parse_trusted_key(text: str) -> bytes:
    """The raw Ed25519 public key in a trusted key file's content: 64 hex digits (GET
    /audit/public-keys ``public_key``) or a verifier key string (its ``verifier_key``);
    ValueError saying what was expected."""
    value = text.strip()
    if "+" in value:
        try:
            return parse_verifier_key(value)[1]
        except ValueError as error:
            raise ValueError(f"not a trusted key: {error}") from None
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raw = b""
    if len(raw) != 32:
        raise ValueError("not a trusted key: expected an Ed25519 public key as 64 hex digits, or"
                         " a verifier key string <name>+<8 hex digits>+<base64> (GET"
                         " /audit/public-keys gives both)")
    return raw


def split_signed_note(note: str) -> tuple[str, list[tuple[str, bytes, bytes]]]:
    """The text and the signature lines (name, key hash, signature) of a signed note."""
    if not note.endswith("\n") or "\n\n" not in note:
        raise ValueError("not a signed note (text, blank line, signature lines)")
    cut = note.rindex("\n\n")
    text, lines = note[:cut + 1], note[cut + 2:].split("\n")[:-1]
    found = []
    for line in lines:
        parts = line.split(" ")
        raw = _b64(parts[2]) if len(parts) == 3 and parts[0] == "\u2014" else b""
        if len(raw) < 5:
            raise ValueError(f"not a signature line: {line[:80]!r}")
        found.append((parts[1], raw[:4], raw[4:]))
    if not found:
        raise ValueError("a signed note has at least one signature line")
    return text, found


def open_signed_note(note: str, name: str, public_key: bytes) -> str:
    """The text of ``note`` if the key (under ``name``) signed it; ValueError otherwise."""
    text, signatures = split_signed_note(note)
    wanted = note_key_hash(name, public_key)
    mine = [s for n, h, s in signatures if (n, h) == (name, wanted)]
    if not mine:
        raise ValueError(f"no signature of key {name}+{wanted.hex()} on it")
    if not all(signature_holds(public_key, s, text.encode("utf-8")) for s in mine):
        raise ValueError(f"the signature of key {name}+{wanted.hex()} does not verify")
    return text


def _rotation_fields(note: str) -> dict[str, str]:
    lines = split_signed_note(note)[0].split("\n")
    if lines[0] != "ledger-key-rotation/1" or len(lines) != len(ROTATION_FIELDS) + 2:
        raise ValueError("not a ledger-key-rotation/1 statement")
    fields = dict(line.split(": ", 1) for line in lines[1:-1] if ": " in line)
    if tuple(fields) != ROTATION_FIELDS:
        raise ValueError("the statement's fields are not those of ledger-key-rotation/1")
    return fields


class Keys(dict):
    """Key id -> raw public key, and each key's window of tree sizes (``windows``: key id ->
    (first, end), end excluded): a rotation statement closes the old key's window at its
    ``from-tree-size`` and opens the new key's there (as ``ledger verify`` reads it)."""

    def __init__(self, keys: dict[str, bytes]) -> None:
        super().__init__(keys)
        self.windows: dict[str, tuple[int, int | None]] = {}


def trusted_keys(pinned: list[bytes] | None, bundle: dict[str, Any]) -> tuple[dict[str, bytes], list[str]]:
    """The keys the checkpoints may be signed with, by key id, and the problems found: the
    receiver's own keys when given, else the bundle's (which the report says); then every key
    a trusted key handed over to by a key rotation statement of the bundle
    (``bundle["key_rotations"]``), signed by the old key and the new one. A statement that
    does not verify is a problem."""
    if pinned is not None:
        keys = Keys({key_id(k): k for k in pinned})
    else:
        keys = Keys({k["key_id"]: bytes.fromhex(k["public_key"])
                     for k in bundle.get("public_keys", []) if k.get("algorithm") == "ed25519"})
    problems: list[str] = []
    for rotation in bundle.get("key_rotations", []):
        seq = rotation.get("sequence")
        try:
            fields = _rotation_fields(rotation["note"])
            (old_name, old), (new_name, new) = (parse_verifier_key(fields["old-key"]),
                                                parse_verifier_key(fields["new-key"]))
            if keys.get(key_id(old)) != old:
                raise ValueError(f"its old key {key_id(old)} is not a trusted key")
            open_signed_note(rotation["note"], old_name, old)
            open_signed_note(rotation["note"], new_name, new)
        except (ValueError, KeyError, TypeError) as error:
            problems.append(f"key rotation {seq}: {error}")
            continue
        keys[key_id(new)] = new
        start = keys.windows.get(key_id(old), (0, None))[0]
        keys.windows[key_id(old)] = (start, int(fields["from-tree-size"]))
        keys.windows[key_id(new)] = (int(fields["from-tree-size"]), None)
    return keys, problems


def verify_checkpoint(cp: dict[str, Any], keys: dict[str, bytes]) -> dict[str, Any]:
    """The facts a checkpoint of the bundle signs: ``sequence``, ``origin``, ``tree_size``,
    ``root`` (bytes), ``chain`` (bytes), ``last_notification_id``, ``sealed_at``, and the
    ``key_id`` that signed it; NoteError naming what is wrong."""
    seq = cp.get("sequence")
    key = keys.get(cp.get("key_id", ""))
    if key is None:
        raise NoteError(f"checkpoint {seq}: signed by key {cp.get('key_id')}, not a trusted key")
    note = cp.get("note", "")
    try:
        if note.startswith("ledger-checkpoint/1\n"):
            if not signature_holds(key, base64.b64decode(cp["signature"]), note.encode()):
                raise ValueError("the signature does not verify over its note")
        else:  # a C2SP signed note: the key's name is the origin, its first line
            text = open_signed_note(note, note.split("\n", 1)[0], key)
            if "signature" in cp and not signature_holds(
                    key, base64.b64decode(cp["signature"]), text.encode("utf-8")):
                raise ValueError("its signature field is not a signature of its note's text")
        fields = parse_note(note)
    except ValueError as error:
        raise NoteError(f"checkpoint {seq}: {error}") from None
    if fields["sequence"] != str(seq):
        raise NoteError(f"checkpoint {seq}: its note says sequence {fields['sequence']}")
    first, end = getattr(keys, "windows", {}).get(cp["key_id"], (0, None))
    size = int(fields["tree-size"])
    if size < first or (end is not None and size >= end):
        raise NoteError(f"checkpoint {seq}: key {cp['key_id']} signed a tree of {size} events,"
                        f" outside its window [{first}, {'∞' if end is None else end}) set by"
                        " the bundle's key rotation statements")
    return {"sequence": seq, "origin": fields["origin"], "tree_size": int(fields["tree-size"]),
            "root": bytes.fromhex(fields["root"]), "chain": bytes.fromhex(fields["chain"]),
            "last_notification_id": int(fields["last-notification-id"]),
            "sealed_at": fields["sealed-at"], "key_id": cp["key_id"]}
