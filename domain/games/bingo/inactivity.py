"""The session kind of a bingo room and its inactivity policy (rules 54, 55; rules-digest §1.3,
A43): ``Game.policies``."""

from __future__ import annotations

from domain.games.bingo.rule_book import BINGO as SOURCE
from domain.kernel.rules import cite
from domain.sessions.inactivity import InactivityPolicy, jogadas_policy

BINGO = "bingo"

POLICIES: dict[str, InactivityPolicy] = {
    # "não compre cartões em mais de cinco jogadas consecutivas" (r54); the warning: "se o
    # jogador não comprar cartões nas três jogadas posteriores" (r55).
    BINGO: jogadas_policy(BINGO, cite(SOURCE, 54, 55), end_after=3,
                          activity="card purchase"),
}
