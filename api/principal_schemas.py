"""Request and response models of the principals' routes: listings of players and staff, API
key rotation and revocation, the bootstrap key (api/routes/players.py, staff.py, bootstrap.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal
from uuid import UUID

from fastapi import Query
from pydantic import BaseModel, Field

from api.schemas import RequestModel, StaffRole, Text
from domain.access.principals import ACTIVE, MAX_REASON_LENGTH, REVOKED
from domain.kernel.text import TEXT_PATTERN, check_text
from projections.principals import CURSOR_PATTERN

MAX_PAGE = 500
KeyStatus = Literal[ACTIVE, REVOKED]  # type: ignore[valid-type]
RoleReason = Text(MAX_REASON_LENGTH, examples=["moved to the audit team"])

# Query parameters of the listings (a bad value is a 422 naming the parameter).
NameFilter = Annotated[str | None, Query(
    min_length=1, max_length=200, pattern=TEXT_PATTERN,
    description="Only names containing this text, case-insensitively")]
PageLimit = Annotated[int, Query(ge=1, le=MAX_PAGE, description=f"At most {MAX_PAGE}")]
PageCursor = Annotated[str | None, Query(
    pattern=CURSOR_PATTERN, description="The next page: next_cursor of the previous one")]


def checked_name(name: str | None) -> str | None:
    """903-B 7.9.1: no control or bidirectional characters in a filter either."""
    return None if name is None else check_text(name, "name", max_length=200)


class PlayerListed(BaseModel):
    player_id: UUID
    display_name: str
    registered_at: datetime
    key_status: KeyStatus = Field(description="revoked: the key no longer authenticates")
    key_changed_at: datetime = Field(description="registration, or the last rotation or "
                                     "revocation of the key")


class PlayerList(BaseModel):
    data: list[PlayerListed]
    count: int
    next_cursor: str | None = Field(description="the next page: cursor=this; null at the end")


class StaffListed(BaseModel):
    staff_id: UUID
    role: StaffRole
    display_name: str
    registered_at: datetime
    key_status: KeyStatus
    key_changed_at: datetime


class StaffList(BaseModel):
    data: list[StaffListed]
    count: int
    next_cursor: str | None


class PlayerKeyRotated(BaseModel):
    """The new key: shown this once and never again (only its SHA-256 digest is kept)."""

    player_id: UUID
    api_key: str
    key_status: KeyStatus


class StaffKeyRotated(BaseModel):
    staff_id: UUID
    role: StaffRole
    api_key: str
    key_status: KeyStatus


class PlayerKeyRevoked(BaseModel):
    player_id: UUID
    key_status: KeyStatus
    revoked_at: datetime


class StaffKeyRevoked(BaseModel):
    staff_id: UUID
    key_status: KeyStatus
    revoked_at: datetime


class StaffRoleChange(RequestModel):
    """Another staff role for a staff member, and why (kept on the record)."""

    role: StaffRole = Field(description="the new role: another staff role (never player)")
    reason: RoleReason


class StaffRoleChanged(BaseModel):
    staff_id: UUID
    role: StaffRole
    previous_role: StaffRole
    reason: str
    changed_at: datetime


class BootstrapKeyDisabled(BaseModel):
    bootstrap_key: Literal["disabled"]
    disabled_at: datetime
    disabled_by: str = Field(description="the actor who disabled it (903-B 5.2.2(7))")
    already_disabled: bool = Field(description="true: it was disabled before this request")


def listed(item: dict, kind: str) -> dict:
    """A principals row as a listing item."""
    row = {f"{kind}_id": item["principal_id"], "display_name": item["display_name"],
           "registered_at": item["registered_at"], "key_status": item["key_status"],
           "key_changed_at": item["key_changed_at"]}
    if kind == "staff":
        row["role"] = item["role"]
    return row
