"""The wheel and the layout (807 r6, r8; A39, A59): the order of r6c, the colours derived from
it, the layout's rows, columns and dozens, the call bets' series."""

from __future__ import annotations

from domain.games.roulette import call_bets, layout

R6C = "0-32-15-19-4-21-2-25-17-34-6-27-13-36-11-30-8-23-10-5-24-16-33-1-20-14-31-9-22-18-29-7-28-12-35-3-26"
STANDARD_RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}


def test_rf_6a_6c_the_wheels_numbers_in_the_order_of_the_text():
    assert layout.WHEEL == tuple(int(n) for n in R6C.split("-"))
    assert sorted(layout.WHEEL) == list(range(37))


def test_a39_red_set_is_derived_from_the_wheel_order_and_is_the_standard_one():
    """A39: the odd positions of r6c's order, counting 0 as position 0, are the standard red
    set; r6b: red and black alternate round the wheel, 0 green."""
    assert layout.RED == STANDARD_RED
    assert layout.colour(0) == "green"
    around = [layout.colour(n) for n in layout.WHEEL[1:]]
    assert all(a != b for a, b in zip(around, around[1:]))
    assert layout.BLACK | layout.RED == set(range(1, 37)) and not layout.BLACK & layout.RED


def test_rf_6d_layout_three_columns_of_twelve_columns_end_in_34_35_36():
    assert [max(layout.column(c)) for c in (1, 2, 3)] == [34, 35, 36]
    assert all(len(layout.column(c)) == 12 and len(layout.dozen(c)) == 12 for c in (1, 2, 3))
    assert layout.dozen(1) == set(range(1, 13)) and layout.dozen(3) == set(range(25, 37))
    assert layout.row(12) == (34, 35, 36) and layout.row_of(35) == 12


def test_rf_8a_8b_8c_series_disjoint_and_cover_the_wheel():
    voisins, tiers, orphelins = (call_bets.SERIES[c] for c in
                                 (call_bets.VOISINS, call_bets.TIERS, call_bets.ORPHELINS))
    assert voisins == (22, 18, 29, 7, 28, 12, 35, 3, 26, 0, 32, 15, 19, 4, 21, 2, 25)
    assert tiers == (27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33)
    assert set(orphelins) == {17, 34, 6, 1, 20, 14, 31, 9}
    assert len(voisins) + len(tiers) + len(orphelins) == 37
    assert set(voisins) | set(tiers) | set(orphelins) == set(range(37))


def test_rf_8d_a59_neighbours_half_on_each_side():
    assert layout.neighbours(0, 2) == (26, 0, 32)
    assert layout.neighbours(26, 4) == (35, 3, 26, 0, 32)
    assert len(layout.neighbours(5, 6)) == 7 and layout.neighbours(5, 6)[3] == 5


def test_rf_8e_finales_0_to_6_cover_four_7_to_9_three():
    assert [len(layout.finale(d)) for d in range(10)] == [4] * 7 + [3] * 3
    assert layout.finale(3) == (3, 13, 23, 33)
