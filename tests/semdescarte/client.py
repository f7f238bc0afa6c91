"""The tests' client of póquer sem descarte: each function sends one command of
domain/games/semdescarte/commands.py to the ledger's writer (``Ledger.run``) or reads one of the views
every game has (infra/services/jogada_views.py), with the arguments the tests use."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

from domain.kernel.errors import NotFoundError
from domain.games.semdescarte import commands as sd
from domain.games.semdescarte.game import GAME as SD_GAME
from domain.games.semdescarte.config import sd_rule
from infra.services import game_services, jogada_views
from infra.container import Ledger

CLOCK_ACTOR = sd.CLOCK_ACTOR
RECOVERY_ACTOR = game_services.RECOVERY_ACTOR


def _s(value: Any) -> str | None:
    return None if value is None else str(value)


def create_table(ledger: Ledger, *, name: str, config: dict[str, Any], actor: str) -> dict[str, Any]:
    return ledger.run(sd.CreateTable(table_id=str(uuid.uuid4()), name=name, config=config,
                                     actor=actor))


def describe(ledger: Ledger, table_id: UUID | str, *, player_id: UUID | str | None = None) -> dict[str, Any]:
    return ledger.run(sd.DescribeTable(table_id=str(table_id), player_id=_s(player_id)))


def sit(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str, seat: int | None,
        actor: str) -> dict[str, Any]:
    return ledger.run(sd.Sit(table_id=str(table_id), player_id=str(player_id), seat=seat,
                             actor=actor))


def leave(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    return ledger.run(sd.Leave(table_id=str(table_id), player_id=str(player_id), actor=actor))


def place_ante(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str, ante_cents: int,
               jackpot_bet_cents: int | None, idempotency_key: str, actor: str,
               forced_deck: list[str] | None = None) -> dict[str, Any]:
    return ledger.run(sd.PlaceAnte(
        table_id=str(table_id), player_id=str(player_id), ante_cents=ante_cents,
        jackpot_bet_cents=jackpot_bet_cents, idempotency_key=idempotency_key, actor=actor,
        forced_deck=forced_deck))


def deal(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str | None,
         forced_deck: list[str] | None, actor: str) -> dict[str, Any]:
    return ledger.run(sd.Deal(table_id=str(table_id), player_id=_s(player_id),
                              forced_deck=forced_deck, actor=actor))


def decide(ledger: Ledger, *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           decision: str, actor: str) -> dict[str, Any]:
    return ledger.run(sd.Decide(table_id=str(table_id), jogada_id=jogada_id,
                                player_id=str(player_id), decision=decision, actor=actor))


def view(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    return ledger.run(sd.ViewTable(table_id=str(table_id), player_id=_s(player_id)))


def tick(ledger: Ledger, table_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.run(sd.TickTable(table_id=str(table_id), actor=actor))


def tick_all(ledger: Ledger) -> dict[str, Any]:
    return game_services.tick_all(ledger, SD_GAME)


def recover(ledger: Ledger) -> list[str]:
    return game_services.recover(ledger, SD_GAME)


def connection_lost(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    return ledger.run(sd.ConnectionLost(table_id=str(table_id), player_id=str(player_id),
                                        actor=actor))


def void_jogada(ledger: Ledger, *, table_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    return ledger.run(sd.VoidJogada(table_id=str(table_id), reason=reason, actor=actor))


def jogada_domain_events(ledger: Ledger, jogada_id: str, engine: Any = None) -> list[tuple[int, Any]]:
    return jogada_views.jogada_events(ledger, jogada_id, engine, game=SD_GAME)[1]


def replay_jogada(ledger: Ledger, jogada_id: str, engine: Any = None) -> dict[str, Any]:
    return jogada_views.replay(ledger, jogada_id, engine, game=SD_GAME)


def last_jogada(ledger: Ledger, player_id: UUID | str, engine: Any = None) -> dict[str, Any]:
    for jogada in jogada_views.last_jogadas(ledger, SD_GAME, player_id, engine, 1):
        return jogada
    raise NotFoundError(f"player {player_id} has no ended póquer sem descarte jogada",
                        field="player_id", rule=sd_rule(37))


def jackpot_value(ledger: Ledger, target_id: UUID | str, engine: Any = None) -> dict[str, Any]:
    from api.games.semdescarte.routes import jackpot_value as value

    return value(ledger, target_id, jogada_views.views_engine(ledger, engine))
