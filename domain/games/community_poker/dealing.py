"""The cards of a hold'em or Omaha jogada and its showdown, pure (hold'em rules 25, 26, 46–64;
Omaha rules 25, 26, 59; A29, A30).

- The button is drawn at random when the table opens and whenever play resumes (rules 46,
  47): ``draw_button`` derives it from the jogada's own seed (``domain/kernel/rng.py``'s generator,
  purpose "button"), so an auditor re-derives it from the revealed seed; after each jogada it
  moves one seat to the left, clockwise (rules 4c, 64): ``next_button``.
- The hole cards are dealt face down one at a time from the small blind, clockwise, in as many
  passes as each player gets cards (rules 49, 50: 2 in hold'em, 4 in Omaha); then the flop
  (3), the turn (1) and the river (1) from the top of the shoe (rules 53, 55, 57). The text
  mentions no burnt card, so none is burnt.
- Showdown (rule 59, A29): the last player to bet or raise in the last round shows first;
  if nobody did, the first seat left of the button; then clockwise. Every hand still in is
  shown (A29: no muck); in Omaha all four hole cards (Omaha rule 59).
- Hand values: hold'em the best 5 of the 7 cards, the board may play (rule 26, A30); Omaha
  exactly 2 of the 4 hole cards and 3 of the board (Omaha rule 26).

The betting round is kept in the table's state as a plain dict (``round_to_dict``), so that
snapshots hold only JSON values; ``round_from_dict`` rebuilds the engine's frozen state.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from domain.cards.poker_hands import HandValue, best_of, best_omaha
from domain.games.community_poker.betting import (
    FLOP,
    PREFLOP,
    RIVER,
    TURN,
    BettingRound,
    BettingRules,
    SeatState,
)
from domain.games.community_poker.config import HOLE_CARDS, OMAHA
from domain.kernel.rng import Drbg

BUTTON_PURPOSE = "button"
BOARD_CARDS = {FLOP: 3, TURN: 1, RIVER: 1}  # rules 53, 55, 57
STREET_NAMES = {PREFLOP: "preflop", FLOP: "flop", TURN: "turn", RIVER: "river"}
STREET_RULE = {FLOP: 53, TURN: 55, RIVER: 57}


def draw_button(seed: bytes, candidates: int) -> int:
    """Rules 46, 47: the index of the button among ``candidates`` seats, uniform (rejection
    sampling, 903-B 6.7.2(3)), from the jogada's seed under its own purpose."""
    return Drbg(seed, BUTTON_PURPOSE).randbelow(candidates)


def next_button(previous: str, in_play: list[str], max_seats: int) -> str:
    """Rules 4c, 64: one seat to the left (clockwise: the next seat number) of the last
    button, among the seats dealt in now."""
    start = int(previous)
    for step in range(1, max_seats + 1):
        seat = str((start - 1 + step) % max_seats + 1)
        if seat in in_play:
            return seat
    raise ValueError("no seat in play")


def clockwise_from(first: str, seats: list[str], max_seats: int) -> list[str]:
    """``seats`` in clockwise order (seat numbers rising, wrapping) starting at ``first``."""
    start = int(first)
    return sorted(seats, key=lambda s: (int(s) - start) % max_seats)


def deal_order(state: BettingRound) -> list[str]:
    """Rule 49: dealing starts with the small blind and goes clockwise. ``state.seats`` start
    left of the button; heads-up under the convention (A29) the button posts the small blind."""
    seats = [s.seat for s in state.seats]
    if len(seats) == 2 and state.rules.heads_up_convention:
        return [seats[1], seats[0]]
    return seats


def deal_hole_cards(shoe: list[str], order: list[str], variant: str) -> dict[str, list[str]]:
    """Rules 49, 50 (Omaha rule 25): one card at a time to each seat, ``HOLE_CARDS`` passes."""
    n = len(order)
    return {seat: [shoe[p * n + i] for p in range(HOLE_CARDS[variant])]
            for i, seat in enumerate(order)}


def board_cards(shoe: list[str], dealt: int, street: int) -> list[str]:
    """Rules 53, 55, 57: the next cards from the top of the shoe, none burnt."""
    return list(shoe[dealt:dealt + BOARD_CARDS[street]])


def cards_needed(players: int, variant: str) -> int:
    return players * HOLE_CARDS[variant] + 5


def hand_value(variant: str, hole: list[str], board: list[str]) -> HandValue:
    """Hold'em rule 26 and A30 (best 5 of 7); Omaha rule 26 (exactly 2 + 3)."""
    if variant == OMAHA:
        return best_omaha(hole, board)
    return best_of(list(hole) + list(board))


def showdown_order(state: BettingRound) -> list[str]:
    """Rule 59, A29: the last to bet or raise in the last round first, otherwise the first
    seat left of the button; then clockwise. Only seats still in the jogada."""
    seats = [s.seat for s in state.seats]
    first = state.last_aggressor if state.street == RIVER and state.last_aggressor else None
    start = seats.index(first) if first in seats else 0
    ordered = seats[start:] + seats[:start]
    in_hand = set(state.in_hand)
    return [s for s in ordered if s in in_hand]


def contributions(state: BettingRound) -> dict[str, int]:
    """What each seat put into the jogada so far (earlier rounds and this one)."""
    return {s.seat: s.committed + s.put_in for s in state.seats}


def round_to_dict(state: BettingRound) -> dict[str, Any]:
    data = asdict(state)
    data.pop("rules")
    return data


def round_from_dict(data: dict[str, Any], rules: BettingRules) -> BettingRound:
    seats = tuple(SeatState(**s) for s in data["seats"])
    return BettingRound(rules=rules, street=data["street"], seats=seats, to_act=data["to_act"],
                        pot=data["pot"], current_bet=data["current_bet"],
                        last_raise=data["last_raise"], raises=data["raises"],
                        last_aggressor=data["last_aggressor"])
