"""Póquer sem descarte over HTTP: a seat belongs to the game session it was taken with (rules
2e, 6a, 40-42), what a caller sees of the seats, the table's status with no jogada, and the
routes whose body is entirely optional."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.conftest import OPERATOR, Api, ok
from tests.semdescarte.support import stream_events
from tests.api.semdescarte_support import (FLUSH_HAND, BANK_AK, FUNDS, ante, certified_individual,
                                           create_table, deal, decide, error_of, forced_deck,
                                           individual_config, multi_config, seated, strings_in,
                                           table_state, view)

SD = "póquer sem descarte rule"


def end(client, sid: str, headers, reason: str = "player"):
    return client.post(f"/sessions/{sid}/end", json={"reason": reason}, headers=headers)


def sit(api: Api, table: dict[str, Any], name: str, body: dict[str, Any] | None = None):
    """A funded player with a session at the table's venue tries to sit: (response, id, headers,
    session id)."""
    player_id, headers = api.player(name)
    assert api.deposit(player_id, FUNDS, f"dep-{player_id}").status_code == 201
    session = ok(api.client.post("/sessions", json={"venue_id": table["venue_id"],
                                                    "game": table["game"]}, headers=headers), 201)
    r = api.client.post(f"/semdescarte/tables/{table['table_id']}/seats", json=body or {},
                        headers=headers)
    return r, player_id, headers, session["session_id"]


def left_events(client, table_id: str) -> list[Any]:
    """The table's recorded PlayerLeft events (the table's stream, read from the store)."""
    events = stream_events(client.app.state.ledger, table_id)
    return [e for e in events if type(e).__name__ == "PlayerLeft"]


def seen_seats(client, table_id: str, headers) -> dict[str, Any]:
    return ok(client.get(f"/semdescarte/tables/{table_id}", headers=headers))["seats"]


# 1. Ending the session frees the seat --------------------------------------------------------
def test_sd_40_the_player_ending_its_session_frees_its_seat_for_the_next_player(api, client):
    """Rule 40: the player sits within its game session; once it ends it, the seat of the
    individual table is free: the next player sits (it was 409 "seat 1 is taken" for ever).
    While the session is open the seat stays taken."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    ana_id, ana, ana_sid = seated(api, table, "Ana")
    r, bia_id, bia, bia_sid = sit(api, table, "Bia")
    assert error_of(r, 409)["message"] == "seat 1 is taken"
    assert end(client, ana_sid, ana).status_code == 200
    assert table_state(client, tid)["seats"] == {}
    r = client.post(f"/semdescarte/tables/{tid}/seats", json={}, headers=bia)
    assert r.status_code == 201, r.text
    assert table_state(client, tid)["seats"] == {
        "1": {"taken": True, "player_id": bia_id, "session_id": bia_sid}}
    [left] = left_events(client, tid)
    assert (left.player_id, left.reason, left.actor) == (ana_id, "session_ended",
                                                         f"player:{ana_id}")


def test_sd_40_a_player_whose_session_ended_sits_again_with_a_new_session(api, client):
    table = create_table(client, individual_config())
    _, ana, ana_sid = seated(api, table, "Ana")
    assert end(client, ana_sid, ana).status_code == 200
    new = ok(client.post("/sessions", json={"venue_id": table["venue_id"], "game": table["game"]},
                         headers=ana), 201)
    r = client.post(f"/semdescarte/tables/{table['table_id']}/seats", json={}, headers=ana)
    assert r.status_code == 201, r.text
    assert r.json()["session_id"] == new["session_id"]


def test_sd_2e_35_an_operator_ending_the_session_mid_jogada_frees_the_seat_when_it_ends(
        api, make_client):
    """Rules 2e, 35-36, 39: an operator may end the session while its jogada is in play; the
    seat stays until that jogada has settled (its decision and payment still belong to it),
    then it is freed, by the settlement's actor."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    table = table_state(client, tid)
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana, forced_deck([FLUSH_HAND], BANK_AK, burn="Qs")).status_code == 200
    assert end(client, sid, OPERATOR, "connection_lost").status_code == 200
    assert table_state(client, tid)["seats"]["1"]["player_id"] == pid
    r, _, bia, _ = sit(api, table, "Bia")
    assert (error_of(r, 409)["field"], error_of(r, 409)["rule"]) == ("seat", f"{SD} 6a")
    assert decide(client, tid, ana, jogada_id, "continue").json()["settled"] is True
    assert table_state(client, tid)["seats"] == {}
    [left] = left_events(client, tid)
    assert (left.player_id, left.reason, left.actor) == (pid, "session_ended", f"player:{pid}")
    r = client.post(f"/semdescarte/tables/{tid}/seats", json={}, headers=bia)
    assert r.status_code == 201, r.text


def test_sd_41a_42_a_session_ended_for_inactivity_frees_the_seat(api, client, clock):
    """Rules 41a, 42: at an individual table, no bet for more than 3 minutes, the warning, and
    one more minute end the session (the inactivity sweep); its seat is free at once."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    _, ana, ana_sid = seated(api, table, "Ana")
    sweep = lambda: ok(client.post("/inactivity/sweep", headers=OPERATOR))  # noqa: E731
    clock.advance(181)
    assert sweep()["warnings"] == [ana_sid]
    clock.advance(61)
    assert sweep()["ended"] == [ana_sid]
    assert table_state(client, tid)["seats"] == {}
    r, *_ = sit(api, table, "Bia")
    assert r.status_code == 201, r.text


def test_sd_41b_42_a_seat_idle_for_too_many_jogadas_is_freed_with_its_session(api, client, clock):
    """Rules 41b, 42: at a multi-seat table a seated player who bets in none of 5 jogadas in a
    row is warned at the 6th, and its session ends at the 7th; its seat is free at once
    (freed at that jogada's settlement, by the settling command's actor)."""
    table = create_table(client, multi_config(seats=2, jackpot=False))
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana", seat=1)
    bia_id, bia, bia_sid = seated(api, table, "Bia", seat=2)
    for n in range(7):
        jogada_id = ok(ante(client, tid, ana, 100, f"a{n}"), 201)["jogada_id"]
        clock.advance(16)
        assert ok(client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR))["done"] == [
            "dealt"]
        assert decide(client, tid, ana, jogada_id, "fold").json()["settled"] is True
        if n < 6:
            assert "2" in table_state(client, tid)["seats"]
    st = ok(client.get(f"/sessions/{bia_sid}", headers=bia))
    assert (st["status"], st["end_reason"]) == ("ended", "inactivity")
    assert list(table_state(client, tid)["seats"]) == ["1"]
    [left] = left_events(client, tid)
    assert (left.player_id, left.reason) == (bia_id, "session_ended")
    r, *_ = sit(api, table, "Caio", {"seat": 2})
    assert r.status_code == 201, r.text


def test_common_a43_a_seat_whose_warned_minute_ran_out_is_free_before_the_sweep(api, client, clock):
    """A43: a session whose warned minute ran out ended then, whether or not the sweep has
    recorded it yet; its seat is taken by the next player (and freed in that command)."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    ana_id, _, ana_sid = seated(api, table, "Ana")
    clock.advance(181)
    assert ok(client.post("/inactivity/sweep", headers=OPERATOR))["warnings"] == [ana_sid]
    clock.advance(61)  # no sweep
    r, bia_id, _, _ = sit(api, table, "Bia")
    assert r.status_code == 201, r.text
    assert table_state(client, tid)["seats"]["1"]["player_id"] == bia_id


# 5. What a caller sees of the seats -------------------------------------------------------------
def test_a_player_sees_which_seats_are_taken_not_who_holds_them(api, client):
    """GET /semdescarte/tables/{id} (and its /view): a player sees which seats are taken, and
    its own player and session id in its own seat, never another player's."""
    table = create_table(client, multi_config(seats=3, jackpot=False))
    tid = table["table_id"]
    ana_id, ana, ana_sid = seated(api, table, "Ana", seat=1)
    bia_id, bia, bia_sid = seated(api, table, "Bia", seat=3)
    ante(client, tid, ana, 100, "a1")
    for me, headers, sid, other, other_sid in ((ana_id, ana, ana_sid, bia_id, bia_sid),
                                              (bia_id, bia, bia_sid, ana_id, ana_sid)):
        for route in ("", "/view"):
            seen = ok(client.get(f"/semdescarte/tables/{tid}{route}", headers=headers))
            assert not {other, other_sid} & set(strings_in(seen))
        own = "1" if me == ana_id else "3"
        assert seen_seats(client, tid, headers) == {
            own: {"taken": True, "player_id": me, "session_id": sid},
            ("3" if own == "1" else "1"): {"taken": True}}


@pytest.mark.parametrize("role", ["operator", "auditor", "complaint_handler"])
def test_staff_see_who_holds_each_seat(api, client, role):
    table = create_table(client, multi_config(seats=3, jackpot=False))
    ana_id, _, ana_sid = seated(api, table, "Ana", seat=1)
    bia_id, _, bia_sid = seated(api, table, "Bia", seat=2)
    headers = OPERATOR if role == "operator" else api.staff(role)[1]
    seats = ok(client.get(f"/semdescarte/tables/{table['table_id']}", headers=headers))["seats"]
    assert seats == {"1": {"taken": True, "player_id": ana_id, "session_id": ana_sid},
                     "2": {"taken": True, "player_id": bia_id, "session_id": bia_sid}}


# 4. The status of a table with no jogada yet ------------------------------------------------------
def test_a_table_with_no_jogada_yet_says_so(api, client):
    """No jogada was ever opened: the table and its view say ``no_jogada``, not ``ended``."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana")
    assert table_state(client, tid)["status"] == "no_jogada"
    assert view(client, tid, ana) == {"jogada_id": None, "status": "no_jogada", "table_id": tid}
    assert view(client, tid, OPERATOR)["status"] == "no_jogada"
    ante(client, tid, ana, 100, "a1")
    assert table_state(client, tid)["status"] == view(client, tid, ana)["status"] == "betting"


# 3. Bodies that are entirely optional may be left out -------------------------------------------
def test_optional_bodies_may_be_left_out(api, client):
    """POST .../seats, .../deal and .../seats/leave with no body at all mean "all defaults"
    (a 422 "body: Field required" before)."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana = api.player("Ana")
    assert api.deposit(pid, FUNDS, "d1").status_code == 201
    ok(client.post("/sessions", json={"venue_id": table["venue_id"], "game": table["game"]},
                   headers=ana), 201)
    assert ok(client.post(f"/semdescarte/tables/{tid}/seats", headers=ana), 201)["seat"] == 1
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    dealt = ok(client.post(f"/semdescarte/tables/{tid}/deal", headers=ana))
    assert (dealt["jogada_id"], len(dealt["cards"])) == (jogada_id, 5)
    assert decide(client, tid, ana, jogada_id, "fold").json()["settled"] is True
    assert ok(client.post(f"/semdescarte/tables/{tid}/seats/leave", headers=ana))["left"] is True
    assert table_state(client, tid)["seats"] == {}
