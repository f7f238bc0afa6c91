"""Table configuration of póquer sem descarte online (Reg. 803/2015), rules-digest §2, §3.

- Tables are individual or multi-player (rule 4); a table has 1 to 7 seats, each with an ante
  box and a bet box (rule 6a). An individual table has exactly one seat.
- The operator sets the minimum ante in euros (rule 17); an ante below the minimum or above the
  maximum is refused (rule 16); the maximum is at most 25 × the minimum (rule 18), enforced on
  the ante (A7): the second bet is always 2 × the ante (rules 2f, 23).
- The operator sets the decision time (rule 21) and the extra time after the warning (rule 31);
  any decision window, the betting window included, is ≥ 3 s (903-B 6.1.4).
- Multi-player tables have a betting window, the same for everyone (rule 14); at an individual
  table the player starts the deal once the ante is placed (rule 15), so there is none.
- The jackpot side bet (Portaria 461/2001) is an optional module, off by default (A11): a fixed
  stake (r8), a share of each stake credited to the jackpot (r3), a starting value of at least
  10 000 × the stake (r10). Its third box exists only on tables that have a jackpot (r3).
- A8: an ante is accepted only if the balance covers 3 × the ante, which is held, so that
  "continue" (2 × ante more, rule 23) is always available (rule 30).

Money is integer cents, percentages integer basis points; never a float or a bool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.semdescarte.rule_book import PT, SD
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.ledger.accounts import check_amount
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

INDIVIDUAL, MULTI = "individual", "multi"
KINDS = (INDIVIDUAL, MULTI)
MAX_SEATS = 7  # rule 6a
ANTE_MAX_FACTOR = 25  # rule 18
MIN_DECISION_SECONDS = 3  # 903-B 6.1.4
# Upper bounds the text does not set: a timer of more than an hour is a typo, and a deadline
# must stay a representable date; an amount above the largest money movement likewise.
MAX_TIMER_SECONDS = 3_600
MAX_AMOUNT_CENTS = MAX_MOVEMENT_CENTS
MIN_EXTRA_SECONDS = 1  # rule 31: some extra time must be granted
BET_FACTOR = 2  # rules 2f, 23: the second bet is 2 × the ante
HOLD_FACTOR = 1 + BET_FACTOR  # A8
BASIS_POINTS = 10_000
JACKPOT_START_FACTOR = 10_000  # Portaria r10

def sd_rule(*numbers: int | str) -> str:
    """Póquer sem descarte (Reg. 803/2015): ``sd_rule(33)`` is "póquer sem descarte rule 33"."""
    return cite(SD, *numbers)


def pt_rule(*numbers: int | str) -> str:
    """The jackpot side bet (Portaria 461/2001): ``pt_rule(10)``."""
    return cite(PT, *numbers)


DECISION_RULE = f"{cite(T903B, '6.1.4')}; {sd_rule(21)}"  # 903-B 6.1.4; rule 21
BETTING_RULE = f"{cite(T903B, '6.1.4')}; {sd_rule(14)}"  # 903-B 6.1.4; rule 14


@dataclass(frozen=True)
class JackpotConfig:
    stake_cents: int  # the fixed side bet (Portaria r8)
    contribution_bp: int  # share of each side bet credited to the jackpot, 1..10000 bp (r3)
    starting_value_cents: int  # >= 10 000 × stake_cents (r10)

    def to_dict(self) -> dict[str, Any]:
        return {"stake_cents": self.stake_cents, "contribution_bp": self.contribution_bp,
                "starting_value_cents": self.starting_value_cents}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "JackpotConfig":
        return cls(stake_cents=d["stake_cents"], contribution_bp=d["contribution_bp"],
                   starting_value_cents=d["starting_value_cents"])


@dataclass(frozen=True)
class TableConfig:
    kind: str  # INDIVIDUAL (exactly 1 seat) or MULTI (1..7 seats, rules 4, 6a)
    seats: int
    min_ante_cents: int  # rule 17
    max_ante_cents: int  # rule 16; <= 25 × min (rule 18, A7)
    decision_seconds: int  # rule 21, >= 3 (903-B 6.1.4)
    extra_seconds: int  # rule 31, >= 1
    betting_seconds: int | None  # rule 14: >= 3 for MULTI; None for INDIVIDUAL (rule 15)
    jackpot: JackpotConfig | None = None  # A11: optional, off by default

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seats": self.seats,
            "min_ante_cents": self.min_ante_cents,
            "max_ante_cents": self.max_ante_cents,
            "decision_seconds": self.decision_seconds,
            "extra_seconds": self.extra_seconds,
            "betting_seconds": self.betting_seconds,
            "jackpot": self.jackpot.to_dict() if self.jackpot is not None else None,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "TableConfig":
        """Rebuilds a configuration recorded by ``to_dict`` (no re-validation: a recorded
        configuration is replayed as it was, 903-B 6.1.5(3))."""
        jackpot = d.get("jackpot")
        return cls(
            kind=d["kind"],
            seats=d["seats"],
            min_ante_cents=d["min_ante_cents"],
            max_ante_cents=d["max_ante_cents"],
            decision_seconds=d["decision_seconds"],
            extra_seconds=d["extra_seconds"],
            betting_seconds=d.get("betting_seconds"),
            jackpot=JackpotConfig.from_dict(jackpot) if jackpot is not None else None,
        )


# A table's configuration fields (also Game.settings_fields: settings made of other fields only
# are another game's, domain/rulesets/venue_settings.py).
FIELDS = ("kind", "seats", "min_ante_cents", "max_ante_cents", "decision_seconds",
                "extra_seconds", "betting_seconds", "jackpot")
_JACKPOT_KEYS = ("stake_cents", "contribution_bp", "starting_value_cents")


def _check_keys(data: Any, allowed: tuple[str, ...], required: tuple[str, ...],
                path: str) -> None:
    if not isinstance(data, dict):
        raise InvalidInputError(f"{path} must be an object", field=path)
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        prefix = f"{path}." if path != "config" else ""
        raise InvalidInputError(f"unknown field(s) in {path}: {', '.join(unknown)}",
                                field=prefix + unknown[0], code="unknown_field")
    for key in required:
        if key not in data:
            prefix = f"{path}." if path != "config" else ""
            raise InvalidInputError(f"{prefix}{key} is required", field=prefix + key,
                                    code="missing_field")


def _int(value: Any, field: str, minimum: int, rule: str | None = None,
         what: str = "a whole number", maximum: int = MAX_AMOUNT_CENTS) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{field} must be {what} (an integer)", field=field, rule=rule)
    if value < minimum:
        raise InvalidInputError(f"{field} must be at least {minimum}", field=field, rule=rule)
    if value > maximum:
        raise InvalidInputError(f"{field} must be at most {maximum}", field=field, rule=rule)
    return value


def check_jackpot_config(data: Any, path: str = "jackpot") -> JackpotConfig:
    """A jackpot module's parameters (Portaria 461/2001 r3, r8, r10; A11)."""
    _check_keys(data, _JACKPOT_KEYS, _JACKPOT_KEYS, path)
    stake = _int(data["stake_cents"], f"{path}.stake_cents", 1, pt_rule(8), "integer cents")
    bp = _int(data["contribution_bp"], f"{path}.contribution_bp", 1, pt_rule(3),
              "integer basis points")
    if bp > BASIS_POINTS:
        raise InvalidInputError(f"{path}.contribution_bp must be at most {BASIS_POINTS} (100 %)",
                                field=f"{path}.contribution_bp", rule=pt_rule(3))
    start = _int(data["starting_value_cents"], f"{path}.starting_value_cents", 1, pt_rule(10),
                 "integer cents")
    if start < JACKPOT_START_FACTOR * stake:  # each value well formed, together refused: 409
        raise RuleViolationError(
            f"{path}.starting_value_cents must be at least {JACKPOT_START_FACTOR} × the jackpot"
            f" stake ({JACKPOT_START_FACTOR * stake} cents)",
            field=f"{path}.starting_value_cents", rule=pt_rule(10), code="jackpot_start_too_low")
    return JackpotConfig(stake_cents=stake, contribution_bp=bp, starting_value_cents=start)


def check_table_config(data: Any) -> TableConfig:
    """Validates a raw configuration (from the API) and returns it as a TableConfig.

    Unknown keys are refused; ``seats`` may be left out (or null) for an individual table (1),
    ``betting_seconds`` likewise (None), and ``jackpot`` anywhere (None: off, A11)."""
    _check_keys(data, FIELDS, ("kind", "min_ante_cents", "max_ante_cents",
                                    "decision_seconds", "extra_seconds"), "config")
    kind = data["kind"]
    if kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}", field="kind",
                                rule=sd_rule(4))
    if kind == INDIVIDUAL:  # null or left out: one seat, as for the other optional fields
        seats = _int(1 if data.get("seats") is None else data["seats"], "seats", 1,
                     sd_rule("6a"))
        if seats != 1:
            raise InvalidInputError("an individual table has exactly one seat", field="seats",
                                    rule=sd_rule(4))
    else:
        if data.get("seats") is None:
            raise InvalidInputError("seats is required for a multi-player table", field="seats",
                                    rule=sd_rule("6a"), code="missing_field")
        seats = _int(data["seats"], "seats", 1, sd_rule("6a"))
        if seats > MAX_SEATS:
            raise InvalidInputError(f"a table has 1 to {MAX_SEATS} seats", field="seats",
                                    rule=sd_rule("6a"))

    min_ante = _int(data["min_ante_cents"], "min_ante_cents", 1, sd_rule(17), "integer cents")
    max_ante = _int(data["max_ante_cents"], "max_ante_cents", 1, sd_rule(16), "integer cents")
    # Rules between fields: each value is well formed (422 otherwise), their combination is
    # refused by the rule (409, like every rule that weighs one value against another).
    if max_ante < min_ante:
        raise RuleViolationError("max_ante_cents must not be below min_ante_cents",
                                 field="max_ante_cents", rule=sd_rule(16),
                                 code="ante_limits_inverted")
    if max_ante > ANTE_MAX_FACTOR * min_ante:
        raise RuleViolationError(
            f"max_ante_cents must be at most {ANTE_MAX_FACTOR} × min_ante_cents"
            f" ({ANTE_MAX_FACTOR * min_ante} cents)", field="max_ante_cents", rule=sd_rule(18),
            code="ante_limits_too_wide")

    decision = _int(data["decision_seconds"], "decision_seconds", MIN_DECISION_SECONDS,
                    DECISION_RULE, "whole seconds", MAX_TIMER_SECONDS)
    extra = _int(data["extra_seconds"], "extra_seconds", MIN_EXTRA_SECONDS, sd_rule(31),
                 "whole seconds", MAX_TIMER_SECONDS)

    betting = data.get("betting_seconds")
    if kind == MULTI:
        if betting is None:
            raise InvalidInputError("a multi-player table needs a betting window",
                                    field="betting_seconds", rule=sd_rule(14),
                                    code="missing_field")
        betting = _int(betting, "betting_seconds", MIN_DECISION_SECONDS,
                       BETTING_RULE, "whole seconds", MAX_TIMER_SECONDS)
    elif betting is not None:
        raise InvalidInputError(
            "an individual table has no betting window: the player starts the deal",
            field="betting_seconds", rule=sd_rule(15))

    raw_jackpot = data.get("jackpot")
    jackpot = None if raw_jackpot is None else check_jackpot_config(raw_jackpot)
    return TableConfig(kind=kind, seats=seats, min_ante_cents=min_ante, max_ante_cents=max_ante,
                       decision_seconds=decision, extra_seconds=extra, betting_seconds=betting,
                       jackpot=jackpot)


def check_ante(config: TableConfig, amount_cents: Any) -> None:
    """Rule 16: the ante is neither below the table minimum nor above its maximum."""
    if isinstance(amount_cents, bool) or not isinstance(amount_cents, int) or amount_cents <= 0:
        raise InvalidInputError("ante_cents must be a whole number of cents above 0",
                                field="ante_cents", rule=sd_rule(16))
    if not config.min_ante_cents <= amount_cents <= config.max_ante_cents:
        raise RuleViolationError(
            f"the ante must be {config.min_ante_cents} to {config.max_ante_cents} cents",
            field="ante_cents", rule=sd_rule(16), code="ante_out_of_range",
            details={"min_ante_cents": config.min_ante_cents,
                     "max_ante_cents": config.max_ante_cents})


def check_jackpot_bet(config: TableConfig, amount_cents: Any) -> None:
    """Portaria 461/2001: the jackpot box exists only on tables with a jackpot (r3), and the
    side bet is the fixed stake (r8)."""
    if config.jackpot is None:
        raise RuleViolationError("this table has no jackpot", field="jackpot_bet_cents",
                                 rule=pt_rule(3), code="no_jackpot")
    check_amount(amount_cents, "jackpot_bet_cents")
    if amount_cents != config.jackpot.stake_cents:
        raise RuleViolationError(
            f"the jackpot bet is exactly {config.jackpot.stake_cents} cents",
            field="jackpot_bet_cents", rule=pt_rule(8), code="jackpot_bet_not_stake",
            details={"stake_cents": config.jackpot.stake_cents})


def bet_for_ante(ante_cents: int) -> int:
    """Rules 2f, 23: the second bet is exactly 2 × the ante."""
    return BET_FACTOR * check_amount(ante_cents, "ante_cents")


def hold_for_ante(ante_cents: int) -> int:
    """A8: 3 × the ante is held when the ante is placed, so "continue" is always possible."""
    return HOLD_FACTOR * check_amount(ante_cents, "ante_cents")


def check_settings(settings: dict[str, Any], table: Any
                   ) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a table (903-B 6.1.5): checked as POST /semdescarte/tables checks
    a configuration; it changes the parameters, not the kind of table (rule 4)."""
    clean = check_table_config(settings).to_dict()
    if clean["kind"] != table.config_data["kind"]:
        raise RuleViolationError(
            f"the table is {table.config_data['kind']}: its rule set cannot make it"
            f" {clean['kind']}", field="kind", rule=sd_rule(4))
    return clean, []
