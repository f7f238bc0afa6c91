"""Listings over HTTP: a player's jogadas across both games (GET /players/{id}/jogadas, GET
/jogadas), and the tables and rooms (GET /semdescarte/tables, GET /bingo/rooms), built by the
projection "jogadas_listing" from the game events alone.

Jogadas are played through the API with forced decks (certification mode) and the room's
clock; the sem descarte amounts are worked out here from the paytable (rules 12, 22, 28, 33,
A2); the bingo ones are checked against the wallet (the balances projection, a separate read
model built from the account events) and the session statement (rule 52).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

import pytest

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.test_bingo_api import PRICE, buy, create_room, drive_to_end, room_config
from tests.api.semdescarte_support import (ante, create_table, deal, decide, forced_deck,
                                           individual_config, multi_config)

FUNDS = 100_000


def session_at(api: Api, headers, venue: dict[str, Any]) -> str:
    return ok(api.client.post("/sessions", json={"venue_id": venue["venue_id"],
                                                 "game": venue["game"]}, headers=headers),
              201)["session_id"]


def funded(api: Api, name: str) -> tuple[str, dict[str, str]]:
    player_id, headers = api.player(name)
    assert api.deposit(player_id, FUNDS, f"dep-{player_id}").status_code == 201
    return player_id, headers


def jogadas(client, player_id: str, headers=OPERATOR, **params) -> dict[str, Any]:
    return ok(client.get(f"/players/{player_id}/jogadas", headers=headers, params=params))


class Played:
    """Ana plays six jogadas, newest last: sem descarte won, folded; bingo settled (with Bia
    and Rui), cancelled (Ana alone, rule 20); sem descarte voided (rule 33), in play."""

    def __init__(self, client, clock) -> None:
        self.client, self.api = client, Api(client)
        api = self.api
        self.ana, self.ana_h = funded(api, "Ana")
        self.bia, self.bia_h = funded(api, "Bia")
        self.rui, self.rui_h = funded(api, "Rui")
        self.table = create_table(client, individual_config(), name="Mesa da Ana")
        tid = self.table["table_id"]
        session_at(api, self.ana_h, self.table)
        ok(client.post(f"/semdescarte/tables/{tid}/seats", json={}, headers=self.ana_h), 201)
        self.starts = []

        # 1. Flush against ace-king high: ante 1 to 1, the 400 bet 5 to 1 (rules 12, 28; A2).
        self.starts.append(clock.now())
        j1 = ok(ante(client, tid, self.ana_h, 200, "a1"), 201)["jogada_id"]
        deck = forced_deck([["Kh", "Th", "8h", "5h", "2h"]], ["Ac", "Kd", "9s", "4c", "7d"],
                           burn="Qs")
        ok(deal(client, tid, self.ana_h, deck))
        assert ok(decide(client, tid, self.ana_h, j1, "continue"))["settled"]
        clock.advance(60)
        # 2. A fold: the ante is lost (rule 22).
        self.starts.append(clock.now())
        j2 = ok(ante(client, tid, self.ana_h, 100, "a2"), 201)["jogada_id"]
        ok(deal(client, tid, self.ana_h))
        assert ok(decide(client, tid, self.ana_h, j2, "fold"))["settled"]
        clock.advance(60)

        # 3. Bingo: Ana 2 cards, Bia 1, Rui 1, played to the bingo by the room's clock.
        room = self.room = ok(create_room(client, room_config("90"), name="Sala Norte"), 201)
        rid = room["room_id"]
        self.bingo_sessions = {}
        for pid, headers in ((self.ana, self.ana_h), (self.bia, self.bia_h),
                             (self.rui, self.rui_h)):
            self.bingo_sessions[pid] = session_at(api, headers, room)
            ok(client.post(f"/bingo/rooms/{rid}/players", json={}, headers=headers), 201)
        self.starts.append(clock.now())
        j3 = ok(client.post(f"/bingo/rooms/{rid}/jogadas", json={}, headers=OPERATOR),
                201)["jogada_id"]
        for pid, headers, count in ((self.ana, self.ana_h, 2), (self.bia, self.bia_h, 1),
                                    (self.rui, self.rui_h, 1)):
            ok(buy(client, rid, headers, count, f"b3-{pid}"), 201)
        drive_to_end(client, clock, rid)
        clock.advance(60)
        # 4. Ana alone buys: fewer than 3 players, cancelled and refunded (rules 6, 20; A22).
        self.starts.append(clock.now())
        j4 = ok(client.post(f"/bingo/rooms/{rid}/jogadas", json={}, headers=OPERATOR),
                201)["jogada_id"]
        ok(buy(client, rid, self.ana_h, 3, "b4"), 201)
        clock.advance(31)
        assert ok(client.post(f"/bingo/rooms/{rid}/tick", headers=OPERATOR))["done"] == [
            "cancelled"]
        clock.advance(60)

        # 5. A fault of the system after the deal: void, the ante back (rule 33).
        self.starts.append(clock.now())
        j5 = ok(ante(client, tid, self.ana_h, 300, "a5"), 201)["jogada_id"]
        ok(deal(client, tid, self.ana_h))
        ok(client.post(f"/semdescarte/tables/{tid}/interruptions",
                       json={"kind": "system_fault"}, headers=OPERATOR))
        clock.advance(60)
        # 6. An ante, nothing else yet: in play.
        self.starts.append(clock.now())
        j6 = ok(ante(client, tid, self.ana_h, 100, "a6"), 201)["jogada_id"]
        self.ids = [j1, j2, j3, j4, j5, j6]


@pytest.fixture
def played(make_client, clock) -> Played:
    return Played(make_client(certification_mode="1"), clock)


def test_sd_39_bingo_52_a_players_jogadas_newest_first_with_their_amounts(played):
    """Each jogada once, newest first, with the player's amounts as the statement counts them
    (sem descarte rule 39, bingo rule 52) and its result; the sum of the ended jogadas' net
    amounts is what the wallet moved."""
    p, client = played, played.client
    page = jogadas(client, p.ana, p.ana_h)
    items = page["data"]
    assert [i["jogada_id"] for i in items] == p.ids[::-1]
    assert page["next_cursor"] is None and page["count"] == 6
    by_id = {i["jogada_id"]: i for i in items}
    amounts = lambda i: (i["status"], i["result"], i["wagered_cents"], i["won_cents"],  # noqa
                         i["refunded_cents"], i["net_cents"])
    j1, j2, j3, j4, j5, j6 = (by_id[j] for j in p.ids)
    # Rule 28b, 12: 600 staked; 600 back + 200 (ante 1 to 1) + 2000 (flush 5 to 1 on 400).
    assert amounts(j1) == ("settled", "player_won", 600, 2_800, 0, 2_200)
    assert (j1["detail"]["decision"], j1["detail"]["multiplier"]) == ("continue", 5)
    assert amounts(j2) == ("settled", "folded", 100, 0, 0, -100)  # rule 22
    assert amounts(j4) == ("cancelled", "cancelled", 3 * PRICE, 0, 3 * PRICE, 0)  # rule 20
    assert amounts(j5) == ("void", "void", 300, 0, 300, 0)  # rule 33
    assert amounts(j6) == ("in_play", None, 100, 0, 0, -100)
    assert j6["ended_at"] is None and all(i["ended_at"] for i in items[1:])
    # Bingo: 2 cards; what was won is the prizes, each by category.
    assert (j3["status"], j3["wagered_cents"], j3["detail"]["cards"]) == ("settled", 300, 2)
    assert j3["won_cents"] == sum(j3["prizes"].values())
    assert j3["result"] == ("lost" if not j3["won_cents"] else "won" if j3["net_cents"] > 0
                            else "prize_net_loss" if j3["net_cents"] < 0 else "prize_net_even")
    assert j3["net_cents"] == j3["won_cents"] - 300
    statement = ok(client.get(f"/sessions/{p.bingo_sessions[p.ana]}/statement",
                              headers=p.ana_h))
    assert statement["won_cents"] == j3["won_cents"]
    assert statement["refunded_cents"] == j4["refunded_cents"]
    # The wallet (the balances projection, from the account events) moved by the net amounts.
    balance = p.api.balance(p.ana, p.ana_h)
    assert balance["balance_cents"] - FUNDS == sum(i["net_cents"] for i in items[1:])
    assert balance["held_cents"] == 300  # the open ante holds 3 × 100 (A8)
    # Bia and Rui: their one card each in the bingo; every prize of it went to one of the three.
    others = [jogadas(client, pid, h)["data"] for pid, h in ((p.bia, p.bia_h), (p.rui, p.rui_h))]
    assert [[i["jogada_id"] for i in o] for o in others] == [[p.ids[2]], [p.ids[2]]]
    replay = ok(client.get(f"/bingo/jogadas/{p.ids[2]}/replay", headers=OPERATOR))
    paid = sum(sum(w["shares"].values()) for w in replay["final"]["won"].values())
    assert paid == j3["won_cents"] + sum(o[0]["won_cents"] for o in others)
    # Times: started when the jogada opened, on the test's clock.
    assert [datetime.fromisoformat(i["started_at"]) for i in items] == p.starts[::-1]
    # Venues.
    assert j1["venue"] == {"venue_id": p.table["venue_id"], "name": "Mesa da Ana",
                           "table_id": p.table["table_id"], "room_id": None,
                           "wheel_id": None}
    assert j3["venue"]["name"] == "Sala Norte" and j3["venue"]["room_id"] == p.room["room_id"]
    assert j1["seat"] == 1 and j3["seat"] is None


def test_replay_links_are_for_staff_and_lead_to_the_jogada(played):
    """903-B 6.3.4(2): the replay is staff's (a player's items carry no link); an open jogada
    has none (its hidden cards would show)."""
    p, client = played, played.client
    assert all(i["replay_url"] is None for i in jogadas(client, p.ana, p.ana_h)["data"])
    handler = p.api.staff("complaint_handler")[1]
    items = jogadas(client, p.ana, handler)["data"]
    assert items[0]["replay_url"] is None  # in play
    for item in items[1:]:
        replay = ok(client.get(item["replay_url"], headers=handler))
        assert replay["jogada_id"] == item["jogada_id"]


def test_filters_by_game_and_time_and_pages_with_a_cursor(played):
    p, client = played, played.client
    ids = p.ids[::-1]
    game = lambda g: [i["jogada_id"] for i in jogadas(client, p.ana, game=g)["data"]]  # noqa
    assert game("bingo") == [p.ids[3], p.ids[2]]
    assert game("semdescarte") == [p.ids[5], p.ids[4], p.ids[1], p.ids[0]]
    # since inclusive, until exclusive, on the time the jogada started; any offset.
    since = p.starts[1].astimezone(timezone(timedelta(hours=-3)))
    found = jogadas(client, p.ana, since=since.isoformat(), until=p.starts[4].isoformat())
    assert [i["jogada_id"] for i in found["data"]] == [p.ids[3], p.ids[2], p.ids[1]]
    assert jogadas(client, p.ana, since=p.starts[5].isoformat())["data"][0]["jogada_id"] == ids[0]
    # Pages of 4, then the rest; the pages together are the whole list.
    first = jogadas(client, p.ana, limit=4)
    assert [i["jogada_id"] for i in first["data"]] == ids[:4]
    second = jogadas(client, p.ana, limit=4, cursor=first["next_cursor"])
    assert [i["jogada_id"] for i in second["data"]] == ids[4:]
    assert second["next_cursor"] is None
    exact = jogadas(client, p.ana, limit=6)
    assert exact["count"] == 6 and exact["next_cursor"] is None
    # Staff across players: one item per player and jogada.
    everyone = ok(client.get("/jogadas", headers=OPERATOR, params={"game": "bingo"}))["data"]
    assert sorted((i["jogada_id"], i["player_id"]) for i in everyone) == sorted(
        [(p.ids[2], p.ana), (p.ids[2], p.bia), (p.ids[2], p.rui), (p.ids[3], p.ana)])
    mine = ok(client.get("/jogadas", headers=OPERATOR, params={"player_id": p.ana}))["data"]
    assert [i["jogada_id"] for i in mine] == ids


def test_a_player_cannot_list_another_players_jogadas_nor_everyones(played):
    p, client = played, played.client
    r = client.get(f"/players/{p.ana}/jogadas", headers=p.bia_h)
    assert r.status_code == 403 and r.json()["error"]["field"] == "player_id"
    assert client.get("/jogadas", headers=p.bia_h).status_code == 403
    assert client.get(f"/players/{p.ana}/jogadas").status_code == 401


@pytest.mark.parametrize("params, field", [
    ({"since": "2026-01-05T12:00:00"}, "since"),  # no offset: refused, never guessed (A65)
    ({"until": "2026-01-05 12:00"}, "until"),
    ({"since": "yesterday"}, "since"),
    ({"since": "2026-02-30T00:00:00Z"}, "since"),
    ({"game": "roleta"}, "game"),
    ({"limit": 501}, "limit"),
    ({"limit": 0}, "limit"),
    ({"cursor": -1}, "cursor"),
])
def test_903b_7_9_1_bad_jogada_filters_are_422_naming_the_field(api, client, params, field):
    player_id, _ = api.player()
    for path in (f"/players/{player_id}/jogadas", "/jogadas"):
        r = client.get(path, headers=OPERATOR, params=params)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["field"] == field


def test_until_not_after_since_is_an_empty_range_not_an_error(played):
    p, client = played, played.client
    for since, until in (("2026-01-06T00:00:00Z", "2026-01-05T00:00:00Z"),
                         ("2000-01-01T00:00:00Z", "2000-01-01T00:00:00Z")):
        for path in (f"/players/{p.ana}/jogadas", "/jogadas"):
            page = ok(client.get(path, headers=OPERATOR, params={"since": since, "until": until}))
            assert page["data"] == [] and page["next_cursor"] is None


def test_an_unknown_player_is_404(client):
    r = client.get("/players/7c9e6679-7425-40de-944b-e07fc1f90ae7/jogadas", headers=OPERATOR)
    assert r.status_code == 404


def test_the_listing_rebuilt_from_the_events_alone_is_the_same(played):
    """The projection is a read model: emptied and replayed from the first event, it gives the
    same rows."""
    p, client = played, played.client
    handler = p.api.staff("auditor")[1]
    reads = lambda: (ok(client.get("/jogadas", headers=handler, params={"limit": 500})),  # noqa
                     ok(client.get("/semdescarte/tables", headers=handler)),
                     ok(client.get("/bingo/rooms", headers=handler)))
    before = reads()
    assert before[0]["count"] == 8  # Ana 6, Bia 1, Rui 1
    ledger = client.app.state.ledger
    ledger.projections.rebuild(["jogadas_listing"])
    assert reads() == before
