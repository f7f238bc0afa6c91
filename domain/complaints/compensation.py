"""Complaint cases, compensation (issue 16): an approved decision's compensation paid exactly
once, through the ledger only (a transfer from the house, a correction of the named transfer,
or the game's own void of the jogada), in the same transaction as the case's
``CompensationPaid``."""

from __future__ import annotations

from typing import Any

from domain.complaints.case import ComplaintCase
from domain.complaints.handling import get_case, public, staff_only
from domain.kernel.errors import ConflictError
from domain.kernel.uow import UnitOfWork
from domain.ledger import corrections, wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id


def _pay(uow: UnitOfWork, case: ComplaintCase, compensation: dict[str, Any], number: int,
         actor: str) -> list[str]:
    """The money, through the ledger only; the reason names the case."""
    kind, amount = compensation["kind"], compensation["amount_cents"]
    refs = {"case_id": str(case.id), "case_reference": case.reference, "decision": str(number)}
    if kind == "payment":  # from the house to the player's wallet
        transfer_id = f"compensation:{case.id}:{number}"
        wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=wallet_code(case.player_id),
                                 transfer_id=transfer_id, amount_cents=amount,
                                 reason="compensation", refs=refs, actor=actor)
        return [transfer_id]
    if kind == "correction":  # the named transfer undone (domain/ledger/corrections.py)
        done = corrections.correct_transfer(
            uow, transfer_id=compensation["transfer_id"], from_code=compensation["from_code"],
            to_code=compensation["to_code"], amount_cents=amount,
            note=f"complaint {case.reference}, decision {number}", actor=actor)
        return [done["transfer_id"]]
    # game_refund: the jogada is voided by its game's own rule (every bet back)
    venue = compensation["venue_id"]
    game = uow.games.for_venue(venue)
    if game is None or game.void_jogada is None:
        raise ConflictError(f"the game of {venue} cannot void a jogada from a case",
                            field="compensation.venue_id")
    done = game.void_jogada(uow, venue.partition(":")[2], compensation["jogada_id"],
                            f"complaint {case.reference}", actor)
    return [f"void:{done['jogada_id']}"]


def pay_compensation(uow: UnitOfWork, *, case_id: str, idempotency_key: str, actor: str) -> Any:
    """Exactly once per approved decision: the same key answers the first payment again;
    another key once it is paid is a 409, nothing moved."""
    staff_only(actor)
    check_key(idempotency_key)
    case = get_case(uow, case_id)
    scope = f"complaint:{case.id}"
    fp = fingerprint("pay_compensation", {"case_id": str(case.id)})
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    case.require("pay")
    decision = case.decision
    if decision.get("compensation") is None:
        raise ConflictError("the approved decision pays no compensation", field="case_id")
    number = decision["number"]
    if number in case.paid:
        raise ConflictError(f"the compensation of decision {number} was already paid",
                            field="idempotency_key", code="compensation_already_paid")
    compensation = decision["compensation"]
    transfers = _pay(uow, case, compensation, number, actor)
    case.compensation_paid(number=number, kind=compensation["kind"],
                           amount_cents=compensation["amount_cents"], transfer_ids=transfers,
                           idempotency_key=idempotency_key, actor=actor, at=uow.at)
    result = public(case)
    uow.add(CommandReceipt.record(scope=scope, key=idempotency_key, fingerprint=fp,
                                  operation="pay_compensation", outcome={"result": result},
                                  actor=actor, at=uow.at))
    return result
