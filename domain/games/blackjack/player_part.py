"""A blackjack jogada as one of its players may see it: its last jogada's result and amounts
(r31, ``player_jogada``) and the replay cut to what the table showed it (``player_copy``, the
player's copy of an evidence pack, domain/kernel/player_copy.py). Both read only a replay
(domain/games/blackjack/replay.py). Pure: no I/O, no clock.

What a blackjack table shows every player at it: each hand's cards face up (r14: the players'
cards are dealt face up; the decisions and results on the table, r6), the banca's up card, and
the hole card only once revealed (r14b, r17). What it never shows: the hole card before that,
the shoe's order (the seed, a forced shoe), another player's identity (a seat, not a person:
issue 24) or balance (the reasons an option was unavailable to another seat, r24, A49).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.kernel.errors import NotFoundError
from domain.kernel.player_copy import Copy
from domain.ledger.accounts import wallet_code

HOLE = (f"withheld: the banca's hole card, face down until it is revealed ({bj_rule('14b', 17)};"
        f" {a_rule(47)})")
SHOE = f"withheld: the shoe's order would give every card not dealt ({bj_rule(14)}; {a_rule(54)})"
OTHERS = ("withheld: another player's identity and balance, never shown at the table (seats"
          f" only: {bj_rule(6)}; issue 24)")
PERSONAL = ("player_id", "session_id")


def _own_seats(final: dict[str, Any], pid: str) -> list[str]:
    return sorted((s for s, bet in final["seats"].items() if bet["player_id"] == pid), key=int)


def player_jogada(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """r31: the result of the last jogada and the amounts, as its player sees them: its hands
    (every seat it played, every hand of each: r7, r21), the banca's cards (the hole card once
    revealed), its insurance, what it staked, got back, won and lost, and its net."""
    final = replayed["final"]
    pid = str(player_id)
    seats = _own_seats(final, pid)
    if not seats:
        raise NotFoundError(f"player {pid} has no bet in jogada {replayed['jogada_id']}",
                            field="player_id", rule=bj_rule(31))
    cards = final["cards"]
    voided = final["status"] == "voided"
    hands, own_cards = [], []
    for seat in seats:
        for number, hand in (cards["hands"].get(seat) or {}).items():
            outcome = (final["outcomes"].get(seat) or {}).get(number) or {}
            own_cards += hand["cards"]
            hands.append({"seat": int(seat), "hand": int(number), "cards": list(hand["cards"]),
                          "total": hand["total"], "soft": hand["soft"],
                          "doubled": hand["doubled"], "result": outcome.get("result"),
                          "stake_cents": hand["stake_cents"],
                          **{k: outcome.get(k, 0) for k in ("returned_cents", "won_cents",
                                                            "lost_cents", "prize_cents")},
                          "rule": outcome.get("rule")})
    insurance = {s: final["insurance"][s] for s in seats if s in final["insurance"]}
    staked = (sum(h["stake_cents"] for h in hands) if hands else
              sum(final["seats"][s]["bet_cents"] for s in seats))
    staked += sum(final["seats"][s]["insurance_cents"] for s in seats)

    def summed(key: str) -> int:
        return (sum(h[key] for h in hands)
                + sum(i.get(key, 0) for i in insurance.values()))
    banca = ([] if cards["up_card"] is None else
             list(cards["banca_cards"]) if cards["hole_revealed"] else [cards["up_card"]])
    results = [h["result"] for h in hands if h["result"]]
    return {
        "jogada_id": replayed["jogada_id"], "table_id": replayed["table_id"],
        "seat": int(seats[0]), "seats": [int(s) for s in seats],
        "status": final["status"], "ended_at": final["ended_at"],
        "cards": own_cards or None, "banca_cards": banca,
        "banca_total": cards["banca_total"] if cards["hole_revealed"] else None,
        "hole_card_revealed": cards["hole_revealed"],
        "result": "voided" if voided else (", ".join(results) or None),
        "hands": hands, "bet_cents": sum(final["seats"][s]["bet_cents"] for s in seats),
        "insurance_cents": sum(final["seats"][s]["insurance_cents"] for s in seats),
        "insurance_result": ", ".join(i["result"] for i in insurance.values()) or None,
        "total_bet_cents": staked,
        "returned_cents": (sum(final["refunds"].get(s, 0) for s in seats) if voided
                           else summed("returned_cents")),
        "won_cents": 0 if voided else summed("won_cents"),
        "prize_cents": 0 if voided else sum(h["prize_cents"] for h in hands),
        "lost_cents": 0 if voided else summed("lost_cents"),
        "net_cents": final["net_by_account"].get(wallet_code(pid), 0),
        "rule": bj_rule(31),
    }


def _label(seats: list[str]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(seats)


def player_copy(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """The replay as the player may see it. Every hand's cards stay (face up on the table), and
    every result; cut: the hole card until it was revealed (in the deal's data and in each
    state before the reveal; everywhere when it never was), the shoe (the seed, its order, a
    forced shoe), the other players' ids and sessions (each is its seat), the options another
    seat was offered (they tell its balance: r24, A49) and the actors naming other players."""
    final = replayed["final"]
    pid = str(player_id)
    others: dict[str, str] = {}  # another player's id -> its seats, in words
    for seat, bet in final["seats"].items():
        if bet["player_id"] != pid:
            others[bet["player_id"]] = _label(sorted(
                [s for s, b in final["seats"].items() if b["player_id"] == bet["player_id"]],
                key=int))
    other_seats = {s for s, bet in final["seats"].items() if bet["player_id"] != pid}
    other_sessions = {final["seats"][s]["session_id"] for s in other_seats} - {None}
    wallets = {wallet_code(p): f"wallet of {label}" for p, label in others.items()}
    made = Copy(replayed)
    for step in made.replay["steps"]:
        name, data = step["event"], step["data"]
        _hide_state(step["state"], wallets, other_seats)
        if name == "CardsDealt":  # face down at the deal, whatever came later
            made.cut(step, ["hole_card"], HOLE)
        elif name == "ShoeForced":
            made.cut(step, ["forced_shoe"], SHOE)
        elif name == "TurnStarted" and data.get("seat") in other_seats:
            made.cut(step, ["options"], OTHERS)
        if data.get("player_id") in others:
            made.cut(step, PERSONAL, OTHERS)
        if data.get("counterparty") in wallets:
            made.cut(step, ["counterparty"], OTHERS, replace={
                "counterparty": wallets[data["counterparty"]]})
        if name == "JogadaSettled":
            _settled_data(made, step, others)
        actor = (step.get("actor") or "").removeprefix("player:")
        if actor in others:  # the step's actor and the data's, both the event's
            shown = f"player at {others[actor]}"
            made.cut(step, ["actor"], OTHERS, replace={"actor": shown})
            step["actor"] = shown
        if step.get("stream") in other_sessions:  # a line of another's session statement:
            step["stream"] = None  # its stream is that player's session id (issue 24)
    _hide_state(made.replay["final"], wallets, other_seats)
    made.cut_rng(SHOE.replace("the shoe's order", "the seed and the shoe's order"))
    return made.answer()


def _settled_data(made: Copy, step: dict[str, Any], others: dict[str, str]) -> None:
    data = step["data"]
    results = data.get("results") or {}
    if any(r.get("player_id") in others for rs in results.values() for r in rs):
        made.cut(step, ["results"], OTHERS, replace={"results": {
            seat: [{**r, "player_id": None} if r.get("player_id") in others else r
                   for r in rs] for seat, rs in results.items()}})
    insurance = data.get("insurance") or {}
    if any(i.get("player_id") in others for i in insurance.values()):
        made.cut(step, ["insurance"], OTHERS, replace={"insurance": {
            seat: {**i, "player_id": None} if i.get("player_id") in others else i
            for seat, i in insurance.items()}})


def _hide_state(state: dict[str, Any], wallets: dict[str, str], seats: set[str]) -> None:
    """The state as the player saw it: the hole card face down until revealed, no shoe, the
    other players as their seats (their wallets by seat)."""
    cards = state["cards"]
    if not cards["hole_revealed"] and cards["hole_card"] is not None:
        cards["hole_card"] = None
        cards["withheld"] = {"hole_card": 1}
    state["forced_shoe"] = None
    if state["turn"] and state["turn"]["seat"] in seats:
        state["turn"]["options"] = None
    for bet in state["seats"].values():
        if wallet_code(bet["player_id"] or "") in wallets:
            bet["player_id"] = bet["session_id"] = None
    for outcomes in state["outcomes"].values():
        for outcome in outcomes.values():
            if wallet_code(outcome.get("player_id") or "") in wallets:
                outcome["player_id"] = None
    for insured in state["insurance"].values():
        if wallet_code(insured.get("player_id") or "") in wallets:
            insured["player_id"] = None
    for entry in state["money"]:
        entry["account"] = wallets.get(entry["account"], entry["account"])
        entry["counterparty"] = wallets.get(entry["counterparty"], entry["counterparty"])
    state["net_by_account"] = {wallets.get(k, k): v for k, v in state["net_by_account"].items()}
