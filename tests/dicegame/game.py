"""A dice game, defined only under tests/ and plugged in with ``LEDGER_GAMES=tests.dicegame.game``
(or ``Settings(games=...)``): the second game outside the package (tests/cointoss/ is the
first), added with no file changed outside this folder. A table with seats, sessions at its
venue, a betting window opened by the first bet and closed by the table's clock, a roll from
the injected RNG and a settlement (the rules: config.py), its listing of venues and jogadas,
its significant events, its replay viewer, and its venues listed by ``ledger venues list
--game dice``.

Its package has the shape of every game (domain/kernel/shape.py): commands.py, config.py,
table.py (the venue), registry.py, seats.py and play.py (the rules), clock.py, faults.py,
views.py, replay.py, adjudication.py, listing.py, significant.py, viewer.py; its routes in
routes.py."""

from __future__ import annotations

from typing import Any

from domain.kernel.game import Game, GameClock
from domain.sessions.inactivity import TIME, InactivityPolicy
from tests.dicegame import faults, registry, seats
from tests.dicegame.adjudication import adjudicate
from tests.dicegame.commands import COMMANDS, DueDiceTables, RecoverDiceTables, TickDiceTable
from tests.dicegame.config import FIELDS, check_settings, rule
from tests.dicegame.listing import LISTING_EVENTS, listing
from tests.dicegame.play import NAME, STAKE
from tests.dicegame.registry import DiceRegistry
from tests.dicegame.replay import player_copy, player_jogada, replay
from tests.dicegame.significant import SIGNIFICANT
from tests.dicegame.table import DiceTable
from tests.dicegame.viewer import viewer_steps
from tests.dicegame.views import KIND
from tests.dicegame.rule_book import RULE_BOOK


def _void_disputed(uow: Any, table_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy: dice rule 6, if it is the jogada open at the table."""
    return faults.void_jogada(uow, table_id, reason, actor, jogada_id=jogada_id)


GAME = Game(
    rule_book=RULE_BOOK,
    name=NAME, title="dice (tests)", regulation="tests only", venue_noun="table",
    session_kinds=(KIND,),
    policies={KIND: InactivityPolicy(kind=KIND, basis=TIME, invite_after=180, end_after=60,
                                     rule=rule(1))},
    commands=COMMANDS,
    venue_type=DiceTable, event_marker=".DiceTable.",
    ended_topics=(".DiceTable.DiceRolled", ".DiceTable.JogadaVoided"),
    package=__name__.rpartition(".")[0],  # its routes: tests/dicegame/routes.py
    bet_in_play=seats.bet_in_play, session_ended=seats.session_ended,
    replay=replay, adjudicate=adjudicate, check_settings=check_settings,
    settings_fields=frozenset(FIELDS), venue_rule=rule(1),
    stake_reason=STAKE, player_jogada=player_jogada, player_copy=player_copy,
    snapshotted=(DiceRegistry,),
    clock=GameClock(interval=0.05, due=DueDiceTables(),
                    tick=lambda table_id, actor: TickDiceTable(table_id=table_id, actor=actor)),
    recovery=lambda actor: RecoverDiceTables(actor=actor),
    open_jogadas=lambda uow: sum(t.jogada is not None for t in registry.tables(uow)),
    void_jogada=_void_disputed,
    listing=listing, listing_events=LISTING_EVENTS,
    viewer_steps=viewer_steps,
    significant=SIGNIFICANT,
)
