"""The inactivity thresholds of each game and the rules they come from (rules-digest §1.3)."""

from dataclasses import replace

import pytest

from domain.sessions import inactivity as ia
from domain.kernel.errors import InvalidInputError


@pytest.mark.parametrize("kind, rule", [
    (ia.SEM_DESCARTE_INDIVIDUAL, "póquer sem descarte rules 41a, 42"),
    (ia.BLACKJACK_INDIVIDUAL, "blackjack rules 35a, 36"),
    (ia.ROULETTE_INDIVIDUAL, "roleta francesa rules 30a, 31"),
])
def test_sd_41a_bj_35a_rf_30a_individual_tables_invite_past_180s_end_60s_after_warning(kind, rule):
    policy = ia.policy_for(kind)
    assert (policy.basis, policy.invite_after, policy.end_after) == (ia.TIME, 180, 60)
    assert policy.rule == rule and policy.invite is True


@pytest.mark.parametrize("kind, rule", [
    (ia.SEM_DESCARTE_MULTI, "póquer sem descarte rules 41b, 42"),
    (ia.BLACKJACK_MULTI, "blackjack rules 35b, 36"),
    (ia.ROULETTE_MULTI, "roleta francesa rules 30b, 31"),
    (ia.HOLDEM, "hold'em rules 70b, 71"),
    (ia.OMAHA, "Omaha rules 70b, 71"),
])
def test_sd_41b_bj_35b_rf_30b_he_70b_om_70b_multi_player_tables_invite_past_5_jogadas_end_next_one(
        kind, rule):
    policy = ia.policy_for(kind)
    assert (policy.basis, policy.invite_after, policy.end_after) == (ia.JOGADAS, 5, 1)
    assert policy.rule == rule


def test_bingo_54_55_more_than_5_jogadas_without_cards_then_3_following_jogadas():
    policy = ia.policy_for(ia.BINGO)
    assert (policy.basis, policy.invite_after, policy.end_after) == (ia.JOGADAS, 5, 3)
    assert policy.rule == "bingo rules 54, 55" and policy.activity == "card purchase"


@pytest.mark.parametrize("n", [1, 3, 5])
def test_he_70b_om_70b_may_lower_the_jogada_count_cfg(n):
    assert ia.policy_for(ia.HOLDEM, invite_after_jogadas=n).invite_after == n
    assert ia.policy_for(ia.OMAHA, invite_after_jogadas=n).invite_after == n


@pytest.mark.parametrize("n", [0, 6, True, "5"])
def test_he_70b_jogada_count_above_5_or_malformed_is_refused(n):
    with pytest.raises(InvalidInputError) as error:
        ia.policy_for(ia.HOLDEM, invite_after_jogadas=n)
    assert error.value.rule == "hold'em rule 70b"


def test_sd_41b_threshold_is_fixed_by_the_rule():
    with pytest.raises(InvalidInputError) as error:
        ia.policy_for(ia.SEM_DESCARTE_MULTI, invite_after_jogadas=3)
    assert error.value.rule == "póquer sem descarte rules 41b, 42"


def test_sd_41_bingo_54_the_invitation_is_a_may_and_can_be_turned_off():
    assert ia.policy_for(ia.BINGO, invite=False).invite is False


def test_policies_are_validated_and_round_trip_as_dicts():
    policy = ia.policy_for(ia.BINGO)
    assert ia.InactivityPolicy.from_dict(policy.to_dict()) == policy
    with pytest.raises(InvalidInputError):
        replace(policy, end_after=0)
    with pytest.raises(InvalidInputError):
        replace(policy, basis="moon")
    with pytest.raises(InvalidInputError):
        ia.check_policy(replace(policy, end_after=2))  # bingo rule 55 says three
    with pytest.raises(InvalidInputError):
        ia.policy_for("pachinko")
