"""Evidence packs of complaint cases (issue 16 evidence packs; infra/complaints/evidence.py): what
a pack of a póquer sem descarte jogada, of a bingo jogada and of a transfer holds, read against
what the test played (a forced deck; the cards bought and the balls drawn as the record holds
them), and that a pack is exactly reproducible from the record plus its spec (903-B 1.5 "Log":
nothing recorded changes, so neither does a pack built from it). Real ledgers on the test's
backend: no database is mocked."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest

from domain.kernel.errors import ConflictError, InvalidInputError, NotFoundError
from infra.services import jogada_views
from infra.complaints.evidence import (FORMAT, build_pack, pack_json_bytes, pack_pdf_bytes,
                                       sha256_hex)
from tests.complaints.support import (BANK_AK, FLUSH, bingo_30, printed, sem_descarte,
                                      spec_of)
from tests.semdescarte import support as sd

OPERATOR = sd.OPERATOR


def positions(ledger, jogada_id: str) -> list[int]:
    """The jogada's events as the jogada index holds them, read here on their own."""
    return [p for p, _ in jogada_views.jogada_events(ledger, jogada_id)[1]]


def test_903b_6_3_4_2_a_sem_descarte_pack_holds_every_section(cert):
    """Issue 16 evidence packs: the replay with the state after each event, the viewer's
    steps, the RNG check, the re-adjudication, the money, the player's part, the session
    statement as it was, and the integrity proof against the signed checkpoint. A flush
    against ace-king high, the player continues: ante 2 € (held 3 × ante, A8) and bet 4 €;
    the ante pays 1:1 and the flush 5 × the bet (rules 27, 28): 22 € from the house."""
    played = sem_descarte(cert)
    checkpoint = cert.audit.seal()
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]])
    assert spec["format"] == FORMAT and spec["as_of"] == cert.writer.last_position
    assert spec["generated_at"] == "2026-03-02T10:30:00+00:00"
    session = cert.app.repository.get(played["player"].session_id)
    assert spec["jogadas"] == [{"jogada_id": played["jogada_id"],
                                "session_id": played["session_id"],
                                "session_version": session.version,
                                "checkpoint_sequence": checkpoint.sequence}]
    assert json.loads(json.dumps(spec)) == spec  # it rides in an event

    pack = build_pack(cert, spec)
    assert pack["spec"] == spec and pack["player"]["display_name"] == "jogador 1"
    (j,) = pack["jogadas"]
    assert (j["jogada_id"], j["game"], j["title"]) == (played["jogada_id"], "semdescarte",
                                                       "póquer sem descarte")
    assert j["venue"] == {"venue_id": f"semdescarte:{played['table']['table_id']}",
                          "name": "mesa"}
    recorded = positions(cert, played["jogada_id"])
    assert [s["position"] for s in j["replay"]["steps"]] == recorded
    assert all("state" in s for s in j["replay"]["steps"]) and j["replay"]["final"]["ended"]
    assert j["replay"]["rng"]["verified"] is True
    assert [s["event"]["notification_id"] for s in j["steps"]] == recorded
    dealt = [i for s in j["steps"] for i in s["scene"] if i["kind"] == "cards"
             and i["label"] == "Seat 1"]
    assert dealt and all(i["cards"] == FLUSH for i in dealt)
    assert j["adjudication"]["agrees"] is True and j["adjudication"]["status"] == "settled"
    assert [(m["kind"], m["cents"]) for m in j["money"]] == [
        ("held", 600), ("voided", 600), ("debited", 2_200), ("credited", 2_200)]
    assert (j["player"]["cards"], j["player"]["bank_cards"]) == (FLUSH, BANK_AK)
    assert (j["player"]["result"], j["player"]["net_cents"]) == ("player_won", 2_200)
    statement = j["session"]["statement"]
    assert (statement["session_id"], statement["wagered_cents"], statement["net_cents"]) == \
        (played["session_id"], 600, 2_200)
    proof = j["integrity"]
    assert proof["status"] == "sealed" and proof["verified"] is True
    assert proof["checkpoint"]["sequence"] == checkpoint.sequence
    assert [e["notification_id"] for e in proof["events"]] == recorded


def test_903b_6_3_4_2_bingo_50_52_a_bingo_pack_holds_every_section(cert, clock):
    """Issue 16 evidence packs: a bingo 30 jogada of three players (a card each, 1 €): the
    complaining player's cards as sold and the balls as drawn (rule 50), the grids of the
    viewer, the statement's line of cards bought (rule 52), the whole jogada's money."""
    played = bingo_30(cert, clock)
    cert.audit.seal()
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]])
    (j,) = build_pack(cert, spec)["jogadas"]
    assert (j["game"], j["venue"]["venue_id"], j["venue"]["name"]) == (
        "bingo", f"bingo:{played['room']['room_id']}", "Sala Azul")
    events = jogada_views.jogada_events(cert, played["jogada_id"])[1]
    drawn = [e.ball for _, e in events if type(e).__name__ == "BallDrawn"]
    assert [s["position"] for s in j["replay"]["steps"]] == [p for p, _ in events]
    assert j["replay"]["rng"]["verified"] and j["replay"]["prizes_check"]["verified"]
    assert j["player"]["cards"] == played["cards"][played["player_id"]]
    assert j["player"]["drawn"] == drawn and j["player"]["paid_cents"] == 100
    last_grids = [i for i in j["steps"][-1]["scene"] if i["kind"] == "grid"]
    assert len(last_grids) == 3
    assert all(set(g["marked"]) <= set(drawn) for g in last_grids)
    assert j["adjudication"]["agrees"] is True
    bought = [m for m in j["money"] if m["reason"] == "bingo_cards"]
    assert [(m["kind"], m["cents"]) for m in bought] == [("debited", 100), ("credited", 100)] * 3
    statement = j["session"]["statement"]
    assert statement["session_id"] == played["session_id"]
    assert [(line["count"], line["amount_cents"]) for line in statement["lines"]] == [(1, 100)]
    assert j["integrity"]["status"] == "sealed" and j["integrity"]["verified"] is True


def test_903b_1_5_the_same_spec_gives_the_same_bytes_however_the_log_grew(cert):
    """Issue 16 evidence packs: the JSON and the PDF of a spec are byte-identical when built
    again, and again after the log grew — another jogada in the same (still open) session,
    the pack's deposit corrected, a new checkpoint signed: the old spec reads the log up to
    its ``as_of``, the session at its version, the proof against its checkpoint. A spec made
    now sees the new facts."""
    played = sem_descarte(cert)
    deposit = cert.deposit(played["player"].player_id, 5_000, "complaint-deposit",
                           actor=OPERATOR)
    cert.audit.seal()
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]], [deposit["transfer_id"]])
    pack, first_json, first_pdf = printed(cert, spec)
    assert printed(cert, spec)[1:] == (first_json, first_pdf)
    assert pack["transfers"][0]["corrections"] == []

    sem_descarte(cert, played["table"], played["player"], hand=["2c", "3d", "5h", "8s", "Jc"])
    cert.correct_transfer(deposit["transfer_id"], reason="depósito em duplicado",
                          actor=OPERATOR)
    later = cert.audit.seal()
    again, again_json, again_pdf = printed(cert, spec)
    assert again == pack and again_json == first_json and again_pdf == first_pdf

    now = spec_of(cert, played["player_id"], [played["jogada_id"]], [deposit["transfer_id"]])
    (item,) = now["jogadas"]
    assert item["session_version"] > spec["jogadas"][0]["session_version"]
    assert item["checkpoint_sequence"] == later.sequence
    fresh = build_pack(cert, now)
    assert fresh["transfers"][0]["corrections"][0]["transfer_id"] == \
        f"correction:{deposit['transfer_id']}"
    assert fresh["jogadas"][0]["session"]["statement"]["jogadas"] == 2
    assert pack["jogadas"][0]["session"]["statement"]["jogadas"] == 1


def test_903b_1_5_a_pack_read_back_from_its_json_prints_and_hashes_the_same(cert, tmp_path):
    """Issue 16 evidence packs: the canonical JSON (sorted keys, no spaces, UTF-8) read back
    gives the same bytes and the same PDF, in this process and in another one with another
    hash seed (no set order, clock or random id in the bytes)."""
    played = sem_descarte(cert)
    pack, data, pdf = printed(cert, spec_of(cert, played["player_id"], [played["jogada_id"]]))
    assert data == json.dumps(pack, sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False).encode("utf-8")
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()
    loaded = json.loads(data)
    assert pack_json_bytes(loaded) == data and pack_pdf_bytes(loaded) == pdf
    (tmp_path / "pack.json").write_bytes(data)
    script = ("import sys, json; from pathlib import Path;"
              " from infra.complaints.evidence import pack_pdf_bytes;"
              " pack = json.loads(Path(sys.argv[1]).read_bytes());"
              " sys.stdout.buffer.write(pack_pdf_bytes(pack))")
    other = subprocess.run([sys.executable, "-c", script, str(tmp_path / "pack.json")],
                           capture_output=True, check=True, env={"PYTHONHASHSEED": "12345"})
    assert other.stdout == pdf


def test_903b_1_5_a_transfers_pack_shows_its_movements_and_its_correction(cert):
    """Issue 16 evidence packs: a deposit of 50 € (cashier → wallet) corrected by the
    opposite transfer that points at it (domain/ledger/corrections.py), with the reason given."""
    player_id = sd.new_player(cert)
    deposit = cert.deposit(player_id, 5_000, "to-correct", actor=OPERATOR)
    cert.correct_transfer(deposit["transfer_id"], reason="cartão recusado pelo banco",
                          actor=OPERATOR)
    spec = spec_of(cert, str(player_id), transfers=[deposit["transfer_id"]])
    (t,) = build_pack(cert, spec)["transfers"]
    wallet = f"wallet:{player_id}"
    assert (t["transfer_id"], t["kind"], t["from_code"], t["to_code"], t["amount_cents"]) == \
        (deposit["transfer_id"], "deposit", "cashier", wallet, 5_000)
    assert sorted((m["account_code"], m["type"], m["amount_cents"]) for m in t["movements"]) == \
        [("cashier", "debited", 5_000), (wallet, "credited", 5_000)]
    (c,) = t["corrections"]
    assert (c["transfer_id"], c["corrects"], c["note"], c["from_code"], c["to_code"],
            c["amount_cents"]) == (f"correction:{deposit['transfer_id']}",
                                   deposit["transfer_id"], "cartão recusado pelo banco",
                                   wallet, "cashier", 5_000)
    assert sorted((m["account_code"], m["type"]) for m in c["movements"]) == \
        [("cashier", "credited"), (wallet, "debited")]


def test_903b_6_3_4_2_an_id_the_log_does_not_hold_for_the_player_is_refused_naming_its_field(
        cert):
    """Issue 16 evidence packs: an unknown jogada or transfer, a jogada the player had no bet
    in and another player's transfer are 404s naming ``jogada_ids`` / ``transfer_ids``."""
    played = sem_descarte(cert)
    other = sd.new_player(cert, name="Outro")
    other_deposit = cert.deposit(other, 1_000, "other", actor=OPERATOR)
    cases = [({"jogadas": ["no-such-jogada:1"]}, "jogada_ids"),
             ({"transfers": ["no-such-transfer"]}, "transfer_ids"),
             ({"transfers": [other_deposit["transfer_id"]]}, "transfer_ids")]
    for kwargs, field in cases:
        with pytest.raises(NotFoundError) as refused:
            spec_of(cert, played["player_id"], **kwargs)
        assert refused.value.field == field, kwargs
    with pytest.raises(NotFoundError) as refused:
        spec_of(cert, str(other), [played["jogada_id"]])
    assert refused.value.field == "jogada_ids" and "no bet" in refused.value.message
    with pytest.raises(InvalidInputError) as refused:
        spec_of(cert, played["player_id"], ["\x00bad"])
    assert refused.value.field == "jogada_ids"


def test_903b_6_7_5_an_open_jogada_has_no_pack_yet(cert):
    """Issue 16 evidence packs: a jogada not ended (the ante placed, no card dealt) is a 409:
    a pack holds a final replay, and before the end the replay holds what the players may not
    see yet (903-B 6.7.5)."""
    table, (player,) = sd.setup_table(cert, sd.individual_config())
    placed = sd.ante(cert, table, player, 200)
    with pytest.raises(ConflictError) as refused:
        spec_of(cert, str(player.player_id), [placed["jogada_id"]])
    assert refused.value.field == "jogada_ids" and refused.value.rule == "903-B 6.7.5"
    sd.deal(cert, table, player, sd.forced_deck("Qs", [FLUSH], BANK_AK))
    sd.decide(cert, table, placed["jogada_id"], player, "fold")


def test_903b_1_5_a_jogada_no_checkpoint_covers_yet_says_so(cert):
    """Issue 16 evidence packs: before a signed checkpoint covers the jogada, the spec records
    none and the pack's proof says ``not_sealed_yet`` — and keeps saying it for that spec."""
    played = sem_descarte(cert)
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]])
    assert spec["jogadas"][0]["checkpoint_sequence"] is None
    cert.audit.seal()
    assert build_pack(cert, spec)["jogadas"][0]["integrity"] == {"status": "not_sealed_yet"}


def test_issue_24_a_pack_shown_to_a_player_names_no_other_player(cert, clock):
    """Issue 24: the viewer's steps name players by label ("Player 2") and the staff's view
    adds their names; a pack (it may be shown to the complaining player) holds the steps
    without names: the player's own name only, the others as "Player n" in its steps and PDF."""
    played = bingo_30(cert, clock)
    spec = spec_of(cert, played["player_id"], [played["jogada_id"]])
    pack, as_json, _ = printed(cert, spec)
    assert pack["player"]["display_name"] == "jogador 1"
    assert b"jogador 2" not in as_json and b"jogador 3" not in as_json
    [j] = pack["jogadas"]
    grids = [i["label"] for i in j["steps"][-1]["scene"] if i["kind"] == "grid"]
    assert [g.split(" · ")[1] for g in grids] == ["Player 1", "Player 2", "Player 3"]
