"""Table configuration of blackjack online (Reg. 805/2015; rules-digest-2 §1, A49, A50, A56).

- A table is individual or multi-player (r5) with 1 to 7 seats (r4a) and a shoe of 4, 6 or 8
  decks (r4b). Play on several seats by one player only where the table allows it (r7,
  ``multi_seat``); an individual table has one player.
- The operator sets the minimum and the maximum bet (r9, r10); the maximum is at most 100 ×
  the minimum (r11), enforced on each seat's initial bet (A49).
- The options of r16: double on any two-card total (r16a), split true pairs only (r16b), a cap
  of hands per seat after splits (r16c, A50: 1 to 8, default 4), insurance (r16d), the special
  prize (r16e).
- A multi-player table has a betting window, the same for everyone, opened by the first bet
  and announced (r12), at least 3 s long (903-B 6.1.4); at an individual table the player
  deals (r13), so there is none. The decision time is at least 3 s (903-B 6.1.4); it runs at a
  multi-player table (A55); an individual table's hand waits (903-B 6.3.2).
- The banca's recent results shown (r4c, A56): at least 2, default 10.

Anything else, or out of range: InvalidInputError naming the field and the rule. Money is
integer cents; never a float or a bool. No demo mode is offered: r37 lets the operator offer
demos (the real game's characteristics, r38: rewarded with free extra play only); this ledger
records real-money play only, so a configuration asking for one is refused naming r37, r38.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.games.blackjack.hands import Rules
from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.kernel.config_checks import check_keys, whole
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import T903B, cite
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

INDIVIDUAL, MULTI = "individual", "multi"
KINDS = (INDIVIDUAL, MULTI)
DECKS = (4, 6, 8)  # r4b
MAX_SEATS = 7  # r4a
MAX_FACTOR = 100  # r11
MIN_SECONDS = 3  # 903-B 6.1.4
MAX_TIMER_SECONDS = 3_600  # not in the text: a timer over an hour is a typo
MAX_HANDS = 8  # r16c, A50: the cap the operator may set, at most 8 hands per seat
MAX_RESULTS_SHOWN = 100  # r4c, A56: not in the text; a display of more is not a display
MAX_AMOUNT_CENTS = MAX_MOVEMENT_CENTS

DECISION_RULE = f"{cite(T903B, '6.1.4')}; {a_rule(55)}"
BETTING_RULE = f"{cite(T903B, '6.1.4')}; {bj_rule(12)}"

DEFAULTS: dict[str, Any] = {
    "multi_seat": False, "double_any_total": False, "true_pairs_only": False, "max_hands": 4,
    "insurance": True, "special_prize": True, "decision_seconds": 20, "results_shown": 10,
}
DEFAULT_BETTING_SECONDS = 15

# A table's configuration fields (also Game.settings_fields).
FIELDS = ("kind", "decks", "seats", "min_bet_cents", "max_bet_cents", "multi_seat",
          "double_any_total", "true_pairs_only", "max_hands", "insurance", "special_prize",
          "betting_seconds", "decision_seconds", "results_shown")
REQUIRED = ("kind", "decks", "min_bet_cents", "max_bet_cents")
# r37, r38: a demo (free play) is not a table of this ledger: asking for one is refused.
DEMO_RULE = bj_rule(37, 38)
_FLAGS = {"multi_seat": bj_rule(7), "double_any_total": bj_rule("16a"),
          "true_pairs_only": bj_rule("16b"), "insurance": bj_rule("16d"),
          "special_prize": bj_rule("16e")}


@dataclass(frozen=True)
class TableConfig:
    kind: str
    decks: int
    seats: int
    min_bet_cents: int
    max_bet_cents: int
    multi_seat: bool
    double_any_total: bool
    true_pairs_only: bool
    max_hands: int
    insurance: bool
    special_prize: bool
    betting_seconds: int | None  # MULTI only (r12)
    decision_seconds: int
    results_shown: int

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TableConfig:
        """A recorded configuration, as it was (903-B 6.1.5(3): no re-validation)."""
        return cls(**{name: d.get(name) for name in FIELDS})

    @property
    def rules(self) -> Rules:
        """The r16 options as hands.py takes them."""
        return Rules(double_any_total=self.double_any_total,
                     true_pairs_only=self.true_pairs_only, max_hands=self.max_hands,
                     insurance=self.insurance, special_prize=self.special_prize)


def _flag(data: dict[str, Any], field: str) -> bool:
    value = data.get(field)
    if value is None:
        return DEFAULTS[field]
    if not isinstance(value, bool):
        raise InvalidInputError(f"{field} must be true or false", field=field,
                                rule=_FLAGS[field])
    return value


def check_table_config(data: Any) -> TableConfig:
    """Validates a raw configuration (from the API). Unknown keys are refused; the optional
    fields may be left out or null (their defaults)."""
    check_keys(data, fields=FIELDS, required=REQUIRED, venue="table", demo_rule=DEMO_RULE,
               demo_rules_said="r37, r38")
    kind = data["kind"]
    if kind not in KINDS:
        raise InvalidInputError(f"kind must be one of {', '.join(KINDS)}", field="kind",
                                rule=bj_rule(5))
    decks = data["decks"]
    if isinstance(decks, bool) or decks not in DECKS:
        raise InvalidInputError("decks must be 4, 6 or 8", field="decks", rule=bj_rule("4b"))
    seats = whole(1 if data.get("seats") is None else data["seats"], "seats", 1, MAX_SEATS,
                 bj_rule("4a"))
    min_bet = whole(data["min_bet_cents"], "min_bet_cents", 1, MAX_AMOUNT_CENTS,
                   bj_rule(10), "integer cents")
    max_bet = whole(data["max_bet_cents"], "max_bet_cents", 1, MAX_AMOUNT_CENTS,
                   bj_rule(10), "integer cents")
    # Values well formed one by one, refused together: 409 (RuleViolationError), as every
    # game's rule that weighs one value against another (the API's document cannot say it).
    if max_bet < min_bet:
        raise RuleViolationError("max_bet_cents must not be below min_bet_cents",
                                 field="max_bet_cents", rule=bj_rule(9, 10),
                                 code="bet_limits_inverted")
    if max_bet > MAX_FACTOR * min_bet:
        raise RuleViolationError(
            f"max_bet_cents must be at most {MAX_FACTOR} × min_bet_cents"
            f" ({MAX_FACTOR * min_bet} cents)", field="max_bet_cents", rule=bj_rule(11),
            code="bet_limits_too_wide")
    flags = {name: _flag(data, name) for name in _FLAGS}
    max_hands = whole(DEFAULTS["max_hands"] if data.get("max_hands") is None
                     else data["max_hands"], "max_hands", 1, MAX_HANDS,
                     bj_rule("16c") + ", " + a_rule(50))
    decision = whole(DEFAULTS["decision_seconds"] if data.get("decision_seconds") is None
                    else data["decision_seconds"], "decision_seconds", MIN_SECONDS,
                    MAX_TIMER_SECONDS, DECISION_RULE, "whole seconds")
    shown = whole(DEFAULTS["results_shown"] if data.get("results_shown") is None
                 else data["results_shown"], "results_shown", 2, MAX_RESULTS_SHOWN,
                 bj_rule("4c"))
    betting = data.get("betting_seconds")
    if kind == MULTI:
        betting = whole(DEFAULT_BETTING_SECONDS if betting is None else betting,
                       "betting_seconds", MIN_SECONDS, MAX_TIMER_SECONDS, BETTING_RULE,
                       "whole seconds")
    elif betting is not None:
        raise RuleViolationError(
            "an individual table has no betting window: the player deals",
            field="betting_seconds", rule=bj_rule(13),
            code="no_betting_window")
    if kind == INDIVIDUAL and seats > 1 and not flags["multi_seat"]:
        raise RuleViolationError(
            "an individual table of several seats needs multi_seat (one player, several"
            " seats)", field="seats", rule=bj_rule(5, 7), code="seats_need_multi_seat")
    return TableConfig(kind=kind, decks=decks, seats=seats, min_bet_cents=min_bet,
                       max_bet_cents=max_bet, max_hands=max_hands, betting_seconds=betting,
                       decision_seconds=decision, results_shown=shown, **flags)


def check_bet(config: TableConfig, amount_cents: Any) -> int:
    """r9–r11, A49: each seat's initial bet lies between the table's minimum and maximum."""
    if isinstance(amount_cents, bool) or not isinstance(amount_cents, int) or amount_cents <= 0:
        raise InvalidInputError("amount_cents must be a whole number of cents above 0",
                                field="amount_cents", rule=bj_rule(9))
    if not config.min_bet_cents <= amount_cents <= config.max_bet_cents:
        raise RuleViolationError(
            f"the bet must be {config.min_bet_cents} to {config.max_bet_cents} cents",
            field="amount_cents", rule=bj_rule(9) + ", " + a_rule(49),
            code="bet_out_of_range",
            details={"min_bet_cents": config.min_bet_cents,
                     "max_bet_cents": config.max_bet_cents})
    return amount_cents


def check_settings(settings: dict[str, Any], table: Any) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a table (903-B 6.1.5): checked as a new table's configuration;
    it changes the parameters, not the kind of table (r5)."""
    clean = check_table_config(settings).to_dict()
    if clean["kind"] != table.config_data["kind"]:
        raise RuleViolationError(
            f"the table is {table.config_data['kind']}: its rule set cannot make it"
            f" {clean['kind']}", field="kind", rule=bj_rule(5))
    return clean, []
