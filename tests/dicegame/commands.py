"""The dice game's command vocabulary (domain/kernel/command.py values) and their handlers:
``COMMANDS`` is its ``Game.commands``; routes.py builds these values from requests."""

from __future__ import annotations

from typing import Any

from domain.kernel.command import Command, command
from tests.dicegame import clock, faults, play, seats, views

CLOCK_ACTOR = "system:dice-clock"


@command("dice_create_table")
class CreateDiceTable(Command):
    table_id: str  # drawn by the caller: a re-run creates the same table
    name: str
    config: dict[str, Any]
    actor: str


@command("dice_describe_table", read_only=True)
class DescribeDiceTable(Command):
    table_id: str
    player_id: str | None = None  # a player sees the seats only as taken, and its own bet


@command("dice_sit")
class SitAtDiceTable(Command):
    table_id: str
    player_id: str
    actor: str


@command("dice_leave")
class LeaveDiceTable(Command):
    table_id: str
    player_id: str
    actor: str


@command("dice_bet")
class PlaceDiceBet(Command):
    table_id: str
    player_id: str
    face: int
    stake_cents: int
    idempotency_key: str
    actor: str


@command("dice_tick")
class TickDiceTable(Command):
    table_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None  # drawn outside the command (Ledger.prepare)


@command("dice_due", read_only=True)
class DueDiceTables(Command):
    pass


@command("dice_void_jogada")
class VoidDiceJogada(Command):
    table_id: str
    reason: str
    actor: str


@command("dice_recover")
class RecoverDiceTables(Command):
    actor: str


def _describe(uow: Any, cmd: DescribeDiceTable) -> dict[str, Any]:
    table = seats.get_table(uow, cmd.table_id)
    return views.describe(table) if cmd.player_id is None else \
        views.player_view(table, str(cmd.player_id))


COMMANDS = {
    CreateDiceTable: play.create_table, DescribeDiceTable: _describe,
    SitAtDiceTable: seats.sit, LeaveDiceTable: seats.leave, PlaceDiceBet: play.bet,
    TickDiceTable: clock.tick, DueDiceTables: clock.due,
    VoidDiceJogada: lambda uow, cmd: faults.void_jogada(uow, cmd.table_id, cmd.reason,
                                                        cmd.actor),
    RecoverDiceTables: faults.recover,
}
