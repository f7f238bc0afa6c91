"""Significant events: what in the record a staff member must be able to find at once (GLI-19
§2.8 significant events; 903-B 6.3.3(3)(4) every system error logged and reportable,
6.3.6(6)(7) changes of game parameters, jackpots, lost connections; 7.7.6(1) staff actions,
security events and system failures).

Each source of events declares which of its events are significant and what each means, as a
``SignificantEvents``: its vocabulary (``kinds``: a stable snake_case name → what it means) and,
per event class, a pure function ``classify(event)`` answering a ``Significant`` (one entry of
the read model: kind, severity, one plain line, what it concerns) or None (this event is not
significant, e.g. a settlement without a jackpot). The core's events are classified in
domain/audit/core_significant.py; each game declares its own in its ``Game.significant``
(domain/kernel/game.py; docs/adding-a-game.md). The projection "significant_events"
(projections/significant_events.py) applies them, and adds ``certification_mode_changed``
itself: the mode an event was recorded in is a mark of the stored event, not a field of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.errors import InvalidInputError

INFO, WARNING, ERROR = "info", "warning", "error"
SEVERITIES = (INFO, WARNING, ERROR)

# The kinds the games share (a game declares those it records, and may add its own).
JOGADA_VOIDED = "jogada_voided"
RECOVERY = "recovery"
CONNECTION_LOST = "connection_lost"
VENUE_OPENED = "venue_opened"
JACKPOT_WON = "jackpot_won"
LARGE_WIN = "large_win"
LARGE_WIN_CENTS = 100_000  # 1 000,00 € won (stakes returned not counted) in one jogada
GAME_KINDS = {
    VENUE_OPENED: "a table or room was opened with its configuration (903-B 6.3.6(6))",
    JOGADA_VOIDED: "a fault of the system voided a jogada and its bets went back (903-B 6.3.3(2))",
    RECOVERY: "at start-up, a jogada a stop of the service left open was voided (903-B 6.3.2(1))",
    CONNECTION_LOST: "a player's device lost its connection during a jogada (903-B 6.3.6(7))",
    JACKPOT_WON: "a jackpot was won (903-B 6.3.6(6))",
    LARGE_WIN: ("a player won a large amount in one jogada: a special prize, or winnings of"
                " 1 000,00 € or more (903-B 6.3.6(6))"),
}
# What a jogada's void records as its reason when start-up recovery voids it.
SERVICE_RESTART = "service_restart"
# Added by the projection itself, from the stored events' marks.
CERTIFICATION_MODE_CHANGED = "certification_mode_changed"


@dataclass(frozen=True)
class Significant:
    """One entry of the significant events, as its event means it. The projection adds the
    event's time, its actor and its links; for a game's event it fills ``venue_id`` (the venue
    of the event's stream) and ``target_id`` (the stream: the table or room) when left None.
    Events with the same ``group`` make ONE entry linking to all of them (a correction's two
    legs)."""

    kind: str
    summary: str  # one line of plain English
    severity: str = INFO
    venue_id: str | None = None
    target_id: str | None = None  # what it concerns: a table or room, a principal, a transfer
    jogada_id: str | None = None
    detail: Mapping[str, Any] = field(default_factory=dict)  # a few plain values
    group: str | None = None


@dataclass(frozen=True)
class VenueOfStream:
    """Not an entry: the event's stream belongs to ``venue_id``, so later events of the same
    stream that do not name it are of that venue (a rule set's versions)."""

    venue_id: str


@dataclass(frozen=True)
class NameOfStream:
    """Not an entry: the event's stream is known by ``name`` (a complaint case by its
    reference, from its ``Opened``), so that later events of the stream, which do not carry
    it, can name it (``Named``)."""

    name: str


@dataclass(frozen=True)
class Named:
    """An entry that names its stream: ``entry(name)`` is the entry, given the name an earlier
    event of the stream declared (``NameOfStream``; None if none did). Pure, as ``classify``
    is."""

    entry: Callable[[str | None], Significant]


Classify = Callable[[Any], "Significant | VenueOfStream | NameOfStream | Named | None"]


@dataclass(frozen=True)
class SignificantEvents:
    """A source's significant events: its ``kinds`` (name → what it means: the vocabulary the
    API filters by) and ``classify`` (event class → function of one event)."""

    kinds: Mapping[str, str]
    classify: Mapping[type, Classify]


def check_kinds(kinds: Mapping[str, str], known: Mapping[str, str], owner: str) -> None:
    """A kind is snake_case; a name two sources declare means the same in both."""
    for kind, meaning in kinds.items():
        if not kind.replace("_", "").isalnum() or kind != kind.lower() or kind[0] == "_":
            raise ValueError(f"{owner}: significant kind {kind!r} is not snake_case")
        if kind in known and known[kind] != meaning:
            raise ValueError(f"{owner}: significant kind {kind!r} means something else"
                             " elsewhere")


def parse_kinds(values: list[str] | None, known: Mapping[str, str]) -> list[str]:
    """Kinds asked for as repeated values or comma lists (``kind=a&kind=b,c``); an unknown one
    is a 422 naming the field and listing the known ones."""
    kinds: list[str] = []
    for value in values or ():
        for kind in value.split(","):
            if kind not in known:
                raise InvalidInputError(
                    f"kind {kind!r} is not a significant event kind; the kinds are: "
                    + ", ".join(sorted(known)), field="kind", details={"kinds": sorted(known)})
            if kind not in kinds:
                kinds.append(kind)
    return kinds


def voided(e: Any, rule: str) -> Significant:
    """A game's jogada voided (its event has ``jogada_id`` and ``reason``): by start-up
    recovery (``SERVICE_RESTART``) or by a fault of the system an operator reported."""
    if e.reason == SERVICE_RESTART:
        return Significant(RECOVERY, f"jogada {e.jogada_id}, left open when the service"
                           " stopped, was voided at start-up and its bets refunded", ERROR,
                           jogada_id=e.jogada_id, detail={"reason": e.reason, "rule": rule})
    return Significant(JOGADA_VOIDED, f"jogada {e.jogada_id} was voided ({e.reason}) and its"
                       " bets refunded", ERROR, jogada_id=e.jogada_id,
                       detail={"reason": e.reason, "rule": rule})
