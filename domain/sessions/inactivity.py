"""Inactivity policies: when the operator MAY invite a player to end a game session, and when,
after the (mandatory) warning, the session ends (rules-digest §1.3; A43).

Two kinds of threshold, by table kind:
- **time** (individual tables): no bet for MORE than ``invite_after`` seconds (3 minutes) →
  invitation; the warning then gives ``end_after`` more seconds (one minute) to bet.
- **jogadas** (multi-player tables and rooms): no bet in MORE than ``invite_after``
  consecutive jogadas (5, so from the 6th) → invitation; the warning then gives ``end_after``
  more jogadas (1, or what the game's rule says) to bet.

The invitation is a MAY (``invite`` flag); the warning is a MUST once the threshold is passed
and the player has not left. Interpretation A43: the idle clock (or count) starts at the later of
the session start and the last accepted bet, and the session ends by itself when the warned
condition occurs. A bet resets everything (a new idle period begins).

This is the mechanism only: each game declares the session kinds played at its venues and
their policies, with the rules they come from (``Game.policies``; the kinds of no registered
game: infra/games.py), and the registry (domain/kernel/game.py ``Games``) looks them up.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from domain.kernel.errors import InvalidInputError

TIME = "time"
JOGADAS = "jogadas"
BASES = (TIME, JOGADAS)

# The most jogadas without a bet before the invitation the operator may set where a game's
# rules let it lower the count, and the rule that lets it (``Game.idle_jogadas_limit``).
IdleLimit = tuple[int, str]


@dataclass(frozen=True)
class InactivityPolicy:
    kind: str  # a session kind: the game and the kind of table (``Game.session_kinds``)
    basis: str  # TIME | JOGADAS
    invite_after: int  # invitation once idle for MORE than this many seconds / jogadas
    end_after: int  # after the warning: seconds / jogadas without a bet that end the session
    rule: str  # the rules applied, long form ("<game title> rules 41a, 42")
    invite: bool = True  # the invitation is a MAY; the warning is always sent (MUST)
    activity: str = "bet"  # what resets the idle period (a "card purchase" in a room)

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


def time_policy(kind: str, rule: str) -> InactivityPolicy:
    """An individual table's: "num período superior a 3 minutos" → invitation; warning: "no
    minuto seguinte"."""
    return InactivityPolicy(kind=kind, basis=TIME, invite_after=180, end_after=60, rule=rule)


def jogadas_policy(kind: str, rule: str, end_after: int = 1,
                   activity: str = "bet") -> InactivityPolicy:
    """A multi-player table's or a room's: "em mais de 5 jogadas consecutivas" → invitation
    from the 6th; warning: "na próxima jogada" (``end_after`` where the game's rule says more)."""
    return InactivityPolicy(kind=kind, basis=JOGADAS, invite_after=5, end_after=end_after,
                            rule=rule, activity=activity)


def adjusted(policy: InactivityPolicy, *, invite: bool | None = None,
             invite_after_jogadas: int | None = None,
             limit: IdleLimit | None = None) -> InactivityPolicy:
    """The regulation's ``policy`` of a kind as a venue applies it. The thresholds are the
    regulation's; only a game whose rules let the operator lower the jogada count (``limit``:
    at most so many, by that rule) may; any kind may turn the invitation off (it is a MAY),
    never the warning."""
    if invite is not None:
        policy = replace(policy, invite=invite)
    if invite_after_jogadas is not None:
        if limit is None or policy.basis != JOGADAS:
            raise InvalidInputError(
                f"the inactivity threshold of {policy.kind} is fixed by {policy.rule}",
                field="invite_after_jogadas", rule=policy.rule)
        n, (most, rule) = invite_after_jogadas, limit
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= most:
            raise InvalidInputError(f"invite_after_jogadas must be 1 to {most}",
                                    field="invite_after_jogadas", rule=rule)
        policy = replace(policy, invite_after=n)
    return policy


def check_policy(policy: InactivityPolicy, regulation: InactivityPolicy,
                 limit: IdleLimit | None = None) -> InactivityPolicy:
    """A policy given whole (e.g. from an operator's table configuration) may differ from the
    kind's ``regulation`` policy only where ``adjusted`` allows it."""
    configurable = limit is not None and regulation.basis == JOGADAS
    expected = adjusted(regulation, invite=policy.invite, limit=limit,
                        invite_after_jogadas=policy.invite_after if configurable else None)
    if expected != policy:
        raise InvalidInputError(
            f"the inactivity policy of {policy.kind} must follow {expected.rule}",
            field="policy", rule=expected.rule)
    return policy
