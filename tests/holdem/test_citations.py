"""Refusals of the shared engine cite the table's own game (rules-digest §7: Omaha's text
numbers its rules as hold'em's), and a configuration whose fields contradict each other is a
409 naming the rule (hold'em and Omaha rule 6, A25)."""

from __future__ import annotations

import pytest

from domain.games.community_poker.config import check_table_config
from domain.kernel.errors import RuleViolationError
from tests.holdem.client import config, new_table
from tests.refusals import refused


def started(ledger, game: str):
    """Three players at a table of ``game`` and a jogada started."""
    table = new_table(ledger, game)
    for seat in (1, 2, 3):
        table.seat_new(seat)
    table.start()
    return table


@pytest.mark.parametrize("game, cited", [("holdem", "hold'em rule 34"),
                                         ("omaha", "Omaha rule 34")])
def test_om_34_checking_facing_a_bet_cites_the_tables_own_rule(ledger, game, cited):
    table = started(ledger, game)
    with refused(ledger, RuleViolationError, field="action", rule=cited):
        table.act(table.to_act(), "check")


@pytest.mark.parametrize("game, cited", [("holdem", "hold'em rule 51"),
                                         ("omaha", "Omaha rule 51")])
def test_om_51_acting_out_of_turn_cites_the_tables_own_rule(ledger, game, cited):
    table = started(ledger, game)
    waiting = next(p for p in table.players if p is not table.to_act())
    with refused(ledger, RuleViolationError, field="seat", rule=cited):
        table.act(waiting, "call")


@pytest.mark.parametrize("game, cited", [("holdem", "hold'em rule 6"), ("omaha", "Omaha rule 6")])
def test_he_6_a_session_ending_before_it_starts_is_a_rule_violation(game, cited):
    with pytest.raises(RuleViolationError) as info:
        check_table_config(config(mode="session", session_starts_at="2026-01-05T15:00:00+00:00",
                                  session_ends_at="2026-01-05T11:00:00+00:00"), game)
    assert (info.value.field, info.value.rule) == ("session_ends_at", cited)
