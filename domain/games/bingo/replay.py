"""The "modo repetição" of a bingo jogada (rule 2h; 903-B 6.3.4(2)) and a player's past jogadas
(rule 50).

``replay(events)`` folds the recorded events of ONE jogada (the room's events, the money
events whose refs name the jogada, the sessions' events), in notification order, into every
step with its event, its data and the state it led to. The per-step state is kept small (counts,
the balls so far, the prizes won) so that a jogada of 100,000 cards replays in one pass; the
cards themselves are in the steps' data (``CardsBought``) and in the final state.

The checks an auditor runs:
- RNG: the revealed seed matches the commitment and derives the recorded draw order (a forced
  order included); and, purchase by purchase, the seed derives exactly the cards recorded
  (``cards_drbg``, rule 15 applied across the jogada as on the day).
- Prizes: the recorded cards and balls, run through the prize engine again, give exactly the
  recorded ``PrizeWon`` events (prize, ball, winning cards) (rules 29, 30, 36; A17).

Pure: no I/O, no clock. Items of ``events`` are domain events or ``(position, event)`` pairs.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.bingo.cards import bingo_rule, card_key, cards_drbg, generate_more
from domain.games.bingo.config import FOUR_CORNERS, RoomConfig
from domain.games.bingo.engine import DrawEngine
from domain.kernel.errors import DomainError, NotFoundError, RuleViolationError
from domain.kernel.jogada_rng import check_reveal, verify_jogada
from domain.kernel.player_copy import Copy
from domain.kernel.replay_support import (
    META,
    MONEY_KINDS,
    apply_money,
    event_name,
    failed_check,
    numbered,
    one_jogada,
    to_json,
)
from domain.kernel.rules import T903B, cite
from domain.ledger.accounts import CASHIER_CODE, HOUSE_CODE, account_id, wallet_code

ENDED = ("settled", "voided", "cancelled")


def _codes(items: list[tuple[int, Any]], room_id: str) -> dict[str, str]:
    codes = {HOUSE_CODE, CASHIER_CODE, f"bingo-pool:{room_id}", f"bingo-jackpot:{room_id}"}
    for _, e in items:
        if getattr(e, "counterparty", None):
            codes.add(e.counterparty)
        if getattr(e, "player_id", None):
            codes.add(wallet_code(e.player_id))
    return {str(account_id(code)): code for code in codes}


def _empty() -> dict[str, Any]:
    return {"status": None, "number": None, "sales_close_at": None, "purchases": 0,
            "cards_sold": 0, "sales_cents": 0, "pool": None, "drawn": [], "won": {},
            "jackpot": None, "payments": None, "refunds": None, "void": None,
            "money": [], "net_by_account": {}}


def _apply(state: dict[str, Any], cards: dict[str, Any], name: str, e: Any) -> None:
    if name == "JogadaOpened":
        state.update(status="sale", number=e.number, sales_close_at=to_json(e.sales_close_at))
        cards["config"] = e.config
    elif name == "CardsBought":
        state["purchases"] = e.purchase
        state["cards_sold"] += len(e.cards)
        state["sales_cents"] += e.amount_cents
        buyer = cards["players"].setdefault(e.player_id, {"session_id": e.session_id,
                                                          "cards": [], "paid_cents": 0})
        buyer["paid_cents"] += e.amount_cents
        for offset, card in enumerate(e.cards):
            buyer["cards"].append({"card": e.first_card + offset, "numbers": card})
        cards["purchases"].append(e)
    elif name == "SalesClosed":
        state.update(status="drawing", pool=e.pool)
    elif name == "JogadaCancelled":
        state.update(status="cancelled", refunds=dict(e.refunds))
    elif name == "BallDrawn":
        state["drawn"].append(e.ball)
    elif name == "PrizeWon":
        state["won"][e.prize] = {"ordinal": e.ordinal, "ball": e.ball,
                                 "cards": [w["card"] for w in e.winners], "shares": e.shares}
        cards["prizes_won"].append(e)
    elif name == "JackpotWon":
        state["jackpot"] = {"ordinal": e.ordinal, "amount_cents": e.amount_cents,
                            "shares": e.shares}
    elif name == "JogadaSettled":
        state.update(status="settled", payments=e.payments)
    elif name == "JogadaVoided":
        state.update(status="voided", refunds=dict(e.refunds),
                     void={"reason": e.reason, "prizes_paid": e.prizes_paid, "rule": e.rule})


def _step_state(state: dict[str, Any]) -> dict[str, Any]:
    """The state after a step, small: no card, no money list (the step's data has them)."""
    return {"status": state["status"], "cards_sold": state["cards_sold"],
            "sales_cents": state["sales_cents"], "balls_drawn": len(state["drawn"]),
            "last_five": state["drawn"][-5:], "won": {p: {"ordinal": w["ordinal"],
                                                          "ball": w["ball"]}
                                                      for p, w in state["won"].items()},
            "money_movements": len(state["money"])}


def _check_rng(committed: Any, revealed: Any, cards: dict[str, Any],
               at: dict[str, Any]) -> dict[str, Any]:
    """``at``: the positions of the RNG events by name, of each purchase's CardsBought."""
    out = {"commitment": None, "seed_hex": None, "forced": False, "verified": False}
    if committed is None:
        return {**out, "check": "no RNG output was recorded for this jogada"}
    out.update(commitment=committed.commitment, forced=bool(committed.forced))
    if revealed is None:
        return {**out, "check": "the seed is not revealed yet: the jogada is still open"}
    out["seed_hex"] = revealed.seed_hex
    try:
        verify_jogada(kind=committed.kind, size=committed.size, commitment=committed.commitment,
                      seed_hex=revealed.seed_hex, outcome=committed.outcome,
                      forced_outcome=committed.forced_outcome)
        seed = check_reveal(committed.commitment, revealed.seed_hex)
        config = RoomConfig.from_dict(cards["config"])
        corners = config.variant == "90" and FOUR_CORNERS in config.prizes
        taken: set[bytes] = set()
        for bought in sorted(cards["purchases"], key=lambda e: e.purchase):
            again = generate_more(cards_drbg(seed, bought.purchase), config.variant,
                                  len(bought.cards), taken, four_corners=corners)
            if [[list(r) for r in c] for c in again] != [[list(r) for r in c] for c in bought.cards]:
                raise RuleViolationError(f"the cards of purchase {bought.purchase} differ from the"
                                         " ones the seed derives", rule=cite(T903B, "6.7.2(4)"),
                                         details={"events": [at["purchases"][bought.purchase]]})
            taken.update(card_key(c) for c in again)
    except DomainError as error:
        return failed_check(out, error, at)
    return {**out, "verified": True,
            "check": "the seed matches the commitment and derives the recorded draw order"
                     f"{' (forced balls)' if committed.forced else ''} and every card sold,"
                     f" purchase by purchase ({bingo_rule(15)}: no two cards alike)"}


def _check_prizes(cards: dict[str, Any], drawn: list[int], at: dict[str, Any]) -> dict[str, Any]:
    """Run the recorded cards and balls through the prize engine again (rules 29, 30, 36).
    A difference names the first PrizeWon that differs, or the ball of a prize not recorded."""
    if cards["config"] is None:
        return {"verified": False, "check": "the jogada's opening is not in the record"}
    config = RoomConfig.from_dict(cards["config"])
    engine = DrawEngine(config.variant, tuple(config.prizes), config.line_directions,
                        config.bingo_pattern)
    for bought in sorted(cards["purchases"], key=lambda e: e.purchase):
        for card in bought.cards:
            engine.add_card(tuple(tuple(row) for row in card))
    found = []
    for ordinal, ball in enumerate(drawn, start=1):
        for prize, winners in engine.draw(ball).items():
            engine.mark_won(prize)
            found.append((prize, ordinal, winners))
    recorded = [(e.prize, e.ordinal, [w["card"] for w in e.winners]) for e in cards["prizes_won"]]
    if found != recorded:
        first = next(i for i, pair in enumerate(zip(found + [None], recorded + [None]))
                     if pair[0] != pair[1])
        wrong = (at["prizes"][first] if first < len(recorded)
                 else at["balls"][found[first][1] - 1])
        return {"verified": False, "check": f"FAILED: the cards and balls give {found}, the"
                                            f" record says {recorded}", "events": [wrong]}
    return {"verified": True, "check": f"{len(found)} prize(s) found again from the cards and"
                                       " balls, each won by exactly the cards recorded"}


def replay(events: list[Any]) -> dict[str, Any]:
    """Every step of one jogada with the state after it; the final state; the checks."""
    items = numbered(events)
    jogada_id, room_id = one_jogada(items)
    codes = _codes(items, room_id)
    state = _empty()
    cards: dict[str, Any] = {"config": None, "players": {}, "purchases": [], "prizes_won": []}
    found: dict[str, Any] = {}
    at: dict[str, Any] = {"purchases": {}, "prizes": [], "balls": []}  # positions
    steps = []
    for position, e in items:
        name = event_name(e)
        if name in MONEY_KINDS:
            apply_money(state, name, e, position, codes)
        else:
            _apply(state, cards, name, e)
            if name in ("RngCommitted", "RngRevealed"):
                found[name], at[name] = e, position
            elif name == "CardsBought":
                at["purchases"][e.purchase] = position
            elif name in ("PrizeWon", "BallDrawn"):
                at["prizes" if name == "PrizeWon" else "balls"].append(position)
        data = {k: v for k, v in vars(e).items() if k not in META}
        if name == "RngCommitted" and "RngRevealed" not in {event_name(x) for _, x in items}:
            data.pop("sealed_seed_hex", None)  # never shown before the reveal (903-B 6.7.5)
        steps.append({"position": position, "event": name,
                      "at": to_json(getattr(e, "at", None) or getattr(e, "timestamp", None)),
                      "actor": getattr(e, "actor", None),
                      "stream": to_json(getattr(e, "originator_id", None)),
                      "version": getattr(e, "originator_version", None),
                      "data": to_json(data), "state": _step_state(state)})
    final = {k: v for k, v in state.items()}
    final["players"] = cards["players"]
    final["ended"] = state["status"] in ENDED
    final["ended_at"] = next((s["at"] for s in reversed(steps) if s["event"] in
                              ("JogadaSettled", "JogadaVoided", "JogadaCancelled")), None)
    return {"jogada_id": jogada_id, "room_id": room_id, "steps": steps, "final": to_json(final),
            "rng": _check_rng(found.get("RngCommitted"), found.get("RngRevealed"), cards, at),
            "prizes_check": _check_prizes(cards, state["drawn"], at)}


def player_copy(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """The replay as the player may see it (the player's copy of an evidence pack,
    domain/kernel/player_copy.py): the screen shows a player its own cards (rule 4) and who
    won what with the winning cards (rule 29), never the other players' cards: theirs are cut
    from their purchases and the final state (how many stay), and so are the seed and the
    draw order, which derive every card sold again (rule 15) and the balls never drawn."""
    pid = str(player_id)
    made = Copy(replayed)
    why = f"withheld: holds another player's cards, never shown to this player ({bingo_rule(4)})"
    for step in made.replay["steps"]:
        data = step["data"]
        if step["event"] == "CardsBought" and data.get("player_id") != pid:
            made.cut(step, ["cards"], why, replace={"cards": [None] * len(data["cards"])})
    others = {p: buyer for p, buyer in made.replay["final"]["players"].items() if p != pid}
    for buyer in others.values():
        buyer["cards"] = [{"card": c["card"], "numbers": None} for c in buyer["cards"]]
    if others:
        made.cut_rng("withheld: the seed derives every card sold and the balls never drawn"
                     f" ({bingo_rule(4, 15)})")
    return made.answer()


def player_jogada(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """Rule 50: one past jogada as its player sees it: its cards, the balls, the prizes (who
    won what is public, rule 29), its own wins, refunds and net."""
    final = replayed["final"]
    pid = str(player_id)
    mine = final["players"].get(pid)
    if mine is None:
        raise NotFoundError(f"player {pid} had no card in jogada {replayed['jogada_id']}",
                            field="player_id", rule=bingo_rule(50))
    won = {}
    for prize, w in final["won"].items():
        if pid in w["shares"]:
            won[prize] = w["shares"][pid]
    if final["jackpot"] and pid in final["jackpot"]["shares"]:
        won["jackpot"] = final["jackpot"]["shares"][pid]
    return {"jogada_id": replayed["jogada_id"], "room_id": replayed["room_id"],
            "status": final["status"], "ended_at": final["ended_at"],
            "cards": mine["cards"], "paid_cents": mine["paid_cents"], "drawn": final["drawn"],
            "prizes": {p: {"ordinal": w["ordinal"], "ball": w["ball"], "cards": w["cards"]}
                       for p, w in final["won"].items()},
            "prize_values": None if final["pool"] is None else final["pool"]["prizes"],
            "won": won, "refunded_cents": (final["refunds"] or {}).get(pid, 0),
            "net_cents": final["net_by_account"].get(wallet_code(pid), 0),
            "rule": bingo_rule(50)}
