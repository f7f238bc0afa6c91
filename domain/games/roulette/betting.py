"""French roulette: the bets, each a command ``handler(uow, **args)`` run by the writer in one
transaction (the wheel's events, the money on the account streams, the session).

- A command's bets (r7–r13, r15; A57–A59: bets.book) are one slip, its stake held from the
  wallet towards the house (``{jogada}:{player}:slip{n}``) and on the session's statement
  (r28); A63: none while the player has bets in an incomplete jogada at another wheel
  (one_jogada.py). The first bet opens the jogada; at a multi-player wheel its betting window,
  announced and closed by the clock (r16, at least 3 s: 903-B 6.1.4); a bet after it is
  refused. A first bet joins the player to the wheel (r5).
- A60: at an individual wheel the player may withdraw a slip, or every slip, until the launch,
  with no fee: the hold voided, the statement shows the stake refunded. A jogada left with no
  bet ends there (``JogadaCancelled``, reason "withdrawn", nothing more to refund).
- Certification mode only: a forced number, with the bets that open the jogada or set during
  the window (``SetForcedNumber``), recorded as ``NumberForced``.
Guards run before any event, so a refused command records nothing and moves no money; each
money command is idempotent by its key (a receipt).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette import bets as booking
from domain.games.roulette import one_jogada, players, stakes
from domain.games.roulette.wheel import PLAYER, WITHDRAWN, RouletteWheel
from domain.games.roulette.wheel_checks import WITHDRAW_RULE
from domain.kernel import certification
from domain.kernel.errors import ConflictError
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.rulesets.versions import RuleSet, ruleset_id


def _ruleset_version(uow: UnitOfWork, wheel: RouletteWheel) -> int | None:
    ruleset = uow.find(ruleset_id(wheel.venue_id), RuleSet)
    if ruleset is not None and ruleset.versions:
        return ruleset.version_at(uow.at)[0]
    return None


def _jogada_facts(wheel: RouletteWheel, pid: str) -> dict[str, Any]:
    jogada = wheel.jogada
    closes = None if jogada is None else jogada["betting_closes_at"]
    return {"wheel_id": str(wheel.id),
            "jogada_id": None if jogada is None else jogada["jogada_id"],
            "betting_closes_at": None if closes is None else closes.isoformat(),
            "staked_cents": wheel.total_of(pid)}


def place_bets(uow: UnitOfWork, *, wheel_id: UUID | str, player_id: UUID | str,
               bets: list[dict[str, Any]], idempotency_key: str, actor: str,
               forced_number: int | None = None,
               certification_mode: bool = False) -> dict[str, Any]:
    """r5, r7–r13, r15, r16, A57–A59, A63. Idempotent by key."""
    check_key(idempotency_key)
    pid = str(check_uuid(player_id, "player_id"))
    scope = f"roulette-bet:{pid}"
    body: dict[str, Any] = {"wheel_id": str(wheel_id), "bets": bets}
    if forced_number is not None:
        body["forced_number"] = forced_number
    fp = fingerprint("roulette_bet", body)
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    wheel = players.get_wheel(uow, wheel_id)
    session = players.open_session(uow, wheel, pid)
    wheel.check_window(uow.at)  # r16
    # r4: at an individual wheel a newcomer takes the place of a player whose session is over;
    # a multi-player wheel frees those at the jogada's end (players.free_gone_players)
    stale = players.stale_players(uow, wheel) \
        if wheel.individual and wheel.players.get(pid) != str(session.id) else []
    wheel.check_join(pid, stale)  # r4
    one_jogada.check_no_other_jogada(uow, pid, str(wheel.id))  # A63
    if forced_number is not None:
        forced_number = certification.check_forced_number(
            forced_number, certification_mode=certification_mode)
        if wheel.jogada is not None:
            raise ConflictError("forced_number goes with the bets that open the jogada; during"
                                " the betting window an operator sets it",
                                field="forced_number", rule=certification.CONTRACT_RULE)
    booked = booking.book(bets, wheel.config, staked=wheel.staked_of(pid),
                          total_cents=wheel.total_of(pid))  # r7–r13, A57
    amount = sum(b["amount_cents"] for b in booked)
    wallet = wallets.get_wallet(uow, UUID(pid))
    wallet.check_can_debit(amount, field="bets")
    version = _ruleset_version(uow, wheel)
    # Guards done.
    jogada_id, slip = wheel.place_bets(pid, str(session.id), booked, stale=stale,
                                       ruleset_version=version, actor=actor, at=uow.at)
    one_jogada.joined(uow, pid, str(wheel.id), jogada_id, actor=actor)  # A63
    if forced_number is not None:
        wheel.force_number(forced_number, actor=actor, at=uow.at)
    wallets.hold_stake(uow, player_id=UUID(pid), to_code=HOUSE_CODE,
                       transfer_id=stakes.hold_id(jogada_id, pid, slip), amount_cents=amount,
                       reason="bet", refs={"jogada_id": jogada_id, "wheel_id": str(wheel.id),
                                           "slip": str(slip)}, actor=actor)
    session.record_bet(jogada_id, amount, actor=actor, at=uow.at)
    result = {**_jogada_facts(wheel, pid), "slip": slip, "amount_cents": amount,
              "bets": booked, "available_cents": wallet.available_cents,
              "held_total_cents": wallet.held_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp,
                           operation="roulette_bet", outcome={"result": result}, actor=actor,
                           at=uow.at))
    return result


def withdraw_bets(uow: UnitOfWork, *, wheel_id: UUID | str, player_id: UUID | str,
                  idempotency_key: str, actor: str, slip: int | None = None) -> dict[str, Any]:
    """A60: at an individual wheel, before the launch, a slip (or every slip) withdrawn, its
    stake back, no fee. Idempotent by key."""
    check_key(idempotency_key)
    pid = str(check_uuid(player_id, "player_id"))
    scope = f"roulette-withdraw:{pid}"
    fp = fingerprint("roulette_withdraw", {"wheel_id": str(wheel_id), "slip": slip})
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    wheel = players.get_wheel(uow, wheel_id)
    slips = wheel.check_withdraw(pid, slip)
    # Guards done.
    jid = wheel.jogada["jogada_id"]
    wheel.withdraw(slips, reason=PLAYER, actor=actor, at=uow.at)
    refunds = stakes.give_back(uow, jid, slips, "withdrawn", actor)
    if not wheel.live_slips():  # nothing left to launch: the jogada ends here, empty
        wheel.refund(reason=WITHDRAWN, refunds={}, rule=WITHDRAW_RULE, actor=actor, at=uow.at)
    wallet = wallets.get_wallet(uow, UUID(pid))
    result = {**_jogada_facts(wheel, pid), "withdrawn": [s["slip"] for s in slips],
              "refunded_cents": refunds.get(pid, 0), "rule": WITHDRAW_RULE,
              "available_cents": wallet.available_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp,
                           operation="roulette_withdraw", outcome={"result": result},
                           actor=actor, at=uow.at))
    return result


def set_forced_number(uow: UnitOfWork, *, wheel_id: UUID | str, forced_number: int,
                      actor: str, certification_mode: bool = False) -> dict[str, Any]:
    """Certification mode: the number the open jogada's spin gives, set during its betting
    window (r16), whoever launches; recorded as ``NumberForced``."""
    wheel = players.get_wheel(uow, wheel_id)
    number = certification.check_forced_number(forced_number,
                                                certification_mode=certification_mode)
    jogada = wheel.open_jogada()
    wheel.check_window(uow.at, field="forced_number")
    wheel.force_number(number, actor=actor, at=uow.at)
    closes = jogada["betting_closes_at"]
    return {"wheel_id": str(wheel.id), "jogada_id": jogada["jogada_id"],
            "forced_number": number,
            "betting_closes_at": None if closes is None else closes.isoformat()}
