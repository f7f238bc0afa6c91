"""Corrections: nothing recorded is ever changed or deleted (903-B 1.5 "Log"); a mistaken
transfer is undone by a new, opposite transfer that points at the original (refs.corrects).

A transfer is corrected at most once: the correction's receipt is keyed by the original's id.
The correction obeys every rule a transfer obeys, the wallet floor included (903-B 5.2.2(3)):
a deposit the player already spent cannot be taken back below zero.
"""

from __future__ import annotations

from typing import Any

from domain.kernel.errors import ConflictError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text
from domain.kernel.uow import UnitOfWork
from domain.ledger import accounts
from domain.ledger.receipts import CommandReceipt, fingerprint, receipt_id
from domain.ledger.wallets import get_account

SCOPE = "corrections"


def correction_id(transfer_id: str) -> str:
    """The id of the transfer that corrects ``transfer_id`` (there is at most one)."""
    return f"correction:{transfer_id}"


def correct_transfer(uow: UnitOfWork, *, transfer_id: str, from_code: str, to_code: str,
                     amount_cents: int, note: str, actor: str) -> dict[str, Any]:
    """Reverse transfer ``transfer_id`` (which moved ``amount_cents`` from ``from_code`` to
    ``to_code``): move the same amount back, recording why."""
    check_text(note, "reason", max_length=500)
    fp = fingerprint("correction", {"transfer_id": transfer_id, "note": note})
    existing = uow.find_receipt(receipt_id(SCOPE, transfer_id))
    if existing is not None:
        if existing.fingerprint != fp:
            raise ConflictError(f"transfer {transfer_id} was already corrected",
                                field="transfer_id", rule=cite(T903B, "1.5"))
        return existing.replay(fp)
    correcting = correction_id(transfer_id)
    accounts.transfer(get_account(uow, to_code), get_account(uow, from_code),
                      transfer_id=correcting, amount_cents=amount_cents, reason="correction",
                      refs={"corrects": transfer_id, "note": note}, actor=actor, at=uow.at)
    result = {"transfer_id": correcting, "corrects": transfer_id, "from_code": to_code,
              "to_code": from_code, "amount_cents": amount_cents, "reason": note,
              "at": uow.at.isoformat()}
    uow.add(CommandReceipt(scope=SCOPE, key=transfer_id, fingerprint=fp, operation="correction",
                           outcome={"result": result}, actor=actor, at=uow.at))
    return result
