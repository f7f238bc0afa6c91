"""Helpers for the roulette tests: wheels, players with sessions, the commands shortened, and
readers of the recorded events and balances.

Every helper goes through the ledger's own commands (``Ledger.run`` of
domain/games/roulette/commands.py, infra/services/sessions.py). Outcomes are asserted only
where the number is forced (certification mode); with the seeded RNG the tests assert only
what holds whatever the number.
"""

from __future__ import annotations

import contextlib
import itertools
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.games.roulette import commands as rf
from domain.kernel.actors import player_actor, staff_actor
from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code
from infra.container import Ledger, build_ledger
from infra.games import BUILTIN_GAMES
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from projections import queries
from tests.adjudication_check import assert_ended_jogadas_agree

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
DEPOSIT_CENTS = 100_000
GAME_MODULE = "domain.games.roulette.game"
# Until the registry line is in infra/games.py, the tests plug the game in (LEDGER_GAMES).
EXTRA_GAMES = "" if GAME_MODULE in BUILTIN_GAMES else GAME_MODULE


def settings_for(make_settings: Any, **overrides: Any) -> Any:
    return make_settings(games=EXTRA_GAMES, roulette_tick_interval=0.0, **overrides)


# Configurations ----------------------------------------------------------------------------
def individual_config(**overrides: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "individual", "min_cents": 100}
    config.update(overrides)
    return config


def multi_config(**overrides: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "multi", "min_cents": 100, "betting_seconds": 10}
    config.update(overrides)
    return config


def pleno(n: int, cents: int = 1_000) -> dict[str, Any]:
    return {"chance": "pleno", "numbers": [n], "amount_cents": cents}


def chance(name: str, numbers: Sequence[int] = (), cents: int = 1_000) -> dict[str, Any]:
    return {"chance": name, "numbers": list(numbers), "amount_cents": cents}


# Wheels, players, sessions -----------------------------------------------------------------
@dataclass(frozen=True)
class Player:
    player_id: UUID
    session_id: UUID

    @property
    def actor(self) -> str:
        return player_actor(self.player_id)


def new_wheel(ledger: Ledger, config: dict[str, Any], name: str = "roda") -> dict[str, Any]:
    return ledger.run(rf.CreateWheel(wheel_id=str(uuid.uuid4()), name=name, config=config,
                                     actor=OPERATOR))


def new_player(ledger: Ledger, deposit_cents: int = DEPOSIT_CENTS, name: str = "Ana") -> UUID:
    player_id, _ = ledger.register_player(display_name=name, actor=OPERATOR)
    if deposit_cents:
        ledger.deposit(player_id, deposit_cents, f"deposit-{player_id}", actor=OPERATOR)
    return player_id


def start(ledger: Ledger, wheel: dict[str, Any], player_id: UUID) -> Player:
    session_id = sessions_service.start_session(ledger, player_id, wheel["venue_id"],
                                                wheel["game"], player_actor(player_id))
    return Player(player_id=player_id, session_id=UUID(str(session_id)))


def setup_wheel(ledger: Ledger, config: dict[str, Any], players: int = 1,
                deposit_cents: int = DEPOSIT_CENTS) -> tuple[dict[str, Any], list[Player]]:
    wheel = new_wheel(ledger, config)
    return wheel, [start(ledger, wheel, new_player(ledger, deposit_cents, f"jogador {i + 1}"))
                   for i in range(players)]


# Commands, shortened -----------------------------------------------------------------------
_keys = itertools.count(1)


def bet(ledger: Ledger, wheel: dict[str, Any], player: Player, *bets: dict[str, Any],
        forced_number: int | None = None, key: str | None = None) -> dict[str, Any]:
    return ledger.run(rf.PlaceBets(
        wheel_id=wheel["wheel_id"], player_id=str(player.player_id), bets=list(bets),
        idempotency_key=key or f"bet-{next(_keys)}", actor=player.actor,
        forced_number=forced_number))


def withdraw(ledger: Ledger, wheel: dict[str, Any], player: Player, slip: int | None = None,
             key: str | None = None) -> dict[str, Any]:
    return ledger.run(rf.WithdrawBets(
        wheel_id=wheel["wheel_id"], player_id=str(player.player_id), slip=slip,
        idempotency_key=key or f"withdraw-{next(_keys)}", actor=player.actor))


def launch(ledger: Ledger, wheel: dict[str, Any], player: Player | None,
           forced_number: int | None = None) -> dict[str, Any]:
    return ledger.run(rf.Launch(
        wheel_id=wheel["wheel_id"], player_id=None if player is None else str(player.player_id),
        forced_number=forced_number, actor=OPERATOR if player is None else player.actor))


def force(ledger: Ledger, wheel: dict[str, Any], number: int) -> dict[str, Any]:
    return ledger.run(rf.SetForcedNumber(wheel_id=wheel["wheel_id"], forced_number=number,
                                         actor=OPERATOR))


def tick(ledger: Ledger, wheel: dict[str, Any]) -> list[str]:
    return ledger.run(rf.TickWheel(wheel_id=wheel["wheel_id"]))


def due(ledger: Ledger) -> list[str]:
    return ledger.run(rf.DueWheels())


def join(ledger: Ledger, wheel: dict[str, Any], player: Player) -> dict[str, Any]:
    return ledger.run(rf.Join(wheel_id=wheel["wheel_id"], player_id=str(player.player_id),
                              actor=player.actor))


def leave(ledger: Ledger, wheel: dict[str, Any], player: Player) -> dict[str, Any]:
    return ledger.run(rf.Leave(wheel_id=wheel["wheel_id"], player_id=str(player.player_id),
                               actor=player.actor))


def view(ledger: Ledger, wheel: dict[str, Any], player: Player | None = None) -> dict[str, Any]:
    return ledger.run(rf.ViewWheel(wheel_id=wheel["wheel_id"],
                                   player_id=None if player is None else str(player.player_id)))


def rules(ledger: Ledger, wheel: dict[str, Any]) -> dict[str, Any]:
    return ledger.run(rf.RulesPage(wheel_id=wheel["wheel_id"]))


def play(ledger: Ledger, wheel: dict[str, Any], player: Player, number: int,
         *bets: dict[str, Any]) -> str:
    """Bets and the launch at an individual wheel, the number forced; the jogada id."""
    placed = bet(ledger, wheel, player, *bets)
    launch(ledger, wheel, player, forced_number=number)
    return placed["jogada_id"]


def rf_rule(*numbers: int | str) -> str:
    """The citation the tests expect, written here rather than taken from the rule book."""
    if len(numbers) == 1:
        return f"roleta francesa rule {numbers[0]}"
    return "roleta francesa rules " + ", ".join(str(n) for n in numbers)


# Reading the record ------------------------------------------------------------------------
def stream_events(ledger: Ledger, aggregate_id: UUID | str) -> list[Any]:
    uid = aggregate_id if isinstance(aggregate_id, UUID) else UUID(str(aggregate_id))
    return [ledger.app.mapper.to_domain_event(stored)
            for stored in ledger.app.recorder.select_events(uid)]


def name_of(event: Any) -> str:
    return type(event).__name__


def wheel_events(ledger: Ledger, wheel: dict[str, Any],
                 jogada_id: str | None = None) -> list[Any]:
    events = stream_events(ledger, wheel["wheel_id"])
    if jogada_id is not None:
        events = [e for e in events if getattr(e, "jogada_id", None) == jogada_id]
    return events


def names(events: Sequence[Any]) -> list[str]:
    return [name_of(e) for e in events]


def only(events: Sequence[Any], name: str) -> Any:
    found = [e for e in events if name_of(e) == name]
    assert len(found) == 1, f"{len(found)} {name} events in {names(events)}"
    return found[0]


def every(events: Sequence[Any], name: str) -> list[Any]:
    return [e for e in events if name_of(e) == name]


def account(ledger: Ledger, code: str) -> Any:
    return ledger.app.repository.get(account_id(code))


def wallet(ledger: Ledger, player: Player | UUID) -> Any:
    pid = player.player_id if isinstance(player, Player) else player
    return account(ledger, wallet_code(pid))


def balances(ledger: Ledger, players: Sequence[Player]) -> list[tuple[int, int]]:
    return [(w.balance_cents, w.held_cents) for w in (wallet(ledger, p) for p in players)]


def house(ledger: Ledger) -> int:
    return account(ledger, HOUSE_CODE).balance_cents


def assert_money_conserved(ledger: Ledger, players: Sequence[Player] = ()) -> None:
    """903-B 5.5.1(1): every cent in a wallet, the house or the cashier: the accounts sum to
    zero; and, with no jogada open, no hold is left on the players' wallets."""
    ledger.projections.wait(ledger.writer.last_position)
    assert queries.accounts_total(ledger.projections.engine) == 0
    assert sum(account(ledger, row["account_code"]).balance_cents
               for row in queries.accounts(ledger.projections.engine)) == 0
    for p in players:
        assert wallet(ledger, p).held_cents == 0


def statement(ledger: Ledger, player: Player) -> dict[str, Any]:
    return sessions_service.statement(ledger, player.session_id)


@contextlib.contextmanager
def roulette_ledger(make_settings: Any, clock: Any, *, seed: int = 807, mode: str = "0",
                    request: Any = None) -> Iterator[Ledger]:
    built = build_ledger(settings_for(make_settings, certification_mode=mode), clock=clock,
                         seeds=SeededSeedSource(seed))
    try:
        yield built
        assert_ended_jogadas_agree(built, request)
    finally:
        built.close()
