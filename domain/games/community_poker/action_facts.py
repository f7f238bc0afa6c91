"""What a poker action did to the betting round, as the facts ``ActionApplied`` records
(domain/games/community_poker/table_events.py), and those facts applied to the round the table keeps.
Pure: the engine (actions.py ``act``) decides once, in the command; the event records its
decision; the mutator applies it without running the engine (a replayed table depends on the
stored facts only).

The facts of one action by ``seat`` (hold'em and Omaha rules 34–40; A27, A29):

- ``added_cents``: the chips it put in now; ``stack_cents``: its cave left in the jogada;
  ``bet_cents``: its bet this street; ``all_in``: no chip left (rule 39);
- ``current_bet_cents``: the "to" amount to match now; ``last_raise_cents``: the last full bet
  or raise, which sets the minimum raise (A27; never below the big blind, rule 23);
  ``raises``: the full raises of this street (rule 38); ``last_aggressor``: the last seat to bet
  or raise, who shows first (rule 59, A29);
- ``to_act``: whose turn it is, None once the round is closed (rule 40);
- ``answering``: the seats a bet or raise above the current bet puts to answer, each with
  whether it may raise again (A27: only a full raise reopens the raising to a seat that has
  acted); empty otherwise.

A fold is the action itself (rule 35); the seat that acted may not raise again until a bet or
raise reopens the betting to it (A27): the facts need not repeat either."""

from __future__ import annotations

from typing import Any

from domain.games.community_poker.betting import BettingRound

FACTS = ("added_cents", "stack_cents", "bet_cents", "all_in", "current_bet_cents",
         "last_raise_cents", "raises", "last_aggressor", "to_act", "answering")


def action_facts(before: BettingRound, after: BettingRound, seat: str) -> dict[str, Any]:
    """The facts of ``seat``'s action that turned ``before`` into ``after`` (the engine's)."""
    was, now = before.seat_state(seat), after.seat_state(seat)
    answering = {} if after.current_bet <= before.current_bet else {
        s.seat: s.may_raise for s in after.seats if s.seat != seat and s.live}
    return {"added_cents": now.put_in - was.put_in, "stack_cents": now.stack,
            "bet_cents": now.put_in, "all_in": now.all_in,
            "current_bet_cents": after.current_bet, "last_raise_cents": after.last_raise,
            "raises": after.raises, "last_aggressor": after.last_aggressor,
            "to_act": after.acting, "answering": answering}


def apply_action(round_data: dict[str, Any], seat: str, action: str,
                 facts: dict[str, Any]) -> dict[str, Any]:
    """The round (as the table keeps it: dealing.round_to_dict) after the recorded action: a new
    dict, ``round_data`` unchanged."""
    answering = facts["answering"]
    seats = []
    for s in round_data["seats"]:
        if s["seat"] == seat:
            s = {**s, "stack": facts["stack_cents"], "put_in": facts["bet_cents"],
                 "all_in": facts["all_in"], "folded": s["folded"] or action == "fold",
                 "acted": True, "may_raise": False}
        elif s["seat"] in answering:
            s = {**s, "acted": False, "may_raise": answering[s["seat"]]}
        seats.append(s)
    to_act = facts["to_act"]
    return {**round_data, "seats": seats,
            "to_act": None if to_act is None else
            next(i for i, s in enumerate(seats) if s["seat"] == to_act),
            "current_bet": facts["current_bet_cents"], "last_raise": facts["last_raise_cents"],
            "raises": facts["raises"], "last_aggressor": facts["last_aggressor"]}
