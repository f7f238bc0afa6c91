"""The wheel and the layout of French roulette (807 r6; A39): pure arithmetic, no state.

- The wheel: 37 numbers, clockwise in the order of r6c, alternately red and black, 0 green
  (r6a, r6b). The red numbers are not listed in the text (A39): they are those in the odd
  positions of r6c's order, counting 0 as position 0; ``RED`` is derived so.
- The layout (r6d): 0, then 1–36 in twelve rows of three (row r holds 3r-2, 3r-1, 3r), so
  three columns of twelve, the column boxes after 34, 35 and 36 (column 1 ends in 34, column 2
  in 35, column 3 in 36); the dozens 1–12, 13–24, 25–36; even, odd, low, high, red, black.
- A number's neighbours on the wheel (r8d, A59): ``neighbours(n, k)``, k/2 on each side.
"""

from __future__ import annotations

# r6c, clockwise from 0.
WHEEL: tuple[int, ...] = (
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33,
    1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
)
NUMBERS: tuple[int, ...] = tuple(range(37))  # r6a
ZERO = 0
# A39: the red numbers are the odd positions of r6c's order (so red and black alternate, r6b).
RED: frozenset[int] = frozenset(WHEEL[1::2])
BLACK: frozenset[int] = frozenset(WHEEL[2::2])
GREEN, RED_COLOUR, BLACK_COLOUR = "green", "red", "black"
ROWS = 12  # r6d: three columns of twelve


def colour(number: int) -> str:
    """r6b: 0 green, the rest red or black (A39)."""
    if number == ZERO:
        return GREEN
    return RED_COLOUR if number in RED else BLACK_COLOUR


def row_of(number: int) -> int:
    """The layout's row (1–12) of 1–36 (r6d)."""
    return (number - 1) // 3 + 1


def column_of(number: int) -> int:
    """The layout's column (1–3) of 1–36: 1 ends in 34, 2 in 35, 3 in 36 (r6d, r7a-vii)."""
    return (number - 1) % 3 + 1


def row(r: int) -> tuple[int, int, int]:
    return (3 * r - 2, 3 * r - 1, 3 * r)


def dozen(d: int) -> frozenset[int]:
    """r7a-vi: 1–12, 13–24, 25–36."""
    return frozenset(range(12 * d - 11, 12 * d + 1))


def column(c: int) -> frozenset[int]:
    """r7a-vii: the twelve numbers of column ``c`` (the one ending in 33 + c)."""
    return frozenset(range(c, 37, 3))


def neighbours(number: int, count: int) -> tuple[int, ...]:
    """r8d, A59: ``number`` and ``count`` neighbours on the wheel, half on each side, in wheel
    order (3, 5 or 7 numbers)."""
    i = WHEEL.index(number)
    half = count // 2
    return tuple(WHEEL[(i + k) % len(WHEEL)] for k in range(-half, half + 1))


def finale(digit: int) -> tuple[int, ...]:
    """r8e: every number ending in ``digit`` (finales 0–6: 4 numbers; 7–9: 3)."""
    return tuple(n for n in NUMBERS if n % 10 == digit)


def wheel_series(first: int, last: int) -> tuple[int, ...]:
    """The numbers of the wheel from ``first`` clockwise round to ``last`` (r8a, r8b)."""
    i, j = WHEEL.index(first), WHEEL.index(last)
    return tuple(WHEEL[(i + k) % len(WHEEL)] for k in range((j - i) % len(WHEEL) + 1))
