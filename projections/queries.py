"""Read functions over the money and identity projections (projections/money.py).

They read projections, which trail the event log: call ``ledger.projections.wait(position)``
first where a caller must see its own write. Times come back as aware UTC datetimes.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from uuid import UUID

from sqlalchemy import Engine, Row, func, or_, select, true

from domain.access.principals import ACTIVE
from domain.ledger.accounts import wallet_code
from projections.money import account_activity as activity_t
from projections.money import balances, from_db, to_utc
from projections.money import jogada_events as jogada_t
from projections.principals import principals


def balance(engine: Engine, player_id: UUID) -> dict[str, int] | None:
    """The player's wallet; available = balance − held (stakes pending, 903-B 6.3.2(3))."""
    with engine.connect() as conn:
        row = conn.execute(select(balances.c.balance_cents, balances.c.held_cents)
                           .where(balances.c.account_code == wallet_code(player_id))).first()
    if row is None:
        return None
    return {"available_cents": row.balance_cents - row.held_cents,
            "held_cents": row.held_cents, "balance_cents": row.balance_cents}


def _principal(row: Row | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {"principal_id": row.principal_id, "role": row.role,
            "display_name": row.display_name, "registered_at": from_db(row.registered_at)}


_PRINCIPAL_COLUMNS = (principals.c.principal_id, principals.c.role, principals.c.display_name,
                      principals.c.registered_at)


def principal_by_key_hash(engine: Engine, api_key_sha256: str) -> dict[str, Any] | None:
    with engine.connect() as conn:
        return _principal(conn.execute(select(*_PRINCIPAL_COLUMNS).where(
            principals.c.api_key_sha256 == api_key_sha256,
            principals.c.key_status == ACTIVE)).first())


def principal(engine: Engine, principal_id: UUID) -> dict[str, Any] | None:
    with engine.connect() as conn:
        return _principal(conn.execute(select(*_PRINCIPAL_COLUMNS).where(
            principals.c.principal_id == principal_id)).first())


def display_names(engine: Engine, principal_ids: list[str]) -> dict[str, str]:
    """Principal id → display name, for those of ``principal_ids`` the principals projection
    holds (ids that are not UUIDs are left out), 500 to a statement."""
    ids = set()
    for value in principal_ids:
        try:
            ids.add(UUID(str(value)))
        except ValueError:
            continue
    ordered, found = sorted(ids), {}
    with engine.connect() as conn:
        for start in range(0, len(ordered), 500):  # a venue may hold thousands
            found.update({str(row.principal_id): row.display_name for row in conn.execute(
                select(principals.c.principal_id, principals.c.display_name).where(
                    principals.c.principal_id.in_(ordered[start:start + 500])))})
    return found


def _activity(row: Row) -> dict[str, Any]:
    item = dict(row._mapping)
    item["at"] = from_db(item["at"])
    item["refs"] = json.loads(item["refs"]) if item["refs"] else {}
    return item


def account_activity(engine: Engine, player_id: UUID, *, since: datetime | None = None,
                     until: datetime | None = None, limit: int = 100,
                     before_id: int | None = None) -> list[dict[str, Any]]:
    """The player's account activity, newest first (903-B 5.2.2(9): at least 90 days online;
    5.2.2(10): a 12-month statement). Next page: ``before_id`` = last notification_id seen.
    ``since`` is inclusive, ``until`` exclusive."""
    query = select(activity_t).where(activity_t.c.owner == str(player_id))
    if since is not None:
        query = query.where(activity_t.c.at >= to_utc(since))
    if until is not None:
        query = query.where(activity_t.c.at < to_utc(until))
    if before_id is not None:
        query = query.where(activity_t.c.notification_id < before_id)
    query = query.order_by(activity_t.c.notification_id.desc()).limit(limit)
    with engine.connect() as conn:
        return [_activity(row) for row in conn.execute(query)]


def cash_movements(engine: Engine, *, kind: str | None = None, since: datetime | None = None,
                   until: datetime | None = None, include_refused: bool = True,
                   limit: int = 1000, after_id: int | None = None) -> list[dict[str, Any]]:
    """Deposits and withdrawals, oldest first, with date and time, payment method, player,
    amount and type (903-B 5.4.1(5)(6)(7), 5.4.2(7)(8)), the refused attempts with their
    code (5.4.1(8), 5.4.2(9)) and the corrections of any of them (1.5: kind "correction",
    with the transfer it reverses and what that was). ``kind``: "deposit", "withdrawal" or
    "correction"; next page: ``after_id``."""
    query = select(activity_t).where(activity_t.c.operation.is_not(None))
    if kind is not None:
        query = query.where(activity_t.c.operation == kind)
    if not include_refused:
        query = query.where(activity_t.c.type != "attempt_refused")
    if since is not None:
        query = query.where(activity_t.c.at >= to_utc(since))
    if until is not None:
        query = query.where(activity_t.c.at < to_utc(until))
    if after_id is not None:
        query = query.where(activity_t.c.notification_id > after_id)
    query = query.order_by(activity_t.c.notification_id).limit(limit)
    with engine.connect() as conn:
        rows = [_activity(row) for row in conn.execute(query)]
        corrected = {r["refs"].get("corrects") for r in rows if r["operation"] == "correction"}
        kinds = dict(conn.execute(
            select(activity_t.c.transfer_id, activity_t.c.operation)
            .where(activity_t.c.transfer_id.in_(sorted(corrected - {None})),
                   activity_t.c.operation.is_not(None)))
            .all()) if corrected else {}
    return [{
        "notification_id": r["notification_id"], "at": r["at"], "player_id": r["owner"],
        "kind": r["operation"], "refused": r["type"] == "attempt_refused",
        "amount_cents": r["amount_cents"],
        "payment_method": r["refs"].get("payment_method"),
        "transfer_id": r["transfer_id"], "actor": r["actor"],
        "code": r["code"], "message": r["message"],
        **({"corrects": r["refs"].get("corrects"), "reason": r["refs"].get("note"),
            "corrects_kind": kinds.get(r["refs"].get("corrects"))}
           if r["operation"] == "correction" else {}),
    } for r in rows]


def jogada_events(engine: Engine, jogada_id: str) -> list[dict[str, Any]]:
    """The events of one jogada in the order they were recorded (903-B 6.3.4(2) replay)."""
    with engine.connect() as conn:
        rows = conn.execute(select(jogada_t).where(jogada_t.c.jogada_id == str(jogada_id))
                            .order_by(jogada_t.c.notification_id))
        return [dict(row._mapping, at=from_db(row.at)) for row in rows]


def jogadas_ended(engine: Engine, endings: tuple[str, ...], since: datetime,
                  until: datetime) -> list[str]:
    """The jogadas whose event that ended them (its topic ends with one of ``endings``, a
    game's ``ended_topics``) was recorded at or after ``since`` and before ``until``, in the
    order they ended (the jogada index)."""
    if not endings:
        return []
    t = jogada_t
    query = (select(t.c.jogada_id)
             .where(or_(*(t.c.topic.endswith(ending, autoescape=True) for ending in endings)),
                    t.c.at >= to_utc(since), t.c.at < to_utc(until))
             .order_by(t.c.notification_id))
    with engine.connect() as conn:
        return list(dict.fromkeys(row.jogada_id for row in conn.execute(query)))


# The sum of every account's balance: always 0 in double entry (903-B 5.5.1(1)).
_TOTAL = func.coalesce(func.sum(balances.c.balance_cents), 0)


def accounts_total(engine: Engine) -> int:
    """The sum of every account's balance: always 0 in double entry (903-B 5.5.1(1))."""
    with engine.connect() as conn:
        return int(conn.execute(select(_TOTAL)).scalar_one())


def accounts(engine: Engine) -> list[dict[str, Any]]:
    """Every account with its balance, held and available amounts, by code (the CLI's verify
    and the tests; HTTP pages with ``accounts_page``)."""
    return accounts_page(engine)[0]


def accounts_page(engine: Engine, *, limit: int | None = None,
                  after_code: str | None = None) -> tuple[list[dict[str, Any]], int, int]:
    """Accounts by code with their balance, held and available amounts (at most ``limit``,
    after ``after_code``), and the number and balance total of ALL accounts, read by the same
    statement (one snapshot: the page and the total never disagree)."""
    every = select(func.count(), _TOTAL).select_from(balances).subquery()
    query = (select(balances, every).select_from(balances).join(every, true())
             .order_by(balances.c.account_code))
    if after_code is not None:
        query = query.where(balances.c.account_code > after_code)
    if limit is not None:
        query = query.limit(limit)
    with engine.connect() as conn:
        rows = conn.execute(query).all()
        if not rows:  # past the last page: the totals on their own
            count, total = conn.execute(select(every)).one()
            return [], int(count), int(total)
    names = list(balances.c.keys())
    page = [dict(zip(names, row[:len(names)]), updated_at=from_db(row.updated_at),
                 available_cents=row.balance_cents - row.held_cents) for row in rows]
    return page, int(rows[0][-2]), int(rows[0][-1])


def transfer(engine: Engine, transfer_id: str) -> dict[str, Any] | None:
    """A posted transfer by id: the debited account, the credited one, the amount (the debit
    side is a ``debited`` or a ``hold_posted`` row of account_activity)."""
    query = (select(activity_t)
             .where(activity_t.c.transfer_id == transfer_id,
                    activity_t.c.type.in_(("debited", "hold_posted")))
             .order_by(activity_t.c.notification_id).limit(1))
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return None
    item = _activity(row)
    return {"transfer_id": transfer_id, "from_code": item["account_code"],
            "to_code": item["counterparty"], "amount_cents": item["amount_cents"],
            "reason": item["reason"], "refs": item["refs"], "at": item["at"],
            "notification_id": item["notification_id"]}


def transfer_activity(engine: Engine, transfer_ids: list[str], *,
                      through: int | None = None) -> list[dict[str, Any]]:
    """Every account activity row of these transfers (each side of each, a refused attempt,
    ...), in log order; ``through``: only the rows up to that notification id (the log as it
    was then: a later correction is not there)."""
    if not transfer_ids:
        return []
    query = select(activity_t).where(activity_t.c.transfer_id.in_(list(transfer_ids)))
    if through is not None:
        query = query.where(activity_t.c.notification_id <= through)
    with engine.connect() as conn:
        return [_activity(row) for row in conn.execute(
            query.order_by(activity_t.c.notification_id))]
