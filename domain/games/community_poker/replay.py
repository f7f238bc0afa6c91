"""Replay of one hold'em or Omaha jogada (903-B 6.3.4(2)), and the last jogada as its player
may see it (hold'em and Omaha rule 65).

``replay(events)`` folds the recorded events of ONE jogada (the table's events, the money
events whose ``refs`` name it, the sessions' events the jogada index holds) into the auditor's
view: every step with its event, its data and the state after it, recomputed by the same pure
engine the table runs (record.py): an action whose recorded facts the engine does not give
again is a problem of the replay. The auditor sees every card dealt.

The RNG check re-derives the shoe from the revealed seed and deals it again: the hole cards
one at a time from the small blind (rules 49, 50), the flop, turn and river from the top with
no burnt card (rules 53, 55, 57); a button drawn (rules 46, 47) is re-drawn from the seed. The
cards and the button recorded must be exactly those. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.community_poker import dealing
from domain.games.community_poker.config import rule
from domain.games.community_poker.record import Fold
from domain.kernel.errors import DomainError, NotFoundError, RuleViolationError
from domain.kernel.jogada_rng import expected_outcome
from domain.kernel.player_copy import Copy
from domain.kernel.replay_support import (
    META,
    MONEY_KINDS,
    apply_money,
    event_name,
    failed_check,
    one_jogada,
    rng_opening,
    to_json,
)
from domain.kernel.replay_support import numbered as _numbered
from domain.kernel.replay_support import step as replay_step
from domain.ledger.accounts import account_id

ENDED = ("JogadaSettled", "JogadaVoided")


def _state(fold: Fold, money: dict[str, Any]) -> dict[str, Any]:
    state = fold.round
    seats: dict[str, Any] = {}
    for seat, p in sorted(fold.players.items(), key=lambda kv: int(kv[0])):
        s = None if state is None else state.seat_state(seat)
        seats[seat] = {"player_id": p["player_id"], "session_id": p["session_id"],
                       "cave_cents": p["cave_cents"],
                       "stack_cents": p["cave_cents"] if s is None else s.stack,
                       "bet_cents": 0 if s is None else s.put_in,
                       "in_jogada_cents": 0 if s is None else s.committed + s.put_in,
                       "folded": False if s is None else s.folded,
                       "all_in": False if s is None else s.all_in,
                       "hole_cards": list(fold.hole.get(seat, []))}
    return {"status": fold.status, "number": fold.number, "game": fold.variant,
            "config": fold.config, "button": fold.button, "seats": seats,
            "board": list(fold.board),
            "street": None if state is None else dealing.STREET_NAMES[state.street],
            "pot_cents": 0 if state is None else state.pot,
            "current_bet_cents": 0 if state is None else state.current_bet,
            "to_act": None if state is None else state.acting, "deadline": fold.deadline,
            "actions": list(fold.actions), "showdown": fold.shown, "settlement": fold.settled,
            "void": fold.voided, "notes": list(fold.notes), **money}


def _rng(fold: Fold, found: dict[str, Any], at: dict[str, Any]) -> dict[str, Any]:
    committed, revealed = found.get("RngCommitted"), found.get("RngRevealed")
    variant = fold.variant
    out = {"commitment": None, "seed_hex": None, "forced": False, "verified": False}
    try:
        seed = rng_opening(out, committed, revealed, at, "no RNG output was drawn: the"
                           " jogada ended before the deal")
        if seed is None:
            return out
        shoe = expected_outcome(committed.kind, seed, committed.size, committed.forced_outcome)
        problems, wrong = [], []
        drawn = found.get("ButtonDrawn")
        if drawn is not None and not drawn.forced and (
                dealing.draw_button(seed, len(drawn.seats)) != drawn.index
                or drawn.seats[drawn.index] != drawn.seat):
            problems.append("the button drawn")
            wrong.append(at["ButtonDrawn"])
        dealt = found.get("HoleCardsDealt")
        if dealt is not None:
            if fold.deal_order_expected is not None and \
                    list(dealt.order) != fold.deal_order_expected:
                problems.append("the dealing order (from the small blind)")
            again = dealing.deal_hole_cards(shoe, list(dealt.order), variant)
            bad = [s for s in dealt.cards if list(dealt.cards[s]) != again.get(s)]
            if bad or problems:
                problems += [f"the hole cards of seat {s}" for s in bad]
                wrong.append(at["HoleCardsDealt"])
            start = len(dealt.order) * len(next(iter(again.values()), []))
            if fold.board != shoe[start:start + len(fold.board)]:
                problems.append("the board")
                wrong += at.get("BoardDealt", [])
        if problems:
            raise RuleViolationError(f"{', '.join(problems)} differ from what the seed derives",
                                     rule=rule(variant, 46, 49, 50, 53, 55, 57),
                                     details={"events": wrong})
    except DomainError as error:
        return failed_check(out, error, {k: v for k, v in at.items() if isinstance(v, int)})
    return {**out, "verified": True,
            "check": "the seed matches the commitment, derives the recorded shoe"
                     f"{' (forced deck)' if committed.forced else ''}; dealt from the small"
                     f" blind one card at a time, no burnt card ({rule(variant, 49, 50, 53)}),"
                     " it gives exactly the cards recorded, and the button drawn is the"
                     " seed's"}


def replay(events: list[Any]) -> dict[str, Any]:
    """Every step of one jogada with the state after it; the final state; the RNG check."""
    numbered = _numbered(events)
    jogada_id, table_id = one_jogada(numbered)
    codes: dict[str, str] = {}
    for _, e in numbered:
        for code in (getattr(e, "counterparty", None),):
            if code:
                codes[str(account_id(code))] = code
    fold = Fold()
    money: dict[str, Any] = {"money": [], "net_by_account": {}}
    steps, found, where = [], {}, {"BoardDealt": []}
    problems: list[dict[str, Any]] = []
    for position, e in numbered:
        name = event_name(e)
        data = {k: v for k, v in vars(e).items() if k not in META}
        if name in MONEY_KINDS:
            apply_money(money, name, e, position, codes)
        else:
            denied = len(fold.disagreements)
            try:
                fold.apply(e)
            except DomainError as error:  # a record the engine cannot play: say so, go on
                problems.append({"position": position, "event": name,
                                 "problem": error.message, "rule": error.rule})
            for problem in fold.disagreements[denied:]:  # facts the engine denies
                problems.append({"position": position, "event": name, "problem": problem,
                                 "rule": rule(fold.variant, 34, 40)})
            if name == "BoardDealt":
                where["BoardDealt"].append(position)
            elif name in ("RngCommitted", "RngRevealed", "HoleCardsDealt", "ButtonDrawn"):
                found[name], where[name] = e, position
        steps.append(replay_step(position, name, e, data, _state(fold, money)))  # a copy
    final = to_json(_state(fold, money))
    final["ended"] = fold.status in ("settled", "voided")
    final["problems"] = problems
    final["ended_at"] = next((s["at"] for s in reversed(steps) if s["event"] in ENDED), None)
    return {"jogada_id": jogada_id, "table_id": table_id, "steps": steps, "final": final,
            "rng": _rng(fold, found, where)}


def player_jogada(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """Rule 65: every essential element of the player's last jogada: its own cards, the
    board, the hands shown at the showdown, what it put in, got back and won, the commission
    it paid; never another player's cards that were not shown."""
    final = replayed["final"]
    pid = str(player_id)
    seat = next((s for s, p in final["seats"].items() if p["player_id"] == pid), None)
    variant = final.get("game") or "holdem"
    if seat is None:
        raise NotFoundError(f"player {pid} did not play jogada {replayed['jogada_id']}",
                            field="player_id", rule=rule(variant, 65))
    settled = final["settlement"] or {}
    shown = (final["showdown"] or {}).get("hands", {})
    void = final["void"]
    put_in = (settled.get("contributions") or {}).get(seat)
    if put_in is None:
        put_in = final["seats"][seat]["in_jogada_cents"]
    returned = (settled.get("returned") or {}).get(seat, 0)
    total = (settled.get("totals") or {}).get(seat, 0)
    return {
        "jogada_id": replayed["jogada_id"], "table_id": replayed["table_id"],
        "seat": int(seat), "status": final["status"], "ended_at": final["ended_at"],
        "cards": final["seats"][seat]["hole_cards"], "board": final["board"],
        "button": final["button"],
        "shown": {s: {"cards": h["cards"], "category": h["category"], "words": h["words"]}
                  for s, h in shown.items()},
        "put_in_cents": put_in, "returned_cents": returned if void is None else
        (void["refunds"].get(seat, 0)), "won_cents": total - returned if void is None else 0,
        "commission_cents": (settled.get("commission") or {}).get(seat, 0),
        "cave_after_cents": (settled.get("caves") or {}).get(seat),
        "voided": void is not None, "rule": rule(variant, 65),
    }


def player_copy(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """The replay as the player may see it (the player's copy of an evidence pack,
    domain/kernel/player_copy.py): the hole cards are dealt face down (rules 49, 50; Omaha
    rule 25: four), only the hands at the showdown are turned up (rule 59), and the player's
    last jogada shows its own cards and the hands shown, never a folded one (rule 65). So
    another seat's hole cards not shown at the showdown are cut wherever the record holds
    them (the deal, the state after each step), and so are the seed and the shoe's order,
    which would give them again; everything else stays."""
    final = replayed["final"]
    variant = final.get("game") or "holdem"
    pid = str(player_id)
    shown = set((final.get("showdown") or {}).get("hands", {}))
    hidden = {s for s, p in final["seats"].items()
              if p["player_id"] != pid and s not in shown and p["hole_cards"]}
    made = Copy(replayed)
    if not hidden:
        return made.answer()
    why = f"withheld: holds cards not shown at the table ({rule(variant, 49, 59, 65)})"
    for step in made.replay["steps"]:
        _hide_hole_cards(step["state"], hidden)
        dealt = step["data"].get("cards") if step["event"] == "HoleCardsDealt" else None
        if isinstance(dealt, dict) and hidden & set(dealt):
            made.cut(step, ["cards"], why, replace={"cards": {
                s: c for s, c in dealt.items() if s not in hidden}})
    _hide_hole_cards(made.replay["final"], hidden)
    made.cut_rng("withheld: the seed and the shoe's order give the cards not shown at the"
                 f" table ({rule(variant, 49, 65)}); the staff copy holds them")
    return made.answer()


def _hide_hole_cards(state: dict[str, Any], hidden: set[str]) -> None:
    """The seats' hole cards the player was not shown: how many, not which."""
    for seat in hidden & set(state.get("seats") or {}):
        held = state["seats"][seat]
        if held["hole_cards"]:
            held["hole_cards_withheld"] = len(held["hole_cards"])
            held["hole_cards"] = []
