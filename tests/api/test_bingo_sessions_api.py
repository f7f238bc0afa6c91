"""Bingo over HTTP: a player leaves the room when its game session ends (rules 53–55), what a
player sees of the other players (nothing that names them), the room's status with no jogada,
and the routes whose body is entirely optional."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.test_bingo_api import buy, create_room, player_in, room_config
from tests.api.semdescarte_support import strings_in


def room_state(client, room_id: str, headers=OPERATOR) -> dict[str, Any]:
    return ok(client.get(f"/bingo/rooms/{room_id}", headers=headers))


def tick(client, room_id: str) -> list[str]:
    return ok(client.post(f"/bingo/rooms/{room_id}/tick", headers=OPERATOR))["done"]


@pytest.mark.parametrize("ended_by", ["player", "operator"])
def test_bingo_53_55_a_player_whose_session_ended_is_no_longer_in_the_room(api, client, ended_by):
    """Rule 53: the player is in the room within its game session; once the session ends it
    is no longer counted there, and a continuous room with nobody left does not open
    jogadas for it (it stayed a member until some later close of sales)."""
    room = ok(create_room(client, room_config("90")), 201)
    rid = room["room_id"]
    _, ana, sid = player_in(api, room, "Ana")
    assert room_state(client, rid)["players"] == 1
    who, reason = (ana, "player") if ended_by == "player" else (OPERATOR, "suspension")
    ok(client.post(f"/sessions/{sid}/end", json={"reason": reason}, headers=who))
    assert room_state(client, rid)["players"] == 0
    assert tick(client, rid) == []
    assert room_state(client, rid)["status"] == "no_jogada"


def test_a_room_with_no_jogada_says_so(api, client):
    room = ok(create_room(client, room_config("90")), 201)
    rid = room["room_id"]
    _, ana, _ = player_in(api, room, "Ana")
    assert room_state(client, rid, ana)["status"] == "no_jogada"
    assert ok(client.get(f"/bingo/rooms/{rid}/view", headers=ana))["status"] == "no_jogada"
    assert tick(client, rid) == ["opened"]
    assert room_state(client, rid, ana)["status"] == "sale"


def test_optional_bodies_may_be_left_out(api, client):
    """POST .../players and .../jogadas with no body mean "all defaults" (a 422 "body: Field
    required" before)."""
    room = ok(create_room(client, room_config("90")), 201)
    rid = room["room_id"]
    pid, ana = api.player("Ana")
    ok(client.post("/sessions", json={"venue_id": room["venue_id"], "game": "bingo"},
                   headers=ana), 201)
    assert ok(client.post(f"/bingo/rooms/{rid}/players", headers=ana), 201)["player_id"] == pid
    opened = ok(client.post(f"/bingo/rooms/{rid}/jogadas", headers=OPERATOR), 201)
    assert opened["status"] == "sale"


def test_a_player_sees_its_own_prize_share_not_who_else_won(api, client, clock):
    """GET /bingo/rooms/{id} and its /view: a prize's winners are named to staff; a player
    sees the number of winners and its own share only, never another player's id."""
    room = ok(create_room(client, room_config("90")), 201)
    rid = room["room_id"]
    people = [player_in(api, room, name) for name in ("Ana", "Bia", "Caio")]
    assert tick(client, rid) == ["opened"]
    for n, (_, headers, _) in enumerate(people):
        assert buy(client, rid, headers, 2, f"k{n}").status_code == 201
    for _ in range(200):  # the room's clock until the first prize is won
        state = room_state(client, rid)["open_jogada"]
        if state["won"]:
            break
        due = datetime.fromisoformat(state["next_draw_at"] or state["sales_close_at"])
        clock.advance(max((due - clock.now()).total_seconds(), 0))
        tick(client, rid)
    [(prize, won)] = state["won"].items()
    winners = set(won["shares"])
    assert winners and won["winners"] == len(winners)
    for pid, headers, sid in people:
        others = {p for p, _, _ in people if p != pid} | {s for _, _, s in people if s != sid}
        for route in ("", "/view"):
            seen = ok(client.get(f"/bingo/rooms/{rid}{route}", headers=headers))
            assert not others & set(strings_in(seen)), route
            mine = seen.get("open_jogada", seen)["won"][prize]
            assert mine["winners"] == len(winners)
            assert mine["shares"] == ({pid: won["shares"][pid]} if pid in winners else {})
