"""A dice jogada: a table opened, a bet in the betting window (the first opens the jogada, dice
rules 2, 3), the roll from the seed drawn outside the command and the settlement (dice rules 4,
5). Money: each stake held from the wallet to the house, then posted (lost) or voided back with
the win paid by the house, in the command's one transaction; every payment onto the session
the bet came from."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any
from uuid import UUID

from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from domain.kernel.text import check_text, check_uuid
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.sessions.commands import find_open_session, record_game_win
from tests.dicegame.config import FACES, PAYS, check_config, rule
from tests.dicegame.registry import REGISTRY_ID, DiceRegistry
from tests.dicegame.seats import get_table
from tests.dicegame.table import BETTING, DiceTable
from tests.dicegame.views import describe

NAME = "dice"
STAKE = "dice_bet"  # the account movement that stakes a player


def create_table(uow: Any, cmd: Any) -> dict[str, Any]:
    check_text(cmd.name, "name", 200)
    tid = check_uuid(cmd.table_id, "table_id")
    if uow.find(tid, DiceTable) is not None:
        raise ConflictError(f"table {tid} exists", field="table_id")
    table = DiceTable(table_id=str(tid), venue_id=f"{NAME}:{tid}", name=cmd.name,
                      config=check_config(cmd.config), actor=cmd.actor, at=uow.at)
    uow.add(table)
    registry = uow.find(REGISTRY_ID, DiceRegistry)
    if registry is None:
        registry = DiceRegistry(actor=cmd.actor, at=uow.at)
        uow.add(registry)
    registry.register(table_id=str(tid), actor=cmd.actor, at=uow.at)
    return describe(table)


def window_open(table: DiceTable, at: Any) -> bool:
    """Dice rule 3: the window is open until its close, and until the clock closed it."""
    jogada = table.jogada
    return jogada is None or (jogada["status"] == BETTING and at < jogada["window_closes_at"])


def _check_bet(uow: Any, table: DiceTable, pid: str, cmd: Any) -> Any:
    if isinstance(cmd.face, bool) or cmd.face not in FACES:
        raise InvalidInputError("face must be a whole number from 1 to 6", field="face",
                                rule=rule(2))
    if cmd.stake_cents != table.config["stake_cents"]:
        raise InvalidInputError(f"the stake at this table is {table.config['stake_cents']}"
                                " cents", field="stake_cents", rule=rule(2))
    seat = table.seat_of(pid)
    if seat is None:
        raise ConflictError("sit at the table first", field="player_id", rule=rule(1, 2))
    if not window_open(table, uow.at):
        closes = table.jogada["window_closes_at"].isoformat()
        raise RuleViolationError(f"the betting window of jogada {table.jogada['jogada_id']}"
                                 f" closed at {closes}", field="stake_cents", rule=rule(3),
                                 code="betting_closed")
    if table.jogada is not None and pid in table.jogada["bets"]:
        raise ConflictError("one bet per player and jogada", field="player_id", rule=rule(2),
                            code="already_bet")
    session = find_open_session(uow, pid, table.venue_id)
    if session is None:
        raise ConflictError("open a dice session at the table first", field="player_id")
    session.check_accepting(uow.at)
    wallets.get_wallet(uow, UUID(pid)).check_can_debit(cmd.stake_cents, field="stake_cents")
    return seat, session


def bet(uow: Any, cmd: Any) -> dict[str, Any]:
    """Dice rules 2, 3: a seated player's bet on a face, in the betting window."""
    check_key(cmd.idempotency_key)
    pid = str(check_uuid(cmd.player_id, "player_id"))
    scope = f"dice-bet:{pid}"
    fp = fingerprint("bet", {"table_id": str(cmd.table_id), "face": cmd.face,
                             "stake_cents": cmd.stake_cents})
    existing = uow.find_receipt(receipt_id(scope, cmd.idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    table = get_table(uow, cmd.table_id)
    seat, session = _check_bet(uow, table, pid, cmd)
    if table.jogada is None:  # dice rule 3: the first bet opens the window
        table.open_jogada(jogada_id=f"{table.id}:{table.number + 1}", number=table.number + 1,
                          window_closes_at=uow.at + timedelta(
                              seconds=table.config["window_seconds"]),
                          actor=cmd.actor, at=uow.at)
    jogada_id = table.jogada["jogada_id"]
    table.place_bet(jogada_id=jogada_id, seat=seat, player_id=pid, session_id=str(session.id),
                    face=cmd.face, stake_cents=cmd.stake_cents, actor=cmd.actor, at=uow.at)
    wallets.hold_stake(uow, player_id=UUID(pid), to_code=HOUSE_CODE,
                       transfer_id=f"{jogada_id}:{pid}", amount_cents=cmd.stake_cents,
                       reason=STAKE, refs={"jogada_id": jogada_id, "table_id": str(table.id)},
                       actor=cmd.actor)
    session.record_bet(jogada_id, cmd.stake_cents, actor=cmd.actor, at=uow.at)
    result = {"jogada_id": jogada_id, "table_id": str(table.id), "seat": seat,
              "face": cmd.face, "stake_cents": cmd.stake_cents,
              "window_closes_at": table.jogada["window_closes_at"].isoformat()}
    uow.add(CommandReceipt(scope=scope, key=cmd.idempotency_key, fingerprint=fp,
                           operation="bet", outcome={"result": result}, actor=cmd.actor,
                           at=uow.at))
    return result


def face_of(seed: bytes) -> int:
    """Dice rule 4: the face the seed rolls."""
    return int.from_bytes(hashlib.sha256(seed).digest(), "big") % 6 + 1


def payouts(bets: dict[str, dict[str, Any]], face: int) -> dict[str, int]:
    """Dice rule 5: what each player is paid: 6 times the stake for a right call."""
    return {p: PAYS * b["stake_cents"] if b["face"] == face else 0 for p, b in bets.items()}


def roll(uow: Any, table: DiceTable, seed: bytes, actor: str) -> dict[str, Any]:
    """Dice rules 4, 5: the roll and the settlement, in one transaction."""
    jogada = table.jogada
    jogada_id, face = jogada["jogada_id"], face_of(seed)
    paid = payouts(jogada["bets"], face)
    table.roll(jogada_id=jogada_id, seed_hex=seed.hex(), face=face, payouts=paid,
               rule=rule(4, 5), actor=actor, at=uow.at)
    for player_id, amount in paid.items():
        hold, stake = f"{jogada_id}:{player_id}", jogada["bets"][player_id]["stake_cents"]
        if amount:
            wallets.void_stake(uow, player_id=UUID(player_id), transfer_id=hold, reason="won",
                               actor=actor)
            wallets.transfer_between(uow, from_code=HOUSE_CODE,
                                     to_code=wallets.wallet_code(player_id),
                                     transfer_id=f"{hold}:win", amount_cents=amount - stake,
                                     reason="dice_win", refs={"jogada_id": jogada_id},
                                     actor=actor)
        else:
            wallets.post_stake(uow, player_id=UUID(player_id), transfer_id=hold, reason="lost",
                               actor=actor)
        record_game_win(uow, jogada["bets"][player_id]["session_id"], jogada_id, amount, "win",
                        actor)
    return {"jogada_id": jogada_id, "face": face, "payouts": paid}
