"""The jogadas' listing over HTTP is the registry's (domain/kernel/game.py ``Games``): a game plugged in
with ``LEDGER_GAMES`` (here "dados", defined under tests/ only: tests/projections/listing_game.py)
is a ``game`` the filter takes, its rows are listed by the app's own projection with its venue's
own id (``board_id``) and, having no replay route of its own, the game-independent replay
link (903-B 6.3.4(2))."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

from tests.api.conftest import OPERATOR, Api, ok
from tests.projections import listing_game as dados

BOARD = UUID(int=7)


def test_a_game_of_ledger_games_is_listed_like_the_built_in_ones(make_client, clock):
    client = make_client(games="tests.projections.listing_game")
    api = Api(client)
    ana, ana_h = api.player("Ana")
    ledger = client.app.state.ledger
    t0 = clock.now()
    at = lambda minutes: t0 + timedelta(minutes=minutes)  # noqa: E731
    events = [dados.BoardOpened(BOARD, at(0), "dados:b1", "Mesa dos Dados", 6),
              dados.RoundOpened(BOARD, at(1), "dados:r1", 1),
              dados.Bet(BOARD, at(2), "dados:r1", ana, 1, 100, 6),
              dados.Rolled(BOARD, at(3), "dados:r1", 6, {ana: 600}),
              dados.RoundOpened(BOARD, at(4), "dados:r2", 2),
              dados.Bet(BOARD, at(5), "dados:r2", ana, 1, 100, 2)]
    projection = ledger.projections.by_name("jogadas_listing")  # built with the app's games
    with ledger.projections.engine.begin() as conn:
        projection.apply(conn, [(10**6 + n, e) for n, e in enumerate(events)])

    page = ok(client.get("/jogadas", headers=OPERATOR, params={"game": "dados"}))
    assert page["count"] == 2 and page["next_cursor"] is None
    in_play, settled = page["data"]
    assert settled == {
        "jogada_id": "dados:r1", "game": "dados", "player_id": ana,
        "venue": {"venue_id": "dados:b1", "name": "Mesa dos Dados", "board_id": str(BOARD),
                  "table_id": None, "room_id": None, "wheel_id": None},
        "seat": 1, "started_at": at(1).isoformat().replace("+00:00", "Z"),
        "ended_at": at(3).isoformat().replace("+00:00", "Z"), "status": "settled",
        "result": "won", "wagered_cents": 100, "won_cents": 600, "refunded_cents": 0,
        "net_cents": 500, "prizes": {"face_6": 600},
        "detail": {"guess": 6, "bets": 1, "doubled": False, "face": 6},
        "replay_url": "/jogadas/dados:r1/replay", "cursor": 10**6 + 2}
    assert (in_play["status"], in_play["result"], in_play["replay_url"]) == (
        "in_play", None, None)
    # The player's own list: its rounds, no replay link; the other games' filters leave them out.
    mine = ok(client.get(f"/players/{ana}/jogadas", headers=ana_h))["data"]
    assert [(i["jogada_id"], i["replay_url"]) for i in mine] == [
        ("dados:r2", None), ("dados:r1", None)]
    assert ok(client.get(f"/players/{ana}/jogadas", headers=ana_h,
                         params={"game": "bingo"}))["data"] == []
    # The document says so: the game enum and the venue's id are the registry's.
    schema = client.get("/openapi.json").json()
    parameters = schema["paths"]["/jogadas"]["get"]["parameters"]
    game = next(p for p in parameters if p["name"] == "game")["schema"]["anyOf"][0]
    assert game["enum"] == ["semdescarte", "bingo", "holdem", "omaha", "blackjack", "roulette",
                            "dados"]
    assert set(schema["components"]["schemas"]["VenueRef"]["properties"]) == {
        "venue_id", "name", "table_id", "room_id", "wheel_id", "board_id"}


def test_without_it_the_game_is_unknown_to_the_filter(client):
    r = client.get("/jogadas", headers=OPERATOR, params={"game": "dados"})
    assert (r.status_code, r.json()["error"]["field"]) == (422, "game")
