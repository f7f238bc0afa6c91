"""Replay of one jogada of póquer sem descarte (903-B 6.3.4(2); issue 3 §6), and the last
jogada as its player may see it (Reg. 803/2015 rule 37).

``replay(events)`` folds the recorded events of ONE jogada — the table's events (domain/
semdescarte/table.py, domain/kernel/jogada_rng.py), the money events whose ``refs`` name the jogada
(domain/ledger/accounts.py) and any other event the jogada index holds (the session's BetRecorded…),
in notification order — into the auditor's view: every step with its event, its data and the
state after it. The auditor sees everything dealt: the burned card, every hand, the bank's four
hidden cards (``bank_revealed`` says whether the players were shown them, rule 24).

The RNG check re-derives the shoe from the revealed seed (``verify_jogada`` with the
RngCommitted data, a forced deck included) and deals it again per rule 19 (``dealing.deal``):
the burned card, the hands and the bank's cards recorded must be exactly those.

Pure: no I/O, no clock. Items of ``events`` are domain events or ``(position, event)`` pairs
(the position: the event's notification id; without one, its 1-based index in the list).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.cards.poker_hands import evaluate
from domain.games.semdescarte import dealing
from domain.games.semdescarte.config import sd_rule
from domain.kernel.errors import DomainError, NotFoundError, RuleViolationError
from domain.kernel.jogada_rng import expected_outcome
from domain.kernel.player_copy import Copy
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


def _empty_state() -> dict[str, Any]:
    return {"status": None, "number": None, "betting_closes_at": None, "seats": {},
            "decision_deadline": None, "forced_deck": None,
            "cards": {"burned": None, "hands": {}, "bank_open_card": None,
                      "bank_hidden_cards": [], "bank_cards": [], "bank_revealed": False,
                      "bank_hand": None, "bank_qualifies": None},
            "jackpot": {"contributions": {}, "house_shares": {}, "awards": []},
            "outcomes": {}, "void": None, "money": [], "net_by_account": {}}


def _apply_table(state: dict[str, Any], name: str, d: dict[str, Any]) -> None:
    seats, cards = state["seats"], state["cards"]
    if name == "JogadaOpened":
        state.update(status="betting", number=d["number"],
                     betting_closes_at=d["betting_closes_at"])
    elif name == "AntePlaced":
        seats[d["seat"]] = {"player_id": d["player_id"], "session_id": d["session_id"],
                            "ante_cents": d["ante_cents"], "held_cents": d["held_cents"],
                            "jackpot_bet_cents": d["jackpot_bet_cents"], "bet_cents": 0,
                            "decision": None, "fold_reason": None, "connection_lost": False}
    elif name == "DeckForced":  # certification mode: the deck the deal will use
        state["forced_deck"] = d["forced_deck"]
    elif name == "BettingClosed":
        state["status"] = "closed"
    elif name == "JackpotBetsCollected":
        state["jackpot"].update(contributions=d["contributions"], house_shares=d["house_shares"])
    elif name == "CardsDealt":
        state.update(status="deciding", decision_deadline=d["decision_deadline"])
        cards.update(burned=d["burned"], hands=d["hands"], bank_open_card=d["bank_open_card"],
                     bank_hidden_cards=d["bank_cards"][:-1])
    elif name == "PlayerFolded":
        seats[d["seat"]].update(decision="fold", fold_reason=d["reason"])
    elif name == "PlayerContinued":
        seats[d["seat"]].update(decision="continue", bet_cents=d["bet_cents"])
    elif name == "DecisionTimeExtended":
        state["decision_deadline"] = d["decision_deadline"]
    elif name == "PlayerConnectionLost":
        seats[d["seat"]]["connection_lost"] = True
    elif name == "BankCardsRevealed":
        state["status"] = "revealed"
        cards.update(bank_cards=d["bank_cards"], bank_revealed=True, bank_hand=d["bank_hand"],
                     bank_qualifies=d["qualifies"])
    elif name == "JogadaSettled":
        state["status"] = "settled"
        state["outcomes"] = d["outcomes"]
        state["jackpot"]["awards"] = d["jackpot_awards"]
    elif name == "JogadaVoided":
        state["status"] = "voided"
        state["void"] = {"reason": d["reason"], "rule": d["rule"]}
        state["outcomes"] = {seat: {"result": "voided", "player_id": seats[seat]["player_id"],
                                    "refunded_cents": cents, "rule": d["rule"]}
                             for seat, cents in d["refunds"].items()}


def _account_codes(numbered: list[tuple[int, Any]], table_id: str) -> dict[str, str]:
    """Account stream id -> code: every code the events name, matched by its derived id."""
    codes = {HOUSE_CODE, CASHIER_CODE, f"jackpot:{table_id}"}
    for _, e in numbered:
        if getattr(e, "counterparty", None):
            codes.add(e.counterparty)
        if getattr(e, "player_id", None):
            codes.add(wallet_code(e.player_id))
    return {str(account_id(code)): code for code in codes}


def _rng(found: dict[str, Any], at: dict[str, int]) -> dict[str, Any]:
    """The RNG check of the jogada's RngCommitted, RngRevealed, CardsDealt and
    BankCardsRevealed events (``found`` by name, ``at``: their positions)."""
    committed, revealed = found.get("RngCommitted"), found.get("RngRevealed")
    dealt, bank_shown = found.get("CardsDealt"), found.get("BankCardsRevealed")
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
        seats = sorted(dealt.hands, key=int)
        again = dealing.deal(shoe, len(seats))
        problems = []
        if dealt.burned != again.burned:
            problems.append("the burned card")
        problems += [f"the hand of seat {seat}" for seat, hand in zip(seats, again.hands)
                     if list(dealt.hands[seat]) != list(hand)]
        if list(dealt.bank_cards) != list(again.bank) or dealt.bank_open_card != again.bank[-1]:
            problems.append("the bank's cards")
        wrong = [at["CardsDealt"]] if problems else []
        if bank_shown is not None and list(bank_shown.bank_cards) != list(again.bank):
            problems.append("the bank's revealed cards")
            wrong.append(at["BankCardsRevealed"])
        if problems:
            raise RuleViolationError(f"{', '.join(problems)} differ from the shoe the seed"
                                     f" derives, dealt per {sd_rule(19)}", rule=sd_rule(19),
                                     details={"events": wrong})
    except DomainError as error:
        return failed_check(out, error, at)
    return {**out, "verified": True,
            "check": "the seed matches the commitment, derives the recorded shoe"
                     f"{' (forced deck)' if committed.forced else ''}, and the shoe dealt per"
                     f" {sd_rule(19)} gives exactly the cards recorded"}


def replay(events: list[Any]) -> dict[str, Any]:
    """Every step of one jogada with the state after it; the final state; the RNG check."""
    numbered = _numbered(events)
    jogada_id, table_id = one_jogada(numbered)
    codes = _account_codes(numbered, table_id)
    state = _empty_state()
    steps = []
    found: dict[str, Any] = {}
    where: dict[str, int] = {}  # positions of the events the RNG check reads
    for position, e in numbered:
        name = _name(e)
        data = {k: v for k, v in vars(e).items() if k not in _META}
        if name in MONEY_KINDS:
            _apply_money(state, name, e, position, codes)
        else:
            _apply_table(state, name, to_json(data))  # new lists and dicts: a copy
            if name in ("RngCommitted", "RngRevealed", "CardsDealt", "BankCardsRevealed"):
                found[name], where[name] = e, position
        steps.append(replay_step(position, name, e, data, state))  # a copy
    final = to_json(state)
    final["ended"] = state["status"] in ("settled", "voided")
    final["ended_at"] = next((s["at"] for s in reversed(steps)
                              if s["event"] in ("JogadaSettled", "JogadaVoided")), None)
    return {"jogada_id": jogada_id, "table_id": table_id, "steps": steps, "final": final,
            "rng": _rng(found, where)}


def player_jogada(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """Rule 37: the result of the last jogada and the amounts bet, as its player sees it: its
    own cards and the bank's (all five once revealed, rule 24; else the open card, rule 19c),
    never another player's."""
    final = replayed["final"]
    pid = str(player_id)
    seat = next((s for s, bet in final["seats"].items() if bet["player_id"] == pid), None)
    if seat is None:
        raise NotFoundError(f"player {pid} has no bet in jogada {replayed['jogada_id']}",
                            field="player_id", rule=sd_rule(37))
    bet, cards = final["seats"][seat], final["cards"]
    own = cards["hands"].get(seat)
    if cards["bank_revealed"]:
        bank = list(cards["bank_cards"])
    else:
        bank = [] if cards["bank_open_card"] is None else [cards["bank_open_card"]]
    outcome = final["outcomes"].get(seat, {})
    prize = sum(a["amount_cents"] for a in final["jackpot"]["awards"] if a["seat"] == seat)
    voided = final["status"] == "voided"
    return {
        "jogada_id": replayed["jogada_id"], "table_id": replayed["table_id"], "seat": int(seat),
        "status": final["status"], "ended_at": final["ended_at"],
        "cards": None if own is None else list(own), "bank_cards": bank,
        "bank_cards_revealed": cards["bank_revealed"],
        "ante_cents": bet["ante_cents"], "bet_cents": bet["bet_cents"],
        "jackpot_bet_cents": bet["jackpot_bet_cents"],
        "total_bet_cents": bet["ante_cents"] + bet["bet_cents"] + bet["jackpot_bet_cents"],
        "decision": bet["decision"], "fold_reason": bet["fold_reason"],
        "result": outcome.get("result"), "outcome_rule": outcome.get("rule"),
        "returned_cents": outcome.get("refunded_cents" if voided else "returned_cents", 0),
        "won_cents": outcome.get("won_cents", 0), "lost_cents": outcome.get("lost_cents", 0),
        "multiplier": outcome.get("multiplier"), "jackpot_prize_cents": prize,
        "net_cents": final["net_by_account"].get(wallet_code(pid), 0),
        "player_hand": outcome.get("player_hand") or (evaluate(own).words if own else None),
        "bank_hand": cards["bank_hand"] if cards["bank_revealed"] else None,
        "rule": sd_rule(37),
    }


def player_copy(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """The replay as the player may see it (the player's copy of an evidence pack,
    domain/kernel/player_copy.py). Each player bets alone against the bank (rules 1, 10, 11);
    every hand is dealt face down to its player (rule 19b), a folded one collected unseen
    (rule 22), and the table shows a player its own cards and the bank's (views.player_view;
    rule 37: never another player's): so another seat's hand, and its words, are cut. The
    burned card is never shown at the table (rule 19a; A9: whether to show it is the
    operator's choice, and this table does not); the bank's four face-down cards are cut
    unless they were revealed (rules 19c, 24); the seed, the shoe's order and a forced deck,
    which give every card again, are cut too."""
    final = replayed["final"]
    pid = str(player_id)
    others = {s for s, bet in final["seats"].items() if bet["player_id"] != pid}
    revealed = final["cards"]["bank_revealed"]
    made = Copy(replayed)
    hands = ("withheld: holds another seat's cards, never shown to this player"
             f" ({sd_rule('19b', 22, 37)})")
    burned = f"withheld: the burned card, never shown at the table ({sd_rule('19a')}; A9)"
    bank = f"withheld: the bank's face-down cards, never revealed ({sd_rule('19c', 24)})"
    deck = f"withheld: the deck's order gives every card not shown at the table ({sd_rule(19)})"
    for step in made.replay["steps"]:
        _hide_cards(step["state"], others, revealed)
        name, data = step["event"], step["data"]
        if name == "CardsDealt":
            if others & set(data.get("hands") or {}):
                made.cut(step, ["hands"], hands, replace={"hands": {
                    s: c for s, c in data["hands"].items() if s not in others}})
            made.cut(step, ["burned"], burned)
            if not revealed:
                made.cut(step, ["bank_cards"], bank)
        elif name == "DeckForced":
            made.cut(step, ["forced_deck"], deck)
        elif name == "JogadaSettled" and _hands_of(data.get("outcomes"), others):
            made.cut(step, ["outcomes"], hands,
                     replace={"outcomes": _without_hands(data["outcomes"], others)})
    _hide_cards(made.replay["final"], others, revealed)
    made.cut_rng(deck.replace("the deck's order", "the seed and the deck's order"))
    return made.answer()


def _hands_of(outcomes: Any, seats: set[str]) -> bool:
    return isinstance(outcomes, dict) and any(
        (outcomes.get(s) or {}).get("player_hand") for s in seats)


def _without_hands(outcomes: dict[str, Any], seats: set[str]) -> dict[str, Any]:
    return {s: ({**o, "player_hand": None} if s in seats else o) for s, o in outcomes.items()}


def _hide_cards(state: dict[str, Any], others: set[str], revealed: bool) -> None:
    """The cards the player was not shown, as counts (``cards.withheld``), not which."""
    cards, counts = state["cards"], {}
    hidden = {s: len(cards["hands"][s]) for s in others & set(cards["hands"])
              if cards["hands"][s]}
    for seat in hidden:
        cards["hands"][seat] = []
    if hidden:
        counts["hands"] = hidden
    if cards["burned"] is not None:
        cards["burned"], counts["burned"] = None, 1
    if not revealed and cards["bank_hidden_cards"]:
        counts["bank"] = len(cards["bank_hidden_cards"])
        cards["bank_hidden_cards"] = []
    if counts:
        cards["withheld"] = counts
    state["forced_deck"] = None
    if _hands_of(state["outcomes"], others):
        state["outcomes"] = _without_hands(state["outcomes"], others)
