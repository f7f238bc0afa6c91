"""Versioned game settings per venue (table or room): the rule set in force.

903-B 6.1.5(2)(3): the rules cannot change during a game, and each game is played under the
rules in force at the time. So settings are published as numbered versions, never edited (a
change is a new version, 903-B 1.5 "Log"), each with the instant from which it is in force;
a jogada takes the version in force at the instant it STARTS (``version_at``) and keeps it to
the end, whatever is published meanwhile. Every publication names its actor: a change of game
parameters is a significant event (903-B 6.3.6(6)(7)).

What a version may hold is checked on the command, never on load (903-B 7.9.1: input is
validated; versions already in the log replay as they were recorded): a bounded JSON object
(domain/rulesets/values.py) that is a valid configuration of the venue's game, checked by that
game's own rules (domain/rulesets/venue_settings.py).
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.actors import check_actor
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text
from domain.kernel.uow import UnitOfWork
from domain.rulesets.values import check_settings
from domain.rulesets.venue_settings import check_venue_settings

_NS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/rulesets")
RULE = cite(T903B, "6.1.5(2)")


def ruleset_id(venue_id: str) -> UUID:
    return uuid5(_NS, venue_id)


class RuleSet(LedgerAggregate):
    @event("Created", topic="ledger.RuleSet.Created")
    def __init__(self, venue_id: str, actor: str, at: datetime) -> None:
        self.venue_id = venue_id
        self.versions: list[dict[str, Any]] = []  # in version order; effective_from increasing

    @staticmethod
    def create_id(venue_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return ruleset_id(venue_id)

    # Queries ----------------------------------------------------------------------------------
    @property
    def latest(self) -> dict[str, Any] | None:
        return self.versions[-1] if self.versions else None

    def version_at(self, when: datetime) -> tuple[int, dict[str, Any]]:
        """The version in force at ``when`` (a jogada's start): the last one whose
        ``effective_from`` is at or before it (903-B 6.1.5(3))."""
        for entry in reversed(self.versions):
            if entry["effective_from"] <= when:
                return entry["version"], copy.deepcopy(entry["settings"])
        raise NotFoundError(f"no rules in force at {self.venue_id} at {when.isoformat()}",
                            field="venue_id", rule=cite(T903B, "6.1.5(3)"))

    def settings_of(self, version: int) -> dict[str, Any]:
        """The settings of a version a jogada was stamped with (to settle it under them)."""
        if isinstance(version, int) and not isinstance(version, bool) \
                and 1 <= version <= len(self.versions):
            return copy.deepcopy(self.versions[version - 1]["settings"])
        raise NotFoundError(f"{self.venue_id} has no rule-set version {version!r}",
                            field="version")

    # Commands ---------------------------------------------------------------------------------
    def publish(self, settings: dict[str, Any], effective_from: datetime, actor: str,
                at: datetime, note: str | None = None) -> int:
        clean = check_publication(self.latest, settings, effective_from, at, note)
        version = len(self.versions) + 1
        self._published(version=version, settings=clean, effective_from=effective_from,
                        note=note, actor=actor, at=at)
        return version

    @event("SettingsVersionPublished", topic="ledger.RuleSet.SettingsVersionPublished")
    def _published(self, version: int, settings: dict[str, Any], effective_from: datetime,
                   note: str | None, actor: str, at: datetime) -> None:
        self.versions.append({"version": version, "settings": copy.deepcopy(settings),
                              "effective_from": effective_from, "published_at": at})


def check_publication(latest: dict[str, Any] | None, settings: Any, effective_from: Any,
                      at: datetime, note: str | None) -> dict[str, Any]:
    """The guards of a publication; returns a clean copy of the settings."""
    if not isinstance(settings, dict):
        raise InvalidInputError("settings must be an object", field="settings")
    clean = check_settings(settings)
    if not isinstance(effective_from, datetime) or effective_from.tzinfo is None:
        raise InvalidInputError("effective_from must be a date-time with a time zone",
                                field="effective_from")
    if effective_from < at:
        # A version in force from the past would change jogadas already started.
        raise RuleViolationError("a new rule-set version cannot take effect in the past",
                                 field="effective_from", rule=RULE)
    if latest is not None and effective_from <= latest["effective_from"]:
        raise RuleViolationError(
            f"version {latest['version']} takes effect at"
            f" {latest['effective_from'].isoformat()}; a new version must take effect later",
            field="effective_from", rule=RULE)
    if note is not None:
        check_text(note, "note", 500)
    return clean


# Handlers ---------------------------------------------------------------------------------------
def publish_settings(uow: UnitOfWork, *, venue_id: str, settings: dict[str, Any],
                     effective_from: datetime | None = None, actor: str,
                     note: str | None = None) -> dict[str, Any]:
    """Publish a new version (in force from ``effective_from``, default: now): a configuration
    of the venue's game, checked by the game's rules and kept as the game records it; the
    answer carries the game's warnings."""
    check_actor(actor)
    check_text(venue_id, "venue_id")
    clean, warnings = check_venue_settings(uow, venue_id, settings)
    when = uow.at if effective_from is None else effective_from
    ruleset = uow.find(ruleset_id(venue_id), RuleSet)
    if ruleset is None:
        check_publication(None, clean, when, uow.at, note)  # guards before the first event
        ruleset = RuleSet(venue_id=venue_id, actor=actor, at=uow.at)
        uow.add(ruleset)
    version = ruleset.publish(clean, when, actor=actor, at=uow.at, note=note)
    return {"venue_id": venue_id, "version": version, "effective_from": when,
            "warnings": warnings}


def get_ruleset(uow: UnitOfWork, venue_id: str) -> RuleSet:
    return uow.get(ruleset_id(venue_id), RuleSet, what=f"rule set of {venue_id}")


def rules_in_force(uow: UnitOfWork, *, venue_id: str,
                   when: datetime | None = None) -> tuple[int, dict[str, Any]]:
    """(version, settings) for a jogada starting at ``when`` (default: now): stamp the version
    on the jogada and settle it under ``settings_of(version)``."""
    return get_ruleset(uow, venue_id).version_at(uow.at if when is None else when)


def _public(venue_id: str, entry: dict[str, Any]) -> dict[str, Any]:
    return {"venue_id": venue_id, "version": entry["version"],
            "effective_from": entry["effective_from"], "published_at": entry["published_at"],
            "settings": copy.deepcopy(entry["settings"])}


def list_versions(uow: UnitOfWork, *, venue_id: str) -> list[dict[str, Any]]:
    """Every version of the venue's rule set, oldest first ([] if none was published)."""
    check_text(venue_id, "venue_id")
    ruleset = uow.find(ruleset_id(venue_id), RuleSet)
    return [] if ruleset is None else [_public(venue_id, e) for e in ruleset.versions]


def version_in_force(uow: UnitOfWork, *, venue_id: str,
                     when: datetime | None = None) -> dict[str, Any]:
    """The version a jogada starting at ``when`` (default: now) runs under, with its
    ``effective_from`` and settings (903-B 6.1.5(3))."""
    check_text(venue_id, "venue_id")
    at = uow.at if when is None else when
    if not isinstance(at, datetime) or at.tzinfo is None:
        raise InvalidInputError("the time must be a date-time with a time zone", field="at")
    ruleset = uow.find(ruleset_id(venue_id), RuleSet)
    if ruleset is None:
        raise NotFoundError(f"no rule set was published for {venue_id}", field="venue_id",
                            rule=cite(T903B, "6.1.5(3)"))
    version, _ = ruleset.version_at(at)
    return {**_public(venue_id, ruleset.versions[version - 1]), "at": at}
