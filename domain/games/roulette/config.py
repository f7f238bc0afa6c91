"""Wheel configuration of French roulette online (Reg. 807/2015; rules-digest-2 §2, A56–A60).

- A wheel is individual or multi-player (r4, r5).
- The operator sets each chance's minimum (r11): ``min_cents`` for every chance, and
  ``minimums`` for those that differ (A57 recommends one minimum for all, which makes both
  readings of r12 agree). Each chance's maximum (``maximums``; by default the most r12 allows)
  is at most its multiple of its own minimum (r12, A57: 30 × the numbers covered).
- r13: ``two_dozen_column`` (the cavalo de dúzia and cavalo de coluna bets, offered by
  default) and ``player_total_max_cents`` (a cap on a player's stakes in a jogada, none by
  default).
- r8, A59: the call bets offered (``call_bets``, every one by default) and their breakdown
  (``call_bet_breakdown``: one pleno per number, or the classic chips).
- A multi-player wheel has a betting window for everyone, opened by the first bet, announced and
  closed (r16), at least 3 s (903-B 6.1.4); at an individual wheel the player launches (r17).
- The recent winning numbers shown (r6e, A56): at least 2, default 10.

A value outside the text: InvalidInputError (422) naming the field and the rule; values
refused together (a maximum over r12's multiple of its minimum, a betting window at an
individual wheel): RuleViolationError (409). No demo is offered (r32, r33).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.roulette.call_bets import BREAKDOWNS, CALLS, PLENOS
from domain.games.roulette.chances import LIMIT_CLASSES, MAX_MULTIPLE
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.config_checks import check_keys, whole
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

INDIVIDUAL, MULTI = "individual", "multi"
KINDS = (INDIVIDUAL, MULTI)
MIN_SECONDS = 3  # 903-B 6.1.4
MAX_TIMER_SECONDS = 3_600  # not in the text: a window over an hour is a typo
MAX_RESULTS_SHOWN = 100  # r6e, A56: not in the text
MAX_AMOUNT_CENTS = MAX_MOVEMENT_CENTS
DEFAULT_BETTING_SECONDS = 15
DEFAULT_RESULTS_SHOWN = 10  # A56
BETTING_RULE = f"{cite(T903B, '6.1.4')}; {rf_rule(16)}"

FIELDS = ("kind", "min_cents", "minimums", "maximums", "two_dozen_column",
          "player_total_max_cents", "call_bets", "call_bet_breakdown", "betting_seconds",
          "results_shown")
DEMO_RULE = rf_rule(32, 33)


@dataclass(frozen=True)
class WheelConfig:
    kind: str
    min_cents: int
    minimums: dict[str, int]  # every limit class (chances.LIMIT_CLASSES)
    maximums: dict[str, int]  # every limit class
    two_dozen_column: bool
    player_total_max_cents: int | None
    call_bets: tuple[str, ...]
    call_bet_breakdown: str
    betting_seconds: int | None  # MULTI only (r16)
    results_shown: int

    def to_dict(self) -> dict[str, Any]:
        d = {name: getattr(self, name) for name in FIELDS}
        d["call_bets"] = list(self.call_bets)
        d["minimums"], d["maximums"] = dict(self.minimums), dict(self.maximums)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> WheelConfig:
        """A recorded configuration, as it was (903-B 6.1.5(3): no re-validation)."""
        values = {name: d.get(name) for name in FIELDS}
        values["call_bets"] = tuple(values["call_bets"] or ())
        return cls(**values)


def _per_chance(data: dict[str, Any], field: str, rule: str) -> dict[str, int]:
    value = data.get(field)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidInputError(f"{field} must be an object of chance: cents", field=field,
                                rule=rule)
    out = {}
    for chance, cents in value.items():
        if chance not in LIMIT_CLASSES:
            raise InvalidInputError(f"{field}.{chance}: not a chance with limits (one of "
                                    f"{', '.join(LIMIT_CLASSES)})", field=f"{field}.{chance}",
                                    rule=rule)
        out[chance] = whole(cents, f"{field}.{chance}", 1, MAX_AMOUNT_CENTS, rule,
                           "integer cents")
    return out


def _maximums(minimums: dict[str, int], given_max: dict[str, int]) -> dict[str, int]:
    """Each chance's maximum: given, or the most r12 allows (30 × the numbers covered × its
    own minimum, A57). Values well formed one by one, refused together: 409, the house
    convention."""
    maximums = {}
    for chance in LIMIT_CLASSES:
        most = MAX_MULTIPLE[chance] * minimums[chance]  # r12, A57: of its own minimum
        cap = given_max.get(chance, min(most, MAX_AMOUNT_CENTS))
        if cap < minimums[chance]:
            raise RuleViolationError(
                f"maximums.{chance} ({cap}) must not be below that chance's minimum"
                f" ({minimums[chance]})", field=f"maximums.{chance}", rule=rf_rule(11, 12),
                code="bet_limits_inverted")
        if cap > most:
            raise RuleViolationError(
                f"maximums.{chance} must be at most {MAX_MULTIPLE[chance]} × its minimum"
                f" ({most} cents)", field=f"maximums.{chance}",
                rule=f"{rf_rule(12)}, {a_rule(57)}", code="bet_limits_too_wide")
        maximums[chance] = cap
    return maximums


def check_wheel_config(data: Any) -> WheelConfig:
    """Validates a raw configuration (from the API). Unknown keys are refused; the optional
    fields may be left out or null (their defaults)."""
    check_keys(data, fields=FIELDS, required=("kind", "min_cents"), venue="wheel",
               demo_rule=DEMO_RULE, demo_rules_said="r32, r33")
    kind = data["kind"]
    if kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}", field="kind",
                                rule=rf_rule(4))
    min_cents = whole(data["min_cents"], "min_cents", 1, MAX_AMOUNT_CENTS, rf_rule(11),
                     "integer cents")
    minimums = {c: min_cents for c in LIMIT_CLASSES}
    minimums.update(_per_chance(data, "minimums", rf_rule(11)))
    given_max = _per_chance(data, "maximums", rf_rule(12))
    maximums = _maximums(minimums, given_max)
    two = data.get("two_dozen_column")
    if two is None:
        two = True
    if not isinstance(two, bool):
        raise InvalidInputError("two_dozen_column must be true or false",
                                field="two_dozen_column", rule=rf_rule(13))
    total = data.get("player_total_max_cents")
    if total is not None:
        total = whole(total, "player_total_max_cents", 1, MAX_AMOUNT_CENTS, rf_rule(13),
                     "integer cents")
        if total < min(minimums.values()):
            raise RuleViolationError("player_total_max_cents is below every chance's minimum:"
                                     " no bet could be placed", field="player_total_max_cents",
                                     rule=rf_rule(11, 13), code="bet_limits_inverted")
    calls = data.get("call_bets")
    if calls is None:
        calls = list(CALLS)
    if not isinstance(calls, list) or any(c not in CALLS for c in calls) \
            or len(set(calls)) != len(calls):
        raise InvalidInputError(f"call_bets must be a list of distinct call bets of rule 8 "
                                f"({', '.join(CALLS)})", field="call_bets", rule=rf_rule(8))
    breakdown = data.get("call_bet_breakdown") or PLENOS
    if breakdown not in BREAKDOWNS:
        raise InvalidInputError(f"call_bet_breakdown must be one of {', '.join(BREAKDOWNS)}",
                                field="call_bet_breakdown", rule=a_rule(59))
    shown = whole(DEFAULT_RESULTS_SHOWN if data.get("results_shown") is None
                 else data["results_shown"], "results_shown", 2, MAX_RESULTS_SHOWN,
                 f"{rf_rule('6e')}, {a_rule(56)}")
    betting = data.get("betting_seconds")
    if kind == MULTI:
        betting = whole(DEFAULT_BETTING_SECONDS if betting is None else betting,
                       "betting_seconds", MIN_SECONDS, MAX_TIMER_SECONDS, BETTING_RULE,
                       "whole seconds")
    elif betting is not None:
        raise RuleViolationError("an individual wheel has no betting window: the player"
                                 " launches the ball", field="betting_seconds",
                                 rule=rf_rule(17), code="no_betting_window")
    return WheelConfig(kind=kind, min_cents=min_cents, minimums=minimums, maximums=maximums,
                       two_dozen_column=two, player_total_max_cents=total,
                       call_bets=tuple(c for c in CALLS if c in calls),
                       call_bet_breakdown=breakdown, betting_seconds=betting,
                       results_shown=shown)


def check_settings(settings: dict[str, Any], wheel: Any) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a wheel (903-B 6.1.5): checked as a new wheel's configuration;
    it changes the parameters, not the kind of wheel (r4)."""
    clean = check_wheel_config(settings).to_dict()
    if clean["kind"] != wheel.config_data["kind"]:
        raise RuleViolationError(
            f"the wheel is {wheel.config_data['kind']}: its rule set cannot make it"
            f" {clean['kind']}", field="kind", rule=rf_rule(4))
    return clean, []
