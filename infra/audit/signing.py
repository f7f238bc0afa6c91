"""The Ed25519 key that signs the checkpoints (issue 15), from the configuration
(``LEDGER_AUDIT_KEY_FILE``: a PKCS#8 PEM file; ``ledger audit keygen`` writes one), the check of
a signature with a public key, and C2SP signed notes (issue 25; domain/audit/signed_note.py):
signing a text and opening a signed note with the keys one trusts. Through ``cryptography``
(OpenSSL)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from domain.audit import signed_note
from domain.audit.signed_note import VerifierKey

ALGORITHM = "ed25519"


def key_id(public_key: bytes) -> str:
    """The first 8 bytes of SHA-256 of the raw 32-byte public key, in hex."""
    return hashlib.sha256(public_key).hexdigest()[:16]


@dataclass(frozen=True)
class Signer:
    private_key: Ed25519PrivateKey
    public_key: bytes  # raw, 32 bytes
    key_id: str

    def sign(self, message: bytes) -> bytes:
        return self.private_key.sign(message)

    def verifier(self, name: str) -> VerifierKey:
        """This key under ``name`` (the checkpoints' origin), as a signed-note verifier."""
        return VerifierKey(name, signed_note.key_hash(name, self.public_key), self.public_key)

    def note_line(self, name: str, text: str) -> tuple[str, bytes]:
        """The signature line of ``text`` by this key under ``name``, and the bare signature."""
        signature = self.sign(signed_note.check_text(text).encode("utf-8"))
        return signed_note.signature_line(name, self.verifier(name).key_hash, signature), \
            signature


def signer_from_private(private_key: Ed25519PrivateKey) -> Signer:
    public = private_key.public_key().public_bytes(serialization.Encoding.Raw,
                                                   serialization.PublicFormat.Raw)
    return Signer(private_key, public, key_id(public))


def load_signer(path: str) -> Signer:
    """The key in ``path``; ValueError naming the file when it is missing or not Ed25519."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise ValueError(f"LEDGER_AUDIT_KEY_FILE {path}: {error.strerror}") from None
    try:
        private_key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        raise ValueError(f"LEDGER_AUDIT_KEY_FILE {path}: not a PEM private key ({error})") from None
    if not isinstance(private_key, Ed25519PrivateKey):
        raise ValueError(f"LEDGER_AUDIT_KEY_FILE {path}: the checkpoints are signed with"
                         " Ed25519; this key is not one")
    return signer_from_private(private_key)


def generate_key_file(path: str) -> Signer:
    """A new key written to ``path`` (mode 0600), refusing to overwrite one."""
    private_key = Ed25519PrivateKey.generate()
    pem = private_key.private_bytes(serialization.Encoding.PEM,
                                    serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption())
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(pem)
    return signer_from_private(private_key)


def verify_signature(public_key: bytes, signature: bytes, message: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(public_key).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def sign_note(text: str, signers: Iterable[tuple[str, Signer]]) -> str:
    """``text`` signed by each (key name, key): a C2SP signed note."""
    return signed_note.assemble(text, [signer.note_line(name, text)[0]
                                       for name, signer in signers])


def open_note(note: str, keys: Iterable[VerifierKey]) -> tuple[str, list[VerifierKey]]:
    """The text of a signed note and the given keys whose signatures on it verify (each
    signature line whose name and key hash are those of a given key must verify; lines of
    other keys are ignored, c2sp.org/signed-note). ValueError naming what is wrong: not a
    signed note, a known key's signature that fails, or no known key's signature at all."""
    text, signatures = signed_note.split(note)
    known = {(k.name, k.key_hash): k for k in keys}
    verified: list[VerifierKey] = []
    for found in signatures:
        key = known.get((found.name, found.key_hash))
        if key is None:
            continue
        if not verify_signature(key.public_key, found.signature, text.encode("utf-8")):
            raise ValueError(f"the signature of key {key.name}+{key.key_hash.hex()} does not"
                             " verify over the note's text")
        verified.append(key)
    if not verified:
        raise ValueError("no signature of a trusted key on the note")
    return text, verified
