"""The shapes of the bingo prizes on a card, as (row, column) cells (rules-digest §4.2).

- Line: a row (bingo 90: horizontal only, rule 63); in 80, 75 and 30 also a column or one of
  the two diagonals, as the operator allows (rules 34, 68, 75, 83a; A23: 5 rows, 5 columns and
  2 diagonals in 75, the free centre counting as marked, rule 72).
- Two lines (rule 35): two of the lines above.
- Column (bingo 30, rule 83b): one of the 3 columns.
- Four corners (rule 35b; A21 fills them in bingo 90).
- Bingo: every number of the card (rules 63, 67, 73a, 82), or the operator's pattern in 75
  (rules 73b, 76).

A shape's *numbers* on a card are its cells that hold a number: a blank cell of a bingo 90 row
and the free centre of a 75 card need no ball.
"""

from __future__ import annotations

from domain.games.bingo.cards import COLUMNS, ROWS, bingo_rule
from domain.kernel.errors import RuleViolationError

# The prizes' and the lines' names (rules 33-35: line, two lines, four corners, column, bingo;
# rules 34, 63, 68, 75, 83a: the directions a line may run in).
HORIZONTAL, VERTICAL, DIAGONAL = "horizontal", "vertical", "diagonal"
DIRECTIONS = (HORIZONTAL, VERTICAL, DIAGONAL)
LINE, TWO_LINES, FOUR_CORNERS, COLUMN, BINGO = "line", "two_lines", "four_corners", "column", "bingo"
PRIZES = (LINE, TWO_LINES, FOUR_CORNERS, COLUMN, BINGO)

Cells = tuple[tuple[int, int], ...]


def grid(variant: str) -> tuple[int, int]:
    return ROWS[variant], len(COLUMNS[variant])


def line_cells(variant: str, directions: tuple[str, ...]) -> list[Cells]:
    rows, cols = grid(variant)
    lines: list[Cells] = []
    if HORIZONTAL in directions:
        lines += [tuple((r, c) for c in range(cols)) for r in range(rows)]
    if VERTICAL in directions:
        lines += column_cells(variant)
    if DIAGONAL in directions and rows == cols:
        lines.append(tuple((i, i) for i in range(rows)))
        lines.append(tuple((i, cols - 1 - i) for i in range(rows)))
    return lines


def column_cells(variant: str) -> list[Cells]:
    rows, cols = grid(variant)
    return [tuple((r, c) for r in range(rows)) for c in range(cols)]


def corner_cells(variant: str) -> Cells:
    rows, cols = grid(variant)
    return ((0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1))


def bingo_cells(variant: str, pattern: Cells | None) -> Cells:
    if pattern is not None:
        return tuple(pattern)
    rows, cols = grid(variant)
    return tuple((r, c) for r in range(rows) for c in range(cols))


def slot_shapes(variant: str, prizes: tuple[str, ...], directions: tuple[str, ...],
                pattern: Cells | None) -> list[tuple[str, Cells]]:
    """The shapes a card is tracked on, each with the kind of slot it is: "line" slots serve
    both the line and the two-lines prizes."""
    shapes: list[tuple[str, Cells]] = []
    if LINE in prizes or TWO_LINES in prizes:
        shapes += [(LINE, cells) for cells in line_cells(variant, directions)]
    if COLUMN in prizes:
        shapes += [(COLUMN, cells) for cells in column_cells(variant)]
    if FOUR_CORNERS in prizes:
        shapes.append((FOUR_CORNERS, corner_cells(variant)))
    shapes.append((BINGO, bingo_cells(variant, pattern)))
    return shapes


def check_pattern_covers(prizes: dict[str, int], pattern: tuple[tuple[int, int], ...],
                          directions: tuple[str, ...]) -> None:
    """Every prize on offer is won by the time the pattern bingo ends the draw (rule 25), so
    every prize announced at the close of sales (rule 19) is paid: the pattern holds a line
    (two for two lines) in the allowed directions, and the corners if four corners are offered."""
    cells = set(pattern)
    lines = sum(set(line) <= cells for line in line_cells("75", directions))
    need = {LINE: 1, TWO_LINES: 2}
    for prize, count in need.items():
        if prize in prizes and lines < count:
            raise RuleViolationError(f"the bingo pattern must hold {count} line(s) for the {prize}"
                                     " prize to be won before the bingo", field="bingo_pattern",
                                     rule=bingo_rule("25, 76"), code="pattern_misses_prize")
    if FOUR_CORNERS in prizes and not {(0, 0), (0, 4), (4, 0), (4, 4)} <= cells:
        raise RuleViolationError("the bingo pattern must hold the four corners for that prize"
                                 " to be won before the bingo", field="bingo_pattern",
                                 rule=bingo_rule("25, 76"), code="pattern_misses_prize")
