"""Replay of one jogada of blackjack (903-B 6.3.4(2); Reg. 805/2015 rule 31), and the jogada
as one of its players may see it.

``replay(events)`` folds the recorded events of ONE jogada — the table's events
(domain/games/blackjack/table.py, domain/kernel/jogada_rng.py), the money events whose ``refs``
name the jogada (domain/ledger/accounts.py) and any other event the jogada index holds (the
session's BetRecorded…), in notification order — into the auditor's view: every step with its
event, its data and the state after it. The auditor sees everything dealt, the hole card
included from the deal (it is drawn then, 903-B 6.7.5, A47; ``hole_revealed`` says whether the
players were shown it, r17).

The RNG check re-derives the shoe from the revealed seed (``expected_outcome`` with the
RngCommitted data, a forced shoe included), deals it again per r14 (``hands.deal``) and takes
every later card from it in the order play asks for them (``hands.DRAW_ORDER``): each recorded
card must be the shoe's card at its recorded index, the indices one after another from the
deal's ``next_index``, and the draws in play order (seat by seat, each seat's hands in the order
they were made, then the banca).

Pure: no I/O, no clock, no RNG. Items of ``events`` are domain events or ``(position, event)``
pairs (the position: the event's notification id; without one, its 1-based index).
"""

from __future__ import annotations

from typing import Any

from domain.games.blackjack import hands as bj
from domain.games.blackjack.player_part import player_copy, player_jogada
from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.kernel.errors import DomainError, RuleViolationError
from domain.kernel.jogada_rng import expected_outcome
from domain.kernel.replay_support import META as _META
from domain.kernel.replay_support import (
    MONEY_KINDS,
    failed_check,
    one_jogada,
    rng_opening,
    to_json,
)
from domain.kernel.replay_support import apply_money as _apply_money
from domain.kernel.replay_support import event_name as _name
from domain.kernel.replay_support import numbered as _numbered
from domain.kernel.replay_support import step as replay_step
from domain.ledger.accounts import CASHIER_CODE, HOUSE_CODE, account_id, wallet_code

__all__ = ["DRAWS", "player_copy", "player_jogada", "replay"]

ENDED = ("settled", "voided")
# The events that take a card from the shoe after the deal (r15a, r15b, r21, r17b).
DRAWS = ("PlayerHit", "BetDoubled", "HandSplit", "BancaDrew")
_NOT_OUTCOME = ("seat", "jogada_id", "actor", "at")  # an outcome's fields are the rest
_RNG_EVENTS = ("RngCommitted", "RngRevealed", "CardsDealt", "HoleCardRevealed")


def _empty_state() -> dict[str, Any]:
    return {"status": None, "number": None, "betting_closes_at": None, "config": None,
            "seats": {}, "forced_shoe": None, "turn": None,
            "cards": {"hands": {}, "up_card": None, "hole_card": None, "hole_revealed": False,
                      "banca_cards": [], "banca_total": None, "next_index": None},
            "banca": None, "outcomes": {}, "insurance": {}, "refunds": {}, "void": None,
            "money": [], "net_by_account": {}}


def _hand(cards: list[str], stake: int, *, from_split: bool = False,
          split_aces: bool = False) -> dict[str, Any]:
    t = bj.total(cards)
    return {"cards": list(cards), "stake_cents": stake, "total": t.best, "soft": t.soft,
            "bust": t.bust, "from_split": from_split, "split_aces": split_aces,
            "doubled": False, "ace_fixed": False, "status": "playing", "reason": None,
            "result": None}


def _retotal(hand: dict[str, Any]) -> None:
    t = bj.total(hand["cards"], ace_fixed=hand["ace_fixed"])
    hand.update(total=t.best, soft=t.soft, bust=t.bust)


_PLAY = ("PlayerHit", "PlayerStood", "BetDoubled", "HandSplit", "HandSurrendered")


def _apply_table(state: dict[str, Any], name: str, d: dict[str, Any]) -> None:
    seats, cards = state["seats"], state["cards"]
    if name in _PLAY:
        _apply_play(cards["hands"], name, d)
    elif name == "JogadaOpened":
        state.update(status="betting", number=d["number"], config=d.get("config"),
                     betting_closes_at=d.get("betting_closes_at"))
    elif name == "BetPlaced":
        seats[d["seat"]] = {"player_id": d["player_id"], "session_id": d["session_id"],
                            "bet_cents": d["amount_cents"], "offer": None, "offer_reason": None,
                            "insurance_cents": 0, "connection_lost": False, "timeouts": []}
    elif name == "ShoeForced":  # certification mode: the shoe the deal will use
        state["forced_shoe"] = d["forced_shoe"]
    elif name == "BettingClosed":
        state["status"] = "closed"
    elif name == "CardsDealt":
        cards.update(up_card=d["up_card"], hole_card=d["hole_card"],
                     next_index=d["next_index"])
        cards["hands"] = {seat: {"0": _hand(dealt, seats.get(seat, {}).get("bet_cents", 0))}
                          for seat, dealt in d["hands"].items()}
        state["status"] = d["phase"]
    elif name in _OFFERS:
        seats[d["seat"]].update(offer=_OFFERS[name], offer_reason=d.get("reason"))
        if name == "InsuranceTaken":
            seats[d["seat"]]["insurance_cents"] = d["amount_cents"]
    elif name == "OffersClosed":
        state["status"] = "play"
    elif name == "TurnStarted":
        state.update(status="play", turn={"seat": d["seat"], "hand": d["hand"],
                                          "options": d["options"],
                                          "decision_deadline": d.get("decision_deadline")})
    elif name == "DecisionTimedOut":
        seats[d["seat"]]["timeouts"].append({"hand": d.get("hand"), "played": d["played"]})
    elif name == "PlayerConnectionLost":
        seats[d["seat"]]["connection_lost"] = True
    elif name == "HandSettled":
        _settled(state, d["seat"], d)
    else:
        _apply_banca(state, name, d)


_OFFERS = {"InsuranceTaken": bj.INSURANCE, "InsuranceDeclined": bj.NO_INSURANCE,
           "EvenMoneyTaken": bj.EVEN_MONEY, "EvenMoneyDeclined": bj.NO_EVEN_MONEY}


def _apply_play(hands: dict[str, Any], name: str, d: dict[str, Any]) -> None:
    """r15, r21: a hand's decision and the card it took."""
    made = hands.get(d["seat"], {})
    hand = made.get(str(d["hand"]))
    if hand is None:
        return
    if name == "PlayerHit":
        hand["cards"].append(d["card"])
        _retotal(hand)
        if hand["bust"]:
            hand["status"] = "bust"
    elif name == "PlayerStood":
        hand.update(status="stood", reason=d.get("reason"))
    elif name == "BetDoubled":
        hand["cards"].append(d["card"])
        hand.update(stake_cents=d["stake_cents"], doubled=True,
                    ace_fixed=bool(d.get("ace_fixed")))
        _retotal(hand)
        hand["status"] = "bust" if hand["bust"] else "stood"
    elif name == "HandSplit":
        hand.update(cards=list(d["cards"][str(d["hand"])]), from_split=True,
                    split_aces=bool(d.get("split_aces")))
        _retotal(hand)
        made[str(d["new_hand"])] = _hand(d["cards"][str(d["new_hand"])], d["stake_cents"],
                                         from_split=True, split_aces=bool(d.get("split_aces")))
    else:  # HandSurrendered
        hand["status"] = "surrendered"


def _apply_banca(state: dict[str, Any], name: str, d: dict[str, Any]) -> None:
    """r17: the hole card and the banca's draws; the end of the jogada."""
    cards = state["cards"]
    if name == "HoleCardRevealed":
        cards.update(hole_revealed=True, banca_cards=list(d["cards"]), banca_total=d["total"])
        state.update(status="banca", turn=None)
    elif name == "BancaDrew":
        cards["banca_cards"].append(d["card"])
        cards["banca_total"] = d["total"]
    elif name == "BancaStood":
        cards.update(banca_cards=list(d["cards"]), banca_total=d["total"])
        state["banca"] = {k: d[k] for k in ("cards", "total", "bust", "blackjack")}
    elif name == "InsuranceSettled":
        state["insurance"][d["seat"]] = {k: v for k, v in d.items() if k not in _NOT_OUTCOME}
    elif name == "JogadaSettled":
        state.update(status="settled", turn=None, banca=d["banca"])
        for seat, results in d["results"].items():
            for result in results:
                _settled(state, seat, result)
        for seat, insured in (d.get("insurance") or {}).items():
            state["insurance"][seat] = insured
    elif name == "JogadaVoided":
        state.update(status="voided", turn=None, refunds=d["refunds"],
                     void={"reason": d["reason"], "rule": d["rule"]})


def _settled(state: dict[str, Any], seat: str, d: dict[str, Any]) -> None:
    outcome = {k: v for k, v in d.items() if k not in _NOT_OUTCOME}
    state["outcomes"].setdefault(seat, {})[str(d["hand"])] = outcome
    hand = state["cards"]["hands"].get(seat, {}).get(str(d["hand"]))
    if hand is not None:
        hand.update(result=d["result"], status="settled")


def _account_codes(numbered: list[tuple[int, Any]]) -> dict[str, str]:
    """Account stream id -> code: every code the events name, matched by its derived id."""
    codes = {HOUSE_CODE, CASHIER_CODE}
    for _, e in numbered:
        if getattr(e, "counterparty", None):
            codes.add(e.counterparty)
        if getattr(e, "player_id", None):
            codes.add(wallet_code(e.player_id))
    return {str(account_id(code)): code for code in codes}


# The RNG check ----------------------------------------------------------------------------------
def _drawn(name: str, e: Any) -> list[tuple[int, str]]:
    """(shoe index, card) of each card a draw event took."""
    if name == "HandSplit":
        return [(e.index + i, card) for i, card in enumerate(e.drawn)]
    return [(e.index, e.card)]


def _play_key(name: str, e: Any) -> tuple[float, float]:
    """Where a draw stands in the order of play (``hands.DRAW_ORDER``): seat by seat, each
    seat's hands in the order they were made (their numbers), then the banca."""
    if name == "BancaDrew":
        return (float("inf"), 0.0)
    return (float(int(e.seat)), float(e.hand))


def _check_cards(shoe: list[str], dealt: Any, draws: list[tuple[int, str, Any]],
                 hole: tuple[int, Any] | None, at: dict[str, int]) -> None:
    """Raises naming the events whose cards differ from the shoe dealt per r14 and drawn per
    ``hands.DRAW_ORDER``."""
    seats = sorted(dealt.hands, key=int)
    again = bj.deal(shoe, len(seats))
    problems = [f"the hand of seat {seat}" for seat, cards in zip(seats, again.hands)
                if list(dealt.hands[seat]) != list(cards)]
    if dealt.up_card != again.up_card:
        problems.append("the banca's up card")
    if dealt.hole_card != again.hole_card:
        problems.append("the banca's hole card")
    if dealt.next_index != again.used:
        problems.append(f"the next index ({dealt.next_index}, not {again.used})")
    wrong = [at["CardsDealt"]] if problems else []
    if hole is not None and hole[1].hole_card != again.hole_card:
        problems.append("the hole card revealed")
        wrong.append(hole[0])
    expected, last = again.used, (0.0, 0.0)
    for position, name, e in draws:
        for index, card in _drawn(name, e):
            if index != expected:
                problems.append(f"{name} at #{position} takes shoe index {index}, not the next"
                                f" one ({expected})")
            elif index >= len(shoe) or shoe[index] != card:
                problems.append(f"{name} at #{position}: {card} is not the shoe's card at"
                                f" index {index}")
            else:
                expected += 1
                continue
            wrong.append(position)
            expected = index + 1
        key = _play_key(name, e)
        if key < last:
            problems.append(f"{name} at #{position} is out of the order of play")
            wrong.append(position)
        last = max(last, key)
    if problems:
        raise RuleViolationError(f"{'; '.join(problems)}: differ from the shoe the seed"
                                 f" derives, dealt per {bj_rule(14)} and drawn in the order of"
                                 " play", rule=bj_rule(14, 17),
                                 details={"events": list(dict.fromkeys(wrong))})


def _rng(found: dict[str, Any], at: dict[str, int],
         draws: list[tuple[int, str, Any]]) -> dict[str, Any]:
    committed, revealed = found.get("RngCommitted"), found.get("RngRevealed")
    dealt = found.get("CardsDealt")
    out = {"commitment": None, "seed_hex": None, "forced": False, "verified": False}
    try:
        seed = rng_opening(out, committed, revealed, at, "no RNG output was drawn: the"
                           " jogada ended before the deal")
        if seed is None:
            return out
        if dealt is None:
            return {**out, "verified": True, "check": "the seed derives the recorded shoe; no"
                    " card was dealt"}
        shoe = expected_outcome(committed.kind, seed, committed.size, committed.forced_outcome)
        hole = found.get("HoleCardRevealed")
        _check_cards(shoe, dealt, draws, None if hole is None else
                     (at["HoleCardRevealed"], hole), at)
    except DomainError as error:
        return failed_check(out, error, at)
    return {**out, "verified": True,
            "check": "the seed matches the commitment, derives the recorded shoe"
                     f"{' (forced shoe)' if committed.forced else ''}, and the shoe dealt per"
                     f" {bj_rule(14)} and drawn in the order of play ({a_rule(47)}: the hole"
                     " card at the deal) gives exactly the cards recorded"}


def replay(events: list[Any]) -> dict[str, Any]:
    """Every step of one jogada with the state after it; the final state; the RNG check."""
    numbered = _numbered(events)
    jogada_id, table_id = one_jogada(numbered)
    codes = _account_codes(numbered)
    state = _empty_state()
    steps: list[dict[str, Any]] = []
    found: dict[str, Any] = {}
    where: dict[str, int] = {}  # positions of the events the RNG check reads
    draws: list[tuple[int, str, Any]] = []
    for position, e in numbered:
        name = _name(e)
        data = {k: v for k, v in vars(e).items() if k not in _META}
        if name in MONEY_KINDS:
            _apply_money(state, name, e, position, codes)
        else:
            _apply_table(state, name, to_json(data))  # new lists and dicts: a copy
            if name in _RNG_EVENTS:
                found[name], where[name] = e, position
            elif name in DRAWS:
                draws.append((position, name, e))
        steps.append(replay_step(position, name, e, data, state))  # a copy
    final = to_json(state)
    final["ended"] = state["status"] in ENDED
    final["ended_at"] = next((s["at"] for s in reversed(steps)
                              if s["event"] in ("JogadaSettled", "JogadaVoided")), None)
    return {"jogada_id": jogada_id, "table_id": table_id, "steps": steps, "final": final,
            "rng": _rng(found, where, draws)}
