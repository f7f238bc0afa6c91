"""One blackjack jogada at a time per player, on every device (A63; 903-B 6.3.4(1)).

rules-digest-2 A63: a new jogada of the same game is blocked, whatever the device, while one
of the player's jogadas is incomplete; play on several seats of one table (r7) is one jogada;
different games may run in parallel. A jogada is complete once it is settled or voided (r2:
from the bets to the payment).

How it is known without walking every table: a small stream per player, ``PlayerJogadaSlot``,
names the table and the jogada of the player's last first bet. Since every bet passes this
check, any incomplete jogada of the player is at that table: the check loads the slot and, only
if it names another table, that one table. The slot is written at the player's first bet in each
jogada, so two bets racing at two tables both write it and the event store lets only one win
(as ``SessionSlot`` does for sessions).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.games.blackjack.table import BlackjackTable
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import ConflictError
from domain.kernel.uow import UnitOfWork

_NS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/blackjack/player-jogadas")
RULE = f"{a_rule(63)}, {bj_rule(2)}"


def slot_id(player_id: str) -> UUID:
    return uuid5(_NS, str(player_id))


class PlayerJogadaSlot(LedgerAggregate):
    """The table and jogada of a player's last first bet at blackjack (A63)."""

    @event("Created", topic="ledger.BlackjackPlayerJogadaSlot.Created")
    def __init__(self, player_id: str, actor: str, at: datetime) -> None:
        self.player_id = player_id
        self.table_id: str | None = None
        self.jogada_id: str | None = None

    @staticmethod
    def create_id(player_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return slot_id(player_id)

    @event("JogadaJoined", topic="ledger.BlackjackPlayerJogadaSlot.JogadaJoined")
    def _joined(self, table_id: str, in_jogada: str, actor: str, at: datetime) -> None:
        # ``in_jogada``, not ``jogada_id``: the slot is the player's, not a step of the jogada
        # (the jogada index, projections/money.py ``jogada_of``, collects ``jogada_id``s)
        self.table_id = table_id
        self.jogada_id = in_jogada


def check_no_other_jogada(uow: UnitOfWork, player_id: str, table_id: str) -> None:
    """A63: 409 if the player has a bet in an incomplete jogada at another blackjack table.
    Reads the player's slot and at most one table."""
    slot = uow.find(slot_id(player_id), PlayerJogadaSlot)
    if slot is None or slot.table_id is None or slot.table_id == str(table_id):
        return  # a table runs one jogada at a time: its earlier one has ended
    other = uow.find(UUID(slot.table_id), BlackjackTable)
    jogada = None if other is None else other.jogada
    if jogada is None or jogada["jogada_id"] != slot.jogada_id:
        return
    seats = sorted((s for s, b in jogada["bets"].items() if b["player_id"] == player_id),
                   key=int)
    if not seats:
        return
    raise ConflictError(
        f"jogada {jogada['jogada_id']} at table {slot.table_id} is still in play with a bet"
        " of this player: a new blackjack jogada waits until it ends (on any device)",
        field="table_id", rule=RULE, code="jogada_in_play",
        details={"jogada_id": jogada["jogada_id"], "table_id": slot.table_id,
                 "seats": [int(s) for s in seats]})


def joined(uow: UnitOfWork, player_id: str, table_id: str, jogada_id: str, *, actor: str) -> None:
    """Records the player's bet in ``jogada_id`` (once per jogada: r7's several seats are one)."""
    slot = uow.find(slot_id(player_id), PlayerJogadaSlot)
    if slot is None:
        slot = PlayerJogadaSlot(player_id=player_id, actor=actor, at=uow.at)
        uow.add(slot)
    if (slot.table_id, slot.jogada_id) != (str(table_id), jogada_id):
        slot._joined(table_id=str(table_id), in_jogada=jogada_id, actor=actor, at=uow.at)
