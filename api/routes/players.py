"""Players: registration, balance and account activity."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Query

from api.deps import AccountReader, LedgerDep, OperatorCaller
from api.reads import fresh_engine
from api.routes.responses import errors
from api.schemas import (ActivityPublic, BalancePublic, LogPosition, PlayerCreate, PlayerCreated,
                         QueryInstant)
from domain.errors import NotFoundError
from projections import queries

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
