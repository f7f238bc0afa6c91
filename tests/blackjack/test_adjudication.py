"""Re-adjudication of blackjack jogadas (issue 14; domain/games/blackjack/adjudication.py): each
hand played again from the cards and the recorded decisions with hands.py, settled again, and
compared with the recorded settlement and with the money moved. On hand-built records
(tests/blackjack/recorded.py); every expected net below is worked out by hand from the rules."""

from __future__ import annotations

import pytest

from domain.games.blackjack.adjudication import adjudicate
from domain.kernel.errors import InvalidInputError
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from tests.blackjack.recorded import (
    P1,
    P2,
    insured_against_blackjack,
    play,
    split_double,
)

W1, W2 = wallet_code(P1), wallet_code(P2)


def judged(events):
    return adjudicate(list(enumerate(events, start=1)))


def nets(one, two=0):
    out = {W1: one, W2: two, HOUSE_CODE: -one - two}
    return {k: v for k, v in out.items() if v}


def agrees(report, expected):
    assert report["agrees"], (report["differences"], report["problems"])
    assert report["recomputed"] == report["recorded"]["money"] == expected
    assert report["recorded"]["settlement"] == {k: v for k, v in expected.items()
                                                if k.startswith("wallet:")}


def test_bj_21_15b_25c_25h_a_split_and_a_double_recompute_to_the_money_moved():
    """r21: 8-8 split; r15b, r23: 8-3 doubled with a 9 (20 on 20,00 €) beats the banca's 18
    (r25c: +20,00 €); 8-T pushes (r25h); seat 3's 21 wins 5,00 €."""
    report = judged(split_double())
    assert (report["game"], report["status"]) == ("blackjack", "settled")
    agrees(report, nets(2000, 500))
    assert {"blackjack rule 25c", "blackjack rule 25h"} <= set(report["rules"])


def test_bj_18_25f_20b_a47_insurance_even_money_against_the_banca_blackjack():
    """A47 (no peek): the 21 of three cards loses its 10,00 € to the banca's blackjack (r18);
    r25f: insurance of 5,00 € wins 10,00 €; r20b: even money wins 10,00 €."""
    report = judged(insured_against_blackjack())
    agrees(report, nets(0, 1000))
    assert {"blackjack rule 25f", "blackjack rule 20b"} <= set(report["rules"])


@pytest.mark.parametrize("seats, up, hole, script, draws, expected, rule", [
    ({"1": (P1, 1001, ["Th", "6d"])}, "9c", "8h", [("surrender", "1", 0)], [], -500,
     "blackjack rule 15e, A53"),
    ({"1": (P1, 1000, ["7s", "7h"])}, "9c", "8h", [("hit", "1", 0, "7d")], [], 1000 + 3000,
     "blackjack rule 25c"),
    ({"1": (P1, 1001, ["As", "Qh"])}, "9c", "8h", [], [], 1502,
     "blackjack rules 20a, 25a, A53"),
    ({"1": (P1, 1000, ["Th", "6d"])}, "9c", "8h", [("hit", "1", 0, "Kd")], [], -1000,
     "blackjack rule 25b"),
    ({"1": (P1, 1000, ["Th", "7d"])}, "6c", "Kh", [("stand", "1", 0)], ["9s"], 1000,
     "blackjack rule 25d"),
    ({"1": (P1, 1000, ["As", "8d"])}, "6c", "Kh", [("double", "1", 0, "Ah")], ["2s"], 2000,
     "blackjack rule 25c"),
    ({"1": (P1, 1000, ["Ah", "Ad"])}, "6c", "Kh", [("split", "1", 0, "Kc", "9s")], ["2s"],
     2000, "blackjack rule 25c"),
], ids=["surrender-odd", "three-sevens", "natural-at-once", "bust", "banca-bust",
        "ace-fixed-double", "split-aces"])
def test_bj_each_hand_recomputes_from_its_cards(seats, up, hole, script, draws, expected,
                                                rule):
    """r15e, A48, A53: a surrender of 10,01 € loses 5,00 € (the larger half back);
    r25i, A52: three 7s win the hand (21 against 17) and 3 × the stake;
    r20a, A53: a natural against a 9 is paid 3:2 at once, 15,015 rounded up to 15,02 €;
    r25b: 10-6-K busts; r25d: the banca's 6-K-9 busts;
    r8a-ii, A46: A-8 doubled keeps its first ace at 1, but the ace drawn counts 11: A-8-A is 20
    against the banca's 18;
    r21, r19: split aces: A-K (21, no blackjack after a split) and A-9 (20) each win 10,00 €
    against 18."""
    report = judged(play(seats, up, hole, script, draws))
    agrees(report, nets(expected))
    assert rule in report["rules"]


def test_bj_14_a_tampered_recorded_payout_is_found():
    """903-B 5.5.1(1): a recorded settlement paying more than the cards give is a difference
    against the settlement; the money moved still matches the rules."""
    events = split_double()
    settled = [e for e in events if type(e).__name__ == "HandSettled"]
    settled[2].won_cents += 100  # seat 3's win recorded 1,00 € higher
    report = judged(events)
    assert report["agrees"] is False
    assert report["differences"] == [{"account": W2, "against": "settlement",
                                      "recorded_cents": 600, "recomputed_cents": 500}]


def test_bj_14_money_moved_against_the_rules_is_found():
    """A credit to the wallet larger than the rules give is a difference against the money."""
    events = split_double()
    win = next(e for e in events if type(e).__name__ == "Credited"
               and e.transfer_id.endswith("seat3:hand0:win"))
    win.amount_cents = 900
    report = judged(events)
    assert not report["agrees"]
    assert {(d["account"], d["against"], d["recorded_cents"], d["recomputed_cents"])
            for d in report["differences"]} == {(W2, "money", 900, 500)}


def test_bj_17_a_banca_standing_on_16_is_a_problem():
    """r17b: the banca draws on 16. A record where it stood on 6-K is reported."""
    events = play({"1": (P1, 1000, ["Th", "8d"])}, "6c", "Kh", [("stand", "1", 0)], [])
    report = judged(events)
    assert not report["agrees"]
    assert any("blackjack rule 17" in p for p in report["problems"])


def test_bj_15b_a_double_on_hard_12_recorded_is_a_problem():
    """r15b, r23: a double only on 9, 10 or 11 (without r16a)."""
    events = play({"1": (P1, 1000, ["Th", "2d"])}, "6c", "Kh", [("double", "1", 0, "5s")],
                  ["2s"])
    report = judged(events)
    assert not report["agrees"] and "double" in report["problems"][0]


def test_bj_27_28_a_void_recomputes_to_every_stake_back():
    """r27, r28: voided after a split and a double: every hold back; no net on any account."""
    events = play({"1": (P1, 1000, ["8h", "8d"]), "2": (P2, 500, ["5h", "4d"])}, "6c", "Kh",
                  [("split", "1", 0, "3c", "Tc"), ("double", "1", 0, "9s"),
                   ("double", "2", 0, "2c")], void="table fault")
    report = judged(events)
    assert (report["status"], report["agrees"]) == ("voided", True)
    assert report["recomputed"] == report["recorded"]["money"] == {}
    assert "blackjack rules 27, 28" in report["rules"]


def test_bj_27_a_void_refunding_less_than_staked_is_found():
    events = play({"1": (P1, 1000, ["8h", "8d"])}, "6c", "Kh",
                  [("split", "1", 0, "3c", "Tc")], void="table fault")
    next(e for e in events if type(e).__name__ == "JogadaVoided").refunds = {"1": 1000}
    report = judged(events)
    assert report["differences"] == [{"account": W1, "against": "settlement",
                                      "recorded_cents": -1000, "recomputed_cents": 0}]


def test_bj_an_open_jogada_is_not_adjudicated():
    events = split_double()
    ended = [e for e in events if type(e).__name__ not in ("JogadaSettled",)]
    with pytest.raises(InvalidInputError):
        judged(ended)


# End to end: real jogadas through the ledger (certification mode: forced shoes) ------------
def _tampered(event, **fields):
    """A copy of a recorded event with other values (the record itself is untouched)."""
    import copy

    changed = copy.copy(event)
    for name, value in fields.items():
        object.__setattr__(changed, name, value)
    return changed


def test_bj_25_a_real_jogada_recomputes_and_a_tampered_payout_is_found(cert):
    """r21, r15b, r25c, r25h: a split and a double at an individual table recompute to the
    money moved (+20,00 €); the same record with a HandSettled paying 1,00 € more, or a win
    credited 1,00 € higher, is found."""
    from domain.games.blackjack.game import GAME
    from infra.services import jogada_views
    from tests.adjudication_check import one_report
    from tests.blackjack.support import (
        decide,
        individual_config,
        play_individual,
        setup_table,
        shoe,
    )

    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["8h", "8d"]], "6c", "Kh",
                                                    ["3c", "Tc", "9s", "2h"]))
    decide(cert, table, jid, player, "split")
    decide(cert, table, jid, player, "double", hand=0)
    decide(cert, table, jid, player, "stand", hand=1)
    _, events = jogada_views.jogada_events(cert, jid, game=GAME)
    report = one_report(cert, jid, adjudicate, events)
    own = wallet_code(player.player_id)
    agrees(report, {own: 2_000, HOUSE_CODE: -2_000})
    settled = [i for i, (_, e) in enumerate(events) if type(e).__name__ == "HandSettled"]
    first = settled[0]
    cheat = list(events)
    cheat[first] = (events[first][0], _tampered(events[first][1],
                                                won_cents=events[first][1].won_cents + 100))
    found = adjudicate(cheat)
    assert not found["agrees"] and found["differences"] == [
        {"account": own, "against": "settlement", "recorded_cents": 2_100,
         "recomputed_cents": 2_000}]
    win = next(i for i, (_, e) in enumerate(events) if type(e).__name__ == "Credited"
               and e.transfer_id.endswith(":win") and e.counterparty == HOUSE_CODE)
    cheat = list(events)
    cheat[win] = (events[win][0], _tampered(events[win][1],
                                            amount_cents=events[win][1].amount_cents + 100))
    found = adjudicate(cheat)
    assert {(d["account"], d["against"]) for d in found["differences"]} == {(own, "money")}


def test_bj_25f_a_real_insured_jogada_against_the_banca_blackjack(cert):
    """A47, r18, r25f: 9-7 insured for 5,00 € stands; the banca's A-K beats it; insurance pays
    10,00 €: net 0 on every account, and the recomputation agrees."""
    from domain.games.blackjack.game import GAME
    from infra.services import jogada_views
    from tests.blackjack.support import (
        decide,
        individual_config,
        play_individual,
        setup_table,
        shoe,
    )

    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["9h", "7d"]], "Ad", "Kd", ["5c"]))
    decide(cert, table, jid, player, "insurance", amount_cents=500)
    decide(cert, table, jid, player, "stand")
    _, events = jogada_views.jogada_events(cert, jid, game=GAME)
    report = adjudicate(events)
    agrees(report, {})
    assert "blackjack rule 25f" in report["rules"]
