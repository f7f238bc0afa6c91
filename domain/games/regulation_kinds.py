"""The session kinds of the regulation's games this installation has no package for yet
(blackjack, Reg. 805/2015; roleta francesa, Reg. 807/2015) and their inactivity policies
(rules-digest §1.3, A43). A session of one of them may be opened at any venue id, by a game
system outside the ledger that records its bets and wins through the core's session commands;
no game of the registry owns these kinds (infra/games.py passes them to ``Games``). A game
package built for one of them declares its kinds in its own ``Game.policies`` instead."""

from __future__ import annotations

from domain.kernel.rule_titles import RuleBook
from domain.kernel.rules import Source, cite
from domain.sessions.inactivity import InactivityPolicy, jogadas_policy, time_policy

BJ = Source("bj", "blackjack", "blackjack, Reg. 805/2015", ("003 BJ", "805 BJ"))
RF = Source("rf", "roleta francesa", "roleta francesa, Reg. 807/2015", ("003 RF", "807 RF"))

BLACKJACK_INDIVIDUAL = "blackjack_individual"
BLACKJACK_MULTI = "blackjack_multi"
ROULETTE_INDIVIDUAL = "roulette_individual"
ROULETTE_MULTI = "roulette_multi"

POLICIES: dict[str, InactivityPolicy] = {
    BLACKJACK_INDIVIDUAL: time_policy(BLACKJACK_INDIVIDUAL, cite(BJ, "35a", 36)),
    BLACKJACK_MULTI: jogadas_policy(BLACKJACK_MULTI, cite(BJ, "35b", 36)),
    ROULETTE_INDIVIDUAL: time_policy(ROULETTE_INDIVIDUAL, cite(RF, "30a", 31)),
    ROULETTE_MULTI: jogadas_policy(ROULETTE_MULTI, cite(RF, "30b", 31)),
}

# Their inactivity rules' titles (the catalogue of what the policies above cite).
BLACKJACK = {
    35: "The operator may invite an idle player to end the session",
    36: "A player who stays is warned the session will end",
}
ROULETTE = {
    30: "The operator may invite an idle player to end the session",
    31: "A player who stays is warned the session will end",
}

RULE_BOOK = RuleBook(rules={BJ: BLACKJACK, RF: ROULETTE})
