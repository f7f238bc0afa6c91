"""How tests/community_poker/legacy/action_taken.json was made: hold'em and Omaha tables played
by the ledger's commands at commit 842e228, before a poker action recorded what the engine
decided (``ActionApplied``): every ``ActionTaken`` of this file carries only the action, and the
table's mutator ran the engine again. Kept to say what the fixture holds; run at that commit
(``capture(ledger, clock)`` in certification mode) it writes the same file again. Run now, it
would record ``ActionApplied`` events: the file is a record of the old code, not regenerated.

What is kept per table: its stream's stored events (topic, version, state as stored), the
SHA-256 of the table's state after each of them (``digest``) and its last state in full; per
ended jogada: the stored events of the jogada index (money and sessions included; the table's
own by version), the re-adjudication and the PHH file in full, and the digests of the replay
and the viewer's steps."""

from __future__ import annotations

import hashlib
import json
from typing import Any
from uuid import UUID

from domain.games.community_poker.adjudication import adjudicate
from domain.games.community_poker.phh import to_phh
from domain.games.community_poker.replay import replay
from domain.games.community_poker.viewer import viewer_steps
from domain.kernel.errors import ConflictError
from infra.services import jogada_views
from tests.holdem.client import new_table
from tests.holdem.support import forced_deck, passive, play_out


def digest(value: Any) -> str:
    """The SHA-256 of a value's canonical JSON (what the file keeps of the bigger views)."""
    text = json.dumps(value, default=str, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def state_of(table: Any) -> Any:
    """The table's state (the library's bookkeeping left out)."""
    return {k: v for k, v in vars(table).items() if k not in ("_pending_events",)}


def stored(app: Any, events: list[Any], table_id: str | None = None) -> list[dict[str, Any]]:
    """The events as stored; those of the table's own stream (``table_id``) by version only;
    of (position, event) pairs, with the position in the log."""
    out: list[dict[str, Any]] = []
    for item in events:
        position, e = item if isinstance(item, tuple) else (None, item)
        s = app.mapper.to_stored_event(e)
        at = {} if position is None else {"position": position}
        if str(s.originator_id) == table_id:
            out.append({"table_version": s.originator_version, **at})
            continue
        out.append({"originator_id": str(s.originator_id), "version": s.originator_version,
                    "topic": s.topic, "state": s.state.decode(), **at})
    return out


def _views(events: list[Any]) -> dict[str, Any]:
    replayed = replay(events)
    try:
        phh = to_phh(events, table_name="mesa")
    except ConflictError as refused:
        phh = refused.code
    return {"replay": digest(replayed),
            "adjudication": json.loads(json.dumps(adjudicate(events), default=str,
                                                  sort_keys=True)),
            "viewer": digest(viewer_steps(replayed)), "phh": phh}


def _table_record(ledger: Any, table: Any) -> dict[str, Any]:
    app = ledger.app
    events = [app.mapper.to_domain_event(s) for s in app.recorder.select_events(
        UUID(table.table_id))]
    states, aggregate = [], None
    for e in events:
        aggregate = e.mutate(aggregate)
        states.append(digest(state_of(aggregate)))
    jogadas = {}
    for number in range(1, aggregate.jogadas_started + 1):
        jogada_id = f"{table.table_id}:{number}"
        if aggregate.jogada is not None and aggregate.jogada["jogada_id"] == jogada_id:
            continue  # still open
        _, found = jogada_views.jogada_events(ledger, jogada_id)
        jogadas[jogada_id] = {"events": stored(app, found, table.table_id), **_views(found)}
    return {"game": table.game, "table_id": table.table_id, "events": stored(app, events),
            "states": states, "final": json.loads(json.dumps(
                state_of(aggregate), default=str, sort_keys=True)), "jogadas": jogadas}


def _holdem(ledger: Any, clock: Any) -> Any:
    table = new_table(ledger, "holdem", commission={"mode": "pot", "percent_bp": 500})
    for seat in (1, 4, 7):
        table.seat_new(seat)
    table.start(button_seat=1, forced_deck=forced_deck(
        [["2c", "3d"], ["8h", "8d"], ["Ah", "Ad"]], ["Ks", "Qs", "9h", "7d", "4c"]))
    table.act(table.by_seat(1), "raise", 4_000)
    table.act(table.by_seat(4), "call")
    table.act(table.by_seat(7), "fold")
    play_out(table, lambda view: ("check", None))
    # three all-ins at three levels: a short raise (A27), side pots (rules 41, 42)
    table.start(forced_deck=forced_deck([["Kh", "Kd"], ["Qh", "Qd"], ["Ac", "As"]],
                                        ["2s", "5c", "9d", "Jc", "3h"]))
    table.act(table.by_seat(4), "all_in")
    table.act(table.by_seat(7), "all_in")
    table.act(table.by_seat(1), "call")
    # a raise, a re-raise, a timeout (rule 45), bets on the flop and the turn
    table.start()
    table.act(table.to_act(), "raise", 300)
    table.act(table.to_act(), "raise", 900)
    clock.advance(seconds=21)
    table.tick()
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "bet", 500)
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "check")
    table.act(table.to_act(), "bet", 1_000)
    table.act(table.to_act(), "fold")
    # voided after a bet (rule 72, A26)
    table.start()
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "raise", 400)
    table.void()
    # left open: the preflop betting done, a bet on the flop
    table.start()
    play_out_street(table)
    table.act(table.to_act(), "bet", 200)
    return table


def play_out_street(table: Any) -> None:
    street = table.jogada()["street"]
    while table.jogada()["street"] == street:
        action, amount = passive(table.describe(table.to_act()))
        table.act(table.to_act(), action, amount)


def _omaha(ledger: Any) -> Any:
    table = new_table(ledger, "omaha", structure="pot_limit")
    for seat in (2, 5, 6, 9):
        table.seat_new(seat)
    table.start(button_seat=2, forced_deck=forced_deck(
        [["Ah", "Kh", "Qd", "Jd"], ["2c", "3c", "8s", "8h"], ["Ts", "9s", "4d", "4c"],
         ["As", "Ad", "7h", "6h"]], ["Kd", "8c", "4h", "2s", "Qh"]))
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "raise", 350)
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "fold")
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "bet", 1_000)
    table.act(table.to_act(), "raise", 4_000)
    table.act(table.to_act(), "call")
    table.act(table.to_act(), "fold")
    play_out(table, passive)
    table.start()
    play_out(table, passive)
    return table


def _limit(ledger: Any) -> Any:
    table = new_table(ledger, "holdem", structure="limit", raise_cap=3)
    for seat in (1, 2, 3):
        table.seat_new(seat)
    table.start(button_seat=3)
    for action in ("raise", "raise", "raise", "call", "call"):  # rule 38: the cap reached
        view = table.describe(table.to_act())
        span = view["your_options"]["raise"]
        table.act(table.to_act(), action, span["min"] if action == "raise" else None)
    play_out(table, passive)
    return table


def capture(ledger: Any, clock: Any) -> dict[str, Any]:
    tables = [_holdem(ledger, clock), _omaha(ledger), _limit(ledger)]
    return {"commit": "842e228", "tables": [_table_record(ledger, t) for t in tables]}
