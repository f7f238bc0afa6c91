"""Certification mode (api-contract.md): laboratories force outcomes, and only then.

Only with ``LEDGER_CERTIFICATION_MODE=1`` may a command carry ``forced_deck`` (top card first,
in the order of the dealing procedure), ``forced_balls`` (the draw order),
``forced_number`` or ``forced_cave_cents`` (the starting cave of a seat, where its game has caves); otherwise
the field is refused (4xx, code ``certification_mode_off``).
A forced order replaces the derived one: the forced items come first and the rest of the
derived order follows (so a deck is still a full shoe and the balls are still all the balls);
the jogada still commits to a seed and its events say that the outcome was forced.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar

from domain.cards.codes import DECK_SIZE, check_card
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rng import WHEEL_NUMBERS

T = TypeVar("T")

CONTRACT_RULE = "api-contract: certification mode"
MODE_OFF = "certification_mode_off"
# "Every event recorded while certification mode is on is marked as such": the attribute a
# stored event carries then (infra/store/serialization.py writes it at the storage boundary).
MARKER = "certification_mode"


def recorded_in_certification_mode(event: Any) -> bool:
    """Whether ``event`` was recorded while certification mode was on."""
    return getattr(event, MARKER, False) is True


def check_mode(field: str, certification_mode: bool) -> None:
    if not certification_mode:
        raise RuleViolationError(
            f"{field} is accepted only in certification mode (LEDGER_CERTIFICATION_MODE=1)",
            field=field, rule=CONTRACT_RULE, code=MODE_OFF,
        )


def _check_list(values: Any, field: str) -> list[Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidInputError(f"{field} must be a list", field=field)
    if not values:
        raise InvalidInputError(f"{field} must not be empty", field=field)
    return list(values)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_forced_deck(cards: Any, *, certification_mode: bool, min_cards: int | None = None,
                      decks: int = 1) -> list[str]:
    """Valid card codes, each at most ``decks`` times, between ``min_cards`` (what the deal
    needs) and the size of the shoe."""
    field = "forced_deck"
    check_mode(field, certification_mode)
    cards = _check_list(cards, field)
    for index, card in enumerate(cards):
        check_card(card, field=f"{field}[{index}]")
    limit = DECK_SIZE * decks
    if len(cards) > limit:
        raise InvalidInputError(f"{field} has {len(cards)} cards, at most {limit}", field=field)
    if min_cards is not None and len(cards) < min_cards:
        raise InvalidInputError(
            f"{field} has {len(cards)} cards; the deal needs at least {min_cards}",
            field=field, details={"min_cards": min_cards},
        )
    extra = sorted(card for card, count in Counter(cards).items() if count > decks)
    if extra:
        raise InvalidInputError(
            f"{field} repeats {', '.join(extra)} (a shoe of {decks} deck(s) has each card"
            f" {decks} time(s))", field=field, details={"duplicates": extra},
        )
    return cards


def check_forced_balls(balls: Any, *, certification_mode: bool, max_ball: int) -> list[int]:
    """Integers 1 … ``max_ball``, each at most once."""
    field = "forced_balls"
    check_mode(field, certification_mode)
    balls = _check_list(balls, field)
    for index, ball in enumerate(balls):
        if not _is_int(ball) or not 1 <= ball <= max_ball:
            raise InvalidInputError(
                f"{field}[{index}]: {ball!r} is not a ball from 1 to {max_ball}",
                field=f"{field}[{index}]",
            )
    extra = sorted(ball for ball, count in Counter(balls).items() if count > 1)
    if extra:
        raise InvalidInputError(f"{field} repeats {', '.join(map(str, extra))}", field=field,
                                details={"duplicates": extra})
    return balls


def check_forced_number(number: Any, *, certification_mode: bool) -> int:
    """A number of the wheel, 0 … 36 (807 RF, A58)."""
    field = "forced_number"
    check_mode(field, certification_mode)
    if not _is_int(number) or not 0 <= number < WHEEL_NUMBERS:
        raise InvalidInputError(
            f"{field}: {number!r} is not a number from 0 to {WHEEL_NUMBERS - 1}", field=field
        )
    return number


def check_forced_cave(cents: Any, *, certification_mode: bool, max_cents: int) -> int:
    """A seat's starting cave (its game's forced cave): a whole number of cents, 1 … ``max_cents``."""
    field = "forced_cave_cents"
    check_mode(field, certification_mode)
    if not _is_int(cents) or not 1 <= cents <= max_cents:
        raise InvalidInputError(f"{field}: {cents!r} is not a whole number of cents from 1 to"
                                f" {max_cents}", field=field)
    return cents


def apply_forced_order(forced: Sequence[T], derived: Sequence[T]) -> list[T]:
    """The forced items on top, then what is left of the derived order (as a multiset: a shoe
    may hold a card several times)."""
    left = Counter(forced)
    rest = []
    for item in derived:
        if left[item]:
            left[item] -= 1
        else:
            rest.append(item)
    if +left:
        raise InvalidInputError(
            f"forced items not in the population: {sorted(map(str, (+left).elements()))}",
            field="forced",
        )
    return list(forced) + rest
