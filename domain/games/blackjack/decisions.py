"""Blackjack: a player's decision, run by the writer in one transaction with its money and
the player's session (r15, r16, r20b, r21–r24; A46–A51).

- Against an up ace, first the offers, every bettor at once (A51): insurance (1 cent to half
  the initial bet, r15f, A53; held from the wallet) for a hand without blackjack, even money
  (r20b: paid 1:1 at once) for a blackjack; either declined.
- Then each hand in turn (hands.DRAW_ORDER): hit, stand, double, split, surrender, each only
  when hands.play_options allows it (r15a–e, r16a–c, r21–r23, A46, A48, A50); a double or a
  split holds its stake when taken, refused if the balance cannot cover it (A49, 903-B
  5.2.2(3)). A player acts only for its own seats (r6).
- What follows (the next turn, the banca, the settlement) is play.py's.
Idempotent by key; guards before any event (a refused decision records nothing).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack import hands as bj
from domain.games.blackjack import play
from domain.games.blackjack.seats import get_table
from domain.games.blackjack.views import player_view
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id


def decide(uow: UnitOfWork, *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           seat: int, hand: int, decision: str, idempotency_key: str, actor: str,
           amount_cents: int | None = None) -> dict[str, Any]:
    check_key(idempotency_key)
    pid = check_uuid(player_id, "player_id")
    check_text(jogada_id, "jogada_id")
    scope = f"blackjack-decide:{pid}"
    fp = fingerprint("decide", {"table_id": str(table_id), "jogada_id": jogada_id,
                                "seat": seat, "hand": hand, "decision": decision,
                                "amount_cents": amount_cents})
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    table = get_table(uow, table_id)
    key, hand = table.check_decision(str(pid), jogada_id, seat, hand, decision, amount_cents,
                                     uow.at)
    wallet = wallets.get_wallet(uow, pid)
    state = table.hand_state(key, hand)
    if decision == bj.INSURANCE:
        if amount_cents is None:  # r15f: up to half the bet; the whole half by default
            amount_cents = bj.insurance_cap(table.jogada["bets"][key]["amount_cents"])
        wallet.check_can_debit(amount_cents, field="amount_cents")
    elif decision in (bj.DOUBLE, bj.SPLIT):
        wallet.check_can_debit(state.stake_cents, field="decision")  # A49, r24
    # Guards done.
    if decision == bj.INSURANCE:
        play.take_insurance(uow, table, key, amount_cents, actor)
    elif decision == bj.EVEN_MONEY:
        play.take_even_money(uow, table, key, actor)
    elif decision in (bj.NO_INSURANCE, bj.NO_EVEN_MONEY):
        table.decline_offer(key, reason="player", actor=actor, at=uow.at)
    else:
        play.apply_play(uow, table, key, hand, decision, actor)
    play.advance(uow, table, actor)
    result = _plain({"jogada_id": jogada_id, "seat": int(key), "hand": hand, "decision": decision,
              "amount_cents": amount_cents,
              "settled": table.jogada is None or table.jogada["jogada_id"] != jogada_id,
              "view": player_view(uow, table, str(pid), jogada_id)})
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp,
                           operation="decide", outcome={"result": result},
                           actor=actor, at=uow.at))
    return result


def _plain(value: Any) -> Any:
    """The receipt's copy: datetimes as text (a receipt is stored as JSON)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value
