"""Registrations the composition root (infra/container.py) needs from the game-side modules:
snapshot intervals of their long-lived aggregates, and the background services that run with
the ledger. Imported by infra/container.py; add a line here rather than editing the container."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain import bootstrap_key  # noqa: F401  its event's topic must resolve in every process
from domain.rulesets import RuleSet
from domain.bingo import rooms as bingo_rooms
from domain.bingo.room import BingoRoomRegistry
from domain.inactivity import BINGO, SEM_DESCARTE_INDIVIDUAL, SEM_DESCARTE_MULTI
from domain.semdescarte import seats as semdescarte_seats
from domain.session_commands import SessionSlot
from domain.uow import UnitOfWork
from domain.sessions import GameSession
from domain.semdescarte.registry import TableRegistry
from domain.semdescarte.table import SemDescarteTable
from infra.eventstore import register_snapshotting

if TYPE_CHECKING:
    from infra.container import Ledger

# Game sessions run for hours; a player's slot at a venue and a venue's rule set for years.
register_snapshotting(GameSession)
register_snapshotting(SessionSlot)
register_snapshotting(RuleSet)
# A table plays thousands of jogadas (issue 3: a command must not slow down with history).
register_snapshotting(SemDescarteTable)
register_snapshotting(TableRegistry)
# A bingo room snapshots itself between jogadas (BingoRoom.snapshot_after); its registry grows.
register_snapshotting(BingoRoomRegistry)

# Whether a player has a bet in a jogada still in play at the session's venue, by the session's
# game: a player may not end its session until that jogada has settled (end_session).
BET_IN_PLAY = {SEM_DESCARTE_INDIVIDUAL: semdescarte_seats.bet_in_play,
               SEM_DESCARTE_MULTI: semdescarte_seats.bet_in_play,
               BINGO: bingo_rooms.bet_in_play}


def bet_in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
    """Dispatches on the session's game (a module-level function: commands must pickle)."""
    check = BET_IN_PLAY.get(session.game)
    return None if check is None else check(uow, session)


# What a game does when a session at one of its venues ends, in the same transaction: sem
# descarte frees the player's seat (or at the end of the jogada it has a bet in, rule 2e),
# bingo drops the player from the room's members (rules 53–55).
SESSION_ENDED = {SEM_DESCARTE_INDIVIDUAL: semdescarte_seats.session_ended,
                 SEM_DESCARTE_MULTI: semdescarte_seats.session_ended,
                 BINGO: bingo_rooms.session_ended}


def session_ended(uow: UnitOfWork, session: GameSession, actor: str) -> None:
    """Dispatches on the session's game (module-level: commands must pickle)."""
    handler = SESSION_ENDED.get(session.game)
    if handler is not None:
        handler(uow, session, actor)


def start_services(ledger: "Ledger") -> None:
    """Called at the end of ``Ledger.start()``."""
    from infra.sessions_service import start_inactivity_sweeper

    start_inactivity_sweeper(ledger)
    from infra import bingo_service, semdescarte_service

    semdescarte_service.start(ledger)
    bingo_service.start(ledger)


def stop_services(ledger: "Ledger") -> None:
    """Called at the start of ``Ledger.close()``, before the writer stops."""
    from infra.sessions_service import stop_inactivity_sweeper

    from infra import bingo_service, semdescarte_service

    bingo_service.stop(ledger)
    semdescarte_service.stop(ledger)
    stop_inactivity_sweeper(ledger)
