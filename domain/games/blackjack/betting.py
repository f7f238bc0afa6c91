"""Blackjack: the bets and the deal, each a command ``handler(uow, **args)`` run by the writer
in one transaction (the table's events, the money on the account streams, the session).

- A bet (r9–r11; A49: each seat's initial bet within the limits; A63: none while the
  player has a bet in an incomplete jogada at another blackjack table, one_jogada.py) is
  held from the wallet towards the house (``{jogada}:seat{s}:hand0``) and goes on the
  session's statement (r33).
- The first bet opens the jogada; at a multi-player table its betting window, announced
  ("façam as vossas apostas") and closed by the clock ("jogo feito", r12); at an individual
  table the player deals (r13).
- The deal: a fresh shoe of the table's decks committed before the first card (A54, 903-B
  6.7.5, A70), dealt per r14 (hands.deal), the hole card drawn now (A47). Certification mode
  only: a forced shoe, with the opening bet, set during the betting window, or with the deal.
Guards run before any event, so a refused command records nothing and moves no money.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack import one_jogada, play
from domain.games.blackjack.config import BETTING_RULE
from domain.games.blackjack.seats import check_session_of_unseated, get_table
from domain.games.blackjack.table import BETTING, BlackjackTable
from domain.games.blackjack.views import player_view
from domain.kernel import certification
from domain.kernel.errors import ConflictError, RuleViolationError
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.rulesets.versions import RuleSet, ruleset_id
from domain.sessions.commands import get_session


def check_shoe(table: BlackjackTable, forced_shoe: Any, certification_mode: bool,
               hands: int | None = None) -> list[str]:
    """Certification mode only; card codes, each at most ``decks`` times; enough for the deal
    (r14: 2n + 2 cards) of ``hands`` hands, or of every seat of the table while bets may still
    come."""
    n = table.config_data["seats"] if hands is None else hands
    return certification.check_forced_deck(
        forced_shoe, certification_mode=certification_mode, min_cards=2 * n + 2,
        decks=table.config_data["decks"])


def place_bet(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str,
              seat: int | None, amount_cents: int, idempotency_key: str, actor: str,
              forced_shoe: list[str] | None = None,
              certification_mode: bool = False) -> dict[str, Any]:
    """r9–r12, A49. Idempotent by key."""
    check_key(idempotency_key)
    pid = check_uuid(player_id, "player_id")
    scope = f"blackjack-bet:{pid}"
    body = {"table_id": str(table_id), "seat": seat, "amount_cents": amount_cents}
    if forced_shoe is not None:
        body["forced_shoe"] = forced_shoe
    fp = fingerprint("bet", body)
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    table = get_table(uow, table_id)
    check_session_of_unseated(uow, table, str(pid))
    key = table.player_seat(str(pid), seat)
    table.check_bet(str(pid), key, amount_cents, uow.at)
    one_jogada.check_no_other_jogada(uow, str(pid), str(table.id))  # A63
    if forced_shoe is not None:
        forced_shoe = check_shoe(table, forced_shoe, certification_mode)
        if table.jogada is not None:
            raise ConflictError("forced_shoe goes with the bet that opens the jogada; during"
                                " the betting window an operator sets it",
                                field="forced_shoe", rule=certification.CONTRACT_RULE)
    session = get_session(uow, table.seats[key]["session_id"])
    session.check_accepting(uow.at)
    wallet = wallets.get_wallet(uow, pid)
    wallet.check_can_debit(amount_cents, field="amount_cents")
    ruleset = uow.find(ruleset_id(table.venue_id), RuleSet)
    version = None
    if ruleset is not None and ruleset.versions:
        version = ruleset.version_at(uow.at)[0]
    # Guards done.
    jogada_id = table.place_bet(str(pid), key, amount_cents, ruleset_version=version,
                                actor=actor, at=uow.at)
    one_jogada.joined(uow, str(pid), str(table.id), jogada_id, actor=actor)  # A63
    if forced_shoe is not None:
        table.record_forced_shoe(forced_shoe, actor=actor, at=uow.at)
    wallets.hold_stake(uow, player_id=pid, to_code=HOUSE_CODE,
                       transfer_id=play.hold_id(jogada_id, key, "hand0"),
                       amount_cents=amount_cents, reason="bet",
                       refs={"jogada_id": jogada_id, "table_id": str(table.id), "seat": key},
                       actor=actor)
    session.record_bet(jogada_id, amount_cents, actor=actor, at=uow.at)
    closes = table.jogada["betting_closes_at"]
    result = {"jogada_id": jogada_id, "table_id": str(table.id), "seat": int(key),
              "amount_cents": amount_cents,
              "betting_closes_at": None if closes is None else closes.isoformat(),
              "available_cents": wallet.available_cents, "held_total_cents": wallet.held_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp, operation="bet",
                           outcome={"result": result}, actor=actor, at=uow.at))
    return result


def deal(uow: UnitOfWork, *, table_id: UUID | str, player_id: UUID | str | None, actor: str,
         forced_shoe: list[str] | None = None, seed: bytes | None = None,
         certification_mode: bool = False) -> dict[str, Any]:
    """r13 (the player deals at an individual table) or r12 (the clock, after the window);
    then A54, 903-B 6.7.5 and r14; naturals against 2–9 are paid at once (r20a)."""
    table = get_table(uow, table_id)
    pid = None if player_id is None else str(check_uuid(player_id, "player_id"))
    table.check_can_deal(uow.at, player_id=pid)
    if forced_shoe is not None:
        forced_shoe = check_shoe(table, forced_shoe, certification_mode,
                                 len(table.jogada["bets"]))
    elif table.jogada["forced_shoe"] is not None:
        forced_shoe = table.jogada["forced_shoe"]
    table.close_betting(player_id=pid, actor=actor, at=uow.at)
    table.deal_cards(seed, forced_shoe=forced_shoe, certification_mode=certification_mode,
                     actor=actor, at=uow.at)
    play.after_deal(uow, table, actor)
    return player_view(uow, table, pid)


def set_forced_shoe(uow: UnitOfWork, *, table_id: UUID | str, forced_shoe: list[str],
                    actor: str, certification_mode: bool = False) -> dict[str, Any]:
    """Certification mode: the shoe the deal of the open jogada will use, set during its
    betting window (r12), whoever deals it; recorded as ``ShoeForced``."""
    table = get_table(uow, table_id)
    shoe = check_shoe(table, forced_shoe, certification_mode)
    jogada = table.open_jogada()
    closes = jogada["betting_closes_at"]
    if jogada["status"] != BETTING or (closes is not None and uow.at > closes):
        raise RuleViolationError("a forced shoe is set during the betting window, before the"
                                 " deal", field="forced_shoe", rule=BETTING_RULE,
                                 code="betting_closed")
    table.record_forced_shoe(shoe, actor=actor, at=uow.at)
    return {"table_id": str(table.id), "jogada_id": jogada["jogada_id"], "cards": len(shoe),
            "betting_closes_at": closes}
