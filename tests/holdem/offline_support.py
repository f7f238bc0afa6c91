"""What the offline tests of hold'em and Omaha share (domain/games/community_poker/offline.py):
real jogadas played through the ledger (certification mode: forced decks, the button's seat,
forced caves), exported with ``export_bundle`` and turned into the ``jogada`` dicts of the
checker's interface (infra/audit/checker/games.py): each event with its ``name`` (the topic's
last part) and ``data``, ``rng`` the output its ``RngCommitted`` recorded (what the checker's
re-derivation from the revealed seed gives, checked there against that record)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from infra.audit.bundle import export_bundle
from tests.holdem.client import Table, new_table
from tests.holdem.support import forced_deck, passive, play_out

SEATS = ("2", "3", "1")  # the button at seat 1: seat 2 the small blind, seat 3 the big (rule 48)
SHOWDOWN = {"holdem": {"1": ["As", "Ah"], "2": ["Kd", "Kc"], "3": ["7s", "2d"]},
            "omaha": {"1": ["As", "Ah", "5c", "6c"], "2": ["Kd", "Kc", "Qs", "Qh"],
                      "3": ["7s", "2d", "8h", "Tc"]}}
SHOWDOWN_BOARD = ["Ad", "9c", "4h", "3s", "Jd"]
# Forced caves 20 €, 50 €, 123,45 €: three all-ins, a main pot and a side pot (rules 39, 41, 42)
CAVES = {1: 2_000, 2: 5_000, 3: 12_345}
SIDE = {"holdem": {"2": ["Kh", "Kd"], "3": ["Qh", "Qd"], "1": ["Ac", "As"]},
        "omaha": {"2": ["Kh", "Kd", "2c", "7s"], "3": ["Qh", "Qd", "3c", "8s"],
                  "1": ["Ac", "As", "4d", "9h"]}}
SIDE_BOARD = ["2s", "5c", "9d", "Jc", "3h"]
# Seats 2 and 3 both make the ace-high straight: the pot splits, the odd cent to seat 2
SPLIT = {"holdem": {"2": ["Tc", "3d"], "3": ["Td", "4h"], "1": ["7c", "8d"]},
         "omaha": {"2": ["Jc", "Tc", "3d", "4d"], "3": ["Jd", "Th", "6s", "7s"],
                   "1": ["8c", "9d", "8h", "9h"]}}
SPLIT_BOARD = {"holdem": ["As", "Ks", "Qd", "Jh", "2c"], "omaha": ["As", "Ks", "Qd", "5h", "2c"]}


def deck(hands: dict[str, list[str]], board: list[str]) -> list[str]:
    return forced_deck([hands[s] for s in SEATS], board)


def three(ledger: Any, game: str, caves: dict[int, int] | None = None, **config: Any) -> Table:
    """Seats 1, 2 and 3 (``caves``: forced starting caves, certification mode)."""
    table = new_table(ledger, game, **config)
    for seat in (1, 2, 3):
        player = table.start_session(table.new_player(name=f"jogador {seat}"))
        if caves is None:
            table.sit(player, seat)
        else:
            table.run("Sit", player_id=str(player.player_id), seat=seat,
                      idempotency_key=f"sit-{player.player_id}", actor=player.actor,
                      forced_cave_cents=caves[seat])
            player.seat = seat
            table.players.append(player)
    return table


def _start(table: Table, hands: dict[str, list[str]], board: list[str]) -> str:
    table.start(forced_deck=deck(hands, board), button_seat=1)
    return table.jogada()["jogada_id"]


def _ended(table: Table, jogada_id: str) -> str:
    assert table.jogada() is None, "the jogada is still open"
    return jogada_id


def _act(table: Table, *steps: tuple[str, str, int | None]) -> None:
    for seat, action, amount in steps:
        table.act(table.by_seat(seat), action, amount)


def showdown(ledger: Any, game: str) -> str:
    """Seat 1 raises to 3 €, seat 2 calls, seat 3 folds, checked down: seat 1's aces win the
    7 € pot less 5 % (0,35 €)."""
    table = three(ledger, game)
    jogada_id = _start(table, SHOWDOWN[game], SHOWDOWN_BOARD)
    _act(table, ("1", "raise", 300), ("2", "call", None), ("3", "fold", None))
    play_out(table, passive)
    return _ended(table, jogada_id)


def fold_out(ledger: Any, game: str) -> str:
    """Seat 1 raises to 3 €, both blinds fold: 2 € uncalled back, the blinds to seat 1, no
    flop and no commission (rules 36, A24)."""
    table = three(ledger, game)
    jogada_id = _start(table, SHOWDOWN[game], SHOWDOWN_BOARD)
    _act(table, ("1", "raise", 300), ("2", "fold", None), ("3", "fold", None))
    return _ended(table, jogada_id)


def side_pots(ledger: Any, game: str) -> str:
    """Seat 1 all in for 20 €, seat 2 all in for 50 €, seat 3 calls: the main pot (60 €) to
    seat 1's aces, the side pot (60 €) to seat 2's kings; the 3 € commission cap is used up
    by the main pot (A24)."""
    table = three(ledger, game, CAVES)
    jogada_id = _start(table, SIDE[game], SIDE_BOARD)
    _act(table, ("1", "all_in", None), ("2", "all_in", None), ("3", "call", None))
    return _ended(table, jogada_id)


def split_pot(ledger: Any, game: str) -> str:
    """Three call 1 €; on the flop seat 2 bets 1,05 €, seat 3 calls, seat 1 folds; checked
    down: seats 2 and 3 tie, 5,10 € less 0,25 € (5 % is 0,255 €, rounded down: rule 19, A24)
    split 2,43 € / 2,42 € (rules 33, 62; A31)."""
    table = three(ledger, game)
    jogada_id = _start(table, SPLIT[game], SPLIT_BOARD[game])
    _act(table, ("1", "call", None), ("2", "call", None), ("3", "check", None),
         ("2", "bet", 105), ("3", "call", None), ("1", "fold", None))
    play_out(table, passive)
    return _ended(table, jogada_id)


def voided(ledger: Any, game: str) -> str:
    """Seat 1 raises to 3 €; a fault of the system voids the jogada (rule 72, A26)."""
    table = three(ledger, game)
    jogada_id = _start(table, SHOWDOWN[game], SHOWDOWN_BOARD)
    _act(table, ("1", "raise", 300))
    table.void()
    return jogada_id


def shuffled(ledger: Any, game: str, heads_up: bool = False) -> list[str]:
    """Two jogadas from the seeded RNG (no forced deck): the button drawn from the first's seed
    (rule 46), then moved (rule 64); checked or called down. ``heads_up``: two seats under the
    heads-up convention (A29: the button posts the small blind and is dealt first)."""
    table = new_table(ledger, game, heads_up_convention=heads_up)
    for seat in (2, 5) if heads_up else (2, 5, 7):
        table.seat_new(seat)
    ids = []
    for _ in range(2):
        table.start()
        ids.append(table.jogada()["jogada_id"])
        play_out(table, passive)
    return ids


def exported(ledger: Any, jogadas: list[str]) -> list[dict[str, Any]]:
    """The jogadas of a bundle, as the checker hands them to the game's offline module."""
    bundle = export_bundle(ledger, jogadas, now="2026-11-27T00:00:00Z")
    by_id = {e["notification_id"]: e for e in bundle["events"]}
    found = []
    for listed in bundle["jogadas"]:
        events = [{**{k: by_id[n][k] for k in ("notification_id", "originator_id",
                                               "originator_version", "topic", "data")},
                   "name": by_id[n]["topic"].rsplit(".", 1)[1]} for n in listed["events"]]
        committed = next(e["data"] for e in events if e["name"] == "RngCommitted")
        found.append({"jogada_id": listed["jogada_id"], "game": listed["game"],
                      "events": events, "rng": {"kind": committed["kind"],
                                                "size": committed["size"],
                                                "output": committed["outcome"]}})
    return found


def changed(jogada: dict[str, Any], name: str, change: Callable[[dict[str, Any]], None],
            nth: int = 0) -> dict[str, Any]:
    """A copy of ``jogada`` whose ``nth`` event called ``name`` has its data changed."""
    altered = copy.deepcopy(jogada)
    change([e for e in altered["events"] if e["name"] == name][nth]["data"])
    return altered


def event_id(jogada: dict[str, Any], name: str, nth: int = 0) -> int:
    return [e for e in jogada["events"] if e["name"] == name][nth]["notification_id"]


def settled(jogada: dict[str, Any]) -> dict[str, Any]:
    return next(e["data"] for e in jogada["events"] if e["name"] == "JogadaSettled")
