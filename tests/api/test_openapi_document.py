"""The OpenAPI document declares what the service does (api/openapi.py, api/schemas.py): the
error answers of every route, the text rule of names and ids (903-B 7.9.1), who must name the
player; and the service keeps to it (ISO 8601 only in queries, A65)."""

from __future__ import annotations

import pytest

from domain.kernel.text import TEXT_PATTERN
from tests.api.conftest import OPERATOR

METHODS = {"get", "post", "put", "patch", "delete"}
ERROR_REF = "#/components/schemas/ErrorPublic"


def operations(client):
    document = client.get("/openapi.json").json()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def error_answer(operation, status: str) -> dict:
    answer = operation["responses"].get(status)
    assert answer is not None, status
    assert answer["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}
    return answer


def test_every_route_declares_the_error_answers_it_can_give(client):
    """400 (unparseable JSON) and 413 with a body, 401 and 503 with a key, 404 with a path
    parameter, 422 with any input; each with the error schema and its headers."""
    checked = 0
    for name, operation in operations(client):
        if "requestBody" in operation:
            for status in ("400", "413", "422"):
                error_answer(operation, status)
        if operation.get("security"):
            assert "WWW-Authenticate" in error_answer(operation, "401")["headers"], name
            assert "Retry-After" in error_answer(operation, "503")["headers"], name
        if "{" in name:
            error_answer(operation, "404")
        for status, answer in operation["responses"].items():
            assert "X-Request-ID" in answer.get("headers", {}), (name, status)
        checked += 1
    assert checked > 30


def test_unparseable_json_is_the_declared_400_with_the_error_shape(client):
    declared = dict(operations(client))["POST /players"]
    error_answer(declared, "400")
    r = client.post("/players", content=b"\xff{not json", headers={
        **OPERATOR, "Content-Type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "http_400"


@pytest.mark.parametrize("path, model_field", [
    ("PlayerCreate", "display_name"), ("StaffCreate", "display_name"),
    ("CashMovementCreate", "idempotency_key"), ("SessionCreate", "venue_id"),
    ("TableCreate", "name"), ("RoomCreate", "name"), ("CorrectionCreate", "reason"),
    ("AnteCreate", "idempotency_key"), ("CardsBuy", "idempotency_key"),
    ("DecisionCreate", "jogada_id")])
def test_903b_7_9_1_text_fields_declare_the_pattern_check_text_applies(client, path, model_field):
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas[path]["properties"][model_field]["pattern"] == TEXT_PATTERN


def test_903b_7_9_1_text_path_and_query_parameters_declare_the_pattern(client):
    wanted = {("POST /transfers/{transfer_id}/corrections", "transfer_id"),
              ("GET /audit/accounts", "after_code"),
              ("GET /venues/{venue_id}/rulesets", "venue_id"),
              ("GET /semdescarte/jogadas/{jogada_id}/replay", "jogada_id"),
              ("GET /bingo/jogadas/{jogada_id}/replay", "jogada_id")}
    found = {(name, p["name"]) for name, operation in operations(client)
             for p in operation.get("parameters", []) if p["schema"].get("pattern") == TEXT_PATTERN}
    assert wanted <= found


def test_player_id_is_declared_required_where_an_operator_must_name_the_player(client, api):
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    for model in ("SessionCreate", "SeatTake", "SeatLeave", "RoomJoin"):
        assert "player_id" in schemas[model]["required"], model
        assert schemas[model]["properties"]["player_id"]["type"] == "string"
    # What the document says is what works for everyone; a player may still leave it out.
    _, player = api.player()
    room = client.post("/bingo/rooms", headers=OPERATOR, json={"name": "Sala 1", "config": {
        "variant": "90", "card_price_cents": 100, "max_cards": 6, "pool_bp": 8_000,
        "prizes": {"line": 2_000, "bingo": 8_000}, "sale_seconds": 30,
        "draw_interval_ms": 1_000}})
    assert room.status_code == 201, room.text
    venue = room.json()["venue_id"]
    r = client.post("/sessions", json={"venue_id": venue, "game": "bingo"}, headers=player)
    assert r.status_code == 201, r.text
    r = client.post("/sessions", json={"venue_id": venue, "game": "bingo"}, headers=OPERATOR)
    assert (r.status_code, r.json()["error"]["field"]) == (422, "player_id")


@pytest.mark.parametrize("path, param, value", [
    ("/cash-movements", "until", "0.5"), ("/cash-movements", "since", "1700000000"),
    ("/venues/v1/rulesets/in-force", "at", "1e9")])
def test_903b_a65_a_unix_time_in_a_query_is_422_naming_the_field(client, path, param, value):
    """A65: instants are ISO 8601 (kept in UTC); a number was taken as a Unix time."""
    r = client.get(path, params={param: value}, headers=OPERATOR)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == param


def test_903b_a65_iso_times_in_a_query_are_accepted_and_a_number_is_not(client, api):
    player_id, _ = api.player()
    for value in ("2026-01-05T12:00:00Z", "2026-01-05T12:00:00+01:00", "2026-01-05T12:00:00",
                  "2026-01-05"):
        r = client.get(f"/players/{player_id}/activity", params={"until": value},
                       headers=OPERATOR)
        assert r.status_code == 200, (value, r.text)
    r = client.get(f"/players/{player_id}/activity", params={"until": "0.5"}, headers=OPERATOR)
    assert (r.status_code, r.json()["error"]["field"]) == (422, "until")
