"""Property: whatever deposits, bets, settlements, refunds and withdrawals happen, money is
conserved (double entry: all accounts sum to zero) and no wallet goes below zero
(903-B 5.2.2(3), 5.4.3(5), 5.4.2(2)), in the aggregates and in the balances projection."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from domain.ledger.accounts import WALLET
from domain.kernel.errors import InsufficientFundsError
from projections import queries
from tests.projections.support import (OPERATOR, aggregates, assert_balances_match_aggregates,
                                       hold, post, settle, void)

PLAYERS = 3
OPERATIONS = st.lists(
    st.tuples(st.sampled_from(["deposit", "withdraw", "hold", "post", "post_part", "void"]),
              st.integers(0, PLAYERS - 1),      # which player
              st.integers(1, 5_000),            # amount in cents
              st.integers(0, 2**16)),           # which open hold / which part of it
    min_size=1, max_size=20)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=OPERATIONS)
def test_money_conservation(ledger, operations):
    # One ledger for every example; fresh players for each one.
    players = [ledger.register_player(display_name=f"H{n}", actor=OPERATOR)[0]
               for n in range(PLAYERS)]
    available = dict.fromkeys(players, 0)  # the model
    holds: dict = {pid: {} for pid in players}
    for step, (operation, who, amount, pick) in enumerate(operations):
        pid = players[who]
        open_holds = sorted(holds[pid])
        if operation == "deposit":
            ledger.deposit(pid, amount, f"d{step}", actor=OPERATOR)
            available[pid] += amount
        elif operation == "withdraw":
            try:
                ledger.withdraw(pid, amount, f"w{step}", actor=OPERATOR)
            except InsufficientFundsError:
                assert amount > available[pid]
            else:
                available[pid] -= amount
        elif operation == "hold":
            try:
                hold(ledger, pid, f"t{step}", amount, f"j{step}")
            except InsufficientFundsError:
                assert amount > available[pid]
            else:
                available[pid] -= amount
                holds[pid][f"t{step}"] = amount
        elif open_holds:
            transfer_id = open_holds[pick % len(open_holds)]
            held = holds[pid].pop(transfer_id)
            if operation == "void":
                void(ledger, pid, transfer_id)
                available[pid] += held
            elif operation == "post_part":
                lost = 1 + pick % held
                post(ledger, pid, transfer_id, lost)
                available[pid] += held - lost
            else:
                post(ledger, pid, transfer_id)

    # The aggregates, loaded from the event store.
    accounts = aggregates(ledger)
    assert sum(a.balance_cents for a in accounts.values()) == 0
    for account in accounts.values():
        if account.kind == WALLET:
            assert account.available_cents >= 0 and account.held_cents >= 0, account.code

    # The balances projection.
    settle(ledger)
    engine = ledger.projections.engine
    assert queries.accounts_total(engine) == 0
    for row in queries.accounts(engine):
        if row["kind"] == WALLET:
            assert row["available_cents"] >= 0 and row["held_cents"] >= 0, row["account_code"]
    assert_balances_match_aggregates(ledger)
    for pid in players:
        assert queries.balance(engine, pid) == {
            "available_cents": available[pid], "held_cents": sum(holds[pid].values()),
            "balance_cents": available[pid] + sum(holds[pid].values())}
