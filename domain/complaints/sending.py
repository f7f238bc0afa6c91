"""Complaint cases, letters recorded as sent (issue 25): which of the case's letters left, in
which language, through which channel, when and by whom (903-B 5.2.2(7): the actor).

A case produces two letters (domain/complaints/letters.py): the acknowledgement, once the
case was acknowledged, and the final answer, once it is resolved (the decision in force: a
reopened case has none until it is resolved again). Recording a letter that does not exist
yet is a 409 ``letter_not_available``, nothing recorded. ``sent_at`` is when it left: given
(an aware time, not in the future by the service's clock, not before the letter existed), or
now. A letter may be sent more than once (by post, then by e-mail): each sending is an event.
Idempotent by key, as the other case commands: the same key and request answer the first
recording again; another request under the key is 409 ``idempotency_key_reused``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.complaints import case as c
from domain.complaints.case import ComplaintCase
from domain.complaints.handling import get_case, public, staff_only
from domain.complaints.letters import LANGUAGES
from domain.kernel.errors import ConflictError, InvalidInputError
from domain.kernel.uow import UnitOfWork
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id


def letter_since(case: ComplaintCase, letter: str) -> datetime | None:
    """When ``letter`` came to exist on the case (the acknowledgement, the resolution in
    force), or None: the case has no such letter (yet)."""
    if letter == c.ACKNOWLEDGEMENT:
        return getattr(case, "acknowledged_at", None)
    return getattr(case, "resolved_at", None) if case.outcome is not None else None


def _check(case: ComplaintCase, letter: Any, language: Any, channel: Any,
           sent_at: Any, now: datetime) -> datetime:
    if letter not in c.LETTERS:
        raise InvalidInputError(f"letter must be one of {', '.join(c.LETTERS)}", field="letter")
    if language not in LANGUAGES:
        raise InvalidInputError(f"language must be one of {', '.join(LANGUAGES)}",
                                field="language")
    if channel not in c.SEND_CHANNELS:
        raise InvalidInputError(f"channel must be one of {', '.join(c.SEND_CHANNELS)}",
                                field="channel")
    since = letter_since(case, letter)
    if since is None:
        when = ("once the case is acknowledged" if letter == c.ACKNOWLEDGEMENT
                else "once the case is resolved")
        raise ConflictError(f"case {case.reference} has no {letter} letter yet (it is"
                            f" {case.state}): it exists {when}", field="letter",
                            code="letter_not_available",
                            details={"letter": letter, "state": case.state})
    if sent_at is None:
        return now
    if not isinstance(sent_at, datetime) or sent_at.tzinfo is None:
        raise InvalidInputError("sent_at must be a time with its offset (ISO 8601)",
                                field="sent_at")
    if sent_at > now:
        raise InvalidInputError("sent_at must not be in the future", field="sent_at")
    if sent_at < since:
        raise InvalidInputError(f"sent_at must not be before the {letter} letter existed"
                                f" ({since.isoformat()})", field="sent_at")
    return sent_at


def send_letter(uow: UnitOfWork, *, case_id: str, letter: str, channel: str,
                idempotency_key: str, actor: str, language: str = "pt",
                sent_at: datetime | None = None) -> Any:
    """Record that one of the case's letters was sent to the player."""
    staff_only(actor)
    check_key(idempotency_key)
    case = get_case(uow, case_id)
    scope = f"complaint:{case.id}"
    fp = fingerprint("send_letter", {
        "case_id": str(case.id), "letter": letter, "language": language, "channel": channel,
        "sent_at": sent_at.isoformat() if isinstance(sent_at, datetime) else sent_at})
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    case.require("send_letter")
    when = _check(case, letter, language, channel, sent_at, uow.at)
    decision = case.decision["number"] if letter == c.FINAL and case.decision else None
    case.letter_sent(letter=letter, language=language, decision=decision, channel=channel,
                     sent_at=when, idempotency_key=idempotency_key, actor=actor, at=uow.at)
    result = public(case)
    uow.add(CommandReceipt.record(scope=scope, key=idempotency_key, fingerprint=fp,
                                  operation="send_letter", outcome={"result": result},
                                  actor=actor, at=uow.at))
    return result
