"""Póquer sem descarte commands: ``handler(uow, **args)``, run by the writer in one transaction
each (the table's events, the money on the account streams and the player's session).

Money (A8, rules 22–29, 33; Portaria r4b, r8, r9):
- the ante holds 3 × ante from the wallet towards the house, so that "continue" is always
  possible; a fold posts the ante and releases the rest; a loss posts all; a win, a push or a
  bank that does not qualify voids the hold (the stakes go back) and the house pays the win;
- the jackpot side bet is held towards the table's jackpot account and collected before the
  first card: the house's share (r8) goes on to the house;
- a void (rule 33) gives every bet back, in full, with no fee.
Guards run before any event, so a refused command records nothing and moves no money.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain import wallets
from domain.accounts import HOUSE_CODE, JACKPOT, wallet_code
from domain.errors import ConflictError
from domain.poker_hands import evaluate
from domain.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.rulesets import RuleSet, ruleset_id
from domain.semdescarte import forced_deck as certified_deck
from domain.semdescarte import jackpot as jackpot_rules
from domain.semdescarte.config import (bet_for_ante, check_table_config, hold_for_ante,
                                       pt_rule, sd_rule)
from domain.semdescarte.registry import TableRegistry, registry_id
# Seats and venues live in seats.py; sit, leave, bet_in_play and table_of are re-exported
# for the service and the registrations.
from domain.semdescarte.seats import (bet_in_play, check_session_of_unseated,  # noqa: F401
                                      free_seats_of_ended_sessions, game_kind, get_table, leave,
                                      seats_seen_by, sit, table_of, venue_of)
from domain.semdescarte.settlement import bank_qualifies, settle
from domain.semdescarte.table import BETTING, CONTINUE, DECIDING, FOLD, SemDescarteTable
from domain.session_commands import get_session, record_game_win
from domain.sessions import REFUND, GameSession
from domain.text import check_text, check_uuid
from domain.uow import UnitOfWork


def _hold_id(jogada_id: str, seat: str, what: str) -> str:
    return f"{jogada_id}:seat{seat}:{what}"


# Tables and seats ----------------------------------------------------------------------------
def create_table(uow: UnitOfWork, *, table_id: UUID | str, name: str, config: dict[str, Any],
                 actor: str) -> dict[str, Any]:
    """Rules 4–6, 14–18, 21, 31; Portaria r3, r8, r10. The jackpot starts funded by the house.
    ``table_id`` is drawn by the caller (a re-run of the command makes the same table)."""
    check_text(name, "name", 200)
    checked = check_table_config(config)
    tid = check_uuid(table_id, "table_id")
    if uow.find(tid, SemDescarteTable) is not None:
        raise ConflictError(f"table {tid} exists", field="table_id")
    jackpot_code = None if checked.jackpot is None else f"jackpot:{tid}"
    table = SemDescarteTable(table_id=str(tid), name=name, config=checked.to_dict(),
                             venue_id=venue_of(tid), jackpot_code=jackpot_code, actor=actor,
                             at=uow.at)
    uow.add(table)
    registry = uow.find(registry_id(), TableRegistry)
    if registry is None:
        registry = TableRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(tid), actor=actor, at=uow.at)
    if checked.jackpot is not None:
        wallets.open_account(uow, code=jackpot_code, kind=JACKPOT, owner=str(tid), actor=actor)
        wallets.transfer_between(  # Portaria r10: the starting value, funded by the house
            uow, from_code=HOUSE_CODE, to_code=jackpot_code, transfer_id=f"{tid}:jackpot-start",
            amount_cents=checked.jackpot.starting_value_cents, reason="jackpot_start",
            refs={"rule": pt_rule("10")}, actor=actor)
    return describe(table)


NO_JOGADA = "no_jogada"  # the status of a table with no jogada open (none yet, or between)


def describe(table: SemDescarteTable, player_id: str | None = None) -> dict[str, Any]:
    """The table for a caller: staff (``player_id`` None) see who holds each seat; a player
    sees which seats are taken, and its own player and session id in its own seat.
    ``status``: the open jogada's phase, or ``no_jogada``."""
    jogada = table.jogada
    return {"table_id": str(table.id), "name": table.name, "venue_id": table.venue_id,
            "game": game_kind(table.config_data), "config": dict(table.config_data),
            "seats": seats_seen_by(table, staff=player_id is None, player_id=player_id),
            "status": NO_JOGADA if jogada is None else jogada["status"],
            "jackpot_account": table.jackpot_code,
            "open_jogada": None if jogada is None else {
                "jogada_id": jogada["jogada_id"], "status": jogada["status"],
                "betting_closes_at": jogada["betting_closes_at"],
                "decision_deadline": jogada["decision_deadline"],
                "seats": sorted(jogada["bets"], key=int)},
            "last_jogada_id": table.last_jogada_id}


# Bets ----------------------------------------------------------------------------------------
def place_ante(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str, ante_cents: int,
               jackpot_bet_cents: int | None, idempotency_key: str, actor: str,
               forced_deck: list[str] | None = None,
               certification_mode: bool = False) -> dict[str, Any]:
    """Rules 2a, 14–18 and A8; Portaria r3–r4. Idempotent by key. ``forced_deck``:
    certification mode, with the ante that opens the jogada (forced_deck.py)."""
    check_key(idempotency_key)
    pid = check_uuid(player_id, "player_id")
    scope = f"semdescarte-ante:{pid}"
    body = {"table_id": str(table_id), "ante_cents": ante_cents,
            "jackpot_bet_cents": jackpot_bet_cents}
    if forced_deck is not None:  # the fingerprint of an ante without one is unchanged
        body["forced_deck"] = forced_deck
    fp = fingerprint("ante", body)
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    table = get_table(uow, table_id)
    check_session_of_unseated(uow, table, str(pid))
    seat = table.check_ante(str(pid), ante_cents, jackpot_bet_cents, uow.at)
    if forced_deck is not None:
        forced_deck = certified_deck.check_with_ante(table, forced_deck,
                                                     certification_mode=certification_mode)
    session = get_session(uow, table.seats[seat]["session_id"])
    session.check_accepting(uow.at)
    wallet = wallets.get_wallet(uow, pid)
    held = hold_for_ante(ante_cents)  # A8
    wallet.check_can_debit(held + (jackpot_bet_cents or 0), field="ante_cents")
    ruleset = uow.find(ruleset_id(table.venue_id), RuleSet)
    version = None
    if ruleset is not None and ruleset.versions:
        version = ruleset.version_at(uow.at)[0]
    # Guards done.
    jogada_id, seat = table.place_ante(str(pid), ante_cents, jackpot_bet_cents,
                                       ruleset_version=version, actor=actor, at=uow.at,
                                       forced_deck=forced_deck)
    refs = {"jogada_id": jogada_id, "table_id": str(table.id), "seat": seat}
    wallets.hold_stake(uow, player_id=pid, to_code=HOUSE_CODE,
                       transfer_id=_hold_id(jogada_id, seat, "ante"), amount_cents=held,
                       reason="ante", refs=refs, actor=actor)
    if jackpot_bet_cents:
        wallets.hold_stake(uow, player_id=pid, to_code=table.jackpot_code,
                           transfer_id=_hold_id(jogada_id, seat, "jackpot"),
                           amount_cents=jackpot_bet_cents, reason="jackpot_bet", refs=refs,
                           actor=actor)
    session.record_bet(jogada_id, ante_cents + (jackpot_bet_cents or 0), actor=actor, at=uow.at)
    jogada = table.jogada
    result = {"jogada_id": jogada_id, "table_id": str(table.id), "seat": int(seat),
              "ante_cents": ante_cents, "held_cents": held,
              "jackpot_bet_cents": jackpot_bet_cents or 0,
              "betting_closes_at": None if jogada["betting_closes_at"] is None
              else jogada["betting_closes_at"].isoformat(),
              "available_cents": wallet.available_cents, "held_total_cents": wallet.held_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp, operation="ante",
                           outcome={"result": result}, actor=actor, at=uow.at))
    return result


def deal(uow: UnitOfWork, *, table_id: UUID | str, seed: bytes, forced_deck: list[str] | None,
         certification_mode: bool, player_id: UUID | str | None, actor: str) -> dict[str, Any]:
    """Rule 15 (an individual table: the player starts the deal) or rule 14 (a multi-seat
    table: at the end of the betting period); then Portaria r4b, 903-B 6.7.5 and rule 19."""
    table = get_table(uow, table_id)
    pid = None if player_id is None else str(check_uuid(player_id, "player_id"))
    if forced_deck is None and table.jogada is not None:  # set during the betting period
        forced_deck = table.jogada.get("forced_deck")
    forced = table.close_betting(forced_deck=forced_deck, certification_mode=certification_mode,
                                 player_id=pid, actor=actor, at=uow.at)
    _collect_jackpot_bets(uow, table, actor)
    table.deal_cards(seed, forced_deck=forced, certification_mode=certification_mode,
                     actor=actor, at=uow.at)
    return player_view(table, pid)


def set_forced_deck(uow: UnitOfWork, *, table_id: UUID | str, forced_deck: list[str],
                    certification_mode: bool, actor: str) -> dict[str, Any]:
    """Certification mode: the deck the deal of the open jogada will use, whoever deals it
    (the table's clock at the end of the betting period, rule 14). Recorded as an event."""
    table = get_table(uow, table_id)
    deck = certified_deck.check_in_betting_period(table, forced_deck, at=uow.at,
                                                  certification_mode=certification_mode)
    table.record_forced_deck(deck, actor=actor, at=uow.at)
    jogada = table.open_jogada()
    return {"table_id": str(table.id), "jogada_id": jogada["jogada_id"], "cards": len(deck),
            "betting_closes_at": jogada["betting_closes_at"]}


def _collect_jackpot_bets(uow: UnitOfWork, table: SemDescarteTable, actor: str) -> None:
    config = table.config
    jogada = table.open_jogada()
    bettors = {s: b for s, b in jogada["bets"].items() if b["jackpot_bet_cents"]}
    if not bettors or config.jackpot is None:
        return
    # The side bet is the table's fixed stake (r8, checked on the ante): every bettor's stake
    # splits the same way.
    share = jackpot_rules.contribution(config.jackpot)
    kept = jackpot_rules.house_share(config.jackpot)
    contributions, house = {}, {}
    for seat, bet in sorted(bettors.items(), key=lambda kv: int(kv[0])):
        wallets.post_stake(uow, player_id=UUID(bet["player_id"]),
                           transfer_id=_hold_id(jogada["jogada_id"], seat, "jackpot"),
                           reason="jackpot_bet", actor=actor)
        contributions[seat], house[seat] = share, kept
        if kept:
            wallets.transfer_between(
                uow, from_code=table.jackpot_code, to_code=HOUSE_CODE,
                transfer_id=_hold_id(jogada["jogada_id"], seat, "jackpot-house-share"),
                amount_cents=kept, reason="jackpot_house_share",
                refs={"jogada_id": jogada["jogada_id"], "rule": pt_rule("8")},
                actor=actor)
    table.collect_jackpot_bets(contributions, house, actor=actor, at=uow.at)


# Decisions -----------------------------------------------------------------------------------
def decide(uow: UnitOfWork, *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           decision: str, actor: str) -> dict[str, Any]:
    """Rules 20–23: fold (the ante is lost) or continue (the bet is exactly 2 × ante). When the
    last player has decided, the bank shows its cards and the jogada settles (rules 24–29)."""
    table = get_table(uow, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    check_text(jogada_id, "jogada_id")  # 903-B 7.9.1: a NUL is refused, not echoed in a 409
    seat = table.check_decision(pid, jogada_id, decision, uow.at)
    if decision == FOLD:
        _fold(uow, table, seat, "player", actor)
    else:
        session = uow.find(UUID(table.jogada["bets"][seat]["session_id"]), GameSession)
        bet = table.continue_(seat, actor=actor, at=uow.at)
        if _recording(session, jogada_id, uow):  # guarded: a refusal here would half-record the decision
            session.record_bet(jogada_id, bet, actor=actor, at=uow.at)
    settled = _finish_if_decided(uow, table, actor)
    return {"jogada_id": jogada_id, "seat": int(seat), "decision": decision,
            "settled": settled, "view": player_view(table, pid, jogada_id)}


def _fold(uow: UnitOfWork, table: SemDescarteTable, seat: str, reason: str, actor: str) -> None:
    jogada = table.open_jogada()
    bet = jogada["bets"][seat]
    table.fold(seat, reason=reason, actor=actor, at=uow.at)
    wallets.post_stake(uow, player_id=UUID(bet["player_id"]),  # rule 22: the ante is lost
                       transfer_id=_hold_id(jogada["jogada_id"], seat, "ante"),
                       amount_cents=bet["ante_cents"], reason="fold", actor=actor)


def _finish_if_decided(uow: UnitOfWork, table: SemDescarteTable, actor: str) -> bool:
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
        hold_id = _hold_id(jid, seat, "ante")
        if outcome.lost_cents:
            wallets.post_stake(uow, player_id=pid, transfer_id=hold_id,
                               amount_cents=outcome.lost_cents, reason=outcome.result, actor=actor)
        else:
            wallets.void_stake(uow, player_id=pid, transfer_id=hold_id, reason=outcome.result,
                               actor=actor)
        if outcome.won_cents:
            wallets.transfer_between(
                uow, from_code=HOUSE_CODE, to_code=wallet_code(pid),
                transfer_id=_hold_id(jid, seat, "win"), amount_cents=outcome.won_cents,
                reason=outcome.result, refs={"jogada_id": jid, "rule": outcome.rule},
                actor=actor)
        _record_win(uow, bet, jid, outcome.paid_out_cents, outcome.result,
                    actor)
    awards = _pay_jackpot(uow, table, actor)
    table.settle(outcomes=outcomes, jackpot=awards, actor=actor, at=uow.at)
    _count_idle_seats(uow, table, jogada, actor)
    free_seats_of_ended_sessions(uow, table, actor)  # rule 2e: they stayed until now


def _record_win(uow: UnitOfWork, bet: dict[str, Any], jogada_id: str, amount: int,
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
                transfer_id=_hold_id(jogada["jogada_id"], award.seat_key, "jackpot-prize"),
                amount_cents=award.amount_cents, reason="jackpot_prize",
                refs={"jogada_id": jogada["jogada_id"], "rule": award.rule}, actor=actor)
            _record_win(uow, bet, jogada["jogada_id"], award.amount_cents,
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
                reason="jackpot_refill", refs={"rule": pt_rule("10")},
                actor=actor)
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


# Time, faults and recovery --------------------------------------------------------------------
def tick(uow: UnitOfWork, *, table_id: UUID | str, seed: bytes, actor: str,
         certification_mode: bool = False) -> list[str]:
    """The table's clock (run by the sweeper, or an operator): closes a multi-seat betting
    period and deals (rule 14; a forced deck set during it, in certification mode), warns and extends the decision time (rule 31), then folds the
    players who still did not decide (rule 32). Returns what it did."""
    table = get_table(uow, table_id)
    jogada = table.jogada
    if jogada is None:
        return []
    if jogada["status"] == BETTING:
        closes = jogada["betting_closes_at"]
        if closes is None or uow.at <= closes:
            return []
        deal(uow, table_id=table.id, seed=seed, forced_deck=None,
             certification_mode=certification_mode, player_id=None, actor=actor)
        return ["dealt"]
    if jogada["status"] == DECIDING and uow.at > jogada["decision_deadline"]:
        if not jogada["extended"]:
            table.extend_decision_time(actor=actor, at=uow.at)
            return ["decision_time_extended"]
        for seat in table.undecided():
            _fold(uow, table, seat, "timeout", actor)
        _finish_if_decided(uow, table, actor)
        return ["folded_on_timeout", "settled"]
    return []


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
        _fold(uow, table, seat, "connection_lost", actor)
        effect = "folded"
    else:
        effect = "stands"
    settled = _finish_if_decided(uow, table, actor)
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
                                     transfer_id=_hold_id(jid, seat, "refund"),
                                     amount_cents=bet["ante_cents"], reason="void", refs=refs,
                                     actor=actor)
        else:
            wallets.void_stake(uow, player_id=pid, transfer_id=_hold_id(jid, seat, "ante"),
                               reason="void", actor=actor)
        stake = bet["jackpot_bet_cents"]
        if stake and jogada.get("jackpot_collected"):
            kept = jackpot_rules.house_share(table.config.jackpot)
            if kept:
                wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=table.jackpot_code,
                                         transfer_id=_hold_id(jid, seat, "jackpot-house-share-back"),
                                         amount_cents=kept, reason="void", refs=refs,
                                         actor=actor)
            wallets.transfer_between(uow, from_code=table.jackpot_code, to_code=wallet_code(pid),
                                     transfer_id=_hold_id(jid, seat, "jackpot-refund"),
                                     amount_cents=stake, reason="void", refs=refs, actor=actor)
        elif stake:
            wallets.void_stake(uow, player_id=pid, transfer_id=_hold_id(jid, seat, "jackpot"),
                               reason="void", actor=actor)
        refunds[seat] = refund + stake
        _record_win(uow, bet, jid, refund + stake, REFUND, actor)
    table.void(reason=reason, refunds=refunds, actor=actor, at=uow.at)
    free_seats_of_ended_sessions(uow, table, actor)
    return {"jogada_id": jid, "voided": True, "reason": reason, "rule": sd_rule(33),
            "refunds_cents": {int(s): c for s, c in refunds.items()}}


def recover(uow: UnitOfWork, *, actor: str) -> list[str]:
    """At start-up: a jogada left open by a crash of this service is a fault of the system
    (rule 33, A10): it is voided and every bet goes back. Returns the voided jogada ids."""
    registry = uow.find(registry_id(), TableRegistry)
    if registry is None:
        return []
    voided = []
    for table_id in registry.table_ids:
        table = uow.find(UUID(table_id), SemDescarteTable)
        if table is not None and table.jogada is not None:
            voided.append(void_jogada(uow, table_id=table_id, reason="service_restart",
                                      actor=actor)["jogada_id"])
    return voided


def due_tables(uow: UnitOfWork) -> list[str]:
    """The tables whose clock has something to do at ``uow.at``: a betting period over (rule
    14) or a decision time over (rules 31, 32). A query: records nothing."""
    registry = uow.find(registry_id(), TableRegistry)
    due = []
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), SemDescarteTable)
        jogada = None if table is None else table.jogada
        if jogada is None:
            continue
        if jogada["status"] == BETTING:
            deadline = jogada["betting_closes_at"]
        elif jogada["status"] == DECIDING:
            deadline = jogada["decision_deadline"]
        else:
            continue
        if deadline is not None and uow.at > deadline:
            due.append(table_id)
    return due


# What a player may see ------------------------------------------------------------------------
def player_view(table: SemDescarteTable, player_id: str | None,
                jogada_id: str | None = None) -> dict[str, Any]:
    """The open jogada as one player may see it: its own cards and the bank's open card only
    (rule 19c), until the bank's cards are revealed (rule 24), and the options open to it now
    (rule 30: fold or continue while its decision is due; none otherwise, nor for staff)."""
    jogada = table.jogada
    if jogada is None and jogada_id is None and table.last_jogada_id is None:
        return {"jogada_id": None, "status": NO_JOGADA, "table_id": str(table.id)}
    if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
        return {"jogada_id": jogada_id or table.last_jogada_id, "status": "ended",
                "table_id": str(table.id)}
    seat = table.seat_of(player_id) if player_id else None
    view = {"jogada_id": jogada["jogada_id"], "table_id": str(table.id),
            "status": jogada["status"], "bank_open_card": jogada["bank_open_card"],
            "decision_deadline": jogada["decision_deadline"], "options": []}
    if seat is not None and seat in jogada["hands"]:
        view["seat"] = int(seat)
        view["cards"] = list(jogada["hands"][seat])
        view["ante_cents"] = jogada["bets"][seat]["ante_cents"]
        view["decision"] = jogada["bets"][seat]["decision"]
        view["bet_if_continue_cents"] = bet_for_ante(jogada["bets"][seat]["ante_cents"])
        if jogada["status"] == DECIDING and view["decision"] is None:
            view["options"] = [FOLD, CONTINUE]
    return view
