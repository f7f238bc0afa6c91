"""The command vocabulary of hold'em and Omaha: the same commands for both games, one set of
command types per game (``holdem_sit``, ``omaha_sit``…), so that each game is its own entry of
the registry (domain/kernel/game.py) and the writer dispatches each to its game's tables. The types
are module attributes (``HoldemSit``, ``OmahaSit``…): the writer's wire carries commands by
module and name (infra/writer/wire.py)."""

from __future__ import annotations

from typing import Any

from domain.kernel.command import Command, command
from domain.games.community_poker import clock, faults, play, seating, views

CLOCK_ACTOR = "system:{variant}-clock"


def _types(variant: str) -> dict[str, type]:
    @command(f"{variant}_create_table")
    class CreateTable(Command):
        table_id: str  # drawn by the caller: a re-run creates the same table
        name: str
        config: dict[str, Any]
        actor: str

    @command(f"{variant}_describe_table", read_only=True)
    class DescribeTable(Command):
        table_id: str
        player_id: str | None = None  # a player's own view: its hole cards and options
        staff: bool = False

    @command(f"{variant}_register")
    class Register(Command):
        table_id: str
        player_id: str
        actor: str

    @command(f"{variant}_sit")
    class Sit(Command):
        table_id: str
        player_id: str
        seat: int
        idempotency_key: str
        actor: str
        device_id: str | None = None

    @command(f"{variant}_rebuy")
    class Rebuy(Command):
        table_id: str
        player_id: str
        idempotency_key: str
        actor: str

    @command(f"{variant}_leave")
    class Leave(Command):
        table_id: str
        player_id: str
        actor: str

    @command(f"{variant}_start_jogada")
    class StartJogada(Command):
        table_id: str
        actor: str
        forced_deck: list[str] | None = None
        button_seat: int | None = None
        seed: bytes | None = None
        certification_mode: bool = False

    @command(f"{variant}_act")
    class Act(Command):
        table_id: str
        jogada_id: str
        player_id: str
        action: str
        actor: str
        amount: int | None = None
        device_id: str | None = None

    @command(f"{variant}_tick")
    class Tick(Command):
        table_id: str
        actor: str = CLOCK_ACTOR.format(variant=variant)
        seed: bytes | None = None
        certification_mode: bool = False

    @command(f"{variant}_due_tables", read_only=True)
    class DueTables(Command):
        pass

    @command(f"{variant}_connection_lost")
    class ConnectionLost(Command):
        table_id: str
        player_id: str
        actor: str

    @command(f"{variant}_void_jogada")
    class VoidJogada(Command):
        table_id: str
        reason: str
        actor: str
        jogada_id: str | None = None

    @command(f"{variant}_recover")
    class Recover(Command):
        actor: str

    made = {cls.__name__: cls for cls in (
        CreateTable, DescribeTable, Register, Sit, Rebuy, Leave, StartJogada, Act, Tick,
        DueTables, ConnectionLost, VoidJogada, Recover)}
    for name, cls in made.items():
        cls.__module__ = __name__
        cls.__name__ = cls.__qualname__ = variant.capitalize() + name
    return made


def _bound(function: Any, variant: str) -> Any:
    def handle(uow: Any, cmd: Command) -> Any:
        return function(uow, variant=variant, **cmd.values())
    handle.__name__ = handle.__qualname__ = f"{variant}_{function.__name__}"
    return handle


def _describe(uow: Any, *, variant: str, table_id: str, player_id: str | None,
              staff: bool) -> dict[str, Any]:
    return views.player_view(seating.get_table(uow, variant, table_id), player_id, staff=staff)


def handlers(variant: str, types: dict[str, type]) -> dict[type, Any]:
    functions = {"CreateTable": seating.create_table, "DescribeTable": _describe,
                 "Register": seating.register, "Sit": seating.sit, "Rebuy": seating.rebuy,
                 "Leave": seating.leave, "StartJogada": play.start_jogada, "Act": play.act,
                 "Tick": clock.tick, "ConnectionLost": faults.connection_lost,
                 "VoidJogada": faults.void_jogada, "Recover": faults.recover}
    found = {types[name]: _bound(fn, variant) for name, fn in functions.items()}
    found[types["DueTables"]] = lambda uow, cmd: clock.due(uow, variant)
    return found


HOLDEM = _types("holdem")
OMAHA = _types("omaha")
globals().update({cls.__name__: cls for cls in (*HOLDEM.values(), *OMAHA.values())})
