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
orjson (infra/transcoder.py).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent
from eventsourcing.utils import get_topic

from infra.transcoder import OrjsonTranscoder

MARKER = "certification_mode"
CERTIFICATION_MODE_KEY = "CERTIFICATION_MODE"
MAPPER_TOPIC_KEY = "MAPPER_TOPIC"
TRANSCODER_TOPIC_KEY = "TRANSCODER_TOPIC"


class LedgerMapper(Mapper[UUID]):
    """The library's Mapper, plus the certification marker (written only when on)."""

    certification_mode = False

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        if self.certification_mode:
            marked = object.__new__(type(domain_event))
            object.__setattr__(marked, "__dict__", {**vars(domain_event), MARKER: True})
            domain_event = marked
        return super().to_stored_event(domain_event)

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        domain_event = super().to_domain_event(stored_event)
        if MARKER in vars(domain_event):
            object.__setattr__(domain_event, MARKER, vars(domain_event)[MARKER] is True)
        return domain_event


class CertificationModeMapper(LedgerMapper):
    certification_mode = True


def is_marked(domain_event: Any) -> bool:
    return getattr(domain_event, MARKER, False) is True


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
