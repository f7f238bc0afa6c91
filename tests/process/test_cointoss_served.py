"""A game defined only under tests/ (tests/cointoss/), served by ``ledger serve`` with
``LEDGER_GAMES``: its clock and its start-up recovery run in the writer process, beside the
aggregates; the HTTP process only parses, authenticates, sends and awaits (issue 14)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tests.process.conftest import OPERATOR, Api, bearer

ROOT = str(Path(__file__).resolve().parents[2])
GAME = {"LEDGER_GAMES": "tests.cointoss.game", "PYTHONPATH": ROOT,
        "LEDGER_COINTOSS_TICK_INTERVAL": "0.1"}


def _ready_bet(srv, client):
    api = Api(client)
    table = client.post("/cointoss/tables", headers=OPERATOR, json={
        "name": "Moeda", "config": {"stake_cents": 100, "toss_after": 1}}).json()
    r = client.post("/players", json={"display_name": "Ana"}, headers=OPERATOR)
    player, headers = r.json()["player_id"], bearer(r.json()["api_key"])
    assert api.move("deposit", player, 1_000, "d1").status_code == 201
    assert client.post("/sessions", headers=headers, json={
        "venue_id": table["venue_id"], "game": "cointoss"}).status_code == 201
    bet = client.post(f"/cointoss/tables/{table['table_id']}/bets", headers=headers, json={
        "side": "heads", "stake_cents": 100, "idempotency_key": "b1"})
    assert bet.status_code == 201, bet.text
    return table, player, bet.json()


def test_the_clock_of_a_registered_game_runs_in_the_writer_process(server):
    srv = server(**GAME)
    with srv.client() as client:
        table, player, bet = _ready_bet(srv, client)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if client.get(f"/cointoss/tables/{table['table_id']}",
                          headers=OPERATOR).json()["status"] == "no_jogada":
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"not tossed:\n{srv.log_tail()}")
        srv.wait_caught_up()
        verdict = client.get(f"/jogadas/{bet['jogada_id']}/adjudication", headers=OPERATOR)
        assert verdict.status_code == 200 and verdict.json()["agrees"] is True, verdict.text


def test_a_jogada_a_sigkill_left_open_is_voided_when_the_writer_starts_again(server):
    srv = server(LEDGER_COINTOSS_TICK_INTERVAL="0", **{k: v for k, v in GAME.items()
                                                       if k != "LEDGER_COINTOSS_TICK_INTERVAL"})
    with srv.client() as client:
        table, player, bet = _ready_bet(srv, client)
        assert Api(client).balance(player)["held_cents"] == 100
    srv.kill()
    srv.start()
    with srv.client() as client:
        assert client.get(f"/cointoss/tables/{table['table_id']}",
                          headers=OPERATOR).json()["status"] == "no_jogada"
        srv.wait_caught_up()
        balance = Api(client).balance(player)
        assert (balance["available_cents"], balance["held_cents"]) == (1_000, 0)
        assert os.path.exists(srv.log_path)
