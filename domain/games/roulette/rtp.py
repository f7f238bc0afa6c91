"""The return to player of French roulette, exact (903-B 6.1.6(9), 6.7.1): every position of
the layout (r10: every combination within a chance, those with 0 included, A58) and every call
bet (r15) against the 37 pockets (r6a) of a fair wheel, each with probability 1/37, paid at
r14's odds with the stake back (r19) and nothing for a simple chance on 0 (r21). Every chance
returns 36/37 of the stake (a house edge of 1/37, 2.70 %). Pure; the rules page shows it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from domain.games.roulette import call_bets, chances, layout
from domain.kernel.errors import InvalidInputError


def all_positions() -> tuple[chances.Position, ...]:
    """Every position of the layout (r10, A40, A58), in the order of rule 7."""
    found: list[chances.Position] = []
    for chance in chances.CHANCES:
        if chance in chances.SIMPLE:
            found.append(chances.position(chance))
            continue
        if chance in (chances.DUZIA, chances.COLUNA):
            candidates = [[1], [2], [3]]
        elif chance in chances.TWO_DOZEN_COLUMN:
            candidates = [[1, 2], [2, 3], [1, 3]]
        else:
            # pleno to quadro span at most 4 on the layout (0-3 with zero); a linha is 6 in a row
            candidates = [list(c) for c in combinations(layout.NUMBERS, chances.COVERS[chance])
                          if c[-1] - c[0] <= 4] if chance != chances.LINHA else \
                [list(range(a, a + 6)) for a in range(0, 37)]
        for numbers in candidates:
            try:
                found.append(chances.position(chance, numbers))
            except InvalidInputError:
                continue
    return tuple(found)


def expected_return(components: list[tuple[chances.Position, int]]) -> Fraction:
    """The expected return per unit staked of a bet of ``components`` (position, stake), each
    pocket 1/37, without A53's rounding (exact odds)."""
    staked = sum(s for _, s in components)
    total = Fraction(0)
    for number in layout.NUMBERS:
        for pos, stake in components:
            if chances.wins(pos, number):
                total += stake * (1 + chances.ODDS[pos.limit_class])
    return total / (len(layout.NUMBERS) * staked)


@cache
def _table() -> tuple[dict[str, Any], ...]:
    rows = []
    positions = all_positions()
    for cls in chances.LIMIT_CLASSES:
        mine = [p for p in positions if p.limit_class == cls]
        returns = {expected_return([(p, 1)]) for p in mine}
        (ret,) = returns  # every position of one chance returns the same
        rows.append({"bet": cls, "positions": len(mine), "covers": chances.COVERS[cls],
                     "pays": str(chances.ODDS[cls]), "return": ret})
    for call in call_bets.CALLS:
        variants = [{}] if call in call_bets.SERIES else (
            [{"number": n, "neighbours": k} for n in layout.NUMBERS
             for k in call_bets.NEIGHBOUR_COUNTS] if call == call_bets.NEIGHBOURS
            else [{"number": d} for d in range(10)])
        for breakdown in call_bets.BREAKDOWNS:
            returns = {expected_return([(c.position, c.chips) for c in call_bets.components(
                call, breakdown=breakdown, **v)]) for v in variants}
            (ret,) = returns
            rows.append({"bet": f"{call} ({breakdown})", "positions": len(variants),
                         "covers": None, "pays": "r15", "return": ret})
    return tuple(rows)


def table() -> list[dict[str, Any]]:
    """One row per chance and per call bet and breakdown: its return as an exact fraction and
    as a percentage to 0.01, and its house edge."""
    return [{**row, "return": f"{row['return'].numerator}/{row['return'].denominator}",
             "return_pct": round(float(row["return"]) * 100, 2),
             "house_edge_pct": round(float(1 - row["return"]) * 100, 2)} for row in _table()]
