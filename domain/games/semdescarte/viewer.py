"""A jogada of póquer sem descarte step by step, for the replay viewer (903-B 6.3.4(2); the
vocabulary of domain/kernel/viewer.py): after each recorded event, the bets of each seat, the burned
card, each seat's five cards, the bank — its open card and four face-down cards until they are
shown (rules 19c, 24), all five after — the decisions, the result of each seat and the jackpot.

Players are named by their seat ("Seat 1"), never by id nor by name (the steps' ``players``
map gives each seat's id; domain/kernel/viewer.py, issue 24).

``viewer_steps(replayed)`` reads only the replay (domain/games/semdescarte/replay.py): one step per
replay step, the scene drawn from the state after it. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.cards.poker_hands import evaluate
from domain.games.semdescarte.config import pt_rule, sd_rule
from domain.kernel import viewer as v

# The rules of each event that carries none of its own.
NOT_SHOWN = "never shown to this player: not in this copy"  # the player's copy's cut cards
RULES = {"BettingClosed": sd_rule(14), "CardsDealt": sd_rule(19),
         "PlayerContinued": sd_rule(20, 23), "PlayerConnectionLost": sd_rule(34, 35, 36),
         "JogadaSettled": sd_rule(26, 27, 28, 29), "RngCommitted": v.COMMITTED,
         "RngRevealed": v.REVEALED, "DeckForced": "api-contract: certification mode"}


def _title(name: str, d: dict[str, Any]) -> str | None:
    if name == "JogadaOpened":
        return f"Jogada {d['number']} opened"
    if name == "AntePlaced":
        side = f", jackpot side bet {v.euros(d['jackpot_bet_cents'])}" \
            if d["jackpot_bet_cents"] else ""
        return f"Seat {d['seat']} bets an ante of {v.euros(d['ante_cents'])}{side}"
    if name == "PlayerFolded":
        return f"Seat {d['seat']} folds ({d['reason']}): the ante is lost"
    if name == "PlayerContinued":
        return f"Seat {d['seat']} continues: second bet {v.euros(d['bet_cents'])}"
    if name == "PlayerConnectionLost":
        return f"Seat {d['seat']}: connection lost"
    if name == "BankCardsRevealed":
        qualifies = "qualifies" if d["qualifies"] else "does not qualify (no ace-king or better)"
        return f"The bank shows {d['bank_hand']}: it {qualifies}"
    if name == "JogadaVoided":
        return f"Jogada void ({d['reason']}): every bet returned"
    return {"DeckForced": "Deck forced (certification mode)",
            "BettingClosed": "Betting closed: no more bets (jogo feito)",
            "JackpotBetsCollected": "Jackpot side bets collected before the first card",
            "RngCommitted": "The shoe is committed before the first card",
            "CardsDealt": "Cards dealt: five to each seat, five to the bank",
            "DecisionTimeExtended": "Decision time extended",
            "JogadaSettled": "Jogada settled",
            "RngRevealed": "The seed is revealed"}.get(name)


def _rule(name: str, d: dict[str, Any]) -> str | None:
    if name == "JogadaOpened":
        return sd_rule(14) if d.get("betting_closes_at") else sd_rule(15)
    if name == "AntePlaced":
        return sd_rule("2a", 16, 17, 18) + (f"; {pt_rule(3, 4)}" if d["jackpot_bet_cents"]
                                            else "")
    return d.get("rule") if isinstance(d.get("rule"), str) else RULES.get(name)


def _seat_note(seat: str, bet: dict[str, Any], outcome: dict[str, Any] | None,
               hand: list[str] | None) -> str:
    parts = [f"ante {v.euros(bet['ante_cents'])}"]
    if bet["jackpot_bet_cents"]:
        parts.append(f"side bet {v.euros(bet['jackpot_bet_cents'])}")
    if bet["decision"] == "continue":
        parts.append(f"continued, bet {v.euros(bet['bet_cents'])}")
    elif bet["decision"] == "fold":
        parts.append(f"folded ({bet['fold_reason']})")
    if outcome and outcome.get("player_hand"):
        parts.append(outcome["player_hand"])
    elif hand:
        parts.append(evaluate(hand).words)
    return "; ".join(parts)


def _cards(state: dict[str, Any], ended_void: bool) -> list[dict[str, Any]]:
    cards = state["cards"]
    if not cards["hands"]:
        return []
    withheld = cards.get("withheld") or {}  # the player's copy (replay.player_copy)
    scene = [v.cards("Burned card", [], hidden=1, note=f"{sd_rule(19)}; {NOT_SHOWN}")
             if withheld.get("burned") else
             v.cards("Burned card", [cards["burned"]], note=sd_rule(19))]
    for seat in sorted(cards["hands"], key=int):
        bet = state["seats"].get(seat, {})
        hand = list(cards["hands"][seat])
        note = _seat_note(seat, bet, state["outcomes"].get(seat), hand) if bet else None
        unseen = (withheld.get("hands") or {}).get(seat, 0)
        if unseen:
            note = f"{note}; {NOT_SHOWN}" if note else NOT_SHOWN
        scene.append(v.cards(f"Seat {seat}", hand, hidden=unseen, note=note))
    if cards["bank_revealed"]:
        qualifies = "qualifies" if cards["bank_qualifies"] else "does not qualify"
        scene.append(v.cards("Bank", cards["bank_cards"],
                             note=f"{cards['bank_hand']}; {qualifies} ({sd_rule(25)})"))
    elif ended_void:
        scene.append(v.cards("Bank", [*cards["bank_hidden_cards"], cards["bank_open_card"]],
                             hidden=withheld.get("bank", 0),
                             note="never shown to the players: the jogada was void"))
    else:
        scene.append(v.cards("Bank", [cards["bank_open_card"]],
                             hidden=len(cards["bank_hidden_cards"]) or withheld.get("bank", 0),
                             note=f"one card open ({sd_rule('19c')}), four face down until"
                                  f" the decisions ({sd_rule(24)})"))
    return scene


def _bets(state: dict[str, Any]) -> list[dict[str, Any]]:
    if not state["seats"] or state["cards"]["hands"]:
        return []  # before the deal the bets are shown here; after it, beside the cards
    return [v.facts("Bets", [(f"Seat {seat}", _seat_note(seat, bet, None, None))
                             for seat, bet in sorted(state["seats"].items(),
                                                     key=lambda kv: int(kv[0]))])]


def _results(state: dict[str, Any]) -> list[dict[str, Any]]:
    scene = []
    if state["outcomes"]:
        rows = []
        for seat, o in sorted(state["outcomes"].items(), key=lambda kv: int(kv[0])):
            amounts = ", ".join(f"{k.removesuffix('_cents')} {v.euros(o[k])}"
                                for k in ("returned_cents", "won_cents", "lost_cents",
                                          "refunded_cents") if o.get(k))
            rows.append((f"Seat {seat}", f"{o['result']}"
                         + (f" ×{o['multiplier']}" if o.get("multiplier") else "")
                         + (f": {amounts}" if amounts else "") + f" ({o['rule']})"))
        scene.append(v.facts("Result", rows))
    jackpot = state["jackpot"]
    if jackpot["contributions"]:
        scene.append(v.facts("Jackpot side bets", [
            (f"Seat {seat}", f"{v.euros(cents)} to the jackpot, "
                             f"{v.euros(jackpot['house_shares'].get(seat, 0))} to the house")
            for seat, cents in sorted(jackpot["contributions"].items(),
                                      key=lambda kv: int(kv[0]))]))
    if jackpot["awards"]:
        scene.append(v.prizes("Jackpot prizes", [
            {"name": v.words_of(a["category"]), "value_cents": a["amount_cents"],
             "winners": [f"Seat {a['seat']}"], "rule": a["rule"]}
            for a in jackpot["awards"]]))
    if state["void"]:
        scene.append(v.text(f"Void: {state['void']['reason']} ({state['void']['rule']})"))
    return scene


def _players(state: dict[str, Any]) -> dict[str, str]:
    """Each seated player's id → "Seat n"."""
    return {bet["player_id"]: f"Seat {seat}" for seat, bet in state["seats"].items()
            if bet.get("player_id")}


def viewer_steps(replayed: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    void = replayed["final"]["status"] == "voided"
    for item in replayed["steps"]:
        name, data, state = item["event"], item["data"], item["state"]
        scene = [*_bets(state), *_cards(state, void and state["status"] == "voided"),
                 *_results(state), *v.rng_facts(name, data)]
        out.append(v.step(item["position"], _title(name, data), scene, _rule(name, data),
                          _players(state)))
    return out
