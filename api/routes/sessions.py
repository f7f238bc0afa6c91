"""Game sessions: start, end, the end-of-session statement, a player's sessions, and the
time-based inactivity check.

A *sessão de jogo* is one player's access to one table or room (A61). The player decides when
it starts and ends (each game's rule on sessions); an operator ends it for a lost connection,
a suspension or a system reason, and the inactivity procedure (invitation, then warning, then
the end: rules-digest §1.3, A43) ends it by itself. Bets and wins are recorded by the games
inside their own commands; there is no route for them. Commands run in the threadpool (the
facade blocks on the writer); reads come from the session_statements projection once it holds
this process's writes.
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Depends, Query

from api.auth import Caller
from api.deps import AccountReader, LedgerDep, OperatorCaller, require_roles
from api.ledger_access import fresh_engine
from api.routes.players import existing_balance
from api.routes.responses import errors
from api.schemas import ErrorPublic
from api.session_schemas import (
    InactivitySweepPublic,
    SessionCreate,
    SessionEnd,
    SessionListPublic,
    SessionStatementPublic,
)
from domain.kernel.errors import ForbiddenError, NotFoundError
from domain.sessions.session import PLAYER
from infra.container import Ledger
from infra.services import sessions as sessions_service
from projections import session_queries

router = APIRouter(tags=["sessions"])

# Start and end a session: the player itself, or an operator.
SessionCaller = Annotated[Caller, Depends(require_roles("player", "operator"))]


def _session_errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    out = errors(*(s for s in statuses if s != 404))
    if 404 in statuses:
        out[404] = {"model": ErrorPublic, "description": "The session does not exist (not_found)"}
    return out


def _readable_statement(ledger: Ledger, session_id: UUID, caller: Caller) -> dict[str, Any]:
    found = session_queries.statement(fresh_engine(ledger), session_id)
    if found is None:
        raise NotFoundError(f"session {session_id} not found", field="session_id")
    if caller.role == "player" and found["player_id"] != str(caller.id):
        raise ForbiddenError("a player may only see its own game sessions", field="session_id")
    return found


@router.post("/sessions", status_code=201, response_model=SessionStatementPublic,
             responses=errors(401, 403, 404, 409, 422, 503))
def start_session(body: SessionCreate, ledger: LedgerDep, caller: SessionCaller) -> dict:
    """Start a game session at a table or room; answers its (empty) statement. One open session
    per player per venue: a second one is refused with 409, rule A61. The inactivity policy
    follows ``game`` (rules-digest §1.3)."""
    player_id = caller.player_acted_for(body.player_id)
    # The answer comes from the command (the new session's statement), not from the read
    # models: a committed start is never answered 503 projection_lag.
    return sessions_service.start_session_statement(ledger, player_id, body.venue_id,
                                                    body.game, caller.actor)


@router.post("/sessions/{session_id}/end", response_model=SessionStatementPublic,
             responses=_session_errors(401, 403, 404, 409, 422, 503))
def end_session(session_id: UUID, body: SessionEnd, ledger: LedgerDep,
                caller: SessionCaller) -> dict:
    """End a game session; answers the end-of-session statement (each game's rule on it).
    If the warned minute already ran out,
    the session ended for inactivity at that moment, whatever the reason asked (A43)."""
    if caller.role == "player" and body.reason != PLAYER:
        raise ForbiddenError(f"a player ends its session with reason {PLAYER}; {body.reason} "
                             "is for operators", field="reason")
    owner = caller.id if caller.role == "player" else None
    return sessions_service.end_session(ledger, session_id, body.reason, caller.actor,
                                        player_id=owner)


@router.get("/sessions/{session_id}", response_model=SessionStatementPublic,
            responses=_session_errors(401, 403, 404, 422, 503))
def read_session(session_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict:
    """Read a game session: its statement, running totals while it is open."""
    return _readable_statement(ledger, session_id, caller)


@router.get("/sessions/{session_id}/statement", response_model=SessionStatementPublic,
            responses=_session_errors(401, 403, 404, 422, 503))
def read_statement(session_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict:
    """Read the end-of-session statement: amounts wagered and won, the net result, jogadas,
    lines and prizes by category, start, end and end reason (903-B 6.3.6(2))."""
    return _readable_statement(ledger, session_id, caller)


@router.get("/players/{player_id}/sessions", response_model=SessionListPublic,
            responses=errors(401, 403, 404, 422, 503))
def list_player_sessions(
    player_id: UUID,
    ledger: LedgerDep,
    caller: AccountReader,
    limit: Annotated[int, Query(ge=1, le=session_queries.MAX_LIMIT)] = 100,
) -> dict:
    """List a player's game sessions with their statements, the most recent first."""
    caller.require_player_access(player_id)
    engine = fresh_engine(ledger)
    existing_balance(engine, player_id)
    rows = session_queries.sessions_of_player(engine, player_id, limit)
    return {"player_id": player_id, "data": rows, "count": len(rows)}


@router.post("/inactivity/sweep", response_model=InactivitySweepPublic, tags=["inactivity"],
             responses=errors(401, 403, 503))
def sweep_inactivity(ledger: LedgerDep, caller: OperatorCaller) -> dict:
    """Run the time-based inactivity check now, at the ledger's clock (individual tables:
    each game's rules in its sessions' policy; A43): invitations and
    warnings now due, and sessions whose warned minute ran out. The background sweeper
    (``LEDGER_INACTIVITY_SWEEP_INTERVAL``) does the same on a timer."""
    changed = sessions_service.sweep_inactivity(ledger)

    def having(what: str) -> list[str]:
        return [sid for sid, done in changed.items() if what in done]

    return {"invitations": having("invitation"), "warnings": having("warning"),
            "ended": having("ended")}
