"""The dice game's venue aggregate: a table with seats and one jogada at a time (the betting
window, the roll, the settlement). Its events' topics are explicit ("tests.DiceTable.X")."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate

BETTING, CLOSED = "betting", "closed"


class DiceTable(LedgerAggregate):
    @event("TableOpened", topic="tests.DiceTable.TableOpened")
    def __init__(self, table_id: str, venue_id: str, name: str, config: dict[str, Any],
                 actor: str, at: datetime) -> None:
        self.venue_id = venue_id
        self.name = name
        self.config = dict(config)
        self.seats: dict[str, dict[str, str]] = {}  # "1".."6" -> player and session
        self.jogada: dict[str, Any] | None = None
        self.number = 0

    @staticmethod
    def create_id(table_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return UUID(table_id)

    def seat_of(self, player_id: str) -> str | None:
        return next((s for s, h in self.seats.items() if h["player_id"] == player_id), None)

    def free_seat(self) -> str | None:
        return next((str(n) for n in range(1, self.config["seats"] + 1)
                     if str(n) not in self.seats), None)

    @event("PlayerSeated", topic="tests.DiceTable.PlayerSeated")
    def seat(self, seat: str, player_id: str, session_id: str, actor: str,
             at: datetime) -> None:
        self.seats[seat] = {"player_id": player_id, "session_id": session_id}

    @event("PlayerLeft", topic="tests.DiceTable.PlayerLeft")
    def unseat(self, seat: str, player_id: str, reason: str, actor: str, at: datetime) -> None:
        self.seats.pop(seat, None)

    @event("JogadaOpened", topic="tests.DiceTable.JogadaOpened")
    def open_jogada(self, jogada_id: str, number: int, window_closes_at: datetime, actor: str,
                    at: datetime) -> None:
        self.number = number
        self.jogada = {"jogada_id": jogada_id, "status": BETTING, "opened_at": at,
                       "window_closes_at": window_closes_at, "bets": {}}

    @event("BetPlaced", topic="tests.DiceTable.BetPlaced")
    def place_bet(self, jogada_id: str, seat: str, player_id: str, session_id: str, face: int,
                  stake_cents: int, actor: str, at: datetime) -> None:
        self.jogada["bets"][player_id] = {"seat": seat, "face": face,
                                          "stake_cents": stake_cents, "session_id": session_id}

    @event("BettingClosed", topic="tests.DiceTable.BettingClosed")
    def close_betting(self, jogada_id: str, rule: str, actor: str, at: datetime) -> None:
        self.jogada["status"] = CLOSED

    @event("DiceRolled", topic="tests.DiceTable.DiceRolled")
    def roll(self, jogada_id: str, seed_hex: str, face: int, payouts: dict[str, int],
             rule: str, actor: str, at: datetime) -> None:
        self.jogada = None

    @event("JogadaVoided", topic="tests.DiceTable.JogadaVoided")
    def void(self, jogada_id: str, reason: str, refunds: dict[str, int], rule: str, actor: str,
             at: datetime) -> None:
        self.jogada = None
