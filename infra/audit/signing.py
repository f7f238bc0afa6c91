"""The Ed25519 key that signs the checkpoints (issue 15), from the configuration
(``LEDGER_AUDIT_KEY_FILE``: a PKCS#8 PEM file; ``ledger audit keygen`` writes one), and the
check of a signature with a public key. Through ``cryptography`` (OpenSSL)."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

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
