"""What a rule-set version's settings may be, whatever the game: bounded JSON-like values
(903-B 7.9.1: input is validated; a version is kept for ten years). Checked before the venue's
game checks them as its configuration (domain/rulesets/venue_settings.py)."""

from __future__ import annotations

import json
import math
from typing import Any

from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_no_nul

MAX_DEPTH = 8
# 903-B 7.9.1: a version is kept for ten years; a game's configuration is well under 1 KiB.
MAX_SETTINGS_BYTES = 64 * 1024


def check_settings_size(settings: Any) -> None:
    """At most ``MAX_SETTINGS_BYTES`` of compact JSON (UTF-8); checked before anything else so
    that an oversized body is refused for its size, and before it reaches the writer."""
    try:
        size: int | None = len(json.dumps(
            settings, separators=(",", ":"), ensure_ascii=False, skipkeys=True,
            default=str).encode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError):  # an integer of over 4300 digits; a circular value
        size = None
    if size is None or size > MAX_SETTINGS_BYTES:
        raise InvalidInputError(
            f"settings must be at most {MAX_SETTINGS_BYTES} bytes of JSON"
            + ("" if size is None else f", not {size}"),
            field="settings", rule=cite(T903B, "7.9.1"), details={"max_bytes": MAX_SETTINGS_BYTES})


def check_settings(value: Any, path: str = "settings", depth: int = 0) -> Any:
    """JSON-like values only (they are stored as they are, for ten years): a copy is returned,
    tuples become lists. Money in settings is integer cents, as everywhere."""
    if depth > MAX_DEPTH:
        raise InvalidInputError(f"{path} is nested too deeply", field=path)
    if isinstance(value, str):
        return check_no_nul(value, path)
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise InvalidInputError(f"{path} must be a finite number", field=path)
        return value
    if isinstance(value, (list, tuple)):
        return [check_settings(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if not isinstance(key, str) or not key:
                raise InvalidInputError(f"{path} keys must be non-empty strings", field=path)
            check_no_nul(key, path)
            out[key] = check_settings(v, f"{path}.{key}", depth + 1)
        return out
    raise InvalidInputError(f"{path} has a value of type {type(value).__name__}", field=path)
