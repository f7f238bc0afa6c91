"""domain/kernel/rules.py writes every rule citation the ledger answers with, in the long form of
rules-digest §0 ("bingo rule 31", "póquer sem descarte rule 19"); these strings reach clients in
errors and events, so each form is pinned here."""

from __future__ import annotations

import pytest

from domain.kernel.rules import A, T903B, cite
from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.rule_book import BINGO
from domain.games.blackjack.rule_book import BJ
from domain.games.roulette.rule_book import RF
from domain.games.community_poker.rule_book import HE, OM
from domain.games.semdescarte.config import pt_rule, sd_rule
from domain.games.semdescarte.rule_book import PT, SD


@pytest.mark.parametrize("source, numbers, expected", [
    (SD, (19,), "póquer sem descarte rule 19"),
    (SD, ("41a", 42), "póquer sem descarte rules 41a, 42"),
    (SD, ("34, 35",), "póquer sem descarte rule 34, 35"),  # one number given as written
    (SD, ("26 (A3)",), "póquer sem descarte rule 26 (A3)"),
    (BINGO, (43, 44), "bingo rules 43, 44"),
    (PT, (10,), "Portaria 461/2001 rule 10"),
    (PT, ("4b",), "Portaria 461/2001 rule 4b"),
    (HE, ("70b", 71), "hold'em rules 70b, 71"),
    (OM, (26,), "Omaha rule 26"),
    (BJ, ("35a", 36), "blackjack rules 35a, 36"),
    (RF, ("30b", 31), "roleta francesa rules 30b, 31"),
    (T903B, ("5.2.2(3)",), "903-B 5.2.2(3)"),
    (A, (15,), "A15"),
])
def test_cite_writes_the_long_form_of_each_source(source, numbers, expected):
    assert cite(source, *numbers) == expected


@pytest.mark.parametrize("written, expected", [
    (sd_rule(33), "póquer sem descarte rule 33"),
    (pt_rule("3"), "Portaria 461/2001 rule 3"),
    (bingo_rule("2f"), "bingo rule 2f"),
    (bingo_rule(37, 38), "bingo rules 37, 38"),
])
def test_the_game_shorthands_write_what_cite_writes(written, expected):
    # The expected strings stand in the decorator: ./run rules reads test bodies for citations.
    assert written == expected


def test_an_unknown_source_or_no_number_is_refused():
    with pytest.raises(ValueError):
        cite("poker", 1)
    with pytest.raises(ValueError):
        cite(SD)
