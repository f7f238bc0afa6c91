"""A dice table's configuration and the rules of the dice game (a game defined only under tests/).

- dice rule 1: a table has 1 to 6 seats; a player with an open dice session at the table's
  venue sits in a free seat, and leaves it when no bet of its is in play.
- dice rule 2: a seated player bets the table's stake on one face (1 to 6), once a jogada.
- dice rule 3: the first bet opens the jogada's betting window; it closes ``window_seconds``
  later, when the table's clock closes it: no bet is taken after it closed.
- dice rule 4: the clock then rolls the die from the seed drawn outside the command (the
  face: SHA-256 of the seed, modulo 6, plus 1) and settles at once.
- dice rule 5: a right call is paid 6 times its stake (the stake back and 5 times it from
  the house); a wrong one loses its stake to the house.
- dice rule 6: a fault of the system voids the jogada: every stake back; a jogada a crash
  left open is such a fault, voided at start-up.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import cite
from tests.dicegame.rule_book import DICE

FIELDS = ("seats", "stake_cents", "window_seconds")
MAX_SEATS = 6
FACES = (1, 2, 3, 4, 5, 6)
PAYS = 6  # dice rule 5: the stake back and 5 times it


def rule(*numbers: int) -> str:
    """``rule(3)`` is "dice rule 3" (domain/kernel/rules.py ``cite``, its source in rule_book.py)."""
    return cite(DICE, *numbers)


def check_config(config: Any) -> dict[str, Any]:
    if not isinstance(config, dict):
        raise InvalidInputError("config must be an object", field="config")
    unknown = sorted(set(config) - set(FIELDS))
    if unknown:
        raise InvalidInputError(f"unknown field in config: {unknown[0]}", field=unknown[0],
                                code="unknown_field")
    checked = {"seats": config.get("seats", MAX_SEATS), "stake_cents": config.get("stake_cents"),
               "window_seconds": config.get("window_seconds", 10)}
    for name, value in checked.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"{name} must be a whole number ≥ 1", field=name)
    if checked["seats"] > MAX_SEATS:
        raise RuleViolationError(f"a dice table has at most {MAX_SEATS} seats", field="seats",
                                 rule=rule(1))
    return checked


def check_settings(settings: dict[str, Any], table: Any) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a table: its configuration, with the seats it has (dice rule 1)."""
    clean = check_config(settings)
    if clean["seats"] != table.config["seats"]:
        raise RuleViolationError(f"the table has {table.config['seats']} seats: its rule set"
                                 " cannot change them", field="seats", rule=rule(1))
    return clean, []
