"""Versioned rule sets per venue (table or room): 903-B 6.1.5(2)(3). The rules cannot change
during a game; each jogada runs under the version in force when it STARTS. Versions are
published, numbered and never edited; a new one takes effect at ``effective_from`` (never in
the past, always after the last one) and applies only to jogadas starting from then.

The rule set is one aggregate per venue, read through the writer (there is no projection of
it): the answer is the recorded state, never stale.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Query

from api.auth import Caller
from api.deps import LedgerDep, OperatorCaller, require_roles
from api.routes.responses import errors
from api.schemas import ErrorPublic, QueryInstant, text_param, whole_numbers
from api.session_schemas import (
    RuleSetCreate,
    RuleSetInForcePublic,
    RuleSetVersionCreated,
    RuleSetVersionsPublic,
)
from domain.kernel.text import MAX_ID_LENGTH
from infra.services import rulesets as rulesets_service

router = APIRouter(prefix="/venues/{venue_id}/rulesets", tags=["rulesets"])

StaffReader = Annotated[
    Caller, Depends(require_roles("operator", "auditor", "complaint_handler"))]
VenuePath = Annotated[str, Path(**text_param(MAX_ID_LENGTH, description="The table or room"))]
_CONFLICT = {409: {"model": ErrorPublic, "description": (
    "Refused by a rule (rule_violation): effective_from in the past, or not later than the "
    "last version's (903-B 6.1.5(2)); settings that change what the venue is (a table's kind, "
    "a room's variant: its game's rule on its venues), or that break one of the game's rules "
    "on combinations; settings_of_another_game, field "
    "settings: another game's configuration (a room's at a table, a table's at a room; "
    "903-B 6.1.5(2) and the venue's game's rule on its venues)")}}
_NO_GAME = {404: {"model": ErrorPublic, "description": (
    "The venue id names no existing table or room of a game (`<game>:<table_id>`, "
    "`<game>:<room_id>`): not_found, field venue_id")}}
_UNREADABLE = {400: {"model": ErrorPublic, "description": (
    "The body could not be read as JSON (not UTF-8, or an integer of more than 4300 digits): "
    "http_400")}}
_NONE_IN_FORCE = {404: {"model": ErrorPublic, "description": (
    "No version in force at that time, or none published (not_found, 903-B 6.1.5(3))")}}


@router.post("", status_code=201, response_model=RuleSetVersionCreated,
             responses={**_UNREADABLE, **errors(401, 403, 422, 503), **_NO_GAME, **_CONFLICT})
def publish_version(venue_id: VenuePath, body: RuleSetCreate, ledger: LedgerDep,
                    caller: OperatorCaller) -> dict[str, Any]:
    """Publish a new version of the venue's settings, in force from ``effective_from``
    (default: now): a configuration of the venue's game, checked by that game's rules (422
    or 409 naming the field ``settings.<name>`` and the rule); another game's configuration is
    a 409 naming the venue's game (``settings_of_another_game``). A change of game parameters
    is a significant event (903-B 6.3.6(6)(7)): the event names the operator."""
    # The settings reach the domain as sent (VenueSettings skips pydantic): 147.0 is read as
    # 147 here, as WholeInt reads it in every other body (issue 24).
    return rulesets_service.publish_settings(ledger, venue_id, whole_numbers(body.settings),
                                             caller.actor, effective_from=body.effective_from)


@router.get("", response_model=RuleSetVersionsPublic, responses=errors(401, 403, 422, 503))
def list_versions(venue_id: VenuePath, ledger: LedgerDep,
                  caller: StaffReader) -> dict[str, Any]:
    """List every version of the venue's rule set, oldest first (none yet: an empty list)."""
    versions = rulesets_service.versions(ledger, venue_id)
    return {"venue_id": venue_id, "data": versions, "count": len(versions)}


@router.get("/in-force", response_model=RuleSetInForcePublic,
            responses={**errors(401, 403, 422, 503), **_NONE_IN_FORCE})
def read_version_in_force(
    venue_id: VenuePath,
    ledger: LedgerDep,
    caller: StaffReader,
    at: Annotated[QueryInstant | None, Query(
        description="A jogada's start (ISO 8601; UTC if no offset). Default: now")] = None,
) -> dict[str, Any]:
    """Read the version a jogada starting at ``at`` runs under, to its end (903-B 6.1.5(3))."""
    return rulesets_service.version_in_force(ledger, venue_id, at)
