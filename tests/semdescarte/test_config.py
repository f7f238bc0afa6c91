"""Table configuration of póquer sem descarte (Reg. 803/2015 rules 4–6, 14–18, 21, 31; 903-B
6.1.4; Portaria 461/2001 r3, r8, r10; A7, A8, A11)."""

import pytest

from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.games.semdescarte import config as cfg
from domain.games.semdescarte.config import (
    INDIVIDUAL,
    MULTI,
    JackpotConfig,
    TableConfig,
    check_ante,
    check_jackpot_bet,
    check_table_config,
    hold_for_ante,
)


def multi(**overrides):
    data = {"kind": MULTI, "seats": 7, "min_ante_cents": 100, "max_ante_cents": 2_500,
            "decision_seconds": 15, "extra_seconds": 10, "betting_seconds": 20}
    data.update(overrides)
    return data


def individual(**overrides):
    data = {"kind": INDIVIDUAL, "seats": 1, "min_ante_cents": 100, "max_ante_cents": 2_500,
            "decision_seconds": 15, "extra_seconds": 10}
    data.update(overrides)
    return data


JACKPOT = {"stake_cents": 100, "contribution_bp": 7_000, "starting_value_cents": 1_000_000}


def refused(data, field, rule=None, error_class=InvalidInputError):
    """InvalidInputError (422) for a malformed value; RuleViolationError (409) for values
    refused together by a rule (rules 16, 18; Portaria r10)."""
    with pytest.raises(error_class) as error:
        check_table_config(data)
    assert error.value.field == field
    if rule is not None:
        assert error.value.rule == rule
    return error.value


def test_sd_4_6a_a_valid_multi_player_table_round_trips_for_events():
    """Rules 4, 6a: a multi-player table of 7 seats; to_dict/from_dict give it back."""
    config = check_table_config(multi(jackpot=JACKPOT))
    assert config == TableConfig(MULTI, 7, 100, 2_500, 15, 10, 20, JackpotConfig(100, 7_000,
                                                                                   1_000_000))
    assert TableConfig.from_dict(config.to_dict()) == config
    assert check_table_config(config.to_dict()) == config


def test_sd_15_individual_table_has_one_seat_no_betting_window_and_defaults():
    """Rules 4, 15: an individual table has one seat and the player starts the deal."""
    data = individual()
    del data["seats"]
    config = check_table_config(data)
    assert (config.seats, config.betting_seconds, config.jackpot) == (1, None, None)
    assert TableConfig.from_dict(config.to_dict()) == config


def test_sd_4_6a_a_null_seat_count_is_left_out():
    """Null means "left out" (as POST /semdescarte/tables drops nulls), so that a rule-set
    version (903-B 6.1.5) may carry it: one seat for an individual table (rule 4), and still
    required for a multi-player one (rule 6a)."""
    assert check_table_config(individual(seats=None)).seats == 1
    assert refused(multi(seats=None), "seats", "póquer sem descarte rule 6a").code == \
        "missing_field"


def test_sd_4_individual_table_with_two_seats_is_refused():
    """Rule 4: an individual table is a table for one player."""
    refused(individual(seats=2), "seats", "póquer sem descarte rule 4")


@pytest.mark.parametrize("seats", [0, 8])
def test_sd_6a_multi_table_has_1_to_7_seats(seats):
    """Rule 6a: "mesa de um a sete lugares"."""
    refused(multi(seats=seats), "seats", "póquer sem descarte rule 6a")


def test_sd_6a_multi_table_of_one_seat_is_allowed():
    assert check_table_config(multi(seats=1)).seats == 1


def test_sd_6a_multi_table_needs_its_seat_count():
    data = multi()
    del data["seats"]
    assert refused(data, "seats").code == "missing_field"


def test_sd_4_unknown_kind_is_refused():
    refused(multi(kind="tournament"), "kind", "póquer sem descarte rule 4")


def test_sd_18_max_ante_above_25_times_minimum_is_refused():
    """Rule 18 (A7): the maximum ante is at most 25 × the minimum."""
    refused(multi(min_ante_cents=100, max_ante_cents=2_501), "max_ante_cents",
            "póquer sem descarte rule 18", RuleViolationError)


def test_sd_18_max_ante_of_exactly_25_times_minimum_is_accepted():
    assert check_table_config(multi(min_ante_cents=100, max_ante_cents=2_500)).max_ante_cents \
        == 2_500


def test_sd_16_max_ante_below_minimum_is_refused():
    refused(multi(min_ante_cents=500, max_ante_cents=400), "max_ante_cents",
            "póquer sem descarte rule 16", RuleViolationError)


@pytest.mark.parametrize("value", [0, -1, 1.0, "100", True, None])
def test_sd_17_min_ante_is_positive_integer_cents(value):
    """Rule 17: the minimum ante is money, integer cents, never a float or a bool."""
    refused(multi(min_ante_cents=value), "min_ante_cents")


@pytest.mark.parametrize("seconds", [2, 0, 2.999, True])
def test_sd_21_decision_time_below_3_seconds_is_refused(seconds):
    """Rule 21 and 903-B 6.1.4: any decision window is at least 3 seconds."""
    error = refused(multi(decision_seconds=seconds), "decision_seconds")
    assert "903-B 6.1.4" in error.rule and "rule 21" in error.rule


def test_sd_21_decision_time_of_3_seconds_is_accepted():
    assert check_table_config(multi(decision_seconds=3)).decision_seconds == 3


def test_sd_31_extra_time_is_at_least_one_second():
    """Rule 31: after the warning the player is granted extra time."""
    refused(multi(extra_seconds=0), "extra_seconds", "póquer sem descarte rule 31")


def test_sd_14_multi_table_needs_a_betting_window_of_at_least_3_seconds():
    """Rule 14 (and 903-B 6.1.4): the betting window is set by the operator, the same for all."""
    refused(multi(betting_seconds=None), "betting_seconds", "póquer sem descarte rule 14")
    data = multi()
    del data["betting_seconds"]
    refused(data, "betting_seconds", "póquer sem descarte rule 14")
    error = refused(multi(betting_seconds=2), "betting_seconds")
    assert "rule 14" in error.rule and "903-B 6.1.4" in error.rule


def test_sd_15_individual_table_with_a_betting_window_is_refused():
    """Rule 15: at an individual table the player starts the deal after the ante."""
    refused(individual(betting_seconds=20), "betting_seconds", "póquer sem descarte rule 15")


def test_unknown_keys_are_refused():
    error = refused(multi(rake_bp=100), "rake_bp")
    assert error.code == "unknown_field"
    error = refused(multi(jackpot={**JACKPOT, "extra": 1}), "jackpot.extra")
    assert error.code == "unknown_field"


def test_missing_key_and_non_object_are_refused():
    data = multi()
    del data["min_ante_cents"]
    assert refused(data, "min_ante_cents").code == "missing_field"
    refused(["kind", MULTI], "config")


def test_pt_a11_jackpot_is_off_by_default():
    """A11: the jackpot side bet is an optional module, off unless configured."""
    assert check_table_config(multi()).jackpot is None
    assert check_table_config(multi(jackpot=None)).jackpot is None


def test_pt_r10_starting_value_below_10000_stakes_is_refused():
    """Portaria 461/2001 r10: the jackpot starts at no less than 10 000 × the stake."""
    refused(multi(jackpot={**JACKPOT, "starting_value_cents": 999_999}),
            "jackpot.starting_value_cents", "Portaria 461/2001 rule 10", RuleViolationError)
    assert check_table_config(multi(jackpot=JACKPOT)).jackpot.starting_value_cents == 1_000_000


@pytest.mark.parametrize("bp", [0, 10_001, 50.0, True])
def test_pt_r3_contribution_is_1_to_10000_basis_points(bp):
    """Portaria 461/2001 r3: the share of each stake credited to the jackpot, integer bp."""
    refused(multi(jackpot={**JACKPOT, "contribution_bp": bp}), "jackpot.contribution_bp",
            "Portaria 461/2001 rule 3")


@pytest.mark.parametrize("stake", [0, 1.5, True])
def test_pt_r8_stake_is_positive_integer_cents(stake):
    refused(multi(jackpot={**JACKPOT, "stake_cents": stake}), "jackpot.stake_cents",
            "Portaria 461/2001 rule 8")


def test_sd_16_ante_below_minimum_or_above_maximum_is_refused():
    """Rule 16: the ante is within the table's minimum and maximum."""
    config = check_table_config(multi())
    check_ante(config, 100)
    check_ante(config, 2_500)
    for amount in (99, 2_501):
        with pytest.raises(RuleViolationError) as error:
            check_ante(config, amount)
        assert (error.value.field, error.value.code, error.value.rule) == \
            ("ante_cents", "ante_out_of_range", "póquer sem descarte rule 16")


@pytest.mark.parametrize("amount", [1.0, "100", True, 0, -100])
def test_sd_16_malformed_ante_is_invalid_input(amount):
    with pytest.raises(InvalidInputError) as error:
        check_ante(check_table_config(multi()), amount)
    assert error.value.field == "ante_cents"


def test_pt_r3_table_without_jackpot_refuses_the_side_bet():
    """Portaria 461/2001 r3: the jackpot box exists only where there is a jackpot."""
    with pytest.raises(RuleViolationError) as error:
        check_jackpot_bet(check_table_config(multi()), 100)
    assert (error.value.field, error.value.rule) == ("jackpot_bet_cents",
                                                     "Portaria 461/2001 rule 3")


def test_pt_r8_jackpot_bet_must_equal_the_stake():
    """Portaria 461/2001 r8: the side bet is a fixed amount."""
    config = check_table_config(multi(jackpot=JACKPOT))
    check_jackpot_bet(config, 100)
    for amount in (99, 200):
        with pytest.raises(RuleViolationError) as error:
            check_jackpot_bet(config, amount)
        assert (error.value.field, error.value.rule) == ("jackpot_bet_cents",
                                                         "Portaria 461/2001 rule 8")
    with pytest.raises(InvalidInputError):
        check_jackpot_bet(config, 100.0)


def test_sd_a8_three_antes_are_held_so_continue_is_always_possible():
    """A8 (rules 23, 30): 3 × ante held at the ante: the ante plus the 2 × ante second bet."""
    assert hold_for_ante(500) == 1_500
    assert cfg.bet_for_ante(500) == 1_000
    with pytest.raises(InvalidInputError):
        hold_for_ante(0)


@pytest.mark.parametrize("field", ["decision_seconds", "extra_seconds", "betting_seconds"])
def test_sd_14_21_31_timers_have_an_upper_bound(field):
    """Rules 14, 21, 31 set the betting period, decision time and extra time [CFG] without a
    maximum; a timer above an hour is refused (it would also put the deadline beyond any
    representable date: 10**12 s made the ante or the deal fail with an internal error)."""
    check_table_config(multi(**{field: cfg.MAX_TIMER_SECONDS}))
    with pytest.raises(InvalidInputError) as error:
        check_table_config(multi(**{field: 10**12}))
    assert error.value.field == field


def test_sd_16_17_ante_limits_have_an_upper_bound():
    """Rules 16, 17: the operator's ante limits are amounts of money, at most the largest money
    movement the ledger takes."""
    with pytest.raises(InvalidInputError) as error:
        check_table_config(multi(min_ante_cents=10**15, max_ante_cents=10**15))
    assert error.value.field == "min_ante_cents"
