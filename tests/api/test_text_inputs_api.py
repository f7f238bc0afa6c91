"""903-B 7.9.1: input is validated. A control character (a NUL above all, which PostgreSQL
cannot store in text) in a name, an id or a key is refused with a 422 naming the field, and
nothing reaches the record: the read models keep up afterwards."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR


@pytest.mark.parametrize("bad", ["A\x00B", "line\nbreak", "\x1b[31m",
                                 # bidirectional override and isolate: reads as "Ana gpj."
                                 "Ana \u202e.jpg", "x\u2066y",
                                 # nothing visible
                                 "\u200b\u200b", "\u00a0 \ufeff"])
def test_903b_7_9_1_control_characters_are_refused_everywhere(client, api, bad):
    player_id, _ = api.player()
    answers = {
        "display_name": client.post("/players", headers=OPERATOR, json={"display_name": bad}),
        "idempotency_key": api.deposit(player_id, 100, bad),
        "venue_id": client.post("/sessions", headers=OPERATOR, json={
            "player_id": player_id, "venue_id": bad, "game": "sem_descarte_individual"}),
    }
    for field, answer in answers.items():
        assert answer.status_code == 422, (field, answer.text)
        error = answer.json()["error"]
        assert error["field"] == field and error["rule"] == "903-B 7.9.1", error
    # Nothing was recorded, and the projections still answer.
    assert api.balance(player_id)["available_cents"] == 0
    assert client.get("/health").json()["projection_lag"] == 0


def test_903b_7_9_1_a_control_character_in_a_corrected_transfer_id_is_422(client):
    """A NUL in the path's transfer id is refused before any query (it was a 500 on
    PostgreSQL)."""
    r = client.post("/transfers/a%00b/corrections", headers=OPERATOR, json={"reason": "test"})
    assert r.status_code == 422, r.text
    assert (r.json()["error"]["field"], r.json()["error"]["rule"]) == ("transfer_id",
                                                                        "903-B 7.9.1")


def test_903b_7_9_1_rule_set_settings_refuse_nul(client):
    config = {"kind": "individual", "min_ante_cents": 100, "max_ante_cents": 2_500,
              "decision_seconds": 15, "extra_seconds": 5}
    table = client.post("/semdescarte/tables", headers=OPERATOR,
                        json={"name": "Mesa 1", "config": config})
    assert table.status_code == 201, table.text
    venue = table.json()["venue_id"]
    refused = client.post(f"/venues/{venue}/rulesets", headers=OPERATOR,
                          json={"settings": {**config, "kind": "individual\x00"}})
    assert refused.status_code == 422 and refused.json()["error"]["rule"] == "903-B 7.9.1"
    kept = client.post(f"/venues/{venue}/rulesets", headers=OPERATOR, json={"settings": config})
    assert kept.status_code == 201, kept.text


@pytest.mark.parametrize("name", ["Ana 👨\u200d👩\u200d👧", "João Conceição", "قمر", "李"])
def test_903b_7_9_1_names_in_any_script_and_emoji_with_joiners_are_kept(client, name):
    r = client.post("/players", headers=OPERATOR, json={"display_name": name})
    assert r.status_code == 201, r.text
