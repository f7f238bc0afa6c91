"""Póquer sem descarte: the bets and the deal, each a command ``handler(uow, **args)`` run by
the writer in one transaction (the table's events, the money on the account streams and the
player's session).

- The ante (rules 2a, 16–18) holds 3 × ante from the wallet towards the house (A8), so that
  "continue" (2 × ante, rules 2f, 23) is always possible; decisions.py posts or voids the hold.
- The jackpot side bet (Portaria 461/2001 r3–r4) is held towards the table's jackpot account
  and collected before the first card (r4b): the house's share (r8) goes on to the house.
- The betting period of a multi-seat table ends with "jogo feito" (rule 14); on an individual
  table the player starts the deal (rule 15). The shoe is committed before the first card
  (903-B 6.7.5) and dealt per rule 19; in certification mode a forced deck may be set for it
  (forced_deck.py).
Guards run before any event, so a refused command records nothing and moves no money.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.semdescarte import forced_deck as certified_deck
from domain.games.semdescarte import jackpot as jackpot_rules
from domain.games.semdescarte.config import hold_for_ante, pt_rule
from domain.games.semdescarte.seats import check_session_of_unseated, get_table
from domain.games.semdescarte.table import SemDescarteTable
from domain.games.semdescarte.views import player_view
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.rulesets.versions import RuleSet, ruleset_id
from domain.sessions.commands import get_session


def hold_id(jogada_id: str, seat: str, what: str) -> str:
    """The id of a seat's transfer in the jogada (the ante's hold, the side bet's, a win, a
    refund): decisions.py and faults.py settle the holds placed here by these ids."""
    return f"{jogada_id}:seat{seat}:{what}"


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
                       transfer_id=hold_id(jogada_id, seat, "ante"), amount_cents=held,
                       reason="ante", refs=refs, actor=actor)
    if jackpot_bet_cents:
        wallets.hold_stake(uow, player_id=pid, to_code=table.jackpot_code,
                           transfer_id=hold_id(jogada_id, seat, "jackpot"),
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
                           transfer_id=hold_id(jogada["jogada_id"], seat, "jackpot"),
                           reason="jackpot_bet", actor=actor)
        contributions[seat], house[seat] = share, kept
        if kept:
            wallets.transfer_between(
                uow, from_code=table.jackpot_code, to_code=HOUSE_CODE,
                transfer_id=hold_id(jogada["jogada_id"], seat, "jackpot-house-share"),
                amount_cents=kept, reason="jackpot_house_share",
                refs={"jogada_id": jogada["jogada_id"], "rule": pt_rule("8")},
                actor=actor)
    table.collect_jackpot_bets(contributions, house, actor=actor, at=uow.at)
