"""Tables, seats and caves of hold'em and Omaha (rules 4–15, 17b; A25, A28; 903-B 6.6.1),
each a command ``handler(uow, **args)`` run by the writer in one transaction.

- Opening a table (rules 4–7, 14, 17, 20–24, 38, 43, 44) opens its two accounts: the table's
  (the caves: money held by the ledger for the seated players, never a number only the table
  knows) and its commission account. The table joins the registry start-up recovery walks.
- Sitting (rules 8, 9): a player with an open game session at the table's venue brings the
  table's fixed initial cave from its wallet (A28): the buy-in moves to the table's account,
  less the commission of mode (b) (rule 17b), which moves to the commission account and shows
  on the player's statement. One seat per player (rule 9; 903-B 6.6.1: nobody plays against
  itself). A session-mode table seats registered players only (rule 6, A25). In
  certification mode a laboratory may set the seat's starting cave (``forced_cave_cents``,
  api-contract.md): unequal stacks without set-up jogadas.
- Rebuying (rules 11, 12, 15): between the player's jogadas, when the cave is lost or below
  the table minimum; the rebuy amount, less mode (b)'s commission.
- Leaving (rule 10): with the whole cave, back to the wallet; a seat in the jogada leaves when
  it ends. A seat whose game session is over is cashed out the same way.
- The device or connection id a player sits or acts from is recorded; one id used by two
  players at a table is flagged (``SharedDeviceFlagged``, 903-B 6.6.1) for the operator.
Guards run before any event, so a refused command records nothing and moves no money.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.community_poker import views
from domain.games.community_poker.config import buy_in_fee, check_table_config, rule
from domain.games.community_poker.registry import REGISTRY_ID, PokerRegistry
from domain.games.community_poker.table import SESSION_ENDED, TABLES, PokerTable
from domain.kernel import certification
from domain.kernel.errors import ConflictError, InvalidInputError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import RAKE, TABLE
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.ledger.wallets import MAX_MOVEMENT_CENTS
from domain.sessions.commands import find_open_session, venue_target
from domain.sessions.session import GameSession

BUY_IN, REBUY, CASH_OUT, FEE = "buy_in", "rebuy", "cash_out", "buy_in_fee"


def venue_of(variant: str, table_id: UUID | str) -> str:
    return f"{variant}:{table_id}"


def account_codes(variant: str, table_id: UUID | str) -> tuple[str, str]:
    """The table's account (the caves) and its commission account."""
    return f"{TABLE}:{variant}:{table_id}", f"{RAKE}:{variant}:{table_id}"


def get_table(uow: UnitOfWork, variant: str, table_id: UUID | str) -> PokerTable:
    return uow.get(check_uuid(table_id, "table_id"), TABLES[variant],
                   what=f"table {table_id}", field="table_id")


def table_of_session(uow: UnitOfWork, variant: str, session: GameSession) -> PokerTable | None:
    target = venue_target(f"{variant}:", session.venue_id)
    return None if target is None else uow.find(target, TABLES[variant])


def create_table(uow: UnitOfWork, *, variant: str, table_id: UUID | str, name: str,
                 config: dict[str, Any], actor: str) -> dict[str, Any]:
    check_text(name, "name", 200)
    clean = check_table_config(config, variant)
    tid = check_uuid(table_id, "table_id")
    if uow.find(tid, TABLES[variant]) is not None:
        raise ConflictError(f"table {tid} exists", field="table_id")
    account, rake = account_codes(variant, tid)
    table = TABLES[variant](table_id=str(tid), name=name, config=clean,
                            venue_id=venue_of(variant, tid), account_code=account,
                            rake_code=rake, actor=actor, at=uow.at)
    uow.add(table)
    wallets.open_account(uow, code=account, kind=TABLE, owner=str(tid), actor=actor)
    wallets.open_account(uow, code=rake, kind=RAKE, owner=str(tid), actor=actor)
    registry = uow.find(REGISTRY_ID, PokerRegistry)
    if registry is None:
        registry = PokerRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(tid), variant, actor=actor, at=uow.at)
    return views.describe(table)


def register(uow: UnitOfWork, *, variant: str, table_id: UUID | str, player_id: UUID | str,
             actor: str) -> dict[str, Any]:
    """Rule 6, A25: a session-mode table takes registrations in advance."""
    table = get_table(uow, variant, table_id)
    pid = str(check_uuid(player_id, "player_id"))
    wallets.get_wallet(uow, pid)  # a registered player of the operator
    table.register(pid, actor=actor, at=uow.at)
    return {"table_id": str(table.id), "player_id": pid, "registered": True}


def _money_command(uow: UnitOfWork, scope: str, key: str, operation: str,
                   body: dict[str, Any]) -> tuple[str, Any]:
    check_key(key)
    fp = fingerprint(operation, body)
    return fp, uow.find_receipt(receipt_id(scope, key))


def sit(uow: UnitOfWork, *, variant: str, table_id: UUID | str, player_id: UUID | str,
        seat: int, idempotency_key: str, actor: str, device_id: str | None = None,
        forced_cave_cents: int | None = None, certification_mode: bool = False
        ) -> dict[str, Any]:
    """Rules 8, 9; A28 (the buy-in, less rule 17b's commission); 903-B 6.6.1. Certification
    mode only, ``forced_cave_cents`` (api-contract.md): the seat's starting cave, that amount
    moved from the wallet to the table's account as a buy-in, instead of the table's buy-in; no
    rule 17b fee is taken on it (a laboratory's set-up of unequal stacks, not a purchase at the
    table's price: the seat starts with exactly that cave)."""
    pid = str(check_uuid(player_id, "player_id"))
    forced = forced_cave_cents is not None
    if forced:
        certification.check_forced_cave(forced_cave_cents, certification_mode=certification_mode,
                                        max_cents=MAX_MOVEMENT_CENTS)
    scope = f"{variant}-sit:{pid}"
    body = {"table_id": str(table_id), "seat": seat}
    if forced:
        body["forced_cave_cents"] = forced_cave_cents
    fp, existing = _money_command(uow, scope, idempotency_key, "sit", body)
    if existing is not None:
        return existing.replay(fp)
    if device_id is not None:
        check_text(device_id, "device_id", 200)
    table = get_table(uow, variant, table_id)
    session = find_open_session(uow, pid, table.venue_id)
    if session is None:  # rule 69: the player starts its game session at the table
        raise ConflictError("start a game session at this table first (venue_id "
                            f"{table.venue_id})", field="session_id", rule=rule(variant, 69))
    session.check_accepting(uow.at)
    stale = stale_seats(uow, table)
    taken = table.check_sit(seat, pid, stale=stale)
    config = table.config_data
    amount = forced_cave_cents if forced else config["buy_in_cents"]
    wallet = wallets.get_wallet(uow, pid)
    wallet.check_can_debit(amount, field="forced_cave_cents" if forced else "buy_in_cents")
    # Guards done.
    cash_out_stale(uow, table, stale, actor)
    fee = 0 if forced else buy_in_fee(config, amount)
    _pay_in(uow, table, pid, session, taken, amount, fee, BUY_IN,
            str(receipt_id(scope, idempotency_key)), actor)
    table.sit(taken, pid, str(session.id), buy_in_cents=amount, fee_cents=fee,
              device_id=device_id, actor=actor, at=uow.at, forced=forced)
    check_devices(table, device_id, pid, actor, uow.at)
    result = {"table_id": str(table.id), "seat": int(taken), "session_id": str(session.id),
              "buy_in_cents": amount, "fee_cents": fee, "cave_cents": amount - fee,
              "available_cents": wallet.available_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp, operation="sit",
                           outcome={"result": result}, actor=actor, at=uow.at))
    return result


def _pay_in(uow: UnitOfWork, table: PokerTable, player_id: str, session: GameSession, seat: str,
            amount: int, fee: int, reason: str, transfer: str, actor: str) -> None:
    """A28: the buy-in (or rebuy) less the fee to the table's account, the fee to the
    commission account, and the fee on the player's statement (rule 17b)."""
    refs = {"table_id": str(table.id), "seat": seat, "session_id": str(session.id)}
    wallets.transfer_between(uow, from_code=f"wallet:{player_id}", to_code=table.account_code,
                             transfer_id=transfer, amount_cents=amount - fee, reason=reason,
                             refs=refs, actor=actor)
    if fee:
        wallets.transfer_between(uow, from_code=f"wallet:{player_id}", to_code=table.rake_code,
                                 transfer_id=f"{transfer}:fee", amount_cents=fee, reason=FEE,
                                 refs={**refs, "rule": rule(table.variant, "17b")}, actor=actor)
        session.add_statement_line("commission", "Comissão sobre a cave (regra 17b)", 1, fee,
                                   actor=actor, at=uow.at)


def rebuy(uow: UnitOfWork, *, variant: str, table_id: UUID | str, player_id: UUID | str,
          idempotency_key: str, actor: str) -> dict[str, Any]:
    """Rules 11, 12, 15: the table's rebuy amount, between the player's jogadas."""
    pid = str(check_uuid(player_id, "player_id"))
    scope = f"{variant}-rebuy:{pid}"
    fp, existing = _money_command(uow, scope, idempotency_key, "rebuy",
                                  {"table_id": str(table_id)})
    if existing is not None:
        return existing.replay(fp)
    table = get_table(uow, variant, table_id)
    seat = table.check_rebuy(pid)
    session = uow.get(UUID(table.seats[seat]["session_id"]), GameSession, what="session",
                      field="session_id")
    session.check_accepting(uow.at)
    amount = table.config_data["rebuy_cents"]
    wallet = wallets.get_wallet(uow, pid)
    wallet.check_can_debit(amount, field="rebuy_cents")
    fee = buy_in_fee(table.config_data, amount)
    _pay_in(uow, table, pid, session, seat, amount, fee, REBUY,
            str(receipt_id(scope, idempotency_key)), actor)
    table.rebuy(seat, amount_cents=amount, fee_cents=fee, actor=actor, at=uow.at)
    result = {"table_id": str(table.id), "seat": int(seat), "rebuy_cents": amount,
              "fee_cents": fee, "cave_cents": table.seats[seat]["cave_cents"],
              "available_cents": wallet.available_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp, operation="rebuy",
                           outcome={"result": result}, actor=actor, at=uow.at))
    return result


def leave(uow: UnitOfWork, *, variant: str, table_id: UUID | str, player_id: UUID | str,
          actor: str) -> dict[str, Any]:
    """Rule 10: the whole cave back to the wallet, now or when the player's jogada ends."""
    pid = str(check_uuid(player_id, "player_id"))
    table = get_table(uow, variant, table_id)
    seat = table.seat_of(pid)
    if seat is None:
        raise ConflictError(f"player {pid} is not seated here", field="player_id")
    cave = leave_seat(uow, table, seat, "player", actor)
    return {"table_id": str(table.id), "seat": int(seat), "left": cave is not None,
            "cave_cents": cave, "leaves_when_jogada_ends": cave is None}


def leave_seat(uow: UnitOfWork, table: PokerTable, seat: str, reason: str,
               actor: str) -> int | None:
    holder = table.seats[seat]
    transfer = f"{table.id}:{CASH_OUT}:{seat}:{table.version}"
    cave = table.leave(seat, reason=reason, actor=actor, at=uow.at)
    if cave:
        wallets.transfer_between(
            uow, from_code=table.account_code, to_code=f"wallet:{holder['player_id']}",
            transfer_id=transfer,
            amount_cents=cave, reason=CASH_OUT,
            refs={"table_id": str(table.id), "seat": seat, "session_id": holder["session_id"],
                  "rule": rule(table.variant, 10)}, actor=actor)
    return cave


def check_devices(table: PokerTable, device_id: str | None, player_id: str, actor: str,
                  at: Any) -> None:
    """903-B 6.6.1: one device or connection id used by two players at the table."""
    if device_id is None:
        return
    others = sorted(h["player_id"] for h in table.seats.values()
                    if h.get("device_id") == device_id and h["player_id"] != player_id)
    if others:
        table.flag_shared_device(device_id, sorted([player_id, *others]), actor=actor, at=at)


def _session_gone(uow: UnitOfWork, session_id: str) -> bool:
    session = uow.find(UUID(session_id), GameSession)
    return session is None or session.ended or session.inactivity_end_due(uow.at)


def stale_seats(uow: UnitOfWork, table: PokerTable) -> list[str]:
    """Seats held by a game session that is over, not in the open jogada."""
    return [s for s, h in sorted(table.seats.items(), key=lambda kv: int(kv[0]))
            if not table.in_jogada(s) and _session_gone(uow, h["session_id"])]


def cash_out_stale(uow: UnitOfWork, table: PokerTable, stale: list[str], actor: str) -> None:
    for seat in stale:
        leave_seat(uow, table, seat, SESSION_ENDED, actor)


def session_ended(variant: str):
    def ended(uow: UnitOfWork, session: GameSession, actor: str) -> list[str]:
        """The session's player leaves its seat with its cave, now or when its jogada ends."""
        table = table_of_session(uow, variant, session)
        seat = None if table is None else table.seat_of(session.player_id)
        if seat is None:
            return []
        leave_seat(uow, table, seat, SESSION_ENDED, actor)
        return [seat]
    return ended


def bet_in_play(variant: str):
    def in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
        table = table_of_session(uow, variant, session)
        jogada = None if table is None else table.jogada
        if jogada is None:
            return None
        if any(p["session_id"] == str(session.id) for p in jogada["players"].values()):
            return jogada["jogada_id"], rule(variant, "2e")
        return None
    return in_play


def check_variant(variant: Any) -> str:
    if variant not in TABLES:
        raise InvalidInputError("unknown game", field="variant")
    return variant
