"""``ledger verify``: an auditor's independent check of the money, from the events alone.

1. Replays every account stream from the event store's notification log (never from snapshots)
   up to the head read at the start.
2. Double entry: the sum of all balances is 0 (903-B 5.5.1(1)).
3. No account that holds somebody's money is below zero: balance, held and available of every
   wallet (and rake, prize pool, jackpot) are >= 0 (903-B 5.2.2(3)).
4. Each replayed account equals the account the service loads (snapshot + later events):
   snapshots are faithful.
5. The balances projection equals the replay, account by account (after a catch-up). Rows a
   concurrent writer changed after the head read are skipped and counted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.accounts import Account

PAGE_SIZE = 1000
ACCOUNT_TOPICS = tuple(v.TOPIC for v in vars(Account).values()
                       if isinstance(v, type) and "TOPIC" in v.__dict__)


@dataclass
class VerifyReport:
    head: int = 0
    events: int = 0
    accounts: int = 0
    total_cents: int = 0
    skipped: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def replay_accounts(app: Any, head: int,
                    progress: Callable[[int, int], None] | None = None) -> tuple[dict[UUID, Account], int]:
    accounts: dict[UUID, Account] = {}
    position, events = 0, 0
    while position < head:
        notifications = app.recorder.select_notifications(
            start=position, limit=PAGE_SIZE, stop=head, topics=ACCOUNT_TOPICS,
            inclusive_of_start=False)
        if not notifications:
            break
        for notification in notifications:
            event = app.mapper.to_domain_event(notification)
            accounts[event.originator_id] = event.mutate(accounts.get(event.originator_id))
        events += len(notifications)
        position = notifications[-1].id
        if progress:
            progress(position, head)
    if progress:
        # The log's last events need not be account events (a receipt, a jogada's close):
        # the replay has read up to the head even when its last account event is before it.
        progress(head, head)
    return accounts, events


def _check_money(report: VerifyReport, accounts: dict[UUID, Account]) -> None:
    report.total_cents = sum(a.balance_cents for a in accounts.values())
    if report.total_cents != 0:
        report.problems.append(
            f"double entry broken: the balances of all accounts sum to {report.total_cents}"
            " cents, not 0")
    for a in accounts.values():
        if a.may_go_negative:
            continue
        if a.balance_cents < 0 or a.held_cents < 0 or a.available_cents < 0:
            report.problems.append(
                f"account {a.code} is negative: balance {a.balance_cents}, held {a.held_cents},"
                f" available {a.available_cents} (903-B 5.2.2(3))")


def _check_snapshots(report: VerifyReport, app: Any, accounts: dict[UUID, Account]) -> None:
    for account_id, replayed in accounts.items():
        loaded = app.repository.get(account_id)
        if loaded.version < replayed.version:
            report.problems.append(f"account {replayed.code}: the store loads version"
                                   f" {loaded.version}, the log has {replayed.version}")
        elif loaded.version == replayed.version and (
                loaded.balance_cents, loaded.held_cents) != (replayed.balance_cents,
                                                             replayed.held_cents):
            report.problems.append(
                f"account {replayed.code}: loaded (snapshot) balance {loaded.balance_cents}/"
                f"held {loaded.held_cents} differs from the replay {replayed.balance_cents}/"
                f"{replayed.held_cents}")


def _check_projection(report: VerifyReport, ledger: Any, accounts: dict[UUID, Account]) -> None:
    from projections import queries

    ledger.projections.catch_up()
    rows = {r["account_code"]: r for r in queries.accounts(ledger.projections.engine)}
    by_code = {a.code: a for a in accounts.values()}
    for code, account in by_code.items():
        row = rows.get(code)
        if row is None:
            report.problems.append(f"account {code} is missing from the balances projection")
        elif row["last_position"] is not None and row["last_position"] > report.head:
            report.skipped += 1  # changed by a concurrent writer after the head we replayed to
        elif (row["balance_cents"], row["held_cents"]) != (account.balance_cents,
                                                           account.held_cents):
            report.problems.append(
                f"account {code}: projection says balance {row['balance_cents']}/held"
                f" {row['held_cents']}, the events say {account.balance_cents}/"
                f"{account.held_cents}")
    for code, row in rows.items():
        if code not in by_code and row["last_position"] <= report.head:
            report.problems.append(f"account {code} is in the balances projection but has no"
                                   " events")


def verify(ledger: Any, progress: Callable[[int, int], None] | None = None) -> VerifyReport:
    report = VerifyReport(head=ledger.app.recorder.max_notification_id() or 0)
    accounts, report.events = replay_accounts(ledger.app, report.head, progress)
    report.accounts = len(accounts)
    _check_money(report, accounts)
    _check_snapshots(report, ledger.app, accounts)
    if ledger.projections is not None:
        _check_projection(report, ledger, accounts)
    return report
