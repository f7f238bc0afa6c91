"""Hold'em and Omaha tables: configuration inside the regulation's bands (rules 4, 5, 8, 14,
17, 22–24, 38, 43, 44, 70b; A24, A27, A28) and what the table shows (rules 4d–e, 13, 66)."""

from __future__ import annotations

import pytest

from domain.games.community_poker.config import check_table_config
from domain.kernel.errors import InvalidInputError, RuleViolationError
from tests.holdem.client import config, new_table
from tests.refusals import check_error


@pytest.mark.parametrize("variant,tag", [("holdem", "hold'em"), ("omaha", "Omaha")])
@pytest.mark.parametrize("seats", [1, 11])
def test_he_4_5_om_4_5_tables_have_2_to_10_seats(variant, tag, seats):
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(seats=seats), variant)
    check_error(info.value, field="seats", rule=f"{tag} rules 4a, 5")


@pytest.mark.parametrize("mode,percent,ok", [("pot", 99, False), ("pot", 100, True),
                                             ("pot", 500, True), ("pot", 501, False),
                                             ("buy_in", 499, False), ("buy_in", 500, True),
                                             ("buy_in", 2_000, True), ("buy_in", 2_001, False)])
def test_he_16_17_om_16_17_commission_one_mode_inside_its_band(mode, percent, ok):
    made = config(commission={"mode": mode, "percent_bp": percent})
    if ok:
        assert check_table_config(made, "holdem")["commission"]["percent_bp"] == percent
        return
    with pytest.raises(RuleViolationError) as info:
        check_table_config(made, "omaha")
    rule = "Omaha rule 17a" if mode == "pot" else "Omaha rule 17b"
    check_error(info.value, code="outside_band", field="commission.percent_bp", rule=rule)


@pytest.mark.parametrize("variant,tag", [("holdem", "hold'em"), ("omaha", "Omaha")])
def test_he_20_21_22_om_20_21_22_the_big_blind_is_the_table_minimum_small_blind_below(
        variant, tag):
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(small_blind_cents=150), variant)
    check_error(info.value, field="small_blind_cents", rule=f"{tag} rule 22")


@pytest.mark.parametrize("variant", ["holdem", "omaha"])
def test_he_13_14_15_om_13_14_15_buy_in_and_rebuy_in_cents_at_least_the_table_minimum(variant):
    for field in ("buy_in_cents", "rebuy_cents"):
        with pytest.raises(RuleViolationError) as info:
            check_table_config(config(**{field: 99}), variant)
        assert info.value.field == field and "rule 15" in info.value.rule


@pytest.mark.parametrize("variant,tag", [("holdem", "hold'em"), ("omaha", "Omaha")])
def test_he_23_24a_om_23_24a_limit_bets_at_least_the_table_minimum_at_limit_tables_only(
        variant, tag):
    with pytest.raises(InvalidInputError) as info:
        check_table_config(config(small_bet_cents=200), variant)
    check_error(info.value, field="small_bet_cents", rule=f"{tag} rule 24a")
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(structure="limit", small_bet_cents=50), variant)
    assert info.value.field == "small_bet_cents" and "rule 23" in info.value.rule


def test_he_24_the_structure_is_limit_pot_limit_or_no_limit():
    with pytest.raises(InvalidInputError) as info:
        check_table_config(config(structure="spread"), "holdem")
    check_error(info.value, field="structure", rule="hold'em rule 24")


@pytest.mark.parametrize("variant,tag", [("holdem", "hold'em"), ("omaha", "Omaha")])
def test_he_38_om_38_a_cap_on_raises_is_a_positive_number(variant, tag):
    assert check_table_config(config(raise_cap=3), variant)["raise_cap"] == 3
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(raise_cap=0), variant)
    check_error(info.value, field="raise_cap", rule=f"{tag} rule 38")


def test_he_43_903b_6_1_4_the_decision_time_is_at_least_3_seconds():
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(decision_seconds=2), "holdem")
    check_error(info.value, field="decision_seconds", rule="903-B 6.1.4; hold'em rule 43")


def test_he_70b_the_idle_jogadas_threshold_is_at_most_5():
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(idle_jogadas=6), "holdem")
    check_error(info.value, field="idle_jogadas", rule="hold'em rule 70b")


def test_he_a24_a_cap_belongs_to_the_pot_commission_only():
    with pytest.raises(InvalidInputError) as info:
        check_table_config(config(commission={"mode": "buy_in", "percent_bp": 1_000,
                                              "cap_cents": 100}), "holdem")
    check_error(info.value, field="commission.cap_cents", rule="A24")


def test_he_6_a25_a_session_mode_table_needs_its_period():
    with pytest.raises(InvalidInputError) as info:
        check_table_config(config(mode="session"), "holdem")
    assert info.value.field == "session_starts_at"


def test_he_unknown_configuration_fields_are_refused_by_name():
    with pytest.raises(InvalidInputError) as info:
        check_table_config(config(jackpot={}), "holdem")
    check_error(info.value, code="unknown_field", field="jackpot")


def test_he_4d_4e_13_66_the_table_shows_its_rules_and_every_cave_in_cents(ledger):
    table = new_table(ledger)
    table.seat_new(2)
    shown = table.describe()
    assert shown["config"]["big_blind_cents"] == 100 and shown["config"]["variant"] == "holdem"
    assert shown["seats"] == {"2": {"cave_cents": 10_000, "leaving": False}}  # no ids
    staff = table.describe(staff=True)
    assert staff["seats"]["2"]["player_id"] == str(table.players[0].player_id)


def test_he_25_om_25_a_player_sees_its_own_hole_cards_only(ledger):
    for game, count in (("holdem", 2), ("omaha", 4)):
        table = new_table(ledger, game)
        a, b = table.seat_new(1), table.seat_new(2)
        table.start()
        mine = table.describe(a)
        assert len(mine["your_cards"]) == count
        assert "your_cards" not in table.describe() and "hole" not in str(table.describe())
        assert table.describe(b)["your_cards"] != mine["your_cards"]
