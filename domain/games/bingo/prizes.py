"""The bingo draw, its prizes and their payment, a command ``handler(uow, **args)`` run by the
writer in one transaction.

One ball at a time, at least the room's interval apart (rules 21–22); every prize still in
play that a ball completes is won then (rules 24, 29, 36; A17; engine.py), a prize completed
by several players at once split equally (rule 30, A13, A31: money.py). The bingo ends the draw
(rule 25); then every prize is paid from the pool (rule 26) and, when the bingo came within
the room's preset number of balls (rule 42, A19), the jackpot from its account, which the house
tops back up to its base value (rule 41). Prizes and the jackpot go onto the winners' session
statements (rule 52).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.room import BingoRoom
from domain.games.bingo.rooms import get_room
from domain.games.bingo.sales import move, pay
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE

JACKPOT_CATEGORY = "jackpot"


def draw(uow: UnitOfWork, *, room_id: UUID | str, actor: str) -> dict[str, Any]:
    """One ball (rules 21–22), the prizes it completes (rules 24, 29, 30, 36), and, at the
    bingo, the jackpot (rule 42) and the payment of every prize (rules 25–26)."""
    room = get_room(uow, room_id)
    drawn = room.draw_next(actor=actor, at=uow.at)
    if drawn["bingo"]:
        drawn["payments"] = _settle(uow, room, actor)
    return drawn


def _settle(uow: UnitOfWork, room: BingoRoom, actor: str) -> dict[str, dict[str, int]]:
    jogada = room.open_jogada()
    jid = jogada["jogada_id"]
    payments = prizes_by_player(jogada)
    if room.jackpot_due():
        amount = wallets.get_account(uow, room.jackpot_code).available_cents
        for player_id, share in room.award_jackpot(amount, actor=actor, at=uow.at).items():
            payments.setdefault(player_id, {})[JACKPOT_CATEGORY] = share
    for player_id, prizes in payments.items():
        for prize, amount in prizes.items():
            source = room.jackpot_code if prize == JACKPOT_CATEGORY else room.pool_code
            pay(uow, jid, player_id, jogada["players"][player_id]["session_id"], source=source,
                amount=amount, category=prize, rule=bingo_rule(26), actor=actor)
    if JACKPOT_CATEGORY in {p for prizes in payments.values() for p in prizes}:
        # rule 41: the increments start again from the base value
        move(uow, jid, "jackpot-base", source=HOUSE_CODE, to=room.jackpot_code,
             amount=room.config.jackpot.base_cents, reason="jackpot_base", rule=bingo_rule(41),
             actor=actor)
    room.settle(payments, actor=actor, at=uow.at)
    return payments


def prizes_by_player(jogada: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The prizes won so far: player -> prize -> cents (rule 30: each player's share)."""
    out: dict[str, dict[str, int]] = {}
    for prize, won in jogada["won"].items():
        for player_id, amount in won["shares"].items():
            out.setdefault(player_id, {})[prize] = amount
    return out
