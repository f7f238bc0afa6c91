"""Free text that reaches the record: names, venue ids, idempotency keys, notes.

903-B 7.9.1: input is validated. Control characters are refused everywhere: they have no
place in a name or an id, and a NUL cannot be stored in a PostgreSQL text column, so one that
slipped into an event would stop every projection that reads it (found by probing the API).
"""

from __future__ import annotations

import unicodedata
from typing import Any
from uuid import UUID

from domain.errors import InvalidInputError

MAX_ID_LENGTH = 100


def check_text(value: Any, field: str, max_length: int = MAX_ID_LENGTH) -> str:
    """A non-empty string of at most ``max_length`` characters, none of them a control
    character; the error names the field and the rule."""
    if not isinstance(value, str) or not value.strip() or len(value) > max_length:
        raise InvalidInputError(f"{field} must be a non-empty string of at most {max_length}"
                                " characters", field=field, rule="903-B 7.9.1")
    if any(unicodedata.category(ch) == "Cc" for ch in value):
        raise InvalidInputError(f"{field} must not contain control characters",
                                field=field, rule="903-B 7.9.1")
    return value


def check_uuid(value: Any, field: str) -> UUID:
    """A UUID, or the text of one (ids in paths, bodies and recorded events)."""
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except ValueError:
        raise InvalidInputError(f"{field} must be a UUID", field=field) from None


def check_no_nul(value: str, field: str) -> str:
    """Free-form values (rule-set settings): anything but NUL, which no store keeps."""
    if "\x00" in value:
        raise InvalidInputError(f"{field} must not contain a NUL character", field=field,
                                rule="903-B 7.9.1")
    return value
