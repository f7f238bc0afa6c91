"""Re-adjudication of roulette jogadas (issue 14; domain/games/roulette/adjudication.py): every
standing bet settled again from its booked components and the recorded number alone
(bets.settle, chances.returned_cents), compared with the recorded settlement and with the money
moved. On hand-built records (tests/roulette/recorded.py); every expected net below is worked
out by hand from the rules."""

from __future__ import annotations

import pytest

from domain.games.roulette.adjudication import adjudicate
from domain.kernel.errors import InvalidInputError
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from tests.roulette.recorded import P1, P2, on_seventeen, on_zero, spin

W1, W2 = wallet_code(P1), wallet_code(P2)


def judged(events):
    return adjudicate(list(enumerate(events, start=1)))


def named(events, name, nth=0):
    return [e for e in events if type(e).__name__ == name][nth]


def nets(one, two=0):
    out = {W1: one, W2: two, HOUSE_CODE: -one - two}
    return {k: v for k, v in out.items() if v}


def agrees(report, expected):
    assert report["agrees"], (report["differences"], report["problems"])
    assert report["recomputed"] == report["recorded"]["money"] == expected
    assert report["recorded"]["settlement"] == {k: v for k, v in expected.items()
                                                if k.startswith("wallet:")}


def test_rf_21_a58_on_zero_the_digests_examples_recompute_to_the_money_moved():
    """The digest's zero: 10,00 € on red loses, the quadro 0-1-2-3 returns 90,00 €, the first
    dozen loses (P1: +60,00 €); P2's pleno 0 wins 350,00 € and its voisins du zéro (17 plenos
    of 1,00 €, r15, A59) returns 36,00 € for 17,00 € (+19,00 €)."""
    report = judged(on_zero())
    assert (report["game"], report["status"]) == ("roulette", "settled")
    agrees(report, nets(6_000, 35_000 + 1_900))
    assert {"roleta francesa rule 21", "A58", "roleta francesa rule 15"} <= set(report["rules"])


def test_rf_14_19_a_pleno_and_a_cavalo_de_duzia_on_seventeen():
    """r14: €10 on pleno wins €360 back, €10 on a cavalo de dúzia €15 back (P1: +355,00 €); P2's
    two slips: even loses 3,00 €, black wins 5,00 €."""
    report = judged(on_seventeen())
    agrees(report, nets(35_000 + 500, 200))


def test_a53_half_a_cent_is_rounded_up_for_the_player():
    """A53: 1,01 € on the cavalo de dúzia 1-2 wins ½ × 101 = 50,5 cents, paid 51."""
    report = judged(spin([(P1, [{"chance": "cavalo_de_duzia", "numbers": [1, 2],
                                 "amount_cents": 101}])], forced=5))
    agrees(report, nets(51))
    assert "A53" in report["rules"]


def test_rf_19_a_wrong_payout_is_found_against_the_settlement_and_the_money():
    """The pleno on 17 recorded and paid as 34 to 1 instead of 35 (10,00 € short): the
    re-adjudication recomputes r14's 35 to 1 and names P1's wallet and the house."""
    events = on_seventeen()
    settled = named(events, "BetsSettled")
    settled.returned_cents -= 1_000
    settled.net_cents -= 1_000
    for e in events:
        if type(e).__name__ in ("Debited", "Credited") and e.transfer_id.endswith(
                f"{P1}:return"):
            e.amount_cents -= 1_000
    report = judged(events)
    assert report["agrees"] is False
    assert {(d["account"], d["against"], d["recorded_cents"], d["recomputed_cents"])
            for d in report["differences"]} == {
        (W1, "settlement", 34_500, 35_500), (W1, "money", 34_500, 35_500),
        (HOUSE_CODE, "money", -34_700, -35_700)}


def test_rf_18_the_recorded_number_alone_decides():
    """The number marked (r18) changed to 18 (red, even, high): the recorded settlement, made
    for 17, disagrees with what 18 gives: P1's pleno loses, its cavalo de dúzia 1-2 still wins
    5,00 €; P2 wins 3,00 € on even and loses 5,00 € on black."""
    events = on_seventeen()
    named(events, "BallLanded").number = 18
    report = judged(events)
    assert report["recomputed"] == nets(-1_000 + 500, 300 - 500)
    assert {d["account"] for d in report["differences"]} == {W1, W2, HOUSE_CODE}


def test_rf_15_a59_a_call_bets_components_must_be_those_of_its_call():
    """A voisins du zéro recorded with a pleno on 5 in place of the pleno on 4: not what r15 and
    A59 book, so the report names it, though the money agrees with it."""
    events = on_zero()
    placed = named(events, "BetsPlaced", 1)
    voisins = placed.bets[1]
    (four,) = [c for c in voisins["components"] if c["key"] == "pleno:4"]
    four.update(key="pleno:5", numbers=[5])
    report = judged(events)
    assert report["agrees"] is False and report["differences"] == []
    assert any("voisins_du_zero" in p and "A59" in p for p in report["problems"])


def test_rf_22_23_a62_a_void_recomputes_to_nothing():
    report = judged(spin([(P1, [{"chance": "impar", "amount_cents": 500}]),
                          (P2, [{"call": "finales", "number": 3, "unit_cents": 100}])],
                         void="server fault"))
    assert (report["status"], report["agrees"]) == ("voided", True)
    assert report["recomputed"] == {} and report["recorded"]["money"] == {}
    assert "roleta francesa rules 22, 23, A62" in report["rules"]


def test_rf_23_a_void_that_refunds_short_is_found():
    events = spin([(P1, [{"chance": "impar", "amount_cents": 500}])], void="server fault")
    named(events, "JogadaVoided").refunds = {P1: 400}
    report = judged(events)
    assert report["differences"] == [{"account": W1, "against": "settlement",
                                      "recorded_cents": -100, "recomputed_cents": 0}]


def test_a60_a_refund_of_unlaunched_bets_agrees_and_a_withdrawn_slip_counts_nothing():
    """A60: the first slip withdrawn before the launch, the second refunded at the session's
    end: status "cancelled" (never played), nothing nets."""
    events = spin([(P1, [{"chance": "pleno", "numbers": [7], "amount_cents": 200}]),
                   (P1, [{"chance": "coluna", "numbers": [2], "amount_cents": 300}])],
                  config={"kind": "individual", "betting_seconds": None}, withdraw=(1,),
                  refund="session_ended")
    report = judged(events)
    assert (report["status"], report["agrees"]) == ("cancelled", True), report
    assert report["recomputed"] == {} and "A60; roleta francesa rule 23 by analogy" in \
        report["rules"]
    events.pop()  # the second slip's hold never released
    late = judged(events)
    assert late["agrees"] is False
    assert late["problems"] == [f"300 cents still held on {W1} after the jogada ended"]


def test_a60_a_withdrawn_slip_is_not_settled():
    events = spin([(P2, [{"chance": "pleno", "numbers": [17], "amount_cents": 100}]),
                   (P2, [{"chance": "preto", "amount_cents": 500}])],
                  config={"kind": "individual", "betting_seconds": None}, withdraw=(1,),
                  forced=17)
    agrees(judged(events), nets(0, 500))


def test_an_open_jogada_is_not_adjudicated():
    events = on_seventeen()
    ended = [e for e in events if type(e).__name__ in ("JogadaSettled", "RngRevealed")]
    with pytest.raises(InvalidInputError):
        judged([e for e in events if e not in ended])


# Real jogadas (the ledger's commands; both backends) ---------------------------------------
def test_rf_14_15_19_a_real_jogada_is_one_report_by_every_path(cert, clock):
    """The pure adjudicator over the jogada index's events, the API's view and the store-wide
    run give one report, and it agrees with the money moved."""
    from infra.services import jogada_views
    from tests.adjudication_check import one_report
    from tests.roulette.recorded import played_multi

    _, (ana, bia), jid = played_multi(cert, clock)
    _, events = jogada_views.jogada_events(cert, jid)
    report = one_report(cert, jid, adjudicate, events)
    a, b = wallet_code(str(ana.player_id)), wallet_code(str(bia.player_id))
    assert report["agrees"] and report["recomputed"] == {a: 33_300, b: 200,
                                                          HOUSE_CODE: -33_500}


def test_rf_22_23_a62_an_operators_void_re_adjudicates_to_nothing(ledger, clock):
    from domain.games.roulette import commands as rf
    from infra.services import jogada_views
    from tests.roulette import support as rs

    wheel, (ana, bia) = rs.setup_wheel(ledger, rs.multi_config(), players=2)
    jid = rs.bet(ledger, wheel, ana, rs.pleno(3))["jogada_id"]
    rs.bet(ledger, wheel, bia, rs.chance("impar", cents=400))
    ledger.run(rf.VoidJogada(wheel_id=wheel["wheel_id"], reason="server fault",
                             actor=rs.OPERATOR))
    report = jogada_views.adjudicate(ledger, jid)
    assert (report["status"], report["agrees"], report["recomputed"]) == ("voided", True, {})
    assert report["recorded"]["settlement"] == {}


def test_a60_bets_never_launched_refunded_at_the_sessions_end_re_adjudicate(ledger, clock):
    """A60: an individual wheel's slip withdrawn, another never launched and refunded when the
    session ends: reported "cancelled", every hold voided, nothing nets."""
    from infra.services import jogada_views
    from infra.services import sessions as sessions_service
    from tests.roulette import support as rs

    wheel, (ana,) = rs.setup_wheel(ledger, rs.individual_config())
    jid = rs.bet(ledger, wheel, ana, rs.pleno(7, 200))["jogada_id"]
    rs.withdraw(ledger, wheel, ana, 1)
    rs.bet(ledger, wheel, ana, rs.chance("coluna", [2], 300))
    sessions_service.end_session(ledger, ana.session_id, "player", ana.actor)
    report = jogada_views.adjudicate(ledger, jid)
    assert (report["status"], report["agrees"]) == ("cancelled", True), report
    assert report["recomputed"] == {} and report["recorded"]["money"] == {}
