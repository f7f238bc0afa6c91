"""Texas hold'em over HTTP (Reg. 806/2015): a whole jogada from the table's creation to the
session statement (rules 7–9, 34, 46–63, 65, 67), what each player sees (its own cards only,
rule 49; its options on its turn), the last jogada (rule 65), a rebuy when broke (rules 12,
15), leaving with the cave (rule 10), a void (rule 72, A26), a lost connection (rule 73), a
session-mode table's registrations (rule 6, A25) and the device id (903-B 6.6.1)."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, ok
from tests.api.poker_support import (FUNDS, RULE, RULES, PokerApi, Seated, forced_deck,
                                     play_to_showdown)
from tests.api.semdescarte_support import strings_in

GAME = "holdem"
# Button at seat 1: seat 2 posts the small blind, seat 3 the big blind; the cards go to seats
# 2, 3, 1 (rules 48–50). Seat 2 makes two pair, aces and kings.
HANDS = {2: ["As", "Ks"], 3: ["2c", "7d"], 1: ["9h", "9d"]}
BOARD = ["Ah", "Kd", "4c", "8s", "3h"]


def three_seated(make_client, game: str = GAME, hands=None, board=None, **config):
    """Certification mode, Ana, Bia and Rui at seats 1–3 and a jogada started with the button
    at seat 1 and a forced deck: (api, table id, [Ana, Bia, Rui])."""
    api = PokerApi(make_client(certification_mode="1"), game)
    table = api.table(**config)
    players = [api.seated(table, name, seat) for seat, name in enumerate(("Ana", "Bia", "Rui"), 1)]
    hands = hands or HANDS
    deck = forced_deck(game, [hands[s] for s in (2, 3, 1)], board or BOARD)
    ok(api.start(table["table_id"], forced_deck=deck, button_seat=1), 201)
    return api, table["table_id"], players


def test_he_7_a_whole_jogada_over_http_to_the_showdown_and_the_statements(make_client):
    """Rules 7, 34, 48–63, 65, 67: three players sit (the buy-in leaves the wallet, rule 8),
    the operator starts the jogada, everyone calls and checks to the showdown; two pair wins
    the pot less 5 % commission (rule 17a); the statements show bet, won and commission."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    assert api.balance(ana.player_id)["available_cents"] == FUNDS - 10_000
    view = api.describe(tid, ana.headers)
    assert view["jogada"]["to_act"] == "1" and view["your_seat"] == "1"
    assert view["your_cards"] == HANDS[1]
    assert view["your_options"]["call"] == 100  # the big blind (rules 22, 34)
    play_to_showdown(api, tid, [ana, bia, rui])

    table = api.describe(tid)
    assert table["jogada"] is None
    assert {s: h["cave_cents"] for s, h in table["seats"].items()} == \
        {"1": 9_900, "2": 10_185, "3": 9_900}
    assert table["seats"]["2"]["player_id"] == bia.player_id  # staff see who sits where
    accounts = api.accounts()
    assert accounts[table["commission_account"]] == 15
    assert accounts[table["account_code"]] == 29_985

    won = api.statement(bia.session_id, bia.headers)
    assert (won["wagered_cents"], won["won_cents"], won["net_cents"]) == (100, 285, 185)
    assert won["lines"] == [{"category": "commission", "label": won["lines"][0]["label"],
                             "count": 1, "amount_cents": 15}]
    lost = api.statement(rui.session_id)
    assert (lost["wagered_cents"], lost["won_cents"], lost["net_cents"]) == (100, 0, -100)

    last = ok(api.last_jogada(tid, bia.headers))
    assert last["jogada_id"] == table["last_jogada_id"]
    assert (last["cards"], last["board"]) == (HANDS[2], BOARD)
    assert (last["put_in_cents"], last["won_cents"], last["commission_cents"]) == (100, 285, 15)
    assert last["rule"] == f"{RULE[GAME]} 65"
    assert ok(api.last_jogada(tid, rui.headers))["cards"] == HANDS[3]


def test_he_49_a_player_sees_its_own_hole_cards_and_nobody_elses(make_client):
    """Rules 49, 66: each player's view of the table holds its own two cards and no other
    player's; staff see no hole card before the showdown (the replay shows them after)."""
    api, tid, players = three_seated(make_client)
    every_card = {c for hand in HANDS.values() for c in hand}
    for p in players:
        seen = set(strings_in(api.describe(tid, p.headers))) & every_card
        assert seen == set(HANDS[p.seat])
    assert not set(strings_in(api.describe(tid))) & every_card
    ana = players[0]
    other = api.describe(tid, players[1].headers)  # not its turn: no options
    assert "your_options" not in other and "your_options" in api.describe(tid, ana.headers)


def test_he_65_the_last_jogada_before_any_has_ended_is_404_naming_rule_65(make_client):
    api, tid, (ana, _, _) = three_seated(make_client)
    r = api.last_jogada(tid, ana.headers)
    assert r.status_code == 404
    assert r.json()["error"]["rule"] == f"{RULE[GAME]} 65"


def test_he_65_the_last_jogada_the_player_took_part_in_also_after_it_left(make_client):
    """Rule 65: the last jogada the player took part in, not the table's last: Rui leaves
    after the first jogada and still reads it once a second one has been played without
    him."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    play_to_showdown(api, tid, [ana, bia, rui])
    first = api.describe(tid)["last_jogada_id"]
    ok(api.leave(tid, rui))
    ok(api.start(tid), 201)
    play_to_showdown(api, tid, [ana, bia])
    second = api.describe(tid)["last_jogada_id"]
    assert second != first
    assert ok(api.last_jogada(tid, rui.headers))["jogada_id"] == first
    assert ok(api.last_jogada(tid, bia.headers))["jogada_id"] == second
    _, stranger = api.player("Zé")
    r = api.last_jogada(tid, stranger)
    assert (r.status_code, r.json()["error"]["rule"]) == (404, f"{RULE[GAME]} 65")


def test_he_65_the_last_jogada_is_the_players_own_staff_read_the_replay(make_client):
    api, tid, (ana, bia, rui) = three_seated(make_client)
    play_to_showdown(api, tid, [ana, bia, rui])
    assert api.last_jogada(tid, OPERATOR).status_code == 403
    jogada_id = api.describe(tid)["last_jogada_id"]
    ok(api.client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))


def _bia_wins_everything(api: PokerApi, tid: str, ana: Seated, bia: Seated, rui: Seated) -> None:
    ok(api.act(tid, ana, "all_in"))
    ok(api.act(tid, bia, "call"))
    ok(api.act(tid, rui, "fold"))  # the board is dealt by itself (rule 40)
    assert api.describe(tid)["jogada"] is None


def test_he_12_a_player_who_lost_its_cave_rebuys(make_client):
    """Rules 12, 15: the cave lost all in, the player rebuys the table's rebuy amount from its
    wallet and is dealt into the next jogada; a second rebuy is refused (rule 12: for a lost
    or short cave only), moving nothing."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    _bia_wins_everything(api, tid, ana, bia, rui)
    assert api.describe(tid)["seats"]["1"]["cave_cents"] == 0
    r = ok(api.rebuy(tid, ana, "rb-1"), 201)
    assert api.describe(tid)["seats"]["1"]["cave_cents"] == 10_000
    assert api.balance(ana.player_id)["available_cents"] == FUNDS - 20_000
    assert ok(api.rebuy(tid, ana, "rb-1"), 201) == r  # the same key: the first answer
    assert api.balance(ana.player_id)["available_cents"] == FUNDS - 20_000
    api.refused(lambda: api.rebuy(tid, ana, "rb-2"), 409, field="player_id",
                rule=f"{RULES[GAME]} 12, 15", code="cave_not_short")
    ok(api.start(tid), 201)
    assert "1" in api.describe(tid)["jogada"]["seats"]


def test_he_10_a_player_leaves_with_its_cave(make_client):
    """Rule 10: leaving during the jogada takes effect when it ends; the whole cave goes back
    to the wallet and the seat is free."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    ok(api.leave(tid, bia))
    assert api.describe(tid)["seats"]["2"]["leaving"] is True
    play_to_showdown(api, tid, [ana, bia, rui])
    seats = api.describe(tid)["seats"]
    assert "2" not in seats
    assert api.balance(bia.player_id)["available_cents"] == FUNDS - 10_000 + 10_185
    ok(api.leave(tid, rui))  # between jogadas: at once
    assert "3" not in api.describe(tid)["seats"]
    assert api.balance(rui.player_id)["available_cents"] == FUNDS - 100


def test_he_72_a_fault_of_the_system_voids_the_jogada_and_returns_every_cave(make_client):
    """Rule 72, A26: the operator reports a fault: every cave back to what it was when the
    jogada started (blinds and raises included), no commission; the statements show the
    stakes refunded; the next jogada can start."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    ok(api.act(tid, ana, "raise", 400))
    ok(api.act(tid, bia, "call"))
    jogada_id = api.describe(tid)["jogada"]["jogada_id"]
    r = api.void(tid, reason="dealer server fault", jogada_id=jogada_id)
    assert r.status_code == 200, r.text
    table = api.describe(tid)
    assert table["jogada"] is None
    assert {s: h["cave_cents"] for s, h in table["seats"].items()} == \
        {"1": 10_000, "2": 10_000, "3": 10_000}
    assert api.accounts()[table["commission_account"]] == 0
    statement = api.statement(bia.session_id)
    assert (statement["wagered_cents"], statement["refunded_cents"]) == (400, 400)
    assert ok(api.last_jogada(tid, bia.headers))["voided"] is True
    ok(api.start(tid), 201)


def test_he_72_voiding_with_no_jogada_open_is_409_and_records_nothing(make_client):
    api, tid, (ana, bia, rui) = three_seated(make_client)
    play_to_showdown(api, tid, [ana, bia, rui])
    api.refused(lambda: api.void(tid), 409, field="jogada_id")


def test_he_73_a_lost_connection_is_recorded_not_a_void(make_client):
    """Rule 73: the player's own connection loss does not void the jogada; the clock acts
    for it (rule 45)."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    r = api.client.post(api.path(tid, "/connection-lost"), headers=OPERATOR,
                        json={"player_id": ana.player_id})
    assert r.status_code == 200, r.text
    assert r.json()["voided"] is False
    assert api.describe(tid)["jogada"] is not None
    assert api.client.post(api.path(tid, "/connection-lost"), headers=ana.headers,
                           json={"player_id": ana.player_id}).status_code == 403


def test_he_6_a_session_mode_table_seats_only_registered_players(make_client):
    """Rule 6, A25: a session-mode table takes registrations in advance and seats only them."""
    api = PokerApi(make_client(), GAME)
    table = api.table(mode="session", session_starts_at="2026-01-05T11:00:00+00:00",
                      session_ends_at="2026-01-05T15:00:00Z")
    tid = table["table_id"]
    _, headers = api.funded("Ana", table=table)
    api.refused(lambda: api.sit(tid, headers, 1, "s1"), 409, field="player_id",
                rule=f"{RULE[GAME]} 6; A25", code="not_registered")
    r = api.client.post(api.path(tid, "/registrations"), headers=headers)
    assert r.status_code == 201, r.text
    ok(api.sit(tid, headers, 1, "s1"), 201)
    bia_id, _ = api.player("Bia")  # an operator registers a player
    r = api.client.post(api.path(tid, "/registrations"), headers=OPERATOR,
                        json={"player_id": bia_id})
    assert r.status_code == 201, r.text


def test_he_6_a_continuous_table_takes_no_registration(make_client):
    api = PokerApi(make_client(), GAME)
    tid = api.table()["table_id"]
    _, headers = api.player("Ana")
    api.refused(lambda: api.client.post(api.path(tid, "/registrations"), headers=headers),
                409, field="table_id", rule=f"{RULE[GAME]} 6; A25")


def test_903b_6_6_1_the_device_id_comes_from_the_body_or_the_x_device_id_header(make_client):
    """903-B 6.6.1: the device a player acts from is recorded with each action: the body's
    ``device_id``, else the ``X-Device-Id`` header (the body wins when both are sent)."""
    api, tid, (ana, bia, rui) = three_seated(make_client)
    jogada_id = api.describe(tid)["jogada"]["jogada_id"]
    ok(api.client.post(api.path(tid, "/actions"),
                       headers={**ana.headers, "X-Device-Id": "tablet-1"},
                       json={"jogada_id": jogada_id, "action": "call"}))
    ok(api.act(tid, bia, "call", device_id="phone-2"))
    ok(api.client.post(api.path(tid, "/actions"),
                       headers={**rui.headers, "X-Device-Id": "tablet-3"},
                       json={"jogada_id": jogada_id, "action": "check", "device_id": "pc-3"}))
    play_to_showdown(api, tid, [ana, bia, rui])
    replay = ok(api.client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))
    devices = [step["data"].get("device_id") for step in replay["steps"]
               if step["event"] == "ActionApplied"]
    assert devices[:3] == ["tablet-1", "phone-2", "pc-3"]


@pytest.mark.parametrize("who", ["player", "operator"])
def test_he_8_sitting_moves_the_buy_in_to_the_table(make_client, who):
    """Rules 8, 9: the fixed buy-in leaves the wallet for the table's account; an operator
    may seat a player it names."""
    api = PokerApi(make_client(), GAME)
    table = api.table()
    pid, headers = api.funded("Ana", table=table)
    body = {"player_id": pid} if who == "operator" else {}
    r = api.sit(table["table_id"], headers if who == "player" else OPERATOR, 4, "s1", **body)
    assert r.status_code == 201, r.text
    assert (r.json()["seat"], r.json()["cave_cents"]) == (4, 10_000)
    assert api.balance(pid)["available_cents"] == FUNDS - 10_000
    assert api.accounts()[table["account_code"]] == 10_000
