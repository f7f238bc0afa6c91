"""Table configuration of Texas hold'em (Reg. 806/2015) and Omaha online, rules-digest §6, §7.

- 2 to 10 seats (hold'em rules 4a, 5); continuous or session mode (rule 6; A25: a session-mode
  table runs between the operator's start and end times and seats only registered players).
- The big blind is the table minimum bet; the operator sets the small blind (rules 20–22).
- Betting structure limit / pot limit / no limit (rule 24, A27), an optional cap on raises
  per round (rule 38); a limit table's fixed small and big bets (rule 24a), or its literal
  "half the pot" reading (A27).
- A fixed initial cave (rule 8, A28) and a rebuy amount (rules 12, 14, 15).
- Commission, one mode per table (rule 17): (a) "pot", 1 %–5 % of the pot with an optional
  cap (A24), or (b) "buy_in", 5 %–20 % of the initial cave and of every rebuy (A28).
- The decision time and optional extra time (rules 43, 44; 903-B 6.1.4: at least 3 s); the
  number of jogadas without a bet before the inactivity procedure (rule 70b: at most 5).
- Heads-up, the text is followed by default; the usual convention is an option (A29).

Configuration outside the regulation's bands is refused naming the rule. Money is integer
cents, percentages integer basis points; never a float or a bool.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.games.community_poker.betting import (
    LIMIT,
    LIMIT_READINGS,
    STRUCTURES,
    BettingRules,
)
from domain.games.community_poker.rule_book import HE, OM
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.kernel.rules import A as INTERP
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

HOLDEM, OMAHA = "holdem", "omaha"
# Rule 70b [CFG ≤ 5]: "mais de 5 jogadas consecutivas ou em número inferior se expressamente
# previsto nas regras específicas": the most jogadas without a bet a table may set.
MAX_POKER_IDLE_JOGADAS = 5
VARIANTS = (HOLDEM, OMAHA)
HOLE_CARDS = {HOLDEM: 2, OMAHA: 4}  # hold'em rule 25; Omaha rule 25
CONTINUOUS, SESSION = "continuous", "session"
MODES = (CONTINUOUS, SESSION)
POT, BUY_IN = "pot", "buy_in"
MIN_SEATS, MAX_SEATS = 2, 10  # rules 4a, 5
POT_RAKE_BP = (100, 500)  # rule 17a: 1 %–5 %
BUY_IN_FEE_BP = (500, 2_000)  # rule 17b: 5 %–20 %
BASIS_POINTS = 10_000
MIN_DECISION_SECONDS = 3  # 903-B 6.1.4
MAX_TIMER_SECONDS = 3_600  # not in the text: a timer of more than an hour is a typo
MAX_PAUSE_SECONDS = 600

FIELDS = ("seats", "mode", "session_starts_at", "session_ends_at", "structure",
          "small_blind_cents", "big_blind_cents", "small_bet_cents", "big_bet_cents",
          "limit_reading", "raise_cap", "heads_up_convention", "buy_in_cents", "rebuy_cents",
          "commission", "decision_seconds", "extra_seconds", "idle_jogadas", "pause_seconds")
REQUIRED = ("seats", "structure", "small_blind_cents", "big_blind_cents", "buy_in_cents",
            "commission", "decision_seconds")
DEFAULTS: dict[str, Any] = {
    "mode": CONTINUOUS, "session_starts_at": None, "session_ends_at": None,
    "small_bet_cents": None, "big_bet_cents": None, "limit_reading": "fixed",
    "raise_cap": None, "heads_up_convention": False, "rebuy_cents": None,
    "extra_seconds": 0, "idle_jogadas": MAX_POKER_IDLE_JOGADAS, "pause_seconds": 3}


def rule(variant: str, *numbers: int | str) -> str:
    """The citation of a rule of the table's game: Omaha's text has the same numbering (§7)."""
    return cite(OM if variant == OMAHA else HE, *numbers)


_HOLDEM_RULE, _OMAHA_RULE = (cite(book, 1).rsplit(" ", 1)[0] for book in (HE, OM))


def own_rules(variant: str, cited: str | None) -> str | None:
    """A citation of the shared betting engine (which cites hold'em) as the table's game's:
    at an Omaha table "hold'em rule 34" is "Omaha rule 34", the same numbering (§7)."""
    if variant != OMAHA or not cited:
        return cited
    return cited.replace(_HOLDEM_RULE, _OMAHA_RULE)


def _int(data: dict[str, Any], name: str, low: int, high: int, cited: str | None,
         code: str | None = None) -> int:
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{name} must be a whole number", field=name, rule=cited)
    if not low <= value <= high:
        error = RuleViolationError if cited else InvalidInputError
        raise error(f"{name} must be between {low} and {high}", field=name, rule=cited,
                    **({"code": code} if code else {}))
    return value


def _when(data: dict[str, Any], name: str, cited: str) -> str:
    value = data[name]
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise InvalidInputError(f"{name} must be an ISO 8601 date and time with its offset",
                                field=name, rule=cited)
    return parsed.isoformat()


def check_commission(data: Any, variant: str) -> dict[str, Any]:
    """Rule 17: one mode per table, inside its band; rule 17a's optional cap (A24)."""
    if not isinstance(data, dict):
        raise InvalidInputError("commission must be an object", field="commission")
    unknown = sorted(str(k) for k in data if k not in ("mode", "percent_bp", "cap_cents"))
    if unknown:
        raise InvalidInputError(f"unknown field(s) in commission: {', '.join(unknown)}",
                                field=f"commission.{unknown[0]}", code="unknown_field")
    mode = data.get("mode")
    if mode not in (POT, BUY_IN):
        raise InvalidInputError("commission.mode must be 'pot' (rule 17a) or 'buy_in' (rule 17b)",
                                field="commission.mode", rule=rule(variant, 17))
    band, cited = (POT_RAKE_BP, rule(variant, "17a")) if mode == POT else \
        (BUY_IN_FEE_BP, rule(variant, "17b"))
    if "percent_bp" not in data:
        raise InvalidInputError("commission.percent_bp is required", field="commission.percent_bp")
    percent = data["percent_bp"]
    if isinstance(percent, bool) or not isinstance(percent, int):
        raise InvalidInputError("commission.percent_bp must be whole basis points",
                                field="commission.percent_bp", rule=cited)
    if not band[0] <= percent <= band[1]:
        raise RuleViolationError(
            f"commission.percent_bp must be between {band[0]} and {band[1]} "
            f"({band[0] / 100:g} % to {band[1] / 100:g} %)", field="commission.percent_bp",
            rule=cited, code="outside_band")
    cap = data.get("cap_cents")
    if cap is not None:
        if mode != POT:
            raise InvalidInputError("a cap applies to the pot commission only",
                                    field="commission.cap_cents", rule=cite(INTERP, 24))
        if isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_MOVEMENT_CENTS:
            raise InvalidInputError("commission.cap_cents must be a positive number of cents",
                                    field="commission.cap_cents", rule=cite(INTERP, 24))
    return {"mode": mode, "percent_bp": percent, "cap_cents": cap}


def check_table_config(data: Any, variant: str) -> dict[str, Any]:
    """A table's configuration, checked; the clean dict is what ``TableOpened`` records."""
    if not isinstance(data, dict):
        raise InvalidInputError("config must be an object", field="config")
    unknown = sorted(str(k) for k in data if k not in FIELDS)
    if unknown:
        raise InvalidInputError(f"unknown field(s) in config: {', '.join(unknown)}",
                                field=unknown[0], code="unknown_field")
    missing = [k for k in REQUIRED if data.get(k) is None]
    if missing:
        raise InvalidInputError(f"{missing[0]} is required", field=missing[0])
    d = dict(DEFAULTS)
    d.update({k: v for k, v in data.items() if v is not None})
    clean: dict[str, Any] = {"variant": variant}
    clean["seats"] = _int(d, "seats", MIN_SEATS, MAX_SEATS, rule(variant, "4a", 5),
                          "outside_band")
    _check_mode(d, clean, variant)
    _check_betting(d, clean, variant)
    big = clean["big_blind_cents"]
    # rule 8, A28: a fixed initial cave; rule 15: never below the table minimum
    clean["buy_in_cents"] = _int(d, "buy_in_cents", big, MAX_MOVEMENT_CENTS,
                                 f"{rule(variant, 8)}; {rule(variant, 15)}")
    if d.get("rebuy_cents") is None:
        clean["rebuy_cents"] = clean["buy_in_cents"]
    else:
        clean["rebuy_cents"] = _int(d, "rebuy_cents", big, MAX_MOVEMENT_CENTS,
                                    f"{rule(variant, 14)}; {rule(variant, 15)}")
    clean["commission"] = check_commission(d["commission"], variant)
    timing = f"{cite(T903B, '6.1.4')}; {rule(variant, 43)}"
    clean["decision_seconds"] = _int(d, "decision_seconds", MIN_DECISION_SECONDS,
                                     MAX_TIMER_SECONDS, timing)
    clean["extra_seconds"] = _int(d, "extra_seconds", 0, MAX_TIMER_SECONDS, rule(variant, 44))
    clean["idle_jogadas"] = _int(d, "idle_jogadas", 1, MAX_POKER_IDLE_JOGADAS,
                                 rule(variant, "70b"))
    clean["pause_seconds"] = _int(d, "pause_seconds", 0, MAX_PAUSE_SECONDS, None)
    betting_rules(clean)  # the betting engine's own checks (rule 22, A27)
    return clean


def _check_mode(d: dict[str, Any], clean: dict[str, Any], variant: str) -> None:
    """Continuous, or a session-mode table's period (rule 6, A25), into ``clean``."""
    if d["mode"] not in MODES:
        raise InvalidInputError("mode must be 'continuous' or 'session'", field="mode",
                                rule=rule(variant, 6))
    clean["mode"] = d["mode"]
    if d["mode"] == SESSION:  # rule 6, A25: a period set by the operator
        for name in ("session_starts_at", "session_ends_at"):
            if d.get(name) is None:
                raise InvalidInputError(f"{name} is required at a session-mode table",
                                        field=name, rule=f"{rule(variant, 6)}; {cite(INTERP, 25)}")
        starts = _when(d, "session_starts_at", rule(variant, 6))
        ends = _when(d, "session_ends_at", rule(variant, 6))
        if datetime.fromisoformat(ends) <= datetime.fromisoformat(starts):  # between fields
            raise RuleViolationError("session_ends_at must be after session_starts_at",
                                    field="session_ends_at", rule=rule(variant, 6))
        clean.update(session_starts_at=starts, session_ends_at=ends)
    else:
        for name in ("session_starts_at", "session_ends_at"):
            if d.get(name) is not None:
                raise InvalidInputError(f"{name} belongs to a session-mode table", field=name,
                                        rule=rule(variant, 6))
        clean.update(session_starts_at=None, session_ends_at=None)


def _check_betting(d: dict[str, Any], clean: dict[str, Any], variant: str) -> None:
    """The betting structure, the blinds and the bets (rules 22–24, 38; A27, A29), into
    ``clean``."""
    if d["structure"] not in STRUCTURES:
        raise InvalidInputError("structure must be 'limit', 'pot_limit' or 'no_limit'",
                                field="structure", rule=rule(variant, 24))
    clean["structure"] = d["structure"]
    big = clean["big_blind_cents"] = _int(d, "big_blind_cents", 1, MAX_MOVEMENT_CENTS,
                                          rule(variant, 22))
    small = clean["small_blind_cents"] = _int(d, "small_blind_cents", 1, MAX_MOVEMENT_CENTS,
                                              rule(variant, 22))
    if small > big:  # rule 22: the big blind is the table minimum
        raise RuleViolationError("small_blind_cents exceeds the big blind (the table minimum)",
                                 field="small_blind_cents", rule=rule(variant, 22))
    for name in ("small_bet_cents", "big_bet_cents"):
        if d.get(name) is not None and d["structure"] != LIMIT:
            raise InvalidInputError(f"{name} belongs to a limit table", field=name,
                                    rule=rule(variant, "24a"))
        clean[name] = None if d.get(name) is None else _int(
            d, name, big, MAX_MOVEMENT_CENTS, f"{rule(variant, '24a')}; {rule(variant, 23)}")
    if d["limit_reading"] not in LIMIT_READINGS:
        raise InvalidInputError("limit_reading must be 'fixed' or 'half_pot'",
                                field="limit_reading", rule=cite(INTERP, 27))
    clean["limit_reading"] = d["limit_reading"]
    clean["raise_cap"] = None if d.get("raise_cap") is None else _int(
        d, "raise_cap", 1, 100, rule(variant, 38))
    if not isinstance(d["heads_up_convention"], bool):
        raise InvalidInputError("heads_up_convention must be true or false",
                                field="heads_up_convention", rule=cite(INTERP, 29))
    clean["heads_up_convention"] = d["heads_up_convention"]


def betting_rules(config: dict[str, Any]) -> BettingRules:
    """The betting engine's rules of a recorded configuration (domain/games/community_poker/
    betting.py)."""
    return BettingRules(structure=config["structure"], small_blind=config["small_blind_cents"],
                        big_blind=config["big_blind_cents"], small_bet=config["small_bet_cents"],
                        big_bet=config["big_bet_cents"], raise_cap=config["raise_cap"],
                        heads_up_convention=config["heads_up_convention"],
                        limit_reading=config["limit_reading"])


def buy_in_fee(config: dict[str, Any], amount_cents: int) -> int:
    """Rule 17b, A28: the fee on a buy-in or rebuy, rounded down to the cent; 0 under (a)."""
    commission = config["commission"]
    if commission["mode"] != BUY_IN:
        return 0
    return amount_cents * commission["percent_bp"] // BASIS_POINTS


def check_settings(settings: dict[str, Any], table: Any) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a table (903-B 6.1.5), checked as table creation checks a
    configuration, for the table's own game; the number of seats stays (rule 5: the table is
    what it is)."""
    variant = table.config_data["variant"]
    clean = check_table_config(settings, variant)
    if clean["seats"] != table.config_data["seats"]:
        raise RuleViolationError(f"the table has {table.config_data['seats']} seats: its"
                                 " rule set cannot change them", field="seats",
                                 rule=rule(variant, "4a", 5))
    return clean, []
