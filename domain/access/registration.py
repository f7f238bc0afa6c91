"""Registering players (with their wallet) and staff members."""

from __future__ import annotations

from typing import Iterable
from uuid import NAMESPACE_URL, UUID, uuid5

from domain.access.principals import Principal, active_operators
from domain.kernel.actors import STAFF_ROLES
from domain.kernel.errors import InvalidInputError
from domain.kernel.uow import UnitOfWork
from domain.ledger.accounts import (
    CASHIER,
    CASHIER_CODE,
    HOUSE,
    HOUSE_CODE,
    WALLET,
    wallet_code,
)
from domain.ledger.wallets import open_account


def register_player(uow: UnitOfWork, *, display_name: str, api_key_sha256: str, actor: str) -> UUID:
    """903-B 5.2.2(1): one account per player, with a unique id, opened with the player."""
    player = Principal.register(role="player", display_name=display_name,
                                api_key_sha256=api_key_sha256, actor=actor, at=uow.at)
    uow.add(player)
    open_account(uow, code=wallet_code(player.id), kind=WALLET, owner=str(player.id), actor=actor)
    return player.id


def register_staff(uow: UnitOfWork, *, role: str, display_name: str, api_key_sha256: str,
                   actor: str) -> UUID:
    if role not in STAFF_ROLES:
        raise InvalidInputError(f"role must be one of {', '.join(STAFF_ROLES)}", field="role")
    staff = Principal.register(role=role, display_name=display_name,
                               api_key_sha256=api_key_sha256, actor=actor, at=uow.at)
    uow.add(staff)
    return staff.id


# The operator ``ledger db upgrade`` creates on a fresh install: a fixed id, so that two
# installers racing on one database cannot both create one (the store refuses the second).
FIRST_OPERATOR_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/first-operator")
FIRST_OPERATOR_NAME = "first operator"


def create_first_operator(uow: UnitOfWork, *, api_key_sha256: str, actor: str,
                          operator_ids: Iterable[UUID | str]) -> UUID | None:
    """A fresh install's first operator, when no registered operator has an active key and
    none was ever created this way; else None and nothing is recorded."""
    if uow.find(FIRST_OPERATOR_ID, Principal) is not None or active_operators(uow, operator_ids):
        return None
    operator = Principal._create(Principal.Registered, id=FIRST_OPERATOR_ID, role="operator",
                                 display_name=FIRST_OPERATOR_NAME,
                                 api_key_sha256=api_key_sha256, actor=actor, at=uow.at)
    uow.add(operator)
    return operator.id


def open_system_accounts(uow: UnitOfWork, *, actor: str) -> None:
    """The house (the operator's own money) and the cashier (money at payment providers)."""
    open_account(uow, code=HOUSE_CODE, kind=HOUSE, owner=None, actor=actor)
    open_account(uow, code=CASHIER_CODE, kind=CASHIER, owner=None, actor=actor)
