"""The ledger's Mapper: marks every event stored while certification mode is on.

api-contract.md, certification mode: "every event recorded while certification mode is on is
marked as such". Marking at the storage boundary means no game has to remember it: the
``CertificationModeMapper`` adds ``"certification_mode": true`` to the stored state of every
event and snapshot it writes. Reading restores the marker as an attribute (events are frozen
dataclasses: ``object.__setattr__``), so ``getattr(event, "certification_mode", False)``
answers for any event; events stored without the marker load exactly as before.

The application selects the mapper by its env (eventsourcing-notes §2.3, §7):
``MAPPER_TOPIC`` names the class and ``CERTIFICATION_MODE`` records the switch (``1``/``0``,
the values of ``LEDGER_CERTIFICATION_MODE``). ``certification_env`` builds both, and names the
mapper's transcoder, ``TRANSCODER_TOPIC``: the library's JSON format written and read with
orjson (infra/store/transcoder.py).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from domain.kernel.certification import MARKER, recorded_in_certification_mode
from infra.store.transcoder import OrjsonTranscoder

_new_stored_event = object.__new__
_set_attribute = object.__setattr__
# The marker is the last key of a marked state (``to_stored_event``; no event has an attribute
# of that name), so a stored state says its mode without being decoded: ``marked_state``.
_MARKED_END = f',"{MARKER}":true}}'.encode()
CERTIFICATION_MODE_KEY = "CERTIFICATION_MODE"
MAPPER_TOPIC_KEY = "MAPPER_TOPIC"
TRANSCODER_TOPIC_KEY = "TRANSCODER_TOPIC"


class LedgerMapper(Mapper[UUID]):
    """The library's Mapper, plus the certification marker (written only when on)."""

    certification_mode = False

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        """``Mapper.to_stored_event`` step by step (the same topic, state and bytes), with the
        marker added to the state when certification mode is on, and the ``StoredEvent``
        built as the library builds events from records (``to_domain_event``), without the
        frozen dataclass's ``__init__``: one per event on the writer's hot path."""
        cls = domain_event.__class__
        topic = get_topic(cls)
        event_state = dict(vars(domain_event))
        originator_id = event_state.pop("originator_id")
        originator_version = event_state.pop("originator_version")
        class_version = getattr(cls, "class_version", 1)
        if class_version > 1:
            event_state["class_version"] = class_version
        if self.certification_mode:
            event_state[MARKER] = True  # last: ``marked_state``
        stored_state = self.transcoder.encode(event_state)
        if self.compressor:
            stored_state = self.compressor.compress(stored_state)
        if self.cipher:
            stored_state = self.cipher.encrypt(stored_state)
        stored_event = _new_stored_event(StoredEvent)
        _set_attribute(stored_event, "__dict__", {
            "originator_id": originator_id, "originator_version": originator_version,
            "topic": topic, "state": stored_state})
        return stored_event

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        domain_event = super().to_domain_event(stored_event)
        if MARKER in vars(domain_event):
            object.__setattr__(domain_event, MARKER, vars(domain_event)[MARKER] is True)
        return domain_event


class CertificationModeMapper(LedgerMapper):
    certification_mode = True


def is_marked(domain_event: Any) -> bool:
    return recorded_in_certification_mode(domain_event)


def marked_state(state: bytes) -> bool:
    """Whether a stored event's state (as written: neither compressed nor encrypted) was
    written in certification mode, without decoding it: what ``to_domain_event`` would give
    (tests/projections/test_significant_events_runner.py checks the two agree)."""
    return state.endswith(_MARKED_END)


def certification_env(certification_mode: bool, app_name: str = "") -> dict[str, str]:
    """Application env keys that select the mapper. Also written with the application's name
    as prefix (``LEDGER_MAPPER_TOPIC``...), because the library lets a prefixed key in
    ``os.environ`` beat a plain one given to the constructor, and ``LEDGER_CERTIFICATION_MODE``
    is a real environment variable of this service."""
    mapper = CertificationModeMapper if certification_mode else LedgerMapper
    env = {MAPPER_TOPIC_KEY: get_topic(mapper),
           TRANSCODER_TOPIC_KEY: get_topic(OrjsonTranscoder),
           CERTIFICATION_MODE_KEY: "1" if certification_mode else "0"}
    if app_name:
        env.update({f"{app_name.upper()}_{key}": value for key, value in list(env.items())})
    return env
