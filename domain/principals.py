"""Players and staff members (operators, auditors, complaint handlers): who may act.

The API key itself never enters an event or a log: only its SHA-256 digest does.
"""

from __future__ import annotations

from datetime import datetime

from eventsourcing.domain import event

from domain.base import LedgerAggregate

from domain.actors import ROLES
from domain.errors import InvalidInputError
from domain.text import check_text


class Principal(LedgerAggregate):
    """A registered player or staff member, with the digest of its API key."""

    @event("Registered", topic="ledger.Principal.Registered")
    def __init__(
        self, role: str, display_name: str, api_key_sha256: str, actor: str, at: datetime
    ) -> None:
        self.role = role
        self.display_name = display_name
        self.api_key_sha256 = api_key_sha256
        self.registered_at = at

    @classmethod
    def register(
        cls, role: str, display_name: str, api_key_sha256: str, actor: str, at: datetime
    ) -> "Principal":
        if role not in ROLES:
            raise InvalidInputError(
                f"role must be one of {', '.join(ROLES)}", field="role"
            )
        check_text(display_name, "display_name", max_length=200)
        return cls(role=role, display_name=display_name, api_key_sha256=api_key_sha256,
                   actor=actor, at=at)

    @event("ApiKeyRotated", topic="ledger.Principal.ApiKeyRotated")
    def rotate_key(self, api_key_sha256: str, actor: str, at: datetime) -> None:
        self.api_key_sha256 = api_key_sha256
