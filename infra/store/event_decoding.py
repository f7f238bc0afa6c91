"""Domain events from the rows of infra/store/notification_reader.py, for the projection runner.

The same event objects as the application's mapper makes (``Mapper.to_domain_event``: same
class, same attributes, same values), made faster for the events every command writes: their
stored state is the library's JSON with only plain values, plain dicts and lists, and datetimes
tagged ``datetime_iso``. Such a state is read with one ``orjson.loads`` and its datetimes
converted in one pass, instead of the transcoder's generic walk and the mapper's per-event
look-ups (the mapper took ~10 µs an event, ~20 % of the worker under deposits; this ~5 µs).

Everything else goes to the mapper itself: a cipher or a compressor, another mapper or
transcoder, an event class with upcasting (``class_version``), any other tagged type, floats
(where orjson and ``json`` may read differently, infra/store/transcoder.py), or JSON orjson refuses.
tests/projections/test_worker_reads.py checks the two agree on every event of a mixed log.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable

import orjson
from eventsourcing.persistence import DatetimeAsISO, StoredEvent, find_id_convertor
from eventsourcing.utils import resolve_topic

from infra.store.serialization import MARKER, CertificationModeMapper, LedgerMapper
from infra.store.transcoder import OrjsonTranscoder

_PLAIN = frozenset({str, int, bool, type(None)})
_ISO = DatetimeAsISO.name
_fromisoformat = datetime.fromisoformat
_loads = orjson.loads


@dataclass(frozen=True)
class TopicPlan:
    """How the events of one topic are decoded, and which projections may want them: each
    with the bytes its events' stored state must contain (``state_marker``, or the one its
    ``state_markers`` give for the class), and whether it reads the topic's events at all
    (False: a projection that ``follows_certification_mode`` sees them only where the mode
    changes)."""

    cls: type
    fast: bool  # the fast path may be tried
    targets: tuple[tuple[Any, bytes | None, bool], ...]  # (projection, marker or None, reads)


def state_marker(projection: Any, cls: type) -> bytes | None:
    """The bytes an event of ``cls`` must hold to be decoded for ``projection``, if any."""
    for event_type, marker in (getattr(projection, "state_markers", None) or {}).items():
        if issubclass(cls, event_type):
            return marker
    return getattr(projection, "state_marker", None)


def _untag(o: dict[str, Any]) -> bool:
    """``o`` with its ``datetime_iso`` tags replaced by datetimes, in place, as the
    transcoder does; False if it holds anything else the transcoder would convert."""
    return _untag_pairs(o, o.items())


def _untag_list(o: list[Any]) -> bool:
    return _untag_pairs(o, enumerate(o))


def _untag_pairs(o: Any, pairs: Any) -> bool:
    """The walk of ``_untag`` over a dict's items or a list's (index, value) pairs; replacing
    a value under an existing key or index while walking is safe for both."""
    for key, value in pairs:
        kind = type(value)
        if kind in _PLAIN:
            continue
        if kind is dict:
            if len(value) == 2 and "_type_" in value and "_data_" in value:
                data = value["_data_"]
                if value["_type_"] == _ISO and type(data) is str:
                    o[key] = _fromisoformat(data)  # DatetimeAsISO.decode
                    continue
                return False
            if not _untag(value):
                return False
        elif kind is list:
            if not _untag_list(value):
                return False
        else:
            return False
    return True


class EventDecoder:
    def __init__(self, mapper: Any, originator_id: Callable[[Any], Any]) -> None:
        """``originator_id``: the reader's conversion of a stored originator id."""
        self.mapper = mapper
        self.originator_id = originator_id
        # Stored states as written (``marked_state`` reads their certification mode).
        self.plain = mapper.cipher is None and mapper.compressor is None
        transcoder = mapper.transcoder
        self.fast = (type(mapper) in (LedgerMapper, CertificationModeMapper) and self.plain
                     and type(transcoder) is OrjsonTranscoder
                     and type(transcoder.names.get(_ISO)) is DatetimeAsISO)

    def plan(self, topic: str, projections: Any) -> TopicPlan:
        cls = resolve_topic(topic)
        plain = self.plain  # markers readable
        targets = []
        for p in projections:
            reads = p.event_types is None or issubclass(cls, p.event_types)
            if reads or getattr(p, "follows_certification_mode", False):
                targets.append((p, state_marker(p, cls) if plain else None, reads))
        fast = self.fast and getattr(cls, "class_version", 1) == 1
        return TopicPlan(cls, fast, tuple(targets))

    def __call__(self, row: Any, plan: TopicPlan) -> Any:
        """The domain event of ``row`` (notification_reader.Row)."""
        _, stored_id, version, topic, state = row
        if plan.fast:
            try:
                values = _loads(state)
            except orjson.JSONDecodeError:
                values = None
            if type(values) is dict and "class_version" not in values and _untag(values):
                originator_id = self.originator_id(stored_id)
                cls = plan.cls
                values["originator_id"] = find_id_convertor(cls, type(originator_id))(
                    originator_id)
                values["originator_version"] = version
                if MARKER in values:  # LedgerMapper.to_domain_event
                    values[MARKER] = values[MARKER] is True
                event = object.__new__(cls)
                object.__setattr__(event, "__dict__", values)
                return event
        return self.mapper.to_domain_event(StoredEvent(
            originator_id=self.originator_id(stored_id), originator_version=version,
            topic=topic, state=state))
