"""Issue 25 part 3, the checker's side: the auditor's own trust. Keys the auditor trusts come
from its own files (``--trusted-key FILE``: 64 hex digits or a C2SP verifier key), never from
the bundle; a bundle signed by another key is refused naming it; with no trusted key at all
the checker says first that nothing is authenticated and exits 3. A checkpoint the auditor
holds (``--checkpoint FILE``) must be linked to the bundle's by a consistency proof from the
held tree size and root (RFC 9162 §2.1.4; 903-B 1.5 "Log", rules-digest-2 §3.1), checked by
the standalone checker alone in an empty directory and by ``ledger audit check``."""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

from infra.audit.bundle import export_bundle
from infra.audit.signing import generate_key_file, load_signer, sign_note
from tests.audit import bundle_support as bundles
from tests.audit.bundle_support import exported, ledger, offline_rules  # noqa: F401 (fixtures)
from tests.audit.support import sd_jogada


def _vkey(name: str, public_key: bytes) -> str:
    """A C2SP verifier key: name+hash+base64(0x01 || key), the hash the first 4 bytes of
    SHA-256(name, newline, 0x01, key)."""
    raw = b"\x01" + public_key
    digest = hashlib.sha256(name.encode() + b"\n" + raw).hexdigest()[:8]
    return f"{name}+{digest}+{base64.b64encode(raw).decode()}"


def test_903b_1_5_the_auditors_trusted_key_files_hex_or_c2sp_verifier_key(
        exported, offline_rules, tmp_path, capsys):
    _, path, bundle = exported
    key = bytes.fromhex(bundle["public_keys"][0]["public_key"])
    c2sp = tmp_path / "operator.vkey"
    c2sp.write_text(_vkey("game-ledger", key) + "\n")
    hexed = bundles.key_file(tmp_path, bundle)
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(c2sp)):
        assert status == 0 and said.startswith("BUNDLE OK"), said
        assert bundle["public_keys"][0]["key_id"] in said
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(hexed)):
        assert status == 0, said
    wrong = tmp_path / "wrong.vkey"  # the hash does not match the name and key
    wrong.write_text(_vkey("game-ledger", key).replace("+", "x+", 1))
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(wrong)):
        assert status == 2 and "--trusted-key" in said and str(wrong) in said, said
        assert "Traceback" not in said


def test_903b_1_5_a_bundle_signed_by_a_key_the_auditor_does_not_trust_is_refused_naming_it(
        exported, offline_rules, tmp_path, capsys):
    _, path, bundle = exported
    other = generate_key_file(str(tmp_path / "other.key"))
    trusted = tmp_path / "auditor.pub"
    trusted.write_text(other.public_key.hex())
    signer = bundle["checkpoints"][0]["key_id"]
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(trusted)):
        assert status == 1, said
        assert f"checkpoint 1: signed by key {signer}, not a trusted key" in said


def test_903b_1_5_with_no_trusted_key_nothing_is_authenticated_exit_3_and_said_first(
        exported, offline_rules, tmp_path, capsys):
    _, path, bundle = exported
    for status, said in bundles.run_both(tmp_path, path, capsys):
        assert status == 3, said
        assert said.startswith("BUNDLE NOT AUTHENTICATED: no trusted key given"), said
        assert "BUNDLE OK" not in said
    # and a failure says both: not authenticated, then failed (exit 1)
    lie = bundles.altered(path, bundle, lambda b: b.update(origin="elsewhere"))
    for status, said in bundles.run_both(tmp_path, lie, capsys):
        assert status == 1 and said.startswith("BUNDLE NOT AUTHENTICATED"), said
        assert "BUNDLE FAILED" in said and "origin field says 'elsewhere'" in said


def _two_checkpoints(ledger: Any, tmp_path: Path) -> tuple[Path, list[str]]:
    """Checkpoint 1 saved as the auditor saved it (GET /audit/checkpoints/latest), then a
    second jogada sealed into checkpoint 2."""
    first = sd_jogada(ledger)
    ledger.audit.seal()
    held = tmp_path / "held-1.json"
    held.write_text(json.dumps(ledger.audit.checkpoint(1)))
    return held, [first, sd_jogada(ledger)]


def _write(tmp_path: Path, bundle: dict[str, Any], name: str = "b.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(bundle))
    return path


def test_903b_1_5_a_held_checkpoint_is_proven_extended_by_the_bundle(
        ledger, offline_rules, tmp_path, capsys):
    held, jogadas = _two_checkpoints(ledger, tmp_path)
    bundle = export_bundle(ledger, jogadas, since_checkpoint=1)
    path, key = _write(tmp_path, bundle), bundles.key_file(tmp_path, bundle)
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(key),
                                         "--checkpoint", str(held)):
        assert status == 0, said
        assert "extending held checkpoint 1" in said
    # the bundle's own copy of checkpoint 1 is not used in place of the held one: a held
    # checkpoint of another history (signed by the operator's key) is refused
    signer = load_signer(ledger.settings.audit_key_file)
    forged = json.loads(held.read_text())
    root, other = bytes.fromhex(forged["root"]), hashlib.sha256(b"another history").digest()
    forged["root"] = other.hex()
    note = forged["note"]  # its text with the other root, signed again by the operator's key
    text = note[:note.rindex("\n\n") + 1].replace(base64.b64encode(root).decode(),
                                                   base64.b64encode(other).decode())
    forged["note"] = sign_note(text, [(text.split("\n", 1)[0], signer)])
    forged["signature"] = base64.b64encode(signer.sign(text.encode())).decode()
    fork = tmp_path / "fork-1.json"
    fork.write_text(json.dumps(forged))
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(key),
                                         "--checkpoint", str(fork)):
        assert status == 1, said
        assert f"held checkpoint {fork} (sequence 1" in said and "second history" in said


def test_903b_1_5_a_held_checkpoint_the_bundle_cannot_link_is_refused_naming_it(
        ledger, offline_rules, tmp_path, capsys):
    held, jogadas = _two_checkpoints(ledger, tmp_path)
    bundle = export_bundle(ledger, jogadas)  # no --since-checkpoint: no proof from 1
    path, key = _write(tmp_path, bundle), bundles.key_file(tmp_path, bundle)
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(key),
                                         "--checkpoint", str(held)):
        assert status == 1, said
        assert f"held checkpoint {held} (sequence 1" in said
        assert "carries no consistency proof from it to its checkpoint 2" in said
    # a proof that does not link the held tree to the bundle's
    linked = export_bundle(ledger, jogadas, since_checkpoint=1)
    linked["consistency"][0]["proof"][-1] = "00" * 32
    bad = _write(tmp_path, linked, "bad.json")
    for status, said in bundles.run_both(tmp_path, bad, capsys, "--trusted-key", str(key),
                                         "--checkpoint", str(held)):
        assert status == 1, said
        assert f"held checkpoint {held}" in said and "does not extend the one you hold" in said
    # a held checkpoint whose signature does not verify
    altered = json.loads(held.read_text())
    signature = bytearray(base64.b64decode(altered["signature"]))
    signature[0] ^= 1
    altered["signature"] = base64.b64encode(bytes(signature)).decode()
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(altered))
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(key),
                                         "--checkpoint", str(tampered)):
        assert status == 1 and f"held checkpoint {tampered}" in said and "signature" in said
