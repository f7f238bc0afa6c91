"""Blackjack (Reg. 805/2015) behind the ``Game`` seam (domain/kernel/game.py): its command
vocabulary, its clock (the betting window, r12; the decision time and the default play, A55;
an individual jogada completed at day 90, 903-B 6.3.2), its start-up recovery (r27, r28, A10:
a jogada a crash left open is voided and refunded), its replay and re-adjudication, and its
routes (api/games/blackjack/routes.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack import faults, seats
from domain.games.blackjack.adjudication import adjudicate
from domain.games.blackjack.commands import (
    COMMANDS,
    DueTables,
    RecoverTables,
    TickTable,
)
from domain.games.blackjack.config import FIELDS, check_settings
from domain.games.blackjack.inactivity import (
    BLACKJACK_INDIVIDUAL,
    BLACKJACK_MULTI,
    POLICIES,
)
from domain.games.blackjack.listing import LISTING_EVENTS, listing
from domain.games.blackjack.one_jogada import PlayerJogadaSlot
from domain.games.blackjack.registry import REGISTRY_ID, TableRegistry
from domain.games.blackjack.replay import player_copy, player_jogada, replay
from domain.games.blackjack.rule_book import RULE_BOOK, bj_rule
from domain.games.blackjack.significant import SIGNIFICANT
from domain.games.blackjack.table import BlackjackTable
from domain.games.blackjack.viewer import WORDS, viewer_steps
from domain.kernel.game import Game, GameClock, venue_aggregate_kinds

NAME = "blackjack"


def _void_disputed(uow: Any, table_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy for a jogada left hanging: r27, r28 (every stake back, every
    payout reversed), if it is the jogada open at the table."""
    seats.get_table(uow, table_id).open_jogada(jogada_id)
    return faults.void_jogada(uow, table_id=table_id, reason=reason, actor=actor)


def _open_jogadas(uow: Any) -> int:
    registry = uow.find(REGISTRY_ID, TableRegistry)
    count = 0
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), BlackjackTable)
        count += table is not None and table.jogada is not None
    return count


GAME = Game(
    name=NAME, title="blackjack", regulation="Regulamento 805/2015",
    venue_noun="table", venue_plural="tables",
    session_kinds=(BLACKJACK_INDIVIDUAL, BLACKJACK_MULTI),
    policies=POLICIES,  # r35, r36
    commands=COMMANDS,
    venue_type=BlackjackTable,
    event_marker=".BlackjackTable.",
    ended_topics=(".BlackjackTable.JogadaSettled", ".BlackjackTable.JogadaVoided"),
    package=__name__.rpartition(".")[0],
    bet_in_play=seats.bet_in_play,
    session_ended=seats.session_ended,
    replay=replay,
    viewer_steps=viewer_steps,
    words=WORDS,
    adjudicate=adjudicate,
    check_settings=check_settings,
    settings_fields=frozenset(FIELDS),
    venue_rule=bj_rule(5),  # a blackjack table, individual or multi-player
    stake_reason="bet",  # every seat of a jogada holds its bet from the wallet (r9)
    player_jogada=player_jogada,  # r31
    player_copy=player_copy,  # r14b, r17, A47: the hole card until revealed; seats, not people
    # A table plays thousands of jogadas; a player's A63 slot one event per jogada it bets in.
    snapshotted=(BlackjackTable, TableRegistry, PlayerJogadaSlot),
    clock=GameClock(interval=1.0, due=DueTables(),
                    tick=lambda table_id, actor: TickTable(table_id=table_id, actor=actor)),
    recovery=lambda actor: RecoverTables(actor=actor),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,  # a complaint's remedy: r27, r28
    listing=listing,  # its tables and each player's jogadas (r31, r32)
    listing_events=LISTING_EVENTS,
    replay_alias="/blackjack/jogadas/{jogada_id}/replay",
    significant=SIGNIFICANT,  # tables, lost connections, voids, recoveries, large wins
    venue_kinds=venue_aggregate_kinds(
        BlackjackTable, lambda table: (seats.game_kind(table.config_data),)),
    rule_book=RULE_BOOK,  # r1–r38, A35–A37, A46–A55
)
