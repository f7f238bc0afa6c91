"""Helpers shared by the projection tests: activity to project, and the state to compare."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from sqlalchemy import Engine, select

from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, Account
from domain.kernel.actors import staff_actor, system_actor
from domain.kernel.errors import InsufficientFundsError
from eventsourcing.utils import get_topic
from infra.container import Ledger

OPERATOR = staff_actor("00000000-0000-0000-0000-0000000000aa")
SYSTEM = system_actor("test")
MONEY_PROJECTIONS = ("balances", "principals", "jogada_index")


def settle(ledger: Ledger) -> None:
    """Read-your-writes: every projection has applied everything written so far."""
    assert ledger.projections.wait(ledger.writer.last_position, timeout=30)


def table_rows(engine: Engine, table: Any) -> list[tuple]:
    with engine.connect() as conn:
        return sorted((tuple(row) for row in conn.execute(select(table))), key=repr)


def snapshot(ledger: Ledger, names: tuple[str, ...] = MONEY_PROJECTIONS) -> dict[str, list]:
    """Every row of every table of the named projections, plus their tracking positions."""
    runner = ledger.projections
    state: dict[str, Any] = {}
    for name in names:
        for table in runner.by_name(name).tables:
            state[table.name] = table_rows(runner.engine, table)
    positions = runner.positions()
    state["_positions"] = {name: positions[name] for name in names}
    return state


def migration_diffs(ledger: Ledger, names: tuple[str, ...]) -> list[Any]:
    """What Alembic's autogenerate finds different between the migrated database and the
    tables the named projections declare (nothing, when their migration creates them)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from sqlalchemy import Table

    from projections.tables import metadata

    mine = {t.name for name in names for t in ledger.projections.by_name(name).tables}
    with ledger.projections.engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), metadata)

    def table_of(diff: Any) -> str | None:
        change = diff[0] if isinstance(diff, list) else diff  # modify_* come as lists
        for item in change[1:]:
            if isinstance(item, str):
                return item
            if isinstance(item, Table):
                return item.name
            if isinstance(getattr(item, "table", None), Table):
                return item.table.name
        return None

    return [d for d in diffs if table_of(d) in mine]


def account_ids(ledger: Ledger) -> set[UUID]:
    """Every account, read from the event log itself (not from a projection)."""
    notifications = ledger.app.recorder.select_notifications(
        start=None, limit=10**7, topics=[get_topic(Account.Opened)])
    return {n.originator_id for n in notifications}


def aggregates(ledger: Ledger) -> dict[str, Account]:
    """Every account aggregate, by code, loaded from the event store."""
    loaded = (ledger.app.repository.get(account_id) for account_id in account_ids(ledger))
    return {account.code: account for account in loaded}


def hold(ledger: Ledger, player_id: UUID, transfer_id: str, amount: int, jogada: str) -> None:
    ledger.writer.execute(lambda uow: wallets.hold_stake(
        uow, player_id=player_id, to_code=HOUSE_CODE, transfer_id=transfer_id,
        amount_cents=amount, reason="stake", refs={"jogada_id": jogada}, actor=SYSTEM))


def post(ledger: Ledger, player_id: UUID, transfer_id: str, amount: int | None = None) -> None:
    ledger.writer.execute(lambda uow: wallets.post_stake(
        uow, player_id=player_id, transfer_id=transfer_id, amount_cents=amount,
        reason="lost", actor=SYSTEM))


def void(ledger: Ledger, player_id: UUID, transfer_id: str) -> None:
    ledger.writer.execute(lambda uow: wallets.void_stake(
        uow, player_id=player_id, transfer_id=transfer_id, reason="jogada nula", actor=SYSTEM))


def mixed_activity(ledger: Ledger, *, players: int = 3, tag: str = "a") -> list[UUID]:
    """Deposits, withdrawals (one refused), holds, full and partial posts, voids."""
    ids = [ledger.register_player(display_name=f"P{tag}{n}", actor=OPERATOR)[0]
           for n in range(players)]
    for n, pid in enumerate(ids):
        ledger.deposit(pid, 10_000 + n, f"{tag}-d1", actor=OPERATOR, payment_method="mbway")
        ledger.deposit(pid, 500, f"{tag}-d2", actor=OPERATOR, payment_method="card")
        hold(ledger, pid, f"{tag}-t1", 1_000, f"{tag}-j1-{n}")
        post(ledger, pid, f"{tag}-t1")  # lost in full
        hold(ledger, pid, f"{tag}-t2", 2_000, f"{tag}-j2-{n}")
        post(ledger, pid, f"{tag}-t2", 750)  # partial: 1 250 released
        hold(ledger, pid, f"{tag}-t3", 300, f"{tag}-j3-{n}")
        void(ledger, pid, f"{tag}-t3")
        hold(ledger, pid, f"{tag}-t4", 400, f"{tag}-j4-{n}")  # left open: held
        ledger.withdraw(pid, 1_234, f"{tag}-w1", actor=OPERATOR)
        try:
            ledger.withdraw(pid, 10**9, f"{tag}-w2", actor=OPERATOR)
        except InsufficientFundsError:
            pass
        else:
            raise AssertionError("a withdrawal beyond the balance was accepted")
    return ids


def assert_balances_match_aggregates(ledger: Ledger) -> None:
    from projections import queries

    engine = ledger.projections.engine
    expected = {code: (a.id, a.kind, a.owner, a.balance_cents, a.held_cents)
                for code, a in aggregates(ledger).items()}
    actual = {row["account_code"]: (row["account_id"], row["kind"], row["owner"],
                                    row["balance_cents"], row["held_cents"])
              for row in queries.accounts(engine)}
    assert actual == expected
    assert queries.accounts_total(engine) == 0
