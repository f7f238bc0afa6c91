"""A roulette jogada as one of its players may see it: its last jogada's result and amounts bet
(r26, ``player_jogada``) and the replay cut to what the wheel showed it (``player_copy``, the
player's copy of an evidence pack, domain/kernel/player_copy.py). Both read only a replay
(domain/games/roulette/replay.py). Pure: no I/O, no clock.

What a wheel shows every player at it: the announcements (r16), the winning number marked on
the layout (r18), the last winning numbers (r6e, A56) and its own bets, wins and losses (r26,
r27). Each player bets alone against the house (r5): another player's bets, settlement,
refund and identity are never shown to it (issue 24), nor the seed before its reveal (it is
sealed in ``RngCommitted`` until ``RngRevealed`` publishes it: 903-B 6.7.5, A70). Another
player is named by its label ("player 2", in the order of the first bets).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.kernel.errors import NotFoundError
from domain.kernel.player_copy import Copy
from domain.kernel.rules import T903B, cite
from domain.ledger.accounts import wallet_code

OTHERS = ("withheld: another player's identity and bets, never shown at the wheel (each bets"
          f" alone against the house: {rf_rule(5)}; issue 24)")
SEALED = (f"withheld: the seed, sealed until it is revealed at the jogada's end"
          f" ({cite(T903B, '6.7.5')}; {a_rule(70)})")
PERSONAL = ("player_id", "session_id")
_BETS = {"BetsPlaced": ("bets", "amount_cents", "slip"),
         "BetsWithdrawn": ("amount_cents", "slip", "reason"),
         "BetsSettled": ("slips", "staked_cents", "returned_cents", "net_cents")}


def player_jogada(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """r26: the result of the player's last jogada and the amounts bet: the winning number and
    its colour, its bets (each with what it got back, as recorded), what it staked, withdrew
    (A60), got back or had refunded (r23, A60), and its net."""
    final = replayed["final"]
    pid = str(player_id)
    mine = final["players"].get(pid)
    if mine is None:
        raise NotFoundError(f"player {pid} has no bet in jogada {replayed['jogada_id']}",
                            field="player_id", rule=rf_rule(26))
    settlement = mine["settlement"] or {}
    settled = {(str(s["slip"]), b["index"]): b for s in settlement.get("slips") or ()
               for b in s["bets"]}
    bets, withdrawn = [], 0
    for slip, placed in mine["slips"].items():
        if placed["withdrawn"] is not None:
            withdrawn += placed["amount_cents"]
            continue
        for bet in placed["bets"]:
            got = settled.get((slip, bet["index"]))
            bets.append({"slip": int(slip), **{k: bet[k] for k in bet if k != "components"},
                         "positions": [c["key"] for c in bet["components"]],
                         "returned_cents": None if got is None else got["returned_cents"],
                         "won": None if got is None else got["returned_cents"] > 0})
    result = final["result"] or {}
    status = final["status"]
    returned = settlement.get("returned_cents")
    net = final["net_by_account"].get(wallet_code(pid), 0)
    return {
        "jogada_id": replayed["jogada_id"], "wheel_id": replayed["wheel_id"],
        "status": status, "ended_at": final["ended_at"],
        "number": result.get("number"), "colour": result.get("colour"),
        "result": (status if status in ("voided", "refunded") else None if returned is None
                   else "won" if net > 0 else "lost" if net < 0 else "even"),
        "bets": bets, "staked_cents": mine["staked_cents"], "withdrawn_cents": withdrawn,
        "returned_cents": returned, "refunded_cents": mine["refunded_cents"],
        "net_cents": net, "connection_lost": mine["connection_lost"],
        "rule": rf_rule(26),
    }


def player_copy(replayed: dict[str, Any], player_id: UUID | str) -> dict[str, Any]:
    """The replay as the player may see it: its own bets and settlement, the announcements, the
    number and the totals stay; cut: the other players' ids, sessions, bets, settlements and
    refunds (each is its label), the actors naming them, their wallets (by label) and the
    sealed seed of ``RngCommitted`` (the revealed one stays: the player may check it)."""
    pid = str(player_id)
    labels = {p: entry["label"] for p, entry in replayed["final"]["players"].items()
              if p != pid}
    sessions = {entry["session_id"] for p, entry in replayed["final"]["players"].items()
                if p != pid} - {None}
    wallets = {wallet_code(p): f"wallet of {label}" for p, label in labels.items()}
    made = Copy(replayed)
    for step in made.replay["steps"]:
        name, data = step["event"], step["data"]
        _hide_state(step["state"], labels, wallets)
        if name == "RngCommitted":
            made.cut(step, ["sealed_seed_hex"], SEALED)
        if data.get("player_id") in labels:
            made.cut(step, _BETS.get(name, ()), OTHERS)
            made.cut(step, PERSONAL, OTHERS, replace={"player_id": labels[data["player_id"]]})
        if name == "BettingClosed" and set(data.get("players") or ()) & set(labels):
            made.cut(step, ["players"], OTHERS, replace={"players": [
                labels.get(p, p) for p in data["players"]]})
        if set(data.get("results") or ()) & set(labels):  # JogadaSettled: each player's amounts
            made.cut(step, ["results"], OTHERS, replace={"results": {
                p: r for p, r in data["results"].items() if p not in labels}})
        if set(data.get("refunds") or ()) & set(labels):
            made.cut(step, ["refunds"], OTHERS, replace={"refunds": {
                p: c for p, c in data["refunds"].items() if p not in labels}})
        shown_money = {"counterparty": wallets.get(data.get("counterparty"),
                                                   data.get("counterparty")),
                       "transfer_id": _relabel(data.get("transfer_id"), labels)}
        made.cut(step, [k for k, v in shown_money.items() if data.get(k) != v], OTHERS,
                 replace=shown_money)
        actor = (step.get("actor") or "").removeprefix("player:")
        if actor in labels:
            shown = labels[actor]
            made.cut(step, ["actor"], OTHERS, replace={"actor": shown})
            step["actor"] = shown
        if step.get("stream") in sessions:  # a line of another's session statement
            step["stream"] = None
    _hide_state(made.replay["final"], labels, wallets)
    return made.answer()


def _relabel(text: Any, labels: dict[str, str]) -> Any:
    if not isinstance(text, str):
        return text
    for player_id, label in labels.items():
        text = text.replace(player_id, label)
    return text


def _hide_state(state: dict[str, Any], labels: dict[str, str], wallets: dict[str, str]) -> None:
    """The state as the player saw it: the other players by label, with nothing of theirs but
    their share of the table's totals."""
    state["players"] = {labels.get(p, p): ({"label": entry["label"], "withheld": True}
                                           if p in labels else entry)
                        for p, entry in state["players"].items()}
    mine = [entry for entry in state["players"].values() if "withheld" not in entry]
    state["layout"] = dict(mine[0]["positions"]) if mine else {}
    if state["closed"] and state["closed"].get("players"):
        state["closed"]["players"] = [labels.get(p, p) for p in state["closed"]["players"]]
    state["refunds"] = {p: c for p, c in state["refunds"].items() if p not in labels}
    state["connection_lost"] = [c for c in state["connection_lost"]
                                if c["player_id"] not in labels]
    for entry in state["money"]:
        entry["account"] = wallets.get(entry["account"], entry["account"])
        entry["counterparty"] = wallets.get(entry["counterparty"], entry["counterparty"])
        entry["transfer_id"] = _relabel(entry["transfer_id"], labels)
    state["net_by_account"] = {wallets.get(k, k): v for k, v in state["net_by_account"].items()}
