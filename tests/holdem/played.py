"""A hold'em jogada the tests know card by card (certification mode: a forced deck and the
button's seat), played through the ledger with tests/holdem/client.py: what the viewer, the
listing, the significant events and the complaints tests step through and check.

Three seats, the button at seat 1: seat 2 posts the small blind (0,50 €), seat 3 the big blind
(1,00 €); the cards are dealt one at a time from the small blind (rules 49, 50): seat 2 gets
K♦ K♣, seat 3 7♠ 2♦, seat 1 A♠ A♥; the board is A♦ 9♣ 4♥ 3♠ J♦ (no burnt card, rules 53, 55,
57). Seat 1 raises to 3 €, seat 2 calls, seat 3 folds; both check to the river; seat 1 wins the
pot of 7 € with three aces against a pair of kings, less the commission (5 %: 0,35 €)."""

from __future__ import annotations

from typing import Any

from tests.holdem.client import Player, Table, new_table
from tests.holdem.support import forced_deck

HOLE = {"1": ["As", "Ah"], "2": ["Kd", "Kc"], "3": ["7s", "2d"]}
BOARD = ["Ad", "9c", "4h", "3s", "Jd"]
DEAL_ORDER = ["2", "3", "1"]  # from the small blind (rule 49)
DECK = forced_deck([HOLE[s] for s in DEAL_ORDER], BOARD)
POT_CENTS = 300 + 300 + 100
COMMISSION_CENTS = 35


def seated(ledger: Any, game: str = "holdem") -> tuple[Table, dict[str, Player]]:
    table = new_table(ledger, game)
    return table, {str(seat): table.seat_new(seat) for seat in (1, 2, 3)}


def start(table: Table) -> str:
    """The forced jogada started: blinds posted, hole cards dealt; seat 1 to act."""
    table.start(forced_deck=DECK, button_seat=1)
    return table.jogada()["jogada_id"]


def play_out(table: Table, players: dict[str, Player]) -> None:
    table.act(players["1"], "raise", 300)
    table.act(players["2"], "call")
    table.act(players["3"], "fold")
    while table.jogada() is not None:  # flop, turn, river: checked down
        table.act(table.to_act(), "check")


def played(ledger: Any) -> tuple[Table, dict[str, Player], str]:
    """The whole jogada, settled at the showdown."""
    table, players = seated(ledger)
    jogada_id = start(table)
    play_out(table, players)
    return table, players, jogada_id
