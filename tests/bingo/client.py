"""The tests' client of bingo: each function sends one command of domain/games/bingo/commands.py to the
ledger's writer (``Ledger.run``) or reads one of the views every game has
(infra/services/jogada_views.py), with the arguments the tests use."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

from domain.games.bingo import commands as bingo
from domain.games.bingo.game import GAME as BINGO_GAME
from infra.services import game_services, jogada_views
from infra.container import Ledger

CLOCK_ACTOR = bingo.CLOCK_ACTOR


def _s(value: Any) -> str | None:
    return None if value is None else str(value)


def create_room(ledger: Ledger, *, name: str, config: dict[str, Any], actor: str) -> dict[str, Any]:
    return ledger.run(bingo.CreateRoom(room_id=str(uuid.uuid4()), name=name, config=config,
                                       actor=actor))


def describe(ledger: Ledger, room_id: UUID | str, *, player_id: UUID | str | None = None) -> dict[str, Any]:
    return ledger.run(bingo.DescribeRoom(room_id=str(room_id), player_id=_s(player_id)))


def join(ledger: Ledger, *, room_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    return ledger.run(bingo.JoinRoom(room_id=str(room_id), player_id=str(player_id), actor=actor))


def open_jogada(ledger: Ledger, *, room_id: UUID | str, forced_balls: list[int] | None,
                actor: str) -> dict[str, Any]:
    return ledger.run(bingo.OpenJogada(room_id=str(room_id), forced_balls=forced_balls,
                                       actor=actor))


def buy_cards(ledger: Ledger, *, room_id: UUID | str, player_id: UUID | str, count: int,
              idempotency_key: str, actor: str) -> dict[str, Any]:
    return ledger.run(bingo.BuyCards(room_id=str(room_id), player_id=str(player_id), count=count,
                                     idempotency_key=idempotency_key, actor=actor))


def close_sales(ledger: Ledger, *, room_id: UUID | str, actor: str = CLOCK_ACTOR) -> dict[str, Any]:
    return ledger.run(bingo.CloseSales(room_id=str(room_id), actor=actor))


def draw(ledger: Ledger, *, room_id: UUID | str, actor: str = CLOCK_ACTOR) -> dict[str, Any]:
    return ledger.run(bingo.Draw(room_id=str(room_id), actor=actor))


def tick(ledger: Ledger, room_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.run(bingo.TickRoom(room_id=str(room_id), actor=actor))


def tick_all(ledger: Ledger) -> dict[str, Any]:
    return game_services.tick_all(ledger, BINGO_GAME)


def void_jogada(ledger: Ledger, *, room_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    return ledger.run(bingo.VoidJogada(room_id=str(room_id), reason=reason, actor=actor))


def connection_lost(ledger: Ledger, *, room_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    return ledger.run(bingo.ConnectionLost(room_id=str(room_id), player_id=str(player_id),
                                           actor=actor))


def view(ledger: Ledger, *, room_id: UUID | str, player_id: UUID | str | None,
         order: str = "purchase") -> dict[str, Any]:
    return ledger.run(bingo.ViewRoom(room_id=str(room_id), player_id=_s(player_id), order=order))


def jogada_domain_events(ledger: Ledger, jogada_id: str, engine: Any = None) -> list[tuple[int, Any]]:
    return jogada_views.jogada_events(ledger, jogada_id, engine, game=BINGO_GAME)[1]


def replay_jogada(ledger: Ledger, jogada_id: str, engine: Any = None) -> dict[str, Any]:
    return jogada_views.replay(ledger, jogada_id, engine, game=BINGO_GAME)


def last_jogadas(ledger: Ledger, player_id: UUID | str, engine: Any = None,
                 count: int = 3) -> list[dict[str, Any]]:
    return jogada_views.last_jogadas(ledger, BINGO_GAME, player_id, engine, count)


def jackpot_value(ledger: Ledger, target_id: UUID | str, engine: Any = None) -> dict[str, Any]:
    from api.games.bingo.routes import jackpot_value as value

    return value(ledger, target_id, jogada_views.views_engine(ledger, engine))
