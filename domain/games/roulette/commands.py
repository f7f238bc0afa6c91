"""French roulette's command vocabulary: each command a frozen value (domain/kernel/command.py)
and its handler, in the sections of the regulation (wheels and players, r4–r6; bets, r7–r13;
the spin and settlement, r14–r21; the clock, faults and recovery, r22–r25, A60, 903-B 6.3.2).
``COMMANDS`` is ``Game.commands`` (game.py); the routes (api/games/roulette/routes.py) build
these values."""

from __future__ import annotations

from typing import Any

from domain.games.roulette import (
    betting,
    clock,
    faults,
    players,
    spin,
    views,
    wheels,
)
from domain.kernel.command import Command, command, fields_handler

CLOCK_ACTOR = "system:roulette-clock"


# Wheels and players (r4–r6, r26–r31) ------------------------------------------------------------
@command("roulette_create_wheel")
class CreateWheel(Command):
    wheel_id: str  # drawn by the caller: a re-run creates the same wheel
    name: str
    config: dict[str, Any]
    actor: str


@command("roulette_describe_wheel", read_only=True)
class DescribeWheel(Command):
    wheel_id: str
    player_id: str | None = None  # a player sees only its own bets and ids


@command("roulette_rules", read_only=True)
class RulesPage(Command):
    """r27, 903-B 6.1.6(9): the wheel's rules, limits, each chance's return (rtp.py) and the
    largest prize per unit bet."""
    wheel_id: str


@command("roulette_join")
class Join(Command):
    """A player with an open game session at the wheel's venue is at the wheel (r5; it counts
    for the multi-player inactivity rule, r30b). A bet joins too."""
    wheel_id: str
    player_id: str
    actor: str


@command("roulette_leave")
class Leave(Command):
    wheel_id: str
    player_id: str
    actor: str


@command("roulette_view", read_only=True)
class ViewWheel(Command):
    """r6e (the last winning numbers and colours), r26 (the player's last jogada), the open
    jogada as the caller may see it."""
    wheel_id: str
    player_id: str | None = None


@command("roulette_last_jogada", read_only=True)
class PlayerLastJogada(Command):
    """r26: the last roulette jogada the player took part in, at whichever wheel (its result
    and the amounts bet), and a jogada of its still in play."""
    player_id: str


# Bets (r7–r13, r15, A57–A60) ----------------------------------------------------------------------
@command("roulette_bet")
class PlaceBets(Command):
    wheel_id: str
    player_id: str
    bets: list[dict[str, Any]]  # bets.py: chances and call bets
    idempotency_key: str
    actor: str
    forced_number: int | None = None  # certification mode, with the bets that open the jogada
    certification_mode: bool = False


@command("roulette_withdraw")
class WithdrawBets(Command):
    """A60: at an individual wheel, before the launch, a slip (or every slip) withdrawn, its
    stake back; no fee."""
    wheel_id: str
    player_id: str
    idempotency_key: str
    actor: str
    slip: int | None = None  # None: every slip of the player in the open jogada


@command("roulette_launch")
class Launch(Command):
    """r17: at an individual wheel the player launches the ball once the bets are placed."""
    wheel_id: str
    player_id: str | None
    actor: str
    forced_number: int | None = None
    seed: bytes | None = None
    certification_mode: bool = False


@command("roulette_set_forced_number")
class SetForcedNumber(Command):
    """Certification mode: the number the open jogada's spin gives, set during its window."""
    wheel_id: str
    forced_number: int
    actor: str
    certification_mode: bool = False


# Clock, faults and recovery (r16, r22–r25, A60; 903-B 6.3.2) -------------------------------------
@command("roulette_tick")
class TickWheel(Command):
    wheel_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None
    certification_mode: bool = False


@command("roulette_due_wheels", read_only=True)
class DueWheels(Command):
    pass


@command("roulette_connection_lost")
class ConnectionLost(Command):
    wheel_id: str
    player_id: str
    actor: str


@command("roulette_void_jogada")
class VoidJogada(Command):
    wheel_id: str
    reason: str
    actor: str


@command("roulette_recover")
class RecoverWheels(Command):
    """903-B 6.3.2: at start-up, each multi-player jogada whose window passed while the service
    was down is recorded (``JogadaRecovered``); the clock's tick spins it. Draws no seed."""
    actor: str


def _describe(uow: Any, cmd: DescribeWheel) -> dict[str, Any]:
    return views.describe(players.get_wheel(uow, cmd.wheel_id),
                          None if cmd.player_id is None else str(cmd.player_id))


def _view(uow: Any, cmd: ViewWheel) -> dict[str, Any]:
    return views.player_view(uow, players.get_wheel(uow, cmd.wheel_id),
                             None if cmd.player_id is None else str(cmd.player_id))


def _rules(uow: Any, cmd: RulesPage) -> dict[str, Any]:
    return views.rules_page(players.get_wheel(uow, cmd.wheel_id))


COMMANDS = {
    CreateWheel: fields_handler(wheels.create_wheel),
    DescribeWheel: _describe,
    RulesPage: _rules,
    Join: fields_handler(players.join),
    Leave: fields_handler(players.leave),
    ViewWheel: _view,
    PlayerLastJogada: lambda uow, cmd: views.last_jogada(uow, str(cmd.player_id)),
    PlaceBets: fields_handler(betting.place_bets),
    WithdrawBets: fields_handler(betting.withdraw_bets),
    Launch: fields_handler(spin.launch),
    SetForcedNumber: fields_handler(betting.set_forced_number),
    TickWheel: fields_handler(clock.tick),
    DueWheels: lambda uow, cmd: clock.due(uow),
    ConnectionLost: fields_handler(faults.connection_lost),
    VoidJogada: fields_handler(faults.void_jogada),
    RecoverWheels: fields_handler(faults.recover),
}
