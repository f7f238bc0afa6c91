"""The complaint policy (issue 16): case types and their deadlines, the holiday calendar, and
the compensation limits. Configuration, published by an operator as numbered versions, never
edited (903-B 1.5 "Log"); a case records the deadlines it was given, so a later version changes
only the cases opened after it.

Defaults (no version published): acknowledge within 2 working days; answer within 15 working
days, the deadline of an answer to the electronic complaints book (Livro de Reclamações,
Decreto-Lei 156/2005 as amended by Decreto-Lei 74/2017), 10 for payments; the Portuguese
national holidays; compensation above 100,00 € needs a second staff member's approval (four
eyes); no single compensation above 100 000,00 €.
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.complaints.calendar import MAX_WORKING_DAYS, Calendar, parse_holidays
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import ConflictError, InvalidInputError

POLICY_ID: UUID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/complaint-policy")

# What a case is about; each its own deadlines.
CASE_TYPES = ("jogada", "payment", "session", "account", "other")
DEFAULT_DEADLINES: dict[str, dict[str, int]] = {
    "jogada": {"acknowledge": 2, "answer": 15},
    "payment": {"acknowledge": 2, "answer": 10},
    "session": {"acknowledge": 2, "answer": 15},
    "account": {"acknowledge": 2, "answer": 15},
    "other": {"acknowledge": 2, "answer": 15},
}
DEFAULT_FOUR_EYES_ABOVE_CENTS = 10_000
DEFAULT_MAX_COMPENSATION_CENTS = 10_000_000
MAX_LIMIT_CENTS = 10**11  # the wallet's own bound on one movement (domain/ledger/wallets.py)


def default_settings() -> dict[str, Any]:
    return {"version": 0, "national_holidays": True, "holidays": [],
            "deadlines": copy.deepcopy(DEFAULT_DEADLINES),
            "four_eyes_above_cents": DEFAULT_FOUR_EYES_ABOVE_CENTS,
            "max_compensation_cents": DEFAULT_MAX_COMPENSATION_CENTS}


def _cents(value: Any, field: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= MAX_LIMIT_CENTS:
        raise InvalidInputError(f"{field} must be an integer number of cents from {low} to"
                                f" {MAX_LIMIT_CENTS}", field=field)
    return value


def check_policy(*, holidays: Any, national_holidays: Any, deadlines: Any,
                 four_eyes_above_cents: Any, max_compensation_cents: Any) -> dict[str, Any]:
    """A whole policy, checked field by field (each error names its field); a clean copy."""
    if not isinstance(national_holidays, bool):
        raise InvalidInputError("national_holidays must be true or false",
                                field="national_holidays")
    clean_holidays = parse_holidays(holidays)
    if not isinstance(deadlines, dict):
        raise InvalidInputError("deadlines must be an object of case types", field="deadlines")
    clean_deadlines = copy.deepcopy(DEFAULT_DEADLINES)
    for case_type, pair in deadlines.items():
        if case_type not in CASE_TYPES:
            raise InvalidInputError(f"deadlines: case type must be one of {', '.join(CASE_TYPES)}"
                                    f", not {case_type!r}", field="deadlines")
        if not isinstance(pair, dict) or set(pair) - {"acknowledge", "answer"}:
            raise InvalidInputError("deadlines.<type> holds acknowledge and answer (working days)",
                                    field=f"deadlines.{case_type}")
        for name, days in pair.items():
            field = f"deadlines.{case_type}.{name}"
            if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_WORKING_DAYS:
                raise InvalidInputError(f"{field} must be 1 to {MAX_WORKING_DAYS} working days",
                                        field=field)
            clean_deadlines[case_type][name] = days
        if clean_deadlines[case_type]["acknowledge"] > clean_deadlines[case_type]["answer"]:
            raise ConflictError(f"deadlines.{case_type}: the acknowledgement cannot be due"
                                " after the answer", field=f"deadlines.{case_type}")
    four_eyes = _cents(four_eyes_above_cents, "four_eyes_above_cents", 0)
    maximum = _cents(max_compensation_cents, "max_compensation_cents", 1)
    return {"national_holidays": national_holidays, "holidays": clean_holidays,
            "deadlines": clean_deadlines, "four_eyes_above_cents": four_eyes,
            "max_compensation_cents": maximum}


class ComplaintPolicy(LedgerAggregate):
    """The one policy stream: its versions, newest last."""

    @event("Created", topic="ledger.ComplaintPolicy.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.current: dict[str, Any] = default_settings()

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return POLICY_ID

    def publish(self, settings: dict[str, Any], *, actor: str, at: datetime) -> int:
        version = self.current["version"] + 1
        self._published(version=version, settings=settings, actor=actor, at=at)
        return version

    @event("PolicyPublished", topic="ledger.ComplaintPolicy.PolicyPublished")
    def _published(self, version: int, settings: dict[str, Any], actor: str, at: datetime) -> None:
        self.current = {**copy.deepcopy(settings), "version": version,
                        "published_at": at.isoformat(), "published_by": actor}


def calendar_of(settings: dict[str, Any]) -> Calendar:
    return Calendar(settings["holidays"], national=settings["national_holidays"])


def policy_in_force(uow: Any) -> dict[str, Any]:
    policy = uow.find(POLICY_ID, ComplaintPolicy)
    return default_settings() if policy is None else policy.current
