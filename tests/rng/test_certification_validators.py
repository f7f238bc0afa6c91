"""domain/kernel/certification.py: forced outcomes are accepted only in certification mode."""

from __future__ import annotations

import pytest

from domain.cards.codes import CARDS
from domain.kernel.certification import (
    apply_forced_order, check_forced_balls, check_forced_deck, check_forced_number)
from domain.kernel.errors import InvalidInputError, RuleViolationError


@pytest.mark.parametrize("call", [
    lambda: check_forced_deck(["As", "Kd"], certification_mode=False),
    lambda: check_forced_balls([1, 2], certification_mode=False, max_ball=90),
    lambda: check_forced_number(17, certification_mode=False),
])
def test_forced_fields_are_refused_outside_certification_mode(call):
    with pytest.raises(RuleViolationError) as caught:
        call()
    assert caught.value.code == "certification_mode_off"
    assert caught.value.field in ("forced_deck", "forced_balls", "forced_number")
    assert "certification mode" in caught.value.message


def test_forced_deck_accepts_valid_cards_in_order():
    assert check_forced_deck(["As", "Td", "7c"], certification_mode=True) == ["As", "Td", "7c"]
    assert check_forced_deck(list(CARDS), certification_mode=True, min_cards=52) == list(CARDS)


@pytest.mark.parametrize("cards, field", [
    (["As", "10d"], "forced_deck[1]"),
    (["As", "ad"], "forced_deck[1]"),
    (["AS"], "forced_deck[0]"),
    (["As", 7], "forced_deck[1]"),
    ("AsKd", "forced_deck"),
    ([], "forced_deck"),
])
def test_forced_deck_refuses_bad_card_codes(cards, field):
    with pytest.raises(InvalidInputError) as caught:
        check_forced_deck(cards, certification_mode=True)
    assert caught.value.field == field


def test_forced_deck_refuses_duplicates_and_sizes():
    with pytest.raises(InvalidInputError) as caught:
        check_forced_deck(["As", "Kd", "As"], certification_mode=True)
    assert caught.value.details == {"duplicates": ["As"]} and "As" in caught.value.message
    with pytest.raises(InvalidInputError):
        check_forced_deck(list(CARDS) + ["As"], certification_mode=True)
    with pytest.raises(InvalidInputError) as caught:
        check_forced_deck(["As", "Kd"], certification_mode=True, min_cards=5)
    assert caught.value.details == {"min_cards": 5}


def test_a_shoe_may_repeat_a_card_once_per_deck():
    assert check_forced_deck(["As", "As"], certification_mode=True, decks=2) == ["As", "As"]
    with pytest.raises(InvalidInputError):
        check_forced_deck(["As"] * 3, certification_mode=True, decks=2)


def test_forced_balls():
    assert check_forced_balls([75, 1, 30], certification_mode=True, max_ball=75) == [75, 1, 30]
    for bad, field in (([0], "forced_balls[0]"), ([1, 76], "forced_balls[1]"),
                       ([True], "forced_balls[0]"), (["5"], "forced_balls[0]"),
                       ([3, 3], "forced_balls"), ([], "forced_balls")):
        with pytest.raises(InvalidInputError) as caught:
            check_forced_balls(bad, certification_mode=True, max_ball=75)
        assert caught.value.field == field


def test_forced_number():
    assert check_forced_number(0, certification_mode=True) == 0
    assert check_forced_number(36, certification_mode=True) == 36
    for bad in (-1, 37, "17", 17.0, True, None):
        with pytest.raises(InvalidInputError) as caught:
            check_forced_number(bad, certification_mode=True)
        assert caught.value.field == "forced_number"


def test_a_forced_order_goes_on_top_of_the_rest_of_the_derived_order():
    assert apply_forced_order([5, 1], [1, 2, 3, 4, 5]) == [5, 1, 2, 3, 4]
    assert apply_forced_order(["As", "As"], ["Kd", "As", "Kd", "As"]) == ["As", "As", "Kd", "Kd"]
    with pytest.raises(InvalidInputError):
        apply_forced_order([6], [1, 2, 3])
