"""Key rotation of the checkpoints' signing key (issue 25; docs/audit.md "Keys"): ``ledger audit
rotate-key`` records a statement signed by the old key and the new one; the old key signs no
more checkpoints; ``ledger verify`` and the bundle checker, trusting the old key alone, follow
the statement to the new one and name a statement or a checkpoint that does not hold, on SQLite
and PostgreSQL (903-B 1.5 "Log": nothing recorded is changed; 7.9.1: automatic validation)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from infra.audit.bundle import export_bundle
from infra.audit.checker import notes
from infra.audit.checker.bundle import check
from infra.audit.signing import Signer, generate_key_file, load_signer
from infra.audit.verify_integrity import check_integrity
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.api.conftest import make_client  # noqa: F401 (fixture)
from tests.api.test_cli import env, run  # noqa: F401 (the fixture env)
from tests.audit.support import sd_jogada
from tests.audit.tamper import audit_sql
from tests.audit.test_c2sp_checkpoints import spec_open

OPERATOR = "operator:test"


@pytest.fixture
def old(make_settings, clock):
    built = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(2718))
    yield built
    built.close()


@pytest.fixture
def new_key(tmp_path) -> tuple[str, Signer]:
    path = str(tmp_path / "new-key.pem")
    return path, generate_key_file(path)


def deposits(ledger: Any, n: int = 3) -> None:
    player, _ = ledger.register_player(display_name="Rui", actor=OPERATOR)
    for i in range(n):
        ledger.deposit(player, 500 + i, f"d-{player}-{i}", actor=OPERATOR)


def rotated(old: Any, new_key: tuple[str, Signer], make_settings: Any, clock: Any) -> Any:
    """Checkpoint 1 by the old key, the rotation (checkpoint 2 by the old key first), then a
    ledger on the new key signing checkpoint 3."""
    deposits(old)
    old.audit.seal()
    deposits(old)
    statement = old.audit.rotate_key(old.audit.sealer.signer, new_key[1])
    assert statement["from_tree_size"] == old.audit.checkpoint()["tree_size"] + 1 > 1
    assert old.audit.checkpoint()["sequence"] == 2
    return build_ledger(make_settings(certification_mode="1", audit_key_file=new_key[0]),
                        clock=clock, seeds=SeededSeedSource(2719))


def test_903b_1_5_after_a_rotation_the_old_key_signs_no_more_and_verify_follows_to_the_new(
        old, new_key, make_settings, clock):
    old_signer, new_signer = old.audit.sealer.signer, new_key[1]
    new = rotated(old, new_key, make_settings, clock)
    try:
        deposits(old)
        assert old.audit.seal() is None  # the retired key: no checkpoint
        assert "rotate" in old.audit.sealer.key_problem
        assert new.audit.seal().sequence == 3
        assert new.audit.checkpoint()["key_id"] == new_signer.key_id
        report = check_integrity(new, trusted_keys={old_signer.key_id: old_signer.public_key})
        assert report["problems"] == [] and report["key_rotations"] == 1
        assert report["keys"] == sorted([old_signer.key_id, new_signer.key_id])
        # trusting only the new key: the old checkpoints and the statement are not trusted
        alone = check_integrity(new, trusted_keys={new_signer.key_id: new_signer.public_key})
        assert [(p["check"], p.get("checkpoint")) for p in alone["problems"]] == [
            ("key_rotation", None), ("signature", 1), ("signature", 2)]
        # the statement is a C2SP signed note both keys signed (an off-the-shelf verifier)
        keys = {k["key_id"]: k for k in new.audit.public_keys()}
        [statement] = new.audit.key_rotations()
        for key_id in (old_signer.key_id, new_signer.key_id):
            text = spec_open(statement["note"].encode(), keys[key_id]["verifier_key"]).decode()
            assert f"new-key: {keys[new_signer.key_id]['verifier_key']}\n" in text
            assert f"from-tree-size: {statement['from_tree_size']}\n" in text
    finally:
        new.close()


def test_903b_1_5_an_altered_rotation_statement_and_a_late_old_key_checkpoint_are_named(
        old, new_key, make_settings, clock):
    old_signer = old.audit.sealer.signer
    pinned = {old_signer.key_id: old_signer.public_key}
    new = rotated(old, new_key, make_settings, clock)
    try:
        deposits(new)
        assert new.audit.seal().sequence == 3
        [statement] = new.audit.key_rotations()
        # the old key signs after its rotation (the statement hidden from the sealer meanwhile)
        audit_sql(new, "DELETE FROM audit_key_rotations")
        deposits(old)
        late = old.audit.seal()
        audit_sql(new, "INSERT INTO audit_key_rotations (sequence, old_key_id, new_key_id,"
                  " from_tree_size, rotated_at, note) VALUES (:sequence, :old_key_id,"
                  " :new_key_id, :from_tree_size, :rotated_at, :note)", **statement)
        found = check_integrity(new, trusted_keys=pinned)["problems"]
        assert [(p["check"], p["checkpoint"]) for p in found] == [("signature", late.sequence)]
        assert "key rotation" in found[0]["message"]
        # the bundle checker holds the old key to its window too
        keys, problems = notes.trusted_keys([old_signer.public_key],
                                            {"key_rotations": new.audit.key_rotations()})
        assert problems == [] and keys.windows[old_signer.key_id][1] == statement[
            "from_tree_size"]
        with pytest.raises(notes.NoteError, match=f"checkpoint {late.sequence}: key"
                           f" {old_signer.key_id} signed a tree .* outside its window"):
            notes.verify_checkpoint(new.audit.checkpoint(late.sequence), keys)
        assert notes.verify_checkpoint(new.audit.checkpoint(1), keys)["sequence"] == 1
        # the statement altered: it does not verify, and the new key is not trusted
        audit_sql(new, "UPDATE audit_key_rotations SET note = :note", note=statement[
            "note"].replace("from-tree-size: ", "from-tree-size: 1"))
        found = check_integrity(new, trusted_keys=pinned)["problems"]
        assert found[0]["check"] == "key_rotation" and "key rotation 1" in found[0]["message"]
        assert ("signature", 3) in [(p["check"], p.get("checkpoint")) for p in found]
    finally:
        new.close()


def test_903b_1_5_7_9_1_the_bundle_checker_follows_the_rotation_from_the_pinned_old_key(
        old, new_key, make_settings, clock):
    old_signer = old.audit.sealer.signer
    new = rotated(old, new_key, make_settings, clock)
    try:
        bundle = json.loads(json.dumps(export_bundle(new, [sd_jogada(new)], now="t")))
        assert bundle["checkpoints"][-1]["key_id"] == new_key[1].key_id
        keys, problems = notes.trusted_keys([old_signer.public_key], bundle)
        assert problems == [] and keys[new_key[1].key_id] == new_key[1].public_key
        assert signed_part(check(bundle, [old_signer.public_key], games={})[0]) == []
        bundle["key_rotations"][0]["note"] = bundle["key_rotations"][0]["note"].replace(
            "rotated-at: ", "rotated-at: 1")
        keys, problems = notes.trusted_keys([old_signer.public_key], bundle)
        assert new_key[1].key_id not in keys
        assert len(problems) == 1 and problems[0].startswith("key rotation 1:")
        found = signed_part(check(bundle, [old_signer.public_key], games={})[0])
        assert found[0].startswith("key rotation 1:") and "not a trusted key" in found[1]
    finally:
        new.close()


def signed_part(problems: list[str]) -> list[str]:
    """The checker's problems but the games' offline rules (none loaded here: the keys and
    the checkpoints are what is checked)."""
    return [p for p in problems if "offline rules" not in p]


def test_903b_1_5_the_public_keys_route_lists_the_keys_and_the_rotations(make_client,
                                                                          new_key):
    client = make_client(certification_mode="1")
    ledger = client.app.state.ledger
    sd_jogada(ledger)
    ledger.audit.rotate_key(ledger.audit.sealer.signer, new_key[1])
    body = client.get("/audit/public-keys").json()  # no API key needed
    assert body["algorithm"] == "ed25519"
    assert {k["key_id"] for k in body["keys"]} == {ledger.audit.sealer.signer.key_id,
                                                   new_key[1].key_id}
    for key in body["keys"]:
        assert set(key) >= {"key_id", "algorithm", "public_key", "first_used", "verifier_key"}
        assert notes.parse_trusted_key(key["verifier_key"]).hex() == key["public_key"]
    [rotation] = body["rotations"]
    assert (rotation["sequence"], rotation["new_key_id"]) == (1, new_key[1].key_id)


def test_903b_1_5_ledger_audit_rotate_key_and_keygen_from_the_console(
        old, env, capsys, monkeypatch, tmp_path, make_settings):
    code, out, err = run(capsys, "audit", "keygen", "--out", str(tmp_path / "k.pem"))
    made = json.loads(out)
    assert code == 0 and "out of band" in err
    assert notes.parse_trusted_key(made["verifier_key"]).hex() == made["public_key"]
    assert made["verifier_key"].startswith(f"{make_settings().audit_origin}+")
    monkeypatch.setenv("LEDGER_AUDIT_KEY_FILE", make_settings().audit_key_file)
    code, out, err = run(capsys, "audit", "rotate-key", "--new", str(tmp_path / "none.pem"))
    assert code == 2 and "--new" in err
    deposits(old)
    code, out, err = run(capsys, "audit", "rotate-key", "--new", str(tmp_path / "k.pem"))
    assert code == 0, err
    statement = json.loads(out)
    assert statement["new_key_id"] == made["key_id"] and "LEDGER_AUDIT_KEY_FILE" in err
    assert statement["from_tree_size"] == old.audit.checkpoint()["tree_size"] + 1
    code, _, err = run(capsys, "audit", "rotate-key", "--new", str(tmp_path / "k.pem"))
    assert code == 2 and "rotated already" in err  # the old key is retired
    monkeypatch.setenv("LEDGER_AUDIT_KEY_FILE", str(tmp_path / "k.pem"))
    assert load_signer(str(tmp_path / "k.pem")).key_id == made["key_id"]
    code, _, err = run(capsys, "audit", "rotate-key", "--new", str(tmp_path / "k.pem"))
    assert code == 2 and "key in use" in err
    assert Path(tmp_path / "k.pem").exists()
