"""The bootstrap operator key (``LEDGER_BOOTSTRAP_OPERATOR_KEY``): a shared secret from the
environment that acts as an operator so that a fresh install can register its first staff.

Once a registered operator exists it can be turned off for good: ``BootstrapKeyDisabled`` in a
stream of its own (a fixed id), naming who did it (903-B 5.2.2(7)). From then on the key no
longer authenticates, even if the variable is still set (903-B 7.4.5(1): every user has an
identifier of its own; a shared key is for the first step only). It is refused while no
registered operator has an active key: nobody could act as an operator afterwards
(BOOTSTRAP_RULE).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Iterable
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.access.principals import active_operators
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.kernel.uow import UnitOfWork

BOOTSTRAP_KEY_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/bootstrap-key")
BOOTSTRAP_RULE = (cite(T903B, "7.4.3(1)") + ": the bootstrap key is disabled only once a"
                  " registered operator has an active key")


class BootstrapKey(LedgerAggregate):
    """Created by its only event: the key was disabled."""

    @event("Disabled", topic="ledger.BootstrapKey.Disabled")
    def __init__(self, actor: str, at: datetime) -> None:
        self.disabled_by = actor
        self.disabled_at = at

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return BOOTSTRAP_KEY_ID


def disable_bootstrap_key(uow: UnitOfWork, *, actor: str,
                          operator_ids: Iterable[UUID | str]) -> dict[str, Any]:
    """Disable the bootstrap key once. Disabling it again records nothing and answers the first
    disabling. ``operator_ids``: the operators the principals projection knows."""
    existing = uow.find(BOOTSTRAP_KEY_ID, BootstrapKey)
    if existing is not None:
        return {"disabled_at": existing.disabled_at, "disabled_by": existing.disabled_by,
                "already_disabled": True}
    if not active_operators(uow, operator_ids):
        raise RuleViolationError(
            "no registered operator has an active API key: register one (POST /staff, role "
            "operator) before disabling the bootstrap key", field="bootstrap_key",
            rule=BOOTSTRAP_RULE, code="no_registered_operator")
    key = BootstrapKey(actor=actor, at=uow.at)
    uow.add(key)
    return {"disabled_at": key.disabled_at, "disabled_by": actor, "already_disabled": False}
