"""Simultaneous winners and rounding (Reg. 425-A/2015 rules 19, 30, 31; A13, A31): a prize
completed on the same ball by several players is split equally per player, the leftover cents
one at a time in card-purchase order; the gross pool is rounded so that it stays inside
70–90 % of the sales; prizes + house share + jackpot deduction = sales, to the cent."""

from __future__ import annotations

import pytest

from domain.games.bingo.config import check_room_config
from domain.games.bingo.money import close_of_sales
from tests.bingo import client as bingo
from tests.bingo.plans import (all_accounts_total, assert_matches_oracle, assert_settled_money,
                               find_tie, jogada_events, one, play)
from tests.bingo.support import (OPERATOR, buy, close_sale, config, draw_to_end, new_room, of,
                                 open_jogada, players)

# 12 cards at 1.04 €: pool 998 (80 %), line 299 (30 %: odd, and 2 more than a multiple of 3)
PRICE = 104
LINE_30 = {"line": 3_000, "bingo": 7_000}


def line_room(ledger):
    return new_room(ledger, config("30", card_price_cents=PRICE, prizes=LINE_30,
                                   line_directions=["horizontal"]))


def tie_plan(room, size, want, prize="line"):
    def plan(cards):
        balls = find_tie(cards, room["config"], prize, want, size)
        assert balls is not None, "the cards allow no such tie: pick another seed"
        return balls
    return plan


def winners_of(events, prize):
    won = [e for e in of(events, "PrizeWon") if e.prize == prize]
    assert len(won) == 1
    return won[0]


def test_bingo_30_a13_tie_split_per_player_not_per_card(cert, clock, seeds):
    """Two of player A's cards and one of player B's complete a line on the same ball: two
    shares, not three (A13); the odd cent goes to A, whose winning card was bought first."""
    room = line_room(cert)
    a, b, c = players(cert, room, 3)
    plan = tie_plan(room, 3, lambda won: [s.player for s in won].count(a) == 2
                         and [s.player for s in won].count(b) == 1)
    played = play(cert, clock, seeds, room, [(a, 4), (b, 4), (c, 4)], plan)
    events = assert_matches_oracle(cert, room, played)
    line = winners_of(events, "line")
    assert [played.owner(w["card"]) for w in line.winners].count(a) == 2
    assert one(events, "SalesClosed").pool["prizes"]["line"] == 299
    assert line.shares == {str(a.player_id): 150, str(b.player_id): 149}
    payments = assert_settled_money(cert, room, played)
    assert payments[str(a.player_id)]["line"] == 150
    assert payments[str(b.player_id)]["line"] == 149


def test_bingo_30_a31_three_way_tie_leftover_cents_in_card_purchase_order(cert, clock, seeds):
    """Three players, bought in the order C, A, B, tie on the line: 299 = 3 × 99 + 2, so the two
    leftover cents go to the first two winners in card-purchase order, C then A (A31); the
    operator keeps none."""
    room = line_room(cert)
    a, b, c = players(cert, room, 3)
    plan = tie_plan(room, 3, lambda won: {s.player for s in won} == {a, b, c})
    played = play(cert, clock, seeds, room, [(c, 4), (a, 4), (b, 4)], plan)
    events = assert_matches_oracle(cert, room, played)
    line = winners_of(events, "line")
    assert [played.owner(w["card"]) for w in line.winners] == [c, a, b]
    assert line.shares == {str(c.player_id): 100, str(a.player_id): 100,
                           str(b.player_id): 99}
    assert sum(line.shares.values()) == 299
    payments = assert_settled_money(cert, room, played)
    assert [payments[str(p.player_id)]["line"] for p in (c, a, b)] == [100, 100, 99]


def test_bingo_30_two_players_tie_each_gets_half_and_the_odd_cent_to_the_earlier_card(cert, clock,
                                                                                      seeds):
    room = line_room(cert)
    a, b, c = players(cert, room, 3)
    plan = tie_plan(room, 2, lambda won: [s.player for s in won] == [b, c])
    played = play(cert, clock, seeds, room, [(a, 4), (b, 4), (c, 4)], plan)
    events = assert_matches_oracle(cert, room, played)
    assert winners_of(events, "line").shares == {str(b.player_id): 150, str(c.player_id): 149}
    assert_settled_money(cert, room, played)


def test_bingo_30_tied_bingo_split_and_the_jogada_ends_once(cert, clock, seeds):
    """Two players' cards are completed by the same ball: one bingo, split, one settlement."""
    room = new_room(cert, config("30", card_price_cents=PRICE, prizes={"bingo": 10_000}))
    a, b, c = players(cert, room, 3)
    plan = tie_plan(room, 2, lambda won: {s.player for s in won} == {a, c}, "bingo")
    played = play(cert, clock, seeds, room, [(a, 4), (b, 4), (c, 4)], plan)
    events = assert_matches_oracle(cert, room, played)
    bingo = winners_of(events, "bingo")
    total = one(events, "SalesClosed").pool["prizes"]["bingo"]
    assert total == 998 and bingo.shares == {str(a.player_id): 499, str(c.player_id): 499}
    assert len(of(events, "JogadaSettled")) == 1
    assert_settled_money(cert, room, played)


# Rounding of the pool (rule 31, A31) ------------------------------------------------------------
@pytest.mark.parametrize("pool_bp, cards, price, pool", [
    (7_000, 3, 101, 213),  # 212.1 rounded down would be 69.97 %: rounded up to stay ≥ 70 %
    (9_000, 3, 101, 272),  # 272.7 rounded down: ≤ 90 %
    (8_000, 7, 99, 554),  # 554.4
    (7_000, 4, 1, 3),  # 2.8 cents: 3, never 2 (50 %)
])
def test_bingo_31_a31_gross_pool_rounded_to_stay_within_70_to_90_percent(
        pool_bp, cards, price, pool):
    checked, _ = check_room_config(config("90", pool_bp=pool_bp, card_price_cents=price))
    result = close_of_sales(checked, cards)
    sales = cards * price
    assert (result.sales_cents, result.pool_cents) == (sales, pool)
    assert 0.7 * sales <= result.pool_cents <= 0.9 * sales
    assert result.house_cents == sales - pool
    assert sum(result.prizes.values()) + result.jackpot_cents + result.house_cents == sales


def test_bingo_19_31_37_prize_values_rounded_down_the_cents_left_go_to_the_bingo():
    """Shares rounded down per prize; what is left goes to the bingo (the hardest, so the order
    of rules 37–38 holds); nothing is lost."""
    checked, _ = check_room_config(config("90", card_price_cents=37, prizes={
        "four_corners": 1_001, "line": 1_502, "two_lines": 2_503, "bingo": 4_994}))
    result = close_of_sales(checked, 3)  # sales 111, pool 88
    assert result.pool_cents == 88
    assert result.prizes == {"four_corners": 8, "line": 13, "two_lines": 22, "bingo": 45}
    assert sum(result.prizes.values()) == 88


def test_bingo_19_sales_close_announces_cards_sold_and_every_prize(cert, clock, seeds):
    room = new_room(cert, config("80", card_price_cents=PRICE))
    ps = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(p, n) for p, n in zip(ps, (1, 2, 3))])
    closed = one(jogada_events(cert, room, played.jogada_id), "SalesClosed")
    assert (closed.cards_sold, closed.players) == (6, 3)
    assert {k: played.closed[k] for k in closed.pool} == closed.pool
    assert closed.pool["sales_cents"] == 6 * PRICE and closed.pool["pool_cents"] == 499
    assert closed.pool["prizes"] == {"line": 124, "bingo": 375}
    assert_settled_money(cert, room, played)


def test_bingo_31_one_cent_cards_three_sold_the_jogada_still_settles(ledger, clock):
    """Three 1-cent cards: no whole number of cents lies within 70–90 % of 3 cents (A31 cannot
    hold); the pool rounds up to all 3 and the house's share is 0. The close of sales must not
    try to move 0 cents (a transfer is strictly positive) and leave the jogada stuck."""
    room = new_room(ledger, config("30", card_price_cents=1, prizes={"bingo": 10_000}))
    ps = players(ledger, room, 3)
    jogada = open_jogada(ledger, room)["jogada_id"]
    for p in ps:
        buy(ledger, room, p)
    closed = close_sale(ledger, clock, room)
    assert (closed["sales_cents"], closed["pool_cents"], closed["house_cents"]) == (3, 3, 0)
    assert draw_to_end(ledger, clock, room)[-1]["bingo"] is True
    payments = one(jogada_events(ledger, room, jogada), "JogadaSettled").payments
    assert sum(p["bingo"] for p in payments.values()) == 3
    assert all_accounts_total(ledger) == 0


def test_bingo_45_one_cent_cards_void_after_the_close_refunds_them(ledger, clock):
    room = new_room(ledger, config("30", card_price_cents=1, prizes={"bingo": 10_000}))
    ps = players(ledger, room, 3)
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    close_sale(ledger, clock, room)
    result = bingo.void_jogada(ledger, room_id=room["room_id"], reason="fault", actor=OPERATOR)
    assert result["refunds"] == {str(p.player_id): 1 for p in ps}
    assert all_accounts_total(ledger) == 0
