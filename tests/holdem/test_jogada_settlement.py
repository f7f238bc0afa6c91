"""Hold'em and Omaha: the end of a jogada and the payment (rules 17–19, 26, 28, 33, 36, 41,
42, 59–63; Omaha rule 26; A24, A30, A31), on what the table recorded and the money moved.
Forced decks (certification mode) make every outcome known in advance."""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolationError
from tests.holdem.client import new_table
from tests.holdem.conftest import refused
from tests.holdem.support import (balance, caves, forced_deck, money, only, passive, play_out,
                                  table_events)


def _table(ledger, seats=(1, 4, 7), game="holdem", **overrides):
    table = new_table(ledger, game, **overrides)
    for seat in seats:
        table.seat_new(seat)
    return table


def test_he_36_one_player_left_takes_the_pot_at_once_without_showing(cert):
    table = _table(cert)
    table.start(button_seat=7)
    jogada_id = table.jogada()["jogada_id"]
    table.act(table.by_seat(7), "fold")
    table.act(table.by_seat(1), "fold")
    assert table.jogada() is None  # ended at once
    events = table_events(table, jogada_id)
    assert not [e for e in events if type(e).__name__ in ("HandsShown", "BoardDealt")]
    settled = only(events, "JogadaSettled")
    assert settled.showdown is False
    # rule 18, A24: no flop, no commission; the uncalled 50 of the big blind comes back
    assert settled.rake == [0] and settled.returned == {"4": 50}
    assert caves(table) == {"1": 9_950, "4": 10_050, "7": 10_000}


def test_he_27_59_60_61_showdown_order_last_aggressor_first_each_hand_valued_and_named(cert):
    table = _table(cert)
    holes = [["2c", "3d"], ["Kh", "Kd"], ["Ac", "Qd"]]
    table.start(button_seat=7, forced_deck=forced_deck(holes, ["9h", "8s", "4c", "Jd", "5h"]))
    jogada_id = table.jogada()["jogada_id"]
    for _ in range(3):  # preflop: 7 calls, 1 calls, 4 checks
        p = table.to_act()
        table.act(p, "call" if table.describe(p)["your_options"]["call"] else "check")
    while table.jogada()["street"] != "river":
        p = table.to_act()
        table.act(p, "check")
    table.act(table.by_seat(1), "check")
    table.act(table.by_seat(4), "bet", 200)  # the last to bet in the last round
    table.act(table.by_seat(7), "call")
    table.act(table.by_seat(1), "call")
    shown = only(table_events(table, jogada_id), "HandsShown")
    assert shown.order == ["4", "7", "1"]  # rule 59, A29
    assert shown.hands["4"]["category"] == "one_pair"


def test_he_33_62_a31_split_pot_leftover_cent_clockwise_from_the_button(cert):
    table = _table(cert, small_blind_cents=33, big_blind_cents=67,
                   commission={"mode": "pot", "percent_bp": 100})
    # seats 4 and 7 both play the board's straight; seat 1 loses
    holes = [["2c", "3d"], ["4h", "4d"], ["5c", "5d"]]
    table.start(button_seat=7, forced_deck=forced_deck(holes, ["Ts", "Js", "Qh", "Kd", "Ac"]))
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)
    settled = only(table_events(table, jogada_id), "JogadaSettled")
    assert settled.contributions == {"1": 67, "4": 67, "7": 67}
    # 201 cents, 1 % commission rounded down (A24): 2; 199 split three ways to the cent
    assert settled.rake == [2]
    # A31: the leftover cent to the first seat left of the button (seat 1)
    assert settled.payments == [{"1": 67, "4": 66, "7": 66}]


def test_he_39_41_42_63_one_side_pot_per_all_in_level_each_to_the_best_hand_in_it(cert):
    table = _table(cert, commission={"mode": "pot", "percent_bp": 500})
    # jogada 1 (button 1: seat 4 small blind, 7 big blind): seat 1 wins 40 € from seat 4
    table.start(button_seat=1, forced_deck=forced_deck(
        [["2c", "3d"], ["8h", "8d"], ["Ah", "Ad"]], ["Ks", "Qs", "9h", "7d", "4c"]))
    table.act(table.by_seat(1), "raise", 4_000)
    table.act(table.by_seat(4), "call")
    table.act(table.by_seat(7), "fold")
    play_out(table, lambda view: ("check", None))
    assert caves(table) == {"1": 13_695, "4": 6_000, "7": 9_900}  # 8 100 less 5 % (405)
    # jogada 2 (button 4: seat 7 small blind, 1 big blind): three all-ins at three levels
    table.start(forced_deck=forced_deck([["Kh", "Kd"], ["Qh", "Qd"], ["Ac", "As"]],
                                        ["2s", "5c", "9d", "Jc", "3h"]))
    jogada_id = table.jogada()["jogada_id"]
    table.act(table.by_seat(4), "all_in")  # 60 €
    table.act(table.by_seat(7), "all_in")  # 99 €: a short raise (A27)
    table.act(table.by_seat(1), "call")  # 99 € of its 136,95 €
    settled = only(table_events(table, jogada_id), "JogadaSettled")
    assert [(p["amount"], p["level"], sorted(p["eligible"])) for p in settled.pots] == [
        (18_000, 6_000, ["1", "4", "7"]), (7_800, 9_900, ["1", "7"])]  # rules 41, 42
    assert settled.rake == [900, 390]  # 5 % of each layer (rule 19, A24)
    # rule 63: the aces take the main pot, the kings the side pot they paid into
    assert settled.payments == [{"4": 17_100}, {"7": 7_410}]
    assert caves(table) == {"1": 3_795, "4": 17_100, "7": 7_410}
    assert balance(cert, table.described["commission_account"]) == 405 + 900 + 390


def test_he_17a_19_a24_commission_per_layer_rounded_down_and_capped_main_pot_first(cert):
    table = _table(cert, commission={"mode": "pot", "percent_bp": 500, "cap_cents": 12})
    holes = [["Ah", "Ad"], ["Kh", "Kd"], ["Qh", "Qd"]]
    table.start(button_seat=7, forced_deck=forced_deck(holes, ["2c", "7s", "9d", "Jc", "3s"]))
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)  # 300 in the pot, 5 % = 15, capped at 12
    settled = only(table_events(table, jogada_id), "JogadaSettled")
    assert settled.rake == [12]
    assert balance(cert, table.described["commission_account"]) == 12
    assert settled.commission == {"1": 12}  # paid by the winner, on its statement


def test_he_17b_a28_buy_in_commission_taken_at_the_seat_not_from_pots(ledger):
    table = new_table(ledger, commission={"mode": "buy_in", "percent_bp": 1_000})
    player = table.start_session(table.new_player())
    sat = table.sit(player, 3)
    assert (sat["fee_cents"], sat["cave_cents"]) == (1_000, 9_000)
    assert balance(ledger, table.described["commission_account"]) == 1_000
    assert balance(ledger, table.described["account_code"]) == 9_000


def test_om_26_exactly_two_hole_cards_four_hearts_on_board_one_in_hand_is_no_flush(cert):
    table = _table(cert, seats=(1, 4), game="omaha", structure="pot_limit")
    # seat 1 holds one heart; the board has four: in Omaha no flush (exactly 2 + 3)
    one_heart = ["Ah", "Kc", "Kd", "2s"]
    two_pair = ["9c", "9d", "8c", "8d"]
    board = ["2h", "5h", "7h", "Jh", "9s"]
    table.start(button_seat=4, forced_deck=forced_deck([one_heart, two_pair], board))
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)
    shown = only(table_events(table, jogada_id), "HandsShown").hands
    assert shown["1"]["category"] != "flush"
    assert shown["4"]["category"] == "three_of_a_kind"  # 9c 9d + 9s 2h 5h … trips of nines
    settled = only(table_events(table, jogada_id), "JogadaSettled")
    assert set(settled.totals) == {"4"}


def test_he_a30_board_plays_in_holdem_one_heart_in_hand_makes_the_flush(cert):
    table = _table(cert, seats=(1, 4))
    table.start(button_seat=4, forced_deck=forced_deck([["Ah", "Kc"], ["9c", "9d"]],
                                                       ["2h", "5h", "7h", "Jh", "9s"]))
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)
    shown = only(table_events(table, jogada_id), "HandsShown").hands
    assert shown["1"]["category"] == "flush"


@pytest.mark.parametrize("action", ["chop", "waive"])
def test_he_28_no_chop_and_no_waiving(cert, action):
    table = _table(cert)
    table.start(button_seat=7)
    with refused(table, RuleViolationError, field="action", rule="hold'em rule 28"):
        table.act(table.by_seat(7), action)


def test_he_all_accounts_hold_every_cent_after_the_jogada(cert):
    table = _table(cert)
    before = sum(money(table).values())
    table.start(button_seat=1)
    play_out(table, passive)
    assert sum(money(table).values()) == before
    assert balance(cert, table.described["account_code"]) == sum(caves(table).values())
