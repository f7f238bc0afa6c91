"""The composition root: ``build_ledger()`` builds the one application the API, the CLI and
the tests use. Nothing else constructs stores, writers, clocks or RNGs."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from uuid import UUID, uuid5, NAMESPACE_URL

from domain import registration, wallets
from domain.actors import system_actor
from domain.receipts import Refusal
from infra.clock import Clock, SystemClock
from infra.eventstore import LedgerApplication, build_event_store
from infra import registrations  # snapshot registrations and background services of game modules
from infra.settings import DatabaseTarget, Settings, parse_database_url
from infra.rng import SeedSource, SystemSeedSource, build_seed_source
from infra.writer import GroupCommitWriter
from infra.writer_process import RemoteWriter

BOOTSTRAP_OPERATOR_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/bootstrap-operator")


def hash_api_key(api_key: str) -> str:
    return hashlib.sha256(api_key.encode()).hexdigest()


def new_api_key() -> str:
    return "lk_" + secrets.token_urlsafe(32)


def unwrap(result: Any) -> Any:
    """A recorded refusal becomes the error it carries, after it was committed."""
    if isinstance(result, Refusal):
        raise result.error
    return result


class CashCommand:
    """``wallets.move_cash`` with its arguments: what ``partial(wallets.move_cash, ...)`` was,
    cheaper to send to the writer process. It pickles as a call of this class with plain
    values, the player's id as its text: pickling the UUID object (copyreg, its state dict, the
    ``SafeUUID`` enum) was ~40 % of a command's pickle cost in the HTTP process and more of the
    writer's unpickling, and ``move_cash`` only ever uses the id's text."""

    __slots__ = ("operation", "player_id", "amount_cents", "idempotency_key", "payment_method",
                 "actor")

    def __init__(self, operation: str, player_id: UUID | str, amount_cents: int,
                 idempotency_key: str, payment_method: str, actor: str) -> None:
        self.operation = operation
        self.player_id = player_id
        self.amount_cents = amount_cents
        self.idempotency_key = idempotency_key
        self.payment_method = payment_method
        self.actor = actor

    def __call__(self, uow: Any) -> Any:
        return wallets.move_cash(
            uow, operation=self.operation, player_id=self.player_id,
            amount_cents=self.amount_cents, idempotency_key=self.idempotency_key,
            payment_method=self.payment_method, actor=self.actor)

    def __reduce__(self) -> tuple[Any, ...]:
        return (CashCommand, (self.operation, str(self.player_id), self.amount_cents,
                              self.idempotency_key, self.payment_method, self.actor))

    def __repr__(self) -> str:
        return (f"CashCommand({self.operation!r}, player_id={str(self.player_id)!r}, "
                f"amount_cents={self.amount_cents!r}, idempotency_key={self.idempotency_key!r})")


@dataclass
class Ledger:
    settings: Settings
    target: DatabaseTarget
    clock: Clock
    app: LedgerApplication
    writer: GroupCommitWriter | RemoteWriter
    projections: Any = None  # infra.projection_runner.ProjectionRunner
    services: bool = True  # background services (inactivity sweeper) run in this process
    # Where jogadas get their seed material (903-B 6.7): the OS CSPRNG, or a seeded source in
    # tests. Draw the seed here, outside the command, so a re-run commits to the same seed.
    seeds: SeedSource = field(default_factory=SystemSeedSource)
    extras: dict[str, Any] = field(default_factory=dict)
    service_lock: Any = None  # infra.service_lock.ServiceLock, while this process serves

    @property
    def backend(self) -> str:
        return self.target.backend

    @property
    def certification(self) -> bool:
        return self.settings.certification

    # Principals --------------------------------------------------------------------------------
    def register_player(self, *, display_name: str, actor: str) -> tuple[UUID, str]:
        key = new_api_key()
        player_id = self.writer.execute(
            partial(registration.register_player, display_name=display_name,
                    api_key_sha256=hash_api_key(key), actor=actor),
            "register_player")
        return player_id, key

    def register_staff(self, *, role: str, display_name: str, actor: str) -> tuple[UUID, str]:
        key = new_api_key()
        staff_id = self.writer.execute(
            partial(registration.register_staff, role=role, display_name=display_name,
                    api_key_sha256=hash_api_key(key), actor=actor),
            "register_staff")
        return staff_id, key

    def rotate_api_key(self, principal_id: UUID, *, kind: str, actor: str) -> tuple[str, str]:
        """A new API key for a player (``kind="player"``) or staff member (``"staff"``); the
        old one stops working. Returns (role, the new key): the key is shown only once."""
        from domain.principals import rotate_api_key

        key = new_api_key()
        role = self.writer.execute(partial(rotate_api_key, principal_id=str(principal_id),
                                           kind=kind, api_key_sha256=hash_api_key(key),
                                           actor=actor), "rotate_api_key")
        return role, key

    def operator_ids(self) -> list[UUID]:
        """The operators with an active key the principals projection knows (caught up)."""
        from projections.principals import operator_ids

        if self.projections is None:
            return []
        self.projections.wait(self.writer.last_position)
        return operator_ids(self.projections.engine)

    def revoke_api_key(self, principal_id: UUID, *, kind: str, actor: str) -> Any:
        """903-B 7.2.2: the key stops working; refused for the last active operator."""
        from domain.principals import revoke_api_key

        return self.writer.execute(partial(
            revoke_api_key, principal_id=str(principal_id), kind=kind, actor=actor,
            operator_ids=[str(i) for i in self.operator_ids()]), "revoke_api_key")

    def disable_bootstrap_key(self, *, actor: str) -> dict[str, Any]:
        from domain.bootstrap_key import disable_bootstrap_key

        return self.writer.execute(partial(
            disable_bootstrap_key, actor=actor,
            operator_ids=[str(i) for i in self.operator_ids()]), "disable_bootstrap_key")

    def bootstrap_key_disabled(self) -> bool:
        """Read from the event store itself, not a projection: authoritative at once."""
        from domain.bootstrap_key import BOOTSTRAP_KEY_ID

        return bool(self.app.recorder.select_events(BOOTSTRAP_KEY_ID, limit=1))

    def bootstrap_key_status(self) -> str:
        """``not_configured`` (LEDGER_BOOTSTRAP_OPERATOR_KEY unset), ``disabled``, ``active``."""
        if not self.settings.bootstrap_operator_key:
            return "not_configured"
        return "disabled" if self.bootstrap_key_disabled() else "active"

    def create_first_operator(self, operator_ids: list[UUID] | None = None
                              ) -> tuple[UUID, str] | None:
        """A fresh install's first operator and its one-time key, when no registered operator
        has an active key (``ledger db upgrade``); None when there is one already.
        ``operator_ids``: the operators the principals projection knows, if already read."""
        key = new_api_key()
        ids = self.operator_ids() if operator_ids is None else operator_ids
        created = self.writer.execute(partial(
            registration.create_first_operator, api_key_sha256=hash_api_key(key),
            actor=system_actor("install"), operator_ids=[str(i) for i in ids]),
            "create_first_operator")
        return None if created is None else (created, key)

    # Money -------------------------------------------------------------------------------------
    @staticmethod
    def cash_command(*, operation: str, player_id: UUID, amount_cents: int,
                     idempotency_key: str, payment_method: str, actor: str) -> CashCommand:
        """A deposit or withdrawal as a picklable command (it may run in the writer process)."""
        return CashCommand(operation, player_id, amount_cents, idempotency_key, payment_method,
                           actor)

    def submit_cash(self, *, operation: str, **kwargs: Any):
        """Queue a deposit or withdrawal; returns a Future of the result (or Refusal)."""
        return self.writer.submit(self.cash_command(operation=operation, **kwargs), operation)

    def deposit(self, player_id: UUID, amount_cents: int, idempotency_key: str, *,
                actor: str, payment_method: str = "bank_transfer") -> dict[str, Any]:
        return unwrap(self.submit_cash(
            operation=wallets.DEPOSIT, player_id=player_id, amount_cents=amount_cents,
            idempotency_key=idempotency_key, payment_method=payment_method, actor=actor).result())

    def withdraw(self, player_id: UUID, amount_cents: int, idempotency_key: str, *,
                 actor: str, payment_method: str = "bank_transfer") -> dict[str, Any]:
        return unwrap(self.submit_cash(
            operation=wallets.WITHDRAWAL, player_id=player_id, amount_cents=amount_cents,
            idempotency_key=idempotency_key, payment_method=payment_method, actor=actor).result())

    # Corrections -------------------------------------------------------------------------------
    def correct_transfer(self, transfer_id: str, *, reason: str, actor: str) -> dict[str, Any]:
        """903-B 1.5: undo a transfer with a new, opposite one that points at it."""
        from domain.corrections import correct_transfer
        from domain.errors import NotFoundError
        from domain.text import check_text
        from projections import queries

        check_text(transfer_id, "transfer_id", 200)  # 903-B 7.9.1: before any query
        if self.projections is None:
            raise NotFoundError("corrections need the projections", field="transfer_id")
        self.projections.wait(self.writer.last_position)
        original = queries.transfer(self.projections.engine, transfer_id)
        if original is None:
            raise NotFoundError(f"transfer {transfer_id} not found", field="transfer_id")
        return self.writer.execute(partial(
            correct_transfer, transfer_id=transfer_id, from_code=original["from_code"],
            to_code=original["to_code"], amount_cents=original["amount_cents"], note=reason,
            actor=actor), "correction")

    # Lifecycle ---------------------------------------------------------------------------------
    def open_system_accounts(self) -> None:
        """The house and the cashier, once (a no-op when they are open). Run by the process
        that writes when it starts and by ``ledger db upgrade``; never when a ledger is only
        built (the projection worker, ``ledger health``, ``verify``: they must not write)."""
        self.writer.execute(partial(registration.open_system_accounts,
                                    actor=system_actor("bootstrap")), "open_system_accounts")

    def hold_service_lock(self) -> None:
        """Held (shared) while this process reads or applies the read models: ``ledger
        projections rebuild`` refuses while any process holds it (infra/service_lock.py)."""
        from infra.service_lock import ServiceLock

        if self.service_lock is None:
            lock = ServiceLock(self.target)
            lock.hold_shared()
            self.service_lock = lock

    def start(self) -> None:
        if self.projections is not None:
            self.hold_service_lock()
        self.writer.start()
        if isinstance(self.writer, GroupCommitWriter):  # this process writes: the writer's
            self.open_system_accounts()                 # process, tests, --single-process
        if self.projections is not None:
            self.projections.start()
        if self.services:
            registrations.start_services(self)

    def close(self) -> None:
        registrations.stop_services(self)
        if self.projections is not None:
            self.projections.stop()
        self.writer.stop()
        self.app.close()
        if self.service_lock is not None:
            self.service_lock.release()
            self.service_lock = None

    def shutdown(self) -> None:
        """``close()``, and the projections' engine too: for the process that built this
        ledger (the server, the CLI). The runner does not own its engine's lifetime, so tests
        that share an engine only ``close()``."""
        self.close()
        if self.projections is not None:
            self.projections.engine.dispose()


def build_ledger(settings: Settings | None = None, *, clock: Clock | None = None,
                 start: bool = True, with_projections: bool = True,
                 projection_worker: bool = False, writer_socket: str | None = None,
                 services: bool = True, seeds: SeedSource | None = None) -> Ledger:
    """The one composition root.

    - ``projection_worker=True``: projections are applied by a separate process
      (``ledger projections run``); this one only waits for them (infra/projection_runner.py).
    - ``writer_socket``: commands go to the writer process listening there
      (``ledger writer run``, infra/writer_process.py) instead of a writer thread of this
      process; call ``await ledger.writer.connect()`` in the event loop before ``start()``.
    - ``services=False``: no background services here (the writer process).
    """
    settings = settings or Settings()
    target = parse_database_url(settings.database_url)
    clock = clock or SystemClock()
    app = build_event_store(target, pool_size=settings.postgres_pool_size,
                            max_overflow=settings.postgres_max_overflow,
                            certification_mode=settings.certification)
    if writer_socket is not None:
        writer: GroupCommitWriter | RemoteWriter = RemoteWriter(writer_socket)
        writer.last_position = app.recorder.max_notification_id() or 0
    else:
        writer = GroupCommitWriter(app, clock, max_batch=settings.writer_max_batch,
                                   cache_size=settings.writer_cache_size)
    ledger = Ledger(settings=settings, target=target, clock=clock, app=app, writer=writer,
                    services=services, seeds=seeds or build_seed_source(None))
    if with_projections:
        from infra.projection_runner import build_projection_runner

        ledger.projections = build_projection_runner(ledger, follower=projection_worker)
    if start:
        ledger.start()
    return ledger
