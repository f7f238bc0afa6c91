"""The base of every aggregate: explicit, stable event topics ("ledger.Account.Credited").

Stored events name their class by topic; explicit topics let a class move between modules
without breaking ten years of records (903-B 6.3.7). The library registers explicit topics of
``@event(name, topic=...)`` classes only lazily, on first trigger; a process that only reads
(an auditor's replay) must resolve them too, so they are registered when the class is defined.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from eventsourcing.domain import Aggregate
from eventsourcing.utils import register_topic


class LedgerAggregate(Aggregate):
    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for obj in list(cls.__dict__.values()):
            topic = getattr(obj, "TOPIC", None) if isinstance(obj, type) else None
            if topic and "TOPIC" in obj.__dict__:
                register_topic(topic, obj)

    @property
    def pending_events(self) -> list[Any]:
        return _pending(self)

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        _pending(self)
        super().trigger_event(event_class, **kwargs)

    def collect_events(self) -> list[Any]:
        return [event for _, event in self.collect_numbered_events()]

    def collect_numbered_events(self) -> list[tuple[int, Any]]:
        """Pending events with their trigger numbers, emptying the pending list: the writer
        merges the lists of every aggregate a command group changed, in trigger order."""
        pending = _pending(self)
        numbered = list(zip(pending.numbers, pending))
        pending.clear()
        pending.numbers.clear()
        return numbered


# The order events were triggered in, across aggregates --------------------------------------
# A command changes several aggregates (a table, wallets, the jackpot); the record must keep the
# order things happened in, not aggregate by aggregate (Portaria 461/2001 r4b: the side bets are
# collected and the jackpot credited before the first card; 903-B 6.3.4(2) replays in order).
# Each pending event gets a number from one process-wide counter when it is triggered; the
# writer sorts a command group's events by it before storing them. The numbers live only on the
# pending list (never in an event or a snapshot).
_trigger_numbers = itertools.count()


class _PendingEvents(list):  # type: ignore[type-arg]
    __slots__ = ("numbers",)

    def __init__(self, events: Iterable[Any] = ()) -> None:
        super().__init__()
        self.numbers: list[int] = []
        for event in events:
            self.append(event)

    def append(self, event: Any) -> None:
        super().append(event)
        self.numbers.append(next(_trigger_numbers))


def _pending(aggregate: Any) -> _PendingEvents:
    pending = aggregate.__dict__.get("_pending_events")
    if type(pending) is not _PendingEvents:
        pending = _PendingEvents(pending or ())
        aggregate.__dict__["_pending_events"] = pending
    return pending
