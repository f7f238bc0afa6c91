"""The inactivity thresholds of each game and the rules they come from (rules-digest §1.3): each
game declares its session kinds' policies (``Game.policies``), the registry looks them up."""

from dataclasses import replace

import pytest

from domain.games.bingo.inactivity import BINGO
from domain.games.community_poker.config import HOLDEM, OMAHA
from domain.games.blackjack.inactivity import BLACKJACK_INDIVIDUAL, BLACKJACK_MULTI
from domain.games.roulette.inactivity import ROULETTE_INDIVIDUAL, ROULETTE_MULTI
from domain.games.semdescarte.inactivity import SEM_DESCARTE_INDIVIDUAL, SEM_DESCARTE_MULTI
from domain.kernel.errors import InvalidInputError
from domain.sessions import inactivity as ia
from infra.games import builtin_games

GAMES = builtin_games()


@pytest.mark.parametrize("kind, rule", [
    (SEM_DESCARTE_INDIVIDUAL, "póquer sem descarte rules 41a, 42"),
    (BLACKJACK_INDIVIDUAL, "blackjack rules 35a, 36"),
    (ROULETTE_INDIVIDUAL, "roleta francesa rules 30a, 31"),
])
def test_sd_41a_bj_35a_rf_30a_individual_tables_invite_past_180s_end_60s_after_warning(kind, rule):
    policy = GAMES.policy_for(kind)
    assert (policy.basis, policy.invite_after, policy.end_after) == (ia.TIME, 180, 60)
    assert policy.rule == rule and policy.invite is True


@pytest.mark.parametrize("kind, rule", [
    (SEM_DESCARTE_MULTI, "póquer sem descarte rules 41b, 42"),
    (BLACKJACK_MULTI, "blackjack rules 35b, 36"),
    (ROULETTE_MULTI, "roleta francesa rules 30b, 31"),
    (HOLDEM, "hold'em rules 70b, 71"),
    (OMAHA, "Omaha rules 70b, 71"),
])
def test_sd_41b_bj_35b_rf_30b_he_70b_om_70b_multi_player_tables_invite_past_5_jogadas_end_next_one(
        kind, rule):
    policy = GAMES.policy_for(kind)
    assert (policy.basis, policy.invite_after, policy.end_after) == (ia.JOGADAS, 5, 1)
    assert policy.rule == rule


def test_bingo_54_55_more_than_5_jogadas_without_cards_then_3_following_jogadas():
    policy = GAMES.policy_for(BINGO)
    assert (policy.basis, policy.invite_after, policy.end_after) == (ia.JOGADAS, 5, 3)
    assert policy.rule == "bingo rules 54, 55" and policy.activity == "card purchase"


@pytest.mark.parametrize("n", [1, 3, 5])
def test_he_70b_om_70b_may_lower_the_jogada_count_cfg(n):
    assert GAMES.policy_for(HOLDEM, invite_after_jogadas=n).invite_after == n
    assert GAMES.policy_for(OMAHA, invite_after_jogadas=n).invite_after == n


@pytest.mark.parametrize("n", [0, 6, True, "5"])
def test_he_70b_jogada_count_above_5_or_malformed_is_refused(n):
    with pytest.raises(InvalidInputError) as error:
        GAMES.policy_for(HOLDEM, invite_after_jogadas=n)
    assert error.value.rule == "hold'em rule 70b"
    with pytest.raises(InvalidInputError) as error:
        GAMES.policy_for(OMAHA, invite_after_jogadas=n)
    assert error.value.rule == "Omaha rule 70b"


def test_sd_41b_threshold_is_fixed_by_the_rule():
    with pytest.raises(InvalidInputError) as error:
        GAMES.policy_for(SEM_DESCARTE_MULTI, invite_after_jogadas=3)
    assert error.value.rule == "póquer sem descarte rules 41b, 42"


def test_bj_35a_a_time_based_threshold_of_no_game_is_fixed_too():
    with pytest.raises(InvalidInputError) as error:
        GAMES.policy_for(BLACKJACK_INDIVIDUAL, invite_after_jogadas=3)
    assert error.value.rule == "blackjack rules 35a, 36"


def test_sd_41_bingo_54_the_invitation_is_a_may_and_can_be_turned_off():
    assert GAMES.policy_for(BINGO, invite=False).invite is False


def test_policies_are_validated_and_round_trip_as_dicts():
    policy = GAMES.policy_for(BINGO)
    assert ia.InactivityPolicy.from_dict(policy.to_dict()) == policy
    with pytest.raises(InvalidInputError):
        replace(policy, end_after=0)
    with pytest.raises(InvalidInputError):
        replace(policy, basis="moon")
    with pytest.raises(InvalidInputError):
        GAMES.check_policy(replace(policy, end_after=2))  # bingo rule 55 says three
    with pytest.raises(InvalidInputError) as error:
        GAMES.policy_for("pachinko")
    assert error.value.field == "game"


def test_he_70b_a_whole_policy_may_lower_the_count_within_the_rule_only():
    lowered = GAMES.policy_for(HOLDEM, invite_after_jogadas=2)
    assert GAMES.check_policy(lowered) == lowered
    with pytest.raises(InvalidInputError):
        GAMES.check_policy(replace(GAMES.policy_for(SEM_DESCARTE_MULTI), invite_after=2))


def test_every_session_kind_is_a_games_or_one_of_the_regulations_games_with_no_package():
    """Every kind the registry knows comes from a game's policies or from the regulation's
    kinds of no game (infra/games.py), each policy under its own kind."""
    owned = {kind for game in GAMES for kind in game.session_kinds}
    assert owned == {SEM_DESCARTE_INDIVIDUAL, SEM_DESCARTE_MULTI, BINGO, HOLDEM, OMAHA,
                     BLACKJACK_INDIVIDUAL, BLACKJACK_MULTI,  # issue 26: blackjack's package
                     ROULETTE_INDIVIDUAL, ROULETTE_MULTI}  # issue 27: roulette's
    assert set(GAMES.kinds()) == owned  # issue 24: a session of no registered game is refused
    assert all(GAMES.policy(kind).kind == kind for kind in GAMES.kinds())
