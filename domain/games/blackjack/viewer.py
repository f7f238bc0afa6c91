"""A jogada of blackjack step by step, for the replay viewer (903-B 6.3.4(2); the vocabulary of
domain/kernel/viewer.py): after each recorded event, the bets of each seat, every hand's cards
face up (r14a, r14b), the banca's up card and its hole card face down until it is revealed
(r14b, r17), then its draws; the insurance and even money (r15f, r20b, A51), whose turn it is
and the options it was shown (r24), each hand's result and amounts (r25), the void (r27, r28).

Players are named by their seat ("Seat 1"; a hand of a split seat "Seat 1, hand 2"), never by
id nor by name (the steps' ``players`` map gives each seat's id; domain/kernel/viewer.py, issue
24). Sentences in Portuguese or English (``lang``; domain/games/blackjack/viewer_words.py).

``viewer_steps(replayed, lang)`` reads only the replay (domain/games/blackjack/replay.py), or the
player's copy of it (player_part.player_copy: the hole card and the other players' ids cut):
one step per replay step, the scene drawn from the state after it. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.games.blackjack.viewer_words import SAID, WORDS
from domain.kernel import viewer as v

__all__ = ["SAID", "WORDS", "viewer_steps"]

# The rules of each event that carries none of its own.
RULES = {"JogadaOpened": bj_rule(12, 13), "BetPlaced": bj_rule(9, 10, 11) + ", " + a_rule(49),
         "BettingClosed": bj_rule(12), "CardsDealt": bj_rule(14) + ", " + a_rule(47),
         "InsuranceTaken": bj_rule("15f") + ", " + a_rule(51, 53),
         "InsuranceDeclined": a_rule(51), "EvenMoneyTaken": bj_rule("20b") + ", " + a_rule(51),
         "EvenMoneyDeclined": a_rule(51), "OffersClosed": a_rule(51), "TurnStarted": bj_rule(24),
         "PlayerHit": bj_rule("15a", "15d"), "PlayerStood": bj_rule("15c"),
         "BetDoubled": bj_rule("15b", "16a", 23), "HandSplit": bj_rule(21, 22, "16b", "16c"),
         "HandSurrendered": bj_rule("15e") + ", " + a_rule(48),
         "DecisionTimedOut": a_rule(55), "PlayerConnectionLost": bj_rule(29, 30),
         "HoleCardRevealed": bj_rule(17), "BancaDrew": bj_rule("17b"),
         "BancaStood": bj_rule("17a"), "JogadaSettled": bj_rule(25, 26),
         "RngCommitted": v.COMMITTED, "RngRevealed": v.REVEALED,
         "ShoeForced": "api-contract: certification mode"}


def _total(total: int | None, soft: bool, say: v.Say) -> str:
    return say("soft", total=total) if soft else str(total)


def _hand(seat: str, number: Any, split: bool, say: v.Say) -> str:
    """A hand by its seat ("Seat 1"), or by its seat and number once the seat has split
    ("Seat 1, hand 2": hands counted from 1 in the order they were made)."""
    if not split or number is None:
        return say("seat", seat=seat)
    return say("hand", seat=seat, number=int(number) + 1)


def _split(state: dict[str, Any], seat: Any) -> bool:
    return len(state["cards"]["hands"].get(seat) or {}) > 1


def _title(name: str, d: dict[str, Any], state: dict[str, Any], say: v.Say) -> str | None:
    hand = _hand(d["seat"], d.get("hand"), _split(state, d["seat"]), say) \
        if "seat" in d else None
    if name == "JogadaOpened":
        return say(name, number=d["number"])
    if name in ("BetPlaced", "InsuranceTaken"):
        return say(name, seat=d["seat"], amount=v.euros(d["amount_cents"]))
    if name in ("InsuranceDeclined", "EvenMoneyDeclined"):
        return say(name, seat=d["seat"], reason=_code(d.get("reason"), say))
    if name in ("EvenMoneyTaken", "PlayerConnectionLost"):
        return say(name, seat=d["seat"])
    if name == "CardsDealt":
        return say(name, up=d["up_card"])
    if name in ("TurnStarted", "HandSurrendered"):
        return say(name, hand=hand)
    if name in ("PlayerHit", "BetDoubled"):
        total = _total(d["total"], d.get("soft", False), say) + (say("bust") if d["bust"]
                                                                  else "")
        return say(name, hand=hand, card=d["card"], total=total,
                   stake=v.euros(d.get("stake_cents", 0)))
    if name == "PlayerStood":
        return say(name, hand=hand, total=d["total"], reason=_code(d.get("reason"), say))
    if name == "HandSplit":
        first_split = len(state["cards"]["hands"][d["seat"]]) <= 2
        return say(name, hand=_hand(d["seat"], d["hand"], not first_split, say),
                   first=" ".join(d["cards"][str(d["hand"])]),
                   second=" ".join(d["cards"][str(d["new_hand"])]))
    if name == "DecisionTimedOut":
        return say(name, hand=hand, played=_code(d["played"], say))
    if name == "HandSettled":
        return say(name, hand=hand, result=_result(d, say))
    if name == "HoleCardRevealed":
        total = say("blackjack_total") if d.get("blackjack") else str(d["total"])
        return say(name, card=d["hole_card"] or "?", total=total)
    if name == "BancaDrew":
        return say(name, card=d["card"], total=_total(d["total"], d.get("soft", False), say))
    if name == "BancaStood":
        total = say("blackjack_total") if d.get("blackjack") else str(d["total"])
        return say("BancaBust" if d.get("bust") else name, total=total)
    if name == "InsuranceSettled":
        return say(name, seat=d["seat"], result=_result(d, say))
    if name == "JogadaVoided":
        return say(name, reason=say.code(d["reason"]))
    if name in ("ShoeForced", "BettingClosed", "RngCommitted", "OffersClosed",
                "JogadaSettled", "RngRevealed"):
        return say(name)
    return None


def _code(value: Any, say: v.Say) -> Any:
    """A code of the record in words ("even_money": "even money" in English as recorded)."""
    word = say.code(value)
    return word.replace("_", " ") if isinstance(word, str) and word == value else word


def _result(o: dict[str, Any], say: v.Say) -> str:
    """A settled hand or insurance: its result and amounts, in words."""
    amounts = ", ".join(say(k, amount=v.euros(o[k]))
                        for k in ("returned_cents", "won_cents", "prize_cents", "lost_cents")
                        if o.get(k))
    return f"{_code(o['result'], say)}" + (f": {amounts}" if amounts else "")


def _rule(name: str, d: dict[str, Any]) -> str | None:
    return d.get("rule") if isinstance(d.get("rule"), str) else RULES.get(name)


def _hands(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    scene = []
    for seat in sorted(state["cards"]["hands"], key=int):
        made = state["cards"]["hands"][seat]
        for number, hand in made.items():
            label = _hand(seat, number, len(made) > 1, say)
            natural = (len(hand["cards"]) == 2 and hand["total"] == 21
                       and not hand["from_split"])
            parts = [say("stake", amount=v.euros(hand["stake_cents"])),
                     say("total", total=say("blackjack_total") if natural
                         else _total(hand["total"], hand["soft"], say))]
            if hand["doubled"]:
                parts.append(say("doubled"))
            outcome = (state["outcomes"].get(seat) or {}).get(number)
            if outcome:
                parts.append(f"{_result(outcome, say)} ({outcome['rule']})")
            elif hand["status"] in ("bust", "surrendered"):
                parts.append(_code(hand["status"], say))
            scene.append(v.cards(label, hand["cards"], note="; ".join(parts)))
    return scene


def _banca(state: dict[str, Any], ended_void: bool, say: v.Say) -> list[dict[str, Any]]:
    cards = state["cards"]
    if cards["up_card"] is None:
        return []
    if cards["hole_revealed"]:
        total = state["banca"] or {}
        note = say("total", total=say("blackjack_total") if total.get("blackjack")
                   else cards["banca_total"])
        return [v.cards(say("Banca"), cards["banca_cards"], note=f"{note} ({bj_rule(17)})")]
    withheld = (cards.get("withheld") or {}).get("hole_card")
    if ended_void and not withheld:  # the staff's copy: the hole card drawn at the deal
        return [v.cards(say("Banca"), [cards["up_card"], cards["hole_card"]],
                        note=f"{say('hole_void')} ({a_rule(47)})")]
    note = say("hole_down", up=cards["up_card"]) + f" ({bj_rule('14b')})"
    if withheld and ended_void:
        note += "; " + say("not_shown")
    return [v.cards(say("Banca"), [cards["up_card"]], hidden=1, note=note)]


def _bets(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    if not state["seats"] or state["cards"]["hands"]:
        return []  # before the deal the bets are shown here; after it, beside the cards
    return [v.facts(say("Bets"), [(say("seat", seat=seat),
                                   say("bet", amount=v.euros(bet["bet_cents"])))
                                  for seat, bet in sorted(state["seats"].items(),
                                                          key=lambda kv: int(kv[0]))])]


def _offers(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    rows = []
    for seat, bet in sorted(state["seats"].items(), key=lambda kv: int(kv[0])):
        settled = state["insurance"].get(seat)
        if settled:
            rows.append((say("seat", seat=seat), _result(settled, say)))
        elif bet["offer"] == "insurance":
            rows.append((say("seat", seat=seat),
                         say("insured", amount=v.euros(bet["insurance_cents"]))))
        elif bet["offer"] in ("no_insurance", "no_even_money"):
            rows.append((say("seat", seat=seat), say("declined",
                                                     reason=_code(bet["offer_reason"], say))))
        elif bet["offer"] == "even_money":
            rows.append((say("seat", seat=seat), _code("even_money", say)))
    return [v.facts(say("Insurance"), rows)] if rows else []


def _turn(state: dict[str, Any], name: str, say: v.Say) -> list[dict[str, Any]]:
    turn = state["turn"]
    if name != "TurnStarted" or not turn:
        return []
    label = _hand(turn["seat"], turn["hand"], _split(state, turn["seat"]), say)
    if turn["options"] is None:  # another seat's options, cut from the player's copy
        return [v.facts(say("Turn"), [(label, say("not_shown"))])]
    shown = ", ".join(
        say("unavailable", decision=_code(o["decision"], say)) if not o.get("available", True)
        else say("cost", decision=_code(o["decision"], say), amount=v.euros(o["cost_cents"]))
        if o.get("cost_cents") else _code(o["decision"], say) for o in turn["options"])
    when = say("deadline", deadline=turn["decision_deadline"]) if turn["decision_deadline"] \
        else say("waits")
    return [v.facts(say("Turn"), [(label, say("options", options=shown)), ("", when)])]


def _void(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    if not state["void"]:
        return []
    rows = [(say("seat", seat=seat), say("refunded", amount=v.euros(cents)))
            for seat, cents in sorted(state["refunds"].items(), key=lambda kv: int(kv[0]))]
    return [v.facts(say("Result"), rows), v.text(say("void", reason=say.code(
        state["void"]["reason"]), rule=state["void"]["rule"]))]


def _players(state: dict[str, Any], say: v.Say) -> dict[str, str]:
    """Each seated player's id → "Seat n" (its first seat, if it plays several: r7)."""
    out: dict[str, str] = {}
    for seat, bet in sorted(state["seats"].items(), key=lambda kv: int(kv[0])):
        if bet.get("player_id"):
            out.setdefault(bet["player_id"], say("seat", seat=seat))
    return out


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.Say(SAID, WORDS, lang)
    out = []
    void = replayed["final"]["status"] == "voided"
    for item in replayed["steps"]:
        name, data, state = item["event"], item["data"], item["state"]
        scene = [*_bets(state, say), *_hands(state, say),
                 *_banca(state, void and state["status"] == "voided", say),
                 *_offers(state, say), *_turn(state, name, say), *_void(state, say),
                 *v.rng_facts(name, data, lang)]
        out.append(v.step(item["position"], _title(name, data, state, say), scene,
                          _rule(name, data), _players(state, say)))
    return out
