"""The session kinds of blackjack (r5: an individual or a multi-player table) and their
inactivity policies (r35, r36; rules-digest §1.3, A43): ``Game.policies``."""

from __future__ import annotations

from domain.games.blackjack.rule_book import BJ
from domain.kernel.rules import cite
from domain.sessions.inactivity import InactivityPolicy, jogadas_policy, time_policy

BLACKJACK_INDIVIDUAL = "blackjack_individual"
BLACKJACK_MULTI = "blackjack_multi"

POLICIES: dict[str, InactivityPolicy] = {
    # r35a: no bet for more than 3 minutes → invitation; r36: the warning, then the end.
    BLACKJACK_INDIVIDUAL: time_policy(BLACKJACK_INDIVIDUAL, cite(BJ, "35a", 36)),
    # r35b: no bet in more than 5 consecutive jogadas; r36: the next jogada.
    BLACKJACK_MULTI: jogadas_policy(BLACKJACK_MULTI, cite(BJ, "35b", 36)),
}
