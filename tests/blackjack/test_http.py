"""Blackjack's rules by number through the HTTP API (Reg. 805/2015; rules-digest-2 §1, A46–A55;
903-B 6.1.4): tables and limits (r9–r11), the betting window (r12), the individual deal (r13),
the decisions (r15a–f) and the operator's options (r16a–e), the exceptions (r20), splits and
doubles after them (r21–r23), the options shown (r24), settlement with the digest's worked
examples (r25), faults (r27–r30), the last jogada, rules page and statement (r31–r33).
Forced shoes (certification mode, rule 14's order) make every jogada certain; each expected
amount is worked out here from the rules."""

from __future__ import annotations

import pytest

from tests.blackjack.http_support import (
    FUNDS,
    OPERATOR,
    Table,
    assert_conserved,
    balance,
    end_session,
    http_client,
    individual_config,
    multi_config,
    nothing_recorded,
    refused,
    shoe,
    statement,
)


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


class Ana:
    """Ana alone at an individual table (r13: she deals), dealt from a forced shoe."""

    def __init__(self, client, hand, up, hole, draws=(), bet=1_000, funds=FUNDS, **config):
        self.table = Table(client, individual_config(**config))
        self.pid, self.h, self.sid = self.table.seated("Ana", funds=funds)
        r = self.table.bet(self.h, bet, "b1")
        assert r.status_code == 201, r.text
        self.jid = r.json()["jogada_id"]
        self.funds = funds
        r = self.table.deal(self.h, shoe([hand], up, hole, list(draws)))
        assert r.status_code == 200, r.text
        self.dealt = r.json()
        self.n = 0

    def do(self, decision: str, hand: int = 0, amount: int | None = None, status: int = 200):
        self.n += 1
        r = self.table.decide(self.h, self.jid, 1, decision, f"d{self.n}", hand=hand,
                              amount=amount)
        assert r.status_code == status, r.text
        return r

    @property
    def delta(self) -> int:
        b = balance(self.table.client, self.pid)
        assert b["held_cents"] == 0, "the jogada is still open"
        return b["balance_cents"] - self.funds

    @property
    def options(self) -> dict[str, dict]:
        return {o["decision"]: o for o in self.table.view(self.h)["options"]}


# Tables, limits, the window, the deal (r9–r14; 903-B 6.1.4) -------------------------------------
def test_bj_9_10_11_limits_set_by_the_operator_max_at_most_100_times_min(client):
    r = client.post("/blackjack/tables", headers=OPERATOR, json={
        "name": "Larga", "config": individual_config(min_bet_cents=100, max_bet_cents=10_001)})
    refused(r, field="max_bet_cents", rule="11")
    table = Table(client, individual_config(seats=2, multi_seat=True, min_bet_cents=100,
                                            max_bet_cents=10_000))
    pid, ana, _ = table.seated("Ana", 1)
    assert table.sit(ana, 2).status_code == 201  # r7: several seats where the table allows it
    assert table.bet(ana, 100, "min", seat=1).status_code == 201  # r9: the limits included
    assert table.bet(ana, 10_000, "max", seat=2).status_code == 201
    assert balance(client, pid)["held_cents"] == 10_100


@pytest.mark.parametrize("field", ["betting_seconds", "decision_seconds"])
def test_903b_6_1_4_timers_of_at_least_3_seconds(client, field):
    r = client.post("/blackjack/tables", headers=OPERATOR,
                    json={"name": "Rápida", "config": multi_config(**{field: 2})})
    refused(r, field=field, rule="903-B 6.1.4")


def test_bj_12_one_window_for_everyone_announced_and_closed(client, clock):
    """r12: the first bet opens the window (15 s) for every seat, announced; a tick before
    its end deals nothing; at its end the clock closes it ("jogo feito nada mais") and
    deals (r14)."""
    table = Table(client, multi_config(seats=2, betting_seconds=15))
    _, ana, _ = table.seated("Ana", 1)
    _, bia, _ = table.seated("Bia", 2)
    r = table.bet(ana, 500, "a1", forced_deck=shoe([["Tc", "7d"], ["9c", "9d"]], "8s", "Th"))
    assert r.status_code == 201, r.text
    jid = r.json()["jogada_id"]
    clock.advance(10)
    assert table.bet(bia, 500, "b1").status_code == 201  # within the window
    table.tick()
    assert table.view(ana)["banca"]["up_card"] is None  # not dealt before the window's end
    clock.advance(5)
    table.tick()  # at its last instant the window is still open
    assert table.view(ana)["banca"]["up_card"] is None
    clock.advance(1)
    table.tick()
    assert table.view(ana)["banca"]["up_card"] == "8s"
    for n, (h, seat) in enumerate(((ana, 1), (bia, 2))):
        assert table.decide(h, jid, seat, "stand", f"s{n}").status_code == 200
    replay = client.get(f"/jogadas/{jid}/replay", headers=OPERATOR)
    assert replay.status_code == 200, replay.text
    text = str(replay.json())
    assert "façam as vossas apostas" in text and "jogo feito nada mais" in text


def test_bj_13_the_player_deals_at_an_individual_table_once_the_bet_is_placed(client):
    table = Table(client, individual_config())
    pid, ana, _ = table.seated("Ana")
    error = refused(table.deal(ana), field="jogada_id")
    assert "13" in error.get("rule", "") or error["code"]
    assert table.bet(ana, 1_000, "b1").status_code == 201
    r = table.deal(ana, shoe([["Tc", "7d"]], "9s", "8h"))
    assert r.status_code == 200, r.text
    seen = table.view(ana)
    assert seen["banca"]["up_card"] == "9s" and "8h" not in str(seen)  # r14: the hole card face down


# Decisions (r15, r16; A46, A48) --------------------------------------------------------------------
def test_bj_15a_15d_hit_to_21_stands_by_itself_and_the_banca_plays(client):
    """r15a (hit), r15d (no card at 21), r17 (the banca 9 + 8 stands), r25c: 21 wins 1:1."""
    ana = Ana(client, ["5c", "6d"], "9s", "8h", ["Kh"])
    assert "stand" not in ana.options  # r15c: 11 cannot stand
    ana.do("hit")
    assert ana.delta == 1_000


def test_bj_15b_8a_a46_ace_and_8_doubled_takes_2_for_11(client):
    """The digest's worked example: A+8 doubled + 2 = 11 (the ace fixed at 1, r8a-ii, A46),
    which loses to the banca's 19: twice the bet lost."""
    ana = Ana(client, ["Ac", "8d"], "9s", "Th", ["2h"])
    assert ana.options["double"]["cost_cents"] == 1_000  # r24: the option with its cost
    ana.do("double")
    assert ana.delta == -2_000


def test_bj_15c_stand_over_11(client):
    ana = Ana(client, ["Tc", "2d"], "9s", "Kh")  # the banca: 19
    ana.do("stand")
    assert ana.delta == -1_000


def test_bj_15e_a48_a53_surrender_returns_half_rounded_up(client):
    ana = Ana(client, ["Tc", "6d"], "Ts", "9h", bet=1_001)
    ana.do("surrender")
    assert ana.delta == -500  # 501 of 1 001 back (A53: the half cent to the player)


def test_bj_15f_25f_five_euros_of_insurance_against_a_banca_blackjack(client):
    """The worked example: €5 of insurance against a banca blackjack returns €15 on the
    insurance and loses the €10 bet."""
    ana = Ana(client, ["Tc", "9d"], "As", "Kh")
    assert ana.options["insurance"]["cost_cents"] == 500  # r15f, A53: half the bet
    ana.do("insurance", amount=500)
    if ana.table.state()["open_jogada"] is not None:
        ana.do("stand")
    assert ana.delta == -1_000 + 1_000


def test_bj_16a_double_on_any_total(client):
    ana = Ana(client, ["5c", "3d"], "6s", "Th", ["Tc", "8h"], double_any_total=True)
    ana.do("double")  # 5 + 3 + T = 18; the banca 6 + T + 8 = 24
    assert ana.delta == 2_000


def test_bj_16b_true_pairs_only(client):
    ana = Ana(client, ["Kc", "Td"], "6s", "Th", true_pairs_only=True)
    assert "split" not in ana.options
    with nothing_recorded(client, [ana.pid]):
        refused(ana.table.decide(ana.h, ana.jid, 1, "split", "x"), field="decision",
                rule="16b")


def test_bj_16c_22_resplit_up_to_the_cap(client):
    """r22: a further card of the same value is split again, up to max_hands (3 here)."""
    ana = Ana(client, ["8c", "8d"], "6s", "Th", ["8h", "Tc", "Td", "Kh", "9c"], max_hands=3)
    ana.do("split")  # hand 0: 8c 8h; hand 1: 8d Tc
    ana.do("split", hand=0)  # hand 0: 8c Td; hand 2: 8h Kh
    assert "split" not in ana.options
    for hand in (0, 1, 2):
        ana.do("stand", hand=hand)
    assert ana.delta == 3_000  # three 18s against the banca's 6 + T + 9 = 25


def test_bj_16d_insurance_switched_off(client):
    ana = Ana(client, ["Tc", "9d"], "As", "7h", insurance=False)
    assert "insurance" not in ana.options
    ana.do("stand")  # 19 against the banca's A + 7 = soft 18
    assert ana.delta == 1_000


def test_bj_16e_25i_special_prize_switched_off(client):
    ana = Ana(client, ["7c", "7d"], "9s", "Th", ["7h"], special_prize=False)
    ana.do("hit")  # three 7s = 21 against 19: 1:1 and no prize
    assert ana.delta == 1_000


# The exceptions, splits, settlement (r18–r25; A47, A50–A53) --------------------------------------
def test_bj_20a_25a_a53_five_cent_natural_wins_eight_cents_at_once(client):
    ana = Ana(client, ["As", "Kd"], "7s", "Th", bet=5, min_bet_cents=5, max_bet_cents=500)
    assert ana.delta == 8  # 3:2 of 5 is 7.5: A53, in the player's favour
    assert ana.table.state()["open_jogada"] is None


def test_bj_25a_ten_euro_natural_against_20_returns_25(client):
    ana = Ana(client, ["As", "Kd"], "Ts", "Th")
    assert ana.delta == 1_500  # €25 back for €10


def test_bj_20b_even_money_for_a_blackjack_against_an_ace(client):
    ana = Ana(client, ["As", "Kd"], "Ac", "9h")
    assert set(ana.options) >= {"even_money", "no_even_money"}
    ana.do("even_money")
    assert ana.delta == 1_000


def test_bj_20c_25b_every_hand_bust_ends_the_jogada(client):
    ana = Ana(client, ["Tc", "6d"], "6s", "Th", ["Kc"])
    ana.do("hit")
    assert ana.delta == -1_000
    assert ana.table.state()["open_jogada"] is None


def test_bj_21_19_a50_split_aces_take_one_card_and_21_is_not_blackjack(client):
    ana = Ana(client, ["Ac", "Ad"], "9s", "Th", ["Kc", "7h"])
    ana.do("split")  # A+K = 21, not a blackjack (r19); A+7 = 18: both stand (r21)
    assert ana.delta == 1_000 - 1_000  # 21 wins 1:1 against 19; 18 loses


def test_bj_23_double_after_a_split(client):
    ana = Ana(client, ["5c", "5d"], "6s", "Th", ["5h", "Kc", "Tc", "9d"])
    ana.do("split")  # hand 0: 5 + 5 = 10; hand 1: 5 + K = 15
    ana.do("double", hand=0)  # + T = 20
    ana.do("stand", hand=1)
    assert ana.delta == 2_000 + 1_000  # the banca: 6 + T + 9 = 25


def test_bj_25i_six_seven_eight_of_hearts_against_20_returns_20_plus_30(client):
    ana = Ana(client, ["6h", "7h"], "Ts", "Qd", ["8h"])
    ana.do("hit")
    assert ana.delta == 1_000 + 3_000


def test_bj_24_a49_an_option_the_balance_cannot_cover_shown_unavailable(client):
    ana = Ana(client, ["5c", "6d"], "9s", "8h", funds=1_000)
    double = ana.options["double"]
    assert double["available"] is False and double["reason"]
    with nothing_recorded(client, [ana.pid]):
        refused(ana.table.decide(ana.h, ana.jid, 1, "double", "x"), field="decision")


# Faults, information, the session (r27–r33) -------------------------------------------------------
def test_bj_27_28_a_system_fault_voids_and_returns_every_bet(client):
    ana = Ana(client, ["Tc", "6d"], "9s", "8h")
    r = client.post(f"{ana.table.url}/interruptions", headers=OPERATOR,
                    json={"reason": "dealer server crashed"})
    assert r.status_code == 200, r.text
    assert ana.delta == 0
    assert statement(client, ana.sid, ana.h)["refunded_cents"] == 1_000


def test_bj_29_30_a_lost_connection_never_voids(client):
    ana = Ana(client, ["Tc", "9d"], "9s", "8h")
    r = client.post(f"{ana.table.url}/connection-lost", headers=OPERATOR,
                    json={"player_id": ana.pid})
    assert r.status_code == 200, r.text
    ana.do("stand")  # the hand waited for her (903-B 6.3.2); 19 against 17
    assert ana.delta == 1_000


def test_bj_31_32_33_last_jogada_rules_page_and_statement(client):
    ana = Ana(client, ["Tc", "9d"], "9s", "8h")
    rules = ana.table.rules(ana.h)  # r32, 903-B 6.1.6(9)
    assert "largest" in str(rules) and "min_bet_cents" in str(rules)
    ana.do("stand")
    last = client.get(f"/blackjack/players/{ana.pid}/last-jogada", headers=ana.h)
    assert last.status_code == 200, last.text
    assert last.json()["jogada_id"] == ana.jid  # r31
    st = end_session(client, ana.sid, ana.h)  # r33
    assert (st["wagered_cents"], st["won_cents"], st["net_cents"]) == (1_000, 2_000, 1_000)
    assert_conserved(client, [ana.pid], FUNDS)
