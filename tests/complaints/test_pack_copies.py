"""Issue 25 part 6: a pack shown to the player records both copies of the same moment, in one
``EvidenceAttached``: the player's copy (its spec, ``"copy": "player"``) and the staff copy of
the same spec without ``copy``, each with the SHA-256 of its JSON and of its Portuguese PDF.

- hold'em rules 49, 59, 65: the staff copy holds the folded hand and the seed, the player's
  copy neither; each copy is rebuilt byte for byte to its own recorded hash (903-B 1.5 "Log");
- over HTTP, ``?copy=staff|player`` on the pack's JSON and PDF: staff (a complaint handler,
  an auditor, an operator) read either, the staff copy by default; the player reads the
  player's copy only (the staff copy: 403 naming ``copy``); a pack kept internal has the
  staff copy only (``copy=player``: 404 ``pack_copy_not_recorded``); another value: 422
  naming ``copy``; the case says which copies each pack has (the player: its own only);
- 903-B 6.3.7: an ``EvidenceAttached`` stored before (no staff copy's fields) still decodes,
  loads the case and rebuilds its pack to the hash it recorded."""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID

import orjson
import pytest
from eventsourcing.persistence import StoredEvent

from domain.kernel.errors import InvalidInputError, NotFoundError
from projections import complaint_queries
from tests.api.complaints_support import Cases, error_of, played_semdescarte
from tests.api.conftest import OPERATOR, Api, make_client, ok  # noqa: F401  (fixture)
from tests.complaints.support import sem_descarte
from tests.complaints.test_game_refund import A, _case_about
from tests.complaints.test_player_copy import assert_absent, assert_present, seed_of
from tests.holdem import played as forced

sha = lambda data: hashlib.sha256(data).hexdigest()  # noqa: E731


def attached_events(ledger: Any, case_id: str) -> dict[int, Any]:
    return {e.number: e for e in ledger.complaints.case_events(case_id)
            if type(e).__name__ == "EvidenceAttached"}


def test_issue_25_he_49_59_65_a_shown_pack_records_both_copies_of_the_same_moment(cert):
    """Seat 3 folded 7♠ 2♦ (tests/holdem/played.py); the pack shown to seat 2 is its copy,
    and the staff copy of the same spec is recorded in the same event: the folded hand and
    the seed in the staff copy only; each copy's JSON and PDF hash to what was recorded."""
    table, players, jogada_id = forced.played(cert)
    cert.audit.seal()
    case_id = _case_about(cert, players["2"], jogada_id)
    before = len(cert.complaints.case_events(case_id))
    number = cert.complaints.attach_evidence_pack(case_id, actor=A,
                                                  shown_to_player=True)["evidence_number"]
    assert len(cert.complaints.case_events(case_id)) == before + 1  # one event, both copies
    event = attached_events(cert, case_id)[number]
    recorded = {"player": (event.sha256, event.pdf_sha256),
                "staff": (event.staff_sha256, event.staff_pdf_sha256)}
    assert event.spec["copy"] == "player" and len(set(sum(recorded.values(), ()))) == 4
    read = {(copy, fmt): cert.complaints.evidence(case_id, number, fmt, copy=copy)
            for copy in recorded for fmt in ("json", "pdf")}
    for (copy, fmt), got in read.items():
        own = recorded[copy][0 if fmt == "json" else 1]
        assert got["matches"] and got["sha256"] == own == sha(got["content"]), (copy, fmt)
        assert got["copy"] == copy and got["compared"] == fmt
    assert cert.complaints.evidence(case_id, number, "json")["sha256"] == event.staff_sha256
    staff = json.loads(read["staff", "json"]["content"])
    mine = json.loads(read["player", "json"]["content"])
    assert staff["spec"] == {k: v for k, v in event.spec.items() if k != "copy"}
    assert mine["spec"] == event.spec  # the same moment: only the copy differs
    seed = seed_of(staff)
    assert_present(staff, read["staff", "json"]["content"], read["staff", "pdf"]["content"],
                   forced.HOLE["3"] + forced.HOLE["1"], seed)
    assert_absent(mine, read["player", "json"]["content"], read["player", "pdf"]["content"],
                  forced.HOLE["3"], seed)
    reference = cert.complaints._describe(case_id)["reference"]
    assert read["player", "pdf"]["file_name"] == f"processo-{reference}-pacote-1-jogador.pdf"
    assert read["staff", "json"]["file_name"] == f"processo-{reference}-pacote-1-equipa.json"


def test_issue_25_a_pack_kept_internal_has_the_staff_copy_only(cert):
    played = sem_descarte(cert)
    cert.audit.seal()
    case_id = _case_about(cert, played["player"], played["jogada_id"])
    number = cert.complaints.attach_evidence_pack(case_id, actor=A)["evidence_number"]
    event = attached_events(cert, case_id)[number]
    assert "copy" not in event.spec and event.staff_sha256 is event.staff_pdf_sha256 is None
    with pytest.raises(NotFoundError) as refused:
        cert.complaints.evidence(case_id, number, "pdf", copy="player")
    assert (refused.value.field, refused.value.code) == ("copy", "pack_copy_not_recorded")
    assert cert.complaints.evidence(case_id, number, "pdf")["matches"]
    # The staff copy's hash is recorded beside a player's copy only (the domain checks it).
    from domain.complaints import commands as cc
    with pytest.raises(InvalidInputError) as refused:
        cert.run(cc.AttachCaseEvidence(case_id=case_id, kind="evidence_pack",
                                       description="d", sha256="ab" * 32, spec=event.spec,
                                       staff_sha256="cd" * 32, actor=A))
    assert refused.value.field == "staff_sha256"


def test_903b_6_3_7_an_evidence_attached_stored_before_the_staff_copy_still_decodes(cert):
    """An ``EvidenceAttached`` as the code before this change stored it (no ``staff_sha256``,
    ``staff_pdf_sha256``, no ``class_version``) decodes with both None, counts in the case
    (the next pack is numbered after it), rebuilds its pack to the hash it recorded, and the
    case's read model lists its one copy."""
    played = sem_descarte(cert)
    cert.audit.seal()
    case_id = _case_about(cert, played["player"], played["jogada_id"])
    cert.complaints.attach_evidence_pack(case_id, actor=A, shown_to_player=True)
    app = cert.app
    (stored,) = [s for s in app.recorder.select_events(UUID(case_id))
                 if s.topic == "ledger.ComplaintCase.EvidenceAttached"]
    state = orjson.loads(stored.state)
    assert state.pop("class_version") == 2
    assert state.pop("staff_sha256") and state.pop("staff_pdf_sha256")
    state["number"] = 2
    old = StoredEvent(originator_id=stored.originator_id,
                      originator_version=stored.originator_version + 1, topic=stored.topic,
                      state=orjson.dumps(state))
    app.recorder.insert_events([old])
    decoded = app.mapper.to_domain_event(old)
    assert (decoded.staff_sha256, decoded.staff_pdf_sha256) == (None, None)
    assert decoded.spec["copy"] == "player"
    got = cert.complaints.evidence(case_id, 2, "pdf")  # its one copy: the player's
    assert got["copy"] == "player" and got["matches"] and got["sha256"] == state["pdf_sha256"]
    with pytest.raises(NotFoundError) as refused:
        cert.complaints.evidence(case_id, 2, "json", copy="staff")
    assert refused.value.code == "pack_copy_not_recorded"
    third = cert.complaints.attach_evidence_pack(case_id, actor=A)  # the case loads
    assert third["evidence_number"] == 3
    cert.projections.wait(cert.writer.last_position)
    timeline = complaint_queries.case(cert.projections.engine, case_id)["timeline"]
    packs = {e["detail"]["number"]: e["detail"] for e in timeline
             if e["kind"] == "evidence_attached"}
    assert [packs[n]["copies"] for n in (1, 2, 3)] == [["staff", "player"], ["player"],
                                                       ["staff"]]
    assert "staff_sha256" in packs[1] and "staff_sha256" not in packs[2]


@pytest.mark.parametrize("role", ["complaint_handler", "auditor", "operator"])
def test_issue_25_staff_read_either_copy_and_the_player_its_own(make_client, role):
    client = make_client()
    api, cases = Api(client), Cases(client)
    played = played_semdescarte(api, client)
    player = played["headers"]
    _, handler = api.staff("complaint_handler", "Inês")
    reader = {"complaint_handler": handler, "operator": OPERATOR}.get(role) or \
        api.staff(role, "Rui")[1]
    opened = ok(cases.open(player, "k1", case_type="jogada", subject="Jogada",
                           description="Desisti e perdi", jogada_ids=[played["jogada_id"]]),
                201)
    case_id, reference = opened["case_id"], opened["reference"]
    ok(cases.act(case_id, "evidence", handler, {"shown_to_player": True}), 201)
    ok(cases.act(case_id, "evidence", handler, {}), 201)
    packs = {e["detail"]["number"]: e["detail"] for e in cases.case(case_id, reader)["timeline"]
             if e["kind"] == "evidence_attached"}
    assert packs[1]["copies"] == ["staff", "player"] and packs[2]["copies"] == ["staff"]
    recorded = {"player": (packs[1]["sha256"], packs[1]["pdf_sha256"]),
                "staff": (packs[1]["staff_sha256"], packs[1]["staff_pdf_sha256"])}
    base = f"/complaints/{case_id}/evidence/1"
    served: dict[str, bytes] = {}
    for copy, word in (("staff", "equipa"), ("player", "jogador")):
        for path, fmt, own in ((base, "json", recorded[copy][0]),
                               (f"{base}.pdf", "pdf", recorded[copy][1])):
            r = client.get(path, params={"copy": copy}, headers=reader)
            assert r.status_code == 200, r.text
            assert r.headers["X-Evidence-Matches"] == "true"
            assert r.headers["X-Evidence-SHA256"] == own == sha(r.content)
            assert (r.headers["X-Evidence-Copy"], r.headers["X-Evidence-Compared"]) == (copy, fmt)
            assert r.headers["Content-Disposition"] == \
                f'attachment; filename="processo-{reference}-pacote-1-{word}.{fmt}"'
            served[f"{copy}.{fmt}"] = r.content
    by_default = client.get(base, headers=reader)
    assert by_default.headers["X-Evidence-Copy"] == "staff"
    assert by_default.content == served["staff.json"]
    seed = seed_of(json.loads(served["staff.json"]))
    assert seed in served["staff.json"].decode() and seed not in served["player.json"].decode()

    # The player: its copy by default, the staff copy refused.
    mine = client.get(f"{base}.pdf", headers=player)
    assert mine.status_code == 200 and mine.content == served["player.pdf"]
    assert mine.headers["X-Evidence-Copy"] == "player"
    assert mine.headers["X-Evidence-Matches"] == "true"
    assert client.get(base, params={"copy": "player"}, headers=player).content == \
        served["player.json"]
    for path in (base, f"{base}.pdf"):
        refused = error_of(client.get(path, params={"copy": "staff"}, headers=player), 403)
        assert refused["field"] == "copy" and "player's copy" in refused["message"]
    seen = [e["detail"] for e in cases.case(case_id, player)["timeline"]
            if e["kind"] == "evidence_attached"]
    assert [(d["number"], d["copies"]) for d in seen] == [(1, ["player"])]
    assert "staff_sha256" not in seen[0] and "staff_pdf_sha256" not in seen[0]
    assert error_of(client.get(f"/complaints/{case_id}/evidence/2", headers=player),
                    403)["field"] == "number"

    # A pack kept internal: the staff copy only; the copy is one of two names.
    missing = error_of(client.get(f"/complaints/{case_id}/evidence/2.pdf",
                                  params={"copy": "player"}, headers=reader), 404)
    assert (missing["code"], missing["field"]) == ("pack_copy_not_recorded", "copy")
    internal = client.get(f"/complaints/{case_id}/evidence/2", headers=reader)
    assert internal.headers["X-Evidence-Copy"] == "staff"
    assert internal.headers["X-Evidence-Matches"] == "true"
    bad = client.get(base, params={"copy": "todas"}, headers=reader)
    assert bad.status_code == 422 and "copy" in bad.text
