"""Póquer sem descarte (Reg. 803/2015) and its jackpot side bet (Portaria 461/2001) behind the
``Game`` seam (domain/kernel/game.py): its command vocabulary, its clock (the end of a betting period,
rule 14; the decision time, its warning and the timeout fold, rules 21, 31, 32), its start-up
recovery (rule 33, A10: a jogada a crash left open is voided and refunded), its replay and
re-adjudication, and its routes (api/games/semdescarte/routes.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.semdescarte import faults, seats
from domain.games.semdescarte.adjudication import adjudicate
from domain.games.semdescarte.commands import (
    COMMANDS,
    DueTables,
    RecoverTables,
    TickTable,
)
from domain.games.semdescarte.config import FIELDS, check_settings, sd_rule
from domain.games.semdescarte.inactivity import (
    POLICIES,
    SEM_DESCARTE_INDIVIDUAL,
    SEM_DESCARTE_MULTI,
)
from domain.games.semdescarte.listing import LISTING_EVENTS, listing
from domain.games.semdescarte.registry import REGISTRY_ID, TableRegistry
from domain.games.semdescarte.replay import player_copy, player_jogada, replay
from domain.games.semdescarte.rule_book import RULE_BOOK
from domain.games.semdescarte.significant import SIGNIFICANT
from domain.games.semdescarte.table import SemDescarteTable
from domain.games.semdescarte.viewer import viewer_steps
from domain.kernel.game import Game, GameClock, venue_aggregate_kinds

NAME = "semdescarte"


def _void_disputed(uow: Any, table_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy for a jogada left hanging: rule 33, as for any fault of the
    system (every bet back, no fee), if it is the jogada open at the table."""
    seats.get_table(uow, table_id).open_jogada(jogada_id)
    return faults.void_jogada(uow, table_id=table_id, reason=reason, actor=actor)


def _open_jogadas(uow: Any) -> int:
    registry = uow.find(REGISTRY_ID, TableRegistry)
    count = 0
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), SemDescarteTable)
        count += table is not None and table.jogada is not None
    return count


GAME = Game(
    name=NAME, title="póquer sem descarte", regulation="Regulamento 803/2015",
    venue_noun="table", venue_plural="tables",
    session_kinds=(SEM_DESCARTE_INDIVIDUAL, SEM_DESCARTE_MULTI),
    policies=POLICIES,  # rules 41, 42
    commands=COMMANDS,
    venue_type=SemDescarteTable,
    event_marker=".SemDescarteTable.",
    ended_topics=(".SemDescarteTable.JogadaSettled", ".SemDescarteTable.JogadaVoided"),
    package=__name__.rpartition(".")[0],  # its routes: api/games/semdescarte/routes.py
    bet_in_play=seats.bet_in_play,
    session_ended=seats.session_ended,
    replay=replay,
    viewer_steps=viewer_steps,
    adjudicate=adjudicate,
    check_settings=check_settings,
    settings_fields=frozenset(FIELDS),
    venue_rule=sd_rule(4),  # a table of póquer sem descarte, individual or multi
    stake_reason="ante",  # every seat of a jogada holds its ante from the wallet (rule 2a)
    player_jogada=player_jogada,  # rule 37
    player_copy=player_copy,  # rules 19, 22, 24, 37
    # A table plays thousands of jogadas (issue 3: a command must not slow down with history).
    snapshotted=(SemDescarteTable, TableRegistry),
    clock=GameClock(interval=1.0, due=DueTables(),
                    tick=lambda table_id, actor: TickTable(table_id=table_id, actor=actor)),
    recovery=lambda actor: RecoverTables(actor=actor),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,  # a complaint's remedy: rule 33
    listing=listing,  # its tables and each player's jogadas (rules 38, 39)
    listing_events=LISTING_EVENTS,
    replay_alias="/semdescarte/jogadas/{jogada_id}/replay",  # api/games/semdescarte/routes.py
    significant=SIGNIFICANT,  # tables, lost connections, voids, recoveries, jackpot prizes
    # A session starts at a table that exists, of its kind (rule 4: individual or multi)
    venue_kinds=venue_aggregate_kinds(
        SemDescarteTable, lambda table: (seats.game_kind(table.config_data),)),
    rule_book=RULE_BOOK,  # rules 1–44, the Portaria's 1–11, A1–A12
)
