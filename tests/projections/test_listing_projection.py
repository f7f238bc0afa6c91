"""The projection "jogadas_listing" holds no game's code: it reads the events each game's listing
names and applies the facts (domain/kernel/listing.py) the game makes of them. A third game, defined
under tests/ only (tests/projections/listing_game.py), is listed like the built-in ones: its
boards, and every player's rounds with their amounts and results."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

import pytest

from domain.games.bingo.room import BingoRoom
from domain.kernel.game import Games
from domain.games.semdescarte.table import SemDescarteTable
from infra.games import BUILTIN
from projections import listing_queries as queries
from projections.listings import JogadasListingProjection
from tests.projections import listing_game as dados

BOARD = UUID(int=7)
ANA, RUI = "00000000-0000-0000-0000-0000000000a1", "00000000-0000-0000-0000-0000000000a2"


def test_the_projection_reads_every_games_listing_events_and_no_other():
    projection = JogadasListingProjection(Games([*BUILTIN, dados.GAME]))
    types = set(projection.event_types)
    assert {SemDescarteTable.AntePlaced, BingoRoom.CardsBought, dados.Bet} <= types
    assert dados.Chatted not in types and SemDescarteTable.DeckForced not in types
    assert set(JogadasListingProjection(Games(BUILTIN)).event_types) == types - set(
        dados.GAME.listing_events)


def test_an_event_class_listed_by_two_games_is_refused():
    from dataclasses import replace

    twin = replace(dados.GAME, name="dados2")
    with pytest.raises(ValueError, match="listed by two games"):
        Games([dados.GAME, twin])


def test_a_third_games_facts_make_its_venue_and_its_players_jogadas(ledger, clock):
    engine = ledger.projections.engine
    projection = JogadasListingProjection(Games([*ledger.games, dados.GAME]))
    t0 = clock.now()
    at = lambda minutes: t0 + timedelta(minutes=minutes)  # noqa: E731

    def apply(*events) -> None:  # one page; the next page reads the rows back
        with engine.begin() as conn:
            projection.apply(conn, list(events))

    apply((10**6, dados.BoardOpened(BOARD, at(0), "dados:b1", "Mesa dos Dados", 6)),
          (10**6 + 1, dados.Sat(BOARD, at(1), 1, ANA)),
          (10**6 + 2, dados.Sat(BOARD, at(1), 2, RUI)),
          (10**6 + 3, dados.Chatted(BOARD, at(1), "olá")))
    # Round 1: Ana bets twice and doubles down, Rui once; a 6 is rolled, Ana called it.
    apply((10**6 + 4, dados.RoundOpened(BOARD, at(2), "dados:r1", 1)),
          (10**6 + 5, dados.Bet(BOARD, at(3), "dados:r1", ANA, 1, 100, 6)),
          (10**6 + 6, dados.Bet(BOARD, at(3), "dados:r1", RUI, 2, 200, 3)),
          (10**6 + 7, dados.Bet(BOARD, at(4), "dados:r1", ANA, 1, 50, 6)))
    venue = queries.venues(engine, "dados")[0][0]
    assert (venue["status"], venue["open_jogada_id"], venue["jogadas"]) == (
        "betting", "dados:r1", 1)
    apply((10**6 + 8, dados.DoubledDown(BOARD, at(5), "dados:r1", ANA, 150)),
          (10**6 + 9, dados.Rolling(BOARD, at(5), "dados:r1")))
    assert queries.venues(engine, "dados")[0][0]["status"] == "rolling"
    apply((10**6 + 10, dados.Rolled(BOARD, at(6), "dados:r1", 6, {ANA: 1_200})),
          # Round 2: Rui alone; the round is void, his stake back by seat.
          (10**6 + 11, dados.RoundOpened(BOARD, at(7), "dados:r2", 2)),
          (10**6 + 12, dados.Bet(BOARD, at(8), "dados:r2", RUI, 2, 400, 1)),
          (10**6 + 13, dados.RoundVoided(BOARD, at(9), "dados:r2", {"2": 400})),
          (10**6 + 14, dados.Stood(BOARD, at(10), 1)))

    [venue], cursor = queries.venues(engine, "dados")
    assert cursor is None
    assert {k: venue[k] for k in ("venue_id", "game", "target_id", "name", "kind", "config",
                                  "capacity", "occupants", "occupied", "status",
                                  "open_jogada_id", "jogadas", "opened_at", "position")} == {
        "venue_id": "dados:b1", "game": "dados", "target_id": str(BOARD),
        "name": "Mesa dos Dados", "kind": "d6", "config": {"faces": 6}, "capacity": 2,
        "occupants": {"2": RUI}, "occupied": 1, "status": "idle", "open_jogada_id": None,
        "jogadas": 2, "opened_at": at(0), "position": 10**6}

    rows, _ = queries.jogadas(engine, game="dados")
    got = {(r["jogada_id"], r["player_id"]): r for r in rows}
    assert [(r["jogada_id"], r["player_id"]) for r in rows] == [
        ("dados:r2", RUI), ("dados:r1", RUI), ("dados:r1", ANA)]  # newest first stake first
    amounts = ("status", "result", "wagered_cents", "won_cents", "refunded_cents", "net_cents")
    ana = got["dados:r1", ANA]
    assert tuple(ana[k] for k in amounts) == ("settled", "won", 300, 1_200, 0, 900)
    assert ana["prizes"] == {"face_6": 1_200}
    assert ana["detail"] == {"guess": 6, "bets": 2, "doubled": True, "face": 6}
    assert (ana["seat"], ana["started_at"], ana["ended_at"], ana["position"]) == (
        "1", at(2), at(6), 10**6 + 5)
    assert (ana["venue_id"], ana["venue_name"], ana["target_id"]) == (
        "dados:b1", "Mesa dos Dados", str(BOARD))
    rui = got["dados:r1", RUI]
    assert tuple(rui[k] for k in amounts) == ("settled", "lost", 200, 0, 0, -200)
    assert rui["prizes"] == {} and rui["detail"] == {"guess": 3, "bets": 1, "doubled": False}
    void = got["dados:r2", RUI]
    assert tuple(void[k] for k in amounts) == ("void", "void", 400, 0, 400, 0)
    assert (void["seat"], void["started_at"], void["ended_at"]) == ("2", at(7), at(9))
    # The built-in games' listings are not touched, and the filters keep the games apart.
    assert queries.jogadas(engine, game="bingo")[0] == []
    assert queries.venues(engine, "semdescarte")[0] == []
