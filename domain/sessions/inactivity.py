"""Inactivity policies: when the operator MAY invite a player to end a game session, and when,
after the (mandatory) warning, the session ends (rules-digest §1.3; A43).

Two kinds of threshold, by table kind:
- **time** (individual tables): no bet for MORE than ``invite_after`` seconds (3 minutes) →
  invitation; the warning then gives ``end_after`` more seconds (one minute) to bet.
- **jogadas** (multi-player tables, bingo, poker rooms): no bet in MORE than ``invite_after``
  consecutive jogadas (5, so from the 6th) → invitation; the warning then gives ``end_after``
  more jogadas (1; bingo 3) to bet or buy cards.

The invitation is a MAY (``invite`` flag); the warning is a MUST once the threshold is passed
and the player has not left. Interpretation A43: the idle clock (or count) starts at the later of
the session start and the last accepted bet, and the session ends by itself when the warned
condition occurs. A bet resets everything (a new idle period begins).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from domain.kernel import rules
from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import BJ, HE, OM, RF, SD, cite

TIME = "time"
JOGADAS = "jogadas"
BASES = (TIME, JOGADAS)

SEM_DESCARTE_INDIVIDUAL = "sem_descarte_individual"
SEM_DESCARTE_MULTI = "sem_descarte_multi"
BLACKJACK_INDIVIDUAL = "blackjack_individual"
BLACKJACK_MULTI = "blackjack_multi"
BINGO = "bingo"
HOLDEM = "holdem"
OMAHA = "omaha"
ROULETTE_INDIVIDUAL = "roulette_individual"
ROULETTE_MULTI = "roulette_multi"

# Poker rooms: "mais de 5 jogadas consecutivas ou em número inferior se expressamente previsto
# nas regras específicas" (hold'em/Omaha rule 70b) [CFG ≤ 5].
CONFIGURABLE_JOGADAS = (HOLDEM, OMAHA)
MAX_POKER_IDLE_JOGADAS = 5


@dataclass(frozen=True)
class InactivityPolicy:
    kind: str  # one of KINDS (the game and the kind of table)
    basis: str  # TIME | JOGADAS
    invite_after: int  # invitation once idle for MORE than this many seconds / jogadas
    end_after: int  # after the warning: seconds / jogadas without a bet that end the session
    rule: str  # the rules applied, long form ("póquer sem descarte rules 41a, 42")
    invite: bool = True  # the invitation is a MAY; the warning is always sent (MUST)
    activity: str = "bet"  # what resets the idle period ("card purchase" in bingo)

    def __post_init__(self) -> None:
        if self.basis not in BASES:
            raise InvalidInputError(f"basis must be one of {', '.join(BASES)}", field="policy.basis")
        for name in ("invite_after", "end_after"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidInputError(f"{name} must be a whole number ≥ 1", field=f"policy.{name}",
                                        rule=self.rule or None)
        if not isinstance(self.invite, bool):
            raise InvalidInputError("invite must be true or false", field="policy.invite")
        if not self.rule or not self.kind:
            raise InvalidInputError("a policy names its kind and its rule", field="policy.rule")

    @property
    def time_based(self) -> bool:
        return self.basis == TIME

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "InactivityPolicy":
        try:
            return cls(**data)
        except TypeError as error:
            raise InvalidInputError(f"malformed inactivity policy: {error}", field="policy") from None


def _time(kind: str, rule: str) -> InactivityPolicy:
    # "num período superior a 3 minutos" → invitation; warning: "no minuto seguinte".
    return InactivityPolicy(kind=kind, basis=TIME, invite_after=180, end_after=60, rule=rule)


def _jogadas(kind: str, rule: str, end_after: int = 1, activity: str = "bet") -> InactivityPolicy:
    # "em mais de 5 jogadas consecutivas" → invitation from the 6th; warning: "na próxima jogada".
    return InactivityPolicy(kind=kind, basis=JOGADAS, invite_after=5, end_after=end_after,
                            rule=rule, activity=activity)


POLICIES: dict[str, InactivityPolicy] = {
    SEM_DESCARTE_INDIVIDUAL: _time(SEM_DESCARTE_INDIVIDUAL, cite(SD, "41a", 42)),
    SEM_DESCARTE_MULTI: _jogadas(SEM_DESCARTE_MULTI, cite(SD, "41b", 42)),
    BLACKJACK_INDIVIDUAL: _time(BLACKJACK_INDIVIDUAL, cite(BJ, "35a", 36)),
    BLACKJACK_MULTI: _jogadas(BLACKJACK_MULTI, cite(BJ, "35b", 36)),
    # Bingo: "não compre cartões em mais de cinco jogadas consecutivas" (r54); the warning:
    # "se o jogador não comprar cartões nas três jogadas posteriores" (r55).
    BINGO: _jogadas(BINGO, cite(rules.BINGO, 54, 55), end_after=3, activity="card purchase"),
    # Hold'em/Omaha r70b, r71; a posted blind is a bet, a fold without chips is not (A34).
    # r70a (cave below the minimum and no rebuy) is a game-side condition, not a count.
    HOLDEM: _jogadas(HOLDEM, cite(HE, "70b", 71)),
    OMAHA: _jogadas(OMAHA, cite(OM, "70b", 71)),
    ROULETTE_INDIVIDUAL: _time(ROULETTE_INDIVIDUAL, cite(RF, "30a", 31)),
    ROULETTE_MULTI: _jogadas(ROULETTE_MULTI, cite(RF, "30b", 31)),
}
KINDS = tuple(POLICIES)


def policy_for(kind: str, *, invite: bool | None = None,
               invite_after_jogadas: int | None = None) -> InactivityPolicy:
    """The policy of a game kind. The thresholds are the regulation's; only poker rooms may
    lower the jogada count (hold'em/Omaha rule 70b [CFG ≤ 5]); any kind may turn the
    invitation off (it is a MAY), never the warning."""
    try:
        policy = POLICIES[kind]
    except KeyError:
        raise InvalidInputError(f"game must be one of {', '.join(KINDS)}", field="game") from None
    if invite is not None:
        policy = replace(policy, invite=invite)
    if invite_after_jogadas is not None:
        if kind not in CONFIGURABLE_JOGADAS:
            raise InvalidInputError(
                f"the inactivity threshold of {kind} is fixed by {policy.rule}",
                field="invite_after_jogadas", rule=policy.rule)
        n = invite_after_jogadas
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_POKER_IDLE_JOGADAS:
            raise InvalidInputError(
                f"invite_after_jogadas must be 1 to {MAX_POKER_IDLE_JOGADAS}",
                field="invite_after_jogadas",
                rule=cite(OM, "70b") if kind == OMAHA else cite(HE, "70b"))
        policy = replace(policy, invite_after=n)
    return policy


def check_policy(policy: InactivityPolicy) -> InactivityPolicy:
    """A policy given whole (e.g. from an operator's table configuration) may differ from the
    regulation's only where policy_for allows it."""
    if policy.kind not in POLICIES:
        raise InvalidInputError(f"game must be one of {', '.join(KINDS)}", field="game")
    expected = policy_for(
        policy.kind, invite=policy.invite,
        invite_after_jogadas=policy.invite_after if policy.kind in CONFIGURABLE_JOGADAS else None)
    if expected != policy:
        raise InvalidInputError(
            f"the inactivity policy of {policy.kind} must follow {expected.rule}",
            field="policy", rule=expected.rule)
    return policy
