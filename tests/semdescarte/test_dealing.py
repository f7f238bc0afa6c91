"""Dealing of póquer sem descarte (Reg. 803/2015 rule 19; A9), checked with forced decks."""

import pytest

from domain.cards.codes import CARDS
from domain.kernel.errors import InvalidInputError
from domain.games.semdescarte.dealing import Deal, cards_needed, deal


def test_sd_19_cards_needed_is_one_burned_plus_five_per_hand():
    """Rule 19: one burn card, then 5 cards to each player and to the bank."""
    assert cards_needed(1) == 11
    assert cards_needed(7) == 41


@pytest.mark.parametrize("n", [0, 8, True, 2.0])
def test_sd_6a_player_count_is_1_to_7(n):
    with pytest.raises(InvalidInputError) as error:
        cards_needed(n)
    assert error.value.field == "n_players"


def test_sd_19_first_card_is_burned():
    """Rule 19a (A9): the first card drawn goes to the discard corner, and is logged."""
    shoe = list(CARDS)
    assert deal(shoe, 1).burned == shoe[0]
    assert deal(shoe, 7).burned == shoe[0]
    assert shoe[0] not in deal(shoe, 3).bank


def test_sd_19_one_player_alternates_player_and_bank_card_by_card():
    """Rule 19b, c with one player: P B P B P B P B P B after the burn; the bank's last card
    (index 10) is the face-up one."""
    shoe = ["2c",                       # burned
            "Ah", "3c", "Kh", "4c", "Qh", "5c", "Jh", "6c", "Th", "7d",
            "9s"]                       # left in the shoe
    d = deal(shoe, 1)
    assert d == Deal(burned="2c", hands=(("Ah", "Kh", "Qh", "Jh", "Th"),),
                     bank=("3c", "4c", "5c", "6c", "7d"))
    assert d.bank_open_card == "7d" == shoe[10]
    assert d.bank_hidden_cards == ("3c", "4c", "5c", "6c")


def test_sd_19_seven_players_in_seat_order_then_bank_each_round():
    """Rule 19b, c with 7 players: round k gives indices 1+8k … 8k+7 to seats 1..7 and 8(k+1)
    to the bank; index 40 is the bank's face-up card."""
    shoe = list(CARDS)
    d = deal(shoe, 7)
    for seat in range(7):
        assert d.hands[seat] == tuple(shoe[1 + 8 * k + seat] for k in range(5))
    assert d.bank == tuple(shoe[8 * (k + 1)] for k in range(5))
    assert d.bank_open_card == shoe[40]
    # Explicitly, from the canonical order: seat 1 gets indices 1, 9, 17, 25, 33; the bank
    # 8, 16, 24, 32, 40.
    assert d.hands[0] == ("3c", "Jc", "6d", "Ad", "9h")
    assert d.bank == ("Tc", "5d", "Kd", "8h", "3s")
    dealt = [d.burned, *d.bank, *(card for hand in d.hands for card in hand)]
    assert sorted(dealt) == sorted(shoe[:41])


def test_sd_19_hand_made_shoe_three_players():
    """Rule 19b with a hand-made shoe: the cards go round P1 P2 P3 bank, five times."""
    names = ["B0"] + [f"{who}{k}" for k in range(5) for who in ("P1", "P2", "P3", "BK")]
    codes = dict(zip(names, CARDS))
    d = deal([codes[n] for n in names], 3)
    inverse = {v: k for k, v in codes.items()}
    assert inverse[d.burned] == "B0"
    for seat, who in enumerate(("P1", "P2", "P3")):
        assert [inverse[c] for c in d.hands[seat]] == [f"{who}{k}" for k in range(5)]
    assert [inverse[c] for c in d.bank] == [f"BK{k}" for k in range(5)]


def test_sd_19_short_shoe_is_refused():
    with pytest.raises(InvalidInputError) as error:
        deal(list(CARDS[:10]), 1)
    assert error.value.field == "shoe"


def test_sd_6b_one_deck_no_card_twice():
    """Rule 6b: one 52-card deck, so a shoe with a repeated card is refused."""
    shoe = list(CARDS)
    shoe[5] = shoe[0]
    with pytest.raises(InvalidInputError) as error:
        deal(shoe, 1)
    assert (error.value.field, error.value.rule) == ("shoe", "póquer sem descarte rule 6b")


def test_sd_19_bad_card_code_is_refused():
    shoe = list(CARDS)
    shoe[3] = "1x"
    with pytest.raises(InvalidInputError):
        deal(shoe, 1)
    with pytest.raises(InvalidInputError):
        deal("2c3c4c", 1)
