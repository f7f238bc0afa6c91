"""The audit routes (issue 15): the public keys with no API key, the checkpoints and proofs for
staff only, 409 ``not_sealed_yet`` before a checkpoint covers a jogada, 422 naming the field
for bad numbers (903-B 7.9.1), and a proof from the API that verifies on its own."""

from __future__ import annotations

import base64
from uuid import UUID

from domain.audit import merkle
from domain.audit.checkpoint import Checkpoint
from domain.audit.record import event_bytes
from domain.audit.signed_note import parse_verifier_key
from infra.audit.signing import open_note, verify_signature
from tests.api.conftest import OPERATOR, bearer, make_client, ok  # noqa: F401  (fixture)
from tests.audit.support import sd_jogada


def test_903b_1_5_a_jogadas_proof_over_http_verifies_with_the_published_key(make_client):
    client = make_client(certification_mode="1")
    ledger = client.app.state.ledger
    jogada_id = sd_jogada(ledger)
    refused = client.get(f"/jogadas/{jogada_id}/proof", headers=OPERATOR)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_sealed_yet"
    ledger.audit.seal()
    proof = ok(client.get(f"/jogadas/{jogada_id}/proof", headers=OPERATOR))
    keys = ok(client.get("/audit/public-keys"))["keys"]  # no API key needed
    key = next(k for k in keys if k["key_id"] == proof["checkpoint"]["key_id"])
    note = proof["checkpoint"]["note"]  # a C2SP signed note, opened with the verifier key
    text, _ = open_note(note, [parse_verifier_key(key["verifier_key"])])
    assert parse_verifier_key(key["verifier_key"]).public_key.hex() == key["public_key"]
    assert verify_signature(bytes.fromhex(key["public_key"]),
                            base64.b64decode(proof["checkpoint"]["signature"]), text.encode())
    checkpoint = Checkpoint.parse_text(text)
    for event in proof["events"]:
        leaf = merkle.leaf_hash(event_bytes(event["notification_id"],
                                            UUID(event["originator_id"]),
                                            event["originator_version"], event["topic"],
                                            base64.b64decode(event["state"])))
        assert merkle.verify_inclusion(leaf, event["leaf_index"], checkpoint.tree_size,
                                       [bytes.fromhex(h) for h in event["proof"]],
                                       checkpoint.root)
    assert proof["verified"] is True and proof["jogada_id"] == jogada_id


def test_903b_1_5_checkpoints_and_consistency_over_http(make_client):
    client = make_client(certification_mode="1")
    ledger = client.app.state.ledger
    sd_jogada(ledger)
    ledger.audit.seal()
    sd_jogada(ledger)
    ledger.audit.seal()
    listed = ok(client.get("/audit/checkpoints", headers=OPERATOR))
    assert [c["sequence"] for c in listed["checkpoints"]] == [1, 2]
    assert ok(client.get("/audit/checkpoints/latest", headers=OPERATOR))["sequence"] == 2
    assert ok(client.get("/audit/checkpoints/1", headers=OPERATOR)) == listed["checkpoints"][0]
    page = ok(client.get("/audit/checkpoints?limit=1", headers=OPERATOR))
    assert page["next_after"] == 1
    proof = ok(client.get("/audit/consistency?first=1&second=2", headers=OPERATOR))
    assert proof["verified"] is True
    first, second = listed["checkpoints"]
    assert merkle.verify_consistency(first["tree_size"], second["tree_size"],
                                     bytes.fromhex(first["root"]), bytes.fromhex(second["root"]),
                                     [bytes.fromhex(h) for h in proof["proof"]])
    health = ok(client.get("/health"))["audit"]
    assert health["last_checkpoint"]["sequence"] == 2 and health["sealed_events"] > 0


def test_the_audit_routes_refuse_players_and_bad_numbers(make_client):
    client = make_client(certification_mode="1")
    ledger = client.app.state.ledger
    player, key = ledger.register_player(display_name="Ana", actor="operator:test")
    assert client.get("/audit/checkpoints").status_code == 401
    assert client.get("/audit/checkpoints", headers=bearer(key)).status_code == 403
    assert client.get("/jogadas/x/proof", headers=bearer(key)).status_code == 403
    for url, field in (("/audit/checkpoints/0", "sequence"),
                       ("/audit/checkpoints/99999999999999999999", "sequence"),
                       ("/audit/consistency?first=2&second=x", "second"),
                       ("/audit/checkpoints?limit=1001", "limit")):
        r = client.get(url, headers=OPERATOR)
        assert r.status_code == 422 and r.json()["error"]["field"] == field, (url, r.text)
    missing = client.get("/audit/checkpoints/7", headers=OPERATOR)
    assert missing.status_code == 404 and missing.json()["error"]["field"] == "sequence"
    assert client.get("/audit/consistency?first=1&second=1",
                      headers=OPERATOR).json()["error"]["field"] == "first"
    assert client.get("/audit/checkpoints/latest", headers=OPERATOR).status_code == 404


def test_the_sealers_lag_and_last_checkpoint_are_in_health_and_metrics(make_client):
    client = make_client(certification_mode="1")
    ledger = client.app.state.ledger
    sd_jogada(ledger)
    ledger.audit.seal()
    audit = ok(client.get("/health"))["audit"]
    assert audit["signing"] == "configured" and audit["unsealed_events"] == 0
    text = client.get("/metrics", headers=OPERATOR).text
    assert "ledger_audit_unsealed_events 0.0" in text
    assert f"ledger_audit_checkpoint_tree_size {float(audit['last_checkpoint']['tree_size'])}" \
        in text
