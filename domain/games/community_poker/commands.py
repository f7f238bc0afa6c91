"""The command vocabulary of hold'em and Omaha: the same commands for both games, one declared
type per game and command (``HoldemSit`` is ``holdem_sit``, ``OmahaSit`` is ``omaha_sit``…), so
that each game is its own entry of the registry (domain/kernel/game.py) and the writer dispatches each
to its game's tables. Each command's fields are declared once, on a base (``_Sit``) that is
not itself a command; the two games' types derive from it. The writer's wire carries commands
by module and name (infra/writer/wire.py): every type is a module attribute. ``HOLDEM`` and ``OMAHA``
map the command's name without the game (``"Sit"``) to the game's type."""

from __future__ import annotations

import dataclasses
from typing import Any

from domain.games.community_poker import clock, faults, play, seating, views
from domain.kernel.command import Command, command

CLOCK_ACTOR = "system:{variant}-clock"
_fields = dataclasses.dataclass(frozen=True, slots=True)  # a base: fields, not a command


@_fields
class _CreateTable(Command):
    table_id: str  # drawn by the caller: a re-run creates the same table
    name: str
    config: dict[str, Any]
    actor: str


@_fields
class _DescribeTable(Command):
    table_id: str
    player_id: str | None = None  # a player's own view: its hole cards and options
    staff: bool = False


@_fields
class _Register(Command):
    table_id: str
    player_id: str
    actor: str


@_fields
class _Sit(Command):
    table_id: str
    player_id: str
    seat: int
    idempotency_key: str
    actor: str
    device_id: str | None = None
    forced_cave_cents: int | None = None  # certification mode only (seating.sit)
    certification_mode: bool = False


@_fields
class _Rebuy(Command):
    table_id: str
    player_id: str
    idempotency_key: str
    actor: str


@_fields
class _Leave(Command):
    table_id: str
    player_id: str
    actor: str


@_fields
class _StartJogada(Command):
    table_id: str
    actor: str
    forced_deck: list[str] | None = None
    button_seat: int | None = None
    seed: bytes | None = None
    certification_mode: bool = False


@_fields
class _Act(Command):
    table_id: str
    jogada_id: str
    player_id: str
    action: str
    actor: str
    amount: int | None = None
    device_id: str | None = None


@_fields
class _Tick(Command):
    table_id: str
    actor: str = CLOCK_ACTOR.format(variant="poker")  # each game's type names its clock
    seed: bytes | None = None
    certification_mode: bool = False


@_fields
class _DueTables(Command):
    pass


@_fields
class _ConnectionLost(Command):
    table_id: str
    player_id: str
    actor: str


@_fields
class _VoidJogada(Command):
    table_id: str
    reason: str
    actor: str
    jogada_id: str | None = None


@_fields
class _Recover(Command):
    actor: str


# Hold'em's commands ----------------------------------------------------------------------


@command("holdem_create_table")
class HoldemCreateTable(_CreateTable):
    pass


@command("holdem_describe_table", read_only=True)
class HoldemDescribeTable(_DescribeTable):
    pass


@command("holdem_register")
class HoldemRegister(_Register):
    pass


@command("holdem_sit")
class HoldemSit(_Sit):
    pass


@command("holdem_rebuy")
class HoldemRebuy(_Rebuy):
    pass


@command("holdem_leave")
class HoldemLeave(_Leave):
    pass


@command("holdem_start_jogada")
class HoldemStartJogada(_StartJogada):
    pass


@command("holdem_act")
class HoldemAct(_Act):
    pass


@command("holdem_tick")
class HoldemTick(_Tick):
    actor: str = CLOCK_ACTOR.format(variant="holdem")


@command("holdem_due_tables", read_only=True)
class HoldemDueTables(_DueTables):
    pass


@command("holdem_connection_lost")
class HoldemConnectionLost(_ConnectionLost):
    pass


@command("holdem_void_jogada")
class HoldemVoidJogada(_VoidJogada):
    pass


@command("holdem_recover")
class HoldemRecover(_Recover):
    pass


# Omaha's commands -------------------------------------------------------------------------


@command("omaha_create_table")
class OmahaCreateTable(_CreateTable):
    pass


@command("omaha_describe_table", read_only=True)
class OmahaDescribeTable(_DescribeTable):
    pass


@command("omaha_register")
class OmahaRegister(_Register):
    pass


@command("omaha_sit")
class OmahaSit(_Sit):
    pass


@command("omaha_rebuy")
class OmahaRebuy(_Rebuy):
    pass


@command("omaha_leave")
class OmahaLeave(_Leave):
    pass


@command("omaha_start_jogada")
class OmahaStartJogada(_StartJogada):
    pass


@command("omaha_act")
class OmahaAct(_Act):
    pass


@command("omaha_tick")
class OmahaTick(_Tick):
    actor: str = CLOCK_ACTOR.format(variant="omaha")


@command("omaha_due_tables", read_only=True)
class OmahaDueTables(_DueTables):
    pass


@command("omaha_connection_lost")
class OmahaConnectionLost(_ConnectionLost):
    pass


@command("omaha_void_jogada")
class OmahaVoidJogada(_VoidJogada):
    pass


@command("omaha_recover")
class OmahaRecover(_Recover):
    pass


HOLDEM: dict[str, type] = {
    "CreateTable": HoldemCreateTable, "DescribeTable": HoldemDescribeTable,
    "Register": HoldemRegister, "Sit": HoldemSit, "Rebuy": HoldemRebuy, "Leave": HoldemLeave,
    "StartJogada": HoldemStartJogada, "Act": HoldemAct, "Tick": HoldemTick,
    "DueTables": HoldemDueTables, "ConnectionLost": HoldemConnectionLost,
    "VoidJogada": HoldemVoidJogada, "Recover": HoldemRecover}
OMAHA: dict[str, type] = {
    "CreateTable": OmahaCreateTable, "DescribeTable": OmahaDescribeTable,
    "Register": OmahaRegister, "Sit": OmahaSit, "Rebuy": OmahaRebuy, "Leave": OmahaLeave,
    "StartJogada": OmahaStartJogada, "Act": OmahaAct, "Tick": OmahaTick,
    "DueTables": OmahaDueTables, "ConnectionLost": OmahaConnectionLost,
    "VoidJogada": OmahaVoidJogada, "Recover": OmahaRecover}


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
