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
- What a seat may do and doing it (``options``, ``act``, ``timeout_action``) are in
  domain/games/community_poker/actions.py.
- ``next_round(state, street)`` collects the round's bets into the pot and opens the next one.

Side pots, uncalled bets and the rake are not here (domain/games/community_poker/pots.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain.games.community_poker.rule_book import HE
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import A as INTERP
from domain.kernel.rules import cite

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
