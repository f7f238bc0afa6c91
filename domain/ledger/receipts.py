"""Idempotency: a command that moves money carries a key; its first outcome is kept as a receipt.

903-B 6.1.1(4) and 7.8.2(1)(2): repeated clicks and replayed messages are not executed twice.
The receipt is its own stream, with an id derived from (scope, key), saved in the same
transaction as the money it moved: a second writer with the same key cannot also win.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from functools import lru_cache
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel import errors as errors_module
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import DomainError, IdempotencyConflictError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text

_NS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/receipts")
MAX_KEY_LENGTH = 200


@lru_cache(maxsize=4096)
def receipt_id(scope: str, key: str) -> UUID:
    return uuid5(_NS, f"{scope}\x1f{key}")


# json.dumps(..., sort_keys=True, separators=(",", ":")) without building an encoder per call
# (a money command's hot path).
_canonical = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def fingerprint(operation: str, body: dict[str, Any]) -> str:
    canonical = _canonical({"operation": operation, "body": body})
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_key(key: Any) -> str:
    return check_text(key, "idempotency_key", max_length=MAX_KEY_LENGTH)


class CommandReceipt(LedgerAggregate):
    """The first outcome of an idempotent command: a result, or a refusal that was recorded."""

    @event("Recorded", topic="ledger.CommandReceipt.Recorded")
    def __init__(
        self,
        scope: str,
        key: str,
        fingerprint: str,
        operation: str,
        outcome: dict[str, Any],
        actor: str,
        at: datetime,
    ) -> None:
        self.scope = scope
        self.key = key
        self.fingerprint = fingerprint
        self.operation = operation
        self.outcome = outcome

    @staticmethod
    def create_id(scope: str, key: str, **_: Any) -> UUID:  # type: ignore[override]
        return receipt_id(scope, key)

    @classmethod
    def record(cls, *, scope: str, key: str, fingerprint: str, operation: str,
               outcome: dict[str, Any], actor: str, at: datetime) -> "CommandReceipt":
        """The same as ``CommandReceipt(...)`` (the same event, the same receipt), without the
        metaclass's argument handling: a money command's hot path."""
        return cls._create(cls.Recorded, scope=scope, key=key, fingerprint=fingerprint,
                           operation=operation, outcome=outcome, actor=actor, at=at)

    def replay(self, fingerprint_: str) -> Any:
        """The first outcome again; a different body under the same key is a 409."""
        if fingerprint_ != self.fingerprint:
            raise IdempotencyConflictError(
                f"idempotency_key {self.key!r} was already used with a different request",
                field="idempotency_key",
                rule=cite(T903B, "6.1.1(4)"),
            )
        if "error" in self.outcome:
            return refusal_from_outcome(self.outcome["error"])
        return self.outcome["result"]


class Refusal:
    """A command result that says no, after the refusal itself was recorded as an event."""

    def __init__(self, error: DomainError) -> None:
        self.error = error


def refusal_from_outcome(error: dict[str, Any]) -> Refusal:
    cls = getattr(errors_module, error.get("class", "DomainError"), DomainError)
    exc = cls(error["message"], field=error.get("field"), rule=error.get("rule"),
              code=error.get("code"), details=error.get("details") or {})
    return Refusal(exc)


def outcome_of_error(error: DomainError) -> dict[str, Any]:
    return {"error": {"class": type(error).__name__, **error.as_dict()}}
