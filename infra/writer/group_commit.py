"""The write path: one thread that runs commands and commits them in groups (group commit).

Request threads (or the event loop) ``submit`` a command handler; the writer thread takes every
command that is waiting (up to ``max_batch``), runs them one after the other against the
aggregates it holds in memory (infra/writer/unit_of_work.py), and saves all the new events of
the group in ONE transaction. Throughput is then bound by commits per second × commands per
commit rather than by the library's one-table-lock-per-save.

Correctness does not depend on the in-memory aggregates being fresh: the event store's primary
key (originator_id, originator_version) refuses a stale write. When a group's save is refused
(another process wrote, or an idempotency key was replayed from elsewhere), the writer forgets
what it held and runs each command of the group again on its own, loading everything from the
store ("verify" mode), retrying a few times before answering ConcurrencyError (HTTP 409).

A handler that raises a DomainError must not have triggered any event (guards first); if one
did, or a handler failed unexpectedly, the group is re-run command by command so that no other
command's money is lost or half-written.
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from operator import itemgetter
from typing import Any
from uuid import UUID

import structlog
from eventsourcing.application import Application, ProcessingEvent
from eventsourcing.persistence import IntegrityError

from domain.kernel.command import Command as DomainCommand
from domain.kernel.errors import ConcurrencyError, DomainError
from domain.ledger.receipts import Refusal
from infra.runtime.clock import Clock
from infra.writer.metrics import ERROR, OK, REFUSED, WriterMetrics
from infra.writer.unit_of_work import AggregateCache, CommandUnitOfWork, PoisonedBatch

Handler = Callable[[Any], Any]
log = structlog.get_logger("ledger.writer")

_STOP = object()


class QueuedCommand:
    """A command queued on the writer: its handler, its name (for errors) and what receives its
    outcome. (Not a domain command, domain/kernel/command.py: what the writer runs of one.)"""

    __slots__ = ("handler", "future", "name")

    def __init__(self, handler: Handler, name: str, future: Any = None) -> None:
        self.handler = handler
        # A Future, or what stands for one (``done``, ``set_result``, ``set_exception``, called
        # by the thread that runs the group): the writer process's replies (infra/writer/server.py).
        self.future: Future[Any] = Future() if future is None else future
        self.name = name


class UnknownCommandError(TypeError):
    """A command type no game and no part of the core handles."""


class GroupCommitWriter:
    def __init__(self, app: Application[UUID], clock: Clock, *, max_batch: int = 256,
                 cache_size: int = 100_000, retries: int = 5,
                 handlers: dict[type, Callable[[Any, Any], Any]] | None = None,
                 games: Any = None) -> None:
        self.app = app
        # Commands are values dispatched by their type (domain/kernel/command.py): the core's, the
        # games' and infra's (infra/dispatch.py). A plain callable ``handler(uow)`` is
        # accepted only in this process (the writer's own tests); the writer process's
        # socket carries data only (infra/writer/wire.py).
        self.handlers = dict(handlers or {})
        self.games = games
        self.clock = clock
        self.max_batch = max_batch
        self.cache_size = cache_size
        self.retries = retries
        self.aggregates = AggregateCache(app, cache_size)  # infra/writer/unit_of_work.py
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._listeners: list[Callable[[int], None]] = []
        self._thread: threading.Thread | None = None
        # Held while a group runs: by the writer thread, or by a thread that runs its
        # commands itself (run_here: the writer process's connection).
        self._lock = threading.Lock()
        self.last_position = app.recorder.max_notification_id() or 0
        self.stats = {"batches": 0, "commands": 0, "events": 0, "reruns": 0}
        self.metrics = WriterMetrics()

    # Lifecycle --------------------------------------------------------------------------------
    def start(self) -> None:
        # The writer thread releases the GIL at every database round trip; with the default
        # 5 ms switch interval it then waits behind the HTTP event loop up to 5 ms each time
        # (a convoy), which capped money commands at ~400/s. 0.5 ms keeps it moving.
        if sys.getswitchinterval() > 0.0005:
            sys.setswitchinterval(0.0005)
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="ledger-writer", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join(timeout=30)
            self._thread = None

    def on_commit(self, listener: Callable[[int], None]) -> None:
        """``listener(position)`` is called after each commit with the last notification id."""
        self._listeners.append(listener)

    def dispatch(self, command: Any, uow: Any) -> Any:
        handler = self.handlers.get(type(command))
        if handler is not None:
            return handler(uow, command)
        if callable(command) and not isinstance(command, DomainCommand):
            return command(uow)
        raise UnknownCommandError(f"no handler for command {type(command).__name__}")

    # Submitting -------------------------------------------------------------------------------
    def submit(self, handler: Handler, name: str = "command") -> Future[Any]:
        command = QueuedCommand(handler, name)
        if self._thread is None:
            self.run_here([command])
        else:
            self._queue.put(command)
        return command.future

    def submit_many(self, handlers: list[Handler], name: str = "command",
                    futures: list[Any] | None = None) -> list[Future[Any]]:
        """Queue several commands together (they are likely to share one transaction).
        ``futures``: one per handler, to be resolved instead of new Futures (see QueuedCommand)."""
        if futures is None:
            commands = [QueuedCommand(handler, name) for handler in handlers]
        else:
            commands = [QueuedCommand(h, name, f) for h, f in zip(handlers, futures, strict=True)]
        if self._thread is None:
            self.run_here(commands)
        else:
            self._queue.put(commands)  # one item: the writer takes them into one group
        return [command.future for command in commands]

    def run_here(self, commands: list[QueuedCommand]) -> None:
        """Run ``commands`` in the calling thread, in groups of at most ``max_batch`` (one
        transaction each), one group at a time with the writer thread: no hand-over to the
        writer thread and back (the writer process, infra/writer_process.py). Every command's
        future is settled when this returns."""
        for start in range(0, len(commands), self.max_batch):
            group = commands[start:start + self.max_batch]
            with self._lock:
                try:
                    self._run_batch(group)
                except BaseException as error:  # no command is left unanswered
                    log.exception("writer_batch_crashed", error=str(error))
                    for command in group:
                        if not command.future.done():
                            self.metrics.count(command.name, ERROR)
                            command.future.set_exception(error)

    def submit_async(self, handler: Handler, name: str = "command") -> asyncio.Future[Any]:
        """For the event loop: a future to await, without holding a thread."""
        return asyncio.wrap_future(self.submit(handler, name))

    async def run_async(self, handler: Handler, name: str = "command") -> Any:
        return await self.submit_async(handler, name)

    def execute(self, handler: Handler, name: str = "command") -> Any:
        return self.submit(handler, name).result()

    # The writer thread ------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            batch = list(first) if isinstance(first, list) else [first]
            stop = False
            while len(batch) < self.max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stop = True
                    break
                batch.extend(item if isinstance(item, list) else [item])
            self.run_here(batch)  # never lets the writer thread die silently
            if stop:
                return

    def _run_batch(self, batch: list[QueuedCommand]) -> None:
        self.metrics.group_size.observe(len(batch))
        working: dict[UUID, Any] = {}
        results: list[tuple[QueuedCommand, Any, BaseException | None]] = []
        try:
            for command in batch:
                uow = CommandUnitOfWork(self, working, self.clock.now(), verify=False)
                try:
                    results.append((command, self.dispatch(command.handler, uow), None))
                except DomainError as error:
                    uow.check_clean_after_error()
                    results.append((command, None, error))
            self._save(working)
        except Exception as error:  # a poisoned group, a conflict, a handler bug, the database
            self.aggregates.forget(working)
            if len(batch) == 1 and not isinstance(error, (PoisonedBatch, IntegrityError)):
                self._fail(batch[0], error)
                return
            self.stats["reruns"] += 1
            log.info("writer_batch_rerun", size=len(batch), cause=type(error).__name__)
            for command in batch:
                self._run_alone(command)
            return
        self.aggregates.keep(working)
        self._resolve(results)

    def _run_alone(self, command: QueuedCommand) -> None:
        """Verify mode: load from the store, retry on concurrent writes."""
        for attempt in range(self.retries):
            working: dict[UUID, Any] = {}
            uow = CommandUnitOfWork(self, working, self.clock.now(), verify=True)
            try:
                try:
                    result = self.dispatch(command.handler, uow)
                except DomainError as error:
                    uow.check_clean_after_error()
                    self._save(working)
                    self.aggregates.keep(working)
                    self._fail(command, error)
                    return
                self._save(working)
            except IntegrityError:
                self.aggregates.forget(working)
                time.sleep(0.002 * (attempt + 1))
                continue
            except BaseException as error:
                self.aggregates.forget(working)
                self._fail(command, error)
                return
            self.aggregates.keep(working)
            self._succeed(command, result)
            return
        self._fail(command, ConcurrencyError(
            "the same records were changed concurrently; try again", field=command.name))

    def _save(self, working: dict[UUID, Any]) -> None:
        processing = ProcessingEvent[UUID]()
        numbered: list[tuple[int, Any]] = []
        for aggregate in working.values():
            if aggregate.pending_events:
                numbered.extend(aggregate.collect_numbered_events())
                processing.aggregates[aggregate.id] = aggregate
        # The order they happened in, across aggregates (domain/kernel/aggregate.py; Portaria r4b).
        numbered.sort(key=itemgetter(0))
        processing.events.extend(event for _, event in numbered)
        if not processing.events:
            return
        # What Application.save() does, minus its per-object protocol checks and the
        # Recording objects nobody here reads (hot path; infra/store/eventstore.py).
        started = time.perf_counter()
        notification_ids = self.app.record_events(processing)
        self.metrics.commit_seconds.observe(time.perf_counter() - started)
        self.app._take_snapshots(processing)
        if notification_ids:
            position = max(notification_ids)
            self.last_position = max(self.last_position, position)
            self.stats["events"] += len(notification_ids)
            for listener in self._listeners:
                try:
                    listener(self.last_position)
                except Exception:  # a listener must never undo a commit
                    log.exception("writer_listener_failed")

    def _resolve(self, results: list[tuple[QueuedCommand, Any, BaseException | None]]) -> None:
        self.stats["batches"] += 1
        self.stats["commands"] += len(results)
        for command, result, error in results:
            if error is not None:
                self._fail(command, error)
            else:
                self._succeed(command, result)

    def _succeed(self, command: QueuedCommand, result: Any) -> None:
        self.metrics.count(command.name, REFUSED if isinstance(result, Refusal) else OK)
        if not command.future.done():  # a caller may have cancelled its future: never mind
            command.future.set_result(result)

    def _fail(self, command: QueuedCommand, error: BaseException) -> None:
        # A rule's no is a refusal; a conflict that outlived the retries is not a rule's.
        self.metrics.count(command.name, REFUSED if isinstance(error, DomainError)
                           and not isinstance(error, ConcurrencyError) else ERROR)
        if not command.future.done():
            command.future.set_exception(error)

    def forget_all(self) -> None:
        """Drop every aggregate held in memory (tests; an operator after a manual repair)."""
        self.aggregates.clear()
