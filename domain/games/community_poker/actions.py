"""Community-card poker: what a seat may do and doing it, pure (hold'em rules 23, 24, 34–40,
45; interpretations A27, A29). ``options(state, seat)`` says what the seat may do now, with
amounts; ``act`` does it or refuses with ``RuleViolationError`` / ``InvalidInputError``
naming the field and the rule; ``timeout_action`` is rule 45. The round's state and how it
opens and closes are in domain/games/community_poker/betting.py."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.games.community_poker.betting import (
    ACTIONS,
    NO_LIMIT,
    ORDER_RULE,
    POT_LIMIT,
    BettingRound,
    SeatState,
    _advance,
    _fixed_limit,
    _index,
    _is_int,
    _put,
)
from domain.games.community_poker.rule_book import HE
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import A as INTERP
from domain.kernel.rules import cite

# ---------------------------------------------------------------------------------------------
# What a seat may do


def options(state: BettingRound, seat: str) -> dict[str, Any]:
    """What ``seat`` may do now: ``fold``/``check`` (bool), ``call`` (the chips it adds, or
    None), ``bet``/``raise`` ({"min": to, "max": to} or None), ``all_in`` (the chips it adds,
    or None). A seat whose turn it is not may do nothing."""
    none: dict[str, Any] = {"fold": False, "check": False, "call": None, "bet": None,
                            "raise": None, "all_in": None}
    i = _index(state, seat)
    if state.to_act != i:
        return none
    me = state.seats[i]
    owed = state.current_bet - me.put_in
    opts = dict(none, fold=True)  # rule 34: a player may always fold
    if owed <= 0:
        opts["check"] = True  # rule 34: check only if nobody before has bet
    else:
        opts["call"] = min(owed, me.stack)  # rule 39: all in for less stays in
    span = _raise_span(state, me)
    if span is not None:
        opts["raise" if state.current_bet > 0 else "bet"] = {"min": span[0], "max": span[1]}
    all_in_to = me.put_in + me.stack
    if me.stack > 0 and (all_in_to <= state.current_bet
                         or (span is not None and all_in_to <= span[1])):
        opts["all_in"] = me.stack  # rules 37, 39
    return opts


def _raise_span(state: BettingRound, me: SeatState) -> tuple[int, int] | None:
    """The (min, max) "to" amounts of a bet or raise by ``me``, or None if it may not raise."""
    rules = state.rules
    owed = state.current_bet - me.put_in
    all_in_to = me.put_in + me.stack
    if me.stack <= max(owed, 0):
        return None  # it cannot put in more than a call
    if not _answerable(state, me):
        return None  # nobody left who could answer a raise (rule 40: nothing more to match)
    if state.current_bet > 0:
        if not me.may_raise:
            return None  # A27: a short all-in does not reopen the betting
        if rules.raise_cap is not None and state.raises >= rules.raise_cap:
            return None  # hold'em rule 38: the cap on raises is reached
    pot_after_call = state.pot + sum(s.put_in for s in state.seats) + max(owed, 0)
    if _fixed_limit(rules):
        # hold'em rule 24a (fixed raises per round): one fixed increment, no more, no less
        low = high = state.current_bet + rules.increment(state.street)
    else:
        # A27: the minimum raise is the last full bet or raise, never less than the table
        # minimum (hold'em rule 23); a bet is at least the table minimum
        low = state.current_bet + max(state.last_raise, rules.big_blind)
        if rules.structure == NO_LIMIT:
            high = all_in_to  # hold'em rule 24c: the whole cave
        elif rules.structure == POT_LIMIT:
            # hold'em rule 24b, A27: up to the call plus the pot after the call
            high = state.current_bet + pot_after_call
        else:
            # hold'em rule 24a read literally (A27): at most half the pot after the call
            high = state.current_bet + pot_after_call // 2
    # rule 39: a cave below the minimum may still go all in (a short bet or raise)
    return min(low, all_in_to), min(max(low, high), all_in_to)


def _answerable(state: BettingRound, me: SeatState) -> bool:
    """Whether another seat could put in more than the current bet, i.e. answer a raise: a raise
    that the others can at most call all in for less would change nothing (rules 39, 40)."""
    return any(s.live and s.put_in + s.stack > state.current_bet
               for s in state.seats if s.seat != me.seat)


def timeout_action(state: BettingRound, seat: str) -> str:
    """Hold'em rule 45: when the decision time runs out, the player checks if checking is
    allowed, otherwise folds."""
    return "check" if options(state, seat)["check"] else "fold"


# ---------------------------------------------------------------------------------------------
# Acting


def act(state: BettingRound, seat: str, action: str, amount: int | None = None) -> BettingRound:
    """The state after ``seat`` does ``action`` (``amount``: the "to" amount of a bet or
    raise; none for the other actions). Refuses with RuleViolationError or InvalidInputError;
    ``state`` is never changed."""
    if action not in ACTIONS:
        raise InvalidInputError(f"unknown action {action!r}", field="action")
    if action in ("bet", "raise"):
        if not _is_int(amount):
            raise InvalidInputError("a bet or raise needs a whole number of cents",
                                    field="amount")
        if amount <= 0:
            raise InvalidInputError("a bet or raise is a positive amount", field="amount")
    elif amount is not None:
        raise InvalidInputError(f"{action} takes no amount", field="amount")
    i = _index(state, seat)
    me = state.seats[i]
    if me.folded:  # hold'em rule 35: a folded player has no more claim nor say in the jogada
        raise RuleViolationError("this seat has folded", field="seat", rule=cite(HE, 35))
    if state.to_act is None:  # rule 40: the round is over
        raise RuleViolationError("the betting round is over", field="seat", rule=cite(HE, 40))
    if state.to_act != i:  # rules 51, 54, 56, 58: the order of play
        raise RuleViolationError(f"it is seat {state.acting}'s turn", field="seat",
                                 rule=cite(HE, ORDER_RULE[state.street]))
    opts = options(state, seat)

    if action == "fold":  # rule 35
        return _advance(state, i, replace(me, folded=True, acted=True))
    if action == "check":
        if not opts["check"]:  # rule 34: check only if nobody before has bet
            raise RuleViolationError("a bet is to be called: check is not allowed",
                                     field="action", rule=cite(HE, 34))
        return _advance(state, i, replace(me, acted=True))
    if action == "call":
        if opts["call"] is None:
            raise RuleViolationError("there is no bet to call", field="action",
                                     rule=cite(HE, 34))
        return _advance(state, i, _put(me, opts["call"]))
    if action == "all_in":
        if opts["all_in"] is None:
            rule = _raise_refusal_rule(state, me)
            raise RuleViolationError("going all in would be a raise not allowed here",
                                     field="action", rule=rule)
        return _raise_to(state, i, me.put_in + me.stack)

    # bet or raise
    if action == "bet" and state.current_bet > 0:
        raise RuleViolationError("there is already a bet: raise or call", field="action",
                                 rule=cite(HE, 34))
    if action == "raise" and state.current_bet == 0:
        raise RuleViolationError("there is no bet to raise: bet", field="action",
                                 rule=cite(HE, 34))
    span = opts[action]
    if span is None:
        raise RuleViolationError(f"{action} is not allowed now", field="action",
                                 rule=_raise_refusal_rule(state, me))
    assert amount is not None
    if amount > me.put_in + me.stack:  # rule 37: at most the whole cave
        raise RuleViolationError("the amount exceeds the cave", field="amount",
                                 rule=cite(HE, 37))
    if amount < span["min"]:
        rule = cite(HE, 24) if _fixed_limit(state.rules) else cite(INTERP, 27)
        raise RuleViolationError(f"the minimum {action} is to {span['min']}", field="amount",
                                 rule=rule)
    if amount > span["max"]:
        # rule 24: the structure's maximum (limit: the fixed increment; pot limit, A27)
        raise RuleViolationError(f"the maximum {action} is to {span['max']}", field="amount",
                                 rule=cite(HE, 24))
    return _raise_to(state, i, amount)


def _raise_refusal_rule(state: BettingRound, me: SeatState) -> str:
    """The rule a refused bet or raise breaks."""
    rules = state.rules
    if me.stack <= max(state.current_bet - me.put_in, 0):
        return cite(HE, 39)  # it can only call all in
    if state.current_bet > 0 and not me.may_raise:
        return cite(INTERP, 27)  # a short all-in did not reopen the betting
    if state.current_bet > 0 and rules.raise_cap is not None and state.raises >= rules.raise_cap:
        return cite(HE, 38)
    if not _answerable(state, me):
        return cite(HE, 40)  # nobody left to answer
    return cite(HE, 24)


def _raise_to(state: BettingRound, i: int, to: int) -> BettingRound:
    """``seats[i]`` puts in up to ``to``; a bet or raise by at least the last full one
    reopens the betting, a short all-in does not (A27)."""
    me = state.seats[i]
    new_me = _put(me, to - me.put_in)
    if to <= state.current_bet:  # an all-in call for the same or less (rule 39)
        return _advance(state, i, new_me)
    increase = to - state.current_bet
    if _fixed_limit(state.rules):
        full = increase >= state.rules.increment(state.street)
    else:
        full = increase >= max(state.last_raise, state.rules.big_blind)
    seats = list(state.seats)
    for j, s in enumerate(seats):
        if j == i or not s.live:
            continue
        # everyone else must answer the new bet; only a full raise lets those who have acted
        # raise again (A27)
        seats[j] = replace(s, acted=False, may_raise=True if full else s.may_raise and not s.acted)
    new = replace(state, seats=tuple(seats), current_bet=to,
                  last_raise=increase if full else state.last_raise,
                  raises=state.raises + (1 if full and state.current_bet > 0 else 0),
                  last_aggressor=me.seat)  # A29: the last to bet or raise shows first (r59)
    return _advance(new, i, new_me)
