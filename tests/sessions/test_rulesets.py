"""Versioned rule sets per venue: the rules cannot change during a game, and each jogada runs
under the rules in force when it started (903-B 6.1.5(2)(3))."""

from datetime import timedelta, timezone, datetime

import pytest

from domain.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.rulesets import RuleSet, ruleset_id
from infra import rulesets_service as rs
from tests.sessions.conftest import OPERATOR

TABLE = "bj-table-7"
V1 = {"min_bet_cents": 100, "max_bet_cents": 10_000, "decision_ms": 15_000}
V2 = {"min_bet_cents": 200, "max_bet_cents": 20_000, "decision_ms": 15_000}


def test_6_1_5_a_jogada_started_before_a_change_keeps_the_old_version(ledger, clock):
    assert rs.publish_settings(ledger, TABLE, V1, OPERATOR)["version"] == 1
    jogada_started = clock.advance(10)
    version, settings = rs.rules_in_force(ledger, TABLE, jogada_started)  # stamped on the jogada
    change = clock.advance(5) + timedelta(minutes=1)
    assert rs.publish_settings(ledger, TABLE, V2, OPERATOR, effective_from=change)["version"] == 2
    clock.set(change + timedelta(seconds=30))  # the jogada is still running after the change
    assert rs.rules_in_force(ledger, TABLE, jogada_started) == (1, V1) == (version, settings)
    assert rs.rules_in_force(ledger, TABLE) == (2, V2)  # a jogada starting now


def test_6_1_5_a_new_version_applies_from_its_effective_instant(ledger, clock):
    rs.publish_settings(ledger, TABLE, V1, OPERATOR)
    change = clock.now() + timedelta(hours=1)
    rs.publish_settings(ledger, TABLE, V2, OPERATOR, effective_from=change)
    assert rs.rules_in_force(ledger, TABLE, change - timedelta(microseconds=1))[0] == 1
    assert rs.rules_in_force(ledger, TABLE, change)[0] == 2
    assert rs.rules_in_force(ledger, TABLE)[0] == 1  # not yet in force


def test_6_1_5_versions_are_never_edited_and_never_take_effect_in_the_past(ledger, clock):
    rs.publish_settings(ledger, TABLE, V1, OPERATOR, effective_from=clock.now() + timedelta(hours=2))
    with pytest.raises(RuleViolationError) as error:
        rs.publish_settings(ledger, TABLE, V2, OPERATOR,
                            effective_from=clock.now() - timedelta(seconds=1))
    assert error.value.rule == "903-B 6.1.5(2)"
    with pytest.raises(RuleViolationError):  # must come after the version already scheduled
        rs.publish_settings(ledger, TABLE, V2, OPERATOR,
                            effective_from=clock.now() + timedelta(hours=1))
    with pytest.raises(NotFoundError):  # nothing in force yet
        rs.rules_in_force(ledger, TABLE)
    ruleset = ledger.app.repository.get(ruleset_id(TABLE))
    assert isinstance(ruleset, RuleSet) and [v["version"] for v in ruleset.versions] == [1]


def test_settings_are_json_values_and_copies(ledger, clock):
    settings = {"limits": {"min_bet_cents": 100}, "chips": (100, 500)}
    rs.publish_settings(ledger, TABLE, settings, OPERATOR)
    settings["limits"]["min_bet_cents"] = 1  # the caller's dict is not the stored one
    _, got = rs.rules_in_force(ledger, TABLE)
    assert got == {"limits": {"min_bet_cents": 100}, "chips": [100, 500]}
    got["chips"].append(1)
    assert rs.rules_in_force(ledger, TABLE)[1]["chips"] == [100, 500]
    for bad in ({"when": datetime.now(timezone.utc)}, {"x": float("nan")}, {1: "a"}, [1]):
        with pytest.raises(InvalidInputError):
            rs.publish_settings(ledger, "other-table", bad, OPERATOR)
    with pytest.raises(NotFoundError):  # the refused first version created nothing
        rs.rules_in_force(ledger, "other-table")
    with pytest.raises(InvalidInputError):
        rs.publish_settings(ledger, TABLE, V2, OPERATOR, effective_from=datetime(2030, 1, 1))


def test_settings_of_a_stamped_version_and_snapshots(ledger, clock):
    for i in range(1, 121):
        rs.publish_settings(ledger, TABLE, {"n": i}, OPERATOR)
        clock.advance(1)
    ledger.writer.forget_all()
    ruleset = ledger.app.repository.get(ruleset_id(TABLE))
    assert ruleset.settings_of(7) == {"n": 7} and ruleset.latest["version"] == 120
    assert list(ledger.app.snapshots.get(ruleset.id))  # 121 events: a snapshot at 100
    with pytest.raises(NotFoundError):
        ruleset.settings_of(121)
