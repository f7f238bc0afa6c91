"""Players: registration, the listing, API keys, balance and account activity."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Query, Request

from api.deps import (
    AccountReader,
    LedgerDep,
    OperatorCaller,
    PlayerOrOperator,
    Reviewer,
)
from api.ledger_access import fresh_engine
from api.principal_schemas import (
    NameFilter,
    PageCursor,
    PageLimit,
    PlayerKeyRevoked,
    PlayerKeyRotated,
    PlayerList,
    checked_name,
    listed,
)
from api.routes.responses import errors
from api.schemas import (
    ActivityPublic,
    BalancePublic,
    LogPosition,
    PlayerCreate,
    PlayerCreated,
    QueryInstant,
)
from domain.access.principals import ACTIVE, REVOKED
from domain.kernel.errors import NotFoundError
from projections import queries
from projections.principals import list_principals

router = APIRouter(prefix="/players", tags=["players"])


def existing_balance(engine, player_id: UUID) -> dict:
    row = queries.balance(engine, player_id)
    if row is None:
        raise NotFoundError(f"player {player_id} not found", field="player_id")
    return row


@router.post("", status_code=201, response_model=PlayerCreated,
             responses=errors(401, 403, 422, 503))
def create_player(body: PlayerCreate, ledger: LedgerDep, caller: OperatorCaller) -> dict:
    """Register a player and open its wallet (903-B 5.2.2(1)). The API key is shown only here."""
    player_id, api_key = ledger.register_player(display_name=body.display_name,
                                                actor=caller.actor)
    return {"player_id": player_id, "api_key": api_key}


@router.get("", response_model=PlayerList, responses=errors(401, 403, 422, 503))
def list_players(ledger: LedgerDep, caller: Reviewer, name: NameFilter = None,
                 limit: PageLimit = 100, cursor: PageCursor = None) -> dict:
    """List players in registration order (then id), optionally those whose display name
    contains ``name`` (case-insensitive), ``limit`` at a time; page on with ``cursor``."""
    items, next_cursor = list_principals(fresh_engine(ledger), roles=("player",),
                                         name=checked_name(name), limit=limit, cursor=cursor)
    data = [listed(item, "player") for item in items]
    return {"data": data, "count": len(data), "next_cursor": next_cursor}


@router.post("/{player_id}/api-key", status_code=201, response_model=PlayerKeyRotated,
             responses=errors(401, 403, 404, 422, 503))
def rotate_player_key(player_id: UUID, request: Request, ledger: LedgerDep,
                      caller: PlayerOrOperator) -> dict:
    """Give the player a new API key (shown only in this answer); the old one stops working at
    once. An operator, or the player itself (903-B 7.4.3(2): a key handed out by someone else
    is replaced by its holder; 5.2.3(1)-(2): through authorised staff, and recorded). A player
    whose key was revoked can no longer call this: an operator rotates it."""
    caller.require_player_access(player_id)
    _, api_key = ledger.rotate_api_key(player_id, kind="player", actor=caller.actor)
    request.app.state.principal_cache.invalidate([player_id])
    return {"player_id": player_id, "api_key": api_key, "key_status": ACTIVE}


@router.post("/{player_id}/api-key/revocation", response_model=PlayerKeyRevoked,
             responses=errors(401, 403, 404, 409, 422, 503))
def revoke_player_key(player_id: UUID, request: Request, ledger: LedgerDep,
                      caller: OperatorCaller) -> dict:
    """Revoke the player's API key (operator): it stops working at once, until an operator
    rotates it (903-B 7.2.2). Recorded as ``ApiKeyRevoked`` naming the operator (5.2.2(7)).
    409 ``api_key_already_revoked`` if it is."""
    at = ledger.revoke_api_key(player_id, kind="player", actor=caller.actor)
    request.app.state.principal_cache.invalidate([player_id])
    return {"player_id": player_id, "key_status": REVOKED, "revoked_at": at}


@router.get("/{player_id}/balance", response_model=BalancePublic,
            responses=errors(401, 403, 404, 422, 503))
def read_balance(player_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict:
    """Read a player's balance: available, held by open jogadas, and their sum."""
    caller.require_player_access(player_id)
    return existing_balance(fresh_engine(ledger), player_id)


@router.get("/{player_id}/activity", response_model=ActivityPublic,
            responses=errors(401, 403, 404, 422, 503))
def read_activity(
    player_id: UUID,
    ledger: LedgerDep,
    caller: AccountReader,
    since: Annotated[QueryInstant | None, Query(description="From this time (ISO 8601; UTC if no offset)")] = None,
    until: Annotated[QueryInstant | None, Query(description="Before this time")] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    before_id: Annotated[LogPosition | None, Query(ge=1, description="Page back: next_before_id")] = None,
) -> dict:
    """List a player's account activity, newest first: deposits, withdrawals, bets, prizes,
    refunds and refused attempts, over the whole history (903-B 5.2.2(9): ≥ 90 days online)."""
    caller.require_player_access(player_id)
    engine = fresh_engine(ledger)
    existing_balance(engine, player_id)
    items = queries.account_activity(engine, player_id, since=since,
                                     until=until, limit=limit, before_id=before_id)
    next_before = items[-1]["notification_id"] if len(items) == limit else None
    return {"player_id": player_id, "data": items, "count": len(items),
            "next_before_id": next_before}
