"""The ``principals`` read model (projection "principals"): players and staff, found by the
SHA-256 digest of their API key, listed by role and name, with their key's status.

- ``key_status``: ``active`` or ``revoked`` (903-B 7.2.2); authentication finds only active keys.
- ``role``: the role given at registration, or by the last ``RoleChanged`` (a staff member's
  role may change: domain/access/principals.py).
- ``key_changed_position``: the notification id of the principal's last access event (its
  registration, a rotation or revocation of its key, a change of its role). The HTTP process
  watches it to drop from its cache the principals whose key or role changed, whichever
  process made the change (api/auth.py).
- ``display_name_folded``: the name ``casefold()``-ed in Python, so that a case-insensitive
  search matches the same rows on SQLite (whose ``lower`` knows ASCII only) and PostgreSQL.

The Table definition here is identical to migrations/versions/0006_principals_listing.py.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any, Sequence
from uuid import UUID

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    DateTime,
    Engine,
    Index,
    String,
    Table,
    UniqueConstraint,
    Uuid,
    and_,
    bindparam,
    func,
    insert,
    or_,
    select,
    update,
)

from domain.access.principals import ACTIVE, REVOKED, Principal
from domain.kernel.errors import InvalidInputError
from projections.money import from_db, to_utc
from projections.tables import metadata

principals = Table(
    "principals", metadata,
    Column("principal_id", Uuid, primary_key=True),
    Column("role", String(32), nullable=False),
    Column("display_name", String(200), nullable=False),
    Column("display_name_folded", String(800), nullable=False),
    Column("api_key_sha256", String(64), nullable=False),
    Column("registered_at", DateTime(timezone=True), nullable=False),
    Column("key_status", String(16), nullable=False),
    Column("key_changed_at", DateTime(timezone=True), nullable=False),
    Column("key_changed_position", BigInteger, nullable=False),
    UniqueConstraint("api_key_sha256", name="uq_principals_api_key_sha256"),
    Index("ix_principals_role_registered", "role", "registered_at", "principal_id"),
    Index("ix_principals_key_changed_position", "key_changed_position"),
)


def _update(columns: frozenset[str]):
    """An executemany UPDATE of these columns of principals, by ``p_principal_id``."""
    return (update(principals).where(principals.c.principal_id == bindparam("p_principal_id"))
            .values({c: bindparam(f"p_{c}") for c in sorted(columns)}))


class PrincipalsProjection:
    """Players and staff by id, by the digest of their key, by role and name."""

    name = "principals"
    tables = (principals,)
    event_types = (Principal.Registered, Principal.ApiKeyRotated, Principal.ApiKeyRevoked,
                   Principal.RoleChanged)

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        new: dict[UUID, dict[str, Any]] = {}
        changed: dict[UUID, dict[str, Any]] = {}  # the last values of existing rows
        for position, e in events:
            at = to_utc(e.at)
            pid = e.originator_id
            if isinstance(e, Principal.Registered):
                new[pid] = {
                    "principal_id": pid, "role": e.role, "display_name": e.display_name,
                    "display_name_folded": e.display_name.casefold(),
                    "api_key_sha256": e.api_key_sha256, "registered_at": at,
                    "key_status": ACTIVE, "key_changed_at": at, "key_changed_position": position}
                continue
            row = new.get(pid)
            if row is None:
                row = changed.setdefault(pid, {"principal_id": pid})
            # Every change of access moves the position the key watch follows (api/auth.py):
            # a role change too, so that every process drops the principal's cached role.
            row["key_changed_position"] = position
            if isinstance(e, Principal.RoleChanged):
                row["role"] = e.new_role
                continue
            row.update(key_status=ACTIVE if isinstance(e, Principal.ApiKeyRotated) else REVOKED,
                       key_changed_at=at)
            if isinstance(e, Principal.ApiKeyRotated):
                row["api_key_sha256"] = e.api_key_sha256
        if new:
            conn.execute(insert(principals), list(new.values()))
        by_columns: dict[frozenset[str], list[dict[str, Any]]] = {}
        for row in changed.values():
            by_columns.setdefault(frozenset(row) - {"principal_id"}, []).append(
                {f"p_{k}": v for k, v in row.items()})
        for columns, rows in by_columns.items():
            conn.execute(_update(columns), rows)


# Reads -------------------------------------------------------------------------------------------
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# A page position: the last row's registration time (µs since 1970, at most 16 digits: before
# the year 2286) and id. The OpenAPI declares this pattern, so every cursor the document allows
# is one this service can read (Schemathesis: a schema-valid request is never refused).
CURSOR_PATTERN = (r"^[0-9]{1,16}_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-"
                  r"[0-9a-fA-F]{12}$")
CURSOR_RE = re.compile(CURSOR_PATTERN)


def encode_cursor(registered_at: datetime, principal_id: UUID) -> str:
    """An opaque page position: the last row's (registered_at, id)."""
    micros = (to_utc(registered_at) - _EPOCH) // timedelta(microseconds=1)
    return f"{micros}_{principal_id}"


def decode_cursor(cursor: str, field: str = "cursor") -> tuple[datetime, UUID]:
    """903-B 7.9.1: a cursor that this service did not hand out is a 422 naming the field."""
    try:
        if not CURSOR_RE.fullmatch(cursor):
            raise ValueError(cursor)
        micros, _, ident = cursor.partition("_")
        when = _EPOCH + timedelta(microseconds=int(micros))
        return when, UUID(ident)
    except (ValueError, OverflowError, OSError):
        raise InvalidInputError(f"{field} is not a cursor this service handed out (use "
                                "next_cursor of the previous page)", field=field,
                                rule="903-B 7.9.1") from None


def list_principals(engine: Engine, *, roles: Sequence[str], name: str | None = None,
                    limit: int = 100, cursor: str | None = None) -> tuple[list[dict], str | None]:
    """Principals of ``roles`` in registration order (then id), ``name`` a case-insensitive
    substring of the display name; ``limit`` rows after ``cursor``. Returns the rows and the
    next page's cursor (None on the last page)."""
    query = select(principals.c.principal_id, principals.c.role, principals.c.display_name,
                   principals.c.registered_at, principals.c.key_status,
                   principals.c.key_changed_at).where(principals.c.role.in_(list(roles)))
    if name:
        query = query.where(principals.c.display_name_folded.like(
            f"%{_escape_like(name.casefold())}%", escape="\\"))
    if cursor is not None:
        after_at, after_id = decode_cursor(cursor)
        query = query.where(or_(principals.c.registered_at > after_at,
                                and_(principals.c.registered_at == after_at,
                                     principals.c.principal_id > after_id)))
    query = query.order_by(principals.c.registered_at, principals.c.principal_id).limit(limit + 1)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    more = len(rows) > limit
    items = [{"principal_id": r.principal_id, "role": r.role, "display_name": r.display_name,
              "registered_at": from_db(r.registered_at), "key_status": r.key_status,
              "key_changed_at": from_db(r.key_changed_at)} for r in rows[:limit]]
    next_cursor = (encode_cursor(items[-1]["registered_at"], items[-1]["principal_id"])
                   if more and items else None)
    return items, next_cursor


def operator_ids(engine: Engine) -> list[UUID]:
    """The operators with an active key, as far as the projection knows (the commands check
    each against the store: domain/access/principals.py ``active_operators``)."""
    with engine.connect() as conn:
        return list(conn.execute(select(principals.c.principal_id).where(
            principals.c.role == "operator", principals.c.key_status == ACTIVE)).scalars())


def key_changes_since(engine: Engine, position: int) -> tuple[list[UUID], int]:
    """The principals whose key changed after ``position``, and the newest such position."""
    with engine.connect() as conn:
        rows = conn.execute(select(principals.c.principal_id, principals.c.key_changed_position)
                            .where(principals.c.key_changed_position > position)).all()
    return [r.principal_id for r in rows], max((r.key_changed_position for r in rows),
                                               default=position)


def last_key_change(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.max(principals.c.key_changed_position))).scalar()
                   or 0)
