"""A page of the notification log split among the projections that want its events
(infra/projecting/runner.py applies each part in the page's transaction).

An event is decoded only if a projection wants it, by its topic and, where a projection names
one (``state_marker``, projections/base.py), by bytes its stored state must contain; once,
however many projections take it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from infra.store.event_decoding import EventDecoder, TopicPlan
from infra.store.notification_reader import Row
from infra.store.serialization import marked_state
from projections.base import Projection


class PageSplitter:
    """``splitter(rows, due, positions)``: each due projection's part of a page (``rows`` from
    infra/store/notification_reader.py), as (notification id, event) pairs."""

    def __init__(self, mapper: Any, originator_id: Callable[[Any], Any],
                 projections: Sequence[Projection]) -> None:
        self.projections = list(projections)
        self._decode = EventDecoder(mapper, originator_id)
        self.by_topic: dict[str, TopicPlan] = {}
        self.follows = {p.name for p in self.projections
                        if getattr(p, "follows_certification_mode", False)}

    def __call__(self, rows: Sequence[Row], due: Sequence[Projection],
                 positions: dict[str, int]) -> dict[str, list[tuple[int, Any]]]:
        """Each due projection's part of the page. An event is decoded only if a projection
        wants it (JSON decoding was ~13 % of the worker; a deposit's receipt concerns none).
        One that ``follows_certification_mode`` also gets, of any type, the page's first event
        and each one whose mode differs from the one before it (``marked_state``)."""
        pages: dict[str, list[tuple[int, Any]]] = {p.name: [] for p in due}
        # A projection that has applied part of the page already (after a rebuild of
        # another): its events up to its position are left out.
        first = rows[0][0]
        partly = {p.name: positions[p.name] for p in due if positions[p.name] >= first}
        decode = self._decode
        readable = decode.plain  # else every event is decoded for a mode-following projection
        modes: dict[str, bool | None] = {}  # mode-following projection -> the last row's mode
        # Per topic, for this page: (plan, ((page, projection name, marker, reads), ...)).
        wanted: dict[str, tuple[TopicPlan, tuple[tuple[list, str, Any, bool], ...]]] = {}
        for row in rows:
            found = wanted.get(row[3])
            if found is None:
                plan = self._plan(row[3])
                found = wanted[row[3]] = (plan, tuple(
                    (pages[p.name], p.name, marker, reads) for p, marker, reads in plan.targets
                    if p.name in pages))
            plan, targets = found
            if not targets:
                continue
            event = None
            for page, name, marker, reads in targets:
                if partly and name in partly and row[0] <= partly[name]:
                    continue
                # find, not ``in``: ``bytes in bytes`` first tries the marker as an integer
                # and builds a TypeError each time (~4 % of the worker's instructions).
                take = reads and (marker is None or row[4].find(marker) >= 0)
                if name in self.follows:
                    mode = marked_state(row[4]) if readable else None
                    take = take or mode is None or mode != modes.get(name)
                    modes[name] = mode
                if not take:
                    continue
                if event is None:
                    event = decode(row, plan)
                page.append((row[0], event))
        return pages

    def _plan(self, topic: str) -> TopicPlan:
        """How events of ``topic`` are decoded, and the projections that may want them, each
        with the bytes its events' stored state must contain (``state_marker``), if any;
        cached per topic."""
        plan = self.by_topic.get(topic)
        if plan is None:
            plan = self.by_topic[topic] = self._decode.plan(topic, self.projections)
        return plan
