"""Blackjack: interruptions (r27–r30; A55, A62; rules-digest-2 §1.8).

- A fault of the network or of the player's equipment (r29, r30) is recorded
  (``PlayerConnectionLost``) and never voids the jogada: the bet stands, a win is paid, a loss
  collected. Who plays the hand is A55's: at a multi-player table the clock's default play when
  the decision time runs out; at an individual table the hand waits, up to 90 days (clock.py).
- A fault of the system that leaves the cards, a score or their comparison undeterminable
  voids the jogada (r27): every stake comes back (r28) and every payout already made in it (a
  natural paid at once, even money, r20) is reversed (A62: "ocorreu um erro; todos os
  pagamentos e apostas são anulados"). Open holds are voided; for each seat the stakes already
  lost to the house less the payouts already made are refunded (``…:seat{s}:refund``), or, when
  the payouts were larger, taken back (``…:seat{s}:reversal``). The refund goes on the
  session's statement (r33).
- At start-up, a jogada that a crash of this service left open is such a fault (r27, A10): it
  is voided and refunded (``recover``), as póquer sem descarte does. Its outcome could often be
  completed from the committed shoe, but a crash is a fault of the system, and the rule the
  other games follow keeps one treatment for every game.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack.play import hold_id
from domain.games.blackjack.registry import REGISTRY_ID, TableRegistry
from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.games.blackjack.seats import free_seats_of_ended_sessions, get_table
from domain.games.blackjack.table import BlackjackTable
from domain.kernel.errors import ConflictError
from domain.kernel.significant import SERVICE_RESTART
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.sessions.commands import record_game_win
from domain.sessions.session import REFUND, REVERSAL

VOID_RULE = bj_rule(27, 28) + ", " + a_rule(62)
ERROR_MESSAGE = "ocorreu um erro; todos os pagamentos e apostas são anulados"  # A62


def connection_lost(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    """r29, r30: recorded; the jogada goes on."""
    table = get_table(uow, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    jogada = table.open_jogada()
    seats = [s for s in table.seats_of(pid) if s in jogada["bets"]]
    if not seats:
        raise ConflictError("the player has no bet in the open jogada", field="player_id")
    for seat in seats:
        table.record_connection_lost(seat, actor=actor, at=uow.at)
    return {"jogada_id": jogada["jogada_id"], "seats": [int(s) for s in seats],
            "effect": "stands", "rule": bj_rule(29, 30) + ", " + a_rule(55)}


def void_jogada(uow: UnitOfWork, *, table_id: UUID | str, reason: str,
                actor: str) -> dict[str, Any]:
    """r27, r28, A62: every stake back, every payout of the jogada reversed."""
    check_text(reason, "reason", 200)
    table = get_table(uow, table_id)
    jogada = table.open_jogada()
    jid = jogada["jogada_id"]
    refunds: dict[str, int] = {}
    reversed_: dict[str, int] = {}
    for seat in sorted(jogada["bets"], key=int):
        bet = jogada["bets"][seat]
        pid = UUID(bet["player_id"])
        wallet = wallets.get_wallet(uow, pid)
        transfers = [hold_id(jid, seat, "insurance")]
        for index, h in enumerate(jogada["hands"].get(seat, [])):
            transfers += [hold_id(jid, seat, f"hand{index}"),
                          hold_id(jid, seat, f"hand{index}:double")]
        if not jogada["hands"].get(seat):
            transfers.append(hold_id(jid, seat, "hand0"))
        for transfer in transfers:
            if transfer in wallet.holds:
                wallets.void_stake(uow, player_id=pid, transfer_id=transfer, reason="void",
                                   actor=actor)
        settled = list(jogada["results"].get(seat, {}).values())
        insured = jogada["insurance_results"].get(seat)
        lost = sum(r["lost_cents"] for r in settled) + (insured or {}).get("lost_cents", 0)
        paid = sum(r["won_cents"] + r["prize_cents"] for r in settled) + \
            (insured or {}).get("won_cents", 0)
        refs = {"jogada_id": jid, "rule": VOID_RULE}
        reversed_[seat] = paid
        if lost > paid:
            wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=wallet_code(pid),
                                     transfer_id=hold_id(jid, seat, "refund"),
                                     amount_cents=lost - paid, reason="void", refs=refs,
                                     actor=actor)
        elif paid > lost:
            wallets.transfer_between(uow, from_code=wallet_code(pid), to_code=HOUSE_CODE,
                                     transfer_id=hold_id(jid, seat, "reversal"),
                                     amount_cents=paid - lost, reason="void", refs=refs,
                                     actor=actor)
        staked = _staked(jogada, seat)
        refunds[seat] = staked
        returned = sum(r["returned_cents"] for r in settled) + \
            (insured or {}).get("returned_cents", 0)
        # r33, A62: the statement shows the stakes not yet returned coming back, and the
        # payouts taken back, so that the jogada nets zero there as in the wallet
        record_game_win(uow, bet["session_id"], jid, staked - returned, REFUND, actor)
        record_game_win(uow, bet["session_id"], jid, paid, REVERSAL, actor)
    table.void(reason=reason, refunds=refunds, reversed_=reversed_, rule=VOID_RULE, actor=actor,
               at=uow.at)
    free_seats_of_ended_sessions(uow, table, actor)
    return {"jogada_id": jid, "voided": True, "reason": reason, "rule": VOID_RULE,
            "message": ERROR_MESSAGE, "refunds_cents": {int(s): c for s, c in refunds.items()}}


def _staked(jogada: dict[str, Any], seat: str) -> int:
    """Everything the seat staked in the jogada: its hands (doubles, splits) and insurance."""
    hands = jogada["hands"].get(seat)
    total = sum(h["stake_cents"] for h in hands) if hands else \
        jogada["bets"][seat]["amount_cents"]
    return total + jogada["insurance"].get(seat, 0)


def recover(uow: UnitOfWork, *, actor: str) -> list[str]:
    """At start-up: a jogada a crash of this service left open is a fault of the system (r27,
    A10): voided, every stake back (r28). Returns the voided jogada ids."""
    registry = uow.find(REGISTRY_ID, TableRegistry)
    if registry is None:
        return []
    voided = []
    for table_id in registry.table_ids:
        table = uow.find(UUID(table_id), BlackjackTable)
        if table is not None and table.jogada is not None:
            voided.append(void_jogada(uow, table_id=table_id, reason=SERVICE_RESTART,
                                      actor=actor)["jogada_id"])
    return voided
