"""The composition root: ``build_ledger()`` builds the one application the API, the CLI and
the tests use. Nothing else constructs stores, writers, clocks or RNGs."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field, replace
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

import structlog

from domain import core_commands as core
from domain.access.bootstrap_key import (
    BOOTSTRAP_KEY_ID,  # its events' topics resolve here too
)
from domain.audit.log import AuditLog
from domain.complaints import commands as complaint_commands
from domain.kernel.actors import system_actor
from domain.kernel.command import CERTIFICATION_MODE, SEED, Command, Handler
from domain.kernel.errors import NotFoundError
from domain.kernel.game import Games
from domain.kernel.text import check_text
from domain.ledger import wallets
from domain.ledger.receipts import Refusal
from domain.rulesets.versions import RuleSet
from domain.sessions.commands import SessionSlot
from domain.sessions.session import GameSession
from infra.audit.service import build_audit
from infra.complaints.service import Complaints
from infra.games import load_games
from infra.projecting.runner import build_projection_runner
from infra.runtime.clock import Clock, SystemClock
from infra.runtime.rng import (
    RngHealthError,
    SeedSource,
    SystemSeedSource,
    build_seed_source,
)
from infra.runtime.service_lock import ServiceLock
from infra.runtime.settings import DatabaseTarget, Settings, parse_database_url
from infra.services import game_services
from infra.services.sessions import start_inactivity_sweeper, stop_inactivity_sweeper
from infra.store.eventstore import (
    LedgerApplication,
    build_event_store,
    register_snapshotting,
)
from infra.writer.client import RemoteWriter
from infra.writer.group_commit import GroupCommitWriter
from infra.writer.metrics import Scrape, scrape
from infra.writer.rendered import Rendered, run_rendered
from infra.writer.wire import Codec, allowed_classes
from projections import queries
from projections.principals import operator_ids as known_operator_ids

log = structlog.get_logger("ledger")

# Game sessions run for hours; a player's slot at a venue, a venue's rule set and the audit
# stream for years. (Each game's long-lived aggregates: Game.snapshotted, infra/games.py.)
register_snapshotting(GameSession)
register_snapshotting(SessionSlot)
register_snapshotting(RuleSet)
register_snapshotting(AuditLog)

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


def command_handlers(games: Games) -> dict[type, Handler]:
    """The whole command vocabulary: the core's (domain/core_commands.py), each game's
    (``Game.commands``) and infra's own (the metrics scrape, a rendered answer)."""
    handlers: dict[type, Handler] = {**core.HANDLERS, **complaint_commands.HANDLERS,
                                     Scrape: scrape, Rendered: run_rendered}
    for command_type, handler in games.handlers.items():
        if command_type in handlers:
            raise ValueError(f"command {command_type.__name__} is registered twice")
        handlers[command_type] = handler
    return handlers


@dataclass
class Ledger:
    settings: Settings
    target: DatabaseTarget
    clock: Clock
    app: LedgerApplication
    writer: GroupCommitWriter | RemoteWriter
    projections: Any = None  # infra.projecting.runner.ProjectionRunner
    audit: Any = None  # infra.audit.service.Audit: the tamper-evident record (with projections)
    complaints: Any = None  # infra.complaints.service.Complaints: complaint cases (issue 16)
    services: bool = True  # background services run in this process (see _start_services)
    # Where jogadas get their seed material (903-B 6.7): the OS CSPRNG, or a seeded source in
    # tests. Draw the seed here, outside the command, so a re-run commits to the same seed.
    seeds: SeedSource = field(default_factory=SystemSeedSource)
    games: Games = field(default_factory=lambda: Games(()))  # infra/games.py
    codec: Codec | None = None  # the writer socket's (infra/writer/wire.py)
    extras: dict[str, Any] = field(default_factory=dict)
    service_lock: Any = None  # infra.runtime.service_lock.ServiceLock, while this process serves

    @property
    def backend(self) -> str:
        return self.target.backend

    @property
    def certification(self) -> bool:
        return self.settings.certification

    # Commands (domain/kernel/command.py) --------------------------------------------------------------
    def prepare(self, command: Command) -> Command:
        """Fills in what the command needs but no client chooses, before it is sent: a new
        seed (903-B 6.7.4: drawn outside the command, so a re-run commits to the same one)
        and the installation's certification mode."""
        context = command._context
        if not context:
            return command
        values = {}
        if SEED in context and command.seed is None:
            try:
                values[SEED] = self.seeds.new_seed()
            except RngHealthError as failure:
                self._report_rng_failure(failure, command)
                raise
        if CERTIFICATION_MODE in context and command.certification_mode != self.certification:
            values[CERTIFICATION_MODE] = self.certification
        return replace(command, **values) if values else command

    def _report_rng_failure(self, failure: RngHealthError, command: Command) -> None:
        """903-B 6.3.3(3), 6.7.3: the first time the seed source fails in this process, the
        failure is recorded (``RngFailureReported``, a significant event). Sent, not awaited:
        this may run in the event loop, and the command that needed the seed fails anyway."""
        if "rng_failure_report" in self.extras:
            return
        report = core.ReportRngFailure(
            source="seed_source", check="health_test",
            detail=f"{failure}; {command.command_name} refused (games stop until it is mended)",
            actor=system_actor("rng"))
        try:
            self.extras["rng_failure_report"] = self.writer.submit(report, report.command_name)
        except Exception:  # the writer is unreachable too: the log keeps it at least
            log.exception("rng_failure_not_recorded", error=str(failure))

    def submit(self, command: Command):
        """Queue a command on the writer; a Future of its result (or Refusal)."""
        return self.writer.submit(self.prepare(command), command.command_name)

    def run(self, command: Command) -> Any:
        """Run a command on the writer and wait for its result; a recorded refusal is raised
        as the error it carries, once committed."""
        return unwrap(self.submit(command).result())

    async def run_async(self, command: Command) -> Any:
        """``run`` for the event loop: awaits the writer without holding a thread."""
        command = self.prepare(command)
        return unwrap(await self.writer.run_async(command, command.command_name))

    # Principals --------------------------------------------------------------------------------
    def register_player(self, *, display_name: str, actor: str) -> tuple[UUID, str]:
        key = new_api_key()
        player_id = self.run(core.RegisterPlayer(display_name=display_name,
                                                 api_key_sha256=hash_api_key(key), actor=actor))
        return player_id, key

    def register_staff(self, *, role: str, display_name: str, actor: str) -> tuple[UUID, str]:
        key = new_api_key()
        staff_id = self.run(core.RegisterStaff(role=role, display_name=display_name,
                                               api_key_sha256=hash_api_key(key), actor=actor))
        return staff_id, key

    def rotate_api_key(self, principal_id: UUID, *, kind: str, actor: str) -> tuple[str, str]:
        """A new API key for a player (``kind="player"``) or staff member (``"staff"``); the
        old one stops working. Returns (role, the new key): the key is shown only once."""
        key = new_api_key()
        role = self.run(core.RotateApiKey(principal_id=str(principal_id), kind=kind,
                                          api_key_sha256=hash_api_key(key), actor=actor))
        return role, key

    def operator_ids(self) -> list[UUID]:
        """The operators with an active key the principals projection knows (caught up)."""
        if self.projections is None:
            return []
        self.projections.wait(self.writer.last_position)
        return known_operator_ids(self.projections.engine)

    def revoke_api_key(self, principal_id: UUID, *, kind: str, actor: str) -> Any:
        """903-B 7.2.2: the key stops working; refused for the last active operator."""
        return self.run(core.RevokeApiKey(
            principal_id=str(principal_id), kind=kind, actor=actor,
            operator_ids=[str(i) for i in self.operator_ids()]))

    def change_staff_role(self, staff_id: UUID, *, role: str, reason: str, actor: str,
                          operator_ids: list[UUID] | None = None) -> dict[str, Any]:
        """Another staff role for a staff member (``RoleChanged``); refused for the last active
        operator. ``operator_ids``: the operators the principals projection knows, if read."""
        ids = self.operator_ids() if operator_ids is None else operator_ids
        return self.run(core.ChangeStaffRole(staff_id=str(staff_id), role=role, reason=reason,
                                             actor=actor, operator_ids=[str(i) for i in ids]))

    def disable_bootstrap_key(self, *, actor: str) -> dict[str, Any]:
        return self.run(core.DisableBootstrapKey(
            actor=actor, operator_ids=[str(i) for i in self.operator_ids()]))

    def bootstrap_key_disabled(self) -> bool:
        """Read from the event store itself, not a projection: authoritative at once."""
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
        created = self.run(core.CreateFirstOperator(
            api_key_sha256=hash_api_key(key), actor=system_actor("install"),
            operator_ids=[str(i) for i in ids]))
        return None if created is None else (created, key)

    # Money -------------------------------------------------------------------------------------
    @staticmethod
    def cash_command(*, operation: str, player_id: UUID | str, amount_cents: int,
                     idempotency_key: str, payment_method: str, actor: str) -> Command:
        """A deposit or withdrawal (domain/core_commands.py), the player's id as its text."""
        return core.CASH_COMMANDS[operation](
            player_id=str(player_id), amount_cents=amount_cents,
            idempotency_key=idempotency_key, payment_method=payment_method, actor=actor)

    def submit_cash(self, *, operation: str, **kwargs: Any):
        """Queue a deposit or withdrawal; returns a Future of the result (or Refusal)."""
        return self.submit(self.cash_command(operation=operation, **kwargs))

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
        check_text(transfer_id, "transfer_id", 200)  # 903-B 7.9.1: before any query
        if self.projections is None:
            raise NotFoundError("corrections need the projections", field="transfer_id")
        self.projections.wait(self.writer.last_position)
        original = queries.transfer(self.projections.engine, transfer_id)
        if original is None:
            raise NotFoundError(f"transfer {transfer_id} not found", field="transfer_id")
        return self.run(core.CorrectTransfer(
            transfer_id=transfer_id, from_code=original["from_code"],
            to_code=original["to_code"], amount_cents=original["amount_cents"], note=reason,
            actor=actor))

    # Lifecycle ---------------------------------------------------------------------------------
    def open_system_accounts(self) -> None:
        """The house and the cashier, once (a no-op when they are open). Run by the process
        that writes when it starts and by ``ledger db upgrade``; never when a ledger is only
        built (the projection worker, ``ledger health``, ``verify``: they must not write)."""
        self.run(core.OpenSystemAccounts(actor=system_actor("bootstrap")))

    def hold_service_lock(self) -> None:
        """Held (shared) while this process reads or applies the read models: ``ledger
        projections rebuild`` refuses while any process holds it (infra/runtime/service_lock.py)."""
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
        self._start_services()

    def _start_services(self) -> None:
        """Beside the writer (this process writes): each game's recovery and clock
        (infra/services/game_services.py). Beside the read models: the inactivity sweeper, which reads
        the session_statements projection (infra/services/sessions.py)."""
        if not self.services:
            return
        if isinstance(self.writer, GroupCommitWriter):
            game_services.start(self)
        start_inactivity_sweeper(self)

    def _stop_services(self) -> None:
        game_services.stop(self)
        stop_inactivity_sweeper(self)

    def close(self) -> None:
        self._stop_services()
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
      (``ledger projections run``); this one only waits for them (infra/projecting/runner.py).
    - ``writer_socket``: commands go to the writer process listening there
      (``ledger writer run``, infra/writer/server.py) instead of a writer thread of this
      process; call ``await ledger.writer.connect()`` in the event loop before ``start()``.
    - ``services=False``: no background services here. With them, the process that writes
      runs the games' recovery and clocks (the writer process under ``ledger serve``), and a
      process with the read models the inactivity sweeper.
    - the games: the built-in ones and ``settings.games`` (infra/games.py).
    """
    settings = settings or Settings()
    target = parse_database_url(settings.database_url)
    clock = clock or SystemClock()
    games = load_games(settings.games)
    handlers = command_handlers(games)
    codec = Codec(allowed_classes(handlers))
    app = build_event_store(target, pool_size=settings.postgres_pool_size,
                            max_overflow=settings.postgres_max_overflow,
                            certification_mode=settings.certification)
    if writer_socket is not None:
        writer: GroupCommitWriter | RemoteWriter = RemoteWriter(writer_socket, codec)
        writer.last_position = app.recorder.max_notification_id() or 0
    else:
        writer = GroupCommitWriter(app, clock, max_batch=settings.writer_max_batch,
                                   cache_size=settings.writer_cache_size, handlers=handlers,
                                   games=games)
    ledger = Ledger(settings=settings, target=target, clock=clock, app=app, writer=writer,
                    services=services, seeds=seeds or build_seed_source(None), games=games,
                    codec=codec)
    if with_projections:
        ledger.projections = build_projection_runner(ledger, follower=projection_worker)
        # The process that applies the projections also seals the log, after each catch-up
        # (the projection worker under ``ledger serve``): off the write path.
        ledger.audit = build_audit(ledger, ledger.projections.engine,
                                   sealing=not projection_worker and settings.audit_seal)
        if ledger.audit.sealer is not None:
            ledger.projections.followers.append(ledger.audit.sealer.follow)
    ledger.complaints = Complaints(ledger)
    if start:
        ledger.start()
    return ledger
