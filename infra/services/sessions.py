"""Game sessions for the API, the CLI and the tests: each function takes the ``Ledger``
(infra/container.py) and runs a command of domain/sessions/commands.py through its writer.

``sweep_inactivity`` checks the time-based thresholds of every open session against the
ledger's clock (rules-digest §1.3, A43); a ``Periodic`` job (infra/runtime/periodic.py) calls it every
``settings.inactivity_sweep_interval`` seconds (0 = off) from a background thread, which
``Ledger.start()`` starts.

Commands go to the writer as values (domain/core_commands.py): the writer may run in a
process of its own.
"""

from __future__ import annotations

from typing import Any, Protocol
from uuid import UUID

import structlog
from eventsourcing.application import AggregateNotFoundError

from domain import core_commands as core
from domain.kernel.actors import system_actor
from domain.kernel.errors import NotFoundError
from domain.sessions.inactivity import TIME, InactivityPolicy
from domain.sessions.session import GameSession
from infra.ports import Background, Commands, ReadModels, Store
from infra.runtime.periodic import Periodic
from projections import session_queries


class Uses(Store, ReadModels, Commands, Background, Protocol):
    """What this module uses of the application (infra/ports.py)."""


log = structlog.get_logger("ledger.sessions")
SWEEP_ACTOR = system_actor("inactivity")
SWEEP_CHUNK = 500  # sessions per writer command


def time_kinds(ledger: "Uses") -> tuple[str, ...]:
    """The session kinds with a time-based policy: the regulation's and the games' own."""
    return tuple(kind for kind in ledger.games.kinds() if ledger.games.policy(kind).basis == TIME)


def start_session(ledger: "Uses", player_id: UUID | str, venue_id: str, game: str, actor: str,
                  *, policy: InactivityPolicy | None = None,
                  player_session_id: str | None = None) -> UUID:
    return ledger.run(core.StartSession(
        player_id=str(player_id), venue_id=venue_id, game=game, actor=actor, policy=policy,
        player_session_id=player_session_id))


def start_session_statement(ledger: "Uses", player_id: UUID | str, venue_id: str, game: str,
                            actor: str) -> dict[str, Any]:
    """Starts a session and returns its (empty) statement, from the command itself."""
    return ledger.run(core.StartSession(player_id=str(player_id), venue_id=venue_id,
                                        game=game, actor=actor, statement=True))


def end_session(ledger: "Uses", session_id: UUID | str, reason: str, actor: str, *,
                player_id: UUID | str | None = None) -> dict[str, Any]:
    """Returns the end-of-session statement. ``player_id``: refused unless the session is
    this player's (a player ends only its own)."""
    return ledger.run(core.EndSession(
        session_id=str(session_id), reason=reason, actor=actor,
        player_id=None if player_id is None else str(player_id)))


def record_bet(ledger: "Uses", session_id: UUID | str, jogada_id: str, amount_cents: int,
               actor: str) -> dict[str, Any]:
    return ledger.run(core.RecordBet(session_id=str(session_id), jogada_id=jogada_id,
                                     amount_cents=amount_cents, actor=actor))


def record_win(ledger: "Uses", session_id: UUID | str, jogada_id: str, amount_cents: int,
               category: str, actor: str) -> dict[str, Any]:
    return ledger.run(core.RecordWin(session_id=str(session_id), jogada_id=jogada_id,
                                     amount_cents=amount_cents, category=category, actor=actor))


def record_statement_line(ledger: "Uses", session_id: UUID | str, category: str, label: str,
                          count: int, amount_cents: int, actor: str) -> dict[str, Any]:
    return ledger.run(core.RecordStatementLine(
        session_id=str(session_id), category=category, label=label, count=count,
        amount_cents=amount_cents, actor=actor))


def record_jogada_without_bet(ledger: "Uses", session_id: UUID | str, jogada_id: str,
                              actor: str) -> list[str]:
    return ledger.run(core.RecordJogadaWithoutBet(session_id=str(session_id),
                                                  jogada_id=jogada_id, actor=actor))


def statement(ledger: "Uses", session_id: UUID | str) -> dict[str, Any]:
    """The statement from the session's own events (authoritative; the projection's
    ``session_queries.statement`` is the same, once it caught up)."""
    try:
        sid = session_id if isinstance(session_id, UUID) else UUID(str(session_id))
        session = ledger.app.repository.get(sid)
    except (ValueError, AggregateNotFoundError):
        session = None
    if not isinstance(session, GameSession):
        raise NotFoundError(f"session {session_id} not found", field="session_id")
    return session.statement()


def open_time_based_sessions(ledger: "Uses") -> list[str]:
    """Ids of the open sessions with a time-based policy, from the session_statements
    projection, once it has applied everything this process wrote."""
    runner = ledger.projections
    if runner is None:
        raise RuntimeError("the inactivity sweep reads the session_statements projection;"
                           " build the ledger with projections")
    runner.wait(ledger.writer.last_position)
    return [row["session_id"] for row in session_queries.open_sessions(runner.engine, time_kinds(ledger))]


def sweep_inactivity(ledger: "Uses") -> dict[str, list[str]]:
    """Invitations, warnings and ends now due (at ``ledger.clock.now()``): {session id: what
    happened} for the sessions that changed."""
    ids = open_time_based_sessions(ledger)
    changed: dict[str, list[str]] = {}
    for start in range(0, len(ids), SWEEP_CHUNK):
        chunk = ids[start:start + SWEEP_CHUNK]
        changed.update(ledger.run(core.SweepInactivity(session_ids=[str(i) for i in chunk],
                                                       actor=SWEEP_ACTOR)))
    if changed:
        log.info("inactivity_sweep", changed=len(changed))
    return changed


def start_inactivity_sweeper(ledger: "Uses") -> Periodic | None:
    """Started by ``Ledger.start()`` when the interval is > 0 and projections run."""
    interval = float(ledger.settings.inactivity_sweep_interval)
    if interval <= 0 or ledger.projections is None or "inactivity_sweeper" in ledger.extras:
        return ledger.extras.get("inactivity_sweeper")
    sweeper = Periodic("ledger-inactivity", interval, lambda: sweep_inactivity(ledger))
    ledger.extras["inactivity_sweeper"] = sweeper
    sweeper.start()
    return sweeper


def stop_inactivity_sweeper(ledger: "Uses") -> None:
    sweeper = ledger.extras.pop("inactivity_sweeper", None)
    if sweeper is not None:
        sweeper.stop()
