"""A hold'em or Omaha jogada step by step, for the replay viewer (903-B 6.3.4(2); the vocabulary
of domain/kernel/viewer.py): after each recorded event, the button and whose turn it is, each seat's
stack and bets, the board, each seat's hole cards, the action just taken with its amount, the
hands shown with their words, the pots paid and the commission.

The hole cards are dealt face down (rules 49, 50): each seat's are drawn ``hidden`` until the
showdown shows them (rules 59–61; Omaha rule 59: all four). Once the jogada has ended, the
cards no other player was shown (a folded hand, a jogada won without a showdown or void) are
drawn face up with a note saying so: the auditor's record holds every card dealt.

Players are named by their seat ("Seat 1"), never by id nor by name (the steps' ``players``
map gives each seat's id; domain/kernel/viewer.py, issue 24).

``viewer_steps(replayed)`` reads only the replay (domain/games/community_poker/replay.py): one step per
replay step, the scene drawn from the state after it. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.games.community_poker.config import rule
from domain.games.community_poker.record import ACTION_EVENTS
from domain.kernel import viewer as v

STREETS = {2: "flop", 3: "turn", 4: "river"}
ENDED = ("settled", "voided")
VERBS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets",
         "raise": "raises", "all_in": "goes all in"}


def _by_seat(mapping: dict[str, Any]) -> list[tuple[str, Any]]:
    return sorted(mapping.items(), key=lambda kv: int(kv[0]))


def _title(name: str, d: dict[str, Any]) -> str | None:
    if name == "JogadaOpened":
        return f"Jogada {d['number']} opened: {len(d['players'])} players in play"
    if name == "ButtonDrawn":
        forced = " (forced: certification mode)" if d["forced"] else ""
        return f"The button is drawn: seat {d['seat']}{forced}"
    if name == "ButtonMoved":
        return f"The button moves from seat {d['previous']} to seat {d['seat']}"
    if name == "BlindsPosted":
        posted = ", ".join(f"seat {s} {v.euros(c)}" for s, c in _by_seat(d["blinds"]))
        return f"Blinds posted: {posted}"
    if name == "HoleCardsDealt":
        each = len(next(iter(d["cards"].values()), []))
        return (f"Hole cards dealt face down: {each} to each seat, one at a time from seat"
                f" {d['order'][0]}")
    if name in ACTION_EVENTS:
        return _action_words(d)
    if name == "BoardDealt":
        return f"The {STREETS[d['street']]}: {' '.join(d['cards'])}"
    if name == "DecisionTimeExtended":
        return f"Seat {d['seat']}: extra time until {d['deadline']}"
    if name == "HandsShown":
        return "Showdown: " + "; ".join(f"seat {s} shows {d['hands'][s]['words']}"
                                        for s in d["order"])
    if name == "JogadaSettled":
        won = [(s, c) for s, c in _by_seat(d["totals"]) if c - d["returned"].get(s, 0)]
        paid = ", ".join(f"seat {s} wins {v.euros(c - d['returned'].get(s, 0))}"
                         for s, c in won)
        return f"Jogada settled: {paid or 'nothing won'}"
    if name == "JogadaVoided":
        return f"Jogada void ({d['reason']}): every contribution returned"
    if name == "PlayerConnectionLost":
        return f"Seat {d['seat']}: connection lost (the clock acts for the player)"
    if name == "SharedDeviceFlagged":
        return f"Device {d['device_id']} used by {len(d['players'])} players at the table"
    return {"RngCommitted": "The shoe is committed before the first card",
            "RngRevealed": "The seed is revealed",
            "DeckForced": "Deck forced (certification mode)"}.get(name)


def _action_words(d: dict[str, Any]) -> str:
    words = f"Seat {d['seat']} {VERBS.get(d['action'], d['action'])}"
    if d["action"] in ("bet", "raise") and d["amount"] is not None:
        words += f" to {v.euros(d['amount'])}"
    if d["added_cents"]:
        words += f" (puts in {v.euros(d['added_cents'])})"
    if d["reason"] != "player":
        words += f" ({d['reason']})"
    return words


def _rule(name: str, d: dict[str, Any], variant: str) -> str | None:
    if name == "RngCommitted":
        return v.COMMITTED
    if name == "RngRevealed":
        return v.REVEALED
    if name == "PlayerConnectionLost":
        return rule(variant, 73)
    return d.get("rule") if isinstance(d.get("rule"), str) else None


def _table(state: dict[str, Any]) -> list[dict[str, Any]]:
    if state["number"] is None:
        return []
    seats = state["seats"]
    in_pot = sum(s["in_jogada_cents"] for s in seats.values())
    rows = [("Jogada", state["number"]), ("Button", f"seat {state['button']}"
                                          if state["button"] else "not yet drawn"),
            ("Street", state["street"] or "not started"),
            ("To act", f"seat {state['to_act']}" if state["to_act"] else "nobody"),
            ("Pot", v.euros(in_pot)), ("Bet to call", v.euros(state["current_bet_cents"]))]
    scene = [v.facts("Table", rows)]
    caves = (state["settlement"] or {}).get("caves", {})  # after the payment: the caves
    scene.append(v.facts("Seats", [(f"Seat {seat}", _seat_words(
        s, seat == state["button"], caves.get(seat, s["stack_cents"])))
        for seat, s in _by_seat(seats)]))
    return scene


def _seat_words(s: dict[str, Any], button: bool, stack: int) -> str:
    parts = [f"stack {v.euros(stack)}",
             f"bet {v.euros(s['bet_cents'])}", f"in the jogada {v.euros(s['in_jogada_cents'])}"]
    parts += [word for flag, word in ((button, "button"), (s["folded"], "folded"),
                                      (s["all_in"], "all in")) if flag]
    return "; ".join(parts)


def _cards(state: dict[str, Any], variant: str) -> list[dict[str, Any]]:
    seats = state["seats"]
    if not any(s["hole_cards"] or s.get("hole_cards_withheld") for s in seats.values()):
        return []
    street = state["street"] or "preflop"
    scene = [v.cards("Board", state["board"], note=f"{street}: face up, for every player"
                                                   f" ({rule(variant, 53, 55, 57)})")]
    shown = (state["showdown"] or {}).get("hands", {})
    ended = state["status"] in ENDED
    for seat, s in _by_seat(seats):
        hole = s["hole_cards"]
        if seat in shown:
            hand = shown[seat]
            scene.append(v.cards(f"Seat {seat}", hole, note=f"shown: {hand['words']}, best five"
                                 f" {' '.join(hand['best'])} ({rule(variant, 59, 60, 61)})"))
        elif s.get("hole_cards_withheld"):  # the player's copy (replay.player_copy)
            scene.append(v.cards(f"Seat {seat}", [], hidden=s["hole_cards_withheld"],
                                 note=("folded; " if s["folded"] else "") + "never shown at"
                                 f" the table: not in this copy ({rule(variant, 49, 65)})"))
        elif ended:
            why = "folded" if s["folded"] else ("the jogada was void" if state["void"]
                                                else "won without a showdown")
            scene.append(v.cards(f"Seat {seat}", hole,
                                 note=f"never shown to the other players ({why}): from the"
                                      " record"))
        else:
            scene.append(v.cards(f"Seat {seat}", [], hidden=len(hole),
                                 note="face down: folded" if s["folded"] else
                                 f"face down until the showdown ({rule(variant, 49, 59)})"))
    return scene


def _action(name: str, d: dict[str, Any]) -> list[dict[str, Any]]:
    if name not in ACTION_EVENTS:
        return []
    rows = [("Seat", d["seat"]), ("Action", d["action"])]
    if d["amount"] is not None:
        rows.append(("To", v.euros(d["amount"])))
    rows += [("Put in", v.euros(d["added_cents"])), ("Why", d["reason"])]
    return [v.facts("Action", rows)]


def _settlement(state: dict[str, Any], variant: str) -> list[dict[str, Any]]:
    settled, void = state["settlement"], state["void"]
    scene = []
    if settled:
        pots = []
        for i, pot in enumerate(settled["pots"]):
            cut = settled["rake"][i] if i < len(settled["rake"]) else 0
            winners = settled["payments"][i] if i < len(settled["payments"]) else {}
            paid = ", ".join(f"seat {s} {v.euros(c)}" for s, c in _by_seat(winners))
            pots.append((("Main pot" if i == 0 else f"Side pot {i}"),
                         f"{v.euros(pot['amount'])}, seats {', '.join(pot['eligible'])};"
                         f" commission {v.euros(cut)}; paid: {paid or 'nobody'}"))
        scene.append(v.facts("Pots", pots))
        rows = []
        for seat, put in _by_seat(settled["contributions"]):
            returned = settled["returned"].get(seat, 0)
            won = settled["totals"].get(seat, 0) - returned
            rows.append((f"Seat {seat}", f"put in {v.euros(put)}; returned {v.euros(returned)};"
                         f" won {v.euros(won)}; commission"
                         f" {v.euros(settled['commission'].get(seat, 0))}; cave after"
                         f" {v.euros(settled['caves'].get(seat, 0))}"))
        scene.append(v.facts("Payment", rows))
        scene.append(v.facts("Commission", [
            ("Total", v.euros(sum(settled["rake"]))),
            ("Rule", rule(variant, "17a", 18, 19))]))
    if void:
        scene.append(v.facts("Refunds", [(f"Seat {s}", v.euros(c))
                                         for s, c in _by_seat(void["refunds"])]))
        scene.append(v.text(f"Void: {void['reason']} ({void['rule']})"))
    return scene


def viewer_steps(replayed: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    variant = replayed["final"].get("game") or "holdem"
    for item in replayed["steps"]:
        name, data, state = item["event"], item["data"], item["state"]
        scene = [*_table(state), *_cards(state, variant), *_action(name, data),
                 *_settlement(state, variant), *v.rng_facts(name, data)]
        out.append(v.step(item["position"], _title(name, data), scene,
                          _rule(name, data, variant),
                          {s["player_id"]: f"Seat {seat}" for seat, s in state["seats"].items()
                           if s.get("player_id")}))
    return out
