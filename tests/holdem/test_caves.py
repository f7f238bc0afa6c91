"""Hold'em and Omaha: seats and caves (rules 8–15; A25, A28; 903-B 6.6.1). The caves are money
in the table's account: every buy-in, rebuy and cash-out is a transfer the tests read back."""

from __future__ import annotations

import pytest

from domain.kernel.errors import ConflictError, InsufficientFundsError, RuleViolationError
from infra.services import sessions as sessions_service
from tests.holdem.client import new_table
from tests.holdem.conftest import refused
from tests.holdem.support import (balance, bust_seat_one, caves, cited, forced_deck, passive,
                                  play_out, table_events)
from tests.holdem.support import wallet as wallet_of


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_8_a28_om_8_the_fixed_buy_in_moves_from_the_wallet_to_the_tables_account(ledger, game):
    table = new_table(ledger, game)
    player = table.start_session(table.new_player(deposit_cents=25_000))
    sat = table.sit(player, 5)
    assert sat["cave_cents"] == 10_000
    assert wallet_of(ledger, player.player_id) == 15_000
    assert balance(ledger, table.described["account_code"]) == 10_000
    assert caves(table) == {"5": 10_000}


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_9_om_9_903b_6_6_1_one_seat_per_player_never_twice_at_a_table(ledger, game):
    table = new_table(ledger, game)
    player = table.start_session(table.new_player())
    table.sit(player, 1)
    with refused(table, ConflictError, code="already_seated", field="player_id"):
        table.sit(player, 2)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_9_om_9_a_taken_seat_is_refused(ledger, game):
    table = new_table(ledger, game)
    table.seat_new(1)
    other = table.start_session(table.new_player())
    with refused(table, ConflictError, field="seat", rule=cited(game, 9)):
        table.sit(other, 1)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_8_om_8_a_buy_in_the_wallet_cannot_cover_is_refused(ledger, game):
    table = new_table(ledger, game)
    poor = table.start_session(table.new_player(deposit_cents=9_999))
    table.players.append(poor)
    with refused(table, InsufficientFundsError, field="buy_in_cents"):
        table.sit(poor, 1)


def test_he_sit_is_idempotent_by_key(ledger):
    table = new_table(ledger)
    player = table.start_session(table.new_player())
    first = table.sit(player, 2, key="k-1")
    again = table.sit(player, 2, key="k-1")
    assert again == first
    assert wallet_of(ledger, player.player_id) == 90_000


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_69_om_69_sitting_needs_an_open_game_session_at_the_table(ledger, game):
    table = new_table(ledger, game)
    player = table.new_player()
    with refused(table, ConflictError, field="session_id"):
        table.sit(player, 1)


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_10_om_10_leave_with_the_whole_cave_between_jogadas(ledger, game):
    table = new_table(ledger, game)
    player = table.seat_new(3)
    left = table.leave(player)
    assert left["cave_cents"] == 10_000 and left["left"] is True
    assert wallet_of(ledger, player.player_id) == 100_000
    assert balance(ledger, table.described["account_code"]) == 0


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_10_om_10_a_player_in_the_jogada_leaves_when_it_ends(cert, game):
    table = new_table(cert, game)
    a, b = table.seat_new(1), table.seat_new(2)
    table.start(button_seat=1)
    answer = table.leave(a)
    assert answer["leaves_when_jogada_ends"] is True
    assert "1" in caves(table)
    play_out(table, passive)
    assert "1" not in caves(table)
    left = [e for e in table_events(table) if type(e).__name__ == "PlayerLeft"][-1]
    assert left.seat == "1" and left.rule == cited(game, 10)
    assert wallet_of(cert, a.player_id) == 90_000 + left.cave_cents


def test_he_11_no_rebuy_during_a_jogada(cert):
    table = new_table(cert)
    a, b = table.seat_new(1), table.seat_new(2)
    # seat 1 loses its whole cave, all in against aces (button 2 posts the big blind: A29)
    table.start(button_seat=2, forced_deck=forced_deck([["7c", "2d"], ["Ah", "Ad"]],
                                                       ["Ks", "Qs", "9h", "6d", "4c"]))
    table.act(a, "all_in")
    with refused(table, RuleViolationError, code="jogada_in_play", rule="hold'em rule 11"):
        table.rebuy(a)
    table.act(b, "call")
    assert caves(table)["1"] == 0


def test_he_12_15_rebuy_when_the_cave_is_lost_and_not_before(cert):
    table = new_table(cert, rebuy_cents=5_000)
    a, b = table.seat_new(1), table.seat_new(2)
    with refused(table, RuleViolationError, code="cave_not_short", rule="hold'em rules 12, 15"):
        table.rebuy(a)
    table.start(button_seat=2, forced_deck=forced_deck([["7c", "2d"], ["Ah", "Ad"]],
                                                       ["Ks", "Qs", "9h", "6d", "4c"]))
    table.act(a, "all_in")
    table.act(b, "call")
    assert caves(table)["1"] == 0
    rebought = table.rebuy(a)
    assert rebought["cave_cents"] == 5_000
    assert wallet_of(cert, a.player_id) == 85_000


def test_he_15_a_cave_below_the_table_minimum_is_not_dealt_in(cert):
    table = new_table(cert)
    a, b, c = table.seat_new(1), table.seat_new(2), table.seat_new(3)
    bust_seat_one(table)
    table.start()
    assert "1" not in table.jogada()["seats"]


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_6_a25_om_6_a_session_mode_table_seats_only_registered_players(ledger, clock, game):
    table = new_table(ledger, game, mode="session",
                      session_starts_at="2026-01-01T20:00:00+00:00",
                      session_ends_at="2100-01-01T00:00:00+00:00")
    player = table.start_session(table.new_player())
    table.players.append(player)
    with refused(table, RuleViolationError, code="not_registered", field="player_id"):
        table.sit(player, 1)
    table.run("Register", player_id=str(player.player_id), actor=player.actor)
    assert table.sit(player, 1)["seat"] == 1


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_69_om_69_ending_the_session_cashes_the_cave_out(ledger, game):
    table = new_table(ledger, game)
    player = table.seat_new(4)
    sessions_service.end_session(ledger, player.session_id, "player", player.actor)
    assert caves(table) == {}
    assert wallet_of(ledger, player.player_id) == 100_000
    left = [e for e in table_events(table) if type(e).__name__ == "PlayerLeft"]
    assert left[-1].reason == "session_ended" and left[-1].cave_cents == 10_000
