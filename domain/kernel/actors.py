"""Who did it: every event names its actor (903-B 5.2.2(7) non-repudiation, 5.4.3(1)).

Actors are plain strings so they transcode as they are: ``player:<uuid>``, ``staff:<uuid>``
(operators, auditors, complaint handlers) or ``system`` (the service itself: timers, RNG,
recovery), optionally ``system:<component>``.
"""

from __future__ import annotations

from uuid import UUID

from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import T903B, cite

ROLES = ("operator", "player", "auditor", "complaint_handler")
STAFF_ROLES = ("operator", "auditor", "complaint_handler")
SYSTEM = "system"


def player_actor(player_id: UUID | str) -> str:
    return f"player:{player_id}"


def staff_actor(staff_id: UUID | str) -> str:
    return f"staff:{staff_id}"


def system_actor(component: str | None = None) -> str:
    return SYSTEM if not component else f"{SYSTEM}:{component}"


def check_actor(actor: str) -> str:
    """903-B 5.2.2(7): an event without a recognisable actor is refused."""
    kind, _, ident = actor.partition(":")
    if kind == SYSTEM or (kind in ("player", "staff") and ident):
        return actor
    raise InvalidInputError(
        f"actor {actor!r} is not player:<id>, staff:<id> or system",
        field="actor",
        rule=cite(T903B, "5.2.2(7)"),
    )
