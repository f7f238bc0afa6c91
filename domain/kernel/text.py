"""Free text that reaches the record: names, venue ids, idempotency keys, notes.

903-B 7.9.1: input is validated. Control characters are refused everywhere: they have no
place in a name or an id, and a NUL cannot be stored in a PostgreSQL text column, so one that
slipped into an event would stop every projection that reads it (found by probing the API).
The bidirectional overrides and isolates are refused too: they make a name or an id read
differently from what it is (on a statement, in an auditor's replay, in a complaint's record),
and a value must show at least one visible character (not only spaces or zero-width ones).
Zero-width joiners inside a name stay allowed (they build emoji and some scripts).
"""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import T903B, cite

MAX_ID_LENGTH = 100
# Category Cc (U+0000–U+001F, U+007F–U+009F), then the bidirectional marks, embeddings,
# overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# A visible character: anything but white space and the invisible format characters.
_VISIBLE = re.compile("[^\\s\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]")

# The same rules as one regular expression, declared as the ``pattern`` of these fields in the
# OpenAPI document (api/schemas.py): any number of allowed characters around one visible one.
# Written with escapes only and without \s, so it means the same to Python and to ECMA-262
# (JSON Schema); tests/core/test_text_pattern.py checks it against check_text, character by
# character.
_NOT_ALLOWED = r"\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_INVISIBLE = (r"\x20\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"  # white space
              r"\xad\u180e\u200b-\u200d\u2060-\u2064\ufeff")  # format characters
TEXT_PATTERN = f"^[^{_NOT_ALLOWED}]*[^{_NOT_ALLOWED}{_INVISIBLE}][^{_NOT_ALLOWED}]*$"


def check_text(value: Any, field: str, max_length: int = MAX_ID_LENGTH) -> str:
    """A non-empty string of at most ``max_length`` characters, none of them a control
    character; the error names the field and the rule."""
    if not isinstance(value, str) or len(value) > max_length or not _VISIBLE.search(value):
        raise InvalidInputError(f"{field} must be a non-empty string of at most {max_length}"
                                " characters, at least one of them visible", field=field,
                                rule=cite(T903B, "7.9.1"))
    if _CONTROL.search(value):
        raise InvalidInputError(f"{field} must not contain control characters",
                                field=field, rule=cite(T903B, "7.9.1"))
    if _BIDI.search(value):
        raise InvalidInputError(f"{field} must not contain bidirectional control characters "
                                "(they make it read as something else)", field=field,
                                rule=cite(T903B, "7.9.1"))
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
                                rule=cite(T903B, "7.9.1"))
    return value


def portable_file_name(name: str) -> str:
    """A name (a jogada id: ``<venue id>:<number>``) as a file name every file system takes:
    ``:`` (refused by Windows, read as a drive or a URL scheme elsewhere) becomes ``_``."""
    return name.replace(":", "_")
