"""The chances of French roulette, their positions on the layout and their payouts (807 r7,
r10, r12, r14, r20, r21; A40, A53, A57, A58). Pure.

A *position* is one chance at one place of the layout (A57: "one position = one chance"): a
pleno on 17, the cavalo 0-1, the third dozen, red. ``position(chance, numbers)`` checks it is
one the layout has (r10: every combination within a chance is offered, those with 0 included,
A58; two-dozen and two-column bets on adjacent pairs only, A40) and gives its canonical form,
whose ``key`` identifies it within a jogada (stakes on one key add up, A57).

| chance | ``numbers`` given as | covers | max × min (r12) | pays to 1 (r14) |
|---|---|---|---|---|
| pleno | the number | 1 | 30 | 35 |
| cavalo | two numbers side by side (0-1, 0-2, 0-3 too) | 2 | 60 | 17 |
| rua | a row of three (0-1-2, 0-2-3 too) | 3 | 90 | 11 |
| quadro | a corner of four (0-1-2-3 too) | 4 | 120 | 8 |
| linha | two adjacent rows | 6 | 180 | 5 |
| duzia | [1], [2] or [3] | 12 | 360 | 2 |
| coluna | [1], [2] or [3] (ending in 34, 35, 36) | 12 | 360 | 2 |
| cavalo_de_duzia | [1, 2] or [2, 3] | 24 | 720 | ½ |
| cavalo_de_coluna | [1, 2] or [2, 3] | 24 | 720 | ½ |
| par, impar, menor, maior, encarnado, preto | [] | 18 | 540 | 1 |

A winning bet gets its stake back and the win (r14, r19); ½ of an odd number of cents is
rounded up, in the player's favour (A53). On 0 every simple chance and every position without 0
loses (r21).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from domain.games.roulette import layout
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.errors import InvalidInputError

PLENO, CAVALO, RUA, QUADRO, LINHA = "pleno", "cavalo", "rua", "quadro", "linha"
DUZIA, COLUNA = "duzia", "coluna"
CAVALO_DE_DUZIA, CAVALO_DE_COLUNA = "cavalo_de_duzia", "cavalo_de_coluna"
PAR, IMPAR, MENOR, MAIOR, ENCARNADO, PRETO = (
    "par", "impar", "menor", "maior", "encarnado", "preto")
SIMPLE = (PAR, IMPAR, MENOR, MAIOR, ENCARNADO, PRETO)  # r7b
MULTIPLE = (PLENO, CAVALO, RUA, QUADRO, LINHA, DUZIA, COLUNA, CAVALO_DE_DUZIA,
            CAVALO_DE_COLUNA)  # r7a
CHANCES = MULTIPLE + SIMPLE
SIMPLES = "simples"  # the simple chances' one limit class (r12b) and one payout (r14b)
LIMIT_CLASSES = MULTIPLE + (SIMPLES,)  # r11, r12: a minimum and a maximum for each
TWO_DOZEN_COLUMN = (CAVALO_DE_DUZIA, CAVALO_DE_COLUNA)  # r13: the operator may drop them

# r12: each chance's maximum is at most this multiple of its minimum (30 × the numbers covered).
MAX_MULTIPLE = {PLENO: 30, CAVALO: 60, RUA: 90, QUADRO: 120, LINHA: 180, DUZIA: 360,
                COLUNA: 360, CAVALO_DE_DUZIA: 720, CAVALO_DE_COLUNA: 720, SIMPLES: 540}
# r14: what a winning bet wins, per unit staked (the stake stays the player's besides).
ODDS = {PLENO: Fraction(35), CAVALO: Fraction(17), RUA: Fraction(11), QUADRO: Fraction(8),
        LINHA: Fraction(5), DUZIA: Fraction(2), COLUNA: Fraction(2),
        CAVALO_DE_DUZIA: Fraction(1, 2), CAVALO_DE_COLUNA: Fraction(1, 2),
        SIMPLES: Fraction(1)}
COVERS = {PLENO: 1, CAVALO: 2, RUA: 3, QUADRO: 4, LINHA: 6, DUZIA: 12, COLUNA: 12,
          CAVALO_DE_DUZIA: 24, CAVALO_DE_COLUNA: 24, SIMPLES: 18}
_SIMPLE_NUMBERS = {
    PAR: frozenset(n for n in range(1, 37) if n % 2 == 0),
    IMPAR: frozenset(n for n in range(1, 37) if n % 2 == 1),
    MENOR: frozenset(range(1, 19)), MAIOR: frozenset(range(19, 37)),
    ENCARNADO: layout.RED, PRETO: layout.BLACK,
}
# A58: the positions holding 0, each offered (r10) and paid at r14's odds (r21).
WITH_ZERO = {PLENO: ((0,),), CAVALO: ((0, 1), (0, 2), (0, 3)), RUA: ((0, 1, 2), (0, 2, 3)),
             QUADRO: ((0, 1, 2, 3),)}


def limit_class(chance: str) -> str:
    """The chance whose minimum and maximum apply (r11, r12): the simple chances share one."""
    return SIMPLES if chance in SIMPLE else chance


@dataclass(frozen=True)
class Position:
    """One chance at one place of the layout (A57), in canonical form: ``numbers`` sorted (the
    numbers for pleno to linha, the dozens or columns for the others, none for a simple
    chance); ``covered`` the numbers it wins on."""

    chance: str
    numbers: tuple[int, ...]
    covered: frozenset[int]

    @property
    def key(self) -> str:
        """"pleno:17", "cavalo:0-1", "duzia:3", "cavalo_de_coluna:2-3", "encarnado"."""
        if not self.numbers:
            return self.chance
        return f"{self.chance}:" + "-".join(str(n) for n in self.numbers)

    @property
    def limit_class(self) -> str:
        return limit_class(self.chance)

    def as_dict(self) -> dict[str, Any]:
        return {"chance": self.chance, "numbers": list(self.numbers), "key": self.key}


def _numbers(value: Any, field: str) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or not all(
            isinstance(n, int) and not isinstance(n, bool) for n in value):
        raise InvalidInputError(f"{field} must be a list of whole numbers", field=field,
                                rule=rf_rule(9))
    return tuple(sorted(value))


def _refuse(chance: str, numbers: tuple[int, ...], why: str, field: str,
            rule: str | None = None) -> InvalidInputError:
    shown = "-".join(str(n) for n in numbers) or "(none)"
    return InvalidInputError(f"{field}: {shown} is not a {chance}: {why}", field=field,
                             rule=rule or f"{rf_rule('6d', 7, 10)}")


def _adjacent_rows(numbers: tuple[int, ...], rows: int) -> bool:
    first = numbers[0]
    return (len(numbers) == 3 * rows and first % 3 == 1 and first + 3 * rows - 1 <= 36
            and numbers == tuple(range(first, first + 3 * rows)))


def _multiple(chance: str, numbers: tuple[int, ...], field: str) -> frozenset[int]:
    """The numbers a pleno … linha covers, if ``numbers`` is one on the layout (r6d, r10)."""
    size = COVERS[chance]
    if len(numbers) != size or len(set(numbers)) != size:
        raise _refuse(chance, numbers, f"a {chance} covers {size} different number"
                      f"{'s' if size > 1 else ''}", field)
    if any(not 0 <= n <= 36 for n in numbers):
        raise _refuse(chance, numbers, "the layout's numbers are 0 to 36", field,
                      rf_rule("6a", "6d"))
    if numbers in WITH_ZERO.get(chance, ()):  # A58
        return frozenset(numbers)
    if 0 in numbers:
        with_zero = ", ".join("-".join(map(str, p)) for p in WITH_ZERO.get(chance, ()))
        raise _refuse(chance, numbers, f"the {chance}s with 0 are {with_zero}" if with_zero
                      else f"no {chance} holds 0", field, f"{rf_rule(10, 21)}, {a_rule(58)}")
    a = numbers[0]
    if chance == PLENO:
        ok = True
    elif chance == CAVALO:  # side by side in a row, or one above the other in a column
        b = numbers[1]
        ok = (b == a + 1 and layout.row_of(a) == layout.row_of(b)) or b == a + 3
    elif chance == RUA:
        ok = _adjacent_rows(numbers, 1)
    elif chance == QUADRO:
        ok = (layout.column_of(a) < 3 and a + 4 <= 36
              and numbers == (a, a + 1, a + 3, a + 4))
    else:  # LINHA
        ok = _adjacent_rows(numbers, 2)
    if not ok:
        shape = {CAVALO: "two numbers side by side on the layout",
                 RUA: "the three numbers of one row", QUADRO: "the four numbers of a corner",
                 LINHA: "the six numbers of two adjacent rows"}[chance]
        raise _refuse(chance, numbers, f"a {chance} is {shape}", field)
    return frozenset(numbers)


def position(chance: Any, numbers: Any = (), *, field: str = "bets[0]",
             two_dozen_column: bool = True) -> Position:
    """The position of ``chance`` on ``numbers`` in canonical form, or InvalidInputError naming
    ``field`` and the rule. ``two_dozen_column``: the wheel offers cavalo de dúzia and cavalo
    de coluna (r13 lets the operator drop them)."""
    if chance not in CHANCES:
        raise InvalidInputError(f"{field}.chance: {chance!r} is not a chance of rule 7 (one of"
                                f" {', '.join(CHANCES)})", field=f"{field}.chance",
                                rule=rf_rule(7))
    nfield = f"{field}.numbers"
    given = _numbers(numbers if numbers is not None else (), nfield)
    if chance in SIMPLE:
        if given:
            raise _refuse(chance, given, "a simple chance takes no numbers", nfield,
                          rf_rule("7b"))
        return Position(chance, (), _SIMPLE_NUMBERS[chance])
    if chance in (DUZIA, COLUNA):
        if len(given) != 1 or given[0] not in (1, 2, 3):
            raise _refuse(chance, given, f"a {chance} is [1], [2] or [3]", nfield,
                          rf_rule("7a", "6d"))
        pick = layout.dozen if chance == DUZIA else layout.column
        return Position(chance, given, pick(given[0]))
    if chance in (CAVALO_DE_DUZIA, CAVALO_DE_COLUNA):
        if not two_dozen_column:
            raise InvalidInputError(f"{field}.chance: this wheel does not offer {chance} bets",
                                    field=f"{field}.chance", rule=rf_rule(13))
        if given not in ((1, 2), (2, 3)):
            what = "dozens" if chance == CAVALO_DE_DUZIA else "columns"
            raise _refuse(chance, given, f"two adjacent {what}: [1, 2] or [2, 3]", nfield,
                          f"{rf_rule('7a')}, {a_rule(40)}")
        pick = layout.dozen if chance == CAVALO_DE_DUZIA else layout.column
        return Position(chance, given, pick(given[0]) | pick(given[1]))
    return Position(chance, given, _multiple(chance, given, nfield))


def wins(pos: Position, number: int) -> bool:
    """r20: it holds the winning number (or colour); r21: on 0 only a position holding 0 —
    never a simple chance, whose numbers are 1–36."""
    return number in pos.covered


def returned_cents(pos: Position, stake_cents: int, number: int) -> int:
    """What the bet gives back (r14, r19): 0 if it loses; the stake and the win at r14's odds
    if it wins, half a cent rounded up (A53)."""
    if not wins(pos, number):
        return 0
    win = ODDS[pos.limit_class] * stake_cents
    return stake_cents + -(-win.numerator // win.denominator)


def largest_return_per_unit() -> dict[str, Fraction]:
    """903-B 6.1.6(9): per chance, what a unit bet gets back at most (stake and win)."""
    return {c: ODDS[c] + 1 for c in LIMIT_CLASSES}
