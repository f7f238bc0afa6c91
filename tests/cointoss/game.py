"""A coin toss: the smallest game with a bet, a draw and a settlement, defined only under
tests/ and plugged in through the registry (``LEDGER_GAMES=tests.cointoss.game`` or
``Settings(games=...)``). It shows what the Game seam (domain/kernel/game.py) gives a game for free:
its routes, its clock, crash recovery, session statements, the generic jogada, replay and
adjudication routes, and a player's jogada listing.

Its package has the shape of every game (domain/kernel/shape.py): commands.py, config.py,
table.py, registry.py, play.py, clock.py, faults.py, views.py, replay.py, adjudication.py,
listing.py, significant.py, viewer.py and its routes, routes.py.

Rules of the toss: a player with an open session at the table bets ``stake_cents`` on heads or
tails (one bet per player and jogada); the first bet opens the jogada; ``toss_after`` seconds
after it opened the table's clock tosses (or an operator does, POST .../toss): the side is the
low bit of SHA-256(seed), the seed drawn outside the command; a right call is paid 1:1 (the
stake back and as much from the house), a wrong one loses the stake to the house.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.game import Game, GameClock, venue_aggregate_kinds
from domain.sessions.inactivity import TIME, InactivityPolicy
from domain.sessions.session import GameSession
from tests.cointoss import faults
from tests.cointoss.adjudication import adjudicate
from tests.cointoss.commands import COMMANDS, DueCoinTables, RecoverCoinTables, Toss
from tests.cointoss.config import FIELDS, check_settings
from tests.cointoss.listing import LISTING_EVENTS, listing
from tests.cointoss.play import NAME, get_table
from tests.cointoss.registry import REGISTRY_ID, CoinRegistry
from tests.cointoss.replay import player_copy, player_jogada, replay
from tests.cointoss.significant import SIGNIFICANT
from tests.cointoss.table import CoinTable
from tests.cointoss.viewer import viewer_steps
from tests.cointoss.views import KIND
from tests.cointoss.rule_book import RULE_BOOK


def bet_in_play(uow: Any, session: GameSession) -> tuple[str, str] | None:
    table = uow.find(UUID(session.venue_id.partition(":")[2]), CoinTable)
    jogada = None if table is None else table.jogada
    if jogada is not None and session.player_id in jogada["bets"]:
        return jogada["jogada_id"], "coin toss: the toss settles every bet"
    return None


def _open_jogadas(uow: Any) -> int:
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    tables = [uow.find(UUID(t), CoinTable) for t in ([] if registry is None else
                                                       registry.table_ids)]
    return sum(1 for t in tables if t is not None and t.jogada is not None)


def _void_disputed(uow: Any, table_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy: the open jogada void, every stake back."""
    table = get_table(uow, table_id)
    if table.jogada is None or table.jogada["jogada_id"] != jogada_id:
        from domain.kernel.errors import ConflictError

        raise ConflictError(f"jogada {jogada_id} is not the one open at the table",
                            field="jogada_id")
    return {"jogada_id": faults.void_jogada(uow, table, reason, actor), "voided": True}


GAME = Game(
    rule_book=RULE_BOOK,
    name=NAME, title="coin toss", regulation="tests only", venue_noun="table",
    session_kinds=(KIND,),
    policies={KIND: InactivityPolicy(kind=KIND, basis=TIME, invite_after=180, end_after=60,
                                     rule="coin toss (tests)")},
    commands=COMMANDS,
    venue_type=CoinTable, event_marker=".CoinTable.",
    ended_topics=(".CoinTable.CoinTossed", ".CoinTable.JogadaVoided"),
    package=__name__.rpartition(".")[0],  # its routes: tests/cointoss/routes.py
    bet_in_play=bet_in_play,
    session_ended=lambda uow, session, actor: None,
    replay=replay, adjudicate=adjudicate, check_settings=check_settings,
    settings_fields=frozenset(FIELDS),
    viewer_steps=viewer_steps,
    stake_reason="coin_bet",
    player_jogada=player_jogada,
    player_copy=player_copy,
    snapshotted=(CoinRegistry,),
    clock=GameClock(interval=0.05, due=DueCoinTables(),
                    tick=lambda table_id, actor: Toss(table_id=table_id, actor=actor)),
    recovery=lambda actor: RecoverCoinTables(actor=actor),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,
    listing=listing,
    listing_events=LISTING_EVENTS,
    significant=SIGNIFICANT,
    venue_kinds=venue_aggregate_kinds(CoinTable, (KIND,)),  # a session at a table that exists
)
