"""A game defined only under tests/ (tests/cointoss/) plugs in through the registry
(``Settings(games="tests.cointoss.game")``, as LEDGER_GAMES) and gets, with no file outside
tests/ changed: its routes, its clock, crash recovery, session statements, the generic jogada,
replay and adjudication routes (issue 14)."""

from __future__ import annotations

from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from projections import significant_events
from tests.api.conftest import OPERATOR, Api, ok
from tests.cointoss import commands as coin
from tests.cointoss.significant import MANUAL_TOSS
from tests.cointoss.views import KIND
from tests.waiting import until

GAMES = "tests.cointoss.game"
STAKE = 250


def _player_at_table(api: Api, client):
    table = ok(client.post("/cointoss/tables", headers=OPERATOR,
                           json={"name": "Moeda", "config": {"stake_cents": STAKE,
                                                             "toss_after": 5}}), 201)
    player_id, headers = api.player("Ana")
    ok(api.deposit(player_id, 10_000, "d1"), 201)
    session = ok(client.post("/sessions", headers=headers,
                             json={"venue_id": table["venue_id"], "game": KIND}), 201)
    return table, player_id, headers, session


def test_a_game_under_tests_gets_routes_clock_statement_replay_and_adjudication(make_client,
                                                                              clock):
    client = make_client(games=GAMES, cointoss_tick_interval=0.02)
    api = Api(client)
    table, player_id, headers, session = _player_at_table(api, client)
    bet = ok(client.post(f"/cointoss/tables/{table['table_id']}/bets", headers=headers,
                         json={"side": "heads", "stake_cents": STAKE,
                               "idempotency_key": "b1"}), 201)
    assert api.balance(player_id)["held_cents"] == STAKE
    clock.advance(6)  # the table's clock, in the process that writes, tosses by itself
    until(lambda: client.get(f"/cointoss/tables/{table['table_id']}",
                             headers=OPERATOR).json()["status"] == "no_jogada")

    jogada = ok(client.get(f"/jogadas/{bet['jogada_id']}", headers=OPERATOR))
    assert (jogada["game"], jogada["venue"]["venue_id"]) == ("cointoss", table["venue_id"])
    replay = ok(client.get(f"/jogadas/{bet['jogada_id']}/replay", headers=OPERATOR))
    assert replay["game"] == "cointoss" and replay["rng"]["verified"] is True
    won = replay["final"]["side"] == "heads"
    assert api.balance(player_id)["available_cents"] == 10_000 + (STAKE if won else -STAKE)
    adjudication = ok(client.get(f"/jogadas/{bet['jogada_id']}/adjudication",
                                 headers=OPERATOR))
    assert adjudication["agrees"] is True and adjudication["differences"] == []
    assert adjudication["recomputed"] == {player_id: 2 * STAKE if won else 0}

    listed = ok(client.get(f"/players/{player_id}/jogadas", headers=headers))["data"]
    assert [(j["jogada_id"], j["game"], j["status"], j["wagered_cents"], j["won_cents"])
            for j in listed] == [(bet["jogada_id"], "cointoss", "settled", STAKE,
                                  2 * STAKE if won else 0)]
    assert listed[0]["venue"]["table_id"] == table["table_id"]
    assert listed[0]["replay_url"] is None  # a player is not shown the replay link

    statement = ok(client.post(f"/sessions/{session['session_id']}/end", headers=headers,
                               json={"reason": "player"}))
    assert (statement["wagered_cents"], statement["won_cents"]) == (
        STAKE, 2 * STAKE if won else 0)


def test_a_game_under_tests_is_not_served_unless_registered(make_client):
    client = make_client()
    assert client.post("/cointoss/tables", headers=OPERATOR,
                       json={"name": "Moeda", "config": {"stake_cents": 1}}).status_code == 404


def test_a_jogada_a_crash_left_open_is_voided_and_refunded_at_start(make_settings, clock):
    settings = make_settings(games=GAMES, cointoss_tick_interval=0)
    first = build_ledger(settings, clock=clock, seeds=SeededSeedSource(7))
    try:
        player_id, key = first.register_player(display_name="Rui", actor="system:test")
        first.deposit(player_id, 1_000, "d1", actor="system:test")
        table = first.run(coin.CreateCoinTable(table_id="6d8f2c3e-0000-4000-8000-000000000001",
                                               name="Moeda", config={"stake_cents": STAKE},
                                               actor="system:test"))
        session = sessions_service.start_session(first, player_id, table["venue_id"], KIND,
                                                 f"player:{player_id}")
        bet = first.run(coin.Bet(table_id=table["table_id"], player_id=str(player_id),
                                 side="tails", stake_cents=STAKE, idempotency_key="b1",
                                 actor=f"player:{player_id}"))
    finally:
        first.close()  # a crash: the jogada is left open
    second = build_ledger(settings, clock=clock, seeds=SeededSeedSource(8))
    try:
        assert second.run(coin.DescribeCoinTable(table_id=table["table_id"]))["status"] == \
            "no_jogada"
        statement = sessions_service.statement(second, session)
        assert (statement["wagered_cents"], statement["refunded_cents"]) == (STAKE, STAKE)
        from infra.services import jogada_views

        verdict = jogada_views.adjudicate(second, bet["jogada_id"])
        assert verdict["agrees"] is True and verdict["recomputed"] == {str(player_id): STAKE}
        # Its Game.significant: the void at start-up is a significant event of the coin toss.
        second.projections.wait(second.writer.last_position)
        (recovered,), _ = significant_events.entries(second.projections.engine,
                                                      kinds=["recovery"])
        assert (recovered["game"], recovered["jogada_id"], recovered["venue_id"]) == (
            "cointoss", bet["jogada_id"], table["venue_id"])
    finally:
        second.close()


def test_a_game_under_tests_declares_a_significant_event_of_its_own(make_client):
    """Game.significant: a toss an operator made by hand is the coin toss's own kind, which
    GET /significant-events lists and filters by like the core's."""
    client = make_client(games=GAMES, cointoss_tick_interval=0)
    table, _, headers, _ = _player_at_table(Api(client), client)
    bet = ok(client.post(f"/cointoss/tables/{table['table_id']}/bets", headers=headers,
                         json={"side": "tails", "stake_cents": STAKE,
                               "idempotency_key": "b1"}), 201)
    ok(client.post(f"/cointoss/tables/{table['table_id']}/toss", headers=OPERATOR))
    (tossed,) = ok(client.get("/significant-events", headers=OPERATOR,
                              params={"kind": MANUAL_TOSS}))["data"]
    assert (tossed["game"], tossed["jogada_id"], tossed["severity"]) == (
        "cointoss", bet["jogada_id"], "warning")
    assert tossed["replay_url"] == f"/jogadas/{bet['jogada_id']}/replay"


def test_903b_6_1_5_2_a_game_under_tests_tells_its_settings_from_another_games(make_client):
    """Its ``settings_fields`` tell its configuration from the others': a coin table's at a
    póquer sem descarte table is another game's (409, the table's rule), and a table's at a
    coin table too (409, 903-B 6.1.5(2) alone: the coin toss names no venue rule)."""
    client = make_client(games=GAMES, cointoss_tick_interval=0)
    coin_config = {"stake_cents": STAKE, "toss_after": 5}
    coin_table = ok(client.post("/cointoss/tables", headers=OPERATOR,
                                json={"name": "Moeda", "config": coin_config}), 201)
    sd_config = {"kind": "individual", "min_ante_cents": 100, "max_ante_cents": 2_500,
                 "decision_seconds": 15, "extra_seconds": 5}
    sd_table = ok(client.post("/semdescarte/tables", headers=OPERATOR,
                              json={"name": "Mesa", "config": sd_config}), 201)
    for venue, settings, rule in (
            (sd_table["venue_id"], coin_config, "903-B 6.1.5(2); póquer sem descarte rule 4"),
            (coin_table["venue_id"], sd_config, "903-B 6.1.5(2)")):
        r = client.post(f"/venues/{venue}/rulesets", headers=OPERATOR, json={"settings": settings})
        assert r.status_code == 409, r.text
        assert (r.json()["error"]["code"], r.json()["error"]["field"], r.json()["error"]["rule"]) \
            == ("settings_of_another_game", "settings", rule)
    r = client.post(f"/venues/{coin_table['venue_id']}/rulesets", headers=OPERATOR,
                    json={"settings": {**coin_config, "toss_after": 9}})
    assert r.status_code == 201, r.text
