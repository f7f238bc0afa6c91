"""Interruptions of a bingo jogada (rules 45–49; rules-digest §1.6).

- A fault of the system (rules 45–47, A15) voids the jogada: the house share and the jackpot
  deduction go back to the pool, the prizes already won are paid (rule 46), the cards of
  players who won nothing are refunded in full with no fee (rule 47), and the house takes (or
  makes up) what is left.
- A player's lost connection (rules 12, 48, 49) is recorded: its purchase stands and its cards
  play on; nothing is cancelled or refunded.
A jogada a crash left unfinished needs no command: every ball was committed before the sale,
so the room's clock completes it from the events (A10).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.prizes import prizes_by_player
from domain.games.bingo.rooms import get_room
from domain.games.bingo.sales import move, pay
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger.accounts import HOUSE_CODE
from domain.sessions.session import REFUND


def void_jogada(uow: UnitOfWork, *, room_id: UUID | str, reason: str,
                actor: str) -> dict[str, Any]:
    """Rules 45–47, A15: a system fault. Prizes already won are paid; the cards of players who
    won nothing are refunded in full (no fee, rule 47); the jackpot deduction goes back."""
    room = get_room(uow, room_id)
    check_text(reason, "reason", 500)
    jogada = room.open_jogada()
    jid = jogada["jogada_id"]
    pool = jogada["pool"]
    if pool is not None:  # after the close of sales: undo the house share and the deduction
        move(uow, jid, "void:house-share", source=HOUSE_CODE, to=room.pool_code,
             amount=pool["house_cents"], reason="bingo_void", rule=bingo_rule(45), actor=actor)
        move(uow, jid, "void:jackpot-deduction", source=room.jackpot_code, to=room.pool_code,
             amount=pool["jackpot_deduction_cents"], reason="bingo_void", rule="A15", actor=actor)
    prizes_paid = prizes_by_player(jogada)  # rule 46: a prize already won is paid
    refunds = {p: b["paid_cents"] for p, b in jogada["players"].items() if p not in prizes_paid}
    paid_in = sum(b["paid_cents"] for b in jogada["players"].values())
    out = sum(refunds.values()) + sum(sum(p.values()) for p in prizes_paid.values())
    # The house makes up prizes beyond the winners' own cards (before the payments), or keeps
    # what the winners' cards paid beyond their prizes (after them).
    move(uow, jid, "void:house-makes-up", source=HOUSE_CODE, to=room.pool_code,
         amount=max(out - paid_in, 0), reason="bingo_void", rule=bingo_rule(46), actor=actor)
    for player_id, prizes in prizes_paid.items():
        for prize, amount in prizes.items():
            pay(uow, jid, player_id, jogada["players"][player_id]["session_id"],
                source=room.pool_code, amount=amount, category=prize, rule=bingo_rule(46),
                actor=actor)
    for player_id, amount in refunds.items():
        pay(uow, jid, player_id, jogada["players"][player_id]["session_id"],
            source=room.pool_code, amount=amount, category=REFUND, rule=bingo_rule("45, 47"),
            actor=actor)
    move(uow, jid, "void:house-share-kept", source=room.pool_code, to=HOUSE_CODE,
         amount=max(paid_in - out, 0), reason="bingo_void", rule=bingo_rule(46), actor=actor)
    room.void(reason=reason, prizes_paid=prizes_paid, refunds=refunds, actor=actor, at=uow.at)
    return {"jogada_id": jid, "voided": True, "prizes_paid": prizes_paid, "refunds": refunds}


def connection_lost(uow: UnitOfWork, *, room_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    """Rules 12, 48, 49: recorded; nothing is cancelled or refunded."""
    room = get_room(uow, room_id)
    pid = str(check_uuid(player_id, "player_id"))
    cards = room.record_connection_lost(pid, actor=actor, at=uow.at)
    return {"jogada_id": room.jogada["jogada_id"], "player_id": pid, "cards_in_play": cards,
            "rule": bingo_rule("12, 48, 49")}
