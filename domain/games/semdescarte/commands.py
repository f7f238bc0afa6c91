"""Póquer sem descarte's command vocabulary: each command a frozen value (domain/kernel/command.py)
and its handler, in the sections of the regulation (tables and seats, rules 4–6, 40; bets and
the deal, rules 2a, 14–19, Portaria r3–r5; decisions, rules 20–23; clock, faults and recovery,
rules 14, 21, 31–36, A10). ``COMMANDS`` is ``Game.commands`` (game.py); the routes
(api/games/semdescarte/routes.py) build these values."""

from __future__ import annotations

from typing import Any

from domain.games.semdescarte import (
    betting,
    clock,
    decisions,
    faults,
    seats,
    tables,
    views,
)
from domain.kernel.command import Command, command, fields_handler

CLOCK_ACTOR = "system:semdescarte-clock"


# Tables and seats (rules 4–6, 40) -------------------------------------------------------------
@command("create_table")
class CreateTable(Command):
    table_id: str  # drawn by the caller: a re-run creates the same table
    name: str
    config: dict[str, Any]
    actor: str


@command("describe_table", read_only=True)
class DescribeTable(Command):
    table_id: str
    player_id: str | None = None  # a player sees seats only as taken (its own ids only)


@command("sit")
class Sit(Command):
    table_id: str
    player_id: str
    seat: int | None
    actor: str


@command("leave")
class Leave(Command):
    table_id: str
    player_id: str
    actor: str


# Bets and the deal (rules 2a, 14–19; Portaria r3–r5) ------------------------------------------
@command("ante")
class PlaceAnte(Command):
    table_id: str
    player_id: str
    ante_cents: int
    jackpot_bet_cents: int | None
    idempotency_key: str
    actor: str
    forced_deck: list[str] | None = None
    certification_mode: bool = False


@command("deal")
class Deal(Command):
    table_id: str
    player_id: str | None
    forced_deck: list[str] | None
    actor: str
    seed: bytes | None = None
    certification_mode: bool = False


@command("set_forced_deck")
class SetForcedDeck(Command):
    table_id: str
    forced_deck: list[str]
    actor: str
    certification_mode: bool = False


# Decisions (rules 20–23) ------------------------------------------------------------------------
@command("decide")
class Decide(Command):
    table_id: str
    jogada_id: str
    player_id: str
    decision: str
    actor: str


@command("view", read_only=True)
class ViewTable(Command):
    table_id: str
    player_id: str | None = None


# Clock, faults and recovery (rules 14, 21, 31–36; A10) ------------------------------------------
@command("tick")
class TickTable(Command):
    table_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None
    certification_mode: bool = False


@command("due_tables", read_only=True)
class DueTables(Command):
    pass


@command("connection_lost")
class ConnectionLost(Command):
    table_id: str
    player_id: str
    actor: str


@command("void_jogada")
class VoidJogada(Command):
    table_id: str
    reason: str
    actor: str


@command("recover")
class RecoverTables(Command):
    actor: str


def _describe(uow: Any, cmd: DescribeTable) -> dict[str, Any]:
    return views.describe(seats.get_table(uow, cmd.table_id),
                       None if cmd.player_id is None else str(cmd.player_id))


def _view(uow: Any, cmd: ViewTable) -> dict[str, Any]:
    return views.player_view(seats.get_table(uow, cmd.table_id),
                          None if cmd.player_id is None else str(cmd.player_id))



COMMANDS = {
    CreateTable: fields_handler(tables.create_table),
    DescribeTable: _describe,
    Sit: fields_handler(seats.sit),
    Leave: fields_handler(seats.leave),
    PlaceAnte: fields_handler(betting.place_ante),
    Deal: fields_handler(betting.deal),
    SetForcedDeck: fields_handler(betting.set_forced_deck),
    Decide: fields_handler(decisions.decide),
    ViewTable: _view,
    TickTable: fields_handler(clock.tick),
    DueTables: lambda uow, cmd: clock.due(uow),
    ConnectionLost: fields_handler(faults.connection_lost),
    VoidJogada: fields_handler(faults.void_jogada),
    RecoverTables: fields_handler(faults.recover),
}
