"""C2SP signed notes (https://c2sp.org/signed-note, as golang.org/x/mod/sumdb/note writes
them): the format the checkpoints and the key rotation statements are signed in, so that an
off-the-shelf verifier checks them (docs/audit.md "Checkpoints").

    <text, one or more lines, each ending in a newline>
    <a blank line>
    — <key name> <base64(4-byte key hash || 64-byte Ed25519 signature)>
    ... (one line per signature)

The Ed25519 signature is over the text's UTF-8 bytes (its final newline included, the blank
line not). The key hash is the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || 32-byte
public key); the verifier key string ``<name>+<hex key hash>+<base64(0x01 || public key)>``
names a key with its hash (what ``sumdb/note.NewVerifier`` reads).

Pure: text and SHA-256; no key, no signature check (infra/audit/signing.py does those)."""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass

ED25519 = 0x01
DASH = "\u2014"  # em dash, U+2014
_SIGNATURE_BYTES = 4 + 64


def check_key_name(name: str) -> str:
    """``name`` if it can be a key name: non-empty, no Unicode space, no ``+``; else
    ValueError saying why."""
    if not name or "+" in name or any(c.isspace() for c in name):
        raise ValueError(f"{name!r} cannot be a signed-note key name: it must be non-empty,"
                         " without spaces and without '+' (c2sp.org/signed-note)")
    return name


def key_hash(name: str, public_key: bytes) -> bytes:
    """The 4-byte key hash of an Ed25519 key under ``name``."""
    return hashlib.sha256(name.encode() + b"\n" + bytes([ED25519]) + public_key).digest()[:4]


def verifier_key(name: str, public_key: bytes) -> str:
    """``<name>+<hex key hash>+<base64(0x01 || public key)>``."""
    check_key_name(name)
    encoded = base64.b64encode(bytes([ED25519]) + public_key).decode()
    return f"{name}+{key_hash(name, public_key).hex()}+{encoded}"


@dataclass(frozen=True)
class VerifierKey:
    name: str
    key_hash: bytes  # 4 bytes
    public_key: bytes  # raw Ed25519, 32 bytes

    def __str__(self) -> str:
        return verifier_key(self.name, self.public_key)


def parse_verifier_key(text: str) -> VerifierKey:
    """The key a verifier key string names; ValueError saying what is wrong with it."""
    name, sep, rest = text.strip().partition("+")
    hash_hex, sep2, material = rest.partition("+")  # the base64 may hold '+' itself
    if not sep or not sep2:
        raise ValueError("a verifier key is <name>+<8 hex digits>+<base64 key>")
    check_key_name(name)
    try:
        claimed = bytes.fromhex(hash_hex) if len(hash_hex) == 8 else b""
        raw = base64.b64decode(material, validate=True)
    except ValueError:  # binascii.Error is one
        raise ValueError("a verifier key is <name>+<8 hex digits>+<base64 key>") from None
    if len(claimed) != 4:
        raise ValueError("the verifier key's hash is not 8 hex digits")
    if len(raw) != 33 or raw[0] != ED25519:
        raise ValueError("the verifier key is not an Ed25519 key (0x01 and 32 bytes)")
    if key_hash(name, raw[1:]) != claimed:
        raise ValueError(f"the verifier key's hash {hash_hex} is not that of its name and key"
                         f" ({key_hash(name, raw[1:]).hex()})")
    return VerifierKey(name, claimed, raw[1:])


def check_text(text: str) -> str:
    """``text`` if it can be a note's text: it ends in a newline and holds no control
    character but newlines; else ValueError."""
    if not text.endswith("\n"):
        raise ValueError("a note's text ends in a newline")
    if any(ord(c) < 0x20 and c != "\n" for c in text):
        raise ValueError("a note's text holds no control character but newlines")
    return text


@dataclass(frozen=True)
class Signature:
    name: str
    key_hash: bytes  # 4 bytes
    signature: bytes  # what the key signed the text with (Ed25519: 64 bytes)


def named_lines(lines: list[str], keys: tuple[str, ...], what: str) -> dict[str, str]:
    """``key: value`` lines, one per key in that order (a checkpoint's extension lines, a
    legacy checkpoint, a rotation statement); ValueError naming ``what`` and the line."""
    values: dict[str, str] = {}
    for line, key in zip(lines, keys):
        name, sep, value = line.partition(": ")
        if name != key or not sep:
            raise ValueError(f"{what}: expected '{key}: ...', got {line!r}")
        values[key] = value
    return values


def signature_line(name: str, key_hash_: bytes, signature: bytes) -> str:
    return f"{DASH} {check_key_name(name)} {base64.b64encode(key_hash_ + signature).decode()}\n"


def assemble(text: str, lines: list[str]) -> str:
    """The signed note: the text, a blank line, the signature lines."""
    return check_text(text) + "\n" + "".join(lines)


def split(note: str) -> tuple[str, list[Signature]]:
    """The text of a signed note and its signatures (none checked); ValueError when it is not
    a signed note. The text is separated from the signatures by the last blank line."""
    if not note.endswith("\n") or "\n\n" not in note:
        raise ValueError("not a signed note (text, blank line, signature lines)")
    cut = note.rindex("\n\n")
    text, lines = note[:cut + 1], note[cut + 2:].split("\n")[:-1]
    check_text(text)
    if not lines:
        raise ValueError("a signed note has at least one signature line")
    signatures = []
    for line in lines:
        dash, _, rest = line.partition(" ")
        name, _, encoded = rest.partition(" ")
        try:
            raw = base64.b64decode(encoded, validate=True) if dash == DASH else b""
        except ValueError:  # binascii.Error is one
            raw = b""
        if len(raw) < 5 or not name or "+" in name or " " in encoded:
            raise ValueError(f"not a signature line: {line[:80]!r}")
        signatures.append(Signature(name, raw[:4], raw[4:]))
    return text, signatures
