"""The base of every aggregate: explicit, stable event topics ("ledger.Account.Credited").

Stored events name their class by topic; explicit topics let a class move between modules
without breaking ten years of records (903-B 6.3.7). The library registers explicit topics of
``@event(name, topic=...)`` classes only lazily, on first trigger; a process that only reads
(an auditor's replay) must resolve them too, so they are registered when the class is defined.
"""

from __future__ import annotations

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
