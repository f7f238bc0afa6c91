"""Listings over HTTP, continued: the tables and rooms a player can join (GET /semdescarte/tables,
GET /bingo/rooms), and a multi-seat table's jogadas, where each seat's amounts must go to its
own player (projection "jogadas_listing")."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.test_bingo_api import create_room, room_config
from tests.api.test_listings_api import funded, jogadas, session_at
from tests.api.semdescarte_support import (ante, create_table, deal, decide, forced_deck,
                                           individual_config, multi_config, two_seated)


def listed(client, path: str, headers=OPERATOR, **params) -> dict:
    return ok(client.get(path, headers=headers, params=params))


def ids(page: dict, key: str) -> list[str]:
    return [item[key] for item in page["data"]]


def test_sd_38_tables_listed_with_rules_and_free_seats_only_staff_see_who_sits(api, client):
    """Rule 38: a player sees the table's rules and limits before it sits; a player finds a
    free seat (rule 6a) but never another player's id."""
    lisboa = create_table(client, multi_config(seats=3, jackpot=False), name="Mesa Lisboa")
    porto = create_table(client, individual_config(), name="Mesa Porto")
    lisboa2 = create_table(client, multi_config(seats=2, jackpot=False), name="mesa LISBOA 2")
    ana, ana_h = funded(api, "Ana")
    session_at(api, ana_h, lisboa)
    ok(client.post(f"/semdescarte/tables/{lisboa['table_id']}/seats", json={"seat": 2},
                   headers=ana_h), 201)
    bia, bia_h = funded(api, "Bia")

    r = client.get("/semdescarte/tables", headers=bia_h)
    page = ok(r)
    assert ids(page, "table_id") == [lisboa["table_id"], porto["table_id"], lisboa2["table_id"]]
    assert ana not in r.text  # no other player's id, anywhere
    first = page["data"][0]
    assert (first["seats"], first["seats_taken"], first["free_seats"]) == (3, 1, [1, 3])
    assert (first["name"], first["venue_id"], first["game"], first["kind"]) == (
        "Mesa Lisboa", lisboa["venue_id"], "sem_descarte_multi", "multi")
    assert first["config"] == lisboa["config"] and first["occupants"] is None
    assert (first["status"], first["open_jogada_id"], first["jogadas"]) == ("idle", None, 0)
    assert page["data"][1]["game"] == "sem_descarte_individual"
    assert page["data"][1]["free_seats"] == [1] and page["next_cursor"] is None
    staff = listed(client, "/semdescarte/tables")
    assert staff["data"][0]["occupants"] == {"2": ana}

    # Filters: part of the name in any case, the kind, the venue, the phase.
    by = lambda **f: ids(listed(client, "/semdescarte/tables", bia_h, **f), "table_id")  # noqa
    assert by(name="LISBOA") == [lisboa["table_id"], lisboa2["table_id"]]
    assert by(name="porto", kind="multi") == []
    assert by(kind="individual") == [porto["table_id"]]
    assert by(venue_id=porto["venue_id"]) == [porto["table_id"]]
    jogada_id = ok(ante(client, lisboa["table_id"], ana_h, 100, "a1"), 201)["jogada_id"]
    betting = listed(client, "/semdescarte/tables", bia_h, status="betting")["data"]
    assert [(t["table_id"], t["open_jogada_id"], t["jogadas"]) for t in betting] == [
        (lisboa["table_id"], jogada_id, 1)]
    assert by(status="idle") == [porto["table_id"], lisboa2["table_id"]]
    # Pages.
    one = listed(client, "/semdescarte/tables", bia_h, limit=2)
    assert ids(one, "table_id") == [lisboa["table_id"], porto["table_id"]]
    two = listed(client, "/semdescarte/tables", bia_h, limit=2, cursor=one["next_cursor"])
    assert ids(two, "table_id") == [lisboa2["table_id"]] and two["next_cursor"] is None


def test_bingo_4_rooms_listed_with_rules_and_how_many_play_only_staff_see_who(api, client):
    """Rule 4: the room's rules and prizes are shown; players see how many are in a room,
    staff who."""
    norte = ok(create_room(client, room_config("90"), name="Sala Norte"), 201)
    sul = ok(create_room(client, room_config("75"), name="Sala Sul"), 201)
    ana, ana_h = funded(api, "Ana")
    session_at(api, ana_h, norte)
    ok(client.post(f"/bingo/rooms/{norte['room_id']}/players", json={}, headers=ana_h), 201)
    bia, bia_h = funded(api, "Bia")

    r = client.get("/bingo/rooms", headers=bia_h)
    page = ok(r)
    assert ids(page, "room_id") == [norte["room_id"], sul["room_id"]]
    assert ana not in r.text
    first = page["data"][0]
    assert (first["name"], first["venue_id"], first["game"], first["variant"]) == (
        "Sala Norte", norte["venue_id"], "bingo", "90")
    assert (first["players"], first["members"], first["status"]) == (1, None, "idle")
    assert first["card_price_cents"] == 150 and first["config"] == norte["config"]
    assert listed(client, "/bingo/rooms")["data"][0]["members"] == [ana]

    by = lambda **f: ids(listed(client, "/bingo/rooms", bia_h, **f), "room_id")  # noqa
    assert by(variant="75") == [sul["room_id"]]
    assert by(name="nOrTe") == [norte["room_id"]]
    assert by(venue_id=sul["venue_id"]) == [sul["room_id"]]
    jogada = ok(client.post(f"/bingo/rooms/{norte['room_id']}/jogadas", json={},
                            headers=OPERATOR), 201)
    sale = listed(client, "/bingo/rooms", bia_h, status="sale")["data"]
    assert [(r["room_id"], r["open_jogada_id"]) for r in sale] == [
        (norte["room_id"], jogada["jogada_id"])]
    one = listed(client, "/bingo/rooms", bia_h, limit=1)
    assert ids(one, "room_id") == [norte["room_id"]]
    assert ids(listed(client, "/bingo/rooms", bia_h, cursor=one["next_cursor"]),
               "room_id") == [sul["room_id"]]


@pytest.mark.parametrize("path, params, field", [
    ("/semdescarte/tables", {"kind": "poker"}, "kind"),
    ("/semdescarte/tables", {"status": "sale"}, "status"),
    ("/semdescarte/tables", {"name": "Mesa\x01"}, "name"),
    ("/semdescarte/tables", {"limit": 501}, "limit"),
    ("/bingo/rooms", {"variant": "91"}, "variant"),
    ("/bingo/rooms", {"status": "betting"}, "status"),
    ("/bingo/rooms", {"venue_id": "bingo:\u202esala"}, "venue_id"),
    ("/bingo/rooms", {"cursor": "x"}, "cursor"),
])
def test_903b_7_9_1_bad_venue_filters_are_422_naming_the_field(client, path, params, field):
    r = client.get(path, headers=OPERATOR, params=params)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == field


def test_sd_33_multi_seat_each_seat_its_own_amounts_settled_and_void(make_client, clock):
    """At a two-seat table: a flush against a pair of nines wins (rule 28, 12: 5 to 1), a
    seven high loses both bets (rule 29); then a fault voids the next jogada after one player
    folded, and each seat gets its own stakes back, the folded ante too (rule 33)."""
    client, api, tid, (ana, ana_h, _), (bia, bia_h, _) = two_seated(make_client)
    j1 = ok(ante(client, tid, ana_h, 100, "a1"), 201)["jogada_id"]
    ok(ante(client, tid, bia_h, 300, "b1"), 201)
    clock.advance(16)
    deck = forced_deck([["Kh", "Th", "8h", "5h", "2h"], ["7c", "5d", "4s", "3c", "2d"]],
                       ["9s", "9d", "Qc", "Jd", "6s"], burn="Ac")
    ok(deal(client, tid, OPERATOR, deck))
    ok(decide(client, tid, ana_h, j1, "continue"))
    assert ok(decide(client, tid, bia_h, j1, "continue"))["settled"]
    clock.advance(60)
    j2 = ok(ante(client, tid, ana_h, 200, "a2"), 201)["jogada_id"]
    ok(ante(client, tid, bia_h, 500, "b2"), 201)
    clock.advance(16)
    ok(deal(client, tid, OPERATOR))
    ok(decide(client, tid, ana_h, j2, "fold"))
    ok(client.post(f"/semdescarte/tables/{tid}/interruptions", json={"kind": "system_fault"},
                   headers=OPERATOR))

    row = lambda i: (i["jogada_id"], i["seat"], i["status"], i["result"],  # noqa
                     i["wagered_cents"], i["won_cents"], i["refunded_cents"], i["net_cents"])
    # Ana: 300 staked, 300 back + 100 (ante 1 to 1) + 1000 (flush 5 to 1 on 200).
    assert [row(i) for i in jogadas(client, ana, ana_h)["data"]] == [
        (j2, 1, "void", "void", 200, 0, 200, 0),
        (j1, 1, "settled", "player_won", 300, 1_400, 0, 1_100)]
    assert [row(i) for i in jogadas(client, bia, bia_h)["data"]] == [
        (j2, 2, "void", "void", 500, 0, 500, 0),
        (j1, 2, "settled", "bank_won", 900, 0, 0, -900)]
    for pid, h, net in ((ana, ana_h, 1_100), (bia, bia_h, -900)):
        assert api.balance(pid, h)["balance_cents"] == 100_000 + net


def test_pt_r9e_sd_26_a3_a_jackpot_prize_is_won_with_the_jogada(make_client, clock):
    """Portaria r9e (a flush wins 50 × the side bet's stake, paid whether or not the bank
    qualifies) and rule 26 (A3: the bank, king-queen high, does not qualify: the ante is paid
    1 to 1, the second bet returned): both are the jogada's winnings."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=2), name="Mesa Jackpot")
    tid = table["table_id"]
    ana, ana_h = funded(api, "Ana")
    session_at(api, ana_h, table)
    ok(client.post(f"/semdescarte/tables/{tid}/seats", json={"seat": 1}, headers=ana_h), 201)
    jogada_id = ok(ante(client, tid, ana_h, 300, "a1", 100), 201)["jogada_id"]
    clock.advance(16)
    ok(deal(client, tid, OPERATOR, forced_deck([["Ad", "9d", "7d", "4d", "2d"]],
                                               ["Kc", "Qc", "8c", "3h", "2c"], burn="3d")))
    assert ok(decide(client, tid, ana_h, jogada_id, "continue"))["settled"]
    [item] = jogadas(client, ana, ana_h)["data"]
    # Staked 300 + 100 (side bet) + 600; paid 900 back + 300 (ante 1 to 1) + 5000 (r9e).
    assert (item["result"], item["wagered_cents"], item["won_cents"], item["net_cents"]) == (
        "bank_not_qualified", 1_000, 6_200, 5_200)
    assert item["prizes"] == {"jackpot_flush": 5_000}
    assert api.balance(ana, ana_h)["balance_cents"] == 100_000 + 5_200
