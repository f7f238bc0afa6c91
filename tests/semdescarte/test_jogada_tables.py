"""Póquer sem descarte tables and seats, through tests/semdescarte/client.py on a real ledger
(Reg. 803/2015 rules 4, 6a, 18; A7), and the rule set in force when a jogada opens (903-B
6.1.5(3)).

What each test asserts on, and when outcomes: tests/semdescarte/support.py.
"""

from __future__ import annotations

from datetime import timedelta

from api.errors import status_for
from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from tests.semdescarte import client as sd
from infra.services import rulesets as rulesets_service, sessions as sessions_service
from tests.semdescarte.conftest import refused
from tests.semdescarte.support import (OPERATOR, ante, deal, decide, individual_config,
                                       multi_config, names, new_player, new_table, only, sd_rule,
                                       seat_player, setup_table, table_events)


def test_sd_4_6a_individual_table_has_exactly_one_seat(ledger):
    """Rules 4, 6a: an individual table has one seat; the player sits at seat 1."""
    table = new_table(ledger, individual_config())
    assert (table["config"]["kind"], table["config"]["seats"]) == ("individual", 1)
    assert only(table_events(ledger, table), "TableOpened").config["seats"] == 1
    first = seat_player(ledger, table, new_player(ledger))
    assert first.seat == 1
    other = new_player(ledger, name="Bia")
    sessions_service.start_session(ledger, other, table["venue_id"], table["game"], OPERATOR)
    with refused(ledger, InvalidInputError, field="seat"):
        sd.sit(ledger, table_id=table["table_id"], player_id=other, seat=2, actor=OPERATOR)
    with refused(ledger, ConflictError, field="seat"):
        sd.sit(ledger, table_id=table["table_id"], player_id=other, seat=None, actor=OPERATOR)
    with refused(ledger, InvalidInputError, field="seats", rule=sd_rule(4)):
        sd.create_table(ledger, name="x", config=individual_config(seats=2), actor=OPERATOR)


def test_sd_6a_multi_table_has_1_to_7_seats(ledger):
    """Rules 4, 6a: a multi-player table has 1 to 7 seats, each one usable, none beyond."""
    for seats in range(1, 8):
        table = new_table(ledger, multi_config(seats))
        assert table["config"]["seats"] == seats and table["game"] == "sem_descarte_multi"
        last = seat_player(ledger, table, new_player(ledger, 0), seat=seats)
        assert last.seat == seats
        other = new_player(ledger, 0)
        sessions_service.start_session(ledger, other, table["venue_id"], table["game"], OPERATOR)
        with refused(ledger, InvalidInputError, field="seat", rule=sd_rule("6a")):
            sd.sit(ledger, table_id=table["table_id"], player_id=other, seat=seats + 1,
                   actor=OPERATOR)
    with refused(ledger, InvalidInputError, field="seats", rule=sd_rule("6a")):
        sd.create_table(ledger, name="x", config=multi_config(8), actor=OPERATOR)
    with refused(ledger, InvalidInputError, field="seats"):
        sd.create_table(ledger, name="x", config=multi_config(0), actor=OPERATOR)


def test_sd_18_max_ante_above_25_times_min_is_refused_and_nothing_recorded(ledger):
    """Rule 18 (A7): max ante ≤ 25 × min ante; a configuration above it is a 409 (two
    well-formed limits refused together by the rule) naming the field and the rule, and no
    event is recorded."""
    for config in (individual_config(min_ante_cents=100, max_ante_cents=2_501),
                   multi_config(min_ante_cents=40, max_ante_cents=1_001)):
        with refused(ledger, RuleViolationError, field="max_ante_cents", rule=sd_rule(18)) as e:
            sd.create_table(ledger, name="mesa", config=config, actor=OPERATOR)
        assert status_for(e.value) == 409
    table = new_table(ledger, individual_config(min_ante_cents=100, max_ante_cents=2_500))
    assert table["config"]["max_ante_cents"] == 25 * table["config"]["min_ante_cents"]


def test_903b_6_1_5_3_a_jogada_runs_under_the_rule_set_in_force_when_it_opened(ledger, clock):
    """903-B 6.1.5(3): every jogada records the version of its venue's rule set in force when
    it opened; a version published for later applies only to jogadas opened after it."""
    table, (player,) = setup_table(ledger, individual_config())
    rulesets_service.publish_settings(ledger, table["venue_id"], individual_config(),
                                      OPERATOR)
    first = ante(ledger, table, player, 200)
    rulesets_service.publish_settings(ledger, table["venue_id"],
                                      individual_config(min_ante_cents=200),
                                      OPERATOR, effective_from=clock.now() + timedelta(minutes=5))
    deal(ledger, table, player)
    decide(ledger, table, first["jogada_id"], player, "fold")
    second = ante(ledger, table, player, 200)  # the new version is not in force yet
    deal(ledger, table, player)
    decide(ledger, table, second["jogada_id"], player, "fold")
    clock.advance(minutes=5)
    third = ante(ledger, table, player, 200)
    events = table_events(ledger, table)
    opened = {e.jogada_id: e.ruleset_version
              for e, n in zip(events, names(events)) if n == "JogadaOpened"}
    assert [opened[p["jogada_id"]] for p in (first, second, third)] == [1, 1, 2]
