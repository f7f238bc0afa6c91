"""Card codes per the API contract: two characters, rank then suit (``As``, ``Td``, ``7c``).

Ranks ``23456789TJQKA``, suits ``c d h s``. The canonical order of a deck (what a shuffle
starts from, so that an auditor re-derives the same permutation: 903-B 6.7.2(3)) is suit by
suit in ``c d h s`` order, each suit from 2 up to A: ``2c 3c … Ac 2d … As``. A shoe of
``decks`` decks is that order repeated ``decks`` times.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import InvalidInputError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK_SIZE = len(RANKS) * len(SUITS)  # 52
CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)


def is_card(code: Any) -> bool:
    return isinstance(code, str) and len(code) == 2 and code[0] in RANKS and code[1] in SUITS


def check_card(code: Any, field: str = "card") -> str:
    if not is_card(code):
        raise InvalidInputError(
            f"{field}: {code!r} is not a card code (rank in {RANKS}, then suit in c d h s,"
            " e.g. 'As', 'Td', '7c')",
            field=field,
        )
    return code


def canonical_deck(decks: int = 1) -> list[str]:
    """The unshuffled shoe: ``decks`` standard decks, each in canonical order."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise InvalidInputError("decks must be a positive integer", field="decks")
    return list(CARDS) * decks


def rank_of(code: str) -> str:
    return check_card(code)[0]


def suit_of(code: str) -> str:
    return check_card(code)[1]
