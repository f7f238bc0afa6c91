"""Re-adjudication of one bingo jogada (issue 14; the report's shape: domain/kernel/adjudication.py).

From the recorded facts only — the room's configuration as the jogada opened under it
(``JogadaOpened.config``, 903-B 6.1.5(2)(3)), the cards sold, purchase by purchase
(``CardsBought``), whether the sale closed (``SalesClosed``) and the balls drawn, in order
(``BallDrawn``) — the money is computed again with the game's own rule functions:

- each purchase moves count × the room's card price to ``bingo-pool:<room>`` (rules 10–12);
- at the close of sales (``money.close_of_sales``, rules 19, 31, 40, 44; A14, A31) the house's
  share goes to the house and the jackpot deduction to ``bingo-jackpot:<room>``;
- the prizes: the cards and balls run through the prize engine (``engine.DrawEngine``, rules 24,
  29, 36; A17) up to the bingo (rule 25), each prize split per player in card order
  (``money.split``, rule 30, A13, A31) and paid from the pool (rule 26);
- the accumulated jackpot, for a bingo within the room's number of balls (rule 42, A19): what
  the jackpot account held before the jogada (``opening_balances``, 903-B 6.4.6(3)) plus this
  jogada's deduction, split like the bingo; then the house funds its base again (rule 41);
- a cancellation (rules 6, 20; A22): every card refunded;
- a void (rules 45–47, A15): the house share and the deduction go back to the pool, the prizes
  won before the fault are paid, the players who won nothing get their cards back in full, and
  the house keeps (or makes up) the difference.

Then the recomputed nets are compared with the recorded result (``JogadaSettled``'s payments,
``JogadaCancelled``'s or ``JogadaVoided``'s refunds and prizes, against the recorded
purchases) and with the money the jogada's account events moved. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.config import BINGO, RoomConfig
from domain.games.bingo.engine import DrawEngine
from domain.games.bingo.money import close_of_sales, split
from domain.kernel.adjudication import (
    CANCELLED,
    JACKPOT_REBUILT,
    SETTLED,
    VOIDED,
    Book,
    Jogada,
    adjudicate_with,
)
from domain.kernel.errors import InvalidInputError
from domain.kernel.replay_support import event_name
from domain.ledger.accounts import HOUSE_CODE, wallet_code

GAME = "bingo"


def pool_code(room_id: str) -> str:
    return f"bingo-pool:{room_id}"  # domain/games/bingo/rooms.py create_room


def jackpot_code(room_id: str) -> str:
    return f"bingo-jackpot:{room_id}"


def _facts(items: list[tuple[int, Any]]) -> dict[str, Any]:
    facts: dict[str, Any] = {"purchases": [], "balls": []}
    for _, e in items:
        if getattr(e, "jogada_id", None) is None:
            continue
        name = event_name(e)
        if name == "CardsBought":
            facts["purchases"].append(e)
        elif name == "BallDrawn":
            facts["balls"].append(e)
        elif name in ("JogadaOpened", "SalesClosed", "JogadaSettled", "JogadaCancelled",
                      "JogadaVoided"):
            facts[name] = e
    facts["purchases"].sort(key=lambda e: e.purchase)
    facts["balls"].sort(key=lambda e: e.ordinal)
    return facts


def adjudicate(events: list[Any],
               opening_balances: Mapping[str, int] | None = None) -> dict[str, Any]:
    """The adjudication of one ended jogada (domain/kernel/adjudication.py). ``opening_balances``:
    the balance of ``bingo-jackpot:<room>`` before the jogada's first event on it, needed
    only when the bingo wins the jackpot."""
    return adjudicate_with(events, opening_balances, game=GAME, facts=_facts,
                           recompute=_recompute, recorded=_recorded_settlement,
                           pools=lambda room_id: [pool_code(room_id), jackpot_code(room_id)])


def _recompute(jogada: Jogada) -> None:
    facts, book, status, room_id = jogada.facts, jogada.book, jogada.status, jogada.stream
    config = RoomConfig.from_dict(facts["JogadaOpened"].config)
    pool = pool_code(room_id)
    paid: dict[str, int] = {}  # player -> cents, in the order of the first purchase
    owners: list[str] = []  # card number -> player
    for bought in facts["purchases"]:  # rules 10–12: the cards' price into the pool
        if bought.first_card != len(owners):
            raise InvalidInputError(f"purchase {bought.purchase} numbers its cards from"
                                    f" {bought.first_card}, not {len(owners)}", field="events")
        cents = len(bought.cards) * config.card_price_cents
        paid[bought.player_id] = paid.get(bought.player_id, 0) + cents
        owners += [bought.player_id] * len(bought.cards)
        book.move(wallet_code(bought.player_id), pool, cents)
    book.cite(bingo_rule("10, 11, 12"))
    if status == CANCELLED:  # rules 6, 20 (A22): every card refunded at once
        for player_id, cents in paid.items():
            book.move(pool, wallet_code(player_id), cents)
        book.cite(bingo_rule("6, 20"))
        return
    if "SalesClosed" not in facts:  # a void during the sale: rules 45, 47
        for player_id, cents in paid.items():
            book.move(pool, wallet_code(player_id), cents)
        book.cite(bingo_rule("45, 47"))
        return
    announced = close_of_sales(config, len(owners))  # rules 19, 31, 40, 44
    won = _prizes(facts, config, owners, announced.prizes, jogada.problems)
    if status == VOIDED:
        _void(book, pool, paid, won)
        return
    book.move(pool, HOUSE_CODE, announced.house_cents)
    book.move(pool, jackpot_code(room_id), announced.jackpot_cents)
    book.cite(bingo_rule("19, 31, 40, 44"))
    for prize, (_, shares) in won.items():
        for player_id, cents in shares.items():
            book.move(pool, wallet_code(player_id), cents)
    book.cite(bingo_rule("24, 25, 26, 29, 30, 36"))
    if BINGO not in won:
        raise InvalidInputError("the jogada settled without a bingo", field="events",
                                rule=bingo_rule(25))
    ordinal, bingo_shares = won[BINGO]
    jackpot = config.jackpot
    if jackpot is not None and ordinal <= jackpot.max_balls:  # rule 42, A19: inclusive
        code = jackpot_code(room_id)
        before = jogada.opening(code, bingo_rule(42))
        amount = before + book.net.get(code, 0)
        for player_id, cents in split(amount, list(bingo_shares)).items():
            book.move(code, wallet_code(player_id), cents)
        book.move(HOUSE_CODE, code, jackpot.base_cents)  # rule 41: back to the base
        book.cite(bingo_rule("41, 42, 43"), JACKPOT_REBUILT)


def _prizes(facts: dict[str, Any], config: RoomConfig, owners: list[str],
            values: dict[str, int], problems: list[str]) -> dict[str, tuple[int, dict[str, int]]]:
    """Prize -> (ordinal of the ball that won it, player -> share): the recorded cards and balls
    run through the prize engine, in the order the room plays them (A17), to the bingo."""
    engine = DrawEngine(config.variant, tuple(config.prizes), config.line_directions,
                        config.bingo_pattern)
    for bought in facts["purchases"]:
        for card in bought.cards:
            engine.add_card(tuple(tuple(row) for row in card))
    won: dict[str, tuple[int, dict[str, int]]] = {}
    for expected, drawn in enumerate(facts["balls"], start=1):
        if drawn.ordinal != expected:
            raise InvalidInputError(f"ball {expected} is missing from the record",
                                    field="events", rule=bingo_rule(21))
        if BINGO in won:  # rule 25: the bingo ends the draw
            problems.append(f"ball {drawn.ordinal} ({drawn.ball}) was drawn after the bingo"
                            f" ({bingo_rule(25)})")
            break
        for prize, cards in engine.draw(drawn.ball).items():
            engine.mark_won(prize)
            players = list(dict.fromkeys(owners[c] for c in cards))  # A31: card order
            won[prize] = (drawn.ordinal, split(values[prize], players))
    return won


def _void(book: Book, pool: str, paid: dict[str, int],
          won: dict[str, tuple[int, dict[str, int]]]) -> None:
    """Rules 45–47, A15: the house share and the jackpot deduction go back to the pool (so
    they move nothing in net); a prize already won is paid; the players who won nothing get
    their cards back in full; the house keeps what the winners' cards paid beyond their
    prizes, or makes up the prizes beyond them."""
    winners = {player for _, shares in won.values() for player in shares}
    for _, shares in won.values():
        for player_id, cents in shares.items():
            book.move(pool, wallet_code(player_id), cents)
    for player_id, cents in paid.items():
        if player_id not in winners:
            book.move(pool, wallet_code(player_id), cents)
    left = book.net.get(pool, 0)
    if left >= 0:
        book.move(pool, HOUSE_CODE, left)
    else:
        book.move(HOUSE_CODE, pool, -left)
    book.cite(bingo_rule("45, 46, 47"), "A15")


def _recorded_settlement(jogada: Jogada) -> dict[str, int]:
    """The wallets' nets as the recorded result says them: prizes paid (the jackpot included)
    and refunds, less what each player's recorded purchases cost."""
    facts, status, net = jogada.facts, jogada.status, dict[str, int]()

    def add(player_id: str, cents: int) -> None:
        code = wallet_code(player_id)
        net[code] = net.get(code, 0) + cents

    for bought in facts["purchases"]:
        add(bought.player_id, -bought.amount_cents)
    if status == SETTLED and "JogadaSettled" in facts:
        for player_id, prizes in facts["JogadaSettled"].payments.items():
            add(player_id, sum(prizes.values()))
    elif status == CANCELLED and "JogadaCancelled" in facts:
        for player_id, cents in facts["JogadaCancelled"].refunds.items():
            add(player_id, cents)
    elif status == VOIDED and "JogadaVoided" in facts:
        voided = facts["JogadaVoided"]
        for player_id, prizes in voided.prizes_paid.items():
            add(player_id, sum(prizes.values()))
        for player_id, cents in voided.refunds.items():
            add(player_id, cents)
    return net


__all__ = ["GAME", "adjudicate"]
