"""Jogadas with forced balls (certification mode), an independent prize oracle, and the money
checks shared by the bingo jogada tests.

Forced balls are committed when the jogada opens (903-B 6.7.5), before any card exists; the
cards come from the jogada's seed, purchase by purchase. So a test that wants "card X's first
row first" reads the seed the ledger is about to use (``ScriptedSeeds.peek``), predicts the
cards of its planned purchases, builds the ball order from them, opens the jogada with it and
then checks that the cards actually sold (the purchase results) are the predicted ones. Every
expectation is taken from the cards sold and the balls drawn, never from a remembered outcome.

The oracle (``expected_prizes``) is deliberately naive and shares no code with
domain/games/bingo/engine.py: after each ball it checks every card against every prize still in play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.ledger.accounts import HOUSE_CODE, Account, account_id, wallet_code
from domain.games.bingo.cards import card_key, cards_drbg, generate_more
from eventsourcing.utils import get_topic
from infra.container import Ledger
from infra.runtime.rng import SeededSeedSource
from tests.bingo import support
from tests.bingo.support import Player, balance, room_events

Card = tuple[tuple[int | None, ...], ...]


class ScriptedSeeds:
    """The test seed source (a SeededSeedSource sequence) whose next seed can be read before
    the ledger uses it, or set (to replay a jogada with the same seed)."""

    def __init__(self, master: int) -> None:
        self._source = SeededSeedSource(master)
        self._queued: list[bytes] = []

    def peek(self) -> bytes:
        if not self._queued:
            self._queued.append(self._source.new_seed())
        return self._queued[0]

    def use_next(self, seed: bytes) -> None:
        self._queued.insert(0, seed)

    def new_seed(self) -> bytes:
        seed = self.peek()
        self._queued.pop(0)
        return seed


def predict_cards(variant: str, seed: bytes, counts: list[int], *,
                  four_corners: bool = False) -> list[list[Card]]:
    """The cards of each planned purchase (1, 2, ... in order) of a jogada with ``seed``."""
    taken: set[bytes] = set()
    out = []
    for purchase, count in enumerate(counts, start=1):
        cards = generate_more(cards_drbg(seed, purchase), variant, count, taken,
                              four_corners=four_corners)
        taken.update(card_key(card) for card in cards)
        out.append(cards)
    return out


# The oracle ------------------------------------------------------------------------------------
def numbers(cells: list[int | None]) -> set[int]:
    return {n for n in cells if n is not None}


def card_lines(card: Card, directions: list[str]) -> list[set[int]]:
    rows, cols = len(card), len(card[0])
    lines = []
    if "horizontal" in directions:
        lines += [numbers(list(row)) for row in card]
    if "vertical" in directions:
        lines += [numbers([card[r][c] for r in range(rows)]) for c in range(cols)]
    if "diagonal" in directions and rows == cols:
        lines.append(numbers([card[i][i] for i in range(rows)]))
        lines.append(numbers([card[i][cols - 1 - i] for i in range(rows)]))
    return lines


def card_columns(card: Card) -> list[set[int]]:
    return [numbers([row[c] for row in card]) for c in range(len(card[0]))]


def card_corners(card: Card) -> set[int]:
    return numbers([card[0][0], card[0][-1], card[-1][0], card[-1][-1]])


def card_bingo(card: Card, pattern: list[list[int]] | None) -> set[int]:
    if pattern is None:
        return numbers([n for row in card for n in row])
    return numbers([card[r][c] for r, c in pattern])


def completed(prize: str, card: Card, drawn: set[int], cfg: dict[str, Any]) -> bool:
    directions = cfg["line_directions"]
    if prize == "line":
        return any(line <= drawn for line in card_lines(card, directions))
    if prize == "two_lines":
        return sum(line <= drawn for line in card_lines(card, directions)) >= 2
    if prize == "column":
        return any(col <= drawn for col in card_columns(card))
    if prize == "four_corners":
        return card_corners(card) <= drawn
    return card_bingo(card, cfg.get("bingo_pattern")) <= drawn


NOMINAL = {"four_corners": 4, "column": 3}


def nominal(prize: str, variant: str) -> int:
    line = {"90": 5, "80": 4, "75": 5, "30": 3}[variant]
    return {"line": line, "two_lines": 2 * line, "bingo": 10**6}.get(prize, NOMINAL.get(prize, 0))


def expected_prizes(cards: list[Card], balls: list[int],
                    cfg: dict[str, Any]) -> list[dict[str, Any]]:
    """Rules 29, 36, 30, A17: after each ball, each prize still in play goes to every card that
    has completed it (only the first ball completing it counts); smaller prizes first, bingo
    last; the draw stops at the bingo (rule 25)."""
    order = sorted(cfg["prizes"], key=lambda p: nominal(p, cfg["variant"]))
    drawn: set[int] = set()
    won: list[dict[str, Any]] = []
    in_play = list(order)
    for ordinal, ball in enumerate(balls, start=1):
        drawn.add(ball)
        for prize in list(in_play):
            winners = [n for n, card in enumerate(cards) if completed(prize, card, drawn, cfg)]
            if winners:
                won.append({"prize": prize, "ordinal": ordinal, "ball": ball, "cards": winners})
                in_play.remove(prize)
        if "bingo" not in in_play:
            break
    return won


def first_ordinal(cards: list[Card], balls: list[int], cfg: dict[str, Any], prize: str) -> int:
    return next(w["ordinal"] for w in expected_prizes(cards, balls, cfg) if w["prize"] == prize)


def ordered(*groups: Any) -> list[int]:
    """Balls from groups of numbers, each once, in the order given."""
    out: list[int] = []
    for group in groups:
        for n in group:
            if n is not None and n not in out:
                out.append(n)
    return out


# Playing a jogada ------------------------------------------------------------------------------
@dataclass
class Sold:
    card: int  # the card's number in the jogada (purchase order)
    player: Player
    numbers: Card


@dataclass
class Played:
    jogada_id: str
    sold: list[Sold]
    forced: list[int] | None
    closed: dict[str, Any]
    draws: list[dict[str, Any]]
    before: dict[str, int]
    purchases: list[dict[str, Any]] = field(default_factory=list)

    @property
    def cards(self) -> list[Card]:
        return [s.numbers for s in self.sold]

    def owner(self, card: int) -> Player:
        return self.sold[card].player


def room_codes(room: dict[str, Any], players: list[Player]) -> dict[str, str]:
    codes = {str(p.player_id): wallet_code(p.player_id) for p in players}
    codes.update(house=HOUSE_CODE, pool=room["pool_account"])
    if room["jackpot_account"]:
        codes["jackpot"] = room["jackpot_account"]
    return codes


def balances(ledger: Ledger, room: dict[str, Any], players: list[Player]) -> dict[str, int]:
    return {name: balance(ledger, code) for name, code in room_codes(room, players).items()}


def start(ledger: Ledger, seeds: ScriptedSeeds, room: dict[str, Any],
          buyers: list[tuple[Player, int]],
          plan: Callable[[list[Sold]], list[int]] | None = None) -> Played:
    """Opens a jogada whose first balls are ``plan(cards to be sold)`` (certification mode)
    and makes the purchases, in order; checks the cards sold are the ones planned for."""
    cfg = room["config"]
    players = list(dict.fromkeys(p for p, _ in buyers))
    before = balances(ledger, room, players)
    four_corners = cfg["variant"] == "90" and "four_corners" in cfg["prizes"]
    predicted = predict_cards(cfg["variant"], seeds.peek(), [n for _, n in buyers],
                              four_corners=four_corners)
    planned, number = [], 0
    for (player, _), cards in zip(buyers, predicted):
        for card in cards:
            planned.append(Sold(number, player, card))
            number += 1
    forced = None if plan is None else plan(planned)
    opened = support.open_jogada(ledger, room, forced)
    sold, purchases = [], []
    for player, count in buyers:
        result = support.buy(ledger, room, player, count)
        purchases.append(result)
        for card in result["cards"]:
            sold.append(Sold(card["card"], player,
                             tuple(tuple(row) for row in card["numbers"])))
    assert [(s.card, s.player, s.numbers) for s in sold] == [
        (s.card, s.player, s.numbers) for s in planned], "the cards sold are not the ones planned"
    return Played(opened["jogada_id"], sold, forced, {}, [], before, purchases)


def play(ledger: Ledger, clock: Any, seeds: ScriptedSeeds, room: dict[str, Any],
         buyers: list[tuple[Player, int]],
         plan: Callable[[list[Sold]], list[int]] | None = None) -> Played:
    """A whole jogada: planned purchases, close of sales, every ball when due, the bingo."""
    played = start(ledger, seeds, room, buyers, plan)
    played.closed = support.close_sale(ledger, clock, room)
    assert played.closed["cancelled"] is False
    played.draws = support.draw_to_end(ledger, clock, room)
    assert played.draws[-1]["bingo"] is True
    return played


def jogada_events(ledger: Ledger, room: dict[str, Any], jogada_id: str) -> list[Any]:
    return room_events(ledger, room, jogada_id)


def one(events: list[Any], name: str) -> Any:
    found = [e for e in events if type(e).__name__ == name]
    assert len(found) == 1, f"{len(found)} {name} events"
    return found[0]


def drawn_balls(events: list[Any]) -> list[int]:
    return [e.ball for e in events if type(e).__name__ == "BallDrawn"]


def prizes_won(events: list[Any]) -> list[dict[str, Any]]:
    return [{"prize": e.prize, "ordinal": e.ordinal, "ball": e.ball,
             "cards": [w["card"] for w in e.winners]}
            for e in events if type(e).__name__ == "PrizeWon"]


def assert_matches_oracle(ledger: Ledger, room: dict[str, Any], played: Played) -> list[Any]:
    """The recorded prizes are the oracle's for the cards sold and the balls drawn, and the
    draw stopped at the bingo (rule 25)."""
    events = jogada_events(ledger, room, played.jogada_id)
    balls = drawn_balls(events)
    expected = expected_prizes(played.cards, balls, room["config"])
    assert prizes_won(events) == expected
    assert expected[-1]["prize"] == "bingo" and expected[-1]["ordinal"] == len(balls)
    return events


# Money -----------------------------------------------------------------------------------------
def wallet_events(ledger: Ledger, player: Player) -> list[Any]:
    return support.stream_events(ledger, account_id(wallet_code(player.player_id)))


def all_accounts_total(ledger: Ledger) -> int:
    """The sum of every account's balance, each account loaded from its own stream."""
    opened = ledger.app.recorder.select_notifications(start=None, limit=10**7,
                                                      topics=[get_topic(Account.Opened)])
    ids = {n.originator_id for n in opened}
    return sum(ledger.app.repository.get(UUID(str(i))).balance_cents for i in ids)


def assert_settled_money(ledger: Ledger, room: dict[str, Any], played: Played,
                         jackpot_base_refill: int = 0) -> dict[str, Any]:
    """Rules 26, 31, 40: prizes paid + house share + jackpot deduction = sales, to the cent;
    the pool ends empty; each wallet moved by its prizes minus its cards; all accounts sum to
    zero. Returns the settlement's payments."""
    events = jogada_events(ledger, room, played.jogada_id)
    pool = one(events, "SalesClosed").pool
    payments = one(events, "JogadaSettled").payments
    sales = sum(e.amount_cents for e in events if type(e).__name__ == "CardsBought")
    assert sales == pool["sales_cents"] == len(played.sold) * room["config"]["card_price_cents"]
    prizes_paid = sum(a for p in payments.values() for c, a in p.items() if c != "jackpot")
    jackpot_paid = sum(a for p in payments.values() for c, a in p.items() if c == "jackpot")
    assert prizes_paid + pool["house_cents"] + pool["jackpot_deduction_cents"] == sales
    assert prizes_paid == sum(pool["prizes"].values())
    players = list(dict.fromkeys(s.player for s in played.sold))
    after = balances(ledger, room, players)
    assert after["pool"] == played.before["pool"] == 0
    for player in players:
        paid = sum(e.amount_cents for e in events if type(e).__name__ == "CardsBought"
                   and e.player_id == str(player.player_id))
        won = sum(payments.get(str(player.player_id), {}).values())
        assert after[str(player.player_id)] - played.before[str(player.player_id)] == won - paid
    assert after["house"] - played.before["house"] == pool["house_cents"] - jackpot_base_refill
    if "jackpot" in after:
        assert after["jackpot"] - played.before["jackpot"] == (
            pool["jackpot_deduction_cents"] - jackpot_paid + jackpot_base_refill)
    assert all_accounts_total(ledger) == 0
    return payments


def shapes_of(prize: str, card: Card, cfg: dict[str, Any]) -> list[set[int]]:
    if prize in ("line", "two_lines"):
        return card_lines(card, cfg["line_directions"])
    if prize == "column":
        return card_columns(card)
    if prize == "four_corners":
        return [card_corners(card)]
    return [card_bingo(card, cfg.get("bingo_pattern"))]


def find_tie(sold: list[Sold], cfg: dict[str, Any], prize: str,
             want: Callable[[list[Sold]], bool], size: int) -> list[int] | None:
    """A ball order in which ``size`` cards accepted by ``want`` complete ``prize`` on the same,
    last ball (a number their shapes share) and nothing else is won before: the first prize of
    the jogada, per the oracle. None if the cards allow no such order."""
    from itertools import combinations

    cards = [s.numbers for s in sold]
    entries: dict[int, list[tuple[int, frozenset[int]]]] = {}
    for s in sold:
        for shape in shapes_of(prize, s.numbers, cfg):
            for n in shape:
                entries.setdefault(n, []).append((s.card, frozenset(shape)))
    for x in sorted(entries):
        for combo in combinations(entries[x], size):
            chosen = [card for card, _ in combo]
            if len(set(chosen)) != size or not want([sold[c] for c in chosen]):
                continue
            balls = ordered(*[sorted(shape - {x}) for _, shape in combo]) + [x]
            won = expected_prizes(cards, balls, cfg)
            if (won and won[0]["prize"] == prize and won[0]["ordinal"] == len(balls)
                    and won[0]["cards"] == sorted(chosen)
                    and all(w["ordinal"] == len(balls) for w in won)):
                return balls
    return None
