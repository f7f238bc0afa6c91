"""The prize engine on hand-made cards (domain/games/bingo/engine.py): one-away alerts (rule 28) and
closeness (rule 14) for crossing lines, and the draw's own result (rules 29, 36; A17).
Pure domain: run on the SQLite pass only, like tests/bingo/test_cards.py."""

from __future__ import annotations

import pytest

from domain.games.bingo.config import BINGO, FOUR_CORNERS, LINE, TWO_LINES
from domain.games.bingo.engine import DrawEngine

CARD_80 = ((1, 21, 41, 61), (2, 22, 42, 62), (3, 23, 43, 63), (4, 24, 44, 64))
ALL = ("horizontal", "vertical", "diagonal")


def engine_80(prizes=(LINE, TWO_LINES, BINGO)) -> DrawEngine:
    engine = DrawEngine("80", prizes, ALL, None)
    engine.add_card(CARD_80)
    return engine


def test_bingo_28_two_crossing_lines_one_ball_away_raise_an_alert():
    """Row 1 and column 1 share the cell holding 1: with every other number of both drawn,
    one ball completes two lines, so the card is one number away from two lines (rule 28)."""
    engine = engine_80()
    for ball in (21, 41, 61, 2, 3, 4):
        engine.draw(ball)
    assert engine.missing(0, TWO_LINES) == 1
    assert {"card": 0, "prize": TWO_LINES, "waiting_for": [1]} in engine.alerts([0])
    assert engine.draw(1) == {LINE: [0], TWO_LINES: [0]}  # A17: the line first


def test_bingo_14_closeness_counts_the_numbers_still_needed_for_the_nearest_prize():
    engine = engine_80()
    for ball in (21, 41):
        engine.draw(ball)
    assert engine.closeness(0) == 2  # 1 and 61 finish row 1
    assert engine.missing_numbers(0, LINE) == [1, 61]
    engine.mark_won(LINE)
    assert engine.closeness(0) == min(engine.missing(0, TWO_LINES), engine.missing(0, BINGO))


def test_bingo_36_a_prize_already_won_is_not_offered_again():
    engine = DrawEngine("80", (FOUR_CORNERS, BINGO), ALL, None)
    engine.add_card(CARD_80)
    for ball in (1, 61, 4):
        assert engine.draw(ball) == {}
    assert engine.draw(64) == {FOUR_CORNERS: [0]}
    engine.mark_won(FOUR_CORNERS)
    engine.add_card(((5, 25, 45, 65), (6, 26, 46, 66), (7, 27, 47, 67), (8, 28, 48, 68)))
    for ball in (5, 65, 8):
        engine.draw(ball)
    assert engine.draw(68) == {}  # the second card's corners came too late
