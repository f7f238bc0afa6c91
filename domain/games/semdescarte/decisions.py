"""Póquer sem descarte: the players' decisions and the settlement of the jogada, each run by
the writer in one transaction with the money and the players' sessions.

- Each player folds or continues (rules 20–23): a fold posts the ante and releases the rest of
  the hold (rule 22); "continue" bets exactly 2 × ante, covered by the hold (rules 2f, 23; A8).
- When the last player has decided, the bank shows its cards (rules 24–25) and every hand is
  settled (rules 26–29, 12, 13; A1–A5, settlement.py): a loss posts the hold; a win, a push or
  a bank that does not qualify voids it (the stakes go back) and the house pays the win.
- The jackpot (Portaria 461/2001 r9, A12: paid whether or not the bank qualifies, not for a
  folded hand) is paid from the table's jackpot account; after a royal flush the house funds
  it back to its starting value (r10).
- Bets and wins go onto the player's session statement (rule 39), also when the session ended
  while the jogada was in play (rule 2e); a seated player who did not bet counts towards the
  inactivity procedure (rules 41b, 42); seats of sessions that ended are freed (rule 2e).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.cards.poker_hands import evaluate
from domain.games.semdescarte import jackpot as jackpot_rules
from domain.games.semdescarte.betting import hold_id
from domain.games.semdescarte.config import pt_rule
from domain.games.semdescarte.seats import free_seats_of_ended_sessions, get_table
from domain.games.semdescarte.settlement import bank_qualifies, settle
from domain.games.semdescarte.table import CONTINUE, DECIDING, FOLD, SemDescarteTable
from domain.games.semdescarte.views import player_view
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.sessions.commands import record_game_win
from domain.sessions.session import GameSession


def decide(uow: UnitOfWork, *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           decision: str, actor: str) -> dict[str, Any]:
    """Rules 20–23: fold (the ante is lost) or continue (the bet is exactly 2 × ante). When the
    last player has decided, the bank shows its cards and the jogada settles (rules 24–29)."""
    table = get_table(uow, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    check_text(jogada_id, "jogada_id")  # 903-B 7.9.1: a NUL is refused, not echoed in a 409
    seat = table.check_decision(pid, jogada_id, decision, uow.at)
    if decision == FOLD:
        fold(uow, table, seat, "player", actor)
    else:
        session = uow.find(UUID(table.jogada["bets"][seat]["session_id"]), GameSession)
        bet = table.continue_(seat, actor=actor, at=uow.at)
        if _recording(session, jogada_id, uow):  # guarded: a refusal here would half-record the decision
            session.record_bet(jogada_id, bet, actor=actor, at=uow.at)
    settled = finish_if_decided(uow, table, actor)
    return {"jogada_id": jogada_id, "seat": int(seat), "decision": decision,
            "settled": settled, "view": player_view(table, pid, jogada_id)}


def fold(uow: UnitOfWork, table: SemDescarteTable, seat: str, reason: str, actor: str) -> None:
    jogada = table.open_jogada()
    bet = jogada["bets"][seat]
    table.fold(seat, reason=reason, actor=actor, at=uow.at)
    wallets.post_stake(uow, player_id=UUID(bet["player_id"]),  # rule 22: the ante is lost
                       transfer_id=hold_id(jogada["jogada_id"], seat, "ante"),
                       amount_cents=bet["ante_cents"], reason="fold", actor=actor)


def finish_if_decided(uow: UnitOfWork, table: SemDescarteTable, actor: str) -> bool:
    if table.jogada is None or table.jogada["status"] != DECIDING or table.undecided():
        return False
    _settle(uow, table, actor)
    return True


def _settle(uow: UnitOfWork, table: SemDescarteTable, actor: str) -> None:
    jogada = table.open_jogada()
    jid = jogada["jogada_id"]
    bank_cards = jogada["bank_cards"]
    bank_value = evaluate(bank_cards)
    table.reveal_bank(bank_hand=bank_value.words, qualifies=bank_qualifies(bank_value),
                      actor=actor, at=uow.at)
    outcomes: dict[str, dict[str, Any]] = {}
    for seat in sorted(jogada["bets"], key=int):
        bet = jogada["bets"][seat]
        pid = UUID(bet["player_id"])
        outcome = settle(ante_cents=bet["ante_cents"], continued=bet["decision"] == CONTINUE,
                         player_cards=jogada["hands"][seat], bank_cards=bank_cards)
        outcomes[seat] = {"player_id": bet["player_id"], **outcome.to_dict()}
        if bet["decision"] == FOLD:  # the ante was posted at the fold (rule 22)
            continue
        ante_hold = hold_id(jid, seat, "ante")
        if outcome.lost_cents:
            wallets.post_stake(uow, player_id=pid, transfer_id=ante_hold,
                               amount_cents=outcome.lost_cents, reason=outcome.result, actor=actor)
        else:
            wallets.void_stake(uow, player_id=pid, transfer_id=ante_hold, reason=outcome.result,
                               actor=actor)
        if outcome.won_cents:
            wallets.transfer_between(
                uow, from_code=HOUSE_CODE, to_code=wallet_code(pid),
                transfer_id=hold_id(jid, seat, "win"), amount_cents=outcome.won_cents,
                reason=outcome.result, refs={"jogada_id": jid, "rule": outcome.rule},
                actor=actor)
        record_win(uow, bet, jid, outcome.paid_out_cents, outcome.result,
                   actor)
    awards = _pay_jackpot(uow, table, actor)
    table.settle(outcomes=outcomes, jackpot=awards, actor=actor, at=uow.at)
    _count_idle_seats(uow, table, jogada, actor)
    free_seats_of_ended_sessions(uow, table, actor)  # rule 2e: they stayed until now


def record_win(uow: UnitOfWork, bet: dict[str, Any], jogada_id: str, amount: int,
               category: str, actor: str) -> None:
    """Into the player's session statement (rule 39), also when the session ended while the
    jogada was in play."""
    record_game_win(uow, bet["session_id"], jogada_id, amount, category, actor)


def _recording(session: GameSession | None, jogada_id: str, uow: UnitOfWork) -> bool:
    """Whether the session takes the jogada's bets and wins: open (no warned inactivity
    minute run out, A43), or it had bet in this jogada before it ended."""
    return session is not None and session.takes(jogada_id, uow.at)


def _pay_jackpot(uow: UnitOfWork, table: SemDescarteTable, actor: str) -> list[dict[str, Any]]:
    """Portaria r9 (paid whether or not the bank qualifies), A12 (not for folded hands)."""
    config = table.config
    jogada = table.open_jogada()
    if config.jackpot is None:
        return []
    winners = [(seat, evaluate(jogada["hands"][seat]).category)
               for seat in sorted(jogada["bets"], key=int)
               if jogada["bets"][seat]["jackpot_bet_cents"] and jogada["bets"][seat]["decision"] != FOLD]
    if not winners:
        return []
    pool = wallets.get_account(uow, table.jackpot_code)
    paid = jackpot_rules.awards(pool.available_cents, config.jackpot.stake_cents, winners)
    out = []
    for award in paid:
        bet = jogada["bets"][award.seat_key]
        if award.amount_cents:
            wallets.transfer_between(
                uow, from_code=table.jackpot_code, to_code=wallet_code(bet["player_id"]),
                transfer_id=hold_id(jogada["jogada_id"], award.seat_key, "jackpot-prize"),
                amount_cents=award.amount_cents, reason="jackpot_prize",
                refs={"jogada_id": jogada["jogada_id"], "rule": award.rule}, actor=actor)
            record_win(uow, bet, jogada["jogada_id"], award.amount_cents,
                       f"jackpot_{award.category}", actor)
        out.append({"seat": award.seat_key, "player_id": bet["player_id"],
                    "category": award.category, "amount_cents": award.amount_cents,
                    "shortfall_cents": award.shortfall_cents, "rule": award.rule})
    if any(a.category == "royal_flush" for a in paid):
        refill = jackpot_rules.refill(pool.available_cents, config.jackpot)
        if refill:  # A12: the house funds the pool back to its starting value
            wallets.transfer_between(
                uow, from_code=HOUSE_CODE, to_code=table.jackpot_code,
                transfer_id=f"{jogada['jogada_id']}:jackpot-refill", amount_cents=refill,
                reason="jackpot_refill",  # part of the jogada's record (its replay, its audit)
                refs={"jogada_id": jogada["jogada_id"], "rule": pt_rule("10")}, actor=actor)
    return out


def _count_idle_seats(uow: UnitOfWork, table: SemDescarteTable, jogada: dict[str, Any],
                      actor: str) -> None:
    """Rule 41b: on a multi-seat table a seated player who did not bet in the jogada counts
    towards the inactivity invitation and warning (rule 42)."""
    if table.individual:
        return
    for seat, holder in sorted(table.seats.items(), key=lambda kv: int(kv[0])):
        if seat in jogada["bets"]:
            continue
        session = uow.find(UUID(holder["session_id"]), GameSession)
        if session is not None and not session.ended:
            session.record_jogada_without_bet(jogada["jogada_id"], actor=actor, at=uow.at)
