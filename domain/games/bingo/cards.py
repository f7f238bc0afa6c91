"""Bingo cards (Reg. 425-A/2015), rules-digest §4: generation from the jogada's seed, one Drbg
stream per purchase (``cards_drbg``: replay derives them again, 903-B 6.7.2(4)), and validation
of a card given from outside (a forced card in certification mode).

- Bingo 90 (rules 60–62): 3 rows × 9 columns; each row holds exactly 5 numbers and each column
  at least one; columns 1–9, 10–19, …, 70–79, 80–90. Numbers ascend down a column (a layout
  convention, not a rule). With the four-corners prize on offer, the corners are filled (A21).
- Bingo 80 (rules 64–66): 4 × 4, every cell numbered; columns 1–20 | 21–40 | 41–60 | 61–80.
- Bingo 75 (rules 69–72, A23): 5 × 5 under B-I-N-G-O; columns of 15 numbers each from 1; the
  centre is always free (``None``), so N holds 4 numbers and the card 24.
- Bingo 30 (rules 78–81): 3 × 3, every cell numbered; columns 1–10 | 11–20 | 21–30.
- No two cards of a jogada hold exactly the same numbers (rule 15): sets, not positions (A20).

A card is an immutable tuple of rows; ``None`` is an empty cell.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations
from math import comb
from typing import Any

from domain.games.bingo.rule_book import BINGO
from domain.kernel.errors import InvalidInputError
from domain.kernel.rng import Drbg
from domain.kernel.rules import A, cite

Card = tuple[tuple[int | None, ...], ...]

VARIANTS = ("90", "80", "75", "30")
# (first, last) number of each column
COLUMNS: dict[str, tuple[tuple[int, int], ...]] = {
    "90": ((1, 9),) + tuple((10 * c, 10 * c + 9) for c in range(1, 8)) + ((80, 90),),  # rule 62
    "80": ((1, 20), (21, 40), (41, 60), (61, 80)),  # rule 66
    "75": ((1, 15), (16, 30), (31, 45), (46, 60), (61, 75)),  # rule 71
    "30": ((1, 10), (11, 20), (21, 30)),  # rule 81
}
ROWS = {"90": 3, "80": 4, "75": 5, "30": 3}  # rules 61, 65, 70, 80
SHAPE_RULE = {"90": 61, "80": 65, "75": 70, "30": 80}
NUMBERS_RULE = {"90": 62, "80": 66, "75": 71, "30": 81}
NUMBERS_PER_ROW_90 = 5  # rule 62
CENTRE = (2, 2)  # bingo 75: row 3, column N (rule 71, A23)
# Distinct number sets a variant allows, where small enough to run out (rule 15, A20)
DISTINCT_SETS = {"30": comb(10, 3) ** 3}
CARDS_PURPOSE = "bingo-cards"  # the Drbg purpose of a purchase's cards (cards_drbg)

_ROW_CHOICES_90 = tuple(combinations(range(9), NUMBERS_PER_ROW_90))
# A21: a top or bottom row holding both corner columns, plus 3 of the 7 between them
_CORNER_ROW_CHOICES_90 = tuple((0, *middle, 8) for middle in combinations(range(1, 8), 3))


def bingo_rule(*numbers: int | str) -> str:
    """Bingo (Reg. 425-A/2015): ``bingo_rule(31)`` is "bingo rule 31"."""
    return cite(BINGO, *numbers)


def _check_variant(variant: Any) -> str:
    if variant not in VARIANTS:
        raise InvalidInputError(f"variant must be one of {', '.join(VARIANTS)}", field="variant",
                                rule=bingo_rule("2"))
    return variant


# Generation ---------------------------------------------------------------------------------
def _layout_90(drbg: Drbg, four_corners: bool) -> tuple[tuple[int, ...], ...]:
    """The filled columns of each row, uniform over every layout rule 62 (and A21) allows:
    each row picks 5 of the 9 columns, and a layout leaving a column empty is drawn again."""
    while True:
        if four_corners:  # A21
            rows = (_CORNER_ROW_CHOICES_90[drbg.randbelow(len(_CORNER_ROW_CHOICES_90))],
                    _ROW_CHOICES_90[drbg.randbelow(len(_ROW_CHOICES_90))],
                    _CORNER_ROW_CHOICES_90[drbg.randbelow(len(_CORNER_ROW_CHOICES_90))])
        else:
            rows = tuple(_ROW_CHOICES_90[drbg.randbelow(len(_ROW_CHOICES_90))] for _ in range(3))
        if len(set().union(*rows)) == 9:  # rule 62: every column holds a number
            return rows


def _generate_90(drbg: Drbg, four_corners: bool) -> Card:
    rows = _layout_90(drbg, four_corners)
    grid: list[list[int | None]] = [[None] * 9 for _ in range(3)]
    for col, (first, last) in enumerate(COLUMNS["90"]):
        filled = [r for r in range(3) if col in rows[r]]
        numbers = sorted(drbg.draw(range(first, last + 1), len(filled)))  # ascending downwards
        for r, number in zip(filled, numbers):
            grid[r][col] = number
    return tuple(tuple(row) for row in grid)


def _generate_full(drbg: Drbg, variant: str) -> Card:
    """Bingo 80, 75 and 30: every column drawn from its range; 75 leaves its centre free."""
    n_rows = ROWS[variant]
    columns: list[list[int | None]] = []
    for col, (first, last) in enumerate(COLUMNS[variant]):
        free = variant == "75" and col == CENTRE[1]  # rule 71, A23: N holds 4 numbers
        cells: list[int | None] = list(drbg.draw(range(first, last + 1), n_rows - free))
        if free:
            cells.insert(CENTRE[0], None)
        columns.append(cells)
    return tuple(zip(*columns))


def generate_card(drbg: Drbg, variant: str, *, four_corners: bool = False) -> Card:
    """One card of ``variant``; ``four_corners`` (bingo 90 only) fills the corner cells (A21)."""
    if _check_variant(variant) == "90":
        return _generate_90(drbg, four_corners)
    return _generate_full(drbg, variant)


def card_numbers(card: Card) -> frozenset[int]:
    return frozenset(n for row in card for n in row if n is not None)


def card_key(card: Card) -> bytes:
    """A card's numbers as a compact, comparable key (rule 15, A20: sets, not positions):
    100,000 keys of a jogada take a few MB where frozensets take ~70."""
    return bytes(sorted(card_numbers(card)))


def cards_drbg(seed: bytes, purchase: int) -> Drbg:
    """The stream of one purchase's cards: replay re-derives every card from the revealed seed
    and the purchase order (903-B 6.7.2(4))."""
    return Drbg(seed, f"{CARDS_PURPOSE}/{purchase}")


def generate_more(drbg: Drbg, variant: str, count: int, taken: Collection[bytes], *,
                  four_corners: bool = False) -> list[Card]:
    """``count`` new cards whose keys (``card_key``) are neither in ``taken`` nor repeated
    among themselves (rule 15, A20). ``taken`` is only read: the caller records the new keys
    when it records the cards (an aggregate's mutator)."""
    _check_variant(variant)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidInputError("count must be a non-negative integer", field="count")
    if variant in DISTINCT_SETS and len(taken) + count > DISTINCT_SETS[variant]:
        raise InvalidInputError(f"bingo {variant} has only {DISTINCT_SETS[variant]} distinct cards",
                                field="count", rule=bingo_rule(15))
    cards: list[Card] = []
    fresh: set[bytes] = set()
    while len(cards) < count:
        card = generate_card(drbg, variant, four_corners=four_corners)
        key = card_key(card)
        if key not in taken and key not in fresh:  # rule 15, A20
            fresh.add(key)
            cards.append(card)
    return cards


def generate_cards(drbg: Drbg, variant: str, count: int, *,
                   taken: set[frozenset[int]] | None = None,
                   four_corners: bool = False) -> list[Card]:
    """``count`` new cards, no two of the jogada with the same numbers (rule 15, A20), counting
    the cards already sold (``taken``, which receives the new sets). A card whose numbers are
    already in play is drawn again, so the result depends only on the seed and ``taken``."""
    _check_variant(variant)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise InvalidInputError("count must be a non-negative integer", field="count")
    seen = taken if taken is not None else set()
    if variant in DISTINCT_SETS and len(seen) + count > DISTINCT_SETS[variant]:
        raise InvalidInputError(f"bingo {variant} has only {DISTINCT_SETS[variant]} distinct cards",
                                field="count", rule=bingo_rule(15))
    cards: list[Card] = []
    while len(cards) < count:
        card = generate_card(drbg, variant, four_corners=four_corners)
        numbers = card_numbers(card)
        if numbers not in seen:  # rule 15, A20
            seen.add(numbers)
            cards.append(card)
    return cards


# Validation ---------------------------------------------------------------------------------
def _refuse(message: str, rule: str) -> InvalidInputError:
    return InvalidInputError(message, field="card", rule=rule)


def _freeze(variant: str, card: Any) -> Card:
    """The card as a tuple of rows, once its shape and cell types are right."""
    rule = bingo_rule(SHAPE_RULE[variant])
    n_rows, n_cols = ROWS[variant], len(COLUMNS[variant])
    if not isinstance(card, Sequence) or isinstance(card, (str, bytes)) or len(card) != n_rows:
        raise _refuse(f"a bingo {variant} card has {n_rows} rows", rule)
    for row in card:
        if not isinstance(row, Sequence) or isinstance(row, (str, bytes)) or len(row) != n_cols:
            raise _refuse(f"a bingo {variant} card has {n_cols} columns", rule)
        for cell in row:
            if cell is not None and (isinstance(cell, bool) or not isinstance(cell, int)):
                raise _refuse("a cell holds an integer or nothing", rule)
    return tuple(tuple(row) for row in card)


def check_card(variant: str, card: Any, *, four_corners: bool = False) -> Card:
    """``card`` as a tuple of rows, if it is a valid card of ``variant``; otherwise
    InvalidInputError on field "card" citing the rule it breaks."""
    _check_variant(variant)
    frozen = _freeze(variant, card)
    numbers_rule = bingo_rule(NUMBERS_RULE[variant])
    for r, row in enumerate(frozen):
        for c, cell in enumerate(row):
            if variant == "75" and (r, c) == CENTRE:
                if cell is not None:  # rules 70, 71, A23: the centre is always free
                    raise _refuse("the centre of a bingo 75 card is free", bingo_rule(71))
            elif cell is None and variant != "90":  # rules 65, 70, 80: every cell numbered
                raise _refuse(f"every cell of a bingo {variant} card holds a number",
                              bingo_rule(SHAPE_RULE[variant]))
            elif cell is not None:
                first, last = COLUMNS[variant][c]
                if not first <= cell <= last:  # rules 62, 66, 71, 81
                    raise _refuse(f"{cell} is outside column {c + 1} ({first}–{last})",
                                  numbers_rule)
    cells = [n for row in frozen for n in row if n is not None]
    if len(cells) != len(set(cells)):
        raise _refuse("a number appears twice on the card", numbers_rule)
    if variant == "90":
        for r, row in enumerate(frozen):
            if sum(n is not None for n in row) != NUMBERS_PER_ROW_90:  # rule 62
                raise _refuse(f"row {r + 1} must hold exactly 5 numbers", bingo_rule(62))
        for c in range(9):
            if all(row[c] is None for row in frozen):  # rule 62
                raise _refuse(f"column {c + 1} holds no number", bingo_rule(62))
        if four_corners and any(frozen[r][c] is None for r in (0, 2) for c in (0, 8)):
            raise _refuse("the four corners must hold numbers when the prize is offered",
                          cite(A, 21))
    return frozen
