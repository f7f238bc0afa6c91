"""Game-session commands: ``handler(uow, **kw)``, guards before any event (domain/kernel/uow.py).

Game handlers call these inside their own unit of work, so that a bet's money events and the
session's events share one transaction; they call ``GameSession.check_accepting(uow.at)`` (or
``find_open_session``) before they trigger anything of their own.

One open session per player per venue (a *sessão de jogo* is one player's access to one
table or room, A61): a small stream per (player, venue), ``SessionSlot``, names the session
that last opened there. Two processes starting a session for the same pair both write the
slot, so the event store's optimistic concurrency lets only one win.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.access.principals import Principal
from domain.kernel.actors import check_actor
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
)
from domain.kernel.rules import A, cite
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.sessions.inactivity import InactivityPolicy
from domain.sessions.session import PLAYER, GameSession

_NS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/session-slots")


def venue_target(prefix: str, venue_id: str) -> UUID | None:
    """The table or room a game's venue id ("<prefix><uuid>") names; None if it names none (a
    session starts only at a venue that exists: core_commands.StartSession asks the venue's
    game, ``Games.require_venue``)."""
    if not venue_id.startswith(prefix):
        return None
    try:
        return UUID(venue_id[len(prefix):])
    except ValueError:
        return None


def slot_id(player_id: UUID | str, venue_id: str) -> UUID:
    return uuid5(_NS, f"{player_id}\x1f{venue_id}")


class SessionSlot(LedgerAggregate):
    """Which game session of a player is (or was last) open at a venue."""

    @event("Created", topic="ledger.SessionSlot.Created")
    def __init__(self, player_id: str, venue_id: str, actor: str, at: datetime) -> None:
        self.player_id = player_id
        self.venue_id = venue_id
        self.session_id: str | None = None

    @staticmethod
    def create_id(player_id: str, venue_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return slot_id(player_id, venue_id)

    @event("SessionOpened", topic="ledger.SessionSlot.SessionOpened")
    def _session_opened(self, session_id: str, actor: str, at: datetime) -> None:
        self.session_id = session_id


def find_open_session(uow: UnitOfWork, player_id: UUID | str, venue_id: str) -> GameSession | None:
    """The player's open session at the venue, if any (ended or not yet swept: still open)."""
    slot = uow.find(slot_id(check_uuid(player_id, "player_id"), venue_id), SessionSlot)
    if slot is None or slot.session_id is None:
        return None
    session = uow.find(UUID(slot.session_id), GameSession)
    return session if session is not None and not session.ended else None


def get_session(uow: UnitOfWork, session_id: UUID | str) -> GameSession:
    sid = check_uuid(session_id, "session_id")
    session = uow.find(sid, GameSession)
    if session is None:
        raise NotFoundError(f"session {sid} not found", field="session_id")
    return session


# What the venue's game does when a session ends (free the player's seat or membership), in
# the same transaction: infra/registrations.session_ended, passed by the service.
SessionEnded = Callable[[UnitOfWork, GameSession, str], Any]


def start_session(uow: UnitOfWork, *, player_id: UUID | str, venue_id: str, game: str,
                  actor: str, policy: InactivityPolicy | None = None,
                  player_session_id: str | None = None,
                  on_end: SessionEnded | None = None) -> UUID:
    """The player starts a session at a table or room (each game's rule on sessions).
    ``game`` is a session kind (game and table kind: ``Game.session_kinds``);
    ``policy``: that kind's inactivity policy as the registry gives it (``Games.policy_for``,
    required). A second open session at the same venue is refused.
    The session's id is a new uuid4 (the library's default, as for principals)."""
    return _open_session(uow, player_id=player_id, venue_id=venue_id, game=game, actor=actor,
                         policy=policy, player_session_id=player_session_id, on_end=on_end).id


def start_session_statement(uow: UnitOfWork, *, player_id: UUID | str, venue_id: str,
                            game: str, actor: str, policy: InactivityPolicy | None = None,
                            player_session_id: str | None = None,
                            on_end: SessionEnded | None = None) -> dict[str, Any]:
    """``start_session``, answering the new session's (empty) statement: POST /sessions
    answers from the command, not from the read models, so a committed start is never answered
    503 ``projection_lag`` (a retry would then meet the open session, 409 A61)."""
    return _open_session(uow, player_id=player_id, venue_id=venue_id, game=game, actor=actor,
                         policy=policy, player_session_id=player_session_id,
                         on_end=on_end).statement()


def _open_session(uow: UnitOfWork, *, player_id: UUID | str, venue_id: str, game: str,
                  actor: str, policy: InactivityPolicy | None,
                  player_session_id: str | None, on_end: SessionEnded | None) -> GameSession:
    check_actor(actor)
    pid = check_uuid(player_id, "player_id")
    check_text(venue_id, "venue_id")
    if policy is None:  # the kind's, as the registry checked it (core_commands.StartSession)
        raise InvalidInputError(f"game {game}: no inactivity policy given", field="policy")
    if policy.kind != game:
        raise InvalidInputError(f"the policy is for {policy.kind}, not {game}", field="policy")
    if player_session_id is not None:
        check_text(player_session_id, "player_session_id")
    player = uow.find(pid, Principal)
    if player is None:
        raise NotFoundError(f"player {pid} not found", field="player_id")
    if player.role != "player":
        raise InvalidInputError(f"{pid} is not a player", field="player_id")
    slot = uow.find(slot_id(pid, venue_id), SessionSlot)
    current = None
    if slot is not None and slot.session_id is not None:
        current = uow.find(UUID(slot.session_id), GameSession)
        if current is not None and not current.ended and not current.inactivity_end_due(uow.at):
            raise ConflictError(
                f"player {pid} already has an open game session at {venue_id}",
                field="venue_id", rule=cite(A, 61), details={"session_id": slot.session_id})
    # Guards done. A session whose warned minute ran out ends now, at that moment (A43).
    if current is not None and not current.ended:
        current.end("inactivity", actor=actor, at=uow.at)
        _ended(uow, current, actor, on_end)
    session = GameSession(player_id=str(pid), venue_id=venue_id, game=game,
                          policy=policy.to_dict(), player_session_id=player_session_id,
                          actor=actor, at=uow.at)
    uow.add(session)
    if slot is None:
        slot = SessionSlot(player_id=str(pid), venue_id=venue_id, actor=actor, at=uow.at)
        uow.add(slot)
    slot._session_opened(session_id=str(session.id), actor=actor, at=uow.at)
    return session


# (jogada id, rule) of a jogada in play with a bet of the session's player at its venue, or None.
BetInPlay = Callable[[UnitOfWork, GameSession], "tuple[str, str] | None"]


def _ended(uow: UnitOfWork, session: GameSession, actor: str,
           on_end: SessionEnded | None) -> None:
    """The session just ended: its game frees the player's seat or membership at the venue
    (the game's rules on sessions: ``Game.session_ended``), in the same transaction."""
    if on_end is not None:
        on_end(uow, session, actor)


def end_session(uow: UnitOfWork, *, session_id: UUID | str, reason: str,
                actor: str, player_id: UUID | str | None = None,
                bet_in_play: BetInPlay | None = None,
                on_end: SessionEnded | None = None) -> dict[str, Any]:
    """Ends the session; returns its statement (the end-of-session information).
    ``player_id``: the session must be this player's (a player ends only its own).

    The player ends its session between jogadas: with a bet in a jogada still in play
    (``bet_in_play``, from the venue's game) it is refused, so the statement it gets covers
    every jogada it bet in (the game's rule on it). An operator's end (a lost connection,
    a suspension, the system) is not refused: that jogada goes on by the game's interruption
    rules and still settles onto this session (GameSession.in_play)."""
    check_actor(actor)
    session = get_session(uow, session_id)
    if player_id is not None and session.player_id != str(check_uuid(player_id, "player_id")):
        raise ForbiddenError("a player may only end its own game session", field="session_id")
    if reason == PLAYER and not session.ended and bet_in_play is not None:
        in_play = bet_in_play(uow, session)
        if in_play is not None:
            jogada_id, rule = in_play
            raise ConflictError(f"jogada {jogada_id} is in play with a bet of this player: the"
                                " session can end once it has settled", field="session_id",
                                rule=rule)
    session.end(reason, actor=actor, at=uow.at)
    _ended(uow, session, actor, on_end)
    return session.statement()


def record_bet(uow: UnitOfWork, *, session_id: UUID | str, jogada_id: str, amount_cents: int,
               actor: str) -> dict[str, Any]:
    check_actor(actor)
    session = get_session(uow, session_id)
    session.record_bet(jogada_id, amount_cents, actor=actor, at=uow.at)
    return session.statement()


def record_win(uow: UnitOfWork, *, session_id: UUID | str, jogada_id: str, amount_cents: int,
               category: str, actor: str) -> dict[str, Any]:
    check_actor(actor)
    session = get_session(uow, session_id)
    session.record_win(jogada_id, amount_cents, category, actor=actor, at=uow.at)
    return session.statement()


def record_game_win(uow: UnitOfWork, session_id: UUID | str, jogada_id: str, amount_cents: int,
                    category: str, actor: str) -> None:
    """A game's payment of a jogada (a prize, a refund) onto the session it was bet from, so
    that the statement matches the money (the games' rules on the statement): also
    when that session ended while the jogada was in play (``GameSession.takes``); nothing for
    0 cents."""
    if amount_cents <= 0:
        return
    session = uow.find(check_uuid(session_id, "session_id"), GameSession)
    if session is not None and session.takes(jogada_id, uow.at):
        session.record_win(jogada_id, amount_cents, category, actor=actor, at=uow.at)


def record_statement_line(uow: UnitOfWork, *, session_id: UUID | str, category: str, label: str,
                          count: int, amount_cents: int, actor: str) -> dict[str, Any]:
    check_actor(actor)
    session = get_session(uow, session_id)
    session.add_statement_line(category, label, count, amount_cents, actor=actor, at=uow.at)
    return session.statement()


def record_jogada_without_bet(uow: UnitOfWork, *, session_id: UUID | str, jogada_id: str,
                              actor: str, on_end: SessionEnded | None = None) -> list[str]:
    """Returns what the inactivity procedure did: [], ["invitation", "warning"], ["ended"]."""
    check_actor(actor)
    session = get_session(uow, session_id)
    done = session.record_jogada_without_bet(jogada_id, actor=actor, at=uow.at)
    if "ended" in done:
        _ended(uow, session, actor, on_end)
    return done


def sweep_inactivity(uow: UnitOfWork, *, session_ids: list[UUID | str],
                     actor: str = "system:inactivity",
                     on_end: SessionEnded | None = None) -> dict[str, list[str]]:
    """Time-based thresholds, checked at ``uow.at``: {session id: what happened} for the
    sessions that changed. Unknown, ended and jogada-count sessions are skipped."""
    check_actor(actor)
    changed: dict[str, list[str]] = {}
    for session_id in session_ids:
        session = uow.find(UUID(str(session_id)), GameSession)
        if session is None or session.ended:
            continue
        done = session.check_inactivity(uow.at, actor=actor)
        if "ended" in done:
            _ended(uow, session, actor, on_end)
        if done:
            changed[str(session.id)] = done
    return changed
