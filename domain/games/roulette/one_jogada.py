"""One roulette jogada at a time per player, on every device (A63; 903-B 6.3.4(1)).

rules-digest-2 A63: a new jogada of the same game is blocked, whatever the device, while one of
the player's jogadas is incomplete; different games may run in parallel. Several slips in one
jogada of one wheel are one jogada. A jogada is complete once it is settled, voided or
refunded (r3: from the bets to the payment).

As blackjack does (domain/games/blackjack/one_jogada.py): a small stream per player,
``RoulettePlayerJogadaSlot``, names the wheel and the jogada of the player's last first bet.
Every bet passes this check, so any incomplete jogada of the player is at that wheel: the check
loads the slot and, only if it names another wheel, that one wheel. Two first bets racing at
two wheels both write the slot and the event store lets only one win.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import ConflictError
from domain.kernel.uow import UnitOfWork

_NS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/roulette/player-jogadas")
RULE = f"{a_rule(63)}, {rf_rule(3)}"


def slot_id(player_id: str) -> UUID:
    return uuid5(_NS, str(player_id))


class PlayerJogadaSlot(LedgerAggregate):
    """The wheel and jogada of a player's last first bet at roulette (A63; r26 reads it)."""

    @event("Created", topic="ledger.RoulettePlayerJogadaSlot.Created")
    def __init__(self, player_id: str, actor: str, at: datetime) -> None:
        self.player_id = player_id
        self.wheel_id: str | None = None
        self.jogada_id: str | None = None

    @staticmethod
    def create_id(player_id: str, **_: Any) -> UUID:  # type: ignore[override]
        return slot_id(player_id)

    @event("JogadaJoined", topic="ledger.RoulettePlayerJogadaSlot.JogadaJoined")
    def _joined(self, wheel_id: str, in_jogada: str, actor: str, at: datetime) -> None:
        # ``in_jogada``, not ``jogada_id``: the slot is the player's, not a step of the jogada
        # (the jogada index collects ``jogada_id``s)
        self.wheel_id = wheel_id
        self.jogada_id = in_jogada


def find_slot(uow: UnitOfWork, player_id: str) -> PlayerJogadaSlot | None:
    return uow.find(slot_id(player_id), PlayerJogadaSlot)


def check_no_other_jogada(uow: UnitOfWork, player_id: str, wheel_id: str) -> None:
    """A63: 409 if the player has bets in an incomplete jogada at another roulette wheel.
    Reads the player's slot and at most one wheel."""
    slot = find_slot(uow, player_id)
    if slot is None or slot.wheel_id is None or slot.wheel_id == str(wheel_id):
        return  # a wheel runs one jogada at a time: its earlier one has ended
    other = uow.find(UUID(slot.wheel_id), RouletteWheel)
    jogada = None if other is None else other.jogada
    if jogada is None or jogada["jogada_id"] != slot.jogada_id or \
            not other.live_slips(player_id):
        return
    raise ConflictError(
        f"jogada {jogada['jogada_id']} at wheel {slot.wheel_id} is still in play with bets of"
        " this player: a new roulette jogada waits until it ends (on any device)",
        field="wheel_id", rule=RULE, code="jogada_in_play",
        details={"jogada_id": jogada["jogada_id"], "wheel_id": slot.wheel_id})


def joined(uow: UnitOfWork, player_id: str, wheel_id: str, jogada_id: str, *,
           actor: str) -> None:
    """Records the player's bets in ``jogada_id`` (once per jogada: several slips are one)."""
    slot = find_slot(uow, player_id)
    if slot is None:
        slot = PlayerJogadaSlot(player_id=player_id, actor=actor, at=uow.at)
        uow.add(slot)
    if (slot.wheel_id, slot.jogada_id) != (str(wheel_id), jogada_id):
        slot._joined(wheel_id=str(wheel_id), in_jogada=jogada_id, actor=actor, at=uow.at)
