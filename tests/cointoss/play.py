"""The coin toss's rules: a table opened, a bet (the first opens the jogada), the toss (the side
from the seed drawn outside the command) and the settlement: a right call is paid 1:1."""

from __future__ import annotations

import hashlib
from typing import Any
from uuid import UUID

from domain.kernel.errors import ConflictError, InvalidInputError
from domain.kernel.text import check_uuid
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.sessions.commands import find_open_session, record_game_win
from tests.cointoss.config import check_config
from tests.cointoss.registry import REGISTRY_ID, CoinRegistry
from tests.cointoss.table import SIDES, CoinTable
from tests.cointoss.views import describe

NAME = "cointoss"


def get_table(uow: Any, table_id: str) -> CoinTable:
    return uow.get(check_uuid(table_id, "table_id"), CoinTable, what="table")


def create_table(uow: Any, cmd: Any) -> dict[str, Any]:
    venue_id = f"{NAME}:{cmd.table_id}"
    table = CoinTable(table_id=cmd.table_id, venue_id=venue_id, name=cmd.name,
                      config=check_config(cmd.config), actor=cmd.actor, at=uow.at)
    uow.add(table)
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    if registry is None:
        registry = CoinRegistry(actor=cmd.actor, at=uow.at)
        uow.add(registry)
    registry.register(table_id=cmd.table_id, actor=cmd.actor, at=uow.at)
    return describe(table)


def bet(uow: Any, cmd: Any) -> dict[str, Any]:
    check_key(cmd.idempotency_key)
    pid = check_uuid(cmd.player_id, "player_id")
    scope = f"cointoss-bet:{pid}"
    fp = fingerprint("bet", {"table_id": cmd.table_id, "side": cmd.side,
                             "stake_cents": cmd.stake_cents})
    existing = uow.find_receipt(receipt_id(scope, cmd.idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    table = get_table(uow, cmd.table_id)
    if cmd.side not in SIDES:
        raise InvalidInputError("side must be heads or tails", field="side")
    if cmd.stake_cents != table.config["stake_cents"]:
        raise InvalidInputError(f"the stake is {table.config['stake_cents']} cents",
                                field="stake_cents")
    session = find_open_session(uow, pid, table.venue_id)
    if session is None:
        raise ConflictError("open a game session at the table first", field="player_id")
    session.check_accepting(uow.at)
    wallets.get_wallet(uow, pid).check_can_debit(cmd.stake_cents, field="stake_cents")
    if table.jogada is not None and str(pid) in table.jogada["bets"]:
        raise ConflictError("one bet per player and jogada", field="player_id")
    # Guards done.
    jogada_id = table.open_jogada(actor=cmd.actor, at=uow.at) if table.jogada is None \
        else table.jogada["jogada_id"]
    table.place_bet(jogada_id=jogada_id, player_id=str(pid), session_id=str(session.id),
                    side=cmd.side, stake_cents=cmd.stake_cents, actor=cmd.actor, at=uow.at)
    wallets.hold_stake(uow, player_id=pid, to_code=HOUSE_CODE, transfer_id=f"{jogada_id}:{pid}",
                       amount_cents=cmd.stake_cents, reason="coin_bet",
                       refs={"jogada_id": jogada_id, "table_id": str(table.id)}, actor=cmd.actor)
    session.record_bet(jogada_id, cmd.stake_cents, actor=cmd.actor, at=uow.at)
    result = {"jogada_id": jogada_id, "table_id": str(table.id), "side": cmd.side,
              "stake_cents": cmd.stake_cents}
    uow.add(CommandReceipt(scope=scope, key=cmd.idempotency_key, fingerprint=fp,
                           operation="bet", outcome={"result": result}, actor=cmd.actor,
                           at=uow.at))
    return result


def side_of(seed: bytes) -> str:
    """The draw: the low bit of SHA-256 of the seed."""
    return SIDES[hashlib.sha256(seed).digest()[-1] & 1]


def payouts(bets: dict[str, dict[str, Any]], side: str) -> dict[str, int]:
    """What each player is paid: twice the stake for a right call, nothing otherwise."""
    return {p: 2 * b["stake_cents"] if b["side"] == side else 0 for p, b in bets.items()}


def toss(uow: Any, cmd: Any) -> dict[str, Any]:
    table = get_table(uow, cmd.table_id)
    if table.jogada is None:
        raise ConflictError("no jogada to toss", field="table_id")
    jogada, side = table.jogada, side_of(cmd.seed)
    paid = payouts(jogada["bets"], side)
    table.toss(jogada_id=jogada["jogada_id"], seed_hex=cmd.seed.hex(), side=side, payouts=paid,
               actor=cmd.actor, at=uow.at)
    for player_id, amount in paid.items():
        hold = f"{jogada['jogada_id']}:{player_id}"
        stake = jogada["bets"][player_id]["stake_cents"]
        if amount:
            wallets.void_stake(uow, player_id=UUID(player_id), transfer_id=hold, reason="won",
                               actor=cmd.actor)
            wallets.transfer_between(uow, from_code=HOUSE_CODE,
                                     to_code=wallets.wallet_code(player_id),
                                     transfer_id=f"{hold}:win", amount_cents=amount - stake,
                                     reason="coin_win",
                                     refs={"jogada_id": jogada["jogada_id"]}, actor=cmd.actor)
        else:
            wallets.post_stake(uow, player_id=UUID(player_id), transfer_id=hold, reason="lost",
                               actor=cmd.actor)
        record_game_win(uow, jogada["bets"][player_id]["session_id"], jogada["jogada_id"],
                        amount, "win", cmd.actor)
    return {"jogada_id": jogada["jogada_id"], "side": side, "payouts": paid}
