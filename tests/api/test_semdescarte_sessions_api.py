"""Póquer sem descarte and the player's game session over HTTP (Reg. 803/2015): a seat needs an
open session at the table (rule 40); the player ends its session only between jogadas (rule 2e),
an operator may end it mid-jogada and the settlement still reaches its statement (rules 35, 36,
39).
"""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR
from tests.api.semdescarte_support import (BANK_AK, FLUSH_HAND, FUNDS, SD, ante,
                                           certified_individual, create_table, deal, decide,
                                           error_of, forced_deck, multi_config, statement,
                                           table_state)


def test_sd_2e_39_a_player_cannot_end_its_session_with_a_bet_in_play(api, make_client):
    """Rules 2e and 39: a jogada runs from the bets to the payment, and the statement covers
    every jogada the player bet in; so the player ends its session between jogadas (409,
    nothing recorded) and the statement it then gets matches the money to the cent."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    early = client.post(f"/sessions/{sid}/end", json={"reason": "player"}, headers=ana)
    assert error_of(early, 409)["rule"] == "póquer sem descarte rule 2e"  # betting, before the cards
    assert deal(client, tid, ana, forced_deck([FLUSH_HAND], BANK_AK, burn="Qs")).status_code == 200
    ended = client.post(f"/sessions/{sid}/end", json={"reason": "player"}, headers=ana)
    err = error_of(ended, 409)
    assert (err["field"], err["rule"]) == ("session_id", "póquer sem descarte rule 2e")
    assert jogada_id in err["message"]
    assert statement(client, sid, ana)["status"] == "open"
    assert decide(client, tid, ana, jogada_id, "continue").status_code == 200
    ended = client.post(f"/sessions/{sid}/end", json={"reason": "player"}, headers=ana)
    assert ended.status_code == 200, ended.text
    change = api.balance(pid)["available_cents"] - FUNDS
    assert change > 0  # a flush against a qualified bank
    final = ended.json()
    assert (final["status"], final["jogadas"], final["wagered_cents"]) == ("ended", 1, 300)
    assert final["net_cents"] == change


@pytest.mark.parametrize("venue_id", ["semdescarte:nope", "semdescarte:",
                                      "semdescarte:00000000-0000-0000-0000-000000000000"])
def test_issue_24_a_session_at_a_venue_that_names_no_table_is_404(api, client, venue_id):
    """A session is a player's access to a table (rule 40, A61): a venue id that names no
    table is refused, 404 naming ``venue_id``, and no session is recorded."""
    pid, ana = api.player("Ana")
    r = client.post("/sessions", json={"venue_id": venue_id, "game": "sem_descarte_individual"},
                    headers=ana)
    assert r.status_code == 404, r.text
    assert (r.json()["error"]["code"], r.json()["error"]["field"]) == ("not_found", "venue_id")
    assert client.get(f"/players/{pid}/sessions", headers=ana).json()["count"] == 0


def test_sd_35_39_a_session_ended_by_the_operator_mid_jogada_still_gets_its_settlement(
        api, make_client):
    """Rules 35–36 and 39: an operator may end the session while the jogada is in play (a
    lost connection); the jogada goes on, and its second bet and its settlement still go on
    that session's statement, which then matches the money."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana, forced_deck([FLUSH_HAND], BANK_AK, burn="Qs")).status_code == 200
    ended = client.post(f"/sessions/{sid}/end", json={"reason": "connection_lost"},
                        headers=OPERATOR)
    assert ended.status_code == 200, ended.text
    assert ended.json()["net_cents"] == -100  # only the ante so far
    assert decide(client, tid, ana, jogada_id, "continue").status_code == 200
    final = statement(client, sid, ana)
    change = api.balance(pid)["available_cents"] - FUNDS
    assert change > 0
    assert (final["status"], final["end_reason"]) == ("ended", "connection_lost")
    assert (final["wagered_cents"], final["net_cents"]) == (300, change)


def test_sd_40_a_seat_needs_an_open_session_at_the_table(api, client):
    """Rule 40 / sessions: a player sits only with an open game session at the table's venue."""
    table = create_table(client, multi_config(seats=2))
    _, player = api.player()
    error = error_of(client.post(f"/semdescarte/tables/{table['table_id']}/seats",
                                 json={"seat": 1}, headers=player), 409)
    assert (error["field"], error["rule"]) == ("session_id", f"{SD} 40")
    r = client.post("/sessions", json={"venue_id": table["venue_id"], "game": table["game"]},
                    headers=player)
    assert r.status_code == 201
    error = error_of(client.post(f"/semdescarte/tables/{table['table_id']}/seats",
                                 json={"seat": 3}, headers=player), 422)
    assert (error["field"], error["rule"]) == ("seat", f"{SD} 6a")
    assert table_state(client, table["table_id"])["seats"] == {}
