"""Blackjack decisions through the ledger (Reg. 805/2015 r15, r16, r21–r24; A46–A51): each
open only when the rules allow it, refused otherwise with a 4xx naming the rule and nothing
recorded, no money moved; the options shown at each turn with their cost (r24, A49)."""

from __future__ import annotations

import pytest

from domain.kernel.errors import ConflictError, ForbiddenError, RuleViolationError
from tests.blackjack import client as bj
from tests.blackjack.conftest import refused
from tests.blackjack.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    balances,
    bet,
    bj_rule,
    decide,
    every,
    individual_config,
    multi_config,
    names,
    only,
    play_individual,
    setup_table,
    shoe,
    table_events,
)


def _options(event):
    return {o["decision"]: o for o in event.options}


def test_bj_15c_stand_refused_on_hard_11_accepted_on_12(cert):
    """r15a, r15c, A46: stand only over 11; at 12 it is accepted."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["6s", "5d"]], "7c", "Th", ["As", "Ts"]))
    with refused(cert, RuleViolationError, players=[player], code="decision_not_allowed",
                 field="decision", rule=bj_rule("15c")):
        decide(cert, table, jid, player, "stand")
    decide(cert, table, jid, player, "hit")  # 6+5+A = 12 (A46: the best total)
    turns = every(table_events(cert, table, jid), "TurnStarted")
    assert "stand" not in _options(turns[0]) and "stand" in _options(turns[1])
    decide(cert, table, jid, player, "stand")
    assert only(table_events(cert, table, jid), "PlayerStood").total == 12
    assert_money_conserved(cert)


def test_bj_15d_hit_on_21_refused(cert):
    """r15d: no card once the hand is at 21 (it stands by itself); a split hand's turn then
    passes to the next hand."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player,
                          shoe([["8s", "8d"]], "7c", "Th", ["3c", "Kd", "Tc"]))
    decide(cert, table, jid, player, "split")
    decide(cert, table, jid, player, "hit", hand=0)  # 8+3+T = 21
    stood = only(table_events(cert, table, jid), "PlayerStood")
    assert (stood.hand, stood.reason) == (0, "twenty_one")
    with refused(cert, RuleViolationError, players=[player], rule=bj_rule("15d")):
        decide(cert, table, jid, player, "hit", hand=0)


def test_bj_15b_16a_double_on_8_refused_unless_any_total(cert):
    """r15b: double only on 9, 10 or 11; r16a: on any two-card total where the table says."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["5s", "3d"]], "7c", "Th", ["Ts"]))
    with refused(cert, RuleViolationError, players=[player], code="decision_not_allowed",
                 rule=bj_rule("15b", "16a", 23)):
        decide(cert, table, jid, player, "double")
    any_total, (other,) = setup_table(cert, individual_config(double_any_total=True))
    jid = play_individual(cert, any_total, other, shoe([["5s", "3d"]], "7c", "Th", ["Ts"]))
    decide(cert, any_total, jid, other, "double")
    assert only(table_events(cert, any_total, jid), "BetDoubled").total == 18
    assert balances(cert, [other]) == [(DEPOSIT_CENTS + 2_000, 0)]  # 18 beats 17


def test_bj_21_split_of_unequal_cards_refused(cert):
    """r21: split only two cards of the same value (K and T qualify); r16b: true pairs only."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["9s", "7d"]], "7c", "Th"))
    with refused(cert, RuleViolationError, players=[player], rule=bj_rule(21, 22, "16b", "16c")):
        decide(cert, table, jid, player, "split")
    pairs, (other,) = setup_table(cert, individual_config(true_pairs_only=True))
    jid = play_individual(cert, pairs, other, shoe([["Ks", "Td"]], "7c", "Th"))
    turn = only(table_events(cert, pairs, jid), "TurnStarted")
    assert "split" not in _options(turn)
    with refused(cert, RuleViolationError, players=[other]):
        decide(cert, pairs, jid, other, "split")


def test_bj_16c_a50_split_past_the_cap_refused(cert):
    """r16c, A50: at most max_hands hands per seat."""
    table, (player,) = setup_table(cert, individual_config(max_hands=2))
    jid = play_individual(cert, table, player, shoe([["8s", "8d"]], "7c", "Th",
                                                      ["8c", "9d", "Tc"]))
    decide(cert, table, jid, player, "split")
    with refused(cert, RuleViolationError, players=[player], code="decision_not_allowed"):
        decide(cert, table, jid, player, "split", hand=0)


def test_bj_21_a50_split_aces_take_one_card_each(cert):
    """r21, A50: split aces get one card each and stand; A+K after a split is 21, not a
    blackjack (r19): it pays 1:1."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Ad"]], "7c", "Th", ["Kc", "5d"]))
    decide(cert, table, jid, player, "split")
    events = table_events(cert, table, jid)
    assert only(events, "HandSplit").split_aces is True
    stood = every(events, "PlayerStood")
    assert [(s.hand, s.reason) for s in stood] == [(0, "twenty_one"), (1, "split_aces")]
    results = [(e.hand, e.result, e.won_cents) for e in every(events, "HandSettled")]
    assert results == [(0, "won", 1_000), (1, "lost", 0)]
    assert_money_conserved(cert)


def test_bj_15e_a48_surrender_after_a_hit_or_against_an_ace_refused(cert):
    """A48: surrender only as the first decision on the two cards dealt, never against an
    ace."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["9s", "3d"]], "Tc", "8h", ["2c"]))
    decide(cert, table, jid, player, "hit")
    with refused(cert, RuleViolationError, players=[player], rule=bj_rule("15e") + ", A48"):
        decide(cert, table, jid, player, "surrender")
    decide(cert, table, jid, player, "stand")
    jid = play_individual(cert, table, player, shoe([["9s", "6d"]], "Ac", "8h"))
    decide(cert, table, jid, player, "no_insurance")
    with refused(cert, RuleViolationError, players=[player], rule=bj_rule("15e") + ", A48"):
        decide(cert, table, jid, player, "surrender")


def test_bj_15f_a53_insurance_over_half_the_bet_refused(cert):
    """r15f, A53: insurance is 1 cent to half the initial bet (rounded down)."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["9s", "6d"]], "Ac", "8h"), 1_001)
    with refused(cert, RuleViolationError, players=[player], code="insurance_out_of_range",
                 field="amount_cents", rule=bj_rule("15f") + ", A53"):
        decide(cert, table, jid, player, "insurance", amount_cents=501)
    decide(cert, table, jid, player, "insurance", amount_cents=500)
    assert only(table_events(cert, table, jid), "InsuranceTaken").amount_cents == 500


def test_bj_a51_offers_first_then_play(cert):
    """A51: against an up ace, the offers first (no play decision before them); insurance is
    offered only to a hand without blackjack; once closed, no more."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["9s", "6d"]], "Ac", "8h"))
    dealt = only(table_events(cert, table, jid), "CardsDealt")
    assert dealt.phase == "offers"
    with refused(cert, ConflictError, players=[player], code="offers_open"):
        decide(cert, table, jid, player, "hit")
    with refused(cert, RuleViolationError, players=[player], code="decision_not_allowed"):
        decide(cert, table, jid, player, "even_money")
    decide(cert, table, jid, player, "no_insurance")
    with refused(cert, ConflictError, players=[player], code="offers_closed"):
        decide(cert, table, jid, player, "insurance", amount_cents=100)


def test_bj_24_a49_options_listed_with_cost_and_unavailable_when_not_covered(cert):
    """r24, A49: each turn lists the options with their cost; a double the balance cannot
    cover is listed unavailable with the reason, and refused."""
    table, (player,) = setup_table(cert, individual_config(), deposit_cents=1_500)
    jid = play_individual(cert, table, player, shoe([["6s", "5d"]], "7c", "Th", ["9s"]))
    turn = only(table_events(cert, table, jid), "TurnStarted")
    options = _options(turn)
    assert set(options) == {"hit", "double", "surrender"}
    assert (options["double"]["cost_cents"], options["double"]["available"]) == (1_000, False)
    assert "balance" in options["double"]["reason"]
    assert turn.decision_deadline is None  # 903-B 6.3.2: an individual hand waits
    view = bj.view(cert, table_id=table["table_id"], player_id=player.player_id)
    assert {o["decision"]: o["available"] for o in view["options"]}["double"] is False
    with refused(cert, RuleViolationError, players=[player], code="insufficient_funds"):
        decide(cert, table, jid, player, "double")


def test_bj_6_acting_for_another_players_seat_refused(cert, clock):
    """r6: a player decides only for its own seats."""
    table, (ana, rui) = setup_table(cert, multi_config(seats=3), 2)
    placed = bet(cert, table, ana, 1_000)
    bet(cert, table, rui, 1_000)
    bj.set_forced_shoe(cert, table_id=table["table_id"], actor=OPERATOR,
                       forced_shoe=shoe([["9s", "6d"], ["Ts", "3c"]], "7c", "Th",
                                        ["2c", "2d", "2h", "2s"]))
    clock.advance(11)
    assert bj.tick(cert, table["table_id"]) == ["dealt"]
    jid = placed["jogada_id"]
    with refused(cert, ForbiddenError, players=[ana, rui], field="seat"):
        decide(cert, table, jid, rui, "hit", seat=ana.seat)
    with refused(cert, ConflictError, players=[ana, rui], code="not_your_turn"):
        decide(cert, table, jid, rui, "hit")
    decide(cert, table, jid, ana, "stand")
    decide(cert, table, jid, rui, "hit")
    turns = every(table_events(cert, table, jid), "TurnStarted")
    assert [(t.seat, t.hand) for t in turns] == [("1", 0), ("2", 0), ("2", 0)]
    assert turns[0].decision_deadline is not None  # a multi table's turn runs a clock


@pytest.mark.parametrize("decision", ["hit", "stand"])
def test_bj_decision_idempotent_by_key(cert, decision):
    """A decision sent again with its key answers the same and records nothing."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Ts", "3d"]], "7c", "Th", ["2c", "5s"]))
    first = decide(cert, table, jid, player, decision, key="k1")
    count = len(table_events(cert, table))
    assert decide(cert, table, jid, player, decision, key="k1") == first
    assert len(table_events(cert, table)) == count
    assert names(table_events(cert, table, jid))[0] == "JogadaOpened"
