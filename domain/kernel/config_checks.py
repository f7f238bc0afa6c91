"""What every game's venue configuration check starts with (each game's ``config.py``): the
object's keys (a demo refused, unknown fields refused, the required ones present) and a whole
number within its range, each refusal an InvalidInputError naming the field and the rule."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.kernel.errors import InvalidInputError

DEMO_FIELDS = ("demo", "demo_mode", "free_play", "play_money")


def check_keys(data: Any, *, fields: Iterable[str], required: Iterable[str], venue: str,
               demo_rule: str, demo_rules_said: str) -> dict[str, Any]:
    """``data`` as a configuration object: no demo (``demo_rule``; ``demo_rules_said`` names
    the rules in the message, "r37, r38"), no field outside ``fields``, every ``required``
    one given (not null)."""
    if not isinstance(data, dict):
        raise InvalidInputError("config must be an object", field="config")
    demo = [str(k) for k in data if k in DEMO_FIELDS]
    if demo:
        raise InvalidInputError(
            f"{demo[0]}: no demo mode is offered; a {venue} plays for real money only (demos"
            f" and their free-play rewards, {demo_rules_said}, are not part of this ledger)",
            field=demo[0], rule=demo_rule, code="demo_not_offered")
    known = set(fields)
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise InvalidInputError(f"unknown field(s) in config: {', '.join(unknown)}",
                                field=unknown[0], code="unknown_field")
    for key in required:
        if data.get(key) is None:
            raise InvalidInputError(f"{key} is required", field=key, code="missing_field")
    return data


def whole(value: Any, field: str, minimum: int, maximum: int, rule: str,
          what: str = "a whole number") -> int:
    """An integer (never a bool) from ``minimum`` to ``maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{field} must be {what} (an integer)", field=field, rule=rule)
    if not minimum <= value <= maximum:
        raise InvalidInputError(f"{field} must be {minimum} to {maximum}", field=field,
                                rule=rule)
    return value
