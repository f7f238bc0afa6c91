"""The base of every aggregate: explicit, stable event topics ("ledger.Account.Credited").

Stored events name their class by topic; explicit topics let a class move between modules
without breaking ten years of records (903-B 6.3.7). The library registers explicit topics of
``@event(name, topic=...)`` classes only lazily, on first trigger; a process that only reads
(an auditor's replay) must resolve them too, so they are registered when the class is defined.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable
from typing import Any
from uuid import UUID

from eventsourcing.domain import (
    Aggregate,
    BaseAggregate,
    CanInitAggregate,
    CanMutateAggregate,
    DecoratedFuncCaller,
    DomainEvent,
    _create_id_param_names,
    _init_mentions_id,
    decorated_funcs,
)
from eventsourcing.utils import get_topic, register_topic, resolve_topic


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
        pending = _pending(self)
        spec = _mutation_specs.get(event_class, _UNKNOWN)
        if spec is _UNKNOWN:
            spec = _mutation_spec(event_class)
        if (spec is None or kwargs.keys() != spec[1] or getattr(type(self), "TOPIC", None)
                or type(self.id) is not UUID):
            super().trigger_event(event_class, **kwargs)
            return
        # What the library does for an ``@event`` method's event (BaseAggregate.trigger_event,
        # CanMutateAggregate.mutate, DecoratedFuncCaller.apply), without its generic steps: the
        # event's attributes in the order its dataclass ``__init__`` sets them (the stored
        # bytes follow that order), the method's body, then the version and the time.
        body, _, names = spec
        version = self.version + 1
        timestamp = event_class.create_timestamp()
        state = {"originator_id": self.id, "originator_version": version, "timestamp": timestamp}
        for name in names:
            state[name] = kwargs[name]
        new_event = object.__new__(event_class)
        object.__setattr__(new_event, "__dict__", state)
        body(self, **kwargs)
        self.version = version
        self.modified_on = timestamp
        pending.append(new_event)

    @classmethod
    def _create(cls, event_class: Any, *, id: Any = None, **kwargs: Any) -> Any:  # noqa: A002
        spec = _creation_specs.get((cls, event_class), _UNKNOWN)
        if spec is _UNKNOWN:
            spec = _creation_spec(cls, event_class)
        if spec is None or id is not None or kwargs.keys() != spec[1]:
            return super()._create(event_class, id=id, **kwargs)
        # BaseAggregate._create and CanInitAggregate.mutate, for a created event whose only
        # work is the class's ``__init__`` (see _creation_spec), without their generic steps.
        init, _, names, id_names, topic = spec
        originator_id = cls.create_id(**{name: kwargs[name] for name in id_names})
        if type(originator_id) is not UUID:
            return super()._create(event_class, **kwargs)  # the library's checks and errors
        timestamp = event_class.create_timestamp()
        state = {"originator_id": originator_id, "originator_version": cls.INITIAL_VERSION,
                 "timestamp": timestamp, "originator_topic": topic}
        for name in names:
            state[name] = kwargs[name]
        created_event = object.__new__(event_class)
        object.__setattr__(created_event, "__dict__", state)
        aggregate = object.__new__(cls)
        aggregate.__base_init__(originator_id, cls.INITIAL_VERSION, timestamp)
        init(aggregate, **kwargs)
        aggregate.pending_events.append(created_event)
        return aggregate

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


# Triggering events in fewer steps ----------------------------------------------------------
# The library's way (the ``@event`` decorator's argument handling, ``trigger_event``, the event
# dataclass's frozen ``__init__``, ``mutate``/``apply`` filtering the event's attributes by the
# method's signature) was a fifth of the writer's time per deposit. For an event class whose
# every step is the library's own and plain (checked once per class below; anything else takes
# the library's path), ``trigger_event`` and ``_create`` do the same in a few steps: the same
# event class, attributes (in the same order: the same stored bytes, tests/core) and state.
_UNKNOWN = object()
_BASE_FIELDS = ("originator_id", "originator_version", "timestamp")
_mutation_specs: dict[type, Any] = {}
_creation_specs: dict[tuple[type, type], Any] = {}


def _plain_params(func: Any) -> tuple[str, ...] | None:
    """The names a plain function takes after ``self`` (no ``*args``, ``**kwargs`` or
    positional-only parameters), or None."""
    if type(func) is not type(_plain_params):
        return None
    code = func.__code__
    if code.co_flags & 0x0C or code.co_posonlyargcount:  # CO_VARARGS | CO_VARKEYWORDS
        return None
    names = code.co_varnames[1:code.co_argcount + code.co_kwonlyargcount]
    if set(names) & {*_BASE_FIELDS, "originator_topic", "id", "self"}:
        return None
    return names


def _plain_event_class(event_class: Any, mutate: Any, applies: list[Any]) -> bool:
    """The library's frozen dataclass, ``mutate`` and ``apply``s, nothing of its own."""
    return (isinstance(event_class, type) and dataclasses.is_dataclass(event_class)
            and all(f.init for f in dataclasses.fields(event_class))
            and event_class.mutate is mutate
            and event_class.__post_init__ is DomainEvent.__post_init__
            and [k for k in event_class.__mro__ if "apply" in k.__dict__] == applies)


def _mutation_spec(event_class: Any) -> Any:
    spec = None
    body = decorated_funcs.get(event_class)
    names = _plain_params(body)
    if names is not None and _plain_event_class(
            event_class, CanMutateAggregate.mutate, [DecoratedFuncCaller, CanMutateAggregate]):
        if tuple(f.name for f in dataclasses.fields(event_class)) == (*_BASE_FIELDS, *names):
            spec = (body, frozenset(names), names)
    _mutation_specs[event_class] = spec
    return spec


def _creation_spec(cls: Any, event_class: Any) -> Any:
    spec = None
    init = cls.__init__
    names = _plain_params(init)
    if (names is not None and _plain_event_class(event_class, CanInitAggregate.mutate,
                                                 [CanMutateAggregate])
            and not getattr(cls, "TOPIC", None) and cls not in _init_mentions_id
            and cls.__new__ is object.__new__
            and cls.__base_init__ is BaseAggregate.__base_init__
            and tuple(f.name for f in dataclasses.fields(event_class))
            == (*_BASE_FIELDS, "originator_topic", *names)):
        topic = get_topic(cls)
        id_names = tuple(_create_id_param_names[cls])
        if resolve_topic(topic) is cls and set(id_names) <= set(names):
            spec = (init, frozenset(names), names, id_names, topic)
    _creation_specs[(cls, event_class)] = spec
    return spec


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
