"""The session kinds of French roulette (r4: an individual or a multi-player wheel) and their
inactivity policies (r30, r31; rules-digest-2 §2.5, A43): ``Game.policies``."""

from __future__ import annotations

from domain.games.roulette.rule_book import rf_rule
from domain.sessions.inactivity import InactivityPolicy, jogadas_policy, time_policy

ROULETTE_INDIVIDUAL = "roulette_individual"
ROULETTE_MULTI = "roulette_multi"

POLICIES: dict[str, InactivityPolicy] = {
    # r30a: no bet for more than 3 minutes → invitation; r31: the warning, one more minute.
    ROULETTE_INDIVIDUAL: time_policy(ROULETTE_INDIVIDUAL, rf_rule("30a", 31)),
    # r30b: no bet in more than 5 consecutive jogadas; r31: the next jogada.
    ROULETTE_MULTI: jogadas_policy(ROULETTE_MULTI, rf_rule("30b", 31)),
}
