"""``GET /jogadas/{jogada_id}/phh``: an ended hold'em or Omaha jogada as a PHH file (the Poker
Hand History standard, domain/games/community_poker/phh.py) over HTTP, for the roles that read a
jogada's replay; the jogadas it refuses with 404 and 409."""

from __future__ import annotations

import random
import tomllib

import pytest

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import ante, create_table, individual_config, seated
from tests.holdem.client import new_table
from tests.holdem.test_phh import fill, play_jogada, replay_in_pokerkit

pytest.importorskip("pokerkit")


@pytest.fixture
def client(make_client):
    return make_client()


def holdem_table(client, game: str = "holdem", **config):
    table = new_table(client.app.state.ledger, game, seats=4, **config)
    fill(table, random.Random(11), 4)
    return table


def test_he_phh_route_answers_the_file_that_pokerkit_replays(client):
    table = holdem_table(client)
    jogada_id = play_jogada(table, random.Random(11))
    r = client.get(f"/jogadas/{jogada_id}/phh", headers=OPERATOR)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "application/toml"
    table_id, number = jogada_id.split(":")  # issue 24: a file name with no ":"
    assert r.headers["content-disposition"] == f'attachment; filename="{table_id}_{number}.phh"'
    fields = tomllib.loads(r.text)
    assert (fields["variant"], fields["_jogada_id"], fields["table"]) == ("NT", jogada_id, "mesa")
    _, state = replay_in_pokerkit(r.text)
    assert list(state.stacks) == fields["finishing_stacks"]
    caves = ok(client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))["final"][
        "settlement"]["caves"]
    assert fields["finishing_stacks"] == [caves[str(seat)] for seat in fields["seats"]]


def test_he_phh_route_is_for_the_roles_that_read_a_replay(client):
    api = Api(client)
    jogada_id = play_jogada(holdem_table(client, "omaha", structure="pot_limit"),
                            random.Random(12))
    for role in ("auditor", "complaint_handler"):
        _, headers = api.staff(role)
        assert client.get(f"/jogadas/{jogada_id}/phh", headers=headers).status_code == 200
    _, player = api.player()
    assert ok(client.get(f"/jogadas/{jogada_id}/phh", headers=player), 403)["error"]["code"] == \
        "forbidden"
    assert client.get(f"/jogadas/{jogada_id}/phh").status_code == 401


def test_903b_6_7_5_he_72_phh_route_refuses_an_unknown_an_open_and_a_voided_jogada(client):
    unknown = "00000000-0000-0000-0000-000000000000:1"
    assert ok(client.get(f"/jogadas/{unknown}/phh", headers=OPERATOR), 404)["error"]["code"] == \
        "not_found"
    table = holdem_table(client)
    table.start()
    jogada_id = table.jogada()["jogada_id"]
    assert ok(client.get(f"/jogadas/{jogada_id}/phh", headers=OPERATOR), 409)["error"]["code"] == \
        "jogada_open"
    table.void()
    body = ok(client.get(f"/jogadas/{jogada_id}/phh", headers=OPERATOR), 409)["error"]
    assert (body["code"], body["rule"]) == ("jogada_voided", "hold'em rule 72; A26")


def test_om_24_phh_route_refuses_a_table_the_standard_has_no_variant_for(client):
    table = holdem_table(client, "omaha", structure="no_limit")
    jogada_id = play_jogada(table, random.Random(13))
    body = ok(client.get(f"/jogadas/{jogada_id}/phh", headers=OPERATOR), 409)["error"]
    assert (body["code"], body["rule"]) == ("phh_no_variant", "Omaha rule 24")


def test_phh_route_refuses_a_jogada_of_another_game(client):
    api = Api(client)
    table = create_table(client, individual_config())
    _, headers, _ = seated(api, table, "Ana")
    jogada_id = ok(ante(client, table["table_id"], headers, 200, "a1"), 201)["jogada_id"]
    body = ok(client.get(f"/jogadas/{jogada_id}/phh", headers=OPERATOR), 409)["error"]
    assert body["code"] == "no_hand_history"
