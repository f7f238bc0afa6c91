"""903-B 7.9.1: the ``pattern`` the OpenAPI document declares on names, ids and keys
(domain.kernel.text.TEXT_PATTERN) says exactly what check_text accepts, so a client (or a contract
test) that follows the schema is never refused for a character, and one that does not is."""

from __future__ import annotations

import re

import pytest

from domain.kernel.errors import InvalidInputError
from domain.kernel.text import TEXT_PATTERN, check_text

PATTERN = re.compile(TEXT_PATTERN)


def accepted(value: str) -> bool:
    try:
        check_text(value, "name", max_length=10)
    except InvalidInputError:
        return False
    return True


def test_903b_7_9_1_text_pattern_agrees_with_check_text_on_every_bmp_character():
    disagree = []
    for code in range(0x10000):
        if 0xD800 <= code <= 0xDFFF:
            continue  # surrogates: not characters, never in decoded JSON text
        char = chr(code)
        for value in (char, "a" + char, char + " "):
            if bool(PATTERN.fullmatch(value)) != accepted(value):
                disagree.append((hex(code), value))
    assert not disagree, disagree[:20]


@pytest.mark.parametrize("value", ["Ana Silva", "\U0001F600", "a\u200db", " x ", "席"])
def test_903b_7_9_1_text_pattern_matches_sane_text(value):
    assert PATTERN.fullmatch(value) and accepted(value)


@pytest.mark.parametrize("value", ["", " ", "\u200b", "A\x00B", "x\u202ey", "a\nb", "\x85"])
def test_903b_7_9_1_text_pattern_refuses_what_check_text_refuses(value):
    assert not PATTERN.fullmatch(value) and not accepted(value)
