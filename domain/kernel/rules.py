"""How a rule is cited: the one writer of the ``rule`` an error, an event or an answer carries
(rules-digest §0: in API messages the long form, "bingo rule 31", "póquer sem descarte rule 19").

A source is one of the digests' tags, lower-cased, without the seed number; the same tags start
the names of the rule tests (docs/rules.md, ``./run rules``):

| tag     | source                                              | cited as                      |
|---------|-----------------------------------------------------|-------------------------------|
| `sd`    | póquer sem descarte, Reg. 803/2015 [000 SD]         | póquer sem descarte rule 19   |
| `bingo` | bingo, Reg. 425-A/2015 [001 bingo]                  | bingo rules 43, 44            |
| `pt`    | jackpot side bet, Portaria 461/2001 [002 PT]        | Portaria 461/2001 rule 10     |
| `he`    | hold'em, Reg. 806/2015 [003 HE]                     | hold'em rule 26               |
| `om`    | Omaha [004 OM]                                      | Omaha rule 70b                |
| `bj`    | blackjack, Reg. 805/2015 [805 BJ]                   | blackjack rules 35a, 36       |
| `rf`    | roleta francesa, Reg. 807/2015 [807 RF]             | roleta francesa rules 30a, 31 |
| `903b`  | technical requirements, Reg. 903-B/2015 [903-B]     | 903-B 5.2.2(3)                |
| `a`     | an interpretation of the digests (§9, §4.2)         | A15                           |

One number gives "rule N", several give "rules N, M"; a number may be a string with its alínea
("41a") or a note ("26 (A3)"), written as given.
"""

from __future__ import annotations

SD = "sd"
BINGO = "bingo"
PT = "pt"
HE = "he"
OM = "om"
BJ = "bj"
RF = "rf"
T903B = "903b"
A = "a"

NAMES = {SD: "póquer sem descarte", BINGO: "bingo", PT: "Portaria 461/2001", HE: "hold'em",
         OM: "Omaha", BJ: "blackjack", RF: "roleta francesa"}
SOURCES = (*NAMES, T903B, A)


def cite(source: str, *numbers: int | str) -> str:
    """The citation of ``numbers`` of ``source``: ``cite(SD, "41a", 42)`` is
    "póquer sem descarte rules 41a, 42", ``cite(T903B, "6.7.5")`` is "903-B 6.7.5",
    ``cite(A, 15)`` is "A15"."""
    if not numbers:
        raise ValueError("a citation names at least one rule")
    if source == T903B:
        return "903-B " + ", ".join(str(n) for n in numbers)
    if source == A:
        return ", ".join(f"A{n}" for n in numbers)
    try:
        name = NAMES[source]
    except KeyError:
        raise ValueError(f"source must be one of {', '.join(SOURCES)}") from None
    word = "rule" if len(numbers) == 1 else "rules"
    return f"{name} {word} " + ", ".join(str(n) for n in numbers)


def sd_rule(*numbers: int | str) -> str:
    """Póquer sem descarte (Reg. 803/2015): ``sd_rule(33)`` is "póquer sem descarte rule 33"."""
    return cite(SD, *numbers)


def pt_rule(*numbers: int | str) -> str:
    """The jackpot side bet (Portaria 461/2001): ``pt_rule(10)``."""
    return cite(PT, *numbers)


def bingo_rule(*numbers: int | str) -> str:
    """Bingo (Reg. 425-A/2015): ``bingo_rule(31)`` is "bingo rule 31"."""
    return cite(BINGO, *numbers)

