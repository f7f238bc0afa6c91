"""Call bets (807 r8, r15; A59): a call bet is a bundle of ordinary positions (chances.py),
booked as its components on the bet and settled component by component at r14's odds (r15).

| call bet | ``call`` | covers | components: "plenos" (default, A59) | "classic" (table option) |
|---|---|---|---|---|
| voisins du zéro (r8a) | ``voisins_du_zero`` | 17 numbers, 22 round to 25 | 17 plenos | 0-2-3 ×2, 4-7, 12-15, 18-21, 19-22, 32-35, 25-26-28-29 ×2 (9 chips) |
| tiers du cylindre (r8b) | ``tiers_du_cylindre`` | 12, 27 round to 33 | 12 plenos | 5-8, 10-11, 13-16, 23-24, 27-30, 33-36 (6 chips) |
| orphelins (r8c) | ``orphelins`` | the other 8 | 8 plenos | 1, 6-9, 14-17, 17-20, 31-34 (5 chips) |
| a number and its neighbours (r8d) | ``neighbours`` (``number``, ``neighbours`` 2, 4 or 6) | 3, 5 or 7 | plenos | plenos |
| finales (r8e) | ``finales`` (``number``: the last digit 0–9) | 4 (0–6) or 3 (7–9) | plenos | plenos |

``unit_cents`` is one chip: a component of ``chips`` chips is staked ``chips × unit_cents``.
The classic breakdown changes the payouts, so it is the table's choice, recorded on each bet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.roulette import layout
from domain.games.roulette.chances import CAVALO, PLENO, QUADRO, RUA, Position, position
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.errors import InvalidInputError

VOISINS, TIERS, ORPHELINS = "voisins_du_zero", "tiers_du_cylindre", "orphelins"
NEIGHBOURS, FINALES = "neighbours", "finales"
CALLS = (VOISINS, TIERS, ORPHELINS, NEIGHBOURS, FINALES)
PLENOS, CLASSIC = "plenos", "classic"  # A59: the breakdowns
BREAKDOWNS = (PLENOS, CLASSIC)
NEIGHBOUR_COUNTS = (2, 4, 6)  # r8d

# r8a–c: the series, as the text lists them (a, b: round the wheel; c: what is left).
SERIES = {
    VOISINS: layout.wheel_series(22, 25),
    TIERS: layout.wheel_series(27, 33),
    ORPHELINS: (17, 34, 6, 1, 20, 14, 31, 9),
}
# The classic chips (A59: only where the specific rules approve them): (chance, numbers, chips).
_CLASSIC = {
    VOISINS: ((RUA, (0, 2, 3), 2), (CAVALO, (4, 7), 1), (CAVALO, (12, 15), 1),
              (CAVALO, (18, 21), 1), (CAVALO, (19, 22), 1), (CAVALO, (32, 35), 1),
              (QUADRO, (25, 26, 28, 29), 2)),
    TIERS: ((CAVALO, (5, 8), 1), (CAVALO, (10, 11), 1), (CAVALO, (13, 16), 1),
            (CAVALO, (23, 24), 1), (CAVALO, (27, 30), 1), (CAVALO, (33, 36), 1)),
    ORPHELINS: ((PLENO, (1,), 1), (CAVALO, (6, 9), 1), (CAVALO, (14, 17), 1),
                (CAVALO, (17, 20), 1), (CAVALO, (31, 34), 1)),
}


@dataclass(frozen=True)
class Component:
    position: Position
    chips: int


def covered(call: str, number: int | None = None, count: int | None = None) -> tuple[int, ...]:
    """The numbers a call bet covers, in the wheel's (a–d) or the layout's (e) order."""
    if call in SERIES:
        return SERIES[call]
    if call == NEIGHBOURS:
        return layout.neighbours(number, count)
    return layout.finale(number)


def components(call: Any, *, number: Any = None, neighbours: Any = None,
               breakdown: str = PLENOS, field: str = "bets[0]") -> tuple[Component, ...]:
    """The positions a call bet is booked as (r15, A59), or InvalidInputError naming the field
    and the rule."""
    if call not in CALLS:
        raise InvalidInputError(f"{field}.call: {call!r} is not a call bet of rule 8 (one of "
                                f"{', '.join(CALLS)})", field=f"{field}.call", rule=rf_rule(8))
    if call in SERIES:
        for name, value in (("number", number), ("neighbours", neighbours)):
            if value is not None:
                raise InvalidInputError(f"{field}.{name}: {call} takes no {name}",
                                        field=f"{field}.{name}", rule=rf_rule(8))
        if breakdown == CLASSIC:
            return tuple(Component(position(c, list(ns), field=field), chips)
                         for c, ns, chips in _CLASSIC[call])
        return tuple(Component(position(PLENO, [n], field=field), 1) for n in SERIES[call])
    if call == NEIGHBOURS:
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= 36:
            raise InvalidInputError(f"{field}.number: {number!r} is not a number of the wheel"
                                    " (0–36)", field=f"{field}.number", rule=rf_rule("8d", "6a"))
        if neighbours not in NEIGHBOUR_COUNTS:
            raise InvalidInputError(f"{field}.neighbours: {neighbours!r}: a number and 2, 4 or 6"
                                    " neighbours", field=f"{field}.neighbours",
                                    rule=f"{rf_rule('8d')}, {a_rule(59)}")
        numbers = layout.neighbours(number, neighbours)
    else:
        if neighbours is not None:
            raise InvalidInputError(f"{field}.neighbours: finales take no neighbours",
                                    field=f"{field}.neighbours", rule=rf_rule("8e"))
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= 9:
            raise InvalidInputError(f"{field}.number: {number!r}: finales are on a last digit,"
                                    " 0–9", field=f"{field}.number", rule=rf_rule("8e"))
        numbers = layout.finale(number)
    return tuple(Component(position(PLENO, [n], field=field), 1) for n in numbers)
