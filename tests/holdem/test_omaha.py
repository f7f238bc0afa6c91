"""Omaha online: the rules it shares with hold'em (rules-digest §7: everything not listed as
different), played with four hole cards on a pot-limit table, and what differs (rules 25, 26,
59: four cards, exactly two of them with three of the board, all four shown)."""

from __future__ import annotations

from domain.kernel.errors import RuleViolationError
from infra.services import sessions as sessions_service
from tests.holdem.client import new_table
from tests.holdem.conftest import refused
from tests.holdem.support import (BUST, balance, caves, forced_deck, money, only, passive,
                                  play_out, table_events)

# seats 1, 4, 7 with the button at 7: dealt from seat 1 (small blind), 4, 7
HOLES = [["As", "Ks", "2c", "3c"], ["Qh", "Qd", "8s", "9c"], ["7c", "2d", "Th", "Jd"]]
BOARD = ["Ah", "9s", "4d", "Jc", "3h"]


def _omaha(ledger, **overrides):
    table = new_table(ledger, "omaha", structure="pot_limit", **overrides)
    for seat in (1, 4, 7):
        table.seat_new(seat)
    return table


def test_om_36_one_player_left_takes_the_pot_without_showing(cert):
    table = _omaha(cert)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    jogada_id = table.jogada()["jogada_id"]
    table.act(table.by_seat(7), "fold")
    table.act(table.by_seat(1), "fold")
    settled = only(table_events(table, jogada_id), "JogadaSettled")
    assert settled.showdown is False and settled.rake == [0]  # rule 18, A24
    assert caves(table) == {"1": 9_950, "4": 10_050, "7": 10_000}


def test_om_40_48_51_52_53_54_55_56_57_58_blinds_first_to_act_and_the_streets(cert):
    table = _omaha(cert)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    jogada_id = table.jogada()["jogada_id"]
    events = table_events(table, jogada_id)
    assert only(events, "BlindsPosted").blinds == {"1": 50, "4": 100}
    assert table.jogada()["to_act"] == "7"
    play = [(7, "call"), (1, "call"), (4, "check")]
    for seat, action in play:
        table.act(table.by_seat(seat), action)
    assert table.jogada()["board"] == BOARD[:3] and table.jogada()["to_act"] == "1"
    # rule 52: the small blind matched the bets before it; rule 40: the round ended even
    assert {s["in_jogada_cents"] for s in table.jogada()["seats"].values()} == {100}
    play_out(table, passive)
    boards = [e for e in table_events(table, jogada_id) if type(e).__name__ == "BoardDealt"]
    assert [(e.street, e.cards, e.to_act) for e in boards] == [
        (2, BOARD[:3], "1"), (3, BOARD[3:4], "1"), (4, BOARD[4:], "1")]
    assert [e.rule for e in boards] == ["Omaha rules 53, 54", "Omaha rules 55, 56",
                                        "Omaha rules 57, 58"]


def test_om_12_15_37_39_all_in_for_the_whole_cave_then_a_rebuy_when_broke(cert):
    table = new_table(cert, "omaha", structure="no_limit", rebuy_cents=5_000)
    a, b, c = table.seat_new(1), table.seat_new(2), table.seat_new(3)
    table.start(button_seat=3, forced_deck=forced_deck(BUST["omaha"],
                                                       ["Ks", "Qs", "9h", "6d", "4c"]))
    table.act(c, "fold")
    with refused(table, RuleViolationError, code="jogada_in_play", rule="Omaha rule 11"):
        table.rebuy(a)
    table.act(a, "all_in")  # rule 37: the whole cave
    table.act(b, "call")
    assert caves(table)["1"] == 0
    assert table.rebuy(a)["cave_cents"] == 5_000  # rules 12, 15


def test_om_24b_a27_pot_limit_raise_up_to_the_call_plus_the_pot_after_it(cert):
    table = _omaha(cert)
    table.start(button_seat=7)
    options = table.describe(table.by_seat(7))["your_options"]
    # pot 150 + the call 100 = 250 after calling: a raise to at most 100 + 250 = 350
    assert options["raise"] == {"min": 200, "max": 350}
    with refused(table, RuleViolationError, field="amount", rule="Omaha rule 24"):
        table.act(table.by_seat(7), "raise", 351)


def test_om_26_27_59_60_61_all_four_hole_cards_shown_exactly_two_play_best_wins(cert):
    table = _omaha(cert)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)
    shown = only(table_events(table, jogada_id), "HandsShown")
    assert all(len(h["cards"]) == 4 for h in shown.hands.values())  # rule 59
    for seat, hand in shown.hands.items():  # rule 26: 2 from the hand, 3 from the board
        assert len(set(hand["best"]) & set(hand["cards"])) == 2
        assert len(set(hand["best"]) & set(BOARD)) == 3
    # seat 1: As Ks with Ah 9s 4d / Jc 3h → aces; seat 4: Qh Qd… or 9c with 9s… ; the aces
    # (As + Ah) are a pair of aces only if no better: two pair A-3 with 3c 3h? 3c + As: As 3c
    # + Ah 3h 9s = aces and threes
    assert shown.hands["1"]["category"] == "two_pair"
    settled = only(table_events(table, jogada_id), "JogadaSettled")
    assert set(settled.totals) == {"1"}


def test_om_10_72_a26_leave_and_a_void_give_every_cent_back(cert):
    table = _omaha(cert)
    before = money(table)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    table.act(table.by_seat(7), "call")
    table.void()
    assert money(table) == before
    left = table.leave(table.by_seat(4))
    assert left["cave_cents"] == 10_000
    assert balance(cert, table.described["commission_account"]) == 0


def test_om_45_timeout_checks_or_folds(cert, clock):
    table = _omaha(cert)
    table.start(button_seat=7)
    clock.advance(seconds=21)
    assert table.tick()["done"] == {"timeout": "fold", "seat": "7"}


def test_om_28_no_chop(cert):
    table = _omaha(cert)
    table.start(button_seat=7)
    with refused(table, RuleViolationError, field="action", rule="Omaha rule 28"):
        table.act(table.by_seat(7), "chop")


def test_om_67_the_statement_shows_what_was_bet_won_and_the_commission(cert):
    table = _omaha(cert, commission={"mode": "pot", "percent_bp": 500})
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    play_out(table, passive)
    statement = sessions_service.statement(cert, table.by_seat(1).session_id)
    assert statement["wagered_cents"] == 100 and statement["won_cents"] == 300 - 15
    assert {line["category"] for line in statement["lines"]} == {"commission"}
