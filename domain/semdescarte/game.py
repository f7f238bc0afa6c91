"""Póquer sem descarte (Reg. 803/2015) and its jackpot side bet (Portaria 461/2001) behind the
``Game`` seam (domain/game.py): its command vocabulary, its clock (the end of a betting period,
rule 14; the decision time, its warning and the timeout fold, rules 21, 31, 32), its start-up
recovery (rule 33, A10: a jogada a crash left open is voided and refunded), its replay and
re-adjudication, and its routes (api/routes/semdescarte.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.command import Command, command, fields_handler
from domain.errors import RuleViolationError
from domain.game import Game, GameClock, venue_aggregate_kinds
from domain.inactivity import SEM_DESCARTE_INDIVIDUAL, SEM_DESCARTE_MULTI
from domain.semdescarte import betting, clock, decisions, faults, seats, tables, views
from domain.semdescarte.config import TABLE_FIELDS, check_table_config, sd_rule
from domain.semdescarte.listing import LISTING_EVENTS, listing_facts
from domain.semdescarte.registry import TableRegistry, registry_id
from domain.semdescarte.replay import player_last_jogada, replay
from domain.semdescarte.significant import SIGNIFICANT
from domain.semdescarte.table import SemDescarteTable
from domain.semdescarte.viewer import viewer_steps

NAME = "semdescarte"
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


def _check_settings(settings: dict[str, Any], table: SemDescarteTable
                    ) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a table (903-B 6.1.5): checked as POST /semdescarte/tables checks
    a configuration; it changes the parameters, not the kind of table (rule 4)."""
    clean = check_table_config(settings).to_dict()
    if clean["kind"] != table.config_data["kind"]:
        raise RuleViolationError(
            f"the table is {table.config_data['kind']}: its rule set cannot make it"
            f" {clean['kind']}", field="kind", rule=sd_rule(4))
    return clean, []


def adjudicate(events: list[tuple[int, Any]],
               opening_balances: dict[str, int] | None = None) -> dict[str, Any]:
    from domain.semdescarte.adjudication import adjudicate as recompute

    return recompute(events, opening_balances)


def _void_disputed(uow: Any, table_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy for a jogada left hanging: rule 33, as for any fault of the
    system (every bet back, no fee), if it is the jogada open at the table."""
    seats.get_table(uow, table_id).open_jogada(jogada_id)
    return faults.void_jogada(uow, table_id=table_id, reason=reason, actor=actor)


def _open_jogadas(uow: Any) -> int:
    registry = uow.find(registry_id(), TableRegistry)
    count = 0
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), SemDescarteTable)
        count += table is not None and table.jogada is not None
    return count


GAME = Game(
    name=NAME, title="póquer sem descarte", regulation="Regulamento 803/2015",
    venue_noun="table",
    session_kinds=(SEM_DESCARTE_INDIVIDUAL, SEM_DESCARTE_MULTI),
    commands={
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
        DueTables: lambda uow, cmd: clock.due_tables(uow),
        ConnectionLost: fields_handler(faults.connection_lost),
        VoidJogada: fields_handler(faults.void_jogada),
        RecoverTables: fields_handler(faults.recover),
    },
    venue_type=SemDescarteTable,
    event_marker=".SemDescarteTable.",
    ended_topics=(".SemDescarteTable.JogadaSettled", ".SemDescarteTable.JogadaVoided"),
    package=__name__.rpartition(".")[0],  # its routes: api/routes/semdescarte.py
    bet_in_play=seats.bet_in_play,
    session_ended=seats.session_ended,
    replay=replay,
    viewer_steps=viewer_steps,
    adjudicate=adjudicate,
    check_settings=_check_settings,
    settings_fields=frozenset(TABLE_FIELDS),
    venue_rule=sd_rule(4),  # a table of póquer sem descarte, individual or multi
    stake_reason="ante",  # every seat of a jogada holds its ante from the wallet (rule 2a)
    player_jogada=player_last_jogada,  # rule 37
    # A table plays thousands of jogadas (issue 3: a command must not slow down with history).
    snapshotted=(SemDescarteTable, TableRegistry),
    clock=GameClock(interval=1.0, due=DueTables(),
                    tick=lambda table_id, actor: TickTable(table_id=table_id, actor=actor)),
    recovery=lambda actor: RecoverTables(actor=actor),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,  # a complaint's remedy: rule 33
    listing=listing_facts,  # its tables and each player's jogadas (rules 38, 39)
    listing_events=LISTING_EVENTS,
    replay_alias="/semdescarte/jogadas/{jogada_id}/replay",  # api/routes/semdescarte.py
    significant=SIGNIFICANT,  # tables, lost connections, voids, recoveries, jackpot prizes
    # A session starts at a table that exists, of its kind (rule 4: individual or multi)
    venue_kinds=venue_aggregate_kinds(
        SemDescarteTable, lambda table: (seats.game_kind(table.config_data),)),
)
