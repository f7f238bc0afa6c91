"""A complaint about a roulette jogada, through the game-neutral pipelines (issue 16 evidence
packs and compensation, issue 25 copies; 903-B 6.3.4(2): every jogada can be reproduced):

- the evidence pack of a real multi-player jogada holds the replay (its RNG check verified),
  the viewer's steps, the re-adjudication (it agrees), the money, the player's part (r26), the
  session statement (r28) and the integrity proof; its PDF is Portuguese by default;
- a pack shown to the player records the player's copy and the staff copy: the player's copy
  names no other player in its replay, its part or what it withholds, and cuts the sealed seed
  (the revealed one stays); every proof still verifies;
- a jogada left open, disputed, is voided from the case (``game_refund`` →
  ``Game.void_jogada``: r22, r23, A62): every stake back, each wallet where it started."""

from __future__ import annotations

import json

from domain.ledger.accounts import wallet_code
from projections.queries import accounts_total
from tests.complaints.support import printed, spec_of
from tests.complaints.test_game_refund import A, B, _case_about
from tests.complaints.test_player_copy import assert_proofs_hold, seed_of
from tests.roulette import support as rs
from tests.roulette.recorded import played_multi


def test_903b_6_3_4_2_rf_26_a_roulette_pack_holds_every_section(cert, clock):
    """Bia's complaint about the jogada on 17: the pack's replay is the jogada index's events
    with the state after each, the RNG check verified, one viewer step per event, the
    re-adjudication agreeing, the player's part (r26: two slips, 8,00 € staked, 10,00 € back),
    the statement and the integrity proof; the PDF in Portuguese by default."""
    from infra.services import jogada_views

    wheel, (ana, bia), jid = played_multi(cert, clock)
    checkpoint = cert.audit.seal()
    pack, data, pdf = printed(cert, spec_of(cert, str(bia.player_id), [jid]))
    (j,) = pack["jogadas"]
    assert (j["jogada_id"], j["game"], j["title"], j["regulation"]) == (
        jid, "roulette", "roleta francesa", "Regulamento 807/2015")
    assert j["venue"]["venue_id"] == wheel["venue_id"]
    recorded = [p for p, _ in jogada_views.jogada_events(cert, jid)[1]]
    assert [s["position"] for s in j["replay"]["steps"]] == recorded
    assert [s["event"]["notification_id"] for s in j["steps"]] == recorded
    assert j["replay"]["rng"]["verified"] is True and j["replay"]["final"]["ended"] is True
    assert j["adjudication"]["agrees"] is True and j["adjudication"]["status"] == "settled"
    mine = j["player"]
    assert (mine["number"], mine["colour"], mine["result"]) == (17, "black", "won")
    assert (mine["staked_cents"], mine["returned_cents"], mine["net_cents"]) == (800, 1_000,
                                                                                 200)
    assert mine["rule"] == "roleta francesa rule 26"
    statement = j["session"]["statement"]
    assert (statement["session_id"], statement["wagered_cents"], statement["net_cents"]) == (
        str(bia.session_id), 800, 200)
    assert j["integrity"]["status"] == "sealed" and j["integrity"]["verified"] is True
    assert j["integrity"]["checkpoint"]["sequence"] == checkpoint.sequence
    assert pdf.startswith(b"%PDF-") and b"roulette" in data


def test_issue_25_rf_5_the_players_copy_of_a_roulette_pack_names_no_other_player(cert, clock):
    """A pack shown to Ana: her copy's replay, part and withheld list never name Bia or her
    session, nor show her bets; the sealed seed is cut from RngCommitted (the revealed seed
    stays, so Ana can check the number); every proof still verifies. The staff copy has it
    all."""
    _, (ana, bia), jid = played_multi(cert, clock)
    cert.audit.seal()
    case_id = _case_about(cert, ana, jid)
    number = cert.complaints.attach_evidence_pack(case_id, actor=A,
                                                  shown_to_player=True)["evidence_number"]
    got = {copy: cert.complaints.evidence(case_id, number, "json", copy=copy)
           for copy in ("staff", "player")}
    assert all(g["matches"] for g in got.values())
    staff, player = (json.loads(got[c]["content"]) for c in ("staff", "player"))
    (s,), (m,) = staff["jogadas"], player["jogadas"]
    others = [str(bia.player_id), str(bia.session_id)]
    assert all(o in json.dumps(s["replay"]) for o in others)
    own = json.dumps([m["replay"], m["player"], m["withheld"]])
    assert str(ana.player_id) in own and not [o for o in others if o in own]
    placed = [x for x in m["replay"]["steps"] if x["event"] == "BetsPlaced"]
    assert [x["data"]["bets"] is None for x in placed] == [False, True, True]
    committed = next(x for x in m["replay"]["steps"] if x["event"] == "RngCommitted")
    assert committed["data"]["sealed_seed_hex"] is None and seed_of(player) == seed_of(staff)
    cut = {w["event"] for w in m["withheld"]}
    assert {"RngCommitted", "BetsPlaced", "BetsSettled"} <= cut
    assert assert_proofs_hold(m)
    assert m["replay"]["final"]["net_by_account"]["wallet of player 2"] == 200
    assert m["player"]["net_cents"] == 33_300 and m["adjudication"]["agrees"] is True


def test_rf_22_23_a62_a_disputed_open_jogada_is_voided_from_the_case(ledger, clock):
    """A multi-player jogada in its window, disputed: the case's game refund voids it (r22,
    r23, A62): every stake back, each wallet where it started, the statements at zero; the
    void's re-adjudication agrees."""
    from infra.services import jogada_views

    wheel, (ana, bia) = rs.setup_wheel(ledger, rs.multi_config(), players=2)
    jid = rs.bet(ledger, wheel, ana, rs.pleno(3), rs.chance("encarnado", cents=500))["jogada_id"]
    rs.bet(ledger, wheel, bia, {"call": "finales", "number": 4, "unit_cents": 100})
    start = [(rs.DEPOSIT_CENTS, 0)] * 2
    assert rs.balances(ledger, [ana, bia]) != start
    case_id = _case_about(ledger, bia, jid)
    proposed = ledger.complaints.propose(case_id, outcome="upheld", reasons="A roda parou",
                                         compensation={"kind": "game_refund", "jogada_id": jid},
                                         actor=A)
    compensation = proposed["decision"]["compensation"]
    assert compensation["venue_id"] == wheel["venue_id"]
    ledger.complaints.approve(case_id, actor=B)
    paid = ledger.complaints.pay(case_id, idempotency_key="pay", actor=A)
    assert paid["compensation_paid"]["1"]["kind"] == "game_refund"
    assert rs.balances(ledger, [ana, bia]) == start
    events = rs.wheel_events(ledger, wheel, jid)
    void = rs.only(events, "JogadaVoided")
    assert void.reason == f"complaint {proposed['reference']}"
    assert void.refunds == {str(ana.player_id): 1_500, str(bia.player_id): 400}
    assert "BallLanded" not in rs.names(events) and "RngCommitted" not in rs.names(events)
    ledger.projections.wait(ledger.writer.last_position)
    assert accounts_total(ledger.projections.engine) == 0
    for p, staked in ((ana, 1_500), (bia, 400)):
        shown = rs.statement(ledger, p)
        assert (shown["wagered_cents"], shown["refunded_cents"], shown["net_cents"]) == (
            staked, staked, 0)
    report = jogada_views.adjudicate(ledger, jid)
    assert (report["status"], report["agrees"]) == ("voided", True)
    replayed = jogada_views.replay(ledger, jid)
    assert replayed["final"]["refunds"][str(bia.player_id)] == 400
    assert replayed["final"]["net_by_account"].get(wallet_code(str(bia.player_id)), 0) == 0
    assert ledger.complaints.resolve(case_id, actor=A)["outcome"] == "upheld"
