"""Bingo commands: ``handler(uow, **args)``, each run by the writer in one transaction (the
room's events, the money on the account streams, the players' sessions).

Accounts of a room: ``bingo-pool:<room>`` (prize pool) and, with a jackpot,
``bingo-jackpot:<room>`` (rules 39–44). Money:
- a purchase moves the cards' price from the wallet to the pool (rule 12: never cancelled);
- the close of sales moves the house's share (sales − pool) to the house and the jackpot
  deduction to the jackpot (rules 31, 40, 44); a cancelled jogada refunds every card from the
  pool (rule 20);
- the settlement pays every prize from the pool and the jackpot from the jackpot account, and
  the house tops the jackpot back up to its base (rules 26, 41, 42);
- a void (rules 45–47, A15) puts the house share and the jackpot deduction back in the pool,
  pays the prizes already won, refunds in full the cards of players who won nothing, and the
  house takes (or makes up) what is left.
So, in every jogada: prizes + house share + jackpot deduction = sales, to the cent.
Guards run before any event, so a refused command records nothing and moves no money.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain import wallets
from domain.accounts import HOUSE_CODE, JACKPOT, PRIZE_POOL, wallet_code
from domain.bingo.cards import bingo_rule
from domain.bingo.config import check_room_config
from domain.bingo.room import DRAWING, SALE, BingoRoom, BingoRoomRegistry, REGISTRY_ID
from domain.bingo.views import describe, jogada_summary
from domain.errors import ConflictError
from domain.inactivity import BINGO
from domain.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.rules import A, cite
from domain.rulesets import RuleSet, ruleset_id
from domain.session_commands import find_open_session, record_game_win, venue_target
from domain.sessions import REFUND, GameSession
from domain.text import check_text, check_uuid
from domain.uow import UnitOfWork

_VENUE_PREFIX = "bingo:"
JACKPOT_CATEGORY = "jackpot"
CARDS_LINE = "cards"
CARDS_LABEL = "cartões comprados"  # rule 56: what the player reads is in Portuguese


def venue_of(room_id: UUID | str) -> str:
    return f"{_VENUE_PREFIX}{room_id}"


def room_of(venue_id: str) -> UUID | None:
    """The room a venue id names (``venue_of`` read back), or None."""
    return venue_target(_VENUE_PREFIX, venue_id)


def get_room(uow: UnitOfWork, room_id: UUID | str) -> BingoRoom:
    return uow.get(check_uuid(room_id, "room_id"), BingoRoom, what=f"room {room_id}",
                   field="room_id")


def _ref(jogada_id: str, what: str) -> str:
    return f"{jogada_id}:{what}"


# Rooms and players ---------------------------------------------------------------------------
def create_room(uow: UnitOfWork, *, room_id: UUID | str, name: str, config: dict[str, Any],
                actor: str) -> dict[str, Any]:
    """Rules 2f, 8–10, 13, 16, 22, 24, 31–44. ``room_id`` is drawn by the caller."""
    check_text(name, "name", 200)  # rule 9: a fantasy name is fine
    checked, warnings = check_room_config(config)
    rid = check_uuid(room_id, "room_id")
    if uow.find(rid, BingoRoom) is not None:
        raise ConflictError(f"room {rid} exists", field="room_id")
    pool_code = f"bingo-pool:{rid}"
    jackpot_code = None if checked.jackpot is None else f"bingo-jackpot:{rid}"
    room = BingoRoom(room_id=str(rid), name=name, config=checked.to_dict(), warnings=warnings,
                     venue_id=venue_of(rid), pool_code=pool_code, jackpot_code=jackpot_code,
                     actor=actor, at=uow.at)
    uow.add(room)
    registry = uow.find(REGISTRY_ID, BingoRoomRegistry)
    if registry is None:
        registry = BingoRoomRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(rid), actor=actor, at=uow.at)
    wallets.open_account(uow, code=pool_code, kind=PRIZE_POOL, owner=str(rid), actor=actor)
    if jackpot_code is not None:
        wallets.open_account(uow, code=jackpot_code, kind=JACKPOT, owner=str(rid), actor=actor)
        if checked.jackpot.base_cents:  # rule 41: the base value, funded by the house
            wallets.transfer_between(
                uow, from_code=HOUSE_CODE, to_code=jackpot_code, transfer_id=f"{rid}:jackpot-base",
                amount_cents=checked.jackpot.base_cents, reason="jackpot_base",
                refs={"rule": bingo_rule(41)}, actor=actor)
    return describe(room) | {"warnings": warnings}


def _session_for(uow: UnitOfWork, room: BingoRoom, player_id: UUID) -> GameSession:
    session = find_open_session(uow, player_id, room.venue_id)
    if session is None:
        raise ConflictError(f"start a game session in this room first (venue_id {room.venue_id})",
                            field="session_id", rule=bingo_rule(53))
    if session.game != BINGO:
        raise ConflictError(f"the session is for {session.game}, not bingo", field="session_id")
    session.check_accepting(uow.at)
    return session


def join(uow: UnitOfWork, *, room_id: UUID | str, player_id: UUID | str,
         actor: str) -> dict[str, Any]:
    """A player with an open bingo session enters the room (its jogadas count for rules 54–55)."""
    room = get_room(uow, room_id)
    pid = check_uuid(player_id, "player_id")
    session = _session_for(uow, room, pid)
    room.join(str(pid), str(session.id), actor=actor, at=uow.at)
    return {"room_id": str(room.id), "player_id": str(pid), "session_id": str(session.id)}


def bet_in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
    """The open jogada in which the session holds cards (rule 2g: the jogada runs to the
    payment of every prize; rules 12, 49: the cards stay in play)."""
    room_id = room_of(session.venue_id)
    room = None if room_id is None else uow.find(room_id, BingoRoom)
    jogada = None if room is None else room.jogada
    if jogada is None:
        return None
    buyer = jogada["players"].get(session.player_id)
    if buyer is not None and buyer["session_id"] == str(session.id):
        return jogada["jogada_id"], bingo_rule("2g, 12, 49")
    return None


def session_ended(uow: UnitOfWork, session: GameSession, actor: str) -> None:
    """The session ended: its player leaves the room's members now (rules 53–55; its cards
    in an open jogada stay in play and are paid onto that session, rules 12, 49)."""
    room_id = room_of(session.venue_id)
    room = None if room_id is None else uow.find(room_id, BingoRoom)
    if room is not None and session.player_id in room.members:
        room.drop_members([session.player_id], reason="session_ended", actor=actor, at=uow.at)


# The jogada ----------------------------------------------------------------------------------
def open_jogada(uow: UnitOfWork, *, room_id: UUID | str, seed: bytes,
                forced_balls: list[int] | None, certification_mode: bool,
                actor: str) -> dict[str, Any]:
    """Opens the sale (rules 16–17; rule 7 in session mode) and commits the draw order
    (903-B 6.7.5; ``forced_balls`` only in certification mode)."""
    room = get_room(uow, room_id)
    ruleset = uow.find(ruleset_id(room.venue_id), RuleSet)
    version = None
    if ruleset is not None and ruleset.versions:
        version = ruleset.version_at(uow.at)[0]
    room.start_jogada(seed, forced_balls=forced_balls, certification_mode=certification_mode,
                      ruleset_version=version, actor=actor, at=uow.at)
    return jogada_summary(room)


def buy_cards(uow: UnitOfWork, *, room_id: UUID | str, player_id: UUID | str, count: int,
              idempotency_key: str, actor: str) -> dict[str, Any]:
    """Rules 10–15: idempotent by key; the cards' price leaves the wallet at once."""
    check_key(idempotency_key)
    pid = check_uuid(player_id, "player_id")
    scope = f"bingo-cards:{pid}"
    fp = fingerprint("bingo_cards", {"room_id": str(room_id), "count": count})
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return _unpack(existing.replay(fp))
    room = get_room(uow, room_id)
    jogada = room.check_purchase(str(pid), count, uow.at)
    session = _session_for(uow, room, pid)
    wallet = wallets.get_wallet(uow, pid)
    amount = count * room.config.card_price_cents
    wallet.check_can_debit(amount, field="count")
    # Guards done.
    jid = jogada["jogada_id"]
    room.join(str(pid), str(session.id), actor=actor, at=uow.at)
    cards = room.buy_cards(str(pid), str(session.id), count, actor=actor, at=uow.at)
    purchase = jogada["purchases"]
    wallets.transfer_between(uow, from_code=wallet_code(pid), to_code=room.pool_code,
                             transfer_id=_ref(jid, f"purchase{purchase}"), amount_cents=amount,
                             reason="bingo_cards", refs={"jogada_id": jid, "room_id": str(room.id)},
                             actor=actor)
    session.record_bet(jid, amount, actor=actor, at=uow.at)
    session.add_statement_line(CARDS_LINE, CARDS_LABEL, count, amount, actor=actor, at=uow.at)
    numbers = room.cards_of(str(pid))[-count:]
    result = {"jogada_id": jid, "room_id": str(room.id), "purchase": purchase,
              "cards": [{"card": n, "numbers": [list(r) for r in c]} for n, c in zip(numbers, cards)],
              "amount_cents": amount, "available_cents": wallet.available_cents}
    uow.add(CommandReceipt(scope=scope, key=idempotency_key, fingerprint=fp,
                           operation="bingo_cards", outcome={"result": _pack(result)},
                           actor=actor, at=uow.at))
    return result


# A receipt keeps the cards as one hex string each (a cell a byte, 0 for a blank): the writer
# caches receipts, and nested lists cost ~700 bytes a card (70 MB for a 100,000-card jogada).
_GRIDS = {27: (3, 9), 16: (4, 4), 25: (5, 5), 9: (3, 3)}


def _pack(result: dict[str, Any]) -> dict[str, Any]:
    cards = [{"card": c["card"], "numbers": bytes(n or 0 for row in c["numbers"] for n in row).hex()}
             for c in result["cards"]]
    return {**result, "cards": cards}


def _unpack(result: Any) -> Any:
    if not isinstance(result, dict) or not result.get("cards") or \
            not isinstance(result["cards"][0]["numbers"], str):
        return result
    cards = []
    for c in result["cards"]:
        flat = bytes.fromhex(c["numbers"])
        rows, cols = _GRIDS[len(flat)]
        cards.append({"card": c["card"], "numbers": [[flat[r * cols + k] or None for k in range(cols)]
                                                     for r in range(rows)]})
    return {**result, "cards": cards}


def close_sales(uow: UnitOfWork, *, room_id: UUID | str, actor: str) -> dict[str, Any]:
    """Rule 18 (at the end of the sale period), 19 (the announcement), 44 (the jackpot);
    rules 6, 20 (A22): too few players, and every card is refunded at once."""
    room = get_room(uow, room_id)
    jogada = room.check_can_close(uow.at)
    jid = jogada["jogada_id"]
    _count_idle_members(uow, room, jogada, actor)
    if not room.enough_players():
        players = {p: b["session_id"] for p, b in jogada["players"].items()}
        refunds = room.cancel(actor=actor, at=uow.at)
        for player_id, amount in refunds.items():
            _pay(uow, jid, player_id, players[player_id], source=room.pool_code, amount=amount,
                 category=REFUND, rule=bingo_rule(20), actor=actor)
        return {"jogada_id": jid, "cancelled": True, "refunds": refunds}
    pool = room.close_sales(actor=actor, at=uow.at)
    _move(uow, jid, "house-share", source=room.pool_code, to=HOUSE_CODE, amount=pool.house_cents,
          reason="bingo_house_share", rule=bingo_rule(31), actor=actor)
    _move(uow, jid, "jackpot-deduction", source=room.pool_code, to=room.jackpot_code,
          amount=pool.jackpot_cents, reason="bingo_jackpot_deduction", rule=bingo_rule(40),
          actor=actor)
    return {"jogada_id": jid, "cancelled": False, **pool.as_dict()}


def _count_idle_members(uow: UnitOfWork, room: BingoRoom, jogada: dict[str, Any],
                        actor: str) -> None:
    """Rules 54–55: a member who bought no card in this jogada; members whose session ended
    leave the room."""
    gone = []
    for player_id, session_id in sorted(room.members.items()):
        if player_id in jogada["players"]:
            continue
        session = uow.find(UUID(session_id), GameSession)
        if session is None or session.ended or session.inactivity_end_due(uow.at):
            gone.append(player_id)
            continue
        if "ended" in session.record_jogada_without_bet(jogada["jogada_id"], actor=actor,
                                                        at=uow.at):
            gone.append(player_id)
    room.drop_members(gone, reason="session_ended", actor=actor, at=uow.at)


def draw(uow: UnitOfWork, *, room_id: UUID | str, actor: str) -> dict[str, Any]:
    """One ball (rules 21–22), the prizes it completes (rules 24, 29, 30, 36), and, at the
    bingo, the jackpot (rule 42) and the payment of every prize (rules 25–26)."""
    room = get_room(uow, room_id)
    drawn = room.draw_next(actor=actor, at=uow.at)
    if drawn["bingo"]:
        drawn["payments"] = _settle(uow, room, actor)
    return drawn


def _settle(uow: UnitOfWork, room: BingoRoom, actor: str) -> dict[str, dict[str, int]]:
    jogada = room.open_jogada()
    jid = jogada["jogada_id"]
    payments = _prizes_by_player(jogada)
    if room.jackpot_due():
        amount = wallets.get_account(uow, room.jackpot_code).available_cents
        for player_id, share in room.award_jackpot(amount, actor=actor, at=uow.at).items():
            payments.setdefault(player_id, {})[JACKPOT_CATEGORY] = share
    for player_id, prizes in payments.items():
        for prize, amount in prizes.items():
            source = room.jackpot_code if prize == JACKPOT_CATEGORY else room.pool_code
            _pay(uow, jid, player_id, jogada["players"][player_id]["session_id"], source=source,
                 amount=amount, category=prize, rule=bingo_rule(26), actor=actor)
    if JACKPOT_CATEGORY in {p for prizes in payments.values() for p in prizes}:
        # rule 41: the increments start again from the base value
        _move(uow, jid, "jackpot-base", source=HOUSE_CODE, to=room.jackpot_code,
              amount=room.config.jackpot.base_cents, reason="jackpot_base", rule=bingo_rule(41),
              actor=actor)
    room.settle(payments, actor=actor, at=uow.at)
    return payments


def _prizes_by_player(jogada: dict[str, Any]) -> dict[str, dict[str, int]]:
    """The prizes won so far: player -> prize -> cents (rule 30: each player's share)."""
    out: dict[str, dict[str, int]] = {}
    for prize, won in jogada["won"].items():
        for player_id, amount in won["shares"].items():
            out.setdefault(player_id, {})[prize] = amount
    return out


def _move(uow: UnitOfWork, jogada_id: str, what: str, *, source: str, to: str, amount: int,
          reason: str, rule: str, actor: str) -> None:
    """One transfer of the jogada's money; none for 0 cents (a tiny pool of 1-cent cards can
    leave a share, a prize or the house's cut at nothing)."""
    if amount:
        wallets.transfer_between(uow, from_code=source, to_code=to,
                                 transfer_id=_ref(jogada_id, what), amount_cents=amount,
                                 reason=reason, refs={"jogada_id": jogada_id, "rule": rule},
                                 actor=actor)


def _pay(uow: UnitOfWork, jogada_id: str, player_id: str, session_id: str, *, source: str,
         amount: int, category: str, rule: str, actor: str) -> None:
    """A prize or a refund to the player's wallet, and onto the session its cards were bought
    from (rules 49, 52; a refund is ``REFUND``, apart from prizes)."""
    what = "refund" if category == REFUND else category
    _move(uow, jogada_id, f"{what}:{player_id}", source=source, to=wallet_code(player_id),
          amount=amount, reason=f"bingo_{what}", rule=rule, actor=actor)
    record_game_win(uow, session_id, jogada_id, amount, category, actor)


# Time, faults and recovery --------------------------------------------------------------------
def tick(uow: UnitOfWork, *, room_id: UUID | str, seed: bytes, actor: str) -> list[str]:
    """The room's clock: closes the sale when its period ends (rules 16–20), draws the next
    ball when it is due (rules 22, 24), and in a continuous room (or a session room inside its
    window) opens the next jogada (rules 5–7)."""
    room = get_room(uow, room_id)
    jogada = room.jogada
    if jogada is None:
        if _opens_next(room, uow):
            open_jogada(uow, room_id=room.id, seed=seed, forced_balls=None,
                        certification_mode=False, actor=actor)
            return ["opened"]
        return []
    if not room.due(uow.at):
        return []
    if jogada["status"] == SALE:
        return ["cancelled" if close_sales(uow, room_id=room.id, actor=actor)["cancelled"]
                else "sales_closed"]
    if jogada["status"] == DRAWING:
        drawn = draw(uow, room_id=room.id, actor=actor)
        return ["drawn"] + [f"won:{w['prize']}" for w in drawn["won"]] + (
            ["settled"] if drawn["bingo"] else [])
    return []


def _opens_next(room: BingoRoom, uow: UnitOfWork) -> bool:
    """Rules 5–7: a continuous room is always on, a session room inside its window; either
    opens its next jogada by itself once someone is in the room (an empty room does not cycle
    sales nobody can join)."""
    return room.jogada is None and bool(room.members) and room.in_session_window(uow.at)


def due_rooms(uow: UnitOfWork) -> list[str]:
    registry = uow.find(REGISTRY_ID, BingoRoomRegistry)
    if registry is None:
        return []
    due = []
    for room_id in registry.room_ids:
        room = uow.find(UUID(room_id), BingoRoom)
        if room is not None and (room.due(uow.at) or _opens_next(room, uow)):
            due.append(room_id)
    return due


def void_jogada(uow: UnitOfWork, *, room_id: UUID | str, reason: str,
                actor: str) -> dict[str, Any]:
    """Rules 45–47, A15: a system fault. Prizes already won are paid; the cards of players who
    won nothing are refunded in full (no fee, rule 47); the jackpot deduction goes back."""
    room = get_room(uow, room_id)
    check_text(reason, "reason", 500)
    jogada = room.open_jogada()
    jid = jogada["jogada_id"]
    pool = jogada["pool"]
    if pool is not None:  # after the close of sales: undo the house share and the deduction
        _move(uow, jid, "void:house-share", source=HOUSE_CODE, to=room.pool_code,
              amount=pool["house_cents"], reason="bingo_void", rule=bingo_rule(45), actor=actor)
        _move(uow, jid, "void:jackpot-deduction", source=room.jackpot_code, to=room.pool_code,
              amount=pool["jackpot_deduction_cents"], reason="bingo_void", rule=cite(A, 15),
              actor=actor)
    prizes_paid = _prizes_by_player(jogada)  # rule 46: a prize already won is paid
    refunds = {p: b["paid_cents"] for p, b in jogada["players"].items() if p not in prizes_paid}
    paid_in = sum(b["paid_cents"] for b in jogada["players"].values())
    out = sum(refunds.values()) + sum(sum(p.values()) for p in prizes_paid.values())
    # The house makes up prizes beyond the winners' own cards (before the payments), or keeps
    # what the winners' cards paid beyond their prizes (after them).
    _move(uow, jid, "void:house-makes-up", source=HOUSE_CODE, to=room.pool_code,
          amount=max(out - paid_in, 0), reason="bingo_void", rule=bingo_rule(46), actor=actor)
    for player_id, prizes in prizes_paid.items():
        for prize, amount in prizes.items():
            _pay(uow, jid, player_id, jogada["players"][player_id]["session_id"],
                 source=room.pool_code, amount=amount, category=prize, rule=bingo_rule(46),
                 actor=actor)
    for player_id, amount in refunds.items():
        _pay(uow, jid, player_id, jogada["players"][player_id]["session_id"],
             source=room.pool_code, amount=amount, category=REFUND, rule=bingo_rule("45, 47"),
             actor=actor)
    _move(uow, jid, "void:house-share-kept", source=room.pool_code, to=HOUSE_CODE,
          amount=max(paid_in - out, 0), reason="bingo_void", rule=bingo_rule(46), actor=actor)
    room.void(reason=reason, prizes_paid=prizes_paid, refunds=refunds, actor=actor, at=uow.at)
    return {"jogada_id": jid, "voided": True, "prizes_paid": prizes_paid, "refunds": refunds}


def connection_lost(uow: UnitOfWork, *, room_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    """Rules 12, 48, 49: recorded; nothing is cancelled or refunded."""
    room = get_room(uow, room_id)
    pid = str(check_uuid(player_id, "player_id"))
    cards = room.record_connection_lost(pid, actor=actor, at=uow.at)
    return {"jogada_id": room.jogada["jogada_id"], "player_id": pid, "cards_in_play": cards,
            "rule": bingo_rule("12, 48, 49")}
