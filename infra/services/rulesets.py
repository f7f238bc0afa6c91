"""Versioned rule sets per venue for the API, the CLI and the tests (domain/rulesets/versions.py;
903-B 6.1.5(2)(3)). Commands and reads go to the writer as values (domain/core_commands.py)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from domain import core_commands as core
from domain.rulesets.values import check_settings_size

if TYPE_CHECKING:
    from infra.container import Ledger


def publish_settings(ledger: "Ledger", venue_id: str, settings: dict[str, Any], actor: str, *,
                     effective_from: datetime | None = None,
                     note: str | None = None) -> dict[str, Any]:
    """A new version, in force for jogadas that start at or after ``effective_from``: a valid
    configuration of the venue's game (domain/rulesets/venue_settings.py). Its size is checked here
    too, so that an oversized one never travels to the writer process."""
    check_settings_size(settings)
    return ledger.run(core.PublishSettings(venue_id=venue_id, settings=settings, actor=actor,
                                           effective_from=effective_from, note=note))


def rules_in_force(ledger: "Ledger", venue_id: str,
                   when: datetime | None = None) -> tuple[int, dict[str, Any]]:
    """(version, settings) for a jogada starting at ``when`` (default: the ledger's now)."""
    return ledger.run(core.RulesInForce(venue_id=venue_id, when=when))


def versions(ledger: "Ledger", venue_id: str) -> list[dict[str, Any]]:
    """Every version of the venue's rule set, oldest first ([] if none was published)."""
    return ledger.run(core.RulesetVersions(venue_id=venue_id))


def version_in_force(ledger: "Ledger", venue_id: str,
                     when: datetime | None = None) -> dict[str, Any]:
    """The version (number, effective_from, published_at, settings) a jogada starting at
    ``when`` (default: the ledger's now) runs under."""
    return ledger.run(core.RulesetInForce(venue_id=venue_id, when=when))
