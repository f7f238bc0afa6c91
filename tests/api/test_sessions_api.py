"""Game sessions over HTTP: start and end, the end-of-session statement (sem descarte rule 39,
bingo rule 52), one open session per venue (A61), only at a venue that exists and plays the
game (issue 24), the inactivity procedure on the ManualClock (sem descarte rules 41a, 42; A43),
who may see and do what, bad input.

Bets and wins have no route (the games record them inside their own commands): the tests
record them through infra.services.sessions on the app's ledger, then read over HTTP."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from domain.kernel.actors import player_actor
from infra.services import sessions as ss
from tests.api.conftest import OPERATOR
from tests.api.semdescarte_support import create_table, individual_config

SD = "sem_descarte_individual"
ROOM_90 = {"variant": "90", "card_price_cents": 100, "max_cards": 6, "pool_bp": 8_000,
           "prizes": {"line": 2_000, "bingo": 8_000}, "sale_seconds": 30,
           "draw_interval_ms": 1_000, "prize_pause_ms": 2_000}
# Refused before the venue is looked up: any venue id will do.
ANY_VENUE = "semdescarte:00000000-0000-4000-8000-000000000001"


def when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def table(api, name: str = "1") -> str:
    """The venue id of an individual sem descarte table, made over HTTP the first time this
    app is asked for ``name`` (a session starts only at a venue that exists, issue 24)."""
    made = api.__dict__.setdefault("tables", {})
    if name not in made:
        made[name] = create_table(api.client, individual_config(), f"Mesa {name}")["venue_id"]
    return made[name]


def room(api) -> str:
    """The venue id of a new bingo room."""
    r = api.client.post("/bingo/rooms", json={"name": "Sala 1", "config": ROOM_90},
                        headers=OPERATOR)
    assert r.status_code == 201, r.text
    return r.json()["venue_id"]


def start(api, headers, venue=None, game=SD, **extra):
    return api.client.post("/sessions", headers=headers, json={
        "venue_id": table(api) if venue is None else venue, "game": game, **extra})


def started(api, headers, venue=None, game=SD, **extra) -> str:
    r = start(api, headers, venue, game, **extra)
    assert r.status_code == 201, r.text
    return r.json()["session_id"]


def end(api, sid, headers, reason="player"):
    return api.client.post(f"/sessions/{sid}/end", json={"reason": reason}, headers=headers)


def statement(api, sid, headers=OPERATOR) -> dict:
    r = api.client.get(f"/sessions/{sid}/statement", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def sweep(api) -> dict:
    r = api.client.post("/inactivity/sweep", headers=OPERATOR)
    assert r.status_code == 200, r.text
    return r.json()


NOTHING = {"invitations": [], "warnings": [], "ended": []}


def test_sd_40_a_player_starts_its_session_201_with_the_open_statement(api, clock):
    player_id, player = api.player()
    r = start(api, player)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["session_id"] and body["player_id"] == player_id
    assert (body["venue_id"], body["game"], body["status"]) == (table(api), SD, "open")
    assert when(body["started_at"]) == clock.now() and body["ended_at"] is None
    assert (body["jogadas"], body["wagered_cents"], body["won_cents"], body["net_cents"]) == (
        0, 0, 0, 0)
    assert api.client.get(f"/sessions/{body['session_id']}", headers=player).json() == body


def test_sd_40_a_started_session_is_answered_201_while_the_read_models_lag(api, monkeypatch):
    """The start is committed: its answer comes from the command, not from the read models.
    Answered 503 projection_lag, the client would retry and meet its own open session (409,
    A61)."""
    from api import ledger_access as reads

    player_id, player = api.player()
    api.balance(player_id, player)  # the player's key is now known to this process
    table(api)  # the venue exists, and the read models know it, before they stop
    ledger = api.client.app.state.ledger
    ledger.projections.stop()  # nobody applies the events any more: the worker is down
    monkeypatch.setattr(ledger.projections, "follower", True)
    monkeypatch.setattr(reads, "READ_WAIT_SECONDS", 0.05)
    r = start(api, player)
    assert r.status_code == 201, r.text
    assert (r.json()["player_id"], r.json()["status"]) == (player_id, "open")
    late = api.client.get(f"/sessions/{r.json()['session_id']}", headers=player)
    assert late.status_code == 503 and late.json()["error"]["code"] == "projection_lag"


def test_an_operator_starts_a_session_on_behalf_of_a_player(api):
    player_id, player = api.player()
    sid = started(api, OPERATOR, player_id=player_id)
    assert statement(api, sid, player)["player_id"] == player_id
    r = start(api, OPERATOR, venue=table(api, "2"))
    assert r.status_code == 422 and r.json()["error"]["field"] == "player_id"
    nobody = "00000000-0000-4000-8000-000000000000"
    r = start(api, OPERATOR, venue=table(api, "2"), player_id=nobody)
    assert r.status_code == 404 and r.json()["error"]["field"] == "player_id"
    _, auditor = api.staff("auditor")
    assert start(api, auditor, venue=table(api, "2"), player_id=player_id).status_code == 403


def test_903b_a61_a_second_open_session_at_the_same_venue_is_409(api):
    _, player = api.player()
    sid = started(api, player)
    r = start(api, player)
    assert r.status_code == 409, r.text
    error = r.json()["error"]
    assert (error["code"], error["rule"], error["field"]) == ("conflict", "A61", "venue_id")
    assert error["details"] == {"session_id": sid}
    started(api, player, venue=table(api, "2"))  # another table: fine
    assert end(api, sid, player).status_code == 200
    assert started(api, player) != sid  # the table is free again


def test_sd_41a_invitation_refused_at_180s_and_given_at_181s(api, clock):
    _, player = api.player()
    sid = started(api, player)
    clock.advance(180)
    assert sweep(api) == NOTHING
    assert statement(api, sid)["invitation_at"] is None
    at = clock.advance(1)
    assert sweep(api) == {"invitations": [sid], "warnings": [sid], "ended": []}
    st = statement(api, sid, player)
    assert when(st["invitation_at"]) == at == when(st["warning_at"]) and st["status"] == "open"


def test_sd_42_a43_the_session_ends_when_the_warned_minute_runs_out(api, clock):
    _, player = api.player()
    sid = started(api, player)
    warned = clock.advance(181)
    sweep(api)
    clock.advance(60)  # the warned minute is not over yet
    assert sweep(api) == NOTHING
    clock.advance(1)
    assert sweep(api) == {"invitations": [], "warnings": [], "ended": [sid]}
    st = statement(api, sid, player)
    assert (st["status"], st["end_reason"]) == ("ended", "inactivity")
    assert when(st["ended_at"]) == warned + timedelta(seconds=60)
    r = end(api, sid, player)
    assert r.status_code == 409 and r.json()["error"]["field"] == "session_id"


def test_common_a43_leaving_after_the_warned_minute_records_the_inactivity_end(api, clock):
    _, player = api.player()
    sid = started(api, player)
    warned = clock.advance(181)
    sweep(api)
    clock.advance(90)  # the sweeper has not run since
    r = end(api, sid, player)
    assert r.status_code == 200, r.text
    assert r.json()["end_reason"] == "inactivity"
    assert when(r.json()["ended_at"]) == warned + timedelta(seconds=60)


def test_sd_42_a43_a_bet_in_the_warned_minute_keeps_the_session_and_restarts_the_clock(api, clock):
    player_id, player = api.player()
    sid = started(api, player)
    clock.advance(181)
    sweep(api)
    clock.advance(60)
    ss.record_bet(api.client.app.state.ledger, sid, "j1", 100, player_actor(player_id))
    clock.advance(180)  # 180 s since the bet
    assert sweep(api) == NOTHING
    clock.advance(1)
    assert sweep(api)["warnings"] == [sid]


def test_sd_39_33_statement_totals_after_bets_and_wins(api, clock):
    player_id, player = api.player()
    ledger, actor = api.client.app.state.ledger, player_actor(player_id)
    started_at = clock.now()
    sid = started(api, player)
    ss.record_bet(ledger, sid, "h1", 1_000, actor)
    ss.record_bet(ledger, sid, "h1", 1_000, actor)  # a double: the same jogada
    ss.record_bet(ledger, sid, "h2", 500, actor)
    ss.record_win(ledger, sid, "h2", 1_000, "win", "system:test")
    running = statement(api, sid, player)  # open: the running totals
    assert running["status"] == "open" and when(running["last_bet_at"]) == started_at
    assert (running["jogadas"], running["wagered_cents"], running["won_cents"],
            running["net_cents"]) == (2, 2_500, 1_000, -1_500)
    clock.advance(300)
    r = end(api, sid, player)
    assert r.status_code == 200, r.text
    final = r.json()
    assert (final["jogadas"], final["wagered_cents"], final["won_cents"],
            final["net_cents"]) == (2, 2_500, 1_000, -1_500)
    assert final["won_by_category"] == {"win": {"count": 1, "amount_cents": 1_000}}
    assert (final["status"], final["end_reason"]) == ("ended", "player")
    assert when(final["started_at"]) == started_at
    assert when(final["ended_at"]) == started_at + timedelta(seconds=300)
    assert statement(api, sid, player) == final == api.client.get(
        f"/sessions/{sid}", headers=player).json()


def test_bingo_52_statement_cards_bought_and_prizes_per_category(api):
    player_id, player = api.player()
    ledger, actor = api.client.app.state.ledger, player_actor(player_id)
    sid = started(api, player, venue=room(api), game="bingo")
    for jogada, cards in (("b1", 3), ("b2", 2)):
        ss.record_bet(ledger, sid, jogada, cards * 50, actor)
        ss.record_statement_line(ledger, sid, "cards", "Cartões comprados", cards, cards * 50,
                                 actor)
    ss.record_win(ledger, sid, "b1", 400, "line", "system:bingo")
    ss.record_win(ledger, sid, "b2", 1_000, "bingo", "system:bingo")
    st = end(api, sid, player).json()
    assert st["lines"] == [{"category": "cards", "label": "Cartões comprados", "count": 5,
                            "amount_cents": 250}]
    assert st["won_by_category"] == {"line": {"count": 1, "amount_cents": 400},
                                     "bingo": {"count": 1, "amount_cents": 1_000}}
    assert (st["wagered_cents"], st["won_cents"], st["net_cents"]) == (250, 1_400, 1_150)


def test_903b_a61_operators_end_for_suspension_or_system_players_only_with_player(api):
    player_id, player = api.player()
    first = started(api, player)
    r = end(api, first, player, "suspension")
    assert r.status_code == 403 and r.json()["error"]["field"] == "reason"
    assert statement(api, first)["status"] == "open"
    assert end(api, first, OPERATOR, "suspension").json()["end_reason"] == "suspension"
    second = started(api, player)
    assert end(api, second, OPERATOR, "system").json()["end_reason"] == "system"


def test_another_player_is_403_and_staff_roles_read(api):
    owner_id, owner = api.player("Ana")
    other_id, other = api.player("Rui")
    sid = started(api, owner)
    for path in (f"/sessions/{sid}", f"/sessions/{sid}/statement",
                 f"/players/{owner_id}/sessions"):
        r = api.client.get(path, headers=other)
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden", path
    assert end(api, sid, other).status_code == 403
    assert start(api, other, player_id=owner_id).status_code == 403
    assert statement(api, sid)["status"] == "open"
    for role in ("auditor", "complaint_handler"):
        _, staff = api.staff(role)
        assert statement(api, sid, staff)["session_id"] == sid
        assert end(api, sid, staff).status_code == 403
        assert api.client.post("/inactivity/sweep", headers=staff).status_code == 403
    assert api.client.post("/inactivity/sweep", headers=owner).status_code == 403
    assert api.client.get(f"/sessions/{sid}").status_code == 401
    assert api.client.get(f"/players/{other_id}/sessions", headers=other).json()["count"] == 0


def test_a_players_sessions_newest_first_with_a_limit(api, clock):
    player_id, player = api.player()
    ids = []
    for name in ("1", "2", "3"):
        ids.append(started(api, player, venue=table(api, name)))
        clock.advance(10)
    end(api, ids[0], player)
    r = api.client.get(f"/players/{player_id}/sessions", headers=player)
    assert r.status_code == 200, r.text
    body = r.json()
    assert [s["session_id"] for s in body["data"]] == ids[::-1] and body["count"] == 3
    assert body["data"][-1]["status"] == "ended"
    r = api.client.get(f"/players/{player_id}/sessions", params={"limit": 2}, headers=OPERATOR)
    assert [s["session_id"] for s in r.json()["data"]] == ids[:0:-1]
    r = api.client.get(f"/players/{player_id}/sessions", params={"limit": 0}, headers=OPERATOR)
    assert r.status_code == 422 and r.json()["error"]["field"] == "limit"
    r = api.client.get("/players/00000000-0000-4000-8000-000000000000/sessions",
                       headers=OPERATOR)
    assert r.status_code == 404


@pytest.mark.parametrize("body, field", [
    ({"venue_id": ANY_VENUE, "game": "pachinko"}, "game"),
    ({"venue_id": ANY_VENUE, "game": SD, "table": 7}, "table"),
    ({"venue_id": "", "game": SD}, "venue_id"),
    ({"venue_id": 7, "game": SD}, "venue_id"),
    ({"venue_id": "x" * 101, "game": SD}, "venue_id"),
    ({"game": SD}, "venue_id"),
    ({"venue_id": ANY_VENUE, "game": SD, "player_id": "not-a-uuid"}, "player_id"),
])
def test_bad_start_input_is_422_naming_the_field(api, body, field):
    _, player = api.player()
    r = api.client.post("/sessions", json=body, headers=player)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "invalid_input" and r.json()["error"]["field"] == field


def test_blank_venue_is_refused_by_the_domain(api):
    _, player = api.player()
    r = start(api, player, venue="   ")
    assert r.status_code == 422 and r.json()["error"]["field"] == "venue_id"


def no_session_recorded(api, player_id: str) -> None:
    r = api.client.get(f"/players/{player_id}/sessions", headers=OPERATOR)
    assert r.status_code == 200 and r.json()["count"] == 0, r.text


def test_issue_24_a_session_at_a_venue_that_does_not_exist_is_404_naming_venue_id(api):
    player_id, player = api.player()
    room_id = room(api).partition(":")[2]  # a room exists under this id, no table
    nobody = "00000000-0000-4000-8000-00000000beef"
    for venue, game in (("foo", "holdem"), ("holdem:", "holdem"),
                        (f"roulette:{nobody}", SD),  # no game has that prefix
                        (f"semdescarte:{nobody}", SD), ("semdescarte:mesa-1", SD),
                        (f"holdem:{room_id}", "holdem"), (f"bingo:{nobody}", "bingo")):
        r = start(api, player, venue=venue, game=game)
        assert r.status_code == 404, (venue, r.text)
        error = r.json()["error"]
        assert (error["code"], error["field"]) == ("not_found", "venue_id"), error
        assert venue in error["message"]
    no_session_recorded(api, player_id)


def test_issue_24_a_game_not_played_at_the_venue_is_409_naming_game(api):
    player_id, player = api.player()
    r = api.client.post("/holdem/tables", headers=OPERATOR, json={"name": "Mesa H", "config": {
        "seats": 6, "structure": "no_limit", "small_blind_cents": 50, "big_blind_cents": 100,
        "buy_in_cents": 10_000, "commission": {"mode": "pot", "percent_bp": 500,
                                               "cap_cents": 300}, "decision_seconds": 20}})
    assert r.status_code == 201, r.text
    holdem = r.json()["venue_id"]
    for venue, game, played in ((holdem, "bingo", "holdem"), (holdem, "omaha", "holdem"),
                                (table(api), "sem_descarte_multi", SD),  # rule 4: individual
                                (room(api), SD, "bingo")):
        r = start(api, player, venue=venue, game=game)
        assert r.status_code == 409, (venue, game, r.text)
        error = r.json()["error"]
        assert (error["code"], error["field"]) == ("conflict", "game"), error
        assert played in error["message"] and venue in error["message"]
    no_session_recorded(api, player_id)
    assert started(api, player, venue=holdem, game="holdem")  # the game it plays


def test_issue_24_a_game_the_service_does_not_run_is_422_listing_only_its_games(api):
    player_id, player = api.player()
    registered = api.client.app.state.ledger.games.kinds()
    unknown = ("baccarat", "pachinko")  # blackjack: issue 26; roulette: issue 27
    assert not set(unknown) & set(registered)
    for game in unknown:
        r = start(api, player, game=game)
        assert r.status_code == 422, (game, r.text)
        error = r.json()["error"]
        assert (error["code"], error["field"]) == ("invalid_input", "game"), error
        assert all(kind in error["message"] for kind in registered), error["message"]
        assert game not in error["message"]  # it lists only the games it runs
    no_session_recorded(api, player_id)
    schema = api.client.get("/openapi.json").json()["components"]["schemas"]["SessionCreate"]
    assert schema["properties"]["game"]["enum"] == list(registered)


@pytest.mark.parametrize("body, field", [
    ({"reason": "inactivity"}, "reason"),  # only the inactivity procedure ends for it (A43)
    ({"reason": "bored"}, "reason"),
    ({}, "reason"),
    ({"reason": "player", "note": "x"}, "note"),
])
def test_bad_end_input_is_422_naming_the_field(api, body, field):
    _, player = api.player()
    sid = started(api, player)
    for headers in (player, OPERATOR):
        r = api.client.post(f"/sessions/{sid}/end", json=body, headers=headers)
        assert r.status_code == 422, r.text
        assert r.json()["error"]["field"] == field
    assert statement(api, sid)["status"] == "open"


def test_unknown_and_malformed_session_ids(api):
    _, player = api.player()
    unknown = "00000000-0000-4000-8000-000000000000"
    for r in (api.client.get(f"/sessions/{unknown}", headers=OPERATOR), end(api, unknown, player),
              api.client.get(f"/sessions/{unknown}/statement", headers=player)):
        assert r.status_code == 404 and r.json()["error"]["field"] == "session_id"
    r = api.client.get("/sessions/nope", headers=OPERATOR)
    assert r.status_code == 422 and r.json()["error"]["field"] == "session_id"
