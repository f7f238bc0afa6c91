"""The coin toss's table configuration: a fixed stake and the seconds before the toss."""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import InvalidInputError

FIELDS = ("stake_cents", "toss_after")


def check_config(config: Any) -> dict[str, Any]:
    if not isinstance(config, dict) or set(config) - set(FIELDS):
        raise InvalidInputError("config holds stake_cents and toss_after", field="config")
    stake, after = config.get("stake_cents"), config.get("toss_after", 5)
    for name, value in (("stake_cents", stake), ("toss_after", after)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"{name} must be a whole number ≥ 1", field=name)
    return {"stake_cents": stake, "toss_after": after}


def check_settings(settings: dict[str, Any], table: Any) -> tuple[dict[str, Any], list]:
    """A rule-set version of a table: checked as its creation checks a configuration."""
    return check_config(settings), []
