"""Every event of every aggregate: names its actor and its time (903-B 5.2.2(7), 6.3.6(4)), has
an explicit stable topic, and is named in the past tense. A new game's events join this check
by subclassing domain.kernel.aggregate.LedgerAggregate."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import domain
from domain.kernel.aggregate import LedgerAggregate
from eventsourcing.utils import resolve_topic

for module in pkgutil.iter_modules(domain.__path__):
    importlib.import_module(f"domain.{module.name}")


def all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from all_subclasses(sub)


def event_classes():
    for aggregate in all_subclasses(LedgerAggregate):
        if not aggregate.__module__.startswith("domain."):
            continue  # aggregates that tests define for themselves
        for name, obj in vars(aggregate).items():
            if isinstance(obj, type) and getattr(obj, "TOPIC", None) and "TOPIC" in obj.__dict__:
                yield aggregate, obj


def test_there_are_events_to_check():
    assert len(list(event_classes())) >= 15


def test_903b_5_2_2_7_every_event_names_its_actor_and_time():
    for aggregate, event_class in event_classes():
        fields = {f.name for f in dataclasses.fields(event_class)}
        assert {"actor", "at"} <= fields, f"{aggregate.__name__}.{event_class.__name__}"


def test_every_event_has_a_stable_registered_topic():
    for aggregate, event_class in event_classes():
        assert event_class.TOPIC.startswith("ledger."), event_class.TOPIC
        assert resolve_topic(event_class.TOPIC) is event_class


def test_events_are_named_in_the_past_tense():
    past = ("ed", "Held", "Sent", "Won", "Dealt", "Drawn", "Paid", "Bet", "Lost", "Made", "Left",
            "Bought", "Rebought", "Taken", "Shown",
            "Hit", "Split", "Stood", "Drew", "TimedOut",  # blackjack: PlayerHit, HandSplit…
            "Withdrawn")  # roulette: BetsWithdrawn
    for aggregate, event_class in event_classes():
        assert event_class.__name__.endswith(past), f"{aggregate.__name__}.{event_class.__name__}"
