"""Every mandatory and additional prize of each variant through real jogadas with forced balls
(certification mode): Reg. 425-A/2015 rules 24–26, 29, 33–36, 63, 67–68, 73–76, 82–83; A17,
A21, A23. The ball order is built from the cards that will be sold (tests/bingo/plans.py);
each outcome is checked both against the design ("line at the 5th ball by card 1") and against
the naive oracle over the cards sold and the balls drawn; every jogada's money balances.

Card 1 (the second player's) is the designed winner in every test: players 1 and 3 also hold a
card each, so the recognition has to pick the right card among several.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.kernel.errors import ConflictError, RuleViolationError
from tests.bingo import client as bingo
from tests.bingo.client import CLOCK_ACTOR
from tests.bingo.conftest import refused
from tests.bingo.plans import (assert_matches_oracle, assert_settled_money, jogada_events,
                               one, ordered, play, prizes_won, start, wallet_events)
from tests.bingo.support import close_sale, config, names, new_room, of, players, wallet

# Plans: the cells of the designed winner, in draw order, as (row, column) groups ------------------
CORNERS = {"90": [(0, 0), (0, 8), (2, 0), (2, 8)], "80": [(0, 0), (0, 3), (3, 0), (3, 3)],
           "75": [(0, 0), (0, 4), (4, 0), (4, 4)], "30": [(0, 0), (0, 2), (2, 0), (2, 2)]}


def row(r, n):
    return [(r, c) for c in range(n)]


def col(c, n):
    return [(r, c) for r in range(n)]


def diag(n):
    return [(i, i) for i in range(n)]


def anti(n):
    return [(i, n - 1 - i) for i in range(n)]


def every(rows, cols):
    return [(r, c) for r in range(rows) for c in range(cols)]


# (variant, prizes, extra config, winner's cells in draw order, expected [(prize, ordinal)])
DESIGNS = {
    "90_line_then_bingo": ("90", {"line": 2_000, "bingo": 8_000}, {},
                           [row(0, 9), row(1, 9), row(2, 9)], [("line", 5), ("bingo", 15)]),
    "90_corners_line_two_lines": (
        "90", {"four_corners": 1_000, "line": 1_500, "two_lines": 2_500, "bingo": 5_000}, {},
        [CORNERS["90"], row(0, 9), row(2, 9), row(1, 9)],
        [("four_corners", 4), ("line", 7), ("two_lines", 10), ("bingo", 15)]),
    "80_horizontal_only_a_column_is_no_line": (
        "80", {"line": 2_500, "bingo": 7_500}, {"line_directions": ["horizontal"]},
        [col(0, 4), row(0, 4), every(4, 4)], [("line", 7), ("bingo", 16)]),
    "80_vertical": ("80", {"line": 2_500, "bingo": 7_500}, {"line_directions": ["vertical"]},
                    [row(0, 4)[:3], col(2, 4), every(4, 4)], [("line", 6), ("bingo", 16)]),
    "80_diagonal": ("80", {"line": 2_500, "bingo": 7_500}, {"line_directions": ["diagonal"]},
                    [row(1, 4), anti(4), every(4, 4)], [("line", 7), ("bingo", 16)]),
    "80_corners_two_lines": (
        "80", {"line": 1_500, "four_corners": 1_500, "two_lines": 2_000, "bingo": 5_000}, {},
        [CORNERS["80"], row(0, 4), row(3, 4), every(4, 4)],
        [("four_corners", 4), ("line", 6), ("two_lines", 8), ("bingo", 16)]),
    "75_diagonal_through_the_free_centre_and_corners": (
        "75", {"four_corners": 1_000, "line": 1_500, "bingo": 7_500}, {},
        [diag(5), CORNERS["75"], every(5, 5)],
        [("line", 4), ("four_corners", 6), ("bingo", 24)]),
    "75_column_n_four_numbers": (
        "75", {"line": 2_000, "bingo": 8_000}, {"line_directions": ["vertical"]},
        [row(2, 5), col(2, 5), every(5, 5)], [("line", 8), ("bingo", 24)]),
    "75_two_lines": (
        "75", {"line": 1_500, "two_lines": 2_500, "bingo": 6_000},
        {"line_directions": ["horizontal"]},
        [row(0, 5), row(4, 5), every(5, 5)], [("line", 5), ("two_lines", 10), ("bingo", 24)]),
    "75_pattern_bingo_x": (
        "75", {"line": 3_000, "bingo": 7_000},
        {"line_directions": ["diagonal"],
         "bingo_pattern": [list(c) for c in sorted(set(diag(5) + anti(5)))]},
        [diag(5), anti(5)], [("line", 4), ("bingo", 8)]),
    "30_bingo_only": ("30", {"bingo": 10_000}, {}, [every(3, 3)], [("bingo", 9)]),
    "30_diagonal_line": ("30", {"line": 3_000, "bingo": 7_000}, {"line_directions": ["diagonal"]},
                         [row(0, 3), anti(3), every(3, 3)], [("line", 5), ("bingo", 9)]),
    "30_vertical_only": ("30", {"line": 3_000, "bingo": 7_000},
                         {"line_directions": ["vertical"]},
                         [row(2, 3), diag(3), col(2, 3), every(3, 3)],
                         [("line", 7), ("bingo", 9)]),
    "30_horizontal_only": ("30", {"line": 3_000, "bingo": 7_000},
                           {"line_directions": ["horizontal"]},
                           [col(0, 3), row(1, 3), every(3, 3)], [("line", 5), ("bingo", 9)]),
    "30_column_rows_do_not_count": ("30", {"column": 3_000, "bingo": 7_000}, {},
                                    [row(0, 3), col(1, 3), every(3, 3)],
                                    [("column", 5), ("bingo", 9)]),
    "30_four_corners": ("30", {"four_corners": 3_000, "bingo": 7_000}, {},
                        [CORNERS["30"], every(3, 3)], [("four_corners", 4), ("bingo", 9)]),
}


def cells_plan(winner: int, groups):
    """The numbers of card ``winner`` at the cells of each group, in order (a blank cell or
    the free centre needs no ball)."""
    def plan(cards):
        card = cards[winner].numbers
        return ordered(*[[card[r][c] for r, c in group] for group in groups])
    return plan


def designed_room(ledger, variant, prizes, extra):
    return new_room(ledger, config(variant, prizes=prizes, **extra))


@pytest.mark.parametrize("design", sorted(DESIGNS))
def test_bingo_29_33_35_63_67_68_73_75_82_83_each_prize_won_by_the_designed_card(cert, clock, seeds,
                                                                                 design):
    """Each prize on offer is recognised on the ball that completes it (rule 29), on the card
    that completes it first (rule 36), in the shapes the variant and the room allow (rules 34,
    63, 68, 75, 83; A23: the free centre counts); the bingo ends the draw (rule 25) and every
    prize is paid to its winner at the end (rule 26)."""
    variant, prizes, extra, groups, expected = DESIGNS[design]
    room = designed_room(cert, variant, prizes, extra)
    ps = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(p, 1) for p in ps], cells_plan(1, groups))
    events = assert_matches_oracle(cert, room, played)
    assert [(w["prize"], w["ordinal"], w["cards"]) for w in prizes_won(events)] == [
        (prize, ordinal, [1]) for prize, ordinal in expected]
    assert len(of(events, "BallDrawn")) == expected[-1][1]
    announced = one(events, "SalesClosed").pool["prizes"]
    payments = assert_settled_money(cert, room, played)
    assert payments == {str(ps[1].player_id): announced}
    assert all(e.actor == CLOCK_ACTOR for e in of(events, "PrizeWon"))  # rule 29


def test_bingo_a21_a_bingo_90_with_four_corners_sells_cards_with_filled_corners(cert, clock, seeds):
    room = designed_room(cert, *DESIGNS["90_corners_line_two_lines"][:3])
    ps = players(cert, room, 3)
    played = start(cert, seeds, room, [(p, 2) for p in ps])
    for sold in played.sold:
        assert all(sold.numbers[r][c] is not None for r, c in CORNERS["90"])


def test_bingo_36_the_first_card_to_complete_wins_a_later_one_gets_nothing(cert, clock, seeds):
    """Card 0 completes its top row at the 5th ball, card 1 its own later: the line is card
    0's alone (rule 36), and card 1's row earns nothing."""
    room = new_room(cert, config("90"))
    ps = players(cert, room, 3)

    def plan(cards):
        first, later = cards[0].numbers, cards[1].numbers
        return ordered(first[0], later[0])

    played = play(cert, clock, seeds, room, [(p, 1) for p in ps], plan)
    events = assert_matches_oracle(cert, room, played)
    line = [e for e in of(events, "PrizeWon") if e.prize == "line"][0]
    assert (line.prize, line.ordinal, [w["card"] for w in line.winners]) == ("line", 5, [0])
    later_row = set(n for n in played.cards[1][0] if n)
    assert later_row <= set(played.forced)  # card 1 did complete its row, later
    payments = assert_settled_money(cert, room, played)
    assert "line" not in payments.get(str(ps[1].player_id), {})


def test_bingo_24_22_draw_pauses_at_each_prize_and_balls_are_at_least_the_interval_apart(
        cert, clock, seeds):
    """Rule 22: BallDrawn events at least the room's interval apart (here 1.5 s); rule 24: after
    a prize the next ball waits the interval plus the announcement pause; a ball asked for
    earlier is refused (nothing recorded)."""
    variant, prizes, extra, groups, _ = DESIGNS["90_corners_line_two_lines"]
    room = new_room(cert, config(variant, prizes=prizes, draw_interval_ms=1_500,
                                 prize_pause_ms=4_000, **extra))
    ps = players(cert, room, 3)
    start(cert, seeds, room, [(p, 1) for p in ps], cells_plan(1, groups))
    close_sale(cert, clock, room)
    pauses = 0
    while True:
        state = bingo.describe(cert, room["room_id"])["open_jogada"]
        if state is None:
            break
        wait = (state["next_draw_at"] - clock.now()).total_seconds()
        if wait > 1.5:  # a pause: the ball is refused until it ends
            pauses += 1
            clock.advance(wait - 1)
            with refused(cert, RuleViolationError, players=ps, code="draw_not_due",
                         rule="bingo rule 22"):
                bingo.draw(cert, room_id=room["room_id"])
            clock.advance(1)
        else:
            clock.advance(wait)
        bingo.draw(cert, room_id=room["room_id"])
    events = jogada_events(cert, room, f"{room['room_id']}:1")
    balls = of(events, "BallDrawn")
    gaps = [(b.at - a.at).total_seconds() for a, b in zip(balls, balls[1:])]
    assert min(gaps) >= 1.5
    prize_ordinals = {e.ordinal for e in of(events, "PrizeWon")} - {balls[-1].ordinal}
    assert prize_ordinals == {4, 7, 10} and pauses == 3
    for ordinal, gap in enumerate(gaps, start=1):
        assert gap == (5.5 if ordinal in prize_ordinals else 1.5)
    for prize in of(events, "PrizeWon"):
        assert prize.draw_resumes_at == prize.at + timedelta(milliseconds=1_500 + 4_000)


def test_bingo_25_26_bingo_ends_the_jogada_and_every_prize_is_paid_only_then(cert, clock, seeds):
    """Rule 26: the line won at the 5th ball moves no money until the bingo is confirmed; then
    the line and the bingo are paid in the settling transaction. Rule 25: nothing is drawn
    after the bingo."""
    variant, prizes, extra, groups, _ = DESIGNS["90_line_then_bingo"]
    room = designed_room(cert, variant, prizes, extra)
    ps = players(cert, room, 3)
    played = start(cert, seeds, room, [(p, 1) for p in ps], cells_plan(1, groups))
    close_sale(cert, clock, room)
    paid_for_cards = wallet(cert, ps[1])
    for _ in range(5):
        clock.advance(5)
        drawn = bingo.draw(cert, room_id=room["room_id"])
    assert [w["prize"] for w in drawn["won"]] == ["line"] and drawn["bingo"] is False
    assert wallet(cert, ps[1]) == paid_for_cards  # won, not yet paid
    for _ in range(10):
        clock.advance(5)
        drawn = bingo.draw(cert, room_id=room["room_id"])
    assert drawn["bingo"] is True and drawn["ordinal"] == 15
    events = jogada_events(cert, room, played.jogada_id)
    assert names(events)[-3:] == ["PrizeWon", "JogadaSettled", "RngRevealed"]
    settled = one(events, "JogadaSettled")
    line = [e for e in of(events, "PrizeWon") if e.prize == "line"][0]
    assert settled.at > line.at
    credits = [e for e in wallet_events(cert, ps[1]) if type(e).__name__ == "Credited"
               and e.refs.get("jogada_id") == played.jogada_id]
    assert sorted(e.reason for e in credits) == ["bingo_bingo", "bingo_line"]
    assert all(e.at == settled.at for e in credits)  # moved when the jogada settled
    pool = one(events, "SalesClosed").pool
    assert wallet(cert, ps[1]) == paid_for_cards + sum(pool["prizes"].values())
    assert bingo.describe(cert, room["room_id"])["open_jogada"] is None
    with refused(cert, ConflictError, players=ps):
        bingo.draw(cert, room_id=room["room_id"])
    assert len(of(events, "BallDrawn")) == 15 < len(one(events, "RngCommitted").outcome)
    played.closed, played.draws = {}, []
    assert_settled_money(cert, room, played)


# A17: one ball completing several prizes --------------------------------------------------------
def test_bingo_a17_one_ball_completes_four_corners_and_the_line_smaller_prize_first(
        cert, clock, seeds):
    """Bingo 75: the last top-row number is also the last corner: both prizes on that ball,
    the four corners (4 numbers) announced before the line (5, A18)."""
    room = new_room(cert, config("75", prizes={"four_corners": 1_000, "line": 1_500,
                                               "bingo": 7_500}))
    ps = players(cert, room, 3)
    plan = cells_plan(1, [[(4, 0), (4, 4)], row(0, 5)[:4], [(0, 4)], every(5, 5)])
    played = play(cert, clock, seeds, room, [(p, 1) for p in ps], plan)
    events = assert_matches_oracle(cert, room, played)
    assert [(w["prize"], w["ordinal"]) for w in prizes_won(events)] == [
        ("four_corners", 7), ("line", 7), ("bingo", 24)]
    assert_settled_money(cert, room, played)


def test_bingo_a17_25_one_ball_completes_the_line_and_the_pattern_bingo_last(cert, clock, seeds):
    """Bingo 75 with a cross pattern (row 3 and column N) and horizontal lines: the ball that
    completes the middle row completes the pattern too; the line is awarded, then the bingo,
    which ends the jogada (rule 25) at the 8th ball."""
    cross = sorted(set(row(2, 5) + col(2, 5)))
    room = new_room(cert, config("75", prizes={"line": 3_000, "bingo": 7_000},
                                 line_directions=["horizontal"],
                                 bingo_pattern=[list(c) for c in cross]))
    ps = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(p, 1) for p in ps],
                  cells_plan(1, [col(2, 5), row(2, 5)]))
    events = assert_matches_oracle(cert, room, played)
    assert [(w["prize"], w["ordinal"], w["cards"]) for w in prizes_won(events)] == [
        ("line", 8, [1]), ("bingo", 8, [1])]
    assert [type(e).__name__ for e in events[-5:]] == [
        "BallDrawn", "PrizeWon", "PrizeWon", "JogadaSettled", "RngRevealed"]
    assert_settled_money(cert, room, played)


def test_bingo_29_prizes_are_recognised_by_the_room_clock_with_no_player_action(cert, clock, seeds):
    """The room's own clock (the game's tick command) closes the sale and draws; the winner does
    nothing after buying, and is paid."""
    variant, prizes, extra, groups, expected = DESIGNS["30_diagonal_line"]
    room = designed_room(cert, variant, prizes, extra)
    ps = players(cert, room, 3)
    played = start(cert, seeds, room, [(p, 1) for p in ps], cells_plan(1, groups))
    clock.advance(room["config"]["sale_seconds"])
    assert bingo.tick(cert, room["room_id"]) == ["sales_closed"]
    done: list[list[str]] = []
    while not (done and done[-1] and done[-1][-1] == "settled"):
        clock.advance(1)
        done.append(bingo.tick(cert, room["room_id"]))
    assert [t for t in done if t] == [["drawn"]] * 4 + [["drawn", "won:line"]] + [["drawn"]] * 3 \
        + [["drawn", "won:bingo", "settled"]]
    assert done.count([]) == 2  # the announcement pause (rule 24)
    events = assert_matches_oracle(cert, room, played)
    assert {e.actor for e in events if type(e).__name__ in ("BallDrawn", "PrizeWon")} == {
        CLOCK_ACTOR}
    assert assert_settled_money(cert, room, played) == {
        str(ps[1].player_id): one(events, "SalesClosed").pool["prizes"]}
