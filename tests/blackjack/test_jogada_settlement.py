"""Blackjack settlement through the ledger, with forced shoes (Reg. 805/2015 r8a-ii, r17,
r18, r20, r25; A46, A47, A51–A53): the worked examples of the issue (rules-digest-2 §1.7) and
the money of each (every return on the session's statement, every cent conserved)."""

from __future__ import annotations

from tests.blackjack.support import (
    DEPOSIT_CENTS,
    assert_money_conserved,
    balances,
    bj_rule,
    decide,
    every,
    house,
    individual_config,
    names,
    only,
    play_individual,
    setup_table,
    shoe,
    statement,
    table_events,
)


def _settled(cert, table, jogada_id, hand=0):
    events = table_events(cert, table, jogada_id)
    return [e for e in every(events, "HandSettled") if e.hand == hand][0], events


def test_bj_8a_a46_ace_doubled_on_as_one_stays_one(cert):
    """r8a-ii, A46: A♠ 8♦ doubled (on 9), a 2♣ drawn: the total is 11, not 21."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "8d"]], "5c", "Kh", ["2c", "Ts"]))
    decide(cert, table, jid, player, "double")
    events = table_events(cert, table, jid)
    doubled = only(events, "BetDoubled")
    assert (doubled.card, doubled.total, doubled.ace_fixed) == ("2c", 11, True)
    assert (doubled.added_cents, doubled.stake_cents) == (1_000, 2_000)
    settled = only(events, "HandSettled")
    assert (settled.total, settled.result) == (11, "won")  # the banca 5+K+T busts (r25d)
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + 2_000, 0)]
    assert_money_conserved(cert)


def test_bj_25a_natural_against_20_returns_25(cert):
    """r25a, A47: a €10 natural against an up ten waits for the reveal (no peek); against 20
    it returns €25 (3:2)."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Kd"]], "Kc", "Qh"))
    settled, events = _settled(cert, table, jid)
    assert only(events, "PlayerStood").reason == "twenty_one"
    assert (settled.result, settled.returned_cents, settled.won_cents) == ("blackjack", 1_000,
                                                                          1_500)
    assert names(events)[-4:] == ["BancaStood", "HandSettled", "JogadaSettled", "RngRevealed"]
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + 1_500, 0)]
    assert house(cert) == -1_500
    lines = statement(cert, player)
    assert (lines["wagered_cents"], lines["won_cents"], lines["net_cents"]) == (1_000, 2_500, 1_500)
    assert_money_conserved(cert)


def test_bj_25f_insurance_against_banca_blackjack_returns_15(cert):
    """r25f, r18, A47, A51: €5 insurance on a €10 bet, the banca has blackjack: the insurance
    returns €15 and the €10 bet is lost."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["9s", "7d"]], "Ac", "Kh"))
    decide(cert, table, jid, player, "insurance", amount_cents=500)
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 1_500)]
    decide(cert, table, jid, player, "stand")
    events = table_events(cert, table, jid)
    assert "OffersClosed" in names(events)
    insured = only(events, "InsuranceSettled")
    assert (insured.result, insured.returned_cents, insured.won_cents) == ("won", 500, 1_000)
    settled = only(events, "HandSettled")
    assert (settled.result, settled.lost_cents) == ("lost", 1_000)
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 0)]
    assert_money_conserved(cert)


def test_bj_25i_a52_suited_678_against_20_returns_20_and_30(cert):
    """r25i, A52: 6♥ 7♥ 8♥ against 20: €20 for the win plus the €30 prize."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["6h", "7h"]], "Ks", "Qd", ["8h"]))
    decide(cert, table, jid, player, "hit")
    settled, events = _settled(cert, table, jid)
    assert (settled.result, settled.returned_cents, settled.won_cents, settled.prize_cents) == \
        ("won", 1_000, 1_000, 3_000)
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + 4_000, 0)]
    assert_money_conserved(cert)


def test_bj_18_25i_three_sevens_against_banca_blackjack(cert):
    """r18, r25i, A52: three 7s against a banca blackjack lose the €10 and earn the €30
    prize."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["7c", "7d"]], "Ah", "Kh", ["7s"]))
    decide(cert, table, jid, player, "no_insurance")
    decide(cert, table, jid, player, "hit")
    settled, events = _settled(cert, table, jid)
    assert (settled.result, settled.lost_cents, settled.prize_cents) == ("lost", 1_000, 3_000)
    assert only(events, "InsuranceDeclined").reason == "player"
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + 2_000, 0)]
    assert_money_conserved(cert)


def test_bj_20a_a53_five_cent_natural_paid_at_once_wins_8(cert):
    """r20a, A53: a €0.05 natural against an up card of 2–9 is paid at once and wins €0.08;
    r20c: everyone out, the hole card is still revealed and the banca draws nothing."""
    table, (player,) = setup_table(cert, individual_config(min_bet_cents=5, max_bet_cents=500))
    jid = play_individual(cert, table, player, shoe([["Ad", "Jc"]], "6s", "5h", ["Kd"]), 5)
    settled, events = _settled(cert, table, jid)
    assert (settled.result, settled.won_cents, settled.rule) == \
        ("blackjack", 8, bj_rule("20a", "25a") + ", A53")
    assert names(events)[names(events).index("CardsDealt") + 1] == "HandSettled"
    assert "TurnStarted" not in names(events) and "BancaDrew" not in names(events)
    revealed = only(events, "HoleCardRevealed")
    assert revealed.rule == bj_rule("20c") + ", A47"
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + 8, 0)]
    assert_money_conserved(cert)


def test_bj_15e_a53_five_cent_surrender_returns_3(cert):
    """r15e, A48, A53: surrender against an up ten (no peek) returns the larger half."""
    table, (player,) = setup_table(cert, individual_config(min_bet_cents=5, max_bet_cents=500))
    jid = play_individual(cert, table, player, shoe([["Ts", "6d"]], "Tc", "9h"), 5)
    decide(cert, table, jid, player, "surrender")
    settled, events = _settled(cert, table, jid)
    assert (settled.result, settled.returned_cents, settled.lost_cents) == ("surrendered", 3, 2)
    assert "BancaDrew" not in names(events)  # r20c
    assert balances(cert, [player]) == [(DEPOSIT_CENTS - 2, 0)]
    assert_money_conserved(cert)


def test_bj_25b_bust_settled_at_once(cert):
    """r25b: over 21 loses at once, before the banca plays (which then busts too)."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Ts", "6d"]], "6c", "Th", ["Kh"]))
    decide(cert, table, jid, player, "hit")
    settled, events = _settled(cert, table, jid)
    assert (settled.result, settled.rule) == ("bust", bj_rule("25b"))
    assert names(events).index("HandSettled") < names(events).index("HoleCardRevealed")
    assert "BancaDrew" not in names(events)  # r20c: everyone out
    assert balances(cert, [player]) == [(DEPOSIT_CENTS - 1_000, 0)]
    assert_money_conserved(cert)


def test_bj_17_banca_stands_on_soft_17_and_draws_on_16(cert):
    """r17, r8a-i: the banca stands on A+6 (push with 17, r25h) and draws on 10+6."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Ts", "7d"]], "Ac", "6h"))
    decide(cert, table, jid, player, "no_insurance")
    decide(cert, table, jid, player, "stand")
    settled, events = _settled(cert, table, jid)
    assert only(events, "BancaStood").total == 17 and "BancaDrew" not in names(events)
    assert settled.result == "push"
    jid = play_individual(cert, table, player, shoe([["Ts", "8d"]], "Tc", "6h", ["2s"]))
    decide(cert, table, jid, player, "stand")
    settled, events = _settled(cert, table, jid)
    drew = only(events, "BancaDrew")
    assert (drew.card, drew.total) == ("2s", 18)
    assert settled.result == "push"
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 0)]
    assert_money_conserved(cert)


def test_bj_20b_a51_even_money_paid_at_once(cert):
    """r20b, A51: a blackjack against an up ace is offered even money: 1:1 at once, the hand
    closed; the banca's blackjack then changes nothing."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Qd"]], "Ac", "Kh"))
    decide(cert, table, jid, player, "even_money")
    settled, events = _settled(cert, table, jid)
    assert (settled.result, settled.won_cents) == ("even_money", 1_000)
    assert names(events).index("HandSettled") < names(events).index("OffersClosed")
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + 1_000, 0)]
    assert_money_conserved(cert)


def test_bj_25a_25h_declined_even_money_pushes_against_banca_blackjack(cert):
    """A51, r25a: even money declined, the banca's blackjack makes a push."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Qd"]], "Ac", "Kh"))
    decide(cert, table, jid, player, "no_even_money")
    settled, events = _settled(cert, table, jid)
    assert settled.result == "push"
    assert only(events, "EvenMoneyDeclined").reason == "player"
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 0)]


def test_bj_21_a47_split_stakes_lost_in_full_to_banca_blackjack(cert):
    """r21, A47, r18: a split against an up ten; the banca's blackjack takes both stakes."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player,
                          shoe([["8s", "8d"]], "Tc", "Ah", ["3c", "9d", "Kd"]))
    decide(cert, table, jid, player, "split")
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 2_000)]
    split = only(table_events(cert, table, jid), "HandSplit")
    assert split.cards == {"0": ["8s", "3c"], "1": ["8d", "9d"]}
    decide(cert, table, jid, player, "double", hand=0)  # r23: 11 after a split
    decide(cert, table, jid, player, "stand", hand=1)
    events = table_events(cert, table, jid)
    results = [(e.hand, e.result, e.lost_cents) for e in every(events, "HandSettled")]
    assert results == [(0, "lost", 2_000), (1, "lost", 1_000)]
    assert balances(cert, [player]) == [(DEPOSIT_CENTS - 3_000, 0)]
    assert_money_conserved(cert)
