"""An evidence pack recorded on a complaint case (issue 16): its SHA-256 (JSON and PDF) and
the spec that rebuilt it are in the case's ``EvidenceAttached``; the pack fetched later is
rebuilt from the record and hashes to what the case recorded (903-B 1.5 "Log": what the player
was shown can be proven), even after the record grew."""

from __future__ import annotations

import hashlib
import io

import pypdf
import pytest

from domain.kernel.errors import InvalidInputError
from tests.complaints.support import FLUSH, sem_descarte

A = "staff:00000000-0000-4000-8000-00000000000a"


def test_903b_1_5_a_pack_recorded_on_a_case_is_rebuilt_to_the_same_hash(cert, clock):
    played = sem_descarte(cert)
    player = played["player"]
    cert.audit.seal()
    case = cert.complaints.open(actor=player.actor, player_id=played["player_id"],
                                case_type="jogada", subject="A minha mão", description="Ganhei?",
                                idempotency_key="c1", jogada_ids=[played["jogada_id"]])
    cid = case["case_id"]
    attached = cert.complaints.attach_evidence_pack(cid, actor=A, shown_to_player=True)
    assert attached["evidence_number"] == 1
    recorded = [e for e in cert.complaints.case_events(cid)
                if type(e).__name__ == "EvidenceAttached"][0]
    # the record grows: another jogada in the same session, a new checkpoint
    sem_descarte(cert, table=played["table"], player=player)
    cert.audit.seal()
    pdf = cert.complaints.evidence(cid, 1, "pdf", copy="player")  # what the player was shown
    data = cert.complaints.evidence(cid, 1, "json", copy="player")
    assert pdf["matches"] and data["matches"]
    assert hashlib.sha256(pdf["content"]).hexdigest() == recorded.pdf_sha256 == pdf["sha256"]
    assert hashlib.sha256(data["content"]).hexdigest() == recorded.sha256
    text = " ".join(" ".join(p.extract_text().split())
                    for p in pypdf.PdfReader(io.BytesIO(pdf["content"])).pages)
    assert played["jogada_id"] in text
    assert all(code in text for code in FLUSH)
    assert "2,00 €" in text and case["reference"] in text


def test_a_pack_names_only_what_the_case_is_about(cert):
    played = sem_descarte(cert)
    case = cert.complaints.open(actor=played["player"].actor, player_id=played["player_id"],
                                case_type="account", subject="s", description="d",
                                idempotency_key="c2")
    with pytest.raises(InvalidInputError) as refused:
        cert.complaints.attach_evidence_pack(case["case_id"], actor=A)
    assert refused.value.field == "jogada_ids"
    with pytest.raises(InvalidInputError) as refused:
        cert.complaints.attach_evidence_pack(case["case_id"], actor=A,
                                             jogada_ids=[played["jogada_id"]])
    assert refused.value.field == "jogada_ids"
    assert cert.complaints._describe(case["case_id"])["version"] == 1
