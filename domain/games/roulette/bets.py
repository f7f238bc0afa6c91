"""A player's bets on the layout, checked and booked (807 r3b, r3c, r7–r13, r15; A57–A59).
Pure: ``book`` turns the bets of one command into booked bets, or refuses the whole command
naming the field and the rule (nothing is recorded then).

A bet is a chance at one position, ``{"chance": "cavalo", "numbers": [0, 1], "amount_cents":
200}`` (chances.py), or a call bet the wheel offers, ``{"call": "neighbours", "number": 17,
"neighbours": 2, "unit_cents": 100}`` (call_bets.py), booked as its components (r15, A59).
Each booked bet: ``{"index", "kind": "chance"|"call", "call"?, "number"?, "neighbours"?,
"unit_cents"?, "amount_cents", "components": [{"key", "chance", "numbers", "amount_cents"}]}``.

- Each component is at least its chance's minimum (r3c, r11).
- A57: the stakes on one position in the jogada add up, those of earlier commands and call
  bets' components included, to at most its chance's maximum (r3b, r12).
- r13: the player's total in the jogada at most the wheel's cap, if it has one.
"""

from __future__ import annotations

from typing import Any

from domain.games.roulette import call_bets, chances
from domain.games.roulette.config import MAX_AMOUNT_CENTS, WheelConfig
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.errors import InvalidInputError, RuleViolationError

MAX_BETS = 200  # bets in one command: not in the text; a layout holds 161 positions
CHANCE_FIELDS = frozenset({"chance", "numbers", "amount_cents"})
CALL_FIELDS = frozenset({"call", "number", "neighbours", "unit_cents"})


def _cents(value: Any, field: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_AMOUNT_CENTS:
        raise InvalidInputError(f"{field} must be whole cents, 1 to {MAX_AMOUNT_CENTS}",
                                field=field, rule=rule)
    return value


def _one(raw: Any, i: int, config: WheelConfig) -> dict[str, Any]:
    field = f"bets[{i}]"
    if not isinstance(raw, dict):
        raise InvalidInputError(f"{field} must be an object", field=field, rule=rf_rule(9))
    if "call" in raw:
        unknown = sorted(set(raw) - CALL_FIELDS)
        if unknown:
            raise InvalidInputError(f"{field}.{unknown[0]}: not a field of a call bet",
                                    field=f"{field}.{unknown[0]}", code="unknown_field")
        unit = _cents(raw.get("unit_cents"), f"{field}.unit_cents", rf_rule(8, 11))
        comps = call_bets.components(raw["call"], number=raw.get("number"),
                                     neighbours=raw.get("neighbours"),
                                     breakdown=config.call_bet_breakdown, field=field)
        if raw["call"] not in config.call_bets:
            raise RuleViolationError(f"{field}.call: this wheel does not offer {raw['call']}"
                                     f" (it offers {', '.join(config.call_bets) or 'none'})",
                                     field=f"{field}.call", rule=rf_rule(8),
                                     code="call_bet_not_offered")
        booked = [{**c.position.as_dict(), "amount_cents": c.chips * unit} for c in comps]
        bet = {"index": i, "kind": "call", "call": raw["call"], "unit_cents": unit,
               "breakdown": config.call_bet_breakdown,
               "amount_cents": sum(c["amount_cents"] for c in booked), "components": booked}
        for name in ("number", "neighbours"):
            if raw.get(name) is not None:
                bet[name] = raw[name]
        return bet
    unknown = sorted(set(raw) - CHANCE_FIELDS)
    if unknown:
        raise InvalidInputError(f"{field}.{unknown[0]}: not a field of a bet",
                                field=f"{field}.{unknown[0]}", code="unknown_field")
    if "chance" not in raw:
        raise InvalidInputError(f"{field}: a bet names a chance (rule 7) or a call bet"
                                " (rule 8)", field=f"{field}.chance", rule=rf_rule(7, 8),
                                code="missing_field")
    pos = chances.position(raw["chance"], raw.get("numbers") or [], field=field,
                           two_dozen_column=config.two_dozen_column)
    amount = _cents(raw.get("amount_cents"), f"{field}.amount_cents", rf_rule(11))
    return {"index": i, "kind": "chance", "amount_cents": amount,
            "components": [{**pos.as_dict(), "amount_cents": amount}]}


def book(raw: Any, config: WheelConfig, *, staked: dict[str, int] | None = None,
         total_cents: int = 0) -> list[dict[str, Any]]:
    """The bets of one command, booked, after every check; ``staked``: the player's stakes on
    each position earlier in the jogada (A57), ``total_cents`` its total (r13)."""
    if not isinstance(raw, list) or not raw:
        raise InvalidInputError("bets must be a non-empty list", field="bets", rule=rf_rule(9))
    if len(raw) > MAX_BETS:
        raise InvalidInputError(f"bets: at most {MAX_BETS} in one command", field="bets")
    booked = [_one(item, i, config) for i, item in enumerate(raw)]
    sums = dict(staked or {})
    for bet in booked:
        field = f"bets[{bet['index']}]"
        for comp in bet["components"]:
            cls = chances.limit_class(comp["chance"])
            least, most = config.minimums[cls], config.maximums[cls]
            if comp["amount_cents"] < least:
                raise RuleViolationError(
                    f"{field}: {comp['amount_cents']} cents on {comp['key']} is below the"
                    f" {cls} minimum of {least}", field=field, rule=rf_rule("3c", 11),
                    code="bet_below_minimum",
                    details={"key": comp["key"], "minimum_cents": least})
            sums[comp["key"]] = sums.get(comp["key"], 0) + comp["amount_cents"]
            if sums[comp["key"]] > most:
                raise RuleViolationError(
                    f"{field}: the stakes on {comp['key']} in this jogada add up to"
                    f" {sums[comp['key']]} cents, over the {cls} maximum of {most}",
                    field=field, rule=f"{rf_rule('3b', 12)}, {a_rule(57)}",
                    code="over_position_maximum",
                    details={"key": comp["key"], "staked_cents": sums[comp["key"]],
                             "maximum_cents": most})
    total = total_cents + sum(b["amount_cents"] for b in booked)
    cap = config.player_total_max_cents
    if cap is not None and total > cap:
        raise RuleViolationError(f"bets: the player's stakes in this jogada would be {total}"
                                 f" cents, over the wheel's cap of {cap}", field="bets",
                                 rule=rf_rule(13), code="over_player_total",
                                 details={"total_cents": total, "cap_cents": cap})
    return booked


def settle(bet: dict[str, Any], number: int) -> dict[str, Any]:
    """One booked bet against the winning number (r14, r15, r19–r21; A53): each component's
    return (stake and win, or 0) and the bet's total."""
    comps = []
    for comp in bet["components"]:
        pos = chances.position(comp["chance"], comp["numbers"])
        back = chances.returned_cents(pos, comp["amount_cents"], number)
        comps.append({"key": comp["key"], "amount_cents": comp["amount_cents"],
                      "won": back > 0, "returned_cents": back})
    return {"index": bet["index"], "amount_cents": bet["amount_cents"],
            "returned_cents": sum(c["returned_cents"] for c in comps), "components": comps}
