"""The writer's shorter paths store exactly what the library's own paths store (903-B 6.3.7:
the record does not change with the code that writes it).

A deposit's events are triggered with ``trigger_event(Account.Debited, ...)`` and
``CommandReceipt.record(...)``, through ``LedgerAggregate``'s fast ``trigger_event`` and
``_create`` (domain/kernel/aggregate.py), mapped by ``LedgerMapper`` and stored by the writer
(infra/writer/group_commit.py, infra/store/eventstore.py), the command pickled as it crosses to the writer process
(infra/container.py CashCommand). The reference is the library's decorated path: the ``@event``
methods and ``CommandReceipt(...)`` with the fast paths switched off, mapped by the library's
``Mapper`` and ``JSONTranscoder``. Topics and state bytes must be identical.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import pickle
from datetime import datetime, timezone
from typing import Any
from uuid import UUID, uuid5

import eventsourcing.domain
import pytest
from eventsourcing.application import Application
from eventsourcing.persistence import JSONTranscoder, Mapper

from domain.kernel import aggregate as base
from domain.ledger.accounts import CASHIER_CODE, Account, account_id, wallet_code
from domain.kernel.actors import staff_actor
from domain.kernel.errors import DomainError, InsufficientFundsError
from domain.ledger.receipts import CommandReceipt, fingerprint, outcome_of_error, receipt_id
from domain.ledger.wallets import DEPOSIT, WITHDRAWAL
from infra.container import Ledger

TIMESTAMP = datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=timezone.utc)
OPERATOR = staff_actor(UUID(int=7))


@pytest.fixture
def fixed_timestamps(monkeypatch):
    """Every event's ``timestamp`` (the library reads the clock for it) is the same."""
    monkeypatch.setattr(eventsourcing.domain, "datetime_now_with_tzinfo", lambda: TIMESTAMP)


@contextlib.contextmanager
def library_path():
    """The library's own trigger_event and _create for every event class."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(base, "_mutation_specs", {})
        patch.setattr(base, "_creation_specs", {})
        patch.setattr(base, "_mutation_spec", lambda event_class: None)
        patch.setattr(base, "_creation_spec", lambda cls, event_class: None)
        yield


def library_mapper() -> Mapper:
    transcoder = JSONTranscoder()
    Application.register_transcodings(None, transcoder)  # type: ignore[arg-type]
    return Mapper(transcoder=transcoder)


def records(mapper: Mapper, events: list[Any]) -> list[tuple[str, int, str, bytes]]:
    out = []
    for event in events:
        stored = Mapper.to_stored_event(mapper, event)  # the library's own method
        out.append((str(stored.originator_id), stored.originator_version, stored.topic,
                    stored.state))
    return out


def in_trigger_order(*aggregates: Any) -> list[Any]:
    numbered = [pair for a in aggregates for pair in a.collect_numbered_events()]
    return [event for _, event in sorted(numbered, key=lambda pair: pair[0])]


def library_cash(wallet: Account, cashier: Account, *, operation: str, player_id: UUID,
                 amount_cents: int, key: str, payment_method: str, at: datetime) -> list[Any]:
    """What ``move_cash`` did before the fast paths: the decorated methods, the receipt's
    constructor, the same outcome (a new receipt, not a replay)."""
    scope = f"wallet:{player_id}"
    rid = receipt_id(scope, key)
    source, destination = (cashier, wallet) if operation == DEPOSIT else (wallet, cashier)
    refs = {"payment_method": payment_method, "idempotency_key": key}
    try:
        source.check_can_debit(amount_cents)
    except DomainError as error:
        wallet._attempt_refused(
            operation=operation, amount_cents=amount_cents, code=error.code,
            message=error.message, details=error.details, refs=refs, actor=OPERATOR, at=at)
        outcome = outcome_of_error(error)
    else:
        source._debited(transfer_id=str(rid), amount_cents=amount_cents,
                        counterparty=destination.code, reason=operation, refs=dict(refs),
                        actor=OPERATOR, at=at)
        destination._credited(transfer_id=str(rid), amount_cents=amount_cents,
                              counterparty=source.code, reason=operation, refs=dict(refs),
                              actor=OPERATOR, at=at)
        outcome = {"result": {
            "transfer_id": str(rid), "player_id": str(player_id), "operation": operation,
            "amount_cents": amount_cents, "payment_method": payment_method,
            "available_cents": wallet.available_cents, "held_cents": wallet.held_cents,
            "at": at.isoformat()}}
    receipt = CommandReceipt(
        scope=scope, key=key, fingerprint=fingerprint(operation, {
            "amount_cents": amount_cents, "payment_method": payment_method}),
        operation=operation, outcome=outcome, actor=OPERATOR, at=at)
    return in_trigger_order(cashier, wallet, receipt)


def test_a_deposit_and_a_refused_withdrawal_store_the_librarys_bytes(ledger, clock,
                                                                      fixed_timestamps):
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    start = ledger.writer.last_position
    commands = [("ç-dep-1", DEPOSIT, 1_250, "mbway"), ("w-1", WITHDRAWAL, 9_999, "card"),
                ("dep-2", DEPOSIT, 1, "bank_transfer")]
    for key, operation, amount, method in commands:
        command = Ledger.cash_command(operation=operation, player_id=player_id,
                                      amount_cents=amount, idempotency_key=key,
                                      payment_method=method, actor=OPERATOR)
        command = pickle.loads(pickle.dumps(command, protocol=pickle.HIGHEST_PROTOCOL))
        ledger.writer.execute(command)
    stored = [(str(n.originator_id), n.originator_version, n.topic, n.state)
              for n in ledger.app.recorder.select_notifications(start=start + 1, limit=100)]

    at = clock.now()
    with library_path():
        wallet = Account(code=wallet_code(player_id), kind="wallet", owner=str(player_id),
                         actor=OPERATOR, at=at)
        cashier = Account(code=CASHIER_CODE, kind="cashier", owner=None, actor=OPERATOR, at=at)
        wallet.collect_events()
        cashier.collect_events()
        expected = []
        for key, operation, amount, method in commands:
            expected += library_cash(wallet, cashier, operation=operation, player_id=player_id,
                                     amount_cents=amount, key=key, payment_method=method, at=at)
    assert wallet.id == account_id(wallet_code(player_id))
    assert [type(e).__name__ for e in expected] == [
        "Debited", "Credited", "Recorded", "AttemptRefused", "Recorded",
        "Debited", "Credited", "Recorded"]
    assert stored == records(library_mapper(), expected)
    assert stored[0][2] == "ledger.Account.Debited"


def account_moves(fast: bool) -> tuple[list[Any], dict[str, Any]]:
    """Every account event and a receipt, by the ledger's calls (``fast``) or the decorated
    methods and constructors (the library's path)."""
    at = datetime(2026, 3, 1, 12, 0, 1, tzinfo=timezone.utc)
    from domain.ledger import accounts

    house = Account.open(code="house", kind="house", owner=None, actor=OPERATOR, at=at)
    wallet = Account.open(code="wallet:p", kind="wallet", owner="p", actor=OPERATOR, at=at)
    refs = {"jogada_id": "j1", "nested": {"at": at, "id": UUID(int=3)}}
    if fast:
        accounts.transfer(house, wallet, transfer_id="t1", amount_cents=900, reason="bonus",
                          refs=refs, actor=OPERATOR, at=at)
        accounts.hold(wallet, house, transfer_id="h1", amount_cents=300, reason="bet",
                      refs=refs, actor=OPERATOR, at=at)
        accounts.post_hold(wallet, house, transfer_id="h1", amount_cents=200, reason="lost",
                           actor=OPERATOR, at=at)
        accounts.hold(wallet, house, transfer_id="h2", amount_cents=100, reason="bet",
                      refs=None, actor=OPERATOR, at=at)
        accounts.void_hold(wallet, transfer_id="h2", reason="void", actor=OPERATOR, at=at)
        wallet.trigger_event(Account.AttemptRefused, operation="withdrawal", amount_cents=5,
                             code="insufficient_funds", message="no", details={"a": 1},
                             refs={}, actor=OPERATOR, at=at)
        receipt = CommandReceipt.record(scope="s", key="k", fingerprint="f", operation="o",
                                        outcome={"result": {"at": at}}, actor=OPERATOR, at=at)
    else:
        house._debited(transfer_id="t1", amount_cents=900, counterparty="wallet:p",
                       reason="bonus", refs=dict(refs), actor=OPERATOR, at=at)
        wallet._credited(transfer_id="t1", amount_cents=900, counterparty="house",
                         reason="bonus", refs=dict(refs), actor=OPERATOR, at=at)
        wallet._funds_held(transfer_id="h1", amount_cents=300, counterparty="house",
                           reason="bet", refs=dict(refs), actor=OPERATOR, at=at)
        wallet._hold_posted(transfer_id="h1", amount_cents=200, released_cents=100,
                            counterparty="house", reason="lost", refs=dict(refs),
                            actor=OPERATOR, at=at)
        house._credited(transfer_id="h1", amount_cents=200, counterparty="wallet:p",
                        reason="lost", refs=dict(refs), actor=OPERATOR, at=at)
        wallet._funds_held(transfer_id="h2", amount_cents=100, counterparty="house",
                           reason="bet", refs={}, actor=OPERATOR, at=at)
        wallet._hold_voided(transfer_id="h2", amount_cents=100, counterparty="house",
                            reason="void", refs={}, actor=OPERATOR, at=at)
        wallet._attempt_refused(operation="withdrawal", amount_cents=5,
                                code="insufficient_funds", message="no", details={"a": 1},
                                refs={}, actor=OPERATOR, at=at)
        receipt = CommandReceipt(scope="s", key="k", fingerprint="f", operation="o",
                                 outcome={"result": {"at": at}}, actor=OPERATOR, at=at)
    states = {str(a.id): {k: v for k, v in vars(a).items() if k != "_pending_events"}
              for a in (house, wallet, receipt)}
    return in_trigger_order(house, wallet, receipt), states


def test_every_account_event_and_a_receipt_are_the_librarys(fixed_timestamps):
    fast_events, fast_states = account_moves(fast=True)
    with library_path():
        library_events, library_states = account_moves(fast=False)
    assert [type(e) for e in fast_events] == [type(e) for e in library_events]
    for ours, theirs in zip(fast_events, library_events):
        assert list(vars(ours)) == list(vars(theirs))  # same attributes, same order
        assert ours == theirs
    assert records(library_mapper(), fast_events) == records(library_mapper(), library_events)
    assert fast_states == library_states  # the aggregates too (what a snapshot stores)
    assert {k: list(v) for k, v in fast_states.items()} == {
        k: list(v) for k, v in library_states.items()}


def test_the_fast_paths_are_taken_and_refuse_what_the_library_refuses(fixed_timestamps):
    at = TIMESTAMP
    assert base._mutation_spec(Account.Debited) is not None
    assert base._creation_spec(CommandReceipt, CommandReceipt.Recorded) is not None
    wallet = Account.open(code="wallet:q", kind="wallet", owner="q", actor=OPERATOR, at=at)
    with pytest.raises(TypeError):  # a missing attribute: the library's error
        wallet.trigger_event(Account.Credited, transfer_id="t", amount_cents=1)
    with pytest.raises(TypeError):
        CommandReceipt.record(scope="s", key="k", fingerprint="f", operation="o",
                              outcome={}, actor=OPERATOR, at=at, extra=1)  # type: ignore[call-arg]
    assert wallet.version == 1 and len(wallet.pending_events) == 1
    with pytest.raises(InsufficientFundsError):
        wallet.check_can_debit(1)


@pytest.mark.parametrize("operation, amount, method", [
    ("deposit", 100, "bank_transfer"), ("withdrawal", 10**11, "mbway"),
    ('dép"\\ósito\u2028', -5, "ç\n\x00"), ("x", 2**80, "")])
def test_a_fingerprint_is_the_digest_of_the_canonical_json(operation, amount, method):
    """Receipts keep their fingerprint forever: a replay of an old key is compared with it, so
    the canonical text must never change (903-B 6.1.1(4))."""
    canonical = json.dumps({"operation": operation,
                            "body": {"amount_cents": amount, "payment_method": method}},
                           sort_keys=True, separators=(",", ":"))
    assert fingerprint(operation, {"amount_cents": amount, "payment_method": method}) == \
        hashlib.sha256(canonical.encode()).hexdigest()


@pytest.mark.parametrize("scope, key", [("wallet:p", "k-1"), ("wallet:ç", "\u2028ü"), ("", "")])
def test_a_receipt_id_is_uuid5(scope, key):
    from domain.ledger.receipts import _NS

    assert receipt_id(scope, key) == uuid5(_NS, f"{scope}\x1f{key}")
    assert receipt_id(scope, key).version == 5


def test_a_cash_command_pickles_small_and_runs_the_same_handler():
    player_id = UUID(int=12345)
    command = Ledger.cash_command(operation=DEPOSIT, player_id=player_id, amount_cents=5,
                                  idempotency_key="k", payment_method="card", actor=OPERATOR)
    data = pickle.dumps(command, protocol=pickle.HIGHEST_PROTOCOL)
    assert b"uuid" not in data and b"SafeUUID" not in data
    copy = pickle.loads(data)
    assert copy.player_id == str(player_id)
    assert [getattr(copy, s) for s in type(copy).__slots__[2:]] == [
        getattr(command, s) for s in type(command).__slots__[2:]]
