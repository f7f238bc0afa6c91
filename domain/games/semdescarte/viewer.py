"""A jogada of póquer sem descarte step by step, for the replay viewer (903-B 6.3.4(2); the
vocabulary of domain/kernel/viewer.py): after each recorded event, the bets of each seat, the burned
card, each seat's five cards, the bank — its open card and four face-down cards until they are
shown (rules 19c, 24), all five after — the decisions, the result of each seat and the jackpot.

Players are named by their seat ("Seat 1"), never by id nor by name (the steps' ``players``
map gives each seat's id; domain/kernel/viewer.py, issue 24).

Its sentences are written in Portuguese or English (``lang``; domain/games/semdescarte/viewer_words.py):
English for the staff's replay viewer, either for a complaint evidence pack's PDF.

``viewer_steps(replayed, lang)`` reads only the replay (domain/games/semdescarte/replay.py): one step per
replay step, the scene drawn from the state after it. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.cards.poker_hands import evaluate
from domain.games.semdescarte.config import pt_rule, sd_rule
from domain.games.semdescarte.viewer_words import SAID, WORDS
from domain.kernel import viewer as v

__all__ = ["WORDS", "SAID", "viewer_steps"]

# The rules of each event that carries none of its own.
RULES = {"BettingClosed": sd_rule(14), "CardsDealt": sd_rule(19),
         "PlayerContinued": sd_rule(20, 23), "PlayerConnectionLost": sd_rule(34, 35, 36),
         "JogadaSettled": sd_rule(26, 27, 28, 29), "RngCommitted": v.COMMITTED,
         "RngRevealed": v.REVEALED, "DeckForced": "api-contract: certification mode"}


def _title(name: str, d: dict[str, Any], say: v.Say) -> str | None:
    if name == "JogadaOpened":
        return say(name, number=d["number"])
    if name == "AntePlaced":
        side = say("side", amount=v.euros(d["jackpot_bet_cents"])) \
            if d["jackpot_bet_cents"] else ""
        return say(name, seat=d["seat"], ante=v.euros(d["ante_cents"]), side=side)
    if name == "PlayerFolded":
        return say(name, seat=d["seat"], reason=say.code(d["reason"]))
    if name == "PlayerContinued":
        return say(name, seat=d["seat"], bet=v.euros(d["bet_cents"]))
    if name == "PlayerConnectionLost":
        return say(name, seat=d["seat"])
    if name == "BankCardsRevealed":
        return say(name, hand=d["bank_hand"],
                   qualifies=say("qualifies" if d["qualifies"] else "not_qualifies_why"))
    if name == "JogadaVoided":
        return say(name, reason=say.code(d["reason"]))
    if name in ("DeckForced", "BettingClosed", "JackpotBetsCollected", "RngCommitted",
                "CardsDealt", "DecisionTimeExtended", "JogadaSettled", "RngRevealed"):
        return say(name)
    return None


def _rule(name: str, d: dict[str, Any]) -> str | None:
    if name == "JogadaOpened":
        return sd_rule(14) if d.get("betting_closes_at") else sd_rule(15)
    if name == "AntePlaced":
        return sd_rule("2a", 16, 17, 18) + (f"; {pt_rule(3, 4)}" if d["jackpot_bet_cents"]
                                            else "")
    return d.get("rule") if isinstance(d.get("rule"), str) else RULES.get(name)


def _seat_note(bet: dict[str, Any], outcome: dict[str, Any] | None,
               hand: list[str] | None, say: v.Say) -> str:
    parts = [say("ante", amount=v.euros(bet["ante_cents"]))]
    if bet["jackpot_bet_cents"]:
        parts.append(say("side_bet", amount=v.euros(bet["jackpot_bet_cents"])))
    if bet["decision"] == "continue":
        parts.append(say("continued", amount=v.euros(bet["bet_cents"])))
    elif bet["decision"] == "fold":
        parts.append(say("folded", reason=say.code(bet["fold_reason"])))
    if outcome and outcome.get("player_hand"):
        parts.append(outcome["player_hand"])
    elif hand:
        parts.append(evaluate(hand).words)
    return "; ".join(parts)


def _cards(state: dict[str, Any], ended_void: bool, say: v.Say) -> list[dict[str, Any]]:
    cards = state["cards"]
    if not cards["hands"]:
        return []
    withheld = cards.get("withheld") or {}  # the player's copy (replay.player_copy)
    not_shown = say("not_shown")
    scene = [v.cards(say("Burned card"), [], hidden=1, note=f"{sd_rule(19)}; {not_shown}")
             if withheld.get("burned") else
             v.cards(say("Burned card"), [cards["burned"]], note=sd_rule(19))]
    for seat in sorted(cards["hands"], key=int):
        bet = state["seats"].get(seat, {})
        hand = list(cards["hands"][seat])
        note = _seat_note(bet, state["outcomes"].get(seat), hand, say) if bet else None
        unseen = (withheld.get("hands") or {}).get(seat, 0)
        if unseen:
            note = f"{note}; {not_shown}" if note else not_shown
        scene.append(v.cards(say("seat", seat=seat), hand, hidden=unseen, note=note))
    if cards["bank_revealed"]:
        qualifies = say("qualifies" if cards["bank_qualifies"] else "not_qualifies")
        scene.append(v.cards(say("Bank"), cards["bank_cards"],
                             note=f"{cards['bank_hand']}; {qualifies} ({sd_rule(25)})"))
    elif ended_void:
        scene.append(v.cards(say("Bank"), [*cards["bank_hidden_cards"], cards["bank_open_card"]],
                             hidden=withheld.get("bank", 0), note=say("bank_void")))
    else:
        scene.append(v.cards(say("Bank"), [cards["bank_open_card"]],
                             hidden=len(cards["bank_hidden_cards"]) or withheld.get("bank", 0),
                             note=say("bank_closed", open=sd_rule("19c"),
                                      decisions=sd_rule(24))))
    return scene


def _bets(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    if not state["seats"] or state["cards"]["hands"]:
        return []  # before the deal the bets are shown here; after it, beside the cards
    return [v.facts(say("Bets"), [(say("seat", seat=seat), _seat_note(bet, None, None, say))
                                  for seat, bet in sorted(state["seats"].items(),
                                                          key=lambda kv: int(kv[0]))])]


def _results(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    scene = []
    if state["outcomes"]:
        rows = []
        for seat, o in sorted(state["outcomes"].items(), key=lambda kv: int(kv[0])):
            amounts = ", ".join(say(k, amount=v.euros(o[k]))
                                for k in ("returned_cents", "won_cents", "lost_cents",
                                          "refunded_cents") if o.get(k))
            rows.append((say("seat", seat=seat), f"{say.code(o['result'])}"
                         + (f" ×{o['multiplier']}" if o.get("multiplier") else "")
                         + (f": {amounts}" if amounts else "") + f" ({o['rule']})"))
        scene.append(v.facts(say("Result"), rows))
    jackpot = state["jackpot"]
    if jackpot["contributions"]:
        scene.append(v.facts(say("Jackpot side bets"), [
            (say("seat", seat=seat), say("to_jackpot", jackpot=v.euros(cents), house=v.euros(
                jackpot["house_shares"].get(seat, 0))))
            for seat, cents in sorted(jackpot["contributions"].items(),
                                      key=lambda kv: int(kv[0]))]))
    if jackpot["awards"]:
        scene.append(v.prizes(say("Jackpot prizes"), [
            {"name": say.name(a["category"]), "value_cents": a["amount_cents"],
             "winners": [say("seat", seat=a["seat"])], "rule": a["rule"]}
            for a in jackpot["awards"]]))
    if state["void"]:
        scene.append(v.text(say("void", reason=say.code(state["void"]["reason"]),
                                rule=state["void"]["rule"])))
    return scene


def _players(state: dict[str, Any], say: v.Say) -> dict[str, str]:
    """Each seated player's id → "Seat n"."""
    return {bet["player_id"]: say("seat", seat=seat) for seat, bet in state["seats"].items()
            if bet.get("player_id")}


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.Say(SAID, WORDS, lang)
    out = []
    void = replayed["final"]["status"] == "voided"
    for item in replayed["steps"]:
        name, data, state = item["event"], item["data"], item["state"]
        scene = [*_bets(state, say), *_cards(state, void and state["status"] == "voided", say),
                 *_results(state, say), *v.rng_facts(name, data, lang)]
        out.append(v.step(item["position"], _title(name, data, say), scene, _rule(name, data),
                          _players(state, say)))
    return out
