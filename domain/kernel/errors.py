"""The domain's error hierarchy. api/errors.py maps each class to one HTTP status.

Every error carries a stable machine-readable ``code``, a message, the ``field`` it is about
and, where one applies, the regulation ``rule`` (e.g. "903-B 5.2.2(3)", "<game title> rule 31").
"""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """Raised when a command cannot be carried out; nothing is recorded unless said otherwise."""

    code = "domain_error"

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        rule: str | None = None,
        code: str | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.rule = rule
        if code is not None:
            self.code = code
        self.details = details or {}

    def __reduce__(self):  # errors cross the pipe from the writer process intact
        return (_rebuild, (type(self), self.message, self.field, self.rule, self.code,
                           self.details))

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            body["field"] = self.field
        if self.rule is not None:
            body["rule"] = self.rule
        if self.details:
            body["details"] = self.details
        return body


class NotFoundError(DomainError):
    """Raised when the thing a command names does not exist."""

    code = "not_found"


class RuleViolationError(DomainError):
    """Raised when a command breaks a rule of the regulation or of the table."""

    code = "rule_violation"


class InvalidInputError(DomainError):
    """Raised when a value is malformed or out of its allowed range."""

    code = "invalid_input"


class InsufficientFundsError(RuleViolationError):
    """Raised when a debit or hold would take a wallet below zero (903-B 5.2.2(3), 5.4.3(5))."""

    code = "insufficient_funds"


class ConflictError(DomainError):
    """Raised when a command conflicts with recorded state (idempotency key reuse, state machine)."""

    code = "conflict"


class IdempotencyConflictError(ConflictError):
    """Raised when an idempotency key is reused with a different request body."""

    code = "idempotency_key_reused"


class ConcurrencyError(ConflictError):
    """Raised when concurrent writers kept winning the same stream and retries ran out."""

    code = "concurrent_update"


class ForbiddenError(DomainError):
    """Raised when the actor's role may not perform the command."""

    code = "forbidden"


def _rebuild(cls: type[DomainError], message: str, field: str | None, rule: str | None,
             code: str, details: dict[str, Any]) -> DomainError:
    return cls(message, field=field, rule=rule, code=code, details=details)
