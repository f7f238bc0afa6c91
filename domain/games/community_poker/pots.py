"""The money of one hold'em or Omaha jogada: pure functions, integer cents, no I/O.

The chain (``settle``) is the order the rules put it in:

1. ``return_uncalled``: the part of the largest contribution that nobody called goes back to
   its owner. It was never in contention, and commission is computed after it is returned (A24).
2. ``layers``: the pot is cut at each distinct all-in level: the main pot, then one side pot per
   level [hold'em rules 39-42]. Each layer is won among the seats that reached it and did not
   fold; a folded player's chips stay in the layers they reached, and that player can win none
   of them [rules 35, 63].
3. ``rake``: commission mode (a), 1 % to 5 % of the pot [rule 17a], per pot layer, rounded down
   to the cent (A24, rule 19); none when the jogada ends before the flop (A24, rule 18).
   Mode (b), a percentage of the buy-ins [rule 17b, A28], is charged at the seat, not here.
4. ``award``: each layer goes to the best hand(s) among its seats [rule 63]; ties split
   equally to the cent, the leftover cents one at a time clockwise from the first seat left of
   the button [rules 33, 62; A31]; a layer with one seat goes to it without a showdown
   [rule 36]. Nothing lets a winner give up or share a pot by agreement [rule 28].

Omaha is the same [Omaha rules 16-19, 33, 35-42, 62, 63: the digest's §7 lists no difference].

Interpretations (the digest's §9, and choices where it is silent):

- A24, rake per layer: each pot layer (main pot, side pots) is raked on its own and rounded
  down, so the realised rate never exceeds the configured one. A24 also says "each share"
  (rule 19, "a cada um dos pagamentos"); this module rakes the layer before it is split (the
  rake is known before the award), which differs from raking each share only by the rounding:
  per share it would be at most (winners - 1) cents less. Flagged for the operator's rules.
- A24, no flop no drop: ``flop_seen=False`` (the jogada ended before the flop was dealt) means
  no commission at all, walks included.
- Rake cap (A24: "the seed sets no rake cap; a cap is [CFG]"): the digest is silent on how a
  cap is shared among layers. Chosen here: the cap is one amount for the whole jogada, used up
  layer by layer in pot order, main pot first, then the side pots in the order of their levels;
  each layer pays min(its own rounded-down rake, what is left of the cap). Deterministic, never
  more than the cap, never more than any layer's own percentage.
- A26 / rules 72-73: a system fault that voids the jogada gives every player back their own
  contributions, blinds included, with no commission (``void``).
- A31 leftover cents: handed out one at a time to the tied winners in clockwise order starting
  from the first seat left of the button; the operator never keeps them.
- Dead money above the highest live level joins the last layer (the digest is silent). It
  happens when every seat that put in the most later folded although it could have checked
  (rule 34 lets a player fold at any turn), e.g. two players bet past an all-in, then both fold
  on a later street. The chips are forfeit [rule 35] and nobody reached their level: they go to
  the last pot, to the best hand among the live seats that reached its level; the operator
  never keeps them (as for A31's cents) and they are never burnt.

``seats_clockwise_from_button`` is every seat of the jogada in clockwise order, the button first.
A seat is any hashable label (seat number, player id).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.games.community_poker.rule_book import HE
from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import cite

Seat = Hashable

RULE_SIDE_POTS = cite(HE, 41, 42)
RULE_COMMISSION_BAND = cite(HE, "17a")
RULE_SPLIT = cite(HE, 33, 62)

RAKE_MIN_BP = 100  # 1 % [hold'em rule 17a]
RAKE_MAX_BP = 500  # 5 % [hold'em rule 17a]


@dataclass(frozen=True, slots=True)
class Pot:
    """One layer of the pot: ``level`` is the contribution that reaches its top; ``eligible``
    the seats that may win it (reached the level, did not fold); ``contributors`` every seat
    with chips in it, folded ones included."""

    amount: int
    level: int
    eligible: tuple[Seat, ...]
    contributors: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """Everything the ledger records for the money of one jogada: one transfer per entry of
    ``returned``, of each ``rake`` item, and of each ``payments`` layer's seats."""

    contributions: dict[Seat, int]
    folded: frozenset[Seat]
    returned: dict[Seat, int]
    pots: list[Pot]
    rake: list[int]
    payments: list[dict[Seat, int]]
    totals: dict[Seat, int] = field(default_factory=dict)

    @property
    def rake_total(self) -> int:
        return sum(self.rake)

    def is_conserved(self) -> bool:
        return is_conserved(self)


def _check_contributions(contributions: Mapping[Seat, int]) -> dict[Seat, int]:
    if not isinstance(contributions, Mapping):
        raise InvalidInputError("contributions must map seats to cents", field="contributions")
    for seat, amount in contributions.items():
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise InvalidInputError(f"contribution of seat {seat!r} must be whole cents >= 0, "
                                    f"not {amount!r}", field="contributions")
    return dict(contributions)


def return_uncalled(contributions: Mapping[Seat, int]) -> tuple[dict[Seat, int], dict[Seat, int]]:
    """The part of the largest contribution that no other seat matched goes back to its owner
    (A24: before any commission). Returns (contributions after, returned per seat)."""
    after = _check_contributions(contributions)
    if len(after) < 2:
        # A single contributor called by nobody: all of it is uncalled.
        return ({seat: 0 for seat in after}, {seat: c for seat, c in after.items() if c})
    ranked = sorted(after.items(), key=lambda item: item[1], reverse=True)
    (top_seat, top), (_, second) = ranked[0], ranked[1]
    if top == second:
        return after, {}
    after[top_seat] = second
    return after, {top_seat: top - second}


def layers(contributions: Mapping[Seat, int], folded: Iterable[Seat]) -> list[Pot]:
    """The main pot, then one side pot per distinct all-in level [hold'em rules 41, 42]:
    each level is a live seat's total contribution; a layer holds every seat's chips between
    the previous level and its own, folded seats' included (rules 35, 63), and may be won only
    by the live seats that reached it."""
    contributions = _check_contributions(contributions)
    folded = frozenset(folded)
    unknown = folded - set(contributions)
    if unknown:
        raise InvalidInputError(f"folded seats {sorted(map(repr, unknown))} have no contribution",
                                field="folded")
    live = [seat for seat in contributions if seat not in folded]
    if not live:
        raise InvalidInputError("every seat folded: someone must be left to win the pot "
                                "(hold'em rule 36)", field="folded", rule=cite(HE, 36))
    # Hold'em rule 41: one pot per distinct all-in level, i.e. per distinct live contribution.
    levels = sorted({contributions[seat] for seat in live})
    pots: list[Pot] = []
    below = 0
    for index, level in enumerate(levels):
        last = index == len(levels) - 1
        # Hold'em rule 63 / rule 35: a folded seat's chips stay in each layer it reached; dead
        # money above the top live level joins the last layer (module docstring).
        top = None if last else level
        amount = sum(max(0, (c if top is None else min(c, top)) - below)
                     for c in contributions.values())
        contributors = tuple(seat for seat, c in contributions.items() if c > below)
        eligible = tuple(seat for seat in live if contributions[seat] >= level)
        if amount:
            pots.append(Pot(amount=amount, level=level, eligible=eligible,
                            contributors=contributors))
        below = level
    return pots


def _check_rake_config(percent_bp: int, cap_cents: int | None) -> None:
    if not isinstance(percent_bp, int) or isinstance(percent_bp, bool) or not (
            percent_bp == 0 or RAKE_MIN_BP <= percent_bp <= RAKE_MAX_BP):
        # Hold'em rule 17a: pot commission of 1 % to 5 %; 0 = no pot commission (mode b).
        raise InvalidInputError(f"percent_bp: {percent_bp!r} is outside 1 %-5 % (100-500 basis "
                                f"points) and is not 0", field="percent_bp",
                                rule=RULE_COMMISSION_BAND)
    if cap_cents is not None and (not isinstance(cap_cents, int) or isinstance(cap_cents, bool)
                                  or cap_cents < 0):
        raise InvalidInputError(f"cap_cents must be whole cents >= 0 or None, not {cap_cents!r}",
                                field="cap_cents")


def rake(pots: list[Pot], percent_bp: int, cap_cents: int | None,
         flop_seen: bool) -> tuple[list[Pot], list[int]]:
    """Commission mode (a) [hold'em rule 17a]: ``percent_bp`` basis points (100 = 1 %) of each
    pot layer, rounded down (A24, rule 19), capped across the jogada at ``cap_cents`` (main pot
    first, module docstring), nothing if the jogada ended before the flop (A24, rule 18).
    Returns (the pots less their rake, the rake per layer)."""
    _check_rake_config(percent_bp, cap_cents)
    if not flop_seen:
        # A24 / hold'em rule 18: no flop, no drop.
        return list(pots), [0] * len(pots)
    left = cap_cents
    after: list[Pot] = []
    taken: list[int] = []
    for pot in pots:
        # A24 / hold'em rule 19: each layer on its own, rounded down to the cent.
        cut = pot.amount * percent_bp // 10_000
        if left is not None:
            # A24 (a cap is [CFG]): one cap per jogada, used up main pot first.
            cut = min(cut, left)
            left -= cut
        taken.append(cut)
        after.append(Pot(amount=pot.amount - cut, level=pot.level, eligible=pot.eligible,
                         contributors=pot.contributors))
    return after, taken


def _value_of(ranking: Callable[[Seat], Any] | Mapping[Seat, Any], seat: Seat) -> Any:
    if isinstance(ranking, Mapping):
        if seat not in ranking:
            raise InvalidInputError(f"no hand for seat {seat!r} at showdown", field="ranking",
                                    rule=cite(HE, 59))
        return ranking[seat]
    return ranking(seat)


def award(pots: list[Pot], ranking: Callable[[Seat], Any] | Mapping[Seat, Any],
          seats_clockwise_from_button: list[Seat]) -> tuple[list[dict[Seat, int]], dict[Seat, int]]:
    """Each layer to the best hand(s) among its eligible seats [hold'em rule 63]; ``ranking``
    gives a seat's comparable hand value (higher wins, equal ties). Returns (payments per
    layer: seat -> cents, totals per seat). There is no way to chop or waive [rule 28]."""
    order = list(seats_clockwise_from_button)
    if len(set(order)) != len(order):
        raise InvalidInputError("seats_clockwise_from_button names a seat twice",
                                field="seats_clockwise_from_button")
    # A31: leftover cents go clockwise starting from the first seat left of the button.
    odd_cent_order = {seat: i for i, seat in enumerate(order[1:] + order[:1])}
    per_layer: list[dict[Seat, int]] = []
    totals: dict[Seat, int] = {}
    for pot in pots:
        if len(pot.eligible) == 1:
            # Hold'em rule 36: the only seat left takes it without showing.
            winners = [pot.eligible[0]]
        else:
            values = {seat: _value_of(ranking, seat) for seat in pot.eligible}
            best = max(values.values())
            # Hold'em rule 63: the best hand among the seats that paid into this layer.
            winners = [seat for seat, value in values.items() if value == best]
        missing = [seat for seat in winners if seat not in odd_cent_order]
        if missing and len(winners) > 1:
            raise InvalidInputError(f"seats {missing!r} are not in seats_clockwise_from_button",
                                    field="seats_clockwise_from_button")
        winners.sort(key=lambda seat: odd_cent_order.get(seat, 0))
        # Hold'em rules 33, 62 / A31: equal shares to the cent, then the leftover cents one at
        # a time clockwise from the first seat left of the button; the operator keeps none.
        share, leftover = divmod(pot.amount, len(winners))
        payments = {seat: share + (1 if i < leftover else 0) for i, seat in enumerate(winners)}
        payments = {seat: cents for seat, cents in payments.items() if cents}
        per_layer.append(payments)
        for seat, cents in payments.items():
            totals[seat] = totals.get(seat, 0) + cents
    return per_layer, totals


def settle(contributions: Mapping[Seat, int], folded: Iterable[Seat],
           ranking: Callable[[Seat], Any] | Mapping[Seat, Any],
           seats_clockwise_from_button: list[Seat], *, percent_bp: int = 0,
           cap_cents: int | None = None, flop_seen: bool = True) -> Settlement:
    """The whole chain for a jogada that was played to its end: uncalled bets returned, the
    layers, the commission per layer, the award. ``totals`` is what each seat receives back
    (returned uncalled bets plus winnings)."""
    folded = frozenset(folded)
    contributions = _check_contributions(contributions)
    _check_rake_config(percent_bp, cap_cents)
    after, returned = return_uncalled(contributions)
    pots = layers(after, folded)
    raked, taken = rake(pots, percent_bp, cap_cents, flop_seen)
    payments, won = award(raked, ranking, seats_clockwise_from_button)
    totals = dict(won)
    for seat, cents in returned.items():
        totals[seat] = totals.get(seat, 0) + cents
    return Settlement(contributions=contributions, folded=folded, returned=returned, pots=pots,
                      rake=taken, payments=payments, totals=totals)


def void(contributions: Mapping[Seat, int]) -> Settlement:
    """A system fault that prevents finishing the jogada voids it [hold'em rule 72]: every
    seat gets its own contributions back, blinds included, and no commission is taken (A26)."""
    contributions = _check_contributions(contributions)
    returned = {seat: c for seat, c in contributions.items() if c}
    return Settlement(contributions=contributions, folded=frozenset(), returned=returned,
                      pots=[], rake=[], payments=[], totals=dict(returned))


def is_conserved(settlement: Settlement) -> bool:
    """sum(payments) + sum(rake) + sum(returned) == sum(contributions), to the cent."""
    paid = sum(sum(layer.values()) for layer in settlement.payments)
    return (paid + sum(settlement.rake) + sum(settlement.returned.values())
            == sum(settlement.contributions.values())
            and sum(settlement.totals.values()) == paid + sum(settlement.returned.values()))
