"""What a service needs of the application, one port per need (issue 24 item 4).

The composition root (infra/container.py) builds one ``Ledger`` and hands it to the services;
each service names only the ports it uses, never the container, so no service imports the
module that builds it (no import circle) and a reader sees at a glance what a service touches.
``Ledger`` satisfies every port structurally (``typing.Protocol``); tests may hand a service
anything that does.

- ``Store``: the event store as recorded (``app``: the eventsourcing application, its
  recorder, mapper and repository) and the registered games that read it.
- ``Commands``: sending a command to the writer and waiting for its outcome, with the clock that
  stamps it and the installation's settings.
- ``ReadModels``: the projections' engine, once caught up with the writer's last position.
- ``Background``: where a long-running job started beside the writer keeps its handle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # annotations only: the ports import none of the modules they describe
    from domain.kernel.command import Command
    from domain.kernel.game import Games
    from infra.runtime.clock import Clock
    from infra.runtime.settings import DatabaseTarget, Settings


class Store(Protocol):
    app: Any  # infra.store.eventstore.LedgerApplication
    games: Games


class Commands(Protocol):
    clock: Clock
    settings: Settings

    def run(self, command: Command) -> Any: ...

    def submit(self, command: Command) -> Any: ...


class ReadModels(Protocol):
    projections: Any  # infra.projecting.runner.ProjectionRunner, or None without read models
    writer: Any  # its ``last_position``: what the read models must have caught up with


class Background(Protocol):
    extras: dict[str, Any]
    settings: Settings


class Audited(Protocol):
    audit: Any  # infra.audit.service.Audit, or None without read models


class Configured(Protocol):
    settings: Settings
    target: DatabaseTarget
    clock: Clock
    app: Any
