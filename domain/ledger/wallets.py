"""Wallet commands: deposits, withdrawals, and the generic transfers and holds games use.

903-B 5.4.1: deposits are credited at once (5.4.1(4)) and logged with date and time, instrument,
player, amount and type; refused attempts are logged (5.4.1(8)). 903-B 5.4.2: withdrawals never
take the balance below zero (5.4.2(2)) and refused attempts are logged (5.4.2(9)).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.errors import DomainError, InvalidInputError
from domain.kernel.rules import T903B, cite
from domain.kernel.uow import UnitOfWork
from domain.ledger import accounts
from domain.ledger.accounts import CASHIER_CODE, Account, account_id, wallet_code
from domain.ledger.receipts import (
    CommandReceipt,
    Refusal,
    check_key,
    fingerprint,
    outcome_of_error,
    receipt_id,
)

DEPOSIT = "deposit"
WITHDRAWAL = "withdrawal"
MAX_MOVEMENT_CENTS = 10**11  # one billion euros: anything larger is a typo, not a deposit
PAYMENT_METHODS = ("bank_transfer", "card", "mbway", "multibanco", "paypal", "other")


def wallet_scope(player_id: UUID | str) -> str:
    return f"wallet:{player_id}"


def get_wallet(uow: UnitOfWork, player_id: UUID | str) -> Account:
    return uow.get(account_id(wallet_code(player_id)), Account, what=f"player {player_id}",
                   field="player_id")


def move_cash(
    uow: UnitOfWork,
    *,
    operation: str,
    player_id: UUID | str,
    amount_cents: int,
    idempotency_key: str,
    payment_method: str,
    actor: str,
) -> dict[str, Any] | Refusal:
    """A deposit (cashier → wallet) or a withdrawal (wallet → cashier), idempotent by key.
    ``player_id``: the UUID, or its canonical text (``str(uuid)``, as the writer process
    receives it: infra/container.py CashCommand)."""
    check_key(idempotency_key)
    accounts.check_amount(amount_cents)
    if amount_cents > MAX_MOVEMENT_CENTS:
        raise InvalidInputError(
            f"amount_cents must be at most {MAX_MOVEMENT_CENTS}", field="amount_cents"
        )
    if payment_method not in PAYMENT_METHODS:
        raise InvalidInputError(
            f"payment_method must be one of {', '.join(PAYMENT_METHODS)}",
            field="payment_method", rule=cite(T903B, "5.4.1(5)"),
        )
    player = str(player_id)  # once: a UUID's text costs a microsecond each time
    scope = wallet_scope(player)
    fp = fingerprint(operation, {"amount_cents": amount_cents, "payment_method": payment_method})
    rid = receipt_id(scope, idempotency_key)
    existing = uow.find_receipt(rid)
    if existing is not None:
        return existing.replay(fp)
    wallet = get_wallet(uow, player)
    cashier = uow.get(account_id(CASHIER_CODE), Account, what="cashier account")
    source, destination = (cashier, wallet) if operation == DEPOSIT else (wallet, cashier)
    transfer_id = str(rid)
    refs = {"payment_method": payment_method, "idempotency_key": idempotency_key}
    try:
        accounts.transfer(
            source, destination, transfer_id=transfer_id, amount_cents=amount_cents,
            reason=operation, refs=refs, actor=actor, at=uow.at,
        )
    except DomainError as error:
        # 903-B 5.4.1(8), 5.4.2(9): the refusal is recorded (``_attempt_refused``'s event).
        wallet.trigger_event(
            Account.AttemptRefused, operation=operation, amount_cents=amount_cents,
            code=error.code, message=error.message, details=error.details, refs=refs,
            actor=actor, at=uow.at,
        )
        outcome: dict[str, Any] = outcome_of_error(error)
        result: dict[str, Any] | Refusal = Refusal(error)
    else:
        result = {
            "transfer_id": transfer_id,
            "player_id": player,
            "operation": operation,
            "amount_cents": amount_cents,
            "payment_method": payment_method,
            "available_cents": wallet.available_cents,
            "held_cents": wallet.held_cents,
            "at": uow.at.isoformat(),
        }
        outcome = {"result": result}
    uow.add(CommandReceipt.record(scope=scope, key=idempotency_key, fingerprint=fp,
                                  operation=operation, outcome=outcome, actor=actor, at=uow.at))
    return result


def open_account(uow: UnitOfWork, *, code: str, kind: str, owner: str | None, actor: str) -> Account:
    """Open an account if it is not open yet (idempotent)."""
    existing = uow.find(account_id(code), Account)
    if existing is not None:
        return existing
    account = Account.open(code=code, kind=kind, owner=owner, actor=actor, at=uow.at)
    uow.add(account)
    return account


# Building blocks for game commands (bets, settlements, refunds). A game handler calls these
# inside its own unit of work, so the table's events and the money events share one transaction.
def get_account(uow: UnitOfWork, code: str) -> Account:
    return uow.get(account_id(code), Account, what=f"account {code}")


def transfer_between(uow: UnitOfWork, *, from_code: str, to_code: str, transfer_id: str,
                     amount_cents: int, reason: str, refs: dict[str, str] | None,
                     actor: str) -> None:
    accounts.transfer(get_account(uow, from_code), get_account(uow, to_code),
                      transfer_id=transfer_id, amount_cents=amount_cents, reason=reason,
                      refs=refs, actor=actor, at=uow.at)


def hold_stake(uow: UnitOfWork, *, player_id: UUID, to_code: str, transfer_id: str,
               amount_cents: int, reason: str, refs: dict[str, str] | None, actor: str) -> None:
    """A bet leaves the available balance at once (903-B 5.4.3(4)), pending its result."""
    accounts.hold(get_wallet(uow, player_id), get_account(uow, to_code),
                  transfer_id=transfer_id, amount_cents=amount_cents, reason=reason, refs=refs,
                  actor=actor, at=uow.at)


def post_stake(uow: UnitOfWork, *, player_id: UUID, transfer_id: str,
               amount_cents: int | None = None, reason: str, actor: str) -> None:
    wallet = get_wallet(uow, player_id)
    counterparty = wallet.hold(transfer_id)["counterparty"]
    accounts.post_hold(wallet, get_account(uow, counterparty), transfer_id=transfer_id,
                       amount_cents=amount_cents, reason=reason, actor=actor, at=uow.at)


def void_stake(uow: UnitOfWork, *, player_id: UUID, transfer_id: str, reason: str,
               actor: str) -> None:
    accounts.void_hold(get_wallet(uow, player_id), transfer_id=transfer_id, reason=reason,
                       actor=actor, at=uow.at)
