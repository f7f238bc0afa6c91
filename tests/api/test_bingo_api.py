"""Bingo online (Reg. 425-A/2015) over HTTP, end to end: a room of each variant, players with
sessions, purchases, the room's clock closing the sale and drawing, every prize, the payment,
the statement by prize category (rule 52), the replay (rule 2h), the last jogadas (rule 50).

Expected winners are found here by an oracle of our own over the cards the purchases returned
and the balls the replay shows (the ordinal at which each card completes each shape), and the
prize values by the arithmetic of rules 19, 31 and A31 written out again: never taken from
the service's answer.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import OPERATOR, Api, ok

FUNDS = 50_000
PRICE = 150
BINGO = "bingo rule"
INF = 10**9

PRIZES = {"90": {"line": 1_500, "two_lines": 2_500, "bingo": 6_000},
          "80": {"line": 2_500, "bingo": 7_500},
          "75": {"four_corners": 1_500, "line": 2_500, "bingo": 6_000},
          "30": {"column": 2_000, "bingo": 8_000}}


def room_config(variant: str, **extra: Any) -> dict[str, Any]:
    config = {"variant": variant, "card_price_cents": PRICE, "max_cards": 6, "pool_bp": 8_500,
              "prizes": PRIZES[variant], "sale_seconds": 30, "draw_interval_ms": 1_500,
              "prize_pause_ms": 4_000,
              "jackpot": {"deduction_bp": 300, "base_cents": 5_000, "max_balls": 3}}
    config.update(extra)
    return config


def create_room(client, config: dict[str, Any], name: str = "Sala Atlântico"):
    return client.post("/bingo/rooms", json={"name": name, "config": config}, headers=OPERATOR)


def player_in(api: Api, room: dict[str, Any], name: str, funds: int = FUNDS) -> tuple[str, dict, str]:
    player_id, headers = api.player(name)
    if funds:
        assert api.deposit(player_id, funds, f"dep-{player_id}").status_code == 201
    session = ok(api.client.post("/sessions", json={"venue_id": room["venue_id"], "game": "bingo"},
                                 headers=headers), 201)
    ok(api.client.post(f"/bingo/rooms/{room['room_id']}/players", json={}, headers=headers), 201)
    return player_id, headers, session["session_id"]


def buy(client, room_id: str, headers, count: Any, key: str):
    return client.post(f"/bingo/rooms/{room_id}/cards",
                       json={"count": count, "idempotency_key": key}, headers=headers)


def error_of(r, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    return r.json()["error"]


# The oracle --------------------------------------------------------------------------------------
def shapes(variant: str, card: list[list[int | None]], prize: str) -> list[list[int]]:
    rows, cols = len(card), len(card[0])
    cells = {"rows": [[(r, c) for c in range(cols)] for r in range(rows)],
             "cols": [[(r, c) for r in range(rows)] for c in range(cols)],
             "diags": [[(i, i) for i in range(rows)], [(i, cols - 1 - i) for i in range(rows)]]
             if rows == cols else []}
    if prize in ("line", "two_lines"):
        kinds = ["rows"] if variant == "90" else ["rows", "cols", "diags"]  # rules 63, 68, 75
        found = [shape for kind in kinds for shape in cells[kind]]
    elif prize == "column":
        found = cells["cols"]
    elif prize == "four_corners":
        found = [[(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]]
    else:
        found = [[(r, c) for r in range(rows) for c in range(cols)]]
    return [[card[r][c] for r, c in shape if card[r][c] is not None] for shape in found]


def completes_at(variant: str, card: list[list[int | None]], prize: str, balls: list[int]) -> int:
    """The ordinal of the ball that completes ``prize`` on ``card`` (INF if none does)."""
    where = {ball: i + 1 for i, ball in enumerate(balls)}
    done = sorted(max((where.get(n, INF) for n in shape), default=0)
                  for shape in shapes(variant, card, prize))
    return done[1] if prize == "two_lines" else done[0]


def prize_values(variant: str, cards_sold: int, jackpot_bp: int) -> tuple[int, int, dict[str, int]]:
    """Rules 19, 31, 40, A31: pool, jackpot deduction, each prize (leftover cents to bingo)."""
    sales = cards_sold * PRICE
    pool = max(sales * 8_500 // 10_000, -(-sales * 7_000 // 10_000))
    deduction = pool * jackpot_bp // 10_000
    net = pool - deduction
    values = {p: net * bp // 10_000 for p, bp in PRIZES[variant].items()}
    values["bingo"] += net - sum(values.values())
    return pool, deduction, values


def drive_to_end(client, clock, room_id: str, limit: int = 200) -> list[list[str]]:
    """The room's clock, run through the API as time passes (rules 18, 22, 24)."""
    done = []
    for _ in range(limit):
        state = ok(client.get(f"/bingo/rooms/{room_id}", headers=OPERATOR))["open_jogada"]
        if state is None:
            return done
        due = state["next_draw_at"] or state["sales_close_at"]
        from datetime import datetime

        wait = (datetime.fromisoformat(due) - clock.now()).total_seconds()
        if wait > 0:
            clock.advance(wait)
        done.append(ok(client.post(f"/bingo/rooms/{room_id}/tick", headers=OPERATOR))["done"])
    raise AssertionError("the jogada did not end")


# 1. A full jogada of each variant, from the purchase to the statement ----------------------------
@pytest.mark.parametrize("variant", ["90", "80", "75", "30"])
def test_full_jogada_of_each_variant_from_purchase_to_statement(api, client, clock, variant):
    """Rules 10–13 (purchase), 18–19 (close and announcement), 21–22 (one ball at a time, the
    interval kept), 24 (a pause at each prize), 25–26 (the bingo ends the draw; every prize paid
    after it), 29, 30, 36 (recognised automatically, first to complete, shared per player), 31
    and 40 (pool and jackpot deduction), 52 (the statement by category)."""
    room = ok(create_room(client, room_config(variant)), 201)
    room_id = room["room_id"]
    players = [player_in(api, room, f"jogador {i}") for i in range(3)]
    cards: dict[int, tuple[str, list]] = {}
    counts = [4, 2, 5]
    ok(client.post(f"/bingo/rooms/{room_id}/jogadas", json={}, headers=OPERATOR), 201)
    for (pid, headers, _), count in zip(players, counts):
        bought = ok(buy(client, room_id, headers, count, f"k-{pid}"), 201)
        assert bought["amount_cents"] == count * PRICE  # rule 10
        for card in bought["cards"]:
            cards[card["card"]] = (pid, card["numbers"])
    assert len({frozenset(n for row in c for n in row if n) for _, c in cards.values()}) == 11  # r15
    jogada_id = f"{room_id}:1"
    drive_to_end(client, clock, room_id)

    replay = ok(client.get(f"/bingo/jogadas/{jogada_id}/replay", headers=OPERATOR))
    assert replay["rng"]["verified"] and replay["prizes_check"]["verified"], replay["rng"]
    balls = replay["final"]["drawn"]
    draws = [s for s in replay["steps"] if s["event"] == "BallDrawn"]
    assert [s["data"]["ball"] for s in draws] == balls
    from datetime import datetime

    times = [datetime.fromisoformat(s["at"]) for s in draws]
    assert all((b - a).total_seconds() >= 1.5 for a, b in zip(times, times[1:]))  # rule 22

    # The oracle: who completes each prize first (rules 29, 36), bingo ending the draw (25).
    completion = {p: {n: completes_at(variant, c, p, balls) for n, (_, c) in cards.items()}
                  for p in PRIZES[variant]}
    bingo_at = min(completion["bingo"].values())
    assert len(balls) == bingo_at  # rule 25: no ball after the bingo
    pool, deduction, values = prize_values(variant, 11, 300)
    expected_won: dict[str, dict[str, int]] = {}
    for prize in PRIZES[variant]:
        first = min(completion[prize].values())
        assert first <= bingo_at
        winners = sorted(n for n, at in completion[prize].items() if at == first)
        owners = list(dict.fromkeys(cards[n][0] for n in winners))  # A13: per player, A31 order
        share, left = divmod(values[prize], len(owners))
        for i, owner in enumerate(owners):
            expected_won.setdefault(owner, {})[prize] = share + (1 if i < left else 0)
        assert replay["final"]["won"][prize]["ordinal"] == first
        assert replay["final"]["won"][prize]["cards"] == winners
    jackpot_base = 5_000
    jackpot_won = bingo_at <= 3  # rule 42 (never with 3 balls, but the oracle says so)

    # Money: the wallets, the house, the pool, the jackpot (rules 26, 31, 40).
    audit = ok(client.get("/audit/accounts", headers=OPERATOR))
    balances = {a["account_code"]: a["balance_cents"] for a in audit["data"]}
    assert sum(balances.values()) == 0
    paid = 0
    for (pid, _, session_id), count in zip(players, counts):
        won = expected_won.get(pid, {})
        paid += sum(won.values())
        assert api.balance(pid)["available_cents"] == FUNDS - count * PRICE + sum(won.values())
        statement = ok(client.get(f"/sessions/{session_id}/statement", headers=OPERATOR))
        assert statement["wagered_cents"] == count * PRICE  # rule 52
        assert statement["won_cents"] == sum(won.values())
        assert {k: v["amount_cents"] for k, v in statement["won_by_category"].items()} == won
        [line] = [ln for ln in statement["lines"] if ln["category"] == "cards"]
        assert (line["count"], line["amount_cents"]) == (count, count * PRICE)
    assert not jackpot_won
    assert paid == sum(values.values()) == pool - deduction
    assert paid + (11 * PRICE - pool) + deduction == 11 * PRICE  # the issue's money identity
    assert balances[room["jackpot_account"]] == jackpot_base + deduction  # rule 44
    assert balances[room["pool_account"]] == 0
    jackpot = ok(client.get(f"/bingo/rooms/{room_id}/jackpot", headers=players[0][1]))
    assert jackpot["jackpot_cents"] == jackpot_base + deduction

    # Rule 50: the player's last jogadas, its own cards and wins.
    pid, headers, _ = players[2]
    last = ok(client.get(f"/bingo/players/{pid}/last-jogadas", headers=headers))["jogadas"]
    assert [j["jogada_id"] for j in last] == [jogada_id]
    assert [c["card"] for c in last[0]["cards"]] == sorted(n for n, (o, _) in cards.items()
                                                           if o == pid)
    assert last[0]["won"] == expected_won.get(pid, {})


# 2. Bad input: a clear 4xx naming the field and the rule, nothing recorded -----------------------
@pytest.mark.parametrize("change, status, field, rule", [
    ({"pool_bp": 6_999}, 422, "pool_bp", f"{BINGO} 31"),
    ({"pool_bp": 9_001}, 422, "pool_bp", f"{BINGO} 31"),
    ({"draw_interval_ms": 999}, 422, "draw_interval_ms", f"{BINGO} 22"),
    ({"prizes": {"bingo": 10_000}}, 409, "prizes", f"{BINGO} 33, 63"),
    ({"prizes": {"line": 6_000, "bingo": 4_000}}, 409, "prizes.bingo", f"{BINGO} 37, 38"),
    ({"jackpot": {"deduction_bp": 501, "max_balls": 40}}, 422, "jackpot.deduction_bp",
     f"{BINGO} 40"),
    ({"min_players": 2}, 422, "min_players", f"{BINGO} 6"),
])
def test_bingo_31_22_room_refused_names_field_and_rule_and_records_nothing(client, change, status,
                                                                           field, rule):
    before = ok(client.get("/audit/accounts", headers=OPERATOR))
    error = error_of(create_room(client, room_config("90", **change)), status)
    assert (error["field"], error["rule"]) == (field, rule)
    assert ok(client.get("/audit/accounts", headers=OPERATOR)) == before


@pytest.fixture
def on_sale(api, client):
    room = ok(create_room(client, room_config("90")), 201)
    pid, headers, sid = player_in(api, room, "Ana")
    ok(client.post(f"/bingo/rooms/{room['room_id']}/jogadas", json={}, headers=OPERATOR), 201)
    return room, pid, headers, sid


def assert_nothing_bought(api, client, room, pid, sid) -> None:
    assert api.balance(pid)["available_cents"] == FUNDS
    assert ok(client.get(f"/sessions/{sid}/statement", headers=OPERATOR))["wagered_cents"] == 0
    state = ok(client.get(f"/bingo/rooms/{room['room_id']}", headers=OPERATOR))["open_jogada"]
    assert state is None or state["cards_sold"] == 0


def test_bingo_18_purchase_after_the_sale_closed_is_409_and_records_nothing(
        api, client, clock, on_sale):
    room, pid, headers, sid = on_sale
    clock.advance(30)  # rule 16: the sale period is over
    error = error_of(buy(client, room["room_id"], headers, 1, "late"), 409)
    assert (error["field"], error["rule"], error["code"]) == ("count", f"{BINGO} 18", "sale_closed")
    assert_nothing_bought(api, client, room, pid, sid)


def test_bingo_13_purchase_over_the_card_limit_is_409_and_records_nothing(api, client, on_sale):
    room, pid, headers, sid = on_sale
    error = error_of(buy(client, room["room_id"], headers, 7, "many"), 409)
    assert (error["field"], error["rule"], error["code"]) == ("count", f"{BINGO} 13", "card_limit")
    assert_nothing_bought(api, client, room, pid, sid)
    ok(buy(client, room["room_id"], headers, 6, "many-ok"), 201)  # the limit itself is fine
    error = error_of(buy(client, room["room_id"], headers, 1, "one-more"), 409)
    assert error["rule"] == f"{BINGO} 13"


def test_purchase_with_insufficient_funds_is_409_and_records_nothing(api, client, on_sale):
    room, pid, headers, sid = on_sale
    assert api.withdraw(pid, FUNDS - 2 * PRICE + 1, "w").status_code == 201
    r = buy(client, room["room_id"], headers, 2, "poor")
    assert 400 <= r.status_code < 500 and r.json()["error"]["field"] == "count", r.text
    assert api.balance(pid)["available_cents"] == 2 * PRICE - 1
    assert ok(client.get(f"/sessions/{sid}/statement", headers=OPERATOR))["wagered_cents"] == 0


@pytest.mark.parametrize("count", [0, -1, "2", 1.5, True])
def test_bingo_11_count_must_be_a_whole_number_of_cards(api, client, on_sale, count):
    room, pid, headers, sid = on_sale
    r = buy(client, room["room_id"], headers, count, f"bad-{count!r}")
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"].endswith("count")
    assert_nothing_bought(api, client, room, pid, sid)


@pytest.mark.parametrize("count, status, rule", [(0, 422, 11), (-3, 422, 11), (7, 409, 13),
                                                 (1_001, 422, 13)])
def test_issue_24_bingo_11_13_the_count_is_checked_before_the_jogada_state(
        api, client, clock, count, status, rule):
    """0 cards is not "no jogada is open" (409) but a bad count (422, rule 11); over the
    room's max_cards (6 here) is rule 13's 409 ``card_limit``, open sale or not."""
    room = ok(create_room(client, room_config("90")), 201)
    pid, headers, sid = player_in(api, room, "Ana")
    for moment in ("no jogada", "sale", "sale closed"):
        if moment == "sale":
            ok(client.post(f"/bingo/rooms/{room['room_id']}/jogadas", json={},
                           headers=OPERATOR), 201)
        if moment == "sale closed":
            clock.advance(30)  # rule 16: the sale period is over
        error = error_of(buy(client, room["room_id"], headers, count, f"{moment}-{count}"),
                         status)
        assert (error["field"], error["rule"]) == ("count", f"{BINGO} {rule}"), (moment, error)
        assert_nothing_bought(api, client, room, pid, sid)


def test_bingo_12_purchase_is_idempotent_by_key_and_never_cancelled(api, client, on_sale):
    room, pid, headers, sid = on_sale
    first = ok(buy(client, room["room_id"], headers, 3, "same"), 201)
    again = ok(buy(client, room["room_id"], headers, 3, "same"), 201)
    assert again == first
    assert api.balance(pid)["available_cents"] == FUNDS - 3 * PRICE
    assert error_of(buy(client, room["room_id"], headers, 2, "same"), 409)["field"]


def test_forced_balls_outside_certification_mode_is_refused(api, client):
    room = ok(create_room(client, room_config("90")), 201)
    r = client.post(f"/bingo/rooms/{room['room_id']}/jogadas", json={"forced_balls": [1, 2, 3]},
                    headers=OPERATOR)
    assert 400 <= r.status_code < 500 and r.json()["error"]["field"] == "forced_balls", r.text
    assert ok(client.get(f"/bingo/rooms/{room['room_id']}", headers=OPERATOR))["open_jogada"] is None


def missing(variant: str, card: list[list[int | None]], prize: str, drawn: set[int]) -> int:
    left = sorted(sum(n not in drawn for n in shape) for shape in shapes(variant, card, prize))
    return left[0] + left[1] if prize == "two_lines" else left[0]


def test_bingo_14_28_player_sees_own_cards_by_closeness_and_one_away_alerts(api, client, clock):
    """Rule 4 (the screen), rule 14 (cards ordered by closeness to a prize), rule 28 (an alert
    for each card one number away from a prize still in play), checked after every ball against
    our own count of the numbers each card still needs."""
    room = ok(create_room(client, room_config("90", max_cards=6)), 201)
    room_id = room["room_id"]
    players = [player_in(api, room, f"p{i}") for i in range(3)]
    ok(client.post(f"/bingo/rooms/{room_id}/jogadas", json={}, headers=OPERATOR), 201)
    pid, headers, _ = players[0]
    mine = {c["card"]: c["numbers"] for c in ok(buy(client, room_id, headers, 6, "c1"), 201)["cards"]}
    for other in players[1:]:
        ok(buy(client, room_id, other[1], 1, f"c-{other[0]}"), 201)
    clock.advance(30)
    ok(client.post(f"/bingo/rooms/{room_id}/tick", headers=OPERATOR))  # the close (rule 18)
    alerts_seen = 0
    while True:
        view = ok(client.get(f"/bingo/rooms/{room_id}/view", params={"order": "closeness"},
                             headers=headers))
        if view.get("status") == "no_jogada":
            break
        drawn = set(view["drawn"])
        assert view["last_five"] == view["drawn"][-5:] and view["balls_left"] == 90 - len(drawn)
        in_play = [p for p in PRIZES["90"] if p not in view["won"]]
        near = {n: min(missing("90", c, p, drawn) for p in in_play) for n, c in mine.items()}
        assert [c["card"] for c in view["cards"]] == sorted(mine, key=lambda n: (near[n], n))
        expected = sorted((n, p) for n, c in mine.items() for p in in_play
                          if missing("90", c, p, drawn) == 1)
        assert sorted((a["card"], a["prize"]) for a in view["alerts"]) == expected
        for alert in view["alerts"]:
            assert len(alert["waiting_for"]) == 1 and alert["waiting_for"][0] not in drawn
        alerts_seen += len(expected)
        clock.advance(6)  # past the interval and any prize pause (rules 22, 24)
        ok(client.post(f"/bingo/rooms/{room_id}/tick", headers=OPERATOR))
    assert alerts_seen > 0  # six cards always come one number away from something


def test_bingo_2h_replay_of_an_open_jogada_is_409_and_of_an_unknown_one_404(api, client, on_sale):
    """The draw order is committed when the sale opens (903-B 6.7.5): an open jogada's replay
    would show it, so it waits for the end; an id that names no bingo jogada is a 404."""
    room, pid, headers, sid = on_sale
    ok(buy(client, room["room_id"], headers, 1, "one"), 201)
    auditor = api.staff("auditor")[1]
    jogada_id = f"{room['room_id']}:1"
    error = error_of(client.get(f"/bingo/jogadas/{jogada_id}/replay", headers=auditor), 409)
    assert (error["field"], error["rule"]) == ("jogada_id", "903-B 6.7.5")
    error = error_of(client.get(f"/bingo/jogadas/{room['room_id']}:9/replay", headers=auditor), 404)
    assert error["field"] == "jogada_id"
    assert client.get(f"/bingo/jogadas/{jogada_id}/replay", headers=headers).status_code == 403


def test_bingo_39_jackpot_of_a_room_without_one_is_409_and_of_no_room_404(client):
    """Rule 39: the accumulated jackpot is optional. Reading it at a room without one is
    refused with 409 no_jackpot (the room exists); at no room, 404."""
    config = {k: v for k, v in room_config("90").items() if k != "jackpot"}
    room = ok(create_room(client, config), 201)
    error = error_of(client.get(f"/bingo/rooms/{room['room_id']}/jackpot", headers=OPERATOR), 409)
    assert (error["code"], error["field"], error["rule"]) == ("no_jackpot", "room_id",
                                                              f"{BINGO} 39")
    unknown = "00000000-0000-4000-8000-000000000000"
    error = error_of(client.get(f"/bingo/rooms/{unknown}/jackpot", headers=OPERATOR), 404)
    assert error["field"] == "room_id"
