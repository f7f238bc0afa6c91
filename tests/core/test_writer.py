"""The group-commit writer: concurrency, isolation of failures, optimistic concurrency across
processes (two Ledger instances on one database stand for two processes)."""

from __future__ import annotations

import threading

import pytest

from domain.ledger import wallets
from domain.kernel.actors import staff_actor
from domain.kernel.errors import DomainError, InsufficientFundsError, RuleViolationError
from infra.container import build_ledger, unwrap
from tests.projections.support import hold

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")


def balance_of(ledger, player_id) -> int:
    return ledger.writer.execute(lambda uow: wallets.get_wallet(uow, player_id)).available_cents


def test_903b_5_2_2_3_two_concurrent_withdrawals_over_the_balance_one_wins(ledger):
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    ledger.deposit(player_id, 1_000, "d1", actor=OPERATOR)
    futures = ledger.writer.submit_many([
        lambda uow, k=k: wallets.move_cash(
            uow, operation="withdrawal", player_id=player_id, amount_cents=700,
            idempotency_key=k, payment_method="card", actor=OPERATOR)
        for k in ("w1", "w2")])
    outcomes = []
    for future in futures:
        try:
            outcomes.append(unwrap(future.result()))
        except InsufficientFundsError as error:
            outcomes.append(error)
    assert sum(isinstance(o, dict) for o in outcomes) == 1
    assert sum(isinstance(o, InsufficientFundsError) for o in outcomes) == 1
    assert balance_of(ledger, player_id) == 300


def test_903b_5_4_3_4_a_stake_leaves_the_available_balance_at_once(ledger):
    """903-B 5.4.3(4): "debit the player's account immediately after a bet is made"."""
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    ledger.deposit(player_id, 1_000, "d1", actor=OPERATOR)
    hold(ledger, player_id, "bet-1", 300, "j1")  # the bet; its jogada is not settled
    ledger.writer.forget_all()  # what the store holds, not the writer's memory
    assert balance_of(ledger, player_id) == 700
    with pytest.raises(InsufficientFundsError):  # the stake cannot be spent a second time
        ledger.withdraw(player_id, 701, "w1", actor=OPERATOR)
    assert ledger.withdraw(player_id, 700, "w2", actor=OPERATOR)["available_cents"] == 0


def test_two_writer_processes_on_one_stream_never_both_win(ledger, make_settings, clock):
    """Optimistic concurrency: the second instance holds a stale wallet in memory; its save is
    refused by the store, it reloads, and the withdrawal is refused for lack of funds."""
    other = build_ledger(make_settings(), clock=clock)
    try:
        player_id, _ = ledger.register_player(display_name="Rui", actor=OPERATOR)
        ledger.deposit(player_id, 1_000, "d1", actor=OPERATOR)
        assert balance_of(other, player_id) == 1_000  # now cached in the other writer
        ledger.withdraw(player_id, 700, "w1", actor=OPERATOR)
        with pytest.raises(InsufficientFundsError):
            other.withdraw(player_id, 700, "w2", actor=OPERATOR)
        assert other.writer.stats["reruns"] == 1
        assert balance_of(ledger, player_id) == 300
        assert balance_of(other, player_id) == 300
    finally:
        other.close()


def test_concurrent_withdrawals_from_two_processes_threads(ledger, make_settings, clock):
    other = build_ledger(make_settings(), clock=clock)
    try:
        player_id, _ = ledger.register_player(display_name="Eva", actor=OPERATOR)
        ledger.deposit(player_id, 1_000, "d1", actor=OPERATOR)
        balance_of(other, player_id)
        results: list[object] = []
        barrier = threading.Barrier(2)

        def withdraw(instance, key):
            barrier.wait()
            try:
                results.append(instance.withdraw(player_id, 600, key, actor=OPERATOR))
            except DomainError as error:
                results.append(error)

        threads = [threading.Thread(target=withdraw, args=(i, k))
                   for i, k in ((ledger, "a"), (other, "b"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(type(r).__name__ for r in results) == ["InsufficientFundsError", "dict"]
        ledger.writer.forget_all()
        assert balance_of(ledger, player_id) == 400
    finally:
        other.close()


def test_same_idempotency_key_from_two_processes_moves_money_once(ledger, make_settings, clock):
    other = build_ledger(make_settings(), clock=clock)
    try:
        player_id, _ = ledger.register_player(display_name="Ivo", actor=OPERATOR)
        first = ledger.deposit(player_id, 500, "same", actor=OPERATOR)
        again = other.deposit(player_id, 500, "same", actor=OPERATOR)  # unknown to its memory
        assert again == first
        assert balance_of(other, player_id) == 500
    finally:
        other.close()


def test_a_failing_command_does_not_take_its_batch_down(ledger):
    player_id, _ = ledger.register_player(display_name="Lia", actor=OPERATOR)

    def broken(uow):
        wallet = wallets.get_wallet(uow, player_id)
        wallet._credited(transfer_id="x", amount_cents=5, counterparty="nowhere", reason="bug",
                         refs={}, actor=OPERATOR, at=uow.at)  # an event, then an error
        raise RuleViolationError("half-written command", field="test")

    def deposit(key):
        return lambda uow: wallets.move_cash(uow, operation="deposit", player_id=player_id,
                                             amount_cents=100, idempotency_key=key,
                                             payment_method="card", actor=OPERATOR)

    futures = ledger.writer.submit_many([deposit("a"), broken, deposit("b")])
    assert unwrap(futures[0].result())["amount_cents"] == 100
    with pytest.raises(Exception):
        futures[1].result()
    assert unwrap(futures[2].result())["amount_cents"] == 100
    assert ledger.writer.stats["reruns"] == 1  # the group was re-run command by command
    ledger.writer.forget_all()
    assert balance_of(ledger, player_id) == 200  # the half-written credit never reached the store


def test_903b_5_2_2_4_no_transfer_between_player_accounts(ledger):
    a, _ = ledger.register_player(display_name="A", actor=OPERATOR)
    b, _ = ledger.register_player(display_name="B", actor=OPERATOR)
    ledger.deposit(a, 100, "d", actor=OPERATOR)
    with pytest.raises(RuleViolationError) as caught:
        ledger.writer.execute(lambda uow: wallets.transfer_between(
            uow, from_code=f"wallet:{a}", to_code=f"wallet:{b}", transfer_id="t",
            amount_cents=50, reason="gift", refs=None, actor=OPERATOR))
    assert caught.value.rule == "903-B 5.2.2(4)"
    assert balance_of(ledger, a) == 100


def test_903b_6_3_4_events_are_stored_in_the_order_they_happened_across_streams(ledger):
    """A command that changes several streams (wallet A, then B, then A again) is stored in
    the order its events were triggered, not stream by stream, so a replay by position tells
    what happened first (903-B 6.3.4(2); Portaria 461/2001 r4b relies on it)."""
    from domain.ledger.accounts import account_id, wallet_code

    a, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    b, _ = ledger.register_player(display_name="Rui", actor=OPERATOR)
    start = ledger.writer.last_position

    def three_deposits(uow):
        for player_id, key in ((a, "x1"), (b, "x2"), (a, "x3")):
            wallets.move_cash(uow, operation="deposit", player_id=player_id, amount_cents=100,
                              idempotency_key=key, payment_method="card", actor=OPERATOR)

    ledger.writer.execute(three_deposits)
    stored = ledger.app.recorder.select_notifications(start + 1, 1_000)
    wallet_of = {account_id(wallet_code(a)): "A", account_id(wallet_code(b)): "B"}
    order = [wallet_of[n.originator_id] for n in stored if n.originator_id in wallet_of]
    assert order == ["A", "B", "A"]
