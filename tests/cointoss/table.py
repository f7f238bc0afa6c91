"""The coin toss's venue aggregate: a table (one jogada at a time: bets, the toss, the
settlement); the registry of tables its clock and recovery walk is registry.py. A game defined
only under tests/ to show the Game seam (domain/kernel/game.py): nothing outside tests/ knows
it."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

SIDES = ("heads", "tails")


class CoinTable(LedgerAggregate):
    @event("TableOpened", topic="tests.CoinTable.TableOpened")
    def __init__(self, table_id: str, venue_id: str, name: str, config: dict[str, Any],
                 actor: str, at: datetime) -> None:
        self.venue_id = venue_id
        self.name = name
        self.config = dict(config)
        self.jogada: dict[str, Any] | None = None
        self.number = 0

    @staticmethod
    def create_id(table_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return UUID(table_id)

    def open_jogada(self, *, actor: str, at: datetime) -> str:
        jogada_id = f"{self.id}:{self.number + 1}"
        self._opened(jogada_id=jogada_id, number=self.number + 1, actor=actor, at=at)
        return jogada_id

    @event("JogadaOpened", topic="tests.CoinTable.JogadaOpened")
    def _opened(self, jogada_id: str, number: int, actor: str, at: datetime) -> None:
        self.number = number
        self.jogada = {"jogada_id": jogada_id, "opened_at": at, "bets": {}}

    @event("BetPlaced", topic="tests.CoinTable.BetPlaced")
    def place_bet(self, jogada_id: str, player_id: str, session_id: str, side: str,
                  stake_cents: int, actor: str, at: datetime) -> None:
        self.jogada["bets"][player_id] = {"side": side, "stake_cents": stake_cents,
                                          "session_id": session_id}

    @event("CoinTossed", topic="tests.CoinTable.CoinTossed")
    def toss(self, jogada_id: str, seed_hex: str, side: str, payouts: dict[str, int],
             actor: str, at: datetime) -> None:
        self.jogada = None

    @event("JogadaVoided", topic="tests.CoinTable.JogadaVoided")
    def void(self, jogada_id: str, reason: str, refunds: dict[str, int], actor: str,
             at: datetime) -> None:
        self.jogada = None
