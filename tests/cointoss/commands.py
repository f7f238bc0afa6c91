"""The coin toss's command vocabulary and their handlers (``Game.commands``)."""

from __future__ import annotations

from typing import Any

from domain.kernel.command import Command, command
from tests.cointoss import clock, faults, play, views

CLOCK_ACTOR = "system:cointoss-clock"


@command("cointoss_create_table")
class CreateCoinTable(Command):
    table_id: str
    name: str
    config: dict[str, Any]
    actor: str


@command("cointoss_describe", read_only=True)
class DescribeCoinTable(Command):
    table_id: str


@command("cointoss_bet")
class Bet(Command):
    table_id: str
    player_id: str
    side: str
    stake_cents: int
    idempotency_key: str
    actor: str


@command("cointoss_toss")
class Toss(Command):
    table_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None


@command("cointoss_due", read_only=True)
class DueCoinTables(Command):
    pass


@command("cointoss_recover")
class RecoverCoinTables(Command):
    actor: str


COMMANDS = {CreateCoinTable: play.create_table,
            DescribeCoinTable: lambda uow, cmd: views.describe(play.get_table(uow, cmd.table_id)),
            Bet: play.bet, Toss: clock.tick, DueCoinTables: clock.due,
            RecoverCoinTables: faults.recover}
