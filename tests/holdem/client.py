"""The tests' client of hold'em and Omaha: each function sends one command of
domain/games/community_poker/commands.py to the ledger's writer (``Ledger.run``), with the arguments
the tests use; ``Table`` plays through them. Nothing here writes to the store by itself."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID, uuid4

from domain.kernel.actors import player_actor, staff_actor
from domain.games.community_poker import commands
from infra.services import game_services, sessions as sessions_service
from infra.container import Ledger

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
DEPOSIT_CENTS = 100_000
_keys = itertools.count(1)


def config(seats: int = 9, **overrides: Any) -> dict[str, Any]:
    """A no-limit table, blinds 0,50 / 1,00 €, buy-in 100 €, commission 5 % capped at 3 €."""
    made = {"seats": seats, "structure": "no_limit", "small_blind_cents": 50,
            "big_blind_cents": 100, "buy_in_cents": 10_000,
            "commission": {"mode": "pot", "percent_bp": 500, "cap_cents": 300},
            "decision_seconds": 20}
    made.update(overrides)
    return made


def types(game: str) -> dict[str, type]:
    return commands.HOLDEM if game == "holdem" else commands.OMAHA


@dataclass
class Player:
    player_id: UUID
    session_id: UUID | None = None
    seat: int | None = None

    @property
    def actor(self) -> str:
        return player_actor(self.player_id)


@dataclass
class Table:
    ledger: Ledger
    game: str
    described: dict[str, Any]
    players: list[Player] = field(default_factory=list)

    @property
    def table_id(self) -> str:
        return self.described["table_id"]

    @property
    def venue_id(self) -> str:
        return self.described["venue_id"]

    def run(self, name: str, **fields: Any) -> Any:
        return self.ledger.run(types(self.game)[name](table_id=self.table_id, **fields))

    def describe(self, player: Player | None = None, staff: bool = False) -> dict[str, Any]:
        return self.run("DescribeTable", player_id=None if player is None
                        else str(player.player_id), staff=staff)

    def new_player(self, deposit_cents: int = DEPOSIT_CENTS, name: str = "Ana") -> Player:
        player_id, _ = self.ledger.register_player(display_name=name, actor=OPERATOR)
        if deposit_cents:
            self.ledger.deposit(player_id, deposit_cents, f"deposit-{player_id}",
                                actor=OPERATOR)
        return Player(player_id=player_id)

    def start_session(self, player: Player) -> Player:
        player.session_id = UUID(str(sessions_service.start_session(
            self.ledger, player.player_id, self.venue_id, self.game, player.actor)))
        return player

    def sit(self, player: Player, seat: int, key: str | None = None,
            device_id: str | None = None) -> dict[str, Any]:
        result = self.run("Sit", player_id=str(player.player_id), seat=seat,
                          idempotency_key=key or f"sit-{next(_keys)}", actor=player.actor,
                          device_id=device_id)
        player.seat = seat
        if player not in self.players:
            self.players.append(player)
        return result

    def seat_new(self, seat: int, deposit_cents: int = DEPOSIT_CENTS) -> Player:
        player = self.start_session(self.new_player(deposit_cents, name=f"jogador {seat}"))
        self.sit(player, seat)
        return player

    def start(self, **fields: Any) -> dict[str, Any]:
        return self.run("StartJogada", actor=OPERATOR, **fields)

    def by_seat(self, seat: str | int) -> Player:
        return next(p for p in self.players if p.seat == int(seat))

    def jogada(self) -> dict[str, Any] | None:
        return self.describe()["jogada"]

    def act(self, player: Player, action: str, amount: int | None = None,
            jogada_id: str | None = None, device_id: str | None = None) -> dict[str, Any]:
        jogada_id = jogada_id or self.jogada()["jogada_id"]
        return self.run("Act", jogada_id=jogada_id, player_id=str(player.player_id),
                        action=action, amount=amount, actor=player.actor, device_id=device_id)

    def to_act(self) -> Player | None:
        jogada = self.jogada()
        if jogada is None or jogada["to_act"] is None:
            return None
        return self.by_seat(jogada["to_act"])

    def rebuy(self, player: Player, key: str | None = None) -> dict[str, Any]:
        return self.run("Rebuy", player_id=str(player.player_id),
                        idempotency_key=key or f"rebuy-{next(_keys)}", actor=player.actor)

    def leave(self, player: Player) -> dict[str, Any]:
        return self.run("Leave", player_id=str(player.player_id), actor=player.actor)

    def tick(self) -> dict[str, Any]:
        return self.run("Tick")

    def void(self, reason: str = "dealer_server_fault") -> dict[str, Any]:
        return self.run("VoidJogada", reason=reason, actor=OPERATOR)


def new_table(ledger: Ledger, game: str = "holdem", name: str = "mesa",
              **overrides: Any) -> Table:
    described = ledger.run(types(game)["CreateTable"](
        table_id=str(uuid4()), name=name, config=config(**overrides), actor=OPERATOR))
    return Table(ledger=ledger, game=game, described=described)


def recover(ledger: Ledger, game: str) -> list[str]:
    return game_services.recover(ledger, ledger.games.get(game))
