"""Versioned rule sets per venue: the rules cannot change during a game, and each jogada runs
under the rules in force when it started (903-B 6.1.5(2)(3)). A version holds a configuration
of the venue's game, checked by the game's rules on the command (domain/rulesets/venue_settings.py)."""

from datetime import timedelta, timezone, datetime

import pytest

from domain.kernel.errors import InvalidInputError, NotFoundError, RuleViolationError
from domain.rulesets.versions import RuleSet, ruleset_id
from infra.services import rulesets as rs
from tests.bingo import client as bingo_service
from tests.semdescarte import client as semdescarte_service
from tests.sessions.conftest import OPERATOR

# Sem descarte rules 4, 6a, 14, 16-18, 21, 31: a multi-player table's configuration, as the
# table records it (nothing left to a default).
V1 = {"kind": "multi", "seats": 7, "min_ante_cents": 100, "max_ante_cents": 2_500,
      "decision_seconds": 15, "extra_seconds": 5, "betting_seconds": 20, "jackpot": None}
V2 = {**V1, "min_ante_cents": 200, "max_ante_cents": 5_000}


@pytest.fixture
def TABLE(ledger) -> str:
    """The venue id of a new multi-player sem descarte table."""
    table = semdescarte_service.create_table(ledger, name="Mesa 7", config=V1, actor=OPERATOR)
    return table["venue_id"]


def test_903b_6_1_5_a_jogada_started_before_a_change_keeps_the_old_version(ledger, clock, TABLE):
    assert rs.publish_settings(ledger, TABLE, V1, OPERATOR)["version"] == 1
    jogada_started = clock.advance(10)
    version, settings = rs.rules_in_force(ledger, TABLE, jogada_started)  # stamped on the jogada
    change = clock.advance(5) + timedelta(minutes=1)
    assert rs.publish_settings(ledger, TABLE, V2, OPERATOR, effective_from=change)["version"] == 2
    clock.set(change + timedelta(seconds=30))  # the jogada is still running after the change
    assert rs.rules_in_force(ledger, TABLE, jogada_started) == (1, V1) == (version, settings)
    assert rs.rules_in_force(ledger, TABLE) == (2, V2)  # a jogada starting now


def test_903b_6_1_5_a_new_version_applies_from_its_effective_instant(ledger, clock, TABLE):
    rs.publish_settings(ledger, TABLE, V1, OPERATOR)
    change = clock.now() + timedelta(hours=1)
    rs.publish_settings(ledger, TABLE, V2, OPERATOR, effective_from=change)
    assert rs.rules_in_force(ledger, TABLE, change - timedelta(microseconds=1))[0] == 1
    assert rs.rules_in_force(ledger, TABLE, change)[0] == 2
    assert rs.rules_in_force(ledger, TABLE)[0] == 1  # not yet in force


def test_903b_6_1_5_versions_are_never_edited_and_never_take_effect_in_the_past(
        ledger, clock, TABLE):
    rs.publish_settings(ledger, TABLE, V1, OPERATOR,
                        effective_from=clock.now() + timedelta(hours=2))
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


def test_settings_are_copies(ledger, clock, TABLE):
    settings = {**V1, "jackpot": {"stake_cents": 100, "contribution_bp": 7_000,
                                  "starting_value_cents": 1_000_000}}
    rs.publish_settings(ledger, TABLE, settings, OPERATOR)
    settings["jackpot"]["stake_cents"] = 1  # the caller's dict is not the stored one
    _, got = rs.rules_in_force(ledger, TABLE)
    assert got["jackpot"]["stake_cents"] == 100
    got["jackpot"]["stake_cents"] = 2
    assert rs.rules_in_force(ledger, TABLE)[1]["jackpot"]["stake_cents"] == 100
    with pytest.raises(InvalidInputError):
        rs.publish_settings(ledger, TABLE, V2, OPERATOR, effective_from=datetime(2030, 1, 1))


@pytest.mark.parametrize("bad, field", [
    ({**V1, "when": datetime(2030, 1, 1, tzinfo=timezone.utc)}, "settings.when"),
    ({**V1, "min_ante_cents": float("nan")}, "settings.min_ante_cents"),
    ({**V1, 1: "a"}, "settings"),
    ([1], "settings"),
    ({**V1, "min_ante_cents": 10**400}, "settings.min_ante_cents"),
    ({**V1, "min_ante_cents": 2**53}, "settings.min_ante_cents"),
    ({**V1, "min_ante_cents": 100.0}, "settings.min_ante_cents"),
    ({**V1, "min_ante_cents": True}, "settings.min_ante_cents"),
    ({**V1, "limits": {"min_bet_cents": 100}}, "settings.limits"),
    ({**V1, "notes": "x" * 70_000}, "settings"),
])
def test_903b_7_9_1_settings_are_refused_naming_the_field_and_nothing_is_recorded(
        ledger, clock, TABLE, bad, field):
    with pytest.raises(InvalidInputError) as error:
        rs.publish_settings(ledger, TABLE, bad, OPERATOR)
    assert error.value.field == field
    with pytest.raises(NotFoundError):  # the refused first version created nothing
        rs.rules_in_force(ledger, TABLE)
    assert list(ledger.app.recorder.select_events(ruleset_id(TABLE))) == []


def test_903b_6_1_5_a_room_keeps_its_variant_and_its_rules(ledger, clock):
    """A bingo room's versions are room configurations (rules 31, 33, 63...), of its variant."""
    config = {"variant": "90", "card_price_cents": 150, "max_cards": 6, "pool_bp": 8_500,
              "prizes": {"line": 1_500, "two_lines": 2_500, "bingo": 6_000},
              "sale_seconds": 30, "draw_interval_ms": 1_500}
    room = bingo_service.create_room(ledger, name="Sala 1", config=config, actor=OPERATOR)
    assert rs.publish_settings(ledger, room["venue_id"], {**config, "max_cards": 12},
                               OPERATOR)["version"] == 1
    assert rs.rules_in_force(ledger, room["venue_id"])[1]["max_cards"] == 12
    clock.advance(1)
    with pytest.raises(InvalidInputError) as error:
        rs.publish_settings(ledger, room["venue_id"], {**config, "pool_bp": 6_999}, OPERATOR)
    assert (error.value.field, error.value.rule) == ("settings.pool_bp", "bingo rule 31")
    with pytest.raises(RuleViolationError) as error:
        rs.publish_settings(ledger, room["venue_id"], {**config, "variant": "80"}, OPERATOR)
    assert (error.value.field, error.value.rule) == ("settings.variant", "bingo rule 2f")
    with pytest.raises(RuleViolationError) as error:  # a table's configuration: another game's
        rs.publish_settings(ledger, room["venue_id"], V1, OPERATOR)
    assert (error.value.code, error.value.field, error.value.rule) == (
        "settings_of_another_game", "settings", "903-B 6.1.5(2); bingo rule 2f")
    with pytest.raises(NotFoundError) as error:  # a venue that is no table or room
        rs.publish_settings(ledger, "bj-table-7", config, OPERATOR)
    assert error.value.field == "venue_id"


def test_903b_6_1_5_2_a_rooms_settings_at_a_table_are_another_games_and_recorded_nowhere(
        ledger, TABLE):
    """A table's rule set holds a table's configuration: a bingo room's is refused as another
    game's (409 through the API), whatever its values; nothing is recorded."""
    room = {"variant": "90", "card_price_cents": 150, "max_cards": 6, "pool_bp": 8_500,
            "prizes": {"line": 1_500, "two_lines": 2_500, "bingo": 6_000},
            "sale_seconds": 30, "draw_interval_ms": 1_500}
    for settings in (room, {**room, "pool_bp": 6_999}):
        with pytest.raises(RuleViolationError) as error:
            rs.publish_settings(ledger, TABLE, settings, OPERATOR)
        assert (error.value.code, error.value.field, error.value.rule) == (
            "settings_of_another_game", "settings", "903-B 6.1.5(2); póquer sem descarte rule 4")
        assert error.value.details["settings_games"] == ["bingo"]
    assert list(ledger.app.recorder.select_events(ruleset_id(TABLE))) == []


def test_settings_of_a_stamped_version_and_snapshots(ledger, clock, TABLE):
    for i in range(1, 121):
        rs.publish_settings(ledger, TABLE, {**V1, "decision_seconds": 2 + i}, OPERATOR)
        clock.advance(1)
    ledger.writer.forget_all()
    ruleset = ledger.app.repository.get(ruleset_id(TABLE))
    assert ruleset.settings_of(7) == {**V1, "decision_seconds": 9}
    assert ruleset.latest["version"] == 120
    assert list(ledger.app.snapshots.get(ruleset.id))  # 121 events: a snapshot at 100
    with pytest.raises(NotFoundError):
        ruleset.settings_of(121)
