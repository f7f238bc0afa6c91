"""The tests' client of blackjack: each function sends one command of
domain/games/blackjack/commands.py to the ledger's writer (``Ledger.run``), with the arguments
the tests use."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

from domain.games.blackjack import commands as bj
from domain.games.blackjack.game import GAME as BJ_GAME
from infra.container import Ledger
from infra.services import game_services

CLOCK_ACTOR = bj.CLOCK_ACTOR
RECOVERY_ACTOR = game_services.RECOVERY_ACTOR


def _s(value: Any) -> str | None:
    return None if value is None else str(value)


def create_table(ledger: Ledger, *, name: str, config: dict[str, Any],
                 actor: str) -> dict[str, Any]:
    return ledger.run(bj.CreateTable(table_id=str(uuid.uuid4()), name=name, config=config,
                                     actor=actor))


def describe(ledger: Ledger, table_id: UUID | str, *,
             player_id: UUID | str | None = None) -> dict[str, Any]:
    return ledger.run(bj.DescribeTable(table_id=str(table_id), player_id=_s(player_id)))


def rules(ledger: Ledger, table_id: UUID | str) -> dict[str, Any]:
    return ledger.run(bj.RulesPage(table_id=str(table_id)))


def sit(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str, seat: int | None,
        actor: str) -> dict[str, Any]:
    return ledger.run(bj.Sit(table_id=str(table_id), player_id=str(player_id), seat=seat,
                             actor=actor))


def leave(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str, actor: str,
          seat: int | None = None) -> dict[str, Any]:
    return ledger.run(bj.Leave(table_id=str(table_id), player_id=str(player_id), actor=actor,
                               seat=seat))


def place_bet(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str,
              seat: int | None, amount_cents: int, idempotency_key: str, actor: str,
              forced_shoe: list[str] | None = None) -> dict[str, Any]:
    return ledger.run(bj.PlaceBet(
        table_id=str(table_id), player_id=str(player_id), seat=seat, amount_cents=amount_cents,
        idempotency_key=idempotency_key, actor=actor, forced_shoe=forced_shoe))


def deal(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str | None,
         forced_shoe: list[str] | None, actor: str) -> dict[str, Any]:
    return ledger.run(bj.Deal(table_id=str(table_id), player_id=_s(player_id),
                              forced_shoe=forced_shoe, actor=actor))


def set_forced_shoe(ledger: Ledger, *, table_id: UUID | str, forced_shoe: list[str],
                    actor: str) -> dict[str, Any]:
    return ledger.run(bj.SetForcedShoe(table_id=str(table_id), forced_shoe=forced_shoe,
                                       actor=actor))


def decide(ledger: Ledger, *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           seat: int, hand: int, decision: str, idempotency_key: str, actor: str,
           amount_cents: int | None = None) -> dict[str, Any]:
    return ledger.run(bj.Decide(table_id=str(table_id), jogada_id=jogada_id,
                                player_id=str(player_id), seat=seat, hand=hand,
                                decision=decision, idempotency_key=idempotency_key,
                                actor=actor, amount_cents=amount_cents))


def view(ledger: Ledger, *, table_id: UUID | str,
         player_id: UUID | str | None) -> dict[str, Any]:
    return ledger.run(bj.ViewTable(table_id=str(table_id), player_id=_s(player_id)))


def tick(ledger: Ledger, table_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.run(bj.TickTable(table_id=str(table_id), actor=actor))


def due(ledger: Ledger) -> list[str]:
    return ledger.run(bj.DueTables())


def tick_all(ledger: Ledger) -> dict[str, Any]:
    return game_services.tick_all(ledger, BJ_GAME)


def recover(ledger: Ledger) -> list[str]:
    return game_services.recover(ledger, BJ_GAME)


def connection_lost(ledger: Ledger, *, table_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    return ledger.run(bj.ConnectionLost(table_id=str(table_id), player_id=str(player_id),
                                        actor=actor))


def void_jogada(ledger: Ledger, *, table_id: UUID | str, reason: str,
                actor: str) -> dict[str, Any]:
    return ledger.run(bj.VoidJogada(table_id=str(table_id), reason=reason, actor=actor))
