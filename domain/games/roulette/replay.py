"""Replay of one jogada of French roulette (903-B 6.3.4(2); Reg. 807/2015 rule 26), and the
jogada as one of its players may see it (player_part.py).

``replay(events)`` folds the recorded events of ONE jogada — the wheel's events
(domain/games/roulette/wheel.py, domain/kernel/jogada_rng.py), the money events whose ``refs``
name the jogada (domain/ledger/accounts.py) and any other event the jogada index holds (the
session's BetRecorded…), in notification order — into the auditor's view: every step with its
event, its data and the state after it. The state shows the recorded facts only: the bets as
booked (r7–r13, r15, A57), the winning number as ``BallLanded`` marked it (r18), each player's
settlement as ``BetsSettled`` recorded it (r14, r19–r21); nothing is settled again here (that
is adjudication.py's work).

The state after each step::

    {"status": None | "betting" | "closed" | "landed" | "settled" | "voided" | "refunded",
     "number": n (the wheel's n-th jogada), "betting_closes_at", "config", "ruleset_version",
     "announcement": the last one made (r16),
     "players": {player_id: {"label": "player 1" (order of the first bet), "session_id",
                             "slips": {"1": {"bets": [booked…], "amount_cents",
                                             "withdrawn": None | {"reason", "rule"}}},
                             "staked_cents" (slips not withdrawn), "positions": {key: cents},
                             "settlement": None | {"slips", "staked_cents", "returned_cents",
                                                   "net_cents", "rule"},
                             "refunded_cents": None | cents, "connection_lost": bool}},
     "layout": {key: cents}: every player's stakes on each position (the chips on the table),
     "staked_cents", "forced_number" (certification mode), "closed": None | {"players",
     "staked_cents", "rule"}, "commitment", "result": None | {"number", "colour", "rule"},
     "returned_cents", "recent_results", "revealed": bool, "refunds": {player_id: cents},
     "void": None | {"reason", "rule", "message"}, "refund": None | {"reason", "rule"},
     "recovered": None | {"what", "rule"}, "connection_lost": [{"player_id", "rule"}],
     "money": [movement…], "net_by_account": {code: cents}}

The RNG check (903-B 6.7.2(4), 6.7.5; A70) re-derives the winning number from the revealed
seed (``expected_outcome`` with the RngCommitted data, kind "number", a forced number
included) and checks that the number committed before the ball landed is the one ``BallLanded``
marked and ``JogadaSettled`` recorded, with its colour (r6b, A39).

Pure: no I/O, no clock, no RNG. Items of ``events`` are domain events or ``(position, event)``
pairs (the position: the event's notification id; without one, its 1-based index).
"""

from __future__ import annotations

from typing import Any

from domain.games.roulette.layout import colour
from domain.games.roulette.player_part import player_copy, player_jogada
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.adjudication import account_codes
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
from domain.kernel.rules import T903B, cite

__all__ = ["ENDED", "ENDINGS", "player_copy", "player_jogada", "replay"]

ENDINGS = {"JogadaSettled": "settled", "JogadaVoided": "voided", "JogadaCancelled": "refunded"}
ENDED = tuple(ENDINGS.values())
_RNG_EVENTS = ("RngCommitted", "RngRevealed", "BallLanded", "JogadaSettled")


def _empty_state() -> dict[str, Any]:
    return {"status": None, "number": None, "betting_closes_at": None, "config": None,
            "ruleset_version": None, "announcement": None, "players": {}, "layout": {},
            "staked_cents": 0, "forced_number": None, "closed": None, "commitment": None,
            "result": None, "returned_cents": None, "recent_results": None, "revealed": False,
            "refunds": {}, "void": None, "refund": None, "recovered": None,
            "connection_lost": [], "money": [], "net_by_account": {}}


def _player(state: dict[str, Any], player_id: str, session_id: Any) -> dict[str, Any]:
    players = state["players"]
    if player_id not in players:
        players[player_id] = {"label": f"player {len(players) + 1}", "session_id": session_id,
                              "slips": {}, "staked_cents": 0, "positions": {},
                              "settlement": None, "refunded_cents": None,
                              "connection_lost": False}
    return players[player_id]


def _restake(state: dict[str, Any]) -> None:
    """The stakes standing (slips not withdrawn: A60), per player and position and in all."""
    layout: dict[str, int] = {}
    for player in state["players"].values():
        positions: dict[str, int] = {}
        for slip in player["slips"].values():
            if slip["withdrawn"] is not None:
                continue
            for bet in slip["bets"]:
                for comp in bet["components"]:
                    positions[comp["key"]] = positions.get(comp["key"], 0) + comp["amount_cents"]
        player["positions"] = positions
        player["staked_cents"] = sum(s["amount_cents"] for s in player["slips"].values()
                                     if s["withdrawn"] is None)
        for key, cents in positions.items():
            layout[key] = layout.get(key, 0) + cents
    state["layout"] = layout
    state["staked_cents"] = sum(p["staked_cents"] for p in state["players"].values())


def _apply_wheel(state: dict[str, Any], name: str, d: dict[str, Any]) -> None:
    if name == "JogadaOpened":  # r16 (multi: the window), r17 (individual: no window)
        state.update(status="betting", number=d["number"], config=d.get("config"),
                     betting_closes_at=d.get("betting_closes_at"),
                     ruleset_version=d.get("ruleset_version"),
                     announcement=d.get("announcement"))
    elif name == "BetsPlaced":  # r7–r13, r15, A57: the bets as booked
        player = _player(state, d["player_id"], d.get("session_id"))
        player["slips"][str(d["slip"])] = {"bets": d["bets"], "amount_cents": d["amount_cents"],
                                           "withdrawn": None}
        _restake(state)
    elif name == "BetsWithdrawn":  # A60: an individual wheel's bets, before the launch
        slip = state["players"].get(d["player_id"], {}).get("slips", {}).get(str(d["slip"]))
        if slip is not None:
            slip["withdrawn"] = {"reason": d.get("reason"), "rule": d.get("rule")}
        _restake(state)
    elif name == "NumberForced":  # certification mode
        state["forced_number"] = d["forced_number"]
    elif name == "BettingClosed":  # r16, r17: "jogo feito nada mais"
        state.update(status="closed", announcement=d.get("announcement"),
                     closed={k: d.get(k) for k in ("players", "staked_cents", "rule")})
    elif name == "RngCommitted":  # 903-B 6.7.5, A70: drawn before any result is shown
        state["commitment"] = d.get("commitment")
    elif name == "BallLanded":  # r18: the winning number marked
        state.update(status="landed", result={k: d.get(k) for k in ("number", "colour",
                                                                     "rule")})
    else:
        _apply_end(state, name, d)


def _apply_end(state: dict[str, Any], name: str, d: dict[str, Any]) -> None:
    players = state["players"]
    if name == "BetsSettled":  # r14, r15, r19–r21: as recorded
        player = _player(state, d["player_id"], d.get("session_id"))
        player["settlement"] = {k: d.get(k) for k in ("slips", "staked_cents",
                                                      "returned_cents", "net_cents", "rule")}
    elif name == "JogadaSettled":  # r19, A56
        state.update(status="settled", returned_cents=d.get("returned_cents"),
                     recent_results=d.get("recent_results"))
    elif name == "RngRevealed":
        state["revealed"] = True
    elif name in ("JogadaVoided", "JogadaCancelled"):  # r22, r23, A62 / A60
        refunds = d.get("refunds") or {}
        for player_id, cents in refunds.items():
            if player_id in players:
                players[player_id]["refunded_cents"] = cents
        state["refunds"] = refunds
        if name == "JogadaVoided":
            state.update(status="voided", void={k: d.get(k) for k in ("reason", "rule",
                                                                       "message")})
        else:
            state.update(status="refunded", refund={k: d.get(k) for k in ("reason", "rule")})
    elif name == "ConnectionLost":  # r24, r25: recorded, the jogada stands
        if d.get("player_id") in players:
            players[d["player_id"]]["connection_lost"] = True
        state["connection_lost"].append({"player_id": d.get("player_id"),
                                         "rule": d.get("rule")})
    elif name == "JogadaRecovered":  # 903-B 6.3.2
        state["recovered"] = {"what": d.get("what"), "rule": d.get("rule")}


# The RNG check ----------------------------------------------------------------------------------
def _check_number(number: int, found: dict[str, Any], at: dict[str, int]) -> None:
    """Raises naming the events whose number differs from the one the seed derives, or that
    show it before it was committed (A70)."""
    problems, wrong = [], []
    landed = found.get("BallLanded")
    if landed is None:
        problems.append("no ball landed after the number was committed")
    else:
        if landed.number != number or landed.colour != colour(number):
            problems.append(f"BallLanded marks {landed.number} ({landed.colour}), not"
                            f" {number} ({colour(number)})")
            wrong.append(at["BallLanded"])
        if at["BallLanded"] < at["RngCommitted"]:
            problems.append("BallLanded precedes the commitment")
            wrong.append(at["BallLanded"])
    settled = found.get("JogadaSettled")
    if settled is not None and (settled.number != number or settled.colour != colour(number)):
        problems.append(f"JogadaSettled records {settled.number} ({settled.colour}), not"
                        f" {number}")
        wrong.append(at["JogadaSettled"])
    if problems:
        raise RuleViolationError(f"{'; '.join(problems)}: the number the seed derives is the"
                                 f" one marked ({rf_rule(18)}; {a_rule(70)})",
                                 rule=f"{cite(T903B, '6.7.2(4)')}, {a_rule(70)}",
                                 details={"events": list(dict.fromkeys(wrong))})


def _rng(found: dict[str, Any], at: dict[str, int]) -> dict[str, Any]:
    committed, revealed = found.get("RngCommitted"), found.get("RngRevealed")
    out = {"commitment": None, "seed_hex": None, "forced": False, "verified": False,
           "number": None}
    try:
        seed = rng_opening(out, committed, revealed, at, "no RNG output was drawn: the"
                           " jogada ended before the spin")
        if seed is None:
            return out
        number = expected_outcome(committed.kind, seed, committed.size,
                                  committed.forced_outcome)[0]
        out["number"] = number
        _check_number(number, found, at)
    except DomainError as error:
        return failed_check(out, error, at)
    return {**out, "verified": True,
            "check": "the seed matches the commitment and derives the winning number"
                     f" {number}{' (forced number)' if committed.forced else ''}, committed"
                     f" before the ball landed ({a_rule(70)}) and marked as recorded"
                     f" ({rf_rule(18)})"}


def replay(events: list[Any]) -> dict[str, Any]:
    """Every step of one jogada with the state after it; the final state; the RNG check."""
    numbered = _numbered(events)
    jogada_id, wheel_id = one_jogada(numbered)
    codes = account_codes(numbered, ())
    state = _empty_state()
    steps: list[dict[str, Any]] = []
    found: dict[str, Any] = {}
    where: dict[str, int] = {}  # positions of the events the RNG check reads
    for position, e in numbered:
        name = _name(e)
        data = {k: v for k, v in vars(e).items() if k not in _META}
        if name in MONEY_KINDS:
            _apply_money(state, name, e, position, codes)
        else:
            _apply_wheel(state, name, to_json(data))  # new lists and dicts: a copy
            if name in _RNG_EVENTS:
                found[name], where[name] = e, position
        steps.append(replay_step(position, name, e, data, state))  # a copy
    final = to_json(state)
    final["ended"] = state["status"] in ENDED
    final["ended_at"] = next((s["at"] for s in reversed(steps) if s["event"] in ENDINGS), None)
    return {"jogada_id": jogada_id, "wheel_id": wheel_id, "steps": steps, "final": final,
            "rng": _rng(found, where)}
