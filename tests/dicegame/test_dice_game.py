"""The dice game (tests/dicegame/), a second game defined only under tests/ and plugged in with
``LEDGER_GAMES`` alone (issue 24 item 3): seats, sessions, a betting window opened by the
first bet and closed by the clock, the roll from the injected RNG, the settlement, the
statement, replay, re-adjudication, listing, significant events, viewer steps and the CLI's
listing of its venues, all with no file changed outside its package."""

from __future__ import annotations

import ast
import json
import re
import subprocess
from pathlib import Path

from infra.cli.entry import main
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import game_services
from infra.services import sessions as sessions_service
from projections import significant_events
from tests.api.conftest import OPERATOR, Api, ok
from tests.dicegame import commands as dice
from tests.dicegame.game import GAME
from tests.dicegame.views import KIND

GAMES = "tests.dicegame.game"
STAKE = 200
PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parents[1]
CONFIG = {"seats": 2, "stake_cents": STAKE, "window_seconds": 10}


def _table(client, config=CONFIG):
    return ok(client.post("/dice/tables", headers=OPERATOR,
                          json={"name": "Dados", "config": config}), 201)


def _seated(api: Api, client, table, name: str):
    player_id, headers = api.player(name)
    ok(api.deposit(player_id, 10_000, f"d-{name}"), 201)
    session = ok(client.post("/sessions", headers=headers,
                             json={"venue_id": table["venue_id"], "game": KIND}), 201)
    ok(client.post(f"/dice/tables/{table['table_id']}/seats", headers=headers), 201)
    return player_id, headers, session


def _bet(client, table, headers, face: int, key: str):
    return client.post(f"/dice/tables/{table['table_id']}/bets", headers=headers,
                       json={"face": face, "stake_cents": STAKE, "idempotency_key": key})


def _refused(r, status: int, code: str, field: str, rule: str) -> None:
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert (error["code"], error["field"], error["rule"]) == (code, field, rule)


def test_dice_1_2_3_4_5_sit_bet_in_the_window_late_bet_refused_roll_settle_statement(
        make_client, clock):
    client = make_client(games=GAMES, dice_tick_interval=0)
    api = Api(client)
    table = _table(client)
    ana, ana_headers, ana_session = _seated(api, client, table, "Ana")
    bia, bia_headers, _ = _seated(api, client, table, "Bia")
    rui, rui_headers = api.player("Rui")  # dice rule 1: two seats, both taken
    ok(api.deposit(rui, 1_000, "d-rui"), 201)
    ok(client.post("/sessions", headers=rui_headers,
                   json={"venue_id": table["venue_id"], "game": KIND}), 201)
    _refused(client.post(f"/dice/tables/{table['table_id']}/seats", headers=rui_headers),
             409, "table_full", "table_id", "dice rule 1")
    _refused(_bet(client, table, rui_headers, 2, "r1"), 409, "conflict", "player_id",
             "dice rules 1, 2")
    _refused(_bet(client, table, ana_headers, 7, "a0"), 422, "invalid_input", "face",
             "dice rule 2")

    bet = ok(_bet(client, table, ana_headers, 3, "a1"), 201)  # dice rule 3: opens the window
    assert api.balance(ana)["held_cents"] == STAKE
    clock.advance(11)  # the window closed at +10 s; the clock has not run yet
    _refused(_bet(client, table, bia_headers, 5, "b1"), 409, "betting_closed", "stake_cents",
             "dice rule 3")
    held = api.balance(bia)  # the refusal wrote nothing
    assert (held["available_cents"], held["held_cents"]) == (10_000, 0)

    ledger = client.app.state.ledger
    (done,) = game_services.tick_all(ledger, GAME).values()  # dice rules 3, 4, 5
    face = done["done"]["face"]
    won = face == 3
    assert done["done"]["payouts"] == {ana: 6 * STAKE if won else 0}
    assert api.balance(ana)["available_cents"] == 10_000 + (5 * STAKE if won else -STAKE)
    assert ok(client.get(f"/dice/tables/{table['table_id']}",
                         headers=OPERATOR))["status"] == "no_jogada"

    statement = ok(client.post(f"/sessions/{ana_session['session_id']}/end",
                               headers=ana_headers, json={"reason": "player"}))
    assert (statement["wagered_cents"], statement["won_cents"]) == (
        STAKE, 6 * STAKE if won else 0)
    jogada = bet["jogada_id"]
    replay = ok(client.get(f"/jogadas/{jogada}/replay", headers=OPERATOR))
    assert (replay["game"], replay["rng"]["verified"], replay["final"]["face"]) == (
        "dice", True, face)
    assert ok(client.get(f"/jogadas/{jogada}/adjudication", headers=OPERATOR))["agrees"]


def test_dice_listing_significant_events_and_viewer_steps(make_client, clock):
    client = make_client(games=GAMES, dice_tick_interval=0)
    api = Api(client)
    table = _table(client)
    ana, ana_headers, _ = _seated(api, client, table, "Ana")
    bet = ok(_bet(client, table, ana_headers, 4, "a1"), 201)
    clock.advance(10)
    (done,) = game_services.tick_all(client.app.state.ledger, GAME).values()
    won = done["done"]["face"] == 4

    listed = ok(client.get(f"/players/{ana}/jogadas", headers=ana_headers))["data"]
    assert [(j["jogada_id"], j["game"], j["status"], j["wagered_cents"], j["won_cents"])
            for j in listed] == [(bet["jogada_id"], "dice", "settled", STAKE,
                                  6 * STAKE if won else 0)]
    significant = ok(client.get("/significant-events", headers=OPERATOR,
                                params={"game": "dice"}))["data"]
    assert sorted(e["kind"] for e in significant) == sorted(
        ["venue_opened"] + (["right_call"] if won else []))
    steps = ok(client.get(f"/jogadas/{bet['jogada_id']}/steps", headers=OPERATOR))["steps"]
    expected = [("The first bet opens the betting window", "dice rule 3"),
                ("A bet on a face", "dice rule 2"),
                ("The betting window closes", "dice rule 3"),
                ("The die is rolled", "dice rules 4, 5")]
    titles = {title for title, _ in expected}  # the table's steps (the money's are the viewer's)
    assert [(s["title"], s["rule"]) for s in steps if s["title"] in titles] == expected
    rolled = next(s for s in steps if s["title"] == "The die is rolled")
    assert f"The die shows {done['done']['face']}." in json.dumps(rolled["scene"])


def test_dice_6_a_jogada_a_crash_left_open_is_voided_at_start_and_refunded(make_settings,
                                                                           clock):
    settings = make_settings(games=GAMES, dice_tick_interval=0)
    first = build_ledger(settings, clock=clock, seeds=SeededSeedSource(7))
    try:
        player_id, _ = first.register_player(display_name="Rui", actor="system:test")
        first.deposit(player_id, 1_000, "d1", actor="system:test")
        table = first.run(dice.CreateDiceTable(table_id="6d8f2c3e-0000-4000-8000-0000000000d1",
                                               name="Dados", config=CONFIG,
                                               actor="system:test"))
        actor = f"player:{player_id}"
        session = sessions_service.start_session(first, player_id, table["venue_id"], KIND,
                                                 actor)
        first.run(dice.SitAtDiceTable(table_id=table["table_id"], player_id=str(player_id),
                                      actor=actor))
        bet = first.run(dice.PlaceDiceBet(table_id=table["table_id"], player_id=str(player_id),
                                          face=6, stake_cents=STAKE, idempotency_key="b1",
                                          actor=actor))
    finally:
        first.close()  # a crash: the jogada is left open
    second = build_ledger(settings, clock=clock, seeds=SeededSeedSource(8))
    try:
        assert second.run(dice.DescribeDiceTable(table_id=table["table_id"]))["status"] == \
            "no_jogada"
        statement = sessions_service.statement(second, session)
        assert (statement["wagered_cents"], statement["refunded_cents"]) == (STAKE, STAKE)
        second.projections.wait(second.writer.last_position)
        (recovered,), _ = significant_events.entries(second.projections.engine,
                                                      kinds=["recovery"])
        assert (recovered["game"], recovered["jogada_id"]) == ("dice", bet["jogada_id"])
    finally:
        second.close()


def test_dice_its_venues_are_listed_by_the_cli(make_client, database_url, monkeypatch,
                                              capsys):
    client = make_client(games=GAMES, dice_tick_interval=0)
    table = _table(client)
    _seated(Api(client), client, table, "Ana")
    monkeypatch.setenv("LEDGER_DATABASE_URL", database_url)
    monkeypatch.setenv("LEDGER_GAMES", GAMES)
    capsys.readouterr()
    assert main(["venues", "list", "--game", "dice"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["game"] == "dice"
    assert [(v["venue_id"], v["name"], v["kind"], v["capacity"], v["occupied"])
            for v in listed["venues"]] == [(table["venue_id"], "Dados", "dice", 2, 1)]
    assert main(["venues", "list", "--game", "baccarat"]) == 2
    assert "--game must be one of" in capsys.readouterr().err


def test_the_dice_game_is_added_with_no_file_outside_its_package():
    """Its package imports, of tests/, only itself and the API's shared fixture, and no code
    outside it names it: adding it created files in tests/dicegame/ and edited none (the shape
    test finds it as tests/<game>/game.py; LEDGER_GAMES plugs it in)."""
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tests."):
                assert node.module.startswith("tests.dicegame") or node.module in (
                    "tests.api.conftest",), f"{path.name} imports {node.module}"
    pattern = re.compile(r"dicegame|\bDice[A-Z]\w*|[\"']dice[\"':]")
    tracked = subprocess.run(["git", "ls-files", "*.py"], capture_output=True, text=True,
                             cwd=ROOT, check=True).stdout.split()
    assert "domain/kernel/game.py" in tracked
    named = [p for p in tracked if not p.startswith("tests/dicegame/")
             and (ROOT / p).is_file() and pattern.search((ROOT / p).read_text())]
    assert named == []
