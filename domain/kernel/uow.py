"""What a command handler sees of storage: load and add aggregates. Implemented in
infra/writer/unit_of_work.py.

Handlers are plain functions ``handler(uow, **args) -> result``. They run guards before they
trigger any event: a handler that raises ``DomainError`` must leave no pending event (the
writer checks). A refusal that must itself be recorded (903-B 5.4.1(8)) is *returned* as a
``Refusal`` after its event is triggered.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol, TypeVar
from uuid import UUID

T = TypeVar("T")


class UnitOfWork(Protocol):
    at: datetime  # the time of the command, from the injected clock

    def get(self, aggregate_id: UUID, cls: type[T], *, what: str = "aggregate",
            field: str | None = None) -> T:
        """The aggregate, or NotFoundError naming ``what`` (and the request ``field``)."""

    def find(self, aggregate_id: UUID, cls: type[T]) -> T | None:
        """The aggregate, or None."""

    def find_receipt(self, aggregate_id: UUID) -> Any | None:
        """A receipt if one exists (cheap: the writer may answer from memory)."""

    def add(self, aggregate: Any) -> None:
        """A new aggregate to save with this command."""
