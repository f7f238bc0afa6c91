"""A complaint about a blackjack jogada, through the game-neutral pipelines (issue 16 evidence
packs and compensation, issue 25 copies; 903-B 6.3.4(2): every jogada can be reproduced):

- the evidence pack of a real jogada (tests/blackjack/test_bundle_check.py's: insurance, a
  split, a double after it, the banca drawing) holds the replay, the viewer's steps in
  English and Portuguese, the RNG check, the re-adjudication (it agrees), the money, the
  player's part (r31), the session statement and the integrity proof; its PDF is Portuguese
  by default;
- a pack shown to the player records the player's copy and the staff copy of the same
  moment: the player's copy never shows the hole card before ``HoleCardRevealed`` (r14b, r17,
  A47), nor another player's id (issue 24), nor the seed and the shoe; the staff copy has
  them all;
- a jogada left hanging, disputed, is voided from the case (``game_refund`` →
  ``Game.void_jogada``: r27, r28, A62): every stake back, a natural paid at once reversed,
  each wallet where it started; the void's pack never shows the player the hole card;
- the staff's replay, steps and re-adjudication routes over HTTP (``/jogadas/{id}/…``, and
  blackjack's own ``/blackjack/jogadas/{id}/replay``); a player is refused them."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest

from infra.complaints.evidence import (
    PLAYER,
    STAFF,
    build_pack,
    pack_json_bytes,
    pack_spec,
)
from infra.complaints.pdf_scenes import card_words, plain
from infra.services import jogada_views
from projections.queries import accounts_total
from tests.blackjack import client as bj
from tests.blackjack import http_support as hs
from tests.blackjack import support as bj_support
from tests.blackjack.http_support import Table, http_client
from tests.blackjack.support import (
    balances,
    bet,
    deal,
    decide,
    multi_config,
    setup_table,
    shoe,
    statement,
    table_events,
)
from tests.blackjack.test_bundle_check import DRAWS, HANDS, HOLE, UP, played_at
from tests.complaints.support import GENERATED, printed, spec_of
from tests.complaints.test_evidence_pdf import read
from tests.complaints.test_game_refund import A, B, _case_about
from tests.complaints.test_player_copy import assert_proofs_hold, seed_of, values

HOLE_WORDS = plain(card_words(HOLE))  # "5h (5 de copas)" as the PDF writes it


def pdf_text(pdf: bytes) -> str:
    return re.sub(r"\s+", " ", read(pdf)[1])


def reveal_position(part: dict[str, Any]) -> int:
    (at,) = [s["position"] for s in part["replay"]["steps"] if s["event"] == "HoleCardRevealed"]
    return at


# The pack of a settled jogada ---------------------------------------------------------------
def test_903b_6_3_4_2_bj_31_a_blackjack_pack_holds_every_section(cert, clock):
    """Seat 1's complaint: the pack's replay (every event of the jogada index, its state after
    each), the RNG check, the viewer's steps (one per event, titled in English and
    Portuguese), the re-adjudication (it agrees), the money, the player's part (r31: its two
    hands, the doubled stake, the insurance lost: 35,00 € staked, 15,00 € net), the session
    statement and the integrity proof against the signed checkpoint; the PDF in Portuguese
    by default, every card in words."""
    table, players, jid = played_at(cert, clock)
    checkpoint = cert.audit.seal()
    one = players[0]
    spec = spec_of(cert, str(one.player_id), [jid])
    pack, data, pdf = printed(cert, spec)
    (j,) = pack["jogadas"]
    assert (j["jogada_id"], j["game"], j["title"], j["regulation"]) == (
        jid, "blackjack", "blackjack", "Regulamento 805/2015")
    assert j["venue"] == {"venue_id": f"blackjack:{table['table_id']}", "name": "mesa"}
    recorded = [p for p, _ in jogada_views.jogada_events(cert, jid)[1]]
    assert [s["position"] for s in j["replay"]["steps"]] == recorded
    assert j["replay"]["rng"]["verified"] is True and j["replay"]["final"]["ended"] is True
    assert [s["event"]["notification_id"] for s in j["steps"]] == recorded
    titles = {(s["titles"]["en"], s["titles"]["pt"]) for s in j["steps"]}
    for english, portuguese in (
            ("Seat 1 insures for 5,00 €", "Lugar 1 faz um seguro de 5,00 €"),
            ("Seat 1 splits: 8h 3c and 8d Tc", "Lugar 1 separa: 8h 3c e 8d Tc"),
            ("Seat 1, hand 1 doubles to 20,00 €: 9s, 20",
             "Lugar 1, mão 1 dobra para 20,00 €: 9s, 20"),
            ("Seat 2 hits: 5c, 21", "Lugar 2 pede carta: 5c, 21"),
            ("The banca reveals its hole card: 5h, 16", "A banca mostra a carta tapada: 5h, 16"),
            ("Seat 1's insurance: lost: lost 5,00 €", "Seguro do lugar 1: perdeu: perdido 5,00 €")):
        assert (english, portuguese) in titles, english
    dealt = next(s for s in j["steps"] if s["event"]["name"] == "CardsDealt")
    banca = next(i for i in dealt["scenes"]["pt"] if i.get("label") == "Banca")
    assert (banca["cards"], banca["hidden"]) == ([UP], 1)  # r14b: face down in the staff's too
    adjudication = j["adjudication"]
    assert adjudication["agrees"] is True and adjudication["status"] == "settled"
    assert adjudication["differences"] == [] and adjudication["problems"] == []
    mine = j["player"]
    assert (mine["seat"], mine["status"], mine["result"]) == (1, "settled", "won, push")
    assert [(h["cards"], h["stake_cents"], h["result"]) for h in mine["hands"]] == [
        (["8h", "3c", "9s"], 2_000, "won"), (["8d", "Tc"], 1_000, "push")]
    assert mine["banca_cards"] == [UP, HOLE, DRAWS[-1]] and mine["banca_total"] == 18
    assert (mine["insurance_cents"], mine["insurance_result"]) == (500, "lost")
    assert (mine["total_bet_cents"], mine["net_cents"]) == (3_500, 1_500)
    statement = j["session"]["statement"]
    assert (statement["session_id"], statement["wagered_cents"], statement["net_cents"]) == (
        str(one.session_id), 3_500, 1_500)
    assert j["integrity"]["status"] == "sealed" and j["integrity"]["verified"] is True
    assert j["integrity"]["checkpoint"]["sequence"] == checkpoint.sequence
    assert [e["notification_id"] for e in j["integrity"]["events"]] == recorded
    moved = {(m["transfer_id"].partition(":1:")[2], m["kind"]): m["cents"] for m in j["money"]}
    assert moved[("seat1:hand0:win", "credited")] == 2_000
    assert moved[("seat1:insurance", "posted")] == 500
    assert moved[("seat3:hand0", "posted")] == 800
    assert pdf.startswith(b"%PDF-")
    text = pdf_text(pdf)
    for expected in ("Pacote de prova de reclamação", jid, "blackjack (Regulamento 805/2015)",
                     "Lugar 1 separa: 8h 3c e 8d Tc", "A banca mostra a carta tapada",
                     "Total apostado 35,00 €", *(plain(card_words(c)) for c in
                                                 sum(HANDS, [UP, HOLE]) + DRAWS)):
        assert expected in text, expected
    assert "Seat 1 splits" not in text  # the English titles are in the English PDF only


# The player's copy and the staff's, through the case ----------------------------------------
def shown_pack(ledger: Any, clock: Any) -> dict[str, Any]:
    """The jogada played, sealed, complained of by seat 1's player, and a pack shown to that
    player: both copies rebuilt (JSON, PDF) from the case, each to the hash it recorded."""
    table, players, jid = played_at(ledger, clock)
    ledger.audit.seal()
    case_id = _case_about(ledger, players[0], jid)
    number = ledger.complaints.attach_evidence_pack(case_id, actor=A,
                                                    shown_to_player=True)["evidence_number"]
    got = {(copy, fmt): ledger.complaints.evidence(case_id, number, fmt, copy=copy)
           for copy, fmt in (("staff", "json"), ("player", "json"), ("player", "pdf"))}
    assert all(g["matches"] and g["copy"] == copy for (copy, _), g in got.items())
    return {"players": players, "jid": jid,
            **{copy: got[copy, "json"]["content"].decode() for copy in ("staff", "player")},
            "player_pdf": pdf_text(got["player", "pdf"]["content"])}


def test_issue_25_bj_14b_17_a47_the_players_copy_never_shows_the_hole_card_before_its_reveal(
        cert, clock):
    """A pack shown to seat 1's player records both copies of one moment. The player's copy:
    no step before ``HoleCardRevealed`` shows the hole card (its data, its state, the viewer's
    scene in either language, the stored bytes its proof keeps); the deal's hole card is
    listed as withheld with its rule; the seed and the shoe are cut; the replay names the
    other players by their seats only; every proof still verifies. The staff copy has it
    all. Both are Portuguese by default."""
    made = shown_pack(cert, clock)
    players = made["players"]
    staff, mine = json.loads(made["staff"]), json.loads(made["player"])
    assert "Pacote de prova de reclamação" in made["player_pdf"]
    seed = seed_of(staff)
    (s,) = staff["jogadas"]
    dealt = next(x for x in s["replay"]["steps"] if x["event"] == "CardsDealt")
    assert dealt["data"]["hole_card"] == HOLE and seed in made["staff"]

    (m,) = mine["jogadas"]
    assert seed not in made["player"] and seed not in made["player_pdf"].replace(" ", "")
    revealed = reveal_position(m)
    assert revealed == reveal_position(s)
    before = [x for x in m["replay"]["steps"] if x["position"] < revealed]
    assert before and all(HOLE not in values(x["data"]) and HOLE not in values(x["state"])
                          for x in before)
    assert next(x for x in before if x["event"] == "CardsDealt")["data"]["hole_card"] is None
    for step in (x for x in m["steps"] if x["event"]["notification_id"] < revealed):
        said = json.dumps([step["title"], step["titles"], step["scene"], step["scenes"]])
        assert HOLE not in said, step["title"]
        for item in step["scene"] + step["scenes"]["pt"]:
            if item.get("label") == "Banca":
                assert item["hidden"] == 1 and HOLE not in item["cards"]
    for e in m["integrity"]["events"]:
        if e["notification_id"] < revealed and e["state"] is not None:
            assert HOLE not in base64.b64decode(e["state"]).decode(), e["notification_id"]
    after = next(x for x in m["steps"] if x["event"]["notification_id"] == revealed)
    assert after["titles"]["pt"] == "A banca mostra a carta tapada: 5h, 16"
    assert HOLE_WORDS in made["player_pdf"]  # shown once revealed (r17)
    cut = {w["event"]: w for w in m["withheld"]}
    assert "hole card" in cut["CardsDealt"]["reason"] and "A47" in cut["CardsDealt"]["reason"]
    assert set(cut["RngCommitted"]["fields"]) == {"sealed_seed_hex", "outcome",
                                                  "forced_outcome"}
    assert assert_proofs_hold(m)  # the cut events keep their leaves and proofs
    assert m["player"]["net_cents"] == 1_500 and m["adjudication"]["agrees"] is True
    # blackjack's own part (Game.player_copy, Game.player_jogada): seats, never people
    others = [str(i) for p in players[1:] for i in (p.player_id, p.session_id)]
    own = json.dumps([m["replay"], m["player"], m["withheld"]])
    assert str(players[0].player_id) in own
    assert not [o for o in others if o in own]
    assert m["replay"]["final"]["net_by_account"]["wallet of seat 2"] == 500


@pytest.mark.xfail(strict=True, reason=(
    "core, not blackjack: the parts of a player's copy the core builds from the raw events"
    " name the other players: infra/services/jogada_views.steps_of (each step's event.actor"
    " 'player:<id>', the bookkeeping titles 'held on wallet:<id>', the scene's and the"
    " pack's money movements), the re-adjudication's accounts (wallet:<id>), the pack's"
    " 'people' (pack_case: their ids, names null) and the integrity events' originator_id"
    " (another's session id); the same for every game's multi-player copy"))
def test_issue_24_25_the_players_copy_names_no_other_player_anywhere(cert, clock):
    table, players, jid = played_at(cert, clock)
    cert.audit.seal()
    copies = {copy: pack_json_bytes(build_pack(cert, pack_spec(
        cert, case_id="5b0c3a52-6a4e-4f0e-9a0e-0c1d2e3f4a5b", case_reference="RC-2026-0043",
        player_id=str(players[0].player_id), jogada_ids=[jid], transfer_ids=[],
        generated_at=GENERATED, copy=copy))).decode() for copy in (STAFF, PLAYER)}
    others = [str(i) for p in players[1:] for i in (p.player_id, p.session_id)]
    assert all(o in copies[STAFF] for o in others)
    assert [o for o in others if o in copies[PLAYER]] == []


# A jogada left hanging: the complaint's game refund ------------------------------------------
def hanging(ledger: Any, clock: Any) -> tuple[dict[str, Any], list[Any], str]:
    """Up 9c: seat 1's natural As Kd is paid at once (r20a, 3:2: 15,00 €); seat 2 splits
    8h 8d (3c, Tc), doubles 8h 3c with the 9s; then the table stops: seat 2's second hand
    and seat 3's 16 wait for a decision that never comes. The hole card 7s is never shown."""
    table, players = setup_table(ledger, multi_config(seats=3), players=3)
    placed = bet(ledger, table, players[0], 1_000)
    bet(ledger, table, players[1], 1_000)
    bet(ledger, table, players[2], 800)
    clock.advance(11)
    deal(ledger, table, None, shoe([["As", "Kd"], ["8h", "8d"], ["9d", "7c"]], "9c", "7s",
                                   ["3c", "Tc", "9s"]))
    jid = placed["jogada_id"]
    decide(ledger, table, jid, players[1], "split")
    decide(ledger, table, jid, players[1], "double", hand=0)
    return table, players, jid


def test_bj_27_28_a62_a_hanging_jogada_is_voided_from_the_case_every_stake_back(cert, clock):
    table, players, jid = hanging(cert, clock)
    start = [(100_000, 0)] * 3  # tests/blackjack/support.py's deposit, nothing held
    assert balances(cert, players) != start
    bia = players[1]
    case_id = _case_about(cert, bia, jid)
    proposed = cert.complaints.propose(case_id, outcome="upheld", reasons="A mesa parou",
                                       compensation={"kind": "game_refund", "jogada_id": jid},
                                       actor=A)
    compensation = proposed["decision"]["compensation"]
    assert compensation["venue_id"] == f"blackjack:{table['table_id']}"
    assert compensation["amount_cents"] == 3_000  # the bet, the split, the double
    cert.complaints.approve(case_id, actor=B)
    paid = cert.complaints.pay(case_id, idempotency_key="pay", actor=A)
    assert paid["compensation_paid"]["1"]["kind"] == "game_refund"
    assert bj.describe(cert, table["table_id"])["open_jogada"] is None
    # r28, A62: every stake back, the natural's 15,00 € taken back: each wallet as it was
    assert balances(cert, players) == start
    events = [e for e in table_events(cert, table) if getattr(e, "jogada_id", None) == jid]
    (void,) = [e for e in events if type(e).__name__ == "JogadaVoided"]
    assert void.reason == f"complaint {proposed['reference']}"
    assert void.rule == "blackjack rules 27, 28, A62"
    assert (void.refunds, void.reversed) == ({"1": 1_000, "2": 3_000, "3": 800},
                                             {"1": 1_500, "2": 0, "3": 0})
    assert "HoleCardRevealed" not in [type(e).__name__ for e in events]
    cert.projections.wait(cert.writer.last_position)
    assert accounts_total(cert.projections.engine) == 0
    mine = statement(cert, bia)
    assert (mine["wagered_cents"], mine["refunded_cents"], mine["net_cents"]) == (3_000, 3_000, 0)
    assert cert.complaints.resolve(case_id, actor=A)["outcome"] == "upheld"

    # the void's pack, shown to the player: the hole card never revealed is never in it
    cert.audit.seal()
    number = cert.complaints.attach_evidence_pack(case_id, actor=A,
                                                  shown_to_player=True)["evidence_number"]
    for copy, has_hole in (("staff", True), ("player", False)):
        data = cert.complaints.evidence(case_id, number, "json", copy=copy)
        assert data["matches"]
        (j,) = json.loads(data["content"])["jogadas"]
        assert j["replay"]["final"]["status"] == "voided" and j["adjudication"]["agrees"]
        assert ("7s" in values(j)) is has_hole, copy
        assert (j["player"]["result"], j["player"]["net_cents"]) == ("voided", 0)
    pdf = cert.complaints.evidence(case_id, number, "pdf", copy="player")
    assert pdf["matches"] and plain(card_words("7s")) not in pdf_text(pdf["content"])


def test_bj_a62_33_a_reversed_natural_leaves_the_statement_at_zero(cert, clock):
    """r33, A62: the natural paid at once (r20a) and taken back by the void shows on the
    statement as a reversal, so the statement nets zero as the wallet does."""
    table, players, jid = hanging(cert, clock)
    bj.void_jogada(cert, table_id=table["table_id"], reason="server fault",
                   actor=bj_support.OPERATOR)
    assert bj_support.available(cert, players[0]) == 100_000
    shown = statement(cert, players[0])
    assert shown["net_cents"] == 0 and shown["won_by_category"]["reversal"]["amount_cents"] == 1_500
    from projections import session_queries  # the read model folds it the same way

    cert.projections.wait(cert.writer.last_position)
    read = session_queries.statement(cert.projections.engine, players[0].session_id)
    assert (read["won_cents"], read["net_cents"]) == (shown["won_cents"], 0)


# The staff's routes over HTTP ----------------------------------------------------------------
def test_903b_6_3_4_2_bj_the_staffs_replay_steps_and_adjudication_routes(make_settings, clock):
    """A jogada played over HTTP (a split, a double, a hit to 21, the banca drawing): while it
    is open, its replay is refused (903-B 6.7.5: what it hides is in it); once settled, the
    operator, an auditor and a complaint handler read its replay (``/jogadas/{id}/replay``
    and blackjack's own ``/blackjack/jogadas/{id}/replay``, the same), its steps (every
    event, the hole card face down until revealed) and its re-adjudication (it agrees); a
    player is refused them (403)."""
    with http_client(make_settings, clock) as client:
        table = Table(client, hs.multi_config(seats=2))
        _, ana, _ = table.seated("Ana", 1)
        _, bia, _ = table.seated("Bia", 2)
        r = table.bet(ana, 1_000, "a1", forced_deck=hs.shoe(
            [["8h", "8d"], ["Ts", "6d"]], "6c", "Kh", ["3c", "Tc", "9s", "5c", "2h"]))
        assert r.status_code == 201, r.text
        jid = r.json()["jogada_id"]
        assert table.bet(bia, 500, "b1").status_code == 201
        clock.advance(16)
        table.tick()
        assert client.get(f"/jogadas/{jid}/replay", headers=hs.OPERATOR).status_code == 409
        for headers, seat, decision, hand, key in ((ana, 1, "split", 0, "d1"),
                                                   (ana, 1, "double", 0, "d2"),
                                                   (ana, 1, "stand", 1, "d3"),
                                                   (bia, 2, "hit", 0, "d4")):
            r = table.decide(headers, jid, seat, decision, key, hand=hand)
            assert r.status_code == 200, r.text
        _, auditor = table.api.staff("auditor", "Rui")
        _, handler = table.api.staff("complaint_handler", "Inês")
        for reader in (hs.OPERATOR, auditor, handler):
            replayed = hs.ok(client.get(f"/jogadas/{jid}/replay", headers=reader))
            assert replayed["game"] == "blackjack" and replayed["rng"]["verified"] is True
            final = replayed["final"]
            assert final["status"] == "settled"
            assert final["cards"]["banca_cards"] == ["6c", "Kh", "2h"]
            alias = hs.ok(client.get(f"/blackjack/jogadas/{jid}/replay", headers=reader))
            assert alias["steps"] == replayed["steps"] and alias["final"] == final
            shown = hs.ok(client.get(f"/jogadas/{jid}/steps", headers=reader))
            assert [s["event"]["notification_id"] for s in shown["steps"]] == \
                [s["position"] for s in replayed["steps"]]
            assert shown["adjudication"]["agrees"] is True and shown["rng"]["verified"]
            titles = [s["title"] for s in shown["steps"]]
            assert "Seat 1 splits: 8h 3c and 8d Tc" in titles
            assert "The banca reveals its hole card: Kh, 16" in titles
            dealt = next(s for s in shown["steps"] if s["event"]["name"] == "CardsDealt")
            banca = next(i for i in dealt["scene"] if i.get("label") == "Banca")
            assert (banca["cards"], banca["hidden"]) == (["6c"], 1)
            judged = hs.ok(client.get(f"/jogadas/{jid}/adjudication", headers=reader))
            assert judged["game"] == "blackjack" and judged["agrees"] is True
        for path in ("replay", "steps", "adjudication"):
            assert client.get(f"/jogadas/{jid}/{path}", headers=ana).status_code == 403
        assert client.get(f"/blackjack/jogadas/{jid}/replay", headers=bia).status_code == 403
