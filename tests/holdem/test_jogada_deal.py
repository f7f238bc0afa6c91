"""Hold'em and Omaha: the button, the blinds, the deal and the streets (rules 46–58, 64; Omaha
rule 25; A29), checked on what the table recorded. Forced decks (certification mode) make the
cards known; the button's seat is forced only where a test needs it."""

from __future__ import annotations

import pytest

from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rng import Drbg
from tests.holdem.client import new_table
from tests.holdem.conftest import refused
from tests.holdem.support import (BOARD, HOLES, cited, forced_deck, names, only, passive, play_out,
                                  table_events, three_seated)



@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_46_47_om_46_47_button_drawn_from_the_jogadas_seed_when_play_starts(ledger, game):
    table = three_seated(ledger, game)
    table.start()
    events = table_events(table)
    drawn = only(events, "ButtonDrawn")
    committed = only(events, "RngCommitted")
    assert names(events).index("RngCommitted") < names(events).index("ButtonDrawn")
    assert drawn.seats == ["1", "4", "7"] and drawn.forced is False
    assert drawn.seat == drawn.seats[drawn.index]
    seed = bytes.fromhex(committed.sealed_seed_hex)
    assert Drbg(seed, "button").randbelow(3) == drawn.index


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_64_om_64_button_moves_one_seat_clockwise_after_each_jogada(cert, game):
    table = three_seated(cert, game)
    table.start(button_seat=7)
    play_out(table, passive)
    table.start()
    moved = only(table_events(table, table.jogada()["jogada_id"]), "ButtonMoved")
    assert (moved.previous, moved.seat) == ("7", "1")


def test_he_48_49_50_blinds_left_of_button_and_cards_one_at_a_time_from_small_blind(cert):
    table = three_seated(cert)
    deck = forced_deck(HOLES, BOARD)
    table.start(button_seat=7, forced_deck=deck)
    events = table_events(table, table.jogada()["jogada_id"])
    assert only(events, "BlindsPosted").blinds == {"1": 50, "4": 100}  # rules 20–22, 48
    dealt = only(events, "HoleCardsDealt")
    assert dealt.order == ["1", "4", "7"]  # rule 49: from the small blind, clockwise
    assert dealt.cards == {"1": ["As", "Ks"], "4": ["Qh", "Qd"], "7": ["7c", "2d"]}
    assert table.jogada()["to_act"] == "7"  # rule 51: left of the big blind


def test_he_53_54_55_56_57_58_streets_from_the_top_no_burn_first_to_act_left_of_button(cert):
    table = three_seated(cert)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    jogada_id = table.jogada()["jogada_id"]
    for player in (table.by_seat(7), table.by_seat(1), table.by_seat(4)):
        table.act(player, "call" if table.describe(player)["your_options"]["call"] else "check")
    assert table.jogada()["board"] == BOARD[:3]  # rule 53: the flop, no burnt card
    assert table.jogada()["to_act"] == "1"  # rule 54: left of the button
    play_out(table, passive)
    boards = [e for e in table_events(table, jogada_id) if type(e).__name__ == "BoardDealt"]
    assert [(e.street, e.cards) for e in boards] == [(2, BOARD[:3]), (3, BOARD[3:4]),
                                                      (4, BOARD[4:])]  # rules 53, 55, 57


def test_om_25_49_50_a32_four_hole_cards_face_down_dealt_in_four_passes(cert):
    table = three_seated(cert, "omaha", structure="pot_limit")
    holes = [["As", "Ks", "2c", "3c"], ["Qh", "Qd", "8s", "9c"], ["7c", "2d", "Th", "Jd"]]
    deck = forced_deck(holes, BOARD)
    assert deck[:3] == ["As", "Qh", "7c"]  # the first pass, one card to each seat
    table.start(button_seat=7, forced_deck=deck)
    dealt = only(table_events(table, table.jogada()["jogada_id"]), "HoleCardsDealt")
    assert dealt.cards == {"1": holes[0], "4": holes[1], "7": holes[2]}


def test_he_a29_heads_up_follows_the_text_non_button_posts_small_blind_and_acts_first(cert):
    table = new_table(cert)
    for seat in (2, 5):
        table.seat_new(seat)
    table.start(button_seat=5)
    events = table_events(table, table.jogada()["jogada_id"])
    assert only(events, "BlindsPosted").blinds == {"2": 50, "5": 100}
    assert table.jogada()["to_act"] == "2"  # the text: the seat left of the big blind
    table.act(table.by_seat(2), "call")
    table.act(table.by_seat(5), "check")
    assert table.jogada()["to_act"] == "2"  # and first on the flop (rule 54)


def test_he_a29_heads_up_convention_button_posts_small_blind_acts_last_after_flop(cert):
    table = new_table(cert, heads_up_convention=True)
    for seat in (2, 5):
        table.seat_new(seat)
    table.start(button_seat=5)
    events = table_events(table, table.jogada()["jogada_id"])
    assert only(events, "BlindsPosted").blinds == {"5": 50, "2": 100}
    assert only(events, "HoleCardsDealt").order == ["5", "2"]  # rule 49: small blind first
    assert table.jogada()["to_act"] == "5"
    table.act(table.by_seat(5), "call")
    table.act(table.by_seat(2), "check")
    assert table.jogada()["to_act"] == "2"  # the button acts last after the flop


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_7_om_7_no_jogada_with_fewer_than_two_players_in_play(ledger, game):
    table = new_table(ledger, game)
    table.seat_new(3)
    with refused(table, RuleViolationError, code="not_enough_players", field="table_id",
                 rule=cited(game, 7)):
        table.start()


def test_he_46_forced_button_and_deck_only_in_certification_mode(ledger):
    table = three_seated(ledger)
    with refused(table, RuleViolationError, code="certification_mode_off",
                 field="button_seat"):
        table.start(button_seat=1)
    with refused(table, RuleViolationError, code="certification_mode_off",
                 field="forced_deck"):
        table.start(forced_deck=forced_deck(HOLES, BOARD))


def test_he_49_forced_deck_with_duplicates_refused(cert):
    table = three_seated(cert)
    deck = forced_deck(HOLES, BOARD)
    deck[-1] = deck[0]
    with refused(table, InvalidInputError, field="forced_deck"):
        table.start(forced_deck=deck)
    with refused(table, InvalidInputError, field="forced_deck"):
        table.start(forced_deck=deck[:6])  # too few for the deal
