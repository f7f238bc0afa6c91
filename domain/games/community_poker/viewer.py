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

Its sentences are written in Portuguese or English (``lang``;
domain/games/community_poker/viewer_words.py): English for the staff's replay viewer, either for a
complaint evidence pack's PDF.

``viewer_steps(replayed, lang)`` reads only the replay (domain/games/community_poker/replay.py): one step per
replay step, the scene drawn from the state after it. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.games.community_poker.config import rule
from domain.games.community_poker.record import ACTION_EVENTS
from domain.games.community_poker.viewer_words import SAID, WORDS
from domain.kernel import viewer as v

__all__ = ["WORDS", "SAID", "viewer_steps"]

STREETS = {2: "flop", 3: "turn", 4: "river"}
ENDED = ("settled", "voided")
VERBS = ("fold", "check", "call", "bet", "raise", "all_in")  # each its sentence in SAID


def _by_seat(mapping: dict[str, Any]) -> list[tuple[str, Any]]:
    return sorted(mapping.items(), key=lambda kv: int(kv[0]))


def _title(name: str, d: dict[str, Any], say: v.Say) -> str | None:
    if name == "JogadaOpened":
        return say(name, number=d["number"], count=len(d["players"]))
    if name == "ButtonDrawn":
        return say(name, seat=d["seat"], forced=say("forced") if d["forced"] else "")
    if name == "ButtonMoved":
        return say(name, previous=d["previous"], seat=d["seat"])
    if name == "BlindsPosted":
        return say(name, posted=", ".join(say("seat_amount", seat=s, amount=v.euros(c))
                                          for s, c in _by_seat(d["blinds"])))
    if name == "HoleCardsDealt":
        return say(name, each=len(next(iter(d["cards"].values()), [])), first=d["order"][0])
    if name in ACTION_EVENTS:
        return _action_words(d, say)
    if name == "BoardDealt":
        return say(name, street=say(STREETS[d["street"]]), cards=" ".join(d["cards"]))
    if name == "DecisionTimeExtended":
        return say(name, seat=d["seat"], deadline=d["deadline"])
    if name == "HandsShown":
        return say(name, shown="; ".join(say("shows", seat=s, hand=d["hands"][s]["words"])
                                         for s in d["order"]))
    if name == "JogadaSettled":
        won = [(s, c) for s, c in _by_seat(d["totals"]) if c - d["returned"].get(s, 0)]
        paid = ", ".join(say("wins", seat=s, amount=v.euros(c - d["returned"].get(s, 0)))
                         for s, c in won)
        return say(name, paid=paid or say("nothing_won"))
    if name == "JogadaVoided":
        return say(name, reason=say.code(d["reason"]))
    if name == "PlayerConnectionLost":
        return say(name, seat=d["seat"])
    if name == "SharedDeviceFlagged":
        return say(name, device=d["device_id"], count=len(d["players"]))
    if name in ("RngCommitted", "RngRevealed", "DeckForced"):
        return say(name)
    return None


def _action_words(d: dict[str, Any], say: v.Say) -> str:
    action = d["action"]
    words = say(action, seat=d["seat"]) if action in VERBS else \
        say("act", seat=d["seat"], action=action)
    if action in ("bet", "raise") and d["amount"] is not None:
        words += say("to", amount=v.euros(d["amount"]))
    if d["added_cents"]:
        words += say("puts_in", amount=v.euros(d["added_cents"]))
    if d["reason"] != "player":
        words += say("why", reason=say.code(d["reason"]))
    return words


def _rule(name: str, d: dict[str, Any], variant: str) -> str | None:
    if name == "RngCommitted":
        return v.COMMITTED
    if name == "RngRevealed":
        return v.REVEALED
    if name == "PlayerConnectionLost":
        return rule(variant, 73)
    return d.get("rule") if isinstance(d.get("rule"), str) else None


def _table(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    if state["number"] is None:
        return []
    seats = state["seats"]
    in_pot = sum(s["in_jogada_cents"] for s in seats.values())
    street = state["street"]
    rows = [(say("Jogada"), state["number"]),
            (say("Button"), say("seat", seat=state["button"]) if state["button"]
             else say("not_drawn")),
            (say("Street"), (say(street) if say.lang != "en" and street in SAID["en"]
                             else street) or say("not_started")),
            (say("To act"), say("seat", seat=state["to_act"]) if state["to_act"]
             else say("nobody")),
            (say("Pot"), v.euros(in_pot)),
            (say("Bet to call"), v.euros(state["current_bet_cents"]))]
    scene = [v.facts(say("Table"), rows)]
    caves = (state["settlement"] or {}).get("caves", {})  # after the payment: the caves
    scene.append(v.facts(say("Seats"), [(say("Seat", seat=seat), _seat_words(
        s, seat == state["button"], caves.get(seat, s["stack_cents"]), say))
        for seat, s in _by_seat(seats)]))
    return scene


def _seat_words(s: dict[str, Any], button: bool, stack: int, say: v.Say) -> str:
    parts = [say("seat_words", stack=v.euros(stack), bet=v.euros(s["bet_cents"]),
                 in_jogada=v.euros(s["in_jogada_cents"]))]
    parts += [say(word) for flag, word in ((button, "button"), (s["folded"], "folded"),
                                           (s["all_in"], "all in")) if flag]
    return "; ".join(parts)


def _cards(state: dict[str, Any], variant: str, say: v.Say) -> list[dict[str, Any]]:
    seats = state["seats"]
    if not any(s["hole_cards"] or s.get("hole_cards_withheld") for s in seats.values()):
        return []
    street = state["street"] or "preflop"
    street = say(street) if say.lang != "en" and street in SAID["en"] else street
    scene = [v.cards(say("Board"), state["board"],
                     note=say("board_note", street=street, rule=rule(variant, 53, 55, 57)))]
    shown = (state["showdown"] or {}).get("hands", {})
    ended = state["status"] in ENDED
    for seat, s in _by_seat(seats):
        hole, label = s["hole_cards"], say("Seat", seat=seat)
        if seat in shown:
            hand = shown[seat]
            scene.append(v.cards(label, hole, note=say(
                "shown", hand=hand["words"], best=" ".join(hand["best"]),
                rule=rule(variant, 59, 60, 61))))
        elif s.get("hole_cards_withheld"):  # the player's copy (replay.player_copy)
            scene.append(v.cards(label, [], hidden=s["hole_cards_withheld"], note=say(
                "withheld", folded=say("folded; ") if s["folded"] else "",
                rule=rule(variant, 49, 65))))
        elif ended:
            why = say("folded") if s["folded"] else say("void" if state["void"]
                                                        else "no_showdown")
            scene.append(v.cards(label, hole, note=say("unshown", why=why)))
        else:
            scene.append(v.cards(label, [], hidden=len(hole),
                                 note=say("down_folded") if s["folded"] else
                                 say("down", rule=rule(variant, 49, 59))))
    return scene


def _action(name: str, d: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    if name not in ACTION_EVENTS:
        return []
    rows = [(say("Seat_row"), d["seat"]), (say("Action_row"), say.code(d["action"]))]
    if d["amount"] is not None:
        rows.append((say("To"), v.euros(d["amount"])))
    rows += [(say("Put in"), v.euros(d["added_cents"])), (say("Why"), say.code(d["reason"]))]
    return [v.facts(say("Action"), rows)]


def _settlement(state: dict[str, Any], variant: str, say: v.Say) -> list[dict[str, Any]]:
    settled, void = state["settlement"], state["void"]
    scene = []
    if settled:
        pots = []
        for i, pot in enumerate(settled["pots"]):
            cut = settled["rake"][i] if i < len(settled["rake"]) else 0
            winners = settled["payments"][i] if i < len(settled["payments"]) else {}
            paid = ", ".join(say("seat_amount", seat=s, amount=v.euros(c))
                             for s, c in _by_seat(winners))
            pots.append((say("Main pot") if i == 0 else say("Side pot", n=i),
                         say("pot", amount=v.euros(pot["amount"]),
                             seats=", ".join(pot["eligible"]), cut=v.euros(cut),
                             paid=paid or say("nobody"))))
        scene.append(v.facts(say("Pots"), pots))
        rows = []
        for seat, put in _by_seat(settled["contributions"]):
            returned = settled["returned"].get(seat, 0)
            won = settled["totals"].get(seat, 0) - returned
            rows.append((say("Seat", seat=seat), say(
                "payment", put=v.euros(put), returned=v.euros(returned), won=v.euros(won),
                commission=v.euros(settled["commission"].get(seat, 0)),
                cave=v.euros(settled["caves"].get(seat, 0)))))
        scene.append(v.facts(say("Payment"), rows))
        scene.append(v.facts(say("Commission"), [
            (say("Total"), v.euros(sum(settled["rake"]))),
            (say("Rule"), rule(variant, "17a", 18, 19))]))
    if void:
        scene.append(v.facts(say("Refunds"), [(say("Seat", seat=s), v.euros(c))
                                              for s, c in _by_seat(void["refunds"])]))
        scene.append(v.text(say("Void", reason=say.code(void["reason"]), rule=void["rule"])))
    return scene


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.Say(SAID, WORDS, lang)
    out = []
    variant = replayed["final"].get("game") or "holdem"
    for item in replayed["steps"]:
        name, data, state = item["event"], item["data"], item["state"]
        scene = [*_table(state, say), *_cards(state, variant, say), *_action(name, data, say),
                 *_settlement(state, variant, say), *v.rng_facts(name, data, lang)]
        out.append(v.step(item["position"], _title(name, data, say), scene,
                          _rule(name, data, variant),
                          {s["player_id"]: say("Seat", seat=seat)
                           for seat, s in state["seats"].items() if s.get("player_id")}))
    return out
