"""Blackjack: how a jogada moves on after each step, and the money of each settlement, in the
caller's transaction (betting.py, decisions.py, clock.py).

- After the deal: a natural against an up card of 2–9 is paid 3:2 at once (r20a); against an
  up ace the offers come first (A51); then the hands play in turn (hands.DRAW_ORDER), each turn
  a ``TurnStarted`` listing the options, their cost and whether the balance covers them (r24,
  A49); a hand at 21, or a split ace with its card, stands by itself (r15d, r21).
- A hand's result is settled when it is known (``HandSettled``): a bust at once (r25b), a
  surrender (r15e, A48), even money (r20b); the rest after the banca's play (r17: it draws to
  16 and stands on every 17; no draw when every hand is out, r20c, the hole card still
  revealed, A47), then the insurance (r25f, r25g), then ``JogadaSettled``.
- Money (BJ-SPEC "Money"): a lost stake posts its holds to the house, a push or a win voids
  them, a surrender posts the lost half (the rest released); a win is paid by the house
  (``…:hand{h}:win``), the prize on top (``…:hand{h}:prize``, r25i), insurance
  (``…:seat{s}:insurance:win``). Every return goes on the session's statement (r33).
- At the end: a seated player of a multi-player table who did not bet counts towards the
  inactivity procedure (r35b, r36); seats of ended sessions are freed.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack import hands as bj
from domain.games.blackjack.rule_book import a_rule, bj_rule
from domain.games.blackjack.seats import free_seats_of_ended_sessions
from domain.games.blackjack.table import OFFERS, PLAY, BlackjackTable
from domain.games.blackjack.views import option_dicts, play_options_of
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.sessions.commands import record_game_win
from domain.sessions.session import GameSession

TEN_UP = tuple("TJQK")


def hold_id(jogada_id: str, seat: str, what: str) -> str:
    """The id of a seat's transfer in the jogada: ``hand{h}``, ``hand{h}:double``,
    ``insurance``, and their ``:win``, ``:prize``, ``refund``."""
    return f"{jogada_id}:seat{seat}:{what}"


def available(uow: UnitOfWork, player_id: str) -> int:
    return wallets.get_wallet(uow, UUID(player_id)).available_cents


# After the deal --------------------------------------------------------------------------------
def after_deal(uow: UnitOfWork, table: BlackjackTable, actor: str) -> None:
    """r20a: a natural against 2–9 is paid at once; then the offers or the first turn."""
    jogada = table.open_jogada()
    up = jogada["up_card"]
    if up[0] != "A" and up[0] not in TEN_UP:
        for seat in jogada["order"]:
            state = table.hand_state(seat, 0)
            if bj.is_blackjack(state.cards):
                settle(uow, table, seat, 0, bj.settle_natural_at_once(state), actor)
    advance(uow, table, actor)


def advance(uow: UnitOfWork, table: BlackjackTable, actor: str) -> None:
    """Moves the jogada on until it waits for a player (an offer, a turn) or ends."""
    while table.jogada is not None:
        jogada = table.jogada
        if jogada["status"] == OFFERS:
            if table.pending_offers():
                return
            table.close_offers(actor=actor, at=uow.at)
            continue
        if jogada["status"] != PLAY:
            return
        nxt = table.next_hand()
        if nxt is None:
            banca_plays(uow, table, actor)
            return
        seat, hand = nxt
        state = table.hand_state(seat, hand)
        pid = jogada["bets"][seat]["player_id"]
        options = play_options_of(table, seat, hand, available(uow, pid))
        if not options:  # r15d: no card at 21; r21, A50: a split ace takes one card
            reason = "split_aces" if state.split_aces and state.total.best < 21 \
                else "twenty_one"
            table.stand(seat, hand, reason=reason, actor=actor, at=uow.at)
            continue
        if jogada["turn"] is None:
            table.start_turn(seat, hand, option_dicts(options), actor=actor, at=uow.at)
        return


# A decision of play, the player's or the default (A55) ----------------------------------------
def apply_play(uow: UnitOfWork, table: BlackjackTable, seat: str, hand: int, decision: str,
               actor: str, *, stand_reason: str = "player") -> None:
    """Records ``decision`` on the hand (checked by the caller) with its money."""
    jogada = table.open_jogada()
    jid = jogada["jogada_id"]
    bet = jogada["bets"][seat]
    pid = UUID(bet["player_id"])
    refs = {"jogada_id": jid, "table_id": str(table.id), "seat": seat}
    if decision == bj.HIT:
        t = table.hit(seat, hand, actor=actor, at=uow.at)
        if t.bust:
            settle(uow, table, seat, hand, bj.settle_bust(table.hand_state(seat, hand),
                                                          table.rules), actor)
        elif t.best == 21:
            table.stand(seat, hand, reason="twenty_one", actor=actor, at=uow.at)
    elif decision == bj.STAND:
        table.stand(seat, hand, reason=stand_reason, actor=actor, at=uow.at)
    elif decision == bj.DOUBLE:
        added = table.double(seat, hand, actor=actor, at=uow.at)
        wallets.hold_stake(uow, player_id=pid, to_code=HOUSE_CODE,
                           transfer_id=hold_id(jid, seat, f"hand{hand}:double"),
                           amount_cents=added, reason="double", refs=refs, actor=actor)
        _record_bet(uow, bet, jid, added, actor)
        state = table.hand_state(seat, hand)
        if state.total.bust:
            settle(uow, table, seat, hand, bj.settle_bust(state, table.rules), actor)
    elif decision == bj.SPLIT:
        new = table.split(seat, hand, actor=actor, at=uow.at)
        stake = table.hand_state(seat, new).stake_cents
        wallets.hold_stake(uow, player_id=pid, to_code=HOUSE_CODE,
                           transfer_id=hold_id(jid, seat, f"hand{new}"), amount_cents=stake,
                           reason="split", refs=refs, actor=actor)
        _record_bet(uow, bet, jid, stake, actor)
    elif decision == bj.SURRENDER:
        table.surrender(seat, hand, actor=actor, at=uow.at)
        settle(uow, table, seat, hand, bj.settle_surrender(table.hand_state(seat, hand)),
               actor)


def play_default(uow: UnitOfWork, table: BlackjackTable, seat: str, hand: int, rule: str,
                 stand_reason: str, actor: str) -> None:
    """A55: hit while the best total is 11 or less, then stand; each step logged with
    ``DecisionTimedOut`` (903-B 6.3.6(7))."""
    while table.jogada is not None and not table.jogada["hands"][seat][hand]["done"]:
        state = table.hand_state(seat, hand)
        if not bj.play_options(state, up_card=table.jogada["up_card"], hands_at_seat=1,
                               rules=table.rules, seat_decided=True, available_cents=0):
            return  # 21, or a split ace with its card: advance stands it
        played = bj.default_play(state)
        table.timed_out(seat, hand, played, rule, actor=actor, at=uow.at)
        apply_play(uow, table, seat, hand, played, actor, stand_reason=stand_reason)


def decline_default(uow: UnitOfWork, table: BlackjackTable, seat: str, rule: str,
                    actor: str) -> None:
    """A55: the offers are declined when the decision time runs out."""
    jogada = table.open_jogada()
    played = bj.NO_EVEN_MONEY if bj.is_blackjack(jogada["hands"][seat][0]["cards"]) \
        else bj.NO_INSURANCE
    table.timed_out(seat, 0, played, rule, actor=actor, at=uow.at)
    table.decline_offer(seat, reason="timeout", actor=actor, at=uow.at)


# Settlement -------------------------------------------------------------------------------------
def settle(uow: UnitOfWork, table: BlackjackTable, seat: str, hand: int,
           outcome: bj.Outcome, actor: str) -> dict[str, Any]:
    """``HandSettled`` and its money."""
    jogada = table.open_jogada()
    jid = jogada["jogada_id"]
    bet = jogada["bets"][seat]
    pid = UUID(bet["player_id"])
    doubled = jogada["hands"][seat][hand]["doubled"]
    facts = table.settle_hand(seat, hand, outcome, actor=actor, at=uow.at)
    holds = [hold_id(jid, seat, f"hand{hand}")]
    if doubled:
        holds.append(hold_id(jid, seat, f"hand{hand}:double"))
    if outcome.lost_cents == outcome.stake_cents:
        for transfer in holds:
            wallets.post_stake(uow, player_id=pid, transfer_id=transfer, reason=outcome.result,
                               actor=actor)
    elif outcome.lost_cents == 0:
        for transfer in holds:
            wallets.void_stake(uow, player_id=pid, transfer_id=transfer, reason=outcome.result,
                               actor=actor)
    else:  # a surrender: the lost half posted, the rest released (one hold: never doubled)
        wallets.post_stake(uow, player_id=pid, transfer_id=holds[0],
                           amount_cents=outcome.lost_cents, reason=outcome.result, actor=actor)
    _pay(uow, pid, hold_id(jid, seat, f"hand{hand}:win"), outcome.won_cents, outcome.result,
         jid, outcome.rule, actor)
    _pay(uow, pid, hold_id(jid, seat, f"hand{hand}:prize"), outcome.prize_cents,
         "special_prize", jid, bj_rule("25i"), actor)
    if outcome.paid_out_cents:
        record_game_win(uow, bet["session_id"], jid, outcome.paid_out_cents, outcome.result,
                        actor)
    return facts


def _pay(uow: UnitOfWork, pid: UUID, transfer_id: str, cents: int, reason: str, jid: str,
         rule: str, actor: str) -> None:
    if cents:
        wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=wallet_code(pid),
                                 transfer_id=transfer_id, amount_cents=cents, reason=reason,
                                 refs={"jogada_id": jid, "rule": rule}, actor=actor)


def take_even_money(uow: UnitOfWork, table: BlackjackTable, seat: str, actor: str) -> None:
    """r20b, A51: a win equal to the bet, at once; the hand is closed."""
    table.take_even_money(seat, actor=actor, at=uow.at)
    settle(uow, table, seat, 0, bj.settle_even_money(table.hand_state(seat, 0)), actor)


def take_insurance(uow: UnitOfWork, table: BlackjackTable, seat: str, amount: int,
                   actor: str) -> None:
    jogada = table.open_jogada()
    bet = jogada["bets"][seat]
    table.take_insurance(seat, amount, actor=actor, at=uow.at)
    wallets.hold_stake(uow, player_id=UUID(bet["player_id"]), to_code=HOUSE_CODE,
                       transfer_id=hold_id(jogada["jogada_id"], seat, "insurance"),
                       amount_cents=amount, reason="insurance",
                       refs={"jogada_id": jogada["jogada_id"], "table_id": str(table.id),
                             "seat": seat}, actor=actor)
    _record_bet(uow, bet, jogada["jogada_id"], amount, actor)


def banca_plays(uow: UnitOfWork, table: BlackjackTable, actor: str) -> None:
    """r17 (r20c when every hand is out: the hole card revealed, no draw; A47), then the
    hands still in, the insurance, and the end of the jogada."""
    jogada = table.open_jogada()
    still_in = table.unsettled()
    table.reveal_hole(rule=bj_rule(17) if still_in else bj_rule("20c") + ", " + a_rule(47),
                      actor=actor, at=uow.at)
    if still_in:
        while bj.banca_draws(table.jogada["banca"]):
            table.banca_draw(actor=actor, at=uow.at)
        table.banca_stand(actor=actor, at=uow.at)
    banca = list(table.jogada["banca"])
    for seat, hand in still_in:
        settle(uow, table, seat, hand,
               bj.settle_against(table.hand_state(seat, hand), banca, table.rules), actor)
    jid = jogada["jogada_id"]
    for seat in [s for s in jogada["order"] if s in jogada["insurance"]]:
        bet = jogada["bets"][seat]
        pid = UUID(bet["player_id"])
        outcome = bj.settle_insurance(jogada["insurance"][seat], banca)
        table.settle_insurance(seat, outcome, actor=actor, at=uow.at)
        transfer = hold_id(jid, seat, "insurance")
        if outcome.lost_cents:
            wallets.post_stake(uow, player_id=pid, transfer_id=transfer, reason="insurance",
                               actor=actor)
        else:
            wallets.void_stake(uow, player_id=pid, transfer_id=transfer, reason="insurance",
                               actor=actor)
            _pay(uow, pid, hold_id(jid, seat, "insurance:win"), outcome.won_cents,
                 "insurance", jid, outcome.rule, actor)
            record_game_win(uow, bet["session_id"], jid, outcome.paid_out_cents, "insurance",
                            actor)
    table.finish(actor=actor, at=uow.at)
    _count_idle_seats(uow, table, jogada, actor)
    free_seats_of_ended_sessions(uow, table, actor)


def _record_bet(uow: UnitOfWork, bet: dict[str, Any], jogada_id: str, amount: int,
                actor: str) -> None:
    """A stake onto the session it was bet from (r33), also when that session ended while the
    jogada was in play."""
    session = uow.find(UUID(bet["session_id"]), GameSession)
    if session is not None and session.takes(jogada_id, uow.at):
        session.record_bet(jogada_id, amount, actor=actor, at=uow.at)


def _count_idle_seats(uow: UnitOfWork, table: BlackjackTable, jogada: dict[str, Any],
                      actor: str) -> None:
    """r35b: at a multi-player table a seated player who did not bet counts towards the
    inactivity invitation and warning (r36); once per session (several seats, r7)."""
    if table.individual:
        return
    bettors = {b["session_id"] for b in jogada["bets"].values()}
    counted: set[str] = set()
    for seat, holder in sorted(table.seats.items(), key=lambda kv: int(kv[0])):
        sid = holder["session_id"]
        if sid in bettors or sid in counted:
            continue
        counted.add(sid)
        session = uow.find(UUID(sid), GameSession)
        if session is not None and not session.ended:
            session.record_jogada_without_bet(jogada["jogada_id"], actor=actor, at=uow.at)
