"""Community-card poker: one betting round, pure (hold'em rules 20–24, 34–45, 46–58; Omaha
rules are the same, rules-digest §7; interpretations A27, A29).

The state is a frozen ``BettingRound`` replayed from events: ``act`` returns a new state and
never changes the one given. Money is integer cents. Every amount a seat bets or raises is a
"to" amount: the seat's total put in during this round after the action.

- ``open_round(rules, seats, button, pot=0)`` opens a jogada's first round: on the first street the
  blinds are posted (hold'em rule 48) and the seat left of the big blind acts first (rule 51);
  on the flop, turn and river the first live seat left of the button acts first (rules 54, 56,
  58). Heads-up, the text is followed by default (A29); ``heads_up_convention`` makes the
  button post the small blind.
- ``options(state, seat)`` says what the seat may do now, with amounts; ``act`` does it or
  refuses with ``RuleViolationError`` / ``InvalidInputError``; ``timeout_action`` is rule 45.
- ``next_round(state, street)`` collects the round's bets into the pot and opens the next one.

Side pots, uncalled bets and the rake are not here (domain/community_poker/pots.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain.errors import InvalidInputError, RuleViolationError
from domain.rules import HE, cite
from domain.rules import A as INTERP

LIMIT = "limit"
POT_LIMIT = "pot_limit"
NO_LIMIT = "no_limit"
STRUCTURES = (LIMIT, POT_LIMIT, NO_LIMIT)
LIMIT_READINGS = ("fixed", "half_pot")

ACTIONS = ("fold", "check", "call", "bet", "raise", "all_in")

PREFLOP, FLOP, TURN, RIVER = 1, 2, 3, 4
# hold'em rules 51, 54, 56, 58: who opens each of the four betting rounds
ORDER_RULE = {PREFLOP: 51, FLOP: 54, TURN: 56, RIVER: 58}


@dataclass(frozen=True)
class BettingRules:
    """The table's betting structure [CFG] (hold'em rules 22, 24, 38).

    ``big_blind`` is the table minimum bet (rule 22); ``small_bet``/``big_bet`` are the fixed
    increments of a limit table (the small bet on rounds 1–2, the big bet on rounds 3–4; by
    default the big blind and twice it); ``raise_cap`` is the number of raises allowed per
    round, None for no cap (rule 38); ``heads_up_convention`` makes the button post the small
    blind with two players (A29: only if the specific rules adopt it); ``limit_reading`` picks
    the reading of a limit table (rule 24a, A27 [CFG]): "fixed" increments (the default), or
    "half_pot", rule 24a taken literally: a bet or raise of at most half the pot after the call,
    at least the minimum raise of A27."""

    structure: str
    small_blind: int
    big_blind: int
    small_bet: int | None = None
    big_bet: int | None = None
    raise_cap: int | None = None
    heads_up_convention: bool = False
    limit_reading: str = "fixed"

    def __post_init__(self) -> None:
        if self.structure not in STRUCTURES:
            raise InvalidInputError(f"unknown betting structure {self.structure!r}",
                                    field="structure", rule=cite(HE, 24))
        for name in ("small_blind", "big_blind", "small_bet", "big_bet", "raise_cap"):
            value = getattr(self, name)
            if value is None and name in ("small_bet", "big_bet", "raise_cap"):
                continue
            if not _is_int(value) or value < (0 if name == "raise_cap" else 1):
                raise InvalidInputError(f"{name} must be a positive number of cents",
                                        field=name)
        if self.limit_reading not in LIMIT_READINGS:
            raise InvalidInputError(f"unknown limit reading {self.limit_reading!r}",
                                    field="limit_reading", rule=cite(INTERP, 27))
        if self.small_blind > self.big_blind:  # rule 22: the big blind is the table minimum
            raise InvalidInputError("the small blind exceeds the big blind",
                                    field="small_blind", rule=cite(HE, 22))

    def increment(self, street: int) -> int:
        """A limit table's fixed bet and raise size on ``street`` (rule 24a)."""
        if street <= FLOP:
            return self.small_bet or self.big_blind
        return self.big_bet or 2 * (self.small_bet or self.big_blind)


@dataclass(frozen=True)
class SeatState:
    """One seat in the round. ``put_in``: this round's chips; ``committed``: earlier rounds'
    chips of this jogada; ``acted``: has acted since the betting was last opened to it;
    ``may_raise``: False once the seat has acted and only short all-ins followed (A27)."""

    seat: str
    stack: int
    put_in: int = 0
    committed: int = 0
    folded: bool = False
    all_in: bool = False
    acted: bool = False
    may_raise: bool = True

    @property
    def live(self) -> bool:
        """Still in the jogada and able to act (neither folded nor all in)."""
        return not self.folded and not self.all_in


@dataclass(frozen=True)
class BettingRound:
    """One betting round. ``seats`` are in clockwise order starting left of the button (the
    button last), which is the acting order of rounds 2–4 (rules 54, 56, 58); ``to_act`` is the
    index of the seat whose turn it is, None once the round is over. ``pot`` is the chips of
    earlier rounds; ``current_bet`` the "to" amount to match; ``last_raise`` the last full bet
    or raise size (A27); ``raises`` the number of full raises this round (rule 38);
    ``last_aggressor`` the last seat to bet or raise, short all-ins included (A29, rule 59)."""

    rules: BettingRules
    street: int
    seats: tuple[SeatState, ...]
    to_act: int | None
    pot: int = 0
    current_bet: int = 0
    last_raise: int = 0
    raises: int = 0
    last_aggressor: str | None = None

    def seat_state(self, seat: str) -> SeatState:
        return self.seats[_index(self, seat)]

    @property
    def over(self) -> bool:
        return self.to_act is None

    @property
    def acting(self) -> str | None:
        return None if self.to_act is None else self.seats[self.to_act].seat

    @property
    def in_hand(self) -> tuple[str, ...]:
        """The seats that have not folded (rule 36: one left ends the jogada)."""
        return tuple(s.seat for s in self.seats if not s.folded)

    def total_chips(self) -> int:
        """Every chip of the jogada: the pot (earlier rounds) plus each seat's stack and bets."""
        return self.pot + sum(s.stack + s.put_in for s in self.seats)


# ---------------------------------------------------------------------------------------------
# Opening a round


def open_round(rules: BettingRules, seats: list[tuple[str, int]] | tuple[tuple[str, int], ...],
               button: str, pot: int = 0) -> BettingRound:
    """Open the first betting round of a jogada: ``seats`` are (seat, stack) in clockwise
    table order, ``button`` one of them; ``pot`` any chips already in it (none by default).
    Later rounds are opened with ``next_round``."""
    names = [s for s, _ in seats]
    if len(set(names)) != len(names):
        raise InvalidInputError("a seat is listed twice", field="seats", rule=cite(HE, 9))
    if button not in names:
        raise InvalidInputError("the button is not one of the seats", field="button")
    for _, stack in seats:
        if not _is_int(stack) or stack <= 0:
            raise InvalidInputError("every seat in play needs a positive cave", field="seats")
    if len(seats) < 2:  # hold'em rule 7: no table with fewer than 2 players in play
        raise RuleViolationError("a jogada needs at least 2 players", field="seats",
                                 rule=cite(HE, 7))
    if not _is_int(pot) or pot < 0:
        raise InvalidInputError("the pot is a non-negative number of cents", field="pot")
    b = names.index(button)
    ordered = [SeatState(seat=s, stack=k) for s, k in seats[b + 1:] + seats[:b + 1]]
    n = len(ordered)
    # hold'em rule 48: the 1st and 2nd seats left of the button post the small and big blind.
    # Heads-up that makes the non-button seat the small blind (A29, the text); the convention
    # (button posts the small blind) only if the specific rules adopt it (A29 [CFG]).
    if n == 2 and rules.heads_up_convention:
        sb, bb = n - 1, 0
    else:
        sb, bb = 0, 1
    ordered[sb] = _post(ordered[sb], rules.small_blind)   # rules 20, 21: compulsory blinds
    ordered[bb] = _post(ordered[bb], rules.big_blind)
    state = BettingRound(rules=rules, street=PREFLOP, seats=tuple(ordered), to_act=None,
                         pot=pot, current_bet=rules.big_blind,  # the big blind is the bet
                         last_raise=rules.big_blind, raises=0)
    # hold'em rule 51: round 1 starts with the player left of the big blind; the blind posters
    # still act afterwards (A29, rule 34).
    return replace(state, to_act=_next_to_act(state, (bb + 1) % n))


def next_round(state: BettingRound, street: int | None = None) -> BettingRound:
    """Close ``state`` (which must be over, with two or more seats in the jogada) and open the
    next round: the bets go into the pot, and the first live seat left of the button acts first
    (hold'em rules 54, 56, 58)."""
    street = state.street + 1 if street is None else street
    if not state.over:
        raise RuleViolationError("the betting round is not over", field="street",
                                 rule=cite(HE, 40))
    if street != state.street + 1 or street > RIVER:
        raise InvalidInputError("the next round is the next street", field="street")
    if len(state.in_hand) < 2:  # rule 36: the jogada ended with one player left
        raise RuleViolationError("only one player is left in the jogada", field="street",
                                 rule=cite(HE, 36))
    seats = tuple(SeatState(seat=s.seat, stack=s.stack, committed=s.committed + s.put_in,
                            folded=s.folded, all_in=s.all_in) for s in state.seats)
    new = BettingRound(rules=state.rules, street=street, seats=seats, to_act=None,
                       pot=state.pot + sum(s.put_in for s in state.seats),
                       current_bet=0, last_raise=state.rules.big_blind, raises=0)
    return replace(new, to_act=_next_to_act(new, 0))


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


def _advance(state: BettingRound, i: int, me: SeatState) -> BettingRound:
    seats = list(state.seats)
    seats[i] = replace(me, acted=True, may_raise=False)
    new = replace(state, seats=tuple(seats))
    return replace(new, to_act=_next_to_act(new, (i + 1) % len(seats)))


def _next_to_act(state: BettingRound, start: int) -> int | None:
    """The next seat, clockwise from ``start``, that still has to act; None once the round is
    over (rule 36: one player left; rule 40: every live player has matched the bet)."""
    if len(state.in_hand) < 2:
        return None
    live = [s for s in state.seats if s.live]
    if len(live) == 1 and live[0].put_in >= state.current_bet:
        return None  # the others are all in and it has matched: nobody left to bet against
    n = len(state.seats)
    for k in range(n):
        j = (start + k) % n
        s = state.seats[j]
        if s.live and (not s.acted or s.put_in < state.current_bet):
            return j
    return None


def _post(s: SeatState, blind: int) -> SeatState:
    """A compulsory blind (rules 20, 21); a cave below it goes all in (rule 39)."""
    return _put(s, min(blind, s.stack))


def _put(s: SeatState, chips: int) -> SeatState:
    chips = min(chips, s.stack)
    return replace(s, stack=s.stack - chips, put_in=s.put_in + chips,
                   all_in=s.stack - chips == 0)


def _index(state: BettingRound, seat: str) -> int:
    for i, s in enumerate(state.seats):
        if s.seat == seat:
            return i
    raise InvalidInputError(f"no seat {seat!r} in this jogada", field="seat")


def _fixed_limit(rules: BettingRules) -> bool:
    return rules.structure == LIMIT and rules.limit_reading == "fixed"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
