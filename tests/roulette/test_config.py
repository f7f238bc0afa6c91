"""Wheel configuration (807 r4, r8, r11–r13, r16, r17, r32, r33; A56, A57, A59; 903-B
6.1.4): a configuration outside the text is refused naming the field and the rule (422 alone,
409 when values are refused together); the defaults."""

from __future__ import annotations

import pytest

from domain.games.roulette.config import check_wheel_config
from domain.kernel.errors import InvalidInputError, RuleViolationError


def cfg(**over):
    return {"kind": "multi", "min_cents": 100, **over}


def test_rf_11_12_defaults_each_chance_maximum_is_its_full_multiple():
    c = check_wheel_config(cfg())
    assert c.minimums["pleno"] == 100 and c.maximums["pleno"] == 3000
    assert c.maximums["simples"] == 54000 and c.maximums["cavalo_de_duzia"] == 72000
    assert c.betting_seconds == 15 and c.results_shown == 10  # r16; A56
    assert c.call_bet_breakdown == "plenos" and c.two_dozen_column  # A59; r13


def test_a57_rf_11_maximum_follows_that_chances_own_minimum():
    c = check_wheel_config(cfg(minimums={"pleno": 200}, maximums={"pleno": 6000}))
    assert (c.minimums["pleno"], c.maximums["pleno"]) == (200, 6000)
    with pytest.raises(RuleViolationError) as info:
        check_wheel_config(cfg(minimums={"pleno": 200}, maximums={"pleno": 6001}))
    assert (info.value.field, info.value.rule) == ("maximums.pleno",
                                                   "roleta francesa rule 12, A57")


@pytest.mark.parametrize("over, field, rule", [
    ({"kind": "tournament"}, "kind", "roleta francesa rule 4"),
    ({"min_cents": 0}, "min_cents", "roleta francesa rule 11"),
    ({"min_cents": 1.5}, "min_cents", "roleta francesa rule 11"),
    ({"minimums": {"transversale": 100}}, "minimums.transversale", "roleta francesa rule 11"),
    ({"maximums": {"pleno": -1}}, "maximums.pleno", "roleta francesa rule 12"),
    ({"two_dozen_column": "no"}, "two_dozen_column", "roleta francesa rule 13"),
    ({"player_total_max_cents": 0}, "player_total_max_cents", "roleta francesa rule 13"),
    ({"call_bets": ["voisins_du_zero", "jeu_zero"]}, "call_bets", "roleta francesa rule 8"),
    ({"call_bet_breakdown": "mine"}, "call_bet_breakdown", "A59"),
    ({"results_shown": 1}, "results_shown", "roleta francesa rule 6e, A56"),
    ({"betting_seconds": 2}, "betting_seconds", "903-B 6.1.4; roleta francesa rule 16"),
    ({"demo": True}, "demo", "roleta francesa rules 32, 33"),
])
def test_rf_4_8_11_13_16_32_33_configuration_outside_the_text_refused(over, field, rule):
    with pytest.raises(InvalidInputError) as info:
        check_wheel_config(cfg(**over))
    assert (info.value.field, info.value.rule) == (field, rule)


@pytest.mark.parametrize("over, field, rule", [
    ({"maximums": {"simples": 54001}}, "maximums.simples", "roleta francesa rule 12, A57"),
    ({"maximums": {"linha": 99}}, "maximums.linha", "roleta francesa rules 11, 12"),
    ({"kind": "individual", "betting_seconds": 10}, "betting_seconds",
     "roleta francesa rule 17"),
    ({"player_total_max_cents": 99}, "player_total_max_cents", "roleta francesa rules 11, 13"),
])
def test_rf_12_13_17_values_refused_together_are_a_conflict(over, field, rule):
    with pytest.raises(RuleViolationError) as info:
        check_wheel_config(cfg(**over))
    assert (info.value.field, info.value.rule) == (field, rule)


def test_unknown_field_refused():
    with pytest.raises(InvalidInputError) as info:
        check_wheel_config(cfg(la_partage=True))
    assert info.value.field == "la_partage"


def test_rf_17_individual_wheel_has_no_betting_window():
    assert check_wheel_config(cfg(kind="individual")).betting_seconds is None
