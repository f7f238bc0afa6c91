"""Póquer sem descarte: interruptions (rules 33–36; rules-digest §1.6).

- A fault of the player's equipment (rules 34–36) is recorded: with its decision due, the hand
  is folded (rules 34, 35); after "continue" it stands and is settled (rule 36); before the
  deal the jogada goes on (rule 34).
- A fault of the system (rule 33) voids the jogada: every bet goes back, in full, with no fee
  (a folded ante, a side bet already collected into the jackpot and the house's share of it
  included), and the refunds go onto the players' session statements (rule 39).
- At start-up, a jogada a crash of this service left open is such a fault (rule 33, A10): it
  is voided and refunded (``recover``).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.semdescarte import jackpot as jackpot_rules
from domain.games.semdescarte.betting import hold_id
from domain.games.semdescarte.config import sd_rule
from domain.games.semdescarte.decisions import finish_if_decided, fold, record_win
from domain.games.semdescarte.registry import REGISTRY_ID, TableRegistry
from domain.games.semdescarte.seats import free_seats_of_ended_sessions, get_table
from domain.games.semdescarte.table import CONTINUE, DECIDING, FOLD, SemDescarteTable
from domain.kernel.errors import ConflictError
from domain.kernel.significant import SERVICE_RESTART
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.sessions.session import REFUND


def connection_lost(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    """Rules 34–36: a fault of the player's equipment."""
    table = get_table(uow, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    jogada = table.open_jogada()
    seat = table.seat_of(pid)
    if seat is None or seat not in jogada["bets"]:
        raise ConflictError("the player has no bet in the open jogada", field="player_id")
    bet = jogada["bets"][seat]
    table.record_connection_lost(seat, actor=actor, at=uow.at)
    if bet["decision"] is None and jogada["status"] == DECIDING:
        fold(uow, table, seat, "connection_lost", actor)
        effect = "folded"
    else:
        effect = "stands"
    settled = finish_if_decided(uow, table, actor)
    cited = (sd_rule("34, 35") if effect == "folded" else sd_rule(36) if bet["decision"] == CONTINUE
             else sd_rule(34))  # before the deal: the jogada goes on; no decision → rule 32
    return {"jogada_id": jogada["jogada_id"], "seat": int(seat), "effect": effect,
            "rule": cited, "settled": settled}


def void_jogada(uow: UnitOfWork, *, table_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    """Rule 33: a fault of the system voids the jogada and every bet goes back, in full."""
    check_text(reason, "reason", 200)
    table = get_table(uow, table_id)
    jogada = table.open_jogada()
    jid = jogada["jogada_id"]
    refunds: dict[str, int] = {}
    for seat in sorted(jogada["bets"], key=int):
        bet = jogada["bets"][seat]
        pid = UUID(bet["player_id"])
        refs = {"jogada_id": jid, "rule": sd_rule(33)}
        refund = bet["ante_cents"] + bet["bet_cents"]
        if bet["decision"] == FOLD:  # the ante was posted on the fold: it comes back
            wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=wallet_code(pid),
                                     transfer_id=hold_id(jid, seat, "refund"),
                                     amount_cents=bet["ante_cents"], reason="void", refs=refs,
                                     actor=actor)
        else:
            wallets.void_stake(uow, player_id=pid, transfer_id=hold_id(jid, seat, "ante"),
                               reason="void", actor=actor)
        stake = bet["jackpot_bet_cents"]
        if stake and jogada.get("jackpot_collected"):
            kept = jackpot_rules.house_share(table.config.jackpot)
            if kept:
                wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=table.jackpot_code,
                                         transfer_id=hold_id(jid, seat, "jackpot-house-share-back"),
                                         amount_cents=kept, reason="void", refs=refs,
                                         actor=actor)
            wallets.transfer_between(uow, from_code=table.jackpot_code, to_code=wallet_code(pid),
                                     transfer_id=hold_id(jid, seat, "jackpot-refund"),
                                     amount_cents=stake, reason="void", refs=refs, actor=actor)
        elif stake:
            wallets.void_stake(uow, player_id=pid, transfer_id=hold_id(jid, seat, "jackpot"),
                               reason="void", actor=actor)
        refunds[seat] = refund + stake
        record_win(uow, bet, jid, refund + stake, REFUND, actor)
    table.void(reason=reason, refunds=refunds, actor=actor, at=uow.at)
    free_seats_of_ended_sessions(uow, table, actor)
    return {"jogada_id": jid, "voided": True, "reason": reason, "rule": sd_rule(33),
            "refunds_cents": {int(s): c for s, c in refunds.items()}}


def recover(uow: UnitOfWork, *, actor: str) -> list[str]:
    """At start-up: a jogada left open by a crash of this service is a fault of the system
    (rule 33, A10): it is voided and every bet goes back. Returns the voided jogada ids."""
    registry = uow.find(REGISTRY_ID, TableRegistry)
    if registry is None:
        return []
    voided = []
    for table_id in registry.table_ids:
        table = uow.find(UUID(table_id), SemDescarteTable)
        if table is not None and table.jogada is not None:
            voided.append(void_jogada(uow, table_id=table_id, reason=SERVICE_RESTART,
                                      actor=actor)["jogada_id"])
    return voided
