"""The sale of bingo cards and its close, each a command ``handler(uow, **args)`` run by the
writer in one transaction (the room's events, the money on the account streams, the players'
sessions); and how a jogada's money moves (``move``, ``pay``).

- The sale opens (rules 16–17; rule 7 in session mode) with every ball of the jogada committed
  first (903-B 6.7.5). A purchase (rules 10–15) is idempotent by key; the cards' price moves
  from the wallet to the pool at once and is never cancelled (rule 12); it goes onto the
  player's session statement (rules 39, 52).
- At the end of the sale period (rule 18) the close announces the cards sold and the prizes
  (rule 19) and moves the house's share (sales − pool, rule 31) to the house and the jackpot
  deduction (rules 40, 44) to the jackpot; with fewer than ``min_players`` buyers (rules 6, 20;
  A22) the jogada is cancelled and every card refunded from the pool. Members who bought no
  card count towards the inactivity procedure (rules 54–55).
In every jogada: prizes + house share + jackpot deduction = sales, to the cent.
Guards run before any event, so a refused command records nothing and moves no money.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.config import MAX_CARDS_LIMIT
from domain.games.bingo.room import BingoRoom
from domain.games.bingo.rooms import get_room, session_for
from domain.games.bingo.views import jogada_summary
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.rulesets.versions import RuleSet, ruleset_id
from domain.sessions.commands import record_game_win
from domain.sessions.session import REFUND, GameSession

CARDS_LINE = "cards"
CARDS_LABEL = "cartões comprados"  # rule 56: what the player reads is in Portuguese


def ref(jogada_id: str, what: str) -> str:
    return f"{jogada_id}:{what}"


def move(uow: UnitOfWork, jogada_id: str, what: str, *, source: str, to: str, amount: int,
         reason: str, rule: str, actor: str) -> None:
    """One transfer of the jogada's money; none for 0 cents (a tiny pool of 1-cent cards can
    leave a share, a prize or the house's cut at nothing)."""
    if amount:
        wallets.transfer_between(uow, from_code=source, to_code=to,
                                 transfer_id=ref(jogada_id, what), amount_cents=amount,
                                 reason=reason, refs={"jogada_id": jogada_id, "rule": rule},
                                 actor=actor)


def pay(uow: UnitOfWork, jogada_id: str, player_id: str, session_id: str, *, source: str,
        amount: int, category: str, rule: str, actor: str) -> None:
    """A prize or a refund to the player's wallet, and onto the session its cards were bought
    from (rules 49, 52; a refund is ``REFUND``, apart from prizes)."""
    what = "refund" if category == REFUND else category
    move(uow, jogada_id, f"{what}:{player_id}", source=source, to=wallet_code(player_id),
         amount=amount, reason=f"bingo_{what}", rule=rule, actor=actor)
    record_game_win(uow, session_id, jogada_id, amount, category, actor)


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
    check_count(room, count)
    jogada = room.check_purchase(str(pid), count, uow.at)
    session = session_for(uow, room, pid)
    wallet = wallets.get_wallet(uow, pid)
    amount = count * room.config.card_price_cents
    wallet.check_can_debit(amount, field="count")
    # Guards done.
    jid = jogada["jogada_id"]
    room.join(str(pid), str(session.id), actor=actor, at=uow.at)
    cards = room.buy_cards(str(pid), str(session.id), count, actor=actor, at=uow.at)
    purchase = jogada["purchases"]
    wallets.transfer_between(uow, from_code=wallet_code(pid), to_code=room.pool_code,
                             transfer_id=ref(jid, f"purchase{purchase}"), amount_cents=amount,
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


def check_count(room: BingoRoom, count: Any) -> None:
    """A purchase is of a whole number of cards, at least one (rule 11), at most the room's
    ``max_cards`` (rule 13): checked before the jogada's state, so a count no sale could take
    is refused as such (422; 409 ``card_limit`` above the room's limit), whether or not a sale
    is open. What the player already holds in the jogada is checked with the sale."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidInputError("count must be a whole number of cards ≥ 1", field="count",
                                rule=bingo_rule(11))
    if count > MAX_CARDS_LIMIT:  # no room sells more (domain/games/bingo/config.py, rule 13)
        raise InvalidInputError(f"count must be at most {MAX_CARDS_LIMIT} cards",
                                field="count", rule=bingo_rule(13))
    limit = room.config.max_cards
    if count > limit:
        raise RuleViolationError(f"at most {limit} cards per player per jogada in this room",
                                 field="count", rule=bingo_rule(13), code="card_limit")


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
            pay(uow, jid, player_id, players[player_id], source=room.pool_code, amount=amount,
                category=REFUND, rule=bingo_rule(20), actor=actor)
        return {"jogada_id": jid, "cancelled": True, "refunds": refunds}
    pool = room.close_sales(actor=actor, at=uow.at)
    move(uow, jid, "house-share", source=room.pool_code, to=HOUSE_CODE, amount=pool.house_cents,
         reason="bingo_house_share", rule=bingo_rule(31), actor=actor)
    move(uow, jid, "jackpot-deduction", source=room.pool_code, to=room.jackpot_code,
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
