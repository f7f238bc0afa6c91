"""The money and identity projections agree with the aggregates and rebuild identically."""

from __future__ import annotations

from datetime import datetime, timedelta
from uuid import uuid4

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import InsufficientFundsError
from domain.access.principals import Principal
from infra.container import hash_api_key
from projections import queries
from projections.money import BalancesProjection, JogadaIndexProjection
from projections.principals import PrincipalsProjection
from infra.projecting.runner import ProjectionRunner
from tests.projections.support import (MONEY_PROJECTIONS, OPERATOR, SYSTEM,
                                       assert_balances_match_aggregates, migration_diffs,
                                       mixed_activity, settle, snapshot)

import pytest


class ProjectionTestJogada(LedgerAggregate):
    """A stand-in for a game aggregate whose events carry ``jogada_id``."""

    @event("Started", topic="test.projections.Jogada.Started")
    def __init__(self, jogada_id: str, actor: str, at: datetime) -> None:
        self.jogada_id = jogada_id


def test_balances_equal_the_aggregates(ledger):
    first, *_ = mixed_activity(ledger)
    settle(ledger)
    assert_balances_match_aggregates(ledger)
    # 10 000 + 500 − 1 000 − 750 − 1 234 = 7 516, of which 400 held by the open stake.
    assert queries.balance(ledger.projections.engine, first) == {
        "available_cents": 7_116, "held_cents": 400, "balance_cents": 7_516}
    assert queries.balance(ledger.projections.engine, uuid4()) is None


def test_rebuild_from_zero_equals_the_live_projection(ledger):
    mixed_activity(ledger)
    settle(ledger)
    ledger.projections.stop()  # a rebuild is an offline operation (``ledger projections rebuild``)
    live = snapshot(ledger)
    assert live["balances"] and live["account_activity"] and live["jogada_events"]
    assert ledger.projections.rebuild(names=MONEY_PROJECTIONS) > 0
    assert snapshot(ledger) == live
    # Again with tiny pages and a fresh runner: accounts opened pages earlier are found in the
    # table, and a page that moves one account several times writes the same row.
    fresh = ProjectionRunner(ledger.app, ledger.projections.engine,
                             [BalancesProjection(), PrincipalsProjection(),
                              JogadaIndexProjection()], page_size=3)
    fresh.rebuild()
    assert snapshot(ledger) == live


def test_account_activity_keeps_refused_attempts_with_their_code(ledger, clock):
    engine = ledger.projections.engine
    pid, _ = ledger.register_player(display_name="Rita", actor=OPERATOR)
    start = clock.now()
    clock.advance(60)
    ledger.deposit(pid, 2_000, "d1", actor=OPERATOR, payment_method="multibanco")
    clock.advance(60)
    with pytest.raises(InsufficientFundsError):
        ledger.withdraw(pid, 5_000, "w1", actor=OPERATOR)
    clock.advance(60)
    ledger.withdraw(pid, 500, "w2", actor=OPERATOR, payment_method="bank_transfer")
    settle(ledger)

    rows = queries.account_activity(engine, pid)
    assert [r["type"] for r in rows] == ["debited", "attempt_refused", "credited", "opened"]
    assert [r["at"] for r in rows] == [start + timedelta(seconds=s) for s in (180, 120, 60, 0)]
    refused = rows[1]
    assert refused["operation"] == "withdrawal" and refused["code"] == "insufficient_funds"
    assert refused["amount_cents"] == 5_000 and refused["actor"] == OPERATOR
    assert refused["refs"]["details"] == {"available_cents": 2_000, "needed_cents": 5_000}
    # 903-B 5.4.1(5)/(8): a refused attempt is reported with its payment instrument too.
    assert refused["refs"]["payment_method"] == "bank_transfer"
    assert rows[2]["refs"]["payment_method"] == "multibanco"
    assert rows[2]["counterparty"] == "cashier" and rows[2]["operation"] == "deposit"

    # Keyset pagination, newest first; since inclusive, until exclusive.
    page1 = queries.account_activity(engine, pid, limit=2)
    page2 = queries.account_activity(engine, pid, limit=2,
                                     before_id=page1[-1]["notification_id"])
    assert page1 + page2 == rows
    window = queries.account_activity(engine, pid, since=start + timedelta(seconds=60),
                                      until=start + timedelta(seconds=180))
    assert [r["type"] for r in window] == ["attempt_refused", "credited"]

    # The operators' deposit / withdrawal log (903-B 5.4.1(5)(8), 5.4.2(7)(9)).
    moves = queries.cash_movements(engine)
    assert [(m["kind"], m["refused"], m["amount_cents"], m["payment_method"]) for m in moves] == [
        ("deposit", False, 2_000, "multibanco"), ("withdrawal", True, 5_000, "bank_transfer"),
        ("withdrawal", False, 500, "bank_transfer")]
    assert all(m["player_id"] == str(pid) for m in moves)
    assert moves[1]["code"] == "insufficient_funds"
    assert [m["amount_cents"] for m in queries.cash_movements(engine, kind="withdrawal",
                                                             include_refused=False)] == [500]
    assert [m["amount_cents"] for m in queries.cash_movements(
        engine, since=start + timedelta(seconds=120))] == [5_000, 500]
    assert queries.cash_movements(engine, after_id=moves[1]["notification_id"]) == moves[2:]


def test_principals_are_found_by_key_hash_and_id(ledger):
    engine = ledger.projections.engine
    pid, key = ledger.register_player(display_name="Ana", actor=OPERATOR)
    sid, staff_key = ledger.register_staff(role="auditor", display_name="Rui", actor=OPERATOR)
    settle(ledger)
    found = queries.principal_by_key_hash(engine, hash_api_key(key))
    assert found["principal_id"] == pid and found["role"] == "player"
    assert found["display_name"] == "Ana"
    assert queries.principal_by_key_hash(engine, hash_api_key(staff_key))["principal_id"] == sid
    assert queries.principal(engine, sid)["role"] == "auditor"
    assert queries.principal(engine, uuid4()) is None
    assert queries.principal_by_key_hash(engine, hash_api_key("nope")) is None

    new_hash = hash_api_key("lk_rotated")
    ledger.writer.execute(lambda uow: uow.get(pid, Principal).rotate_key(
        api_key_sha256=new_hash, actor=OPERATOR, at=uow.at))
    settle(ledger)
    assert queries.principal_by_key_hash(engine, hash_api_key(key)) is None
    assert queries.principal_by_key_hash(engine, new_hash)["principal_id"] == pid


def test_jogada_index_lists_a_jogadas_events_in_order(ledger):
    mixed_activity(ledger, players=1)
    ledger.writer.execute(lambda uow: uow.add(
        ProjectionTestJogada(jogada_id="a-j2-0", actor=SYSTEM, at=uow.at)))
    settle(ledger)
    events = queries.jogada_events(ledger.projections.engine, "a-j2-0")
    assert [e["topic"] for e in events] == [
        "ledger.Account.FundsHeld", "ledger.Account.HoldPosted", "ledger.Account.Credited",
        "test.projections.Jogada.Started"]
    ids = [e["notification_id"] for e in events]
    assert ids == sorted(ids)
    assert queries.jogada_events(ledger.projections.engine, "no-such-jogada") == []


def test_migration_creates_exactly_the_declared_tables(ledger):
    """projections/money.py and migrations/versions/0002_money.py describe the same tables."""
    assert migration_diffs(ledger, MONEY_PROJECTIONS) == []
