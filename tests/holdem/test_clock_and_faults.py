"""Hold'em and Omaha: time (rules 43–45), the next jogada on the clock, interruptions (rules
72, 73; A10, A26) and the session statement (rules 67, 70b). The clock is the test's; the
game's clock is ticked by hand (its interval is off in tests)."""

from __future__ import annotations

import pytest

from domain.kernel.errors import ConflictError
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from tests.holdem.client import new_table, recover
from tests.holdem.support import (BOARD, HOLES, balance, bust_seat_one, caves, cited, forced_deck,
                                  money, only, passive, play_out, table_events, three_seated)



@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_43_45_om_43_45_when_time_runs_out_the_player_folds_facing_a_bet(cert, clock, game):
    table = three_seated(cert, game)
    table.start(button_seat=7)
    jogada_id = table.jogada()["jogada_id"]
    assert table.tick()["done"] is None  # before the deadline: nothing
    clock.advance(seconds=21)
    assert table.tick()["done"] == {"timeout": "fold", "seat": "7"}
    acted = only(table_events(table, jogada_id), "ActionApplied")
    assert (acted.action, acted.reason, acted.rule) == ("fold", "timeout", cited(game, 45))


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_45_om_45_when_time_runs_out_the_player_checks_if_it_may(cert, clock, game):
    table = three_seated(cert, game)
    table.start(button_seat=7)
    table.act(table.by_seat(7), "call")
    table.act(table.by_seat(1), "call")
    clock.advance(seconds=21)
    assert table.tick()["done"] == {"timeout": "check", "seat": "4"}  # the big blind checks
    assert table.jogada()["street"] == "flop"


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_44_om_44_the_extra_time_comes_once_before_the_timeout(cert, clock, game):
    table = three_seated(cert, game, extra_seconds=10)
    table.start(button_seat=7)
    clock.advance(seconds=21)
    assert table.tick()["done"] == {"extended": True}
    jogada_id = table.jogada()["jogada_id"]
    extended = only(table_events(table, jogada_id), "DecisionTimeExtended")
    assert extended.seat == "7" and extended.rule == cited(game, 44)
    clock.advance(seconds=5)
    assert table.tick()["done"] is None
    clock.advance(seconds=6)
    assert table.tick()["done"]["timeout"] == "fold"


def test_he_the_clock_starts_the_next_jogada_after_the_tables_pause(cert, clock):
    table = three_seated(cert, pause_seconds=5)
    table.start(button_seat=7)
    play_out(table, passive)
    assert table.tick()["done"] is None
    clock.advance(seconds=6)
    started = table.tick()["done"]["started"]
    assert started.endswith(":2") and table.jogada()["jogada_id"] == started


def test_he_72_a26_a_fault_voids_the_jogada_every_contribution_back_no_commission(cert):
    table = three_seated(cert)
    before = money(table)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    jogada_id = table.jogada()["jogada_id"]
    table.act(table.by_seat(7), "raise", 500)
    table.act(table.by_seat(1), "call")
    table.act(table.by_seat(4), "call")
    voided = table.void()
    assert voided["refunds"] == {"1": 500, "4": 500, "7": 500}
    assert caves(table) == {"1": 10_000, "4": 10_000, "7": 10_000}
    assert money(table) == before
    assert balance(cert, table.described["commission_account"]) == 0
    event = only(table_events(table, jogada_id), "JogadaVoided")
    assert event.rule == "hold'em rules 72, 73; A26"
    statement = sessions_service.statement(cert, table.by_seat(1).session_id)
    assert statement["wagered_cents"] == 500 and statement["refunded_cents"] == 500


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_73_om_73_a_players_lost_connection_is_not_a_void(cert, clock, game):
    table = three_seated(cert, game)
    table.start(button_seat=7)
    jogada_id = table.jogada()["jogada_id"]
    answer = table.run("ConnectionLost", player_id=str(table.by_seat(7).player_id),
                       actor="system:connections")
    assert answer["voided"] is False
    assert table.jogada()["jogada_id"] == jogada_id
    clock.advance(seconds=21)
    assert table.tick()["done"]["timeout"] == "fold"  # the clock acts for the player


def test_he_72_a10_a_jogada_a_crash_left_open_is_voided_at_start(make_settings, clock, request):
    settings = make_settings(certification_mode="1")
    first = build_ledger(settings, clock=clock, seeds=SeededSeedSource(72))
    table = three_seated(first)
    table.start(button_seat=7)
    table.act(table.by_seat(7), "call")
    jogada_id = table.jogada()["jogada_id"]
    first.close()  # as if the process died mid-jogada
    second = build_ledger(settings, clock=clock, seeds=SeededSeedSource(73))
    try:
        table.ledger = second
        assert table.jogada() is None  # the start-up recovery ran
        voided = only(table_events(table, jogada_id), "JogadaVoided")
        assert voided.reason == "service_restart"
        assert caves(table) == {"1": 10_000, "4": 10_000, "7": 10_000}
        assert recover(second, "holdem") == []
    finally:
        second.close()


def test_he_67_the_statement_shows_bet_won_returned_and_commission(cert):
    table = three_seated(cert, commission={"mode": "pot", "percent_bp": 500})
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    table.act(table.by_seat(7), "raise", 300)
    table.act(table.by_seat(1), "call")
    table.act(table.by_seat(4), "call")
    play_out(table, passive)
    winner = table.by_seat(1)  # aces up (As Ks + Ah)
    statement = sessions_service.statement(cert, winner.session_id)
    assert statement["wagered_cents"] == 300
    assert statement["won_cents"] == 900 - 45
    lines = {line["category"]: line for line in statement["lines"]}
    assert lines["commission"]["amount_cents"] == 45
    loser = sessions_service.statement(cert, table.by_seat(7).session_id)
    assert loser["wagered_cents"] == 300 and loser["won_cents"] == 0


def test_he_70b_a_player_dealt_in_without_a_bet_counts_an_idle_jogada(cert):
    table = three_seated(cert)
    table.start(button_seat=1)  # seats 4 and 7 post the blinds; seat 1 folds at once
    table.act(table.by_seat(1), "fold")
    play_out(table, passive)
    statement = sessions_service.statement(cert, table.by_seat(1).session_id)
    assert statement["jogadas"] == 0


def test_he_void_of_a_jogada_that_is_not_open_is_refused(cert):
    table = three_seated(cert)
    try:
        table.void()
    except ConflictError as error:
        assert error.field == "jogada_id"
    else:
        raise AssertionError("a void with no jogada open was accepted")


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_70a_70b_71_om_70a_70b_71_a_short_cave_not_rebought_is_warned_then_ended(cert, game):
    table = new_table(cert, game, pause_seconds=0)
    broke, b, c = table.seat_new(1), table.seat_new(2), table.seat_new(3)
    bust_seat_one(table)
    ended = None
    for n in range(12):  # seat 1 sits out every jogada: each counts as one without a bet
        table.start()
        table.act(table.to_act(), "fold")
        statement = sessions_service.statement(cert, broke.session_id)
        if statement["status"] == "ended":
            ended = n
            break
    assert ended is not None and statement["end_reason"] == "inactivity"
    assert statement["invitation_at"] is not None and statement["warning_at"] is not None
    assert "1" not in caves(table)  # its (empty) seat went with the session


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_70b_71_om_70b_71_the_tables_idle_jogadas_threshold_drives_the_warning(cert, game):
    table = new_table(cert, game, idle_jogadas=2, pause_seconds=0)
    broke, b, c = table.seat_new(1), table.seat_new(2), table.seat_new(3)
    bust_seat_one(table)
    seen = []
    for _ in range(3):  # seat 1 sits out: jogadas without a bet 1, 2, 3
        table.start()
        table.act(table.to_act(), "fold")
        statement = sessions_service.statement(cert, broke.session_id)
        seen.append(statement["warning_at"] is not None)
    assert seen == [False, False, True]  # more than 2 (the table's threshold): the warning
