"""Helpers of the hold'em and Omaha ledger tests: forced decks dealt as rules 49, 50, 53, 55
and 57 say, the money of a table (wallets, the table's account, the commission account) and
readers of the recorded events. Everything goes through the ledger's own commands
(tests/holdem/client.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from domain.ledger.accounts import account_id, wallet_code
from tests.holdem.client import Table, new_table

# Three players at seats 1, 4 and 7: with the button at 7 the cards go to 1, 4, 7 (rule 49).
HOLES = [["As", "Ks"], ["Qh", "Qd"], ["7c", "2d"]]
BOARD = ["Ah", "9s", "4d", "Jc", "3h"]


def three_seated(ledger: Any, game: str = "holdem", **overrides: Any) -> Table:
    """A table of ``game`` with funded players seated at 1, 4 and 7."""
    table = new_table(ledger, game, **overrides)
    for seat in (1, 4, 7):
        table.seat_new(seat)
    return table


def forced_deck(hole_in_deal_order: Sequence[Sequence[str]], board: Sequence[str]) -> list[str]:
    """The shoe, top card first, that deals ``hole_in_deal_order`` (one list per seat, from
    the small blind clockwise: rule 49) one card at a time (rule 50), then the flop, turn and
    river from the top with no burnt card (rules 53, 55, 57)."""
    passes = len(hole_in_deal_order[0])
    deck = [hand[p] for p in range(passes) for hand in hole_in_deal_order] + list(board)
    assert len(set(deck)) == len(deck), "a card twice"
    return deck


def account(ledger: Any, code: str) -> Any:
    return ledger.app.repository.get(account_id(code))


def balance(ledger: Any, code: str) -> int:
    return account(ledger, code).balance_cents


def wallet(ledger: Any, player_id: UUID) -> int:
    return balance(ledger, wallet_code(player_id))


def money(table: Table) -> dict[str, int]:
    """Every account the table's players' money can be in."""
    codes = [wallet_code(p.player_id) for p in table.players]
    codes += [table.described["account_code"], table.described["commission_account"]]
    return {code: balance(table.ledger, code) for code in codes}


def caves(table: Table) -> dict[str, int]:
    return {seat: s["cave_cents"] for seat, s in table.describe()["seats"].items()}


def table_events(table: Table, jogada_id: str | None = None) -> list[Any]:
    events = [table.ledger.app.mapper.to_domain_event(stored) for stored in
              table.ledger.app.recorder.select_events(UUID(table.table_id))]
    if jogada_id is not None:
        events = [e for e in events if getattr(e, "jogada_id", None) == jogada_id]
    return events


def names(events: Sequence[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def only(events: Sequence[Any], name: str) -> Any:
    found = [e for e in events if type(e).__name__ == name]
    assert len(found) == 1, f"{len(found)} {name} events in {names(events)}"
    return found[0]


def play_out(table: Table, choose) -> None:
    """Plays the open jogada to its end: ``choose(view)`` answers (action, amount) from the
    acting player's own view."""
    while table.jogada() is not None:
        player = table.to_act()
        action, amount = choose(table.describe(player))
        table.act(player, action, amount)


def passive(view: dict[str, Any]) -> tuple[str, None]:
    options = view["your_options"]
    return ("check" if options["check"] else "call"), None


BUST = {"holdem": [["7c", "2d"], ["Ah", "Ad"], ["8c", "3d"]],
        "omaha": [["7c", "2d", "3h", "8s"], ["Ah", "Ad", "Kc", "Kd"], ["8c", "3d", "5s", "Jc"]]}


def bust_seat_one(table: Table) -> None:
    """Seats 1, 2, 3 (button 3) at a no-limit table: seat 3 folds, seat 1 goes all in with
    nothing and seat 2 calls with aces (Omaha: aces and kings), so seat 1 loses its whole cave
    (certification mode: a forced deck)."""
    table.start(button_seat=3, forced_deck=forced_deck(BUST[table.game],
                                                       ["Ks", "Qs", "9h", "6d", "4c"]))
    table.act(table.by_seat(3), "fold")
    table.act(table.by_seat(1), "all_in")
    table.act(table.by_seat(2), "call")
    assert caves(table)["1"] == 0


def cited(game: str, rule: str | int) -> str:
    """A rule as the table's game cites it (the same numbering in both, rules-digest §7)."""
    return f"{'Omaha' if game == 'omaha' else 'hold' + chr(39) + 'em'} rule {rule}"
