"""The ``accounts`` section of ``ledger verify``: the money, from the events alone.

1. Replays every account stream from the event store's notification log (never from snapshots)
   up to the head read at the start.
2. Double entry (903-B 5.5.1(1)): every transfer balances — its events (``Debited`` and
   ``Credited``, or ``HoldPosted`` and its ``Credited``) move as much out of one account as
   into the other; a transfer that does not is named with its events. And the sum of all
   balances is 0.
3. No account that holds somebody's money is below zero: balance, held and available of every
   wallet (and rake, prize pool, jackpot) are >= 0 (903-B 5.2.2(3)).
4. Each replayed account equals the account the service loads (snapshot + later events):
   snapshots are faithful.
5. The balances projection equals the replay, account by account (after a catch-up). Rows a
   concurrent writer changed after the head read are skipped and counted.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.ledger.accounts import Account
from infra.services.adjudication import LogPages, balance_change
from infra.verify.base import Context, Progress, Result, live_read_models, problem
from projections import queries

DOUBLE_ENTRY = "903-B 5.5.1(1)"
NEVER_NEGATIVE = "903-B 5.2.2(3)"


class _Transfers:
    """The transfers not balanced so far: each transfer id with its net and its events, kept
    only while its net is not 0 (a transfer's events are saved together: few at a time)."""

    def __init__(self) -> None:
        self.open: dict[str, tuple[int, list[tuple[int, str, str, int]]]] = {}
        self.balanced = 0

    def add(self, position: int, event: Any, code: str) -> None:
        change = balance_change(event)
        if not change:
            return
        net, entries = self.open.get(event.transfer_id, (0, []))
        entries.append((position, type(event).__name__, code, change))
        if net + change:
            self.open[event.transfer_id] = (net + change, entries)
        else:
            self.open.pop(event.transfer_id, None)
            self.balanced += 1

    def problems(self) -> list[dict[str, Any]]:
        out = []
        for transfer_id, (net, entries) in self.open.items():
            said = ", ".join(f"#{p} {name} {code} {change:+d}" for p, name, code, change in entries)
            out.append(problem(
                "double_entry", f"transfer {transfer_id} does not balance: its events move"
                f" {net:+d} cents in all ({said}) ({DOUBLE_ENTRY})", transfer_id=transfer_id,
                notification_id=entries[0][0], notification_ids=[e[0] for e in entries],
                account=entries[0][2]))
        return out


def replay_accounts(ledger: Any, head: int, progress: Progress | None = None,
                    transfers: _Transfers | None = None) -> tuple[dict[UUID, Account], int]:
    """Every account folded from its events in the log up to ``head`` (never from a
    snapshot), and how many account events there were. The log's last events need not be
    account events (a receipt, a jogada's close): the progress reaches the head all the
    same."""
    accounts: dict[UUID, Account] = {}
    events = 0
    for position, _, _, event, _ in LogPages(ledger, head).events(progress, 0, head,
                                                                   jogadas=False):
        account = accounts[event.originator_id] = event.mutate(
            accounts.get(event.originator_id))
        if transfers is not None:
            transfers.add(position, event, account.code)
        events += 1
    return accounts, events


def _check_money(result: Result, accounts: dict[UUID, Account]) -> None:
    total = result.counts["total_cents"] = sum(a.balance_cents for a in accounts.values())
    if total != 0:
        result.problems.append(problem(
            "double_entry", f"double entry broken: the balances of all accounts sum to {total}"
            f" cents, not 0 ({DOUBLE_ENTRY})"))
    for a in accounts.values():
        if a.may_go_negative:
            continue
        if a.balance_cents < 0 or a.held_cents < 0 or a.available_cents < 0:
            result.problems.append(problem(
                "negative", f"account {a.code} is negative: balance {a.balance_cents}, held"
                f" {a.held_cents}, available {a.available_cents} ({NEVER_NEGATIVE})",
                account=a.code))


def _check_snapshots(result: Result, app: Any, accounts: dict[UUID, Account]) -> None:
    for account_id, replayed in accounts.items():
        loaded = app.repository.get(account_id)
        if loaded.version < replayed.version:
            result.problems.append(problem(
                "snapshot", f"account {replayed.code}: the store loads version {loaded.version},"
                f" the log has {replayed.version}", account=replayed.code))
        elif loaded.version == replayed.version and (
                loaded.balance_cents, loaded.held_cents) != (replayed.balance_cents,
                                                             replayed.held_cents):
            result.problems.append(problem(
                "snapshot", f"account {replayed.code}: loaded (snapshot) balance"
                f" {loaded.balance_cents}/held {loaded.held_cents} differs from the replay"
                f" {replayed.balance_cents}/{replayed.held_cents}", account=replayed.code))


def _check_projection(result: Result, ledger: Any, head: int,
                      accounts: dict[UUID, Account]) -> None:
    if not live_read_models(ledger, head):
        result.problems.append(problem(
            "projection", f"the balances projection did not reach the head {head}: compared"
            " as it is", table="balances"))
    rows = {r["account_code"]: r for r in queries.accounts(ledger.projections.engine)}
    by_code = {a.code: a for a in accounts.values()}
    skipped = 0
    for code, account in by_code.items():
        row = rows.get(code)
        if row is None:
            result.problems.append(problem(
                "projection", f"account {code} is missing from the balances projection",
                account=code, table="balances"))
        elif row["last_position"] is not None and row["last_position"] > head:
            skipped += 1  # changed by a concurrent writer after the head we replayed to
        elif (row["balance_cents"], row["held_cents"]) != (account.balance_cents,
                                                           account.held_cents):
            result.problems.append(problem(
                "projection", f"account {code}: projection says balance {row['balance_cents']}/"
                f"held {row['held_cents']}, the events say {account.balance_cents}/"
                f"{account.held_cents}", account=code, table="balances"))
    for code, row in rows.items():
        if code not in by_code and row["last_position"] <= head:
            result.problems.append(problem(
                "projection", f"account {code} is in the balances projection but has no"
                " events", account=code, table="balances"))
    result.counts["not_compared"] = skipped


def check_accounts(ctx: Context) -> Result:
    result = Result()
    transfers = _Transfers()
    accounts, account_events = replay_accounts(ctx.ledger, ctx.head, ctx.progress, transfers)
    result.events = ctx.head  # the log read, its account events decoded
    result.counts.update(accounts=len(accounts), account_events=account_events)
    _check_money(result, accounts)
    result.problems += transfers.problems()
    result.counts["transfers"] = transfers.balanced
    _check_snapshots(result, ctx.ledger.app, accounts)
    if ctx.ledger.projections is not None:
        _check_projection(result, ctx.ledger, ctx.head, accounts)
    result.summary = (f"{len(accounts)} accounts replayed from {account_events} account events;"
                      f" sum of balances {result.counts['total_cents']} cents;"
                      f" {transfers.balanced} transfers balance")
    if result.counts.get("not_compared"):
        result.summary += (f"; {result.counts['not_compared']} accounts changed during the check"
                           " were not compared with the balances projection")
    return result
