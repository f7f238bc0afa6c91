"""The session kinds of the regulation's games this installation has no package for yet
(roleta francesa, Reg. 807/2015) and their inactivity policies (rules-digest-2 §2.5, A43). A
session of one of them is refused: no game of the registry plays it (infra/games.py passes
them to ``Games`` for their policies and rule titles). A game package built for one of them
declares its kinds in its own ``Game.policies``, and the registry lets its package supersede
the entry here (blackjack's, issue 26, is domain/games/blackjack/inactivity.py)."""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source, cite
from domain.sessions.inactivity import InactivityPolicy, jogadas_policy, time_policy

RF = Source("rf", "roleta francesa", "roleta francesa, Reg. 807/2015", ("003 RF", "807 RF"))

ROULETTE_INDIVIDUAL = "roulette_individual"
ROULETTE_MULTI = "roulette_multi"

POLICIES: dict[str, InactivityPolicy] = {
    ROULETTE_INDIVIDUAL: time_policy(ROULETTE_INDIVIDUAL, cite(RF, "30a", 31)),
    ROULETTE_MULTI: jogadas_policy(ROULETTE_MULTI, cite(RF, "30b", 31)),
}

# Its inactivity rules' titles (the catalogue of what the policies above cite).
ROULETTE = {
    30: "The operator may invite an idle player to end the session",
    31: "A player who stays is warned the session will end",
}

RULE_BOOK = RuleBook(rules={RF: ROULETTE})
