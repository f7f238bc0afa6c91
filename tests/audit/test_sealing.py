"""The tamper-evident record (issue 15; 903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1: records cannot
be altered without detection; GLI-19 §2.3.2 integrity): every stored event is sealed into the
hash chain and the Merkle tree, checkpoints are signed, and the integrity check of ``ledger
verify`` names each event and checkpoint an edit of the database by hand changed, on SQLite and
on PostgreSQL. An untouched store verifies clean."""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import pytest

from domain.audit import merkle
from domain.audit.checkpoint import Checkpoint
from domain.audit.record import event_bytes
from domain.audit.signed_note import parse_verifier_key
from infra.audit.signing import open_note, verify_signature
from infra.audit.verify_integrity import check_integrity
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.audit.support import sd_jogada
from tests.audit.tamper import audit_sql, delete_event, flip_one_byte, swap_events

OPERATOR = "operator:test"


@pytest.fixture
def bare(make_settings, clock):
    """A ledger whose store the tests alter: not the ``ledger`` fixture, whose teardown
    re-adjudicates every jogada (an altered store is meant to fail checks)."""
    built = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(6962))
    yield built
    built.close()


def deposits(ledger: Any, n: int = 4) -> Any:
    player, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    for i in range(n):
        ledger.deposit(player, 1000 + i, f"deposit-{i}", actor=OPERATOR)
    return player


def head(ledger: Any) -> int:
    return ledger.app.recorder.max_notification_id()


def problems(ledger: Any) -> list[dict[str, Any]]:
    return check_integrity(ledger)["problems"]


def test_903b_1_5_an_untouched_store_is_sealed_and_verifies_clean(bare):
    deposits(bare)
    first = bare.audit.seal()
    sd_jogada(bare)
    second = bare.audit.seal()
    assert (first.sequence, second.sequence) == (1, 2)
    assert second.tree_size == head(bare) and second.last_notification_id == head(bare)
    assert bare.audit.seal() is None  # nothing new: no new checkpoint
    report = check_integrity(bare)
    assert report["problems"] == [] and report["events"] == head(bare)
    assert report["unsealed"] == 0 and report["checkpoints"] == 2


def test_903b_1_5_the_checkpoint_root_and_chain_are_those_of_the_events_in_the_store(bare):
    """Recomputed here from the store's rows with the documented canonical bytes alone."""
    deposits(bare)
    checkpoint = bare.audit.seal()
    rows = bare.audit.events(list(range(1, head(bare) + 1)))
    leaves = [merkle.leaf_hash(event_bytes(r["notification_id"], __import__("uuid").UUID(
        r["originator_id"]), r["originator_version"], r["topic"], base64.b64decode(r["state"])))
        for r in rows]
    chain = bytes(32)
    for leaf in leaves:
        chain = hashlib.sha256(chain + leaf).digest()
    assert (checkpoint.root, checkpoint.chain) == (merkle.root(leaves), chain)
    stored = bare.audit.checkpoint(checkpoint.sequence)
    assert Checkpoint.parse(stored["note"]) == checkpoint
    [key] = bare.audit.public_keys()
    text, _ = open_note(stored["note"], [parse_verifier_key(key["verifier_key"])])
    assert text == checkpoint.text() and stored["format"] == "c2sp.org/tlog-checkpoint"
    assert verify_signature(bytes.fromhex(key["public_key"]),
                            base64.b64decode(stored["signature"]), text.encode())


def test_903b_1_5_one_byte_altered_in_one_event_is_named_with_its_checkpoint(bare):
    deposits(bare)
    bare.audit.seal()
    target = head(bare) - 2
    flip_one_byte(bare, target)
    found = problems(bare)
    assert [(p["check"], p.get("notification_id")) for p in found] == [
        ("altered", target), ("checkpoint", head(bare))]
    assert found[1]["checkpoint"] == 1


def test_903b_1_5_a_deleted_event_is_named(bare):
    deposits(bare)
    bare.audit.seal()
    target = 5
    delete_event(bare, target)
    found = problems(bare)
    assert ("deleted", target) in [(p["check"], p.get("notification_id")) for p in found]
    assert any(p["check"] == "checkpoint" and p["checkpoint"] == 1 for p in found)


def test_903b_1_5_two_swapped_events_are_both_named(bare):
    deposits(bare)
    bare.audit.seal()
    swap_events(bare, 6, 7)
    found = problems(bare)
    assert {(p["check"], p.get("notification_id")) for p in found if p["check"] == "altered"} \
        == {("altered", 6), ("altered", 7)}
    assert any(p["check"] == "checkpoint" for p in found)


def test_903b_1_5_an_event_added_by_hand_after_sealing_is_named(bare):
    deposits(bare)
    bare.audit.seal()
    audit_sql(bare, "DELETE FROM audit_leaves WHERE leaf_index = 3")  # as if never sealed
    found = problems(bare)
    assert ("inserted", 4) in [(p["check"], p.get("notification_id")) for p in found]


def test_903b_1_5_an_altered_checkpoint_is_named(bare):
    deposits(bare)
    bare.audit.seal()
    deposits(bare, 1)
    bare.audit.seal()
    note = bare.audit.checkpoint(1)["note"]  # its tree size line made larger
    origin, size, rest = note.split("\n", 2)
    audit_sql(bare, "UPDATE audit_checkpoints SET note = :note WHERE sequence = 1",
              note=f"{origin}\n1{size}\n{rest}")
    audit_sql(bare, "UPDATE audit_checkpoints SET root = :root WHERE sequence = 2",
              root=bytes(32))
    found = problems(bare)
    assert [(p["check"], p["checkpoint"]) for p in found] == [("signature", 1),
                                                              ("checkpoint", 2)]


def test_903b_1_5_a_removed_checkpoint_and_an_unknown_key_are_named(bare):
    deposits(bare)
    for n in range(3):
        bare.audit.seal()
        deposits(bare, 1)
    audit_sql(bare, "DELETE FROM audit_checkpoints WHERE sequence = 2")
    found = problems(bare)
    assert [(p["check"], p["checkpoint"]) for p in found] == [("checkpoint", 3)]
    assert "missing" in found[0]["message"]
    pinned = check_integrity(bare, trusted_keys={"0" * 16: bytes(32)})["problems"]
    assert {p["check"] for p in pinned} == {"signature", "checkpoint"}


def test_903b_1_5_a_jogadas_events_are_proved_included_in_a_signed_checkpoint(bare):
    jogada_id = sd_jogada(bare)
    with pytest.raises(Exception) as early:
        bare.audit.jogada_proof(jogada_id)
    assert getattr(early.value, "code", None) == "not_sealed_yet"
    bare.audit.seal()
    proof = bare.audit.jogada_proof(jogada_id)
    assert proof["verified"] and len(proof["events"]) >= 4
    checkpoint = Checkpoint.parse(proof["checkpoint"]["note"])
    text, _ = open_note(proof["checkpoint"]["note"],
                        [parse_verifier_key(proof["public_key"]["verifier_key"])])
    assert verify_signature(bytes.fromhex(proof["public_key"]["public_key"]),
                            base64.b64decode(proof["checkpoint"]["signature"]), text.encode())
    for event in proof["events"]:  # what an independent verifier does, from the JSON alone
        leaf = merkle.leaf_hash(event_bytes(
            event["notification_id"], __import__("uuid").UUID(event["originator_id"]),
            event["originator_version"], event["topic"], base64.b64decode(event["state"])))
        assert leaf.hex() == event["leaf_hash"]
        assert merkle.verify_inclusion(leaf, event["leaf_index"], checkpoint.tree_size,
                                       [bytes.fromhex(h) for h in event["proof"]],
                                       checkpoint.root)


def test_903b_1_5_consistency_proofs_between_every_pair_of_checkpoints_verify(bare):
    for n in range(4):
        deposits(bare, n + 1)
        bare.audit.seal()
    sizes = {c["sequence"]: c for c in bare.audit.checkpoints()}
    for first in sizes:
        for second in sizes:
            if first <= second:
                proof = bare.audit.consistency(first, second)
                assert proof["verified"], (first, second)
                assert merkle.verify_consistency(
                    sizes[first]["tree_size"], sizes[second]["tree_size"],
                    bytes.fromhex(sizes[first]["root"]), bytes.fromhex(sizes[second]["root"]),
                    [bytes.fromhex(h) for h in proof["proof"]])


def test_the_sealer_resumes_where_it_stopped_and_two_sealers_seal_each_event_once(
        bare, make_settings, clock):
    """A second process's sealer on the same store (as after a restart, or a CLI seal beside
    the worker): each event is sealed once, at one place, whoever gets there first."""
    import threading

    from sqlalchemy import func, select

    from infra.audit.tables import audit_leaves

    deposits(bare)
    bare.audit.seal(checkpoint=False)
    other = build_ledger(make_settings(certification_mode="1"), clock=clock, start=False)
    try:
        for round_ in range(3):
            deposits(bare, 3)
            threads = [threading.Thread(target=s.catch_up)
                       for s in (other.audit.sealer, bare.audit.sealer) * 2]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        bare.audit.seal()
        assert check_integrity(other)["problems"] == []
        assert other.audit.status()["sealed_events"] == head(bare)
        with other.audit.engine.connect() as conn:
            assert conn.execute(select(func.count()).select_from(audit_leaves)).scalar() \
                == head(bare)
    finally:
        other.close()
