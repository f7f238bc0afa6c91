"""Blackjack's command vocabulary: each command a frozen value (domain/kernel/command.py) and
its handler, in the sections of the regulation (tables and seats, r3–r7; bets and the deal,
r9–r14; decisions, r15–r24; the clock, faults and recovery, r27–r30, A55, 903-B 6.3.2).
``COMMANDS`` is ``Game.commands`` (game.py); the routes (api/games/blackjack/routes.py) build
these values."""

from __future__ import annotations

from typing import Any

from domain.games.blackjack import (
    betting,
    clock,
    decisions,
    faults,
    seats,
    tables,
    views,
)
from domain.kernel.command import Command, command, fields_handler

CLOCK_ACTOR = "system:blackjack-clock"


# Tables and seats (r3–r7) -------------------------------------------------------------------------
@command("blackjack_create_table")
class CreateTable(Command):
    table_id: str  # drawn by the caller: a re-run creates the same table
    name: str
    config: dict[str, Any]
    actor: str


@command("blackjack_describe_table", read_only=True)
class DescribeTable(Command):
    table_id: str
    player_id: str | None = None  # a player sees seats only as taken (its own ids only)


@command("blackjack_rules", read_only=True)
class RulesPage(Command):
    """r32, 903-B 6.1.6(9): the table's rules, limits, largest win per unit and house edge."""
    table_id: str


@command("blackjack_sit")
class Sit(Command):
    table_id: str
    player_id: str
    seat: int | None
    actor: str


@command("blackjack_leave")
class Leave(Command):
    table_id: str
    player_id: str
    actor: str
    seat: int | None = None  # one seat of several (r7); None: every seat of the player


# Bets and the deal (r9–r14) -------------------------------------------------------------------
@command("blackjack_bet")
class PlaceBet(Command):
    table_id: str
    player_id: str
    seat: int | None  # None: the player's only seat
    amount_cents: int
    idempotency_key: str
    actor: str
    forced_shoe: list[str] | None = None  # certification mode, with the bet that opens the jogada
    certification_mode: bool = False


@command("blackjack_deal")
class Deal(Command):
    """r13: at an individual table the player deals once the bet is placed."""
    table_id: str
    player_id: str | None
    actor: str
    forced_shoe: list[str] | None = None
    seed: bytes | None = None
    certification_mode: bool = False


@command("blackjack_set_forced_shoe")
class SetForcedShoe(Command):
    table_id: str
    forced_shoe: list[str]
    actor: str
    certification_mode: bool = False


# Decisions (r15–r24, A46–A51) -------------------------------------------------------------------
@command("blackjack_decide")
class Decide(Command):
    table_id: str
    jogada_id: str
    player_id: str
    seat: int
    hand: int  # 0 the hand dealt; splits add 1, 2, …
    decision: str  # hands.DECISIONS
    idempotency_key: str
    actor: str
    amount_cents: int | None = None  # insurance only: 1 cent to half the initial bet (r15f)


@command("blackjack_view", read_only=True)
class ViewTable(Command):
    table_id: str
    player_id: str | None = None


# Clock, faults and recovery (r27–r30, A55; 903-B 6.3.2) -----------------------------------------
@command("blackjack_tick")
class TickTable(Command):
    table_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None
    certification_mode: bool = False


@command("blackjack_due_tables", read_only=True)
class DueTables(Command):
    pass


@command("blackjack_connection_lost")
class ConnectionLost(Command):
    table_id: str
    player_id: str
    actor: str


@command("blackjack_void_jogada")
class VoidJogada(Command):
    table_id: str
    reason: str
    actor: str


@command("blackjack_recover")
class RecoverTables(Command):
    actor: str


def _describe(uow: Any, cmd: DescribeTable) -> dict[str, Any]:
    return views.describe(seats.get_table(uow, cmd.table_id),
                          None if cmd.player_id is None else str(cmd.player_id))


def _view(uow: Any, cmd: ViewTable) -> dict[str, Any]:
    return views.player_view(uow, seats.get_table(uow, cmd.table_id),
                             None if cmd.player_id is None else str(cmd.player_id))


def _rules(uow: Any, cmd: RulesPage) -> dict[str, Any]:
    return views.rules_page(seats.get_table(uow, cmd.table_id))


COMMANDS = {
    CreateTable: fields_handler(tables.create_table),
    DescribeTable: _describe,
    RulesPage: _rules,
    Sit: fields_handler(seats.sit),
    Leave: fields_handler(seats.leave),
    PlaceBet: fields_handler(betting.place_bet),
    Deal: fields_handler(betting.deal),
    SetForcedShoe: fields_handler(betting.set_forced_shoe),
    Decide: fields_handler(decisions.decide),
    ViewTable: _view,
    TickTable: fields_handler(clock.tick),
    DueTables: lambda uow, cmd: clock.due(uow),
    ConnectionLost: fields_handler(faults.connection_lost),
    VoidJogada: fields_handler(faults.void_jogada),
    RecoverTables: fields_handler(faults.recover),
}
