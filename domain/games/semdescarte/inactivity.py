"""The session kinds of póquer sem descarte (rule 4: an individual or a multi-player table) and
their inactivity policies (rules 41, 42; rules-digest §1.3, A43): ``Game.policies``."""

from __future__ import annotations

from domain.games.semdescarte.rule_book import SD
from domain.kernel.rules import cite
from domain.sessions.inactivity import InactivityPolicy, jogadas_policy, time_policy

SEM_DESCARTE_INDIVIDUAL = "sem_descarte_individual"
SEM_DESCARTE_MULTI = "sem_descarte_multi"

POLICIES: dict[str, InactivityPolicy] = {
    # Rule 41a: no bet for more than 3 minutes → invitation; rule 42: the next minute.
    SEM_DESCARTE_INDIVIDUAL: time_policy(SEM_DESCARTE_INDIVIDUAL, cite(SD, "41a", 42)),
    # Rule 41b: no bet in more than 5 consecutive jogadas; rule 42: the next jogada.
    SEM_DESCARTE_MULTI: jogadas_policy(SEM_DESCARTE_MULTI, cite(SD, "41b", 42)),
}
