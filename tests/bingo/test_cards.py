"""Bingo cards (Reg. 425-A/2015 rules 15, 60–62, 64–66, 69–72, 78–81; A20, A21, A23): layout of
every variant over many seeded cards, determinism, uniqueness within a jogada, validation."""

from __future__ import annotations

import pytest

from domain.games.bingo.cards import (
    COLUMNS,
    VARIANTS,
    card_numbers,
    check_card,
    generate_card,
    generate_cards,
)
from domain.kernel.errors import InvalidInputError
from domain.kernel.rng import Drbg

SAMPLE = 2_000
SHAPES = {"90": (3, 9), "80": (4, 4), "75": (5, 5), "30": (3, 3)}


def drbg(seed: bytes = b"bingo-cards-test") -> Drbg:
    return Drbg(seed, "cards")


_SAMPLES: dict[tuple[str, bool], list] = {}


def sample(variant: str, four_corners: bool = False) -> list:
    key = (variant, four_corners)
    if key not in _SAMPLES:
        d = drbg(f"sample-{variant}-{four_corners}".encode())
        _SAMPLES[key] = [generate_card(d, variant, four_corners=four_corners)
                         for _ in range(SAMPLE)]
    return _SAMPLES[key]


def columns(card):
    return list(zip(*card))


def refused(variant, card, rule, **kwargs):
    with pytest.raises(InvalidInputError) as exc:
        check_card(variant, card, **kwargs)
    assert exc.value.field == "card"
    assert exc.value.rule == rule, exc.value.message
    return exc.value


# Layout of every variant -----------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_61_65_70_80_every_variant_has_its_shape(variant):
    """Rules 61 (90: 3 × 9), 65 (80: 4 × 4), 70 (75: 5 × 5), 80 (30: 3 × 3)."""
    n_rows, n_cols = SHAPES[variant]
    for card in sample(variant):
        assert isinstance(card, tuple) and len(card) == n_rows
        assert all(isinstance(row, tuple) and len(row) == n_cols for row in card)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_62_66_71_81_numbers_stay_in_their_column_range_without_repeats(variant):
    """Rules 62, 66, 71, 81: each column draws from its own range; no number repeats."""
    for card in sample(variant):
        cells = [n for row in card for n in row if n is not None]
        assert len(cells) == len(set(cells))
        for c, column in enumerate(columns(card)):
            first, last = COLUMNS[variant][c]
            assert all(first <= n <= last for n in column if n is not None)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_62_66_71_81_every_value_of_every_column_appears(variant):
    """Rules 62, 66, 71, 81: over the sample, every number of the variant appears in its column
    (1 and 90 included for bingo 90): the generator does not skip part of a range."""
    seen: dict[int, set[int]] = {c: set() for c in range(len(COLUMNS[variant]))}
    for card in sample(variant):
        for c, column in enumerate(columns(card)):
            seen[c].update(n for n in column if n is not None)
    for c, (first, last) in enumerate(COLUMNS[variant]):
        assert seen[c] == set(range(first, last + 1))
    assert min(seen[0]) == 1 and max(seen[len(seen) - 1]) == int(variant)


@pytest.mark.parametrize("four_corners", [False, True])
def test_bingo_62_in_bingo_90_each_row_has_exactly_five_numbers(four_corners):
    """Rule 62: every row of a bingo 90 card holds 5 numbers, 15 per card."""
    for card in sample("90", four_corners):
        assert [sum(n is not None for n in row) for row in card] == [5, 5, 5]
        assert len(card_numbers(card)) == 15


@pytest.mark.parametrize("four_corners", [False, True])
def test_bingo_62_in_bingo_90_every_column_holds_a_number(four_corners):
    """Rule 62: no bingo 90 column is empty."""
    for card in sample("90", four_corners):
        assert all(any(n is not None for n in column) for column in columns(card))


def test_bingo_62_in_bingo_90_numbers_ascend_down_each_column():
    """Layout convention for rule 62 cards: a column's numbers ascend from top to bottom."""
    for card in sample("90"):
        for column in columns(card):
            numbers = [n for n in column if n is not None]
            assert numbers == sorted(numbers)


def test_bingo_62_in_bingo_90_layouts_vary():
    """Rule 62: which cells are filled is drawn, not a fixed pattern: every cell is filled on
    some cards and empty on others, and every column count 1, 2, 3 occurs."""
    layouts = {tuple(tuple(n is not None for n in row) for row in card) for card in sample("90")}
    assert len(layouts) > SAMPLE // 2
    for r in range(3):
        for c in range(9):
            assert {layout[r][c] for layout in layouts} == {True, False}
    counts = {sum(n is not None for n in column) for card in sample("90") for column in columns(card)}
    assert counts == {1, 2, 3}


def test_bingo_a21_four_corners_filled_when_offered():
    """A21 (rule 62, rule 35b): with the four-corners prize, every bingo 90 card fills its
    corners; without it, some cards leave a corner empty."""
    corners = [(0, 0), (0, 8), (2, 0), (2, 8)]
    assert all(card[r][c] is not None for card in sample("90", True) for r, c in corners)
    assert any(card[r][c] is None for card in sample("90") for r, c in corners)


@pytest.mark.parametrize("variant", ["80", "30"])
def test_bingo_65_80_in_bingo_80_and_30_every_cell_is_numbered(variant):
    """Rules 65, 80 (and 66, 81): every cell of a bingo 80 or 30 card holds a number."""
    n_rows, n_cols = SHAPES[variant]
    for card in sample(variant):
        assert len(card_numbers(card)) == n_rows * n_cols


def test_bingo_71_a23_in_bingo_75_the_centre_is_free():
    """Rules 70, 71, 72, A23: the centre of a bingo 75 card is always free (None); column N
    holds 4 numbers and the card 24."""
    for card in sample("75"):
        assert card[2][2] is None
        assert sum(n is not None for n in columns(card)[2]) == 4
        assert len(card_numbers(card)) == 24


# Determinism and uniqueness (rule 15, A20) -------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_same_seed_same_cards_other_seed_other_cards(variant):
    """The cards of a jogada are re-derivable from its seed (903-B 6.7.2); another seed gives
    other cards."""
    first = generate_cards(drbg(b"seed-a"), variant, 50)
    assert generate_cards(drbg(b"seed-a"), variant, 50) == first
    assert generate_cards(drbg(b"seed-b"), variant, 50) != first


@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_15_a20_no_two_cards_of_a_jogada_share_their_numbers(variant):
    """Rule 15, A20: the number sets of a jogada's cards are all different."""
    cards = generate_cards(drbg(), variant, SAMPLE)
    assert len(cards) == SAMPLE
    assert len({card_numbers(card) for card in cards}) == SAMPLE


def test_bingo_15_a20_cards_already_sold_are_not_dealt_again():
    """Rule 15, A20: a number set already in ``taken`` is skipped; ``count`` cards still come
    back, and their sets are added to ``taken``."""
    clone = generate_cards(drbg(b"taken"), "90", 11)
    taken = {card_numbers(clone[0])}
    cards = generate_cards(drbg(b"taken"), "90", 10, taken=taken)
    assert len(cards) == 10
    assert card_numbers(clone[0]) not in {card_numbers(card) for card in cards}
    assert cards == clone[1:]
    assert taken == {card_numbers(card) for card in clone}


def test_bingo_15_a20_same_numbers_in_other_positions_count_as_the_same_card():
    """A20: compare sets, not positions: a card whose numbers sit elsewhere is still taken."""
    first = generate_cards(drbg(b"positions"), "80", 1)[0]
    moved = tuple(reversed(first))  # same numbers, rows swapped
    assert moved != first
    cards = generate_cards(drbg(b"positions"), "80", 3, taken={card_numbers(moved)})
    assert first not in cards and len(cards) == 3


def test_bingo_15_in_bingo_30_a_count_beyond_the_distinct_cards_is_refused():
    """Rule 15: bingo 30 has C(10,3)³ distinct number sets; asking for more is refused."""
    with pytest.raises(InvalidInputError) as exc:
        generate_cards(drbg(), "30", 120 ** 3 + 1)
    assert exc.value.field == "count" and exc.value.rule == "bingo rule 15"


# Validation of a card given from outside -------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_check_card_accepts_generated_cards(variant):
    """Rules 61–62, 65–66, 70–71, 80–81: every generated card passes validation, also as lists."""
    for card in sample(variant)[:200]:
        assert check_card(variant, card) == card
        assert check_card(variant, [list(row) for row in card]) == card
    for card in sample("90", True)[:200]:
        assert check_card("90", card, four_corners=True) == card


def card_90():
    return [list(row) for row in sample("90")[0]]


def test_bingo_62_check_card_refuses_a_bingo_90_row_of_four_numbers():
    """Rule 62: a row must hold exactly 5 numbers."""
    card = card_90()
    for r in range(3):
        if sum(n is not None for n in card[r]) == 5:
            c = next(c for c in range(9) if card[r][c] is not None
                     and sum(card[x][c] is not None for x in range(3)) > 1)
            card[r][c] = None
            break
    assert sorted(sum(n is not None for n in row) for row in card) == [4, 5, 5]
    refused("90", card, "bingo rule 62")


def test_bingo_62_check_card_refuses_an_empty_bingo_90_column():
    """Rule 62: every column holds at least one number (rows still hold 5 each)."""
    card = [[1, 10, 20, 30, 40, None, None, None, None],
            [2, 11, 21, 31, 41, None, None, None, None],
            [3, None, None, None, 42, 50, 60, 70, None]]
    refused("90", card, "bingo rule 62")
    card[2][0], card[2][8] = None, 80
    check_card("90", card)  # the same card with column 9 filled is accepted


@pytest.mark.parametrize("variant, rule", [("90", "bingo rule 62"), ("80", "bingo rule 66"),
                                           ("75", "bingo rule 71"), ("30", "bingo rule 81")])
def test_bingo_62_66_71_81_check_card_refuses_a_number_outside_its_column(variant, rule):
    """Rules 62, 66, 71, 81: a number must lie in its column's range."""
    card = [list(row) for row in sample(variant)[0]]
    r = next(r for r in range(len(card)) if card[r][0] is not None)
    card[r][0] = COLUMNS[variant][0][1] + 1  # just past the first column's range
    refused(variant, card, rule)


@pytest.mark.parametrize("variant, rule", [("90", "bingo rule 62"), ("80", "bingo rule 66"),
                                           ("75", "bingo rule 71"), ("30", "bingo rule 81")])
def test_bingo_62_66_71_81_check_card_refuses_a_repeated_number(variant, rule):
    """Rules 62, 66, 71, 81: no number appears twice on a card."""
    card = [list(row) for row in sample(variant)[0]]
    cells = [(r, c) for r in range(len(card)) for c in range(len(card[0]))
             if card[r][c] is not None]
    (r1, c1), (r2, c2) = next((a, b) for a in cells for b in cells if a[1] == b[1] and a[0] < b[0])
    card[r2][c2] = card[r1][c1]
    refused(variant, card, rule)


def test_bingo_71_a23_check_card_refuses_a_number_in_the_bingo_75_centre():
    """Rules 70, 71, A23: the centre of a bingo 75 card is always free."""
    card = [list(row) for row in sample("75")[0]]
    card[2][2] = next(n for n in range(31, 46) if n not in card_numbers(sample("75")[0]))
    refused("75", card, "bingo rule 71")


@pytest.mark.parametrize("variant, rule", [("80", "bingo rule 65"), ("75", "bingo rule 70"),
                                           ("30", "bingo rule 80")])
def test_bingo_65_70_80_check_card_refuses_an_empty_cell(variant, rule):
    """Rules 65, 70, 80: every cell (but the bingo 75 centre) holds a number."""
    card = [list(row) for row in sample(variant)[0]]
    card[0][0] = None
    refused(variant, card, rule)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_61_65_70_80_check_card_refuses_a_wrong_shape(variant):
    """Rules 61, 65, 70, 80: the number of rows and of cells per row is fixed."""
    rule = {"90": "bingo rule 61", "80": "bingo rule 65", "75": "bingo rule 70",
            "30": "bingo rule 80"}[variant]
    card = [list(row) for row in sample(variant)[0]]
    refused(variant, card[:-1], rule)  # a row missing
    refused(variant, [row[:-1] for row in card], rule)  # a column missing
    refused(variant, card + [card[0]], rule)  # a row too many
    refused(variant, "not a card", rule)
    refused(variant, [[str(n) for n in row] for row in card], rule)  # cells not integers


def test_bingo_a21_check_card_refuses_an_empty_corner_when_four_corners_is_offered():
    """A21: with the four-corners prize, a bingo 90 card with an empty corner is refused; the
    same card passes when the prize is not offered."""
    card = next(card for card in sample("90") if card[0][0] is None)
    check_card("90", card)
    refused("90", card, "A21", four_corners=True)


@pytest.mark.parametrize("call", [
    lambda: generate_card(drbg(), "100"),
    lambda: generate_cards(drbg(), "45", 1),
    lambda: check_card("90 ", sample("90")[0]),
])
def test_bingo_2_unknown_variant_is_refused(call):
    """Rule 2: the variants are 30, 75, 80 and 90; anything else is refused on "variant"."""
    with pytest.raises(InvalidInputError) as exc:
        call()
    assert exc.value.field == "variant"
