"""Checkpoints in the C2SP formats (issue 25; docs/audit.md "Checkpoints"): a checkpoint the
service signs is a tlog-checkpoint body in a signed note, so an off-the-shelf verifier checks
it (903-B 1.5 "Log": nothing recorded is changed; 7.9.1: automatic validation, by anyone).

The verifier here is written from the specifications alone (c2sp.org/signed-note,
c2sp.org/tlog-checkpoint, RFC 9162 §2.1.3.2 and docs/audit.md's canonical bytes), with
``cryptography`` for Ed25519 and no code of the ledger: it opens the signed note with the
verifier key string, parses the body and checks inclusion proofs against its root. It is held
to the published vector of golang.org/x/mod/sumdb/note (the "PeterNeumann" key and note), and
so are the ledger's own signer, verifier and the bundle checker's."""

from __future__ import annotations

import base64
import hashlib
import re
import struct
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from domain.audit.checkpoint import Checkpoint
from domain.audit.signed_note import parse_verifier_key
from infra.audit.checker import notes
from infra.audit.signing import open_note, sign_note, signer_from_private
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.api.conftest import OPERATOR, make_client, ok  # noqa: F401  (fixture)
from tests.audit.support import sd_jogada

# golang.org/x/mod/sumdb/note, note_test.go and the package's documentation (Example)
PETER_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
PETER_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
PETER_TEXT = ("If you think cryptography is the answer to your problem,\n"
              "then you don't know what your problem is.\n")
PETER_NOTE = (PETER_TEXT + "\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInN"
              "IuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n")


# The verifier from the specifications ------------------------------------------------------
def spec_verifier_key(vkey: str) -> tuple[str, bytes, bytes]:
    """signed-note: ``<name>+<hex key hash>+<base64(type || key)>``; the hash is
    SHA-256(name || 0x0A || type || key)[:4]; type 0x01 is Ed25519."""
    name, key_hash, material = vkey.split("+", 2)
    raw = base64.b64decode(material)
    if raw[0] != 0x01 or len(raw) != 33:
        raise ValueError("not an Ed25519 verifier key")
    if hashlib.sha256(name.encode() + b"\x0a" + raw).digest()[:4] != bytes.fromhex(key_hash):
        raise ValueError("the key hash does not match")
    return name, bytes.fromhex(key_hash), raw[1:]


def spec_open(note: bytes, vkey: str) -> bytes:
    """The text of a signed note signed by ``vkey``: split at the last blank line; every
    signature line of that name and key hash must verify, and at least one does."""
    name, key_hash, public = spec_verifier_key(vkey)
    cut = note.rindex(b"\n\n") + 1
    text, lines = note[:cut], note[cut + 1:]
    assert lines.endswith(b"\n")
    verified = 0
    for line in lines.decode("utf-8").split("\n")[:-1]:
        dash, signer, encoded = line.split(" ")
        assert dash == "\u2014"
        blob = base64.b64decode(encoded)
        if signer == name and blob[:4] == key_hash:
            Ed25519PublicKey.from_public_bytes(public).verify(blob[4:], text)
            verified += 1
    if not verified:
        raise InvalidSignature("no signature by the key")
    return text


def spec_checkpoint(text: bytes) -> tuple[str, int, bytes, dict[str, str]]:
    """tlog-checkpoint: origin, decimal tree size, base64 root, then extension lines."""
    origin, size, root, *extensions = text.decode("utf-8").split("\n")[:-1]
    assert size == str(int(size)) and all(extensions)
    return origin, int(size), base64.b64decode(root), dict(e.split(": ", 1) for e in extensions)


def spec_leaf(event: dict[str, Any]) -> bytes:
    """docs/audit.md: SHA-256(0x00 || canonical bytes of the stored event)."""
    topic, state = event["topic"].encode(), base64.b64decode(event["state"])
    data = (b"ledger-event/1\x00" + struct.pack(">Q", event["notification_id"])
            + UUID(event["originator_id"]).bytes + struct.pack(">Q", event["originator_version"])
            + struct.pack(">H", len(topic)) + topic + struct.pack(">I", len(state)) + state)
    return hashlib.sha256(b"\x00" + data).digest()


def spec_inclusion(leaf: bytes, index: int, size: int, path: list[bytes], root: bytes) -> bool:
    """RFC 9162 §2.1.3.2."""
    if index >= size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = hashlib.sha256(b"\x01" + p + r).digest()
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = hashlib.sha256(b"\x01" + r + p).digest()
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and r == root


# The published vector ----------------------------------------------------------------------
def test_903b_7_9_1_the_published_sumdb_note_vector_opens_with_the_spec_verifier():
    assert spec_open(PETER_NOTE.encode(), PETER_VKEY) == PETER_TEXT.encode()
    with pytest.raises(InvalidSignature):
        spec_open(PETER_NOTE.replace("cryptography", "cryptographY").encode(), PETER_VKEY)


def test_903b_7_9_1_the_ledgers_signer_writes_the_published_note_byte_for_byte():
    """Ed25519 is deterministic (RFC 8032): the PeterNeumann key signs the text into exactly
    the published note, and its verifier key string is the published one."""
    seed = base64.b64decode(PETER_SKEY.split("+", 4)[4])[1:]
    signer = signer_from_private(Ed25519PrivateKey.from_private_bytes(seed))
    assert str(signer.verifier("PeterNeumann")) == PETER_VKEY
    assert sign_note(PETER_TEXT, [("PeterNeumann", signer)]) == PETER_NOTE


def test_903b_7_9_1_the_ledgers_verifiers_open_the_published_note_and_refuse_it_altered():
    key = parse_verifier_key(PETER_VKEY)
    assert (key.name, key.key_hash.hex()) == ("PeterNeumann", "c74f20a3")
    assert open_note(PETER_NOTE, [key]) == (PETER_TEXT, [key])
    assert notes.parse_trusted_key(PETER_VKEY) == key.public_key
    assert notes.open_signed_note(PETER_NOTE, "PeterNeumann", key.public_key) == PETER_TEXT
    altered = PETER_NOTE.replace("problem,", "problem;")
    with pytest.raises(ValueError, match="does not verify"):
        open_note(altered, [key])
    with pytest.raises(ValueError, match="does not verify"):
        notes.open_signed_note(altered, "PeterNeumann", key.public_key)
    other = parse_verifier_key("EnochRoot+af0cfe78+ATtqJ7zOtqQtYqOo0CpvDXNlMhV3HeJDpjrASKGLWdop")
    with pytest.raises(ValueError, match="no signature of a trusted key"):
        open_note(PETER_NOTE, [other])  # a key that did not sign it: ignored, none verifies


@pytest.mark.parametrize("bad", [
    "PeterNeumann+c74f20a4+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",  # hash off by one
    "PeterNeumann+c74f20a3+AhpcZQcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW",  # not type 0x01
    "PeterNeumann+c74f20a3", "00" * 31, "xyz" * 21 + "z", ""])
def test_903b_7_9_1_a_trusted_key_file_that_is_not_a_key_is_refused_saying_what_a_key_is(bad):
    with pytest.raises(ValueError, match="not a trusted key"):
        notes.parse_trusted_key(bad)


def test_903b_7_9_1_a_trusted_key_file_holds_hex_or_a_verifier_key():
    public = parse_verifier_key(PETER_VKEY).public_key
    assert notes.parse_trusted_key(f"  {public.hex()}\n") == public
    assert notes.parse_trusted_key(PETER_VKEY + "\n") == public


# The service's checkpoints, checked from outside ------------------------------------------
def test_903b_1_5_7_9_1_a_served_checkpoint_opens_with_the_spec_verifier_and_proves_a_jogada(
        make_client):
    client = make_client(certification_mode="1")
    ledger = client.app.state.ledger
    jogada_id = sd_jogada(ledger)
    ledger.audit.seal()
    keys = ok(client.get("/audit/public-keys"))  # no API key needed
    latest = ok(client.get("/audit/checkpoints/latest", headers=OPERATOR))
    [key] = [k for k in keys["keys"] if k["key_id"] == latest["key_id"]]
    assert keys["rotations"] == [] and latest["format"] == "c2sp.org/tlog-checkpoint"
    origin, size, root, extensions = spec_checkpoint(spec_open(latest["note"].encode(),
                                                               key["verifier_key"]))
    assert origin == ledger.settings.audit_origin == key["key_name"]
    assert (size, root.hex()) == (latest["tree_size"], latest["root"])
    assert extensions == {"sequence": str(latest["sequence"]),
                          "chain": base64.b64encode(bytes.fromhex(latest["chain"])).decode(),
                          "last-notification-id": str(latest["last_notification_id"]),
                          "sealed-at": latest["sealed_at"]}
    proof = ok(client.get(f"/jogadas/{jogada_id}/proof", headers=OPERATOR))
    assert proof["checkpoint"]["note"] == latest["note"] and len(proof["events"]) >= 4
    for event in proof["events"]:  # from the JSON and the documented bytes alone
        assert spec_inclusion(spec_leaf(event), event["leaf_index"], size,
                              [bytes.fromhex(h) for h in event["proof"]], root)
    assert not spec_inclusion(spec_leaf(event), event["leaf_index"] ^ 1, size,
                              [bytes.fromhex(h) for h in event["proof"]], root)
    altered = latest["note"].replace(f"\n{size}\n", f"\n{size + 1}\n").encode()
    with pytest.raises(InvalidSignature):
        spec_open(altered, key["verifier_key"])


def test_903b_1_5_the_checker_verifies_both_the_c2sp_and_the_legacy_checkpoints(bare_ledger):
    """The old format stays checkable: a store sealed before issue 25 keeps its
    ledger-checkpoint/1 notes (tests/compat holds one)."""
    sd_jogada(bare_ledger)
    bare_ledger.audit.seal()
    served = bare_ledger.audit.checkpoint()
    signer = bare_ledger.audit.sealer.signer
    keys = {signer.key_id: signer.public_key}
    facts = notes.verify_checkpoint(served, keys)
    checkpoint = Checkpoint.parse(served["note"])
    assert facts == {"sequence": checkpoint.sequence, "origin": checkpoint.origin,
                     "tree_size": checkpoint.tree_size, "root": checkpoint.root,
                     "chain": checkpoint.chain,
                     "last_notification_id": checkpoint.last_notification_id,
                     "sealed_at": checkpoint.sealed_at, "key_id": signer.key_id}
    legacy_text = checkpoint.legacy_text()
    legacy = {**served, "note": legacy_text,
              "signature": base64.b64encode(signer.sign(legacy_text.encode())).decode()}
    assert Checkpoint.parse(legacy_text) == checkpoint
    assert notes.verify_checkpoint(legacy, keys) == facts
    for cp in (legacy, served):  # one byte of the tree size changed
        bad = {**cp, "note": cp["note"].replace(str(checkpoint.tree_size),
                                                str(checkpoint.tree_size + 1), 1)}
        with pytest.raises(notes.NoteError, match="does not verify"):
            notes.verify_checkpoint(bad, keys)


@pytest.fixture
def bare_ledger(make_settings, clock):
    built = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(9162))
    yield built
    built.close()


def test_903b_7_9_1_the_example_checkpoint_of_docs_audit_md_opens_with_its_example_key():
    """docs/audit.md "Checkpoints" shows the exact bytes; they must stay a checkpoint that
    verifies (a page that drifted from the code would teach the wrong bytes)."""
    page = (Path(__file__).parents[2] / "docs" / "audit.md").read_text(encoding="utf-8")
    section = page[page.index("## Checkpoints"):]
    example = section.split("```\n")[1]
    vkey = re.search(r"`(game-ledger\+[0-9a-f]{8}\+[A-Za-z0-9+/=]+)`", section).group(1)
    origin, size, _, extensions = spec_checkpoint(spec_open(example.encode(), vkey))
    assert (origin, size, extensions["sequence"]) == ("game-ledger", 48213, "12")
    seed = hashlib.sha256(b"docs/audit.md example key: never use it").digest()
    signer = signer_from_private(Ed25519PrivateKey.from_private_bytes(seed))
    text = Checkpoint.parse(example).text()
    assert sign_note(text, [("game-ledger", signer)]) == example
