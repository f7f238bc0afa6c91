"""Money and identity read models: balances, account activity, principals, the jogada index.

- ``balances`` (projection "balances"): one row per account, the sum of its postings and holds.
  The same projection writes ``account_activity``: one row per money event, the player's
  account activity for at least 90 days (903-B 5.2.2(9)) and the deposit and withdrawal log
  (903-B 5.4.1(5), 5.4.2(7)), refused attempts included (903-B 5.4.1(8), 5.4.2(9)). Both tables
  are written in one transaction, so a statement always agrees with the balance it ends on.
- ``principals``: projections/principals.py.
- ``jogada_events`` (projection "jogada_index"): every event that belongs to a jogada, so that a
  jogada can be replayed (903-B 6.3.4(2)).

Times are stored in UTC (SQLite keeps no offset); ``to_utc`` / ``from_db`` convert.
The Table definitions here are identical to migrations/versions/0002_money.py (and 0004).
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.utils import get_topic
from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    DateTime,
    Index,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    UniqueConstraint,
    Uuid,
    bindparam,
    insert,
    select,
    update,
)

from domain.ledger.accounts import CASHIER_CODE, WALLET, Account
from projections.bulk import BulkStatement
from projections.tables import metadata

balances = Table(
    "balances", metadata,
    Column("account_code", String(200), primary_key=True),
    Column("account_id", Uuid, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("owner", String(200)),
    Column("balance_cents", BigInteger, nullable=False),
    Column("held_cents", BigInteger, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("last_position", BigInteger, nullable=False),
    UniqueConstraint("account_id", name="uq_balances_account_id"),
)

account_activity = Table(
    "account_activity", metadata,
    Column("notification_id", BigInteger, primary_key=True, autoincrement=False),
    Column("account_code", String(200), nullable=False),
    Column("owner", String(200)),
    Column("type", String(32), nullable=False),
    Column("transfer_id", String(200)),
    Column("amount_cents", BigInteger),
    Column("counterparty", String(200)),
    Column("reason", Text),
    Column("refs", Text),  # JSON; for a refused attempt, the error's details
    Column("actor", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    # Cash movements (wallet <-> cashier) and refused attempts: "deposit" / "withdrawal".
    Column("operation", String(32)),
    Column("code", String(64)),
    Column("message", Text),
    Index("ix_account_activity_owner_at", "owner", "at"),
    Index("ix_account_activity_operation_at", "operation", "at"),
    Index("ix_account_activity_transfer_id", "transfer_id"),  # migration 0004
)

jogada_events = Table(
    "jogada_events", metadata,
    Column("jogada_id", String(200), nullable=False),
    Column("notification_id", BigInteger, nullable=False),
    Column("originator_id", Uuid, nullable=False),
    Column("originator_version", BigInteger, nullable=False),
    Column("topic", String(300), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    PrimaryKeyConstraint("jogada_id", "notification_id", name="pk_jogada_events"),
)

ACTIVITY_COLUMNS = tuple(c.name for c in account_activity.columns)
# Built once: SQLAlchemy would otherwise build each statement and its cache key on every page
# (about 15 % of the projection worker's time under load). The two statements of every page
# go through the driver's executemany (projections/bulk.py).
_ADD_TO_BALANCE = BulkStatement(
    update(balances).where(balances.c.account_code == bindparam("b_code")).values(
        balance_cents=balances.c.balance_cents + bindparam("b_balance"),
        held_cents=balances.c.held_cents + bindparam("b_held"),
        updated_at=bindparam("b_at"), last_position=bindparam("b_position")),
    ("b_code", "b_balance", "b_held", "b_at", "b_position"))
_INSERT_BALANCE = insert(balances)
_INSERT_ACTIVITY = BulkStatement(insert(account_activity), ACTIVITY_COLUMNS)


def _add_to_balances(conn: Connection, rows: list[tuple[Any, ...]]) -> None:
    """``_ADD_TO_BALANCE`` for every row. On PostgreSQL ONE statement over one binary array
    per column instead of one pipelined UPDATE per account (psycopg's per-statement work was
    ~9 % of the worker under deposits); the codes are distinct, so each row is added once."""
    if conn.dialect.name != "postgresql":
        _ADD_TO_BALANCE.execute(conn, rows)
        return
    cursor = conn.connection.driver_connection.cursor()
    try:
        cursor.execute(_ADD_TO_BALANCE_PG, [list(column) for column in zip(*rows)])
    finally:
        cursor.close()


_ADD_TO_BALANCE_PG = (
    "UPDATE balances SET balance_cents = balances.balance_cents + v.d_balance, "
    "held_cents = balances.held_cents + v.d_held, updated_at = v.at, last_position = v.position "
    "FROM unnest(%b::varchar[], %b::bigint[], %b::bigint[], %b::timestamptz[], %b::bigint[]) "
    "AS v(code, d_balance, d_held, at, position) WHERE balances.account_code = v.code")
_ACTIVITY_TYPES = {
    Account.Credited: "credited",
    Account.Debited: "debited",
    Account.FundsHeld: "funds_held",
    Account.HoldPosted: "hold_posted",
    Account.HoldVoided: "hold_voided",
    Account.AttemptRefused: "attempt_refused",
    Account.Opened: "opened",
}


def to_utc(value: datetime) -> datetime:
    """Aware UTC (a naive time is taken as UTC): SQLite stores no offset, so store UTC only
    (A65: instants are kept in UTC)."""
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(
        timezone.utc)


def from_db(value: datetime | None) -> datetime | None:
    return None if value is None else to_utc(value)


# What json.dumps(value, sort_keys=True, separators=(",", ":"), default=str) writes, without
# building an encoder for every call.
_json_dumps = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str).encode
_PLAIN = frozenset({str, int, bool, type(None)})
_STR = frozenset({str})
_SORT_KEYS = orjson.OPT_SORT_KEYS


def dumps(value: Any) -> str:
    """``_json_dumps(value)``. A flat dict of strings, integers, booleans and None (a money
    event's refs) is written by orjson, ~6× faster, when the text can only be the same: printable
    ASCII with nothing escaped (``json`` escapes non-ASCII and DEL, orjson does not)."""
    if (type(value) is dict and _STR.issuperset(map(type, value))
            and _PLAIN.issuperset(map(type, value.values()))):
        try:
            text = orjson.dumps(value, option=_SORT_KEYS)
        except TypeError:  # an integer beyond 64 bits
            return _json_dumps(value)
        # (find, not ``in``: see infra/projecting/pages.py)
        if text.isascii() and text.find(b"\\") < 0 and text.find(b"\x7f") < 0:
            return text.decode()
    return _json_dumps(value)


def _movement(e: Any) -> tuple[int, int]:
    """(change of balance, change of held) an Account event makes (by exact class: the
    stored events are of these classes, never of subclasses)."""
    cls = type(e)
    if cls is Account.Credited:
        return e.amount_cents, 0
    if cls is Account.Debited:
        return -e.amount_cents, 0
    if cls is Account.FundsHeld:
        return 0, e.amount_cents
    if cls is Account.HoldPosted:  # the whole hold is released, the posted part debited
        return -e.amount_cents, -(e.amount_cents + e.released_cents)
    if cls is Account.HoldVoided:
        return 0, -e.amount_cents
    return 0, 0


class BalancesProjection:
    """Balances and account activity. A page's changes are summed in memory and each touched
    balance row is written once per page (``balance = balance + delta``)."""

    name = "balances"
    tables = (balances, account_activity)
    event_types = tuple(_ACTIVITY_TYPES)

    def __init__(self) -> None:
        # account id -> (code, kind, owner): fixed at Opened, so safe to keep across pages.
        self._accounts: dict[UUID, tuple[str, str, str | None]] = {}

    def _known(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        accounts = self._accounts
        ids = {e.originator_id for _, e in events}
        if accounts.keys() >= ids:
            return
        missing = ids - accounts.keys()
        missing -= {e.originator_id for _, e in events if isinstance(e, Account.Opened)}
        if missing:
            rows = conn.execute(select(balances.c.account_id, balances.c.account_code,
                                       balances.c.kind, balances.c.owner)
                                .where(balances.c.account_id.in_(missing)))
            for account_id, code, kind, owner in rows:
                accounts[account_id] = (code, kind, owner)

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        self._known(conn, events)
        accounts = self._accounts
        opened: dict[UUID, dict[str, Any]] = {}
        # account id -> [change of balance, change of held, at, position]
        changed: dict[UUID, list[Any]] = {}
        activity: list[tuple[Any, ...]] = []
        # The activity rows are given to the driver as they are: their one value that needs
        # converting on this database (SQLite: ``at``) is converted here, once per event.
        processors = _INSERT_ACTIVITY.processors(conn.dialect)
        preconverted = processors.keys() <= {"at"}
        at_to_db = processors.get("at") if preconverted else None
        for position, e in events:
            at = to_utc(e.at)
            account = e.originator_id
            if type(e) is Account.Opened:
                accounts[account] = (e.code, e.kind, e.owner)
                opened[account] = {
                    "account_code": e.code, "account_id": account, "kind": e.kind,
                    "owner": e.owner, "balance_cents": 0, "held_cents": 0, "updated_at": at,
                    "last_position": position}
            else:
                d_balance, d_held = _movement(e)
                if d_balance or d_held:
                    self._move(opened, changed, account, d_balance, d_held, at, position)
            activity.append(self._activity_row(
                position, e, at if at_to_db is None else at_to_db(at)))
        # Rows are written in account-code order: two transactions that race on the same page
        # (two runners) then lock rows in the same order, and wait instead of deadlocking.
        if opened:
            conn.execute(_INSERT_BALANCE, sorted(opened.values(),
                                                  key=lambda row: row["account_code"]))
        if changed:
            _add_to_balances(conn, sorted(
                (accounts[account_id][0], *change) for account_id, change in changed.items()))
        _INSERT_ACTIVITY.execute(conn, activity, converted=preconverted)

    @staticmethod
    def _move(opened: dict[UUID, dict[str, Any]], changed: dict[UUID, list[Any]],
              account: UUID, d_balance: int, d_held: int, at: datetime, position: int) -> None:
        row = opened.get(account)
        if row is not None:  # opened in this page: its new row carries the sums
            row["balance_cents"] += d_balance
            row["held_cents"] += d_held
            row["updated_at"], row["last_position"] = at, position
            return
        change = changed.get(account)
        if change is None:
            changed[account] = [d_balance, d_held, at, position]
        else:
            change[0] += d_balance
            change[1] += d_held
            change[2], change[3] = at, position

    def _activity_row(self, position: int, e: Any, at: Any) -> tuple[Any, ...]:
        """The row's values in the order of ACTIVITY_COLUMNS (``at`` as given)."""
        code, kind, owner = self._accounts[e.originator_id]
        cls = type(e)
        type_ = _ACTIVITY_TYPES[cls]
        if cls is Account.AttemptRefused:
            # 903-B 5.4.1(8), 5.4.2(9): refused deposits and withdrawals are logged.
            refs = dict(e.refs or {})
            if e.details:
                refs["details"] = e.details
            return (position, code, owner, type_, None, e.amount_cents, None, None, dumps(refs),
                    e.actor, at, e.operation, e.code, e.message)
        if cls is Account.Opened:
            return (position, code, owner, type_, None, None, None, None, None, e.actor, at,
                    None, None, None)
        # 903-B 5.4.1(5), 5.4.2(7): the deposit / withdrawal log.
        operation = e.reason if kind == WALLET and e.counterparty == CASHIER_CODE else None
        return (position, code, owner, type_, e.transfer_id, e.amount_cents, e.counterparty,
                e.reason, dumps(e.refs or {}), e.actor, at, operation, None, None)


def jogada_of(e: Any) -> str | None:
    """The jogada an event belongs to: its own ``jogada_id``, or a money event's refs."""
    jogada_id = getattr(e, "jogada_id", None)
    if jogada_id is None:
        refs = getattr(e, "refs", None)
        if isinstance(refs, dict):
            jogada_id = refs.get("jogada_id")
    return None if jogada_id in (None, "") else str(jogada_id)


class JogadaIndexProjection:
    """Every event of a jogada, in order: what a replay of the jogada reads (903-B 6.3.4(2))."""

    name = "jogada_index"
    tables = (jogada_events,)
    event_types = None
    # Only events whose stored state names a jogada_id (``jogada_of``: the event's own field or
    # its refs' key) are decoded for this projection (infra/projecting/pages.py).
    state_marker = b'"jogada_id"'

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        rows = []
        for position, e in events:
            jogada_id = jogada_of(e)
            if jogada_id is None:
                continue
            at = getattr(e, "at", None) or e.timestamp
            rows.append({"jogada_id": jogada_id, "notification_id": position,
                         "originator_id": e.originator_id,
                         "originator_version": e.originator_version,
                         "topic": get_topic(type(e)), "at": to_utc(at)})
        if rows:
            conn.execute(insert(jogada_events), rows)
