"""Blackjack: the table's clock, a ``tick`` command run by the sweeper (or an operator) for
the tables whose deadline has passed (``due``).

- A multi-player table: the betting window over, "jogo feito" and the deal (r12); the offers'
  decision time over, the offers still open are declined (A55); a turn's decision time over,
  the hand is played by the default (A55: hit while 11 or less, then stand), each step logged
  (``DecisionTimedOut``, 903-B 6.3.6(7)).
- An individual table waits for its player (r13; A55: the hand is kept open and presented on
  reconnection) up to 90 days after the jogada opened; then the clock completes it by the same
  default play (903-B 6.3.2): dealt if the player never dealt, the offers declined, every hand
  played, the banca plays and the jogada settles.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from domain.games.blackjack import play
from domain.games.blackjack.betting import deal
from domain.games.blackjack.registry import REGISTRY_ID, TableRegistry
from domain.games.blackjack.rule_book import a_rule
from domain.games.blackjack.seats import get_table
from domain.games.blackjack.table import BETTING, OFFERS, PLAY, BlackjackTable
from domain.kernel.rules import T903B, cite
from domain.kernel.uow import UnitOfWork

WAIT_DAYS = 90  # 903-B 6.3.2: an incomplete game is completed within 90 days
DAY_90_RULE = cite(T903B, "6.3.2") + ", " + a_rule(55)
TIMEOUT_RULE = a_rule(55)


def deadline(table: BlackjackTable) -> datetime | None:
    """When the open jogada has something due, or None."""
    jogada = table.jogada
    if jogada is None:
        return None
    if table.individual:
        return jogada["opened_at"] + timedelta(days=WAIT_DAYS)
    if jogada["status"] == BETTING:
        return jogada["betting_closes_at"]
    return jogada["decision_deadline"]


def tick(uow: UnitOfWork, *, table_id: UUID | str, actor: str, seed: bytes | None = None,
         certification_mode: bool = False) -> list[str]:
    """Returns what it did."""
    table = get_table(uow, table_id)
    due_at = deadline(table)
    if due_at is None or uow.at <= due_at:
        return []
    if table.individual:
        return _complete(uow, table, seed, certification_mode, actor)
    jogada = table.jogada
    if jogada["status"] == BETTING:
        deal(uow, table_id=table.id, player_id=None, actor=actor, seed=seed,
             certification_mode=certification_mode)
        return ["dealt"]
    if jogada["status"] == OFFERS:
        for seat in table.pending_offers():
            play.decline_default(uow, table, seat, TIMEOUT_RULE, actor)
        play.advance(uow, table, actor)
        return ["offers_timed_out"]
    if jogada["status"] == PLAY and jogada["turn"] is not None:
        turn = jogada["turn"]
        play.play_default(uow, table, turn["seat"], turn["hand"], TIMEOUT_RULE, "timeout",
                          actor)
        play.advance(uow, table, actor)
        return ["timed_out"]
    return []


def _complete(uow: UnitOfWork, table: BlackjackTable, seed: bytes | None,
              certification_mode: bool, actor: str) -> list[str]:
    """903-B 6.3.2, A55: an individual jogada still open at day 90, completed."""
    done: list[str] = []
    jid = table.jogada["jogada_id"]
    if table.jogada["status"] == BETTING:
        bettor = next(iter(table.jogada["bets"].values()))["player_id"]
        deal(uow, table_id=table.id, player_id=bettor, actor=actor, seed=seed,
             certification_mode=certification_mode)
        done.append("dealt")
    while table.jogada is not None and table.jogada["jogada_id"] == jid:
        jogada = table.jogada
        if jogada["status"] == OFFERS:
            for seat in table.pending_offers():
                play.decline_default(uow, table, seat, DAY_90_RULE, actor)
        elif jogada["status"] == PLAY and jogada["turn"] is not None:
            turn = jogada["turn"]
            play.play_default(uow, table, turn["seat"], turn["hand"], DAY_90_RULE, "day_90",
                              actor)
        else:
            break
        play.advance(uow, table, actor)
    return [*done, "completed_day_90"]


def due(uow: UnitOfWork) -> list[str]:
    """The tables whose clock has something to do at ``uow.at``. A query: records nothing."""
    registry = uow.find(REGISTRY_ID, TableRegistry)
    out: list[str] = []
    for table_id in [] if registry is None else registry.table_ids:
        table: Any = uow.find(UUID(table_id), BlackjackTable)
        due_at = None if table is None else deadline(table)
        if due_at is not None and uow.at > due_at:
            out.append(table_id)
    return out
