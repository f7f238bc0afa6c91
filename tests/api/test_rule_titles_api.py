"""An error body's ``rule_title`` (api/errors.py): beside the ``rule`` a refusal cites, the
title of each rule it names, from the rule catalogues (the game's rule_book.py for a game's
rule, domain/kernel/rule_book_903b.py for 903-B). Only added: the body keeps every field it had."""

from __future__ import annotations

from domain.games.bingo.rule_book import RULES as BINGO_RULES
from domain.kernel.rule_book_903b import SECTIONS
from domain.games.semdescarte.rule_book import RULES as SD_RULES
from tests.api.conftest import OPERATOR
from tests.api.semdescarte_support import SD, ante, error_of
from tests.api.test_bingo_api import create_room, room_config


def test_sd_16_a_refused_ante_carries_the_rule_and_its_title(client, multi):
    table, _, headers, _ = multi
    error = error_of(ante(client, table["table_id"], headers, 99, "a1"), 409)
    assert (error["code"], error["field"], error["rule"]) == ("ante_out_of_range", "ante_cents",
                                                             f"{SD} 16")
    assert error["rule_title"] == SD_RULES[16]
    assert set(error) == {"code", "message", "field", "rule", "rule_title", "details",
                          "request_id"}


def test_bingo_37_38_a_refusal_citing_two_rules_titles_each(client):
    """A rule of several numbers: each number's title, after its number. Two lines paying less
    than a line is refused (rules 37, 38: a harder combination pays more)."""
    config = room_config("90", prizes={"line": 3_000, "two_lines": 2_000, "bingo": 5_000})
    error = error_of(create_room(client, config), 409)
    assert (error["code"], error["rule"]) == ("harder_pays_more", "bingo rule 37, 38")
    assert error["rule_title"] == f"rule 37: {BINGO_RULES[37]}; rule 38: {BINGO_RULES[38]}"


def test_903b_5_2_2_3_an_overdraft_carries_the_rule_and_the_sections_title(api):
    player_id, player = api.player()
    api.deposit(player_id, 1_000, "d1")
    error = error_of(api.withdraw(player_id, 1_001, "w1", headers=player), 409)
    assert (error["code"], error["rule"]) == ("insufficient_funds", "903-B 5.2.2(3)")
    assert error["rule_title"] == SECTIONS["5.2.2"]
    assert error["details"] == {"available_cents": 1_000, "needed_cents": 1_001}


def test_an_error_without_a_rule_or_with_a_rule_no_catalogue_holds_has_no_rule_title(client):
    error = error_of(client.post("/players", headers=OPERATOR, json={}), 422)
    assert "rule" not in error and "rule_title" not in error
    error = error_of(client.get("/players/not-a-uuid/balance", headers=OPERATOR), 422)
    assert "rule_title" not in error


def test_the_openapi_error_schema_declares_rule_title(client):
    schema = client.get("/openapi.json").json()["components"]["schemas"]["ErrorDetail"]
    assert schema["properties"]["rule_title"]["anyOf"][0] == {"type": "string"}
    assert "rule_title" not in schema.get("required", [])
