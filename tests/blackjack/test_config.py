"""Blackjack table configuration (Reg. 805/2015 r4, r5, r7, r9–r13, r16; A50; 903-B
6.1.4): a configuration outside the text is refused naming the field and the rule; the
defaults; a table opened through the ledger records nothing when refused."""

from __future__ import annotations

import pytest

from domain.games.blackjack.config import check_bet, check_settings, check_table_config
from domain.kernel.errors import InvalidInputError, RuleViolationError
from tests.blackjack import client as bj
from tests.blackjack.support import OPERATOR, individual_config, multi_config, new_table
from tests.refusals import refused


@pytest.mark.parametrize("override, field, rule", [
    ({"kind": "tournament"}, "kind", "blackjack rule 5"),
    ({"decks": 5}, "decks", "blackjack rule 4b"),
    ({"decks": True}, "decks", "blackjack rule 4b"),
    ({"seats": 8}, "seats", "blackjack rule 4a"),
    ({"seats": 0}, "seats", "blackjack rule 4a"),
    ({"min_bet_cents": 0}, "min_bet_cents", "blackjack rule 10"),
    ({"max_hands": 0}, "max_hands", "blackjack rule 16c, A50"),
    ({"max_hands": 9}, "max_hands", "blackjack rule 16c, A50"),
    ({"insurance": "yes"}, "insurance", "blackjack rule 16d"),
    ({"double_any_total": 1}, "double_any_total", "blackjack rule 16a"),
    ({"results_shown": 1}, "results_shown", "blackjack rule 4c"),
    ({"decision_seconds": 2}, "decision_seconds", "903-B 6.1.4; A55"),
])
def test_bj_4_5_16_configuration_outside_the_text_refused(override, field, rule):
    """r4a, r4b, r5, r16, A50, 903-B 6.1.4: a value outside the text, alone (422)."""
    with pytest.raises(InvalidInputError) as info:
        check_table_config(individual_config(**override))
    assert (info.value.field, info.value.rule) == (field, rule)


@pytest.mark.parametrize("override, field, rule", [
    ({"max_bet_cents": 100 * 100 + 1}, "max_bet_cents", "blackjack rule 11"),
    ({"max_bet_cents": 99}, "max_bet_cents", "blackjack rules 9, 10"),
    ({"betting_seconds": 10}, "betting_seconds", "blackjack rule 13"),
    ({"seats": 3}, "seats", "blackjack rules 5, 7"),
])
def test_bj_7_9_11_13_values_refused_together(override, field, rule):
    """r9–r11, r13, r5/r7: values well formed alone that the rule refuses together (409, as
    every game's rule that weighs one value against another)."""
    with pytest.raises(RuleViolationError) as info:
        check_table_config(individual_config(**override))
    assert (info.value.field, info.value.rule) == (field, rule)


def test_bj_11_max_of_exactly_100_times_min_accepted_and_defaults():
    """r11: max = 100 × min is accepted; the r16 options' defaults (A50: 4 hands), r4c: 10
    results shown, a multi table's window 15 s (r12)."""
    config = check_table_config(multi_config(min_bet_cents=100, max_bet_cents=10_000,
                                             betting_seconds=None, decision_seconds=None))
    assert (config.max_hands, config.insurance, config.special_prize,
            config.double_any_total, config.true_pairs_only, config.multi_seat) == \
        (4, True, True, False, False, False)
    assert (config.results_shown, config.betting_seconds, config.decision_seconds) == (10, 15, 20)


def test_903b_6_1_4_betting_window_at_least_3_seconds():
    with pytest.raises(InvalidInputError) as info:
        check_table_config(multi_config(betting_seconds=2))
    assert (info.value.field, info.value.rule) == ("betting_seconds",
                                                   "903-B 6.1.4; blackjack rule 12")


def test_bj_config_unknown_or_missing_field_refused():
    with pytest.raises(InvalidInputError) as info:
        check_table_config(individual_config(peek=True))
    assert (info.value.field, info.value.code) == ("peek", "unknown_field")
    with pytest.raises(InvalidInputError) as info:
        check_table_config({"kind": "individual", "decks": 6, "min_bet_cents": 100})
    assert (info.value.field, info.value.code) == ("max_bet_cents", "missing_field")


def test_bj_9_check_bet_limits():
    config = check_table_config(individual_config(min_bet_cents=200, max_bet_cents=2_000))
    assert check_bet(config, 200) == 200 and check_bet(config, 2_000) == 2_000
    for amount in (199, 2_001):
        with pytest.raises(RuleViolationError) as info:
            check_bet(config, amount)
        assert info.value.code == "bet_out_of_range"


def test_bj_5_rule_set_cannot_change_the_kind(ledger):
    """903-B 6.1.5, r5: a rule set of a table keeps its kind."""
    table = new_table(ledger, individual_config())

    class Recorded:
        config_data = table["config"]

    clean, _ = check_settings(individual_config(decks=8), Recorded)
    assert clean["decks"] == 8
    with pytest.raises(RuleViolationError) as info:
        check_settings(multi_config(), Recorded)
    assert info.value.rule == "blackjack rule 5"


def test_bj_11_create_table_refused_records_nothing(ledger):
    """A refused configuration through the ledger: 4xx, nothing recorded."""
    with refused(ledger, RuleViolationError, field="max_bet_cents", rule="blackjack rule 11"):
        bj.create_table(ledger, name="mesa", config=individual_config(max_bet_cents=10_001),
                        actor=OPERATOR)
    table = new_table(ledger, multi_config(seats=7, multi_seat=True))
    assert table["config"]["seats"] == 7 and table["game"] == "blackjack_multi"
    assert table["status"] == "no_jogada" and table["recent_results"] == []
