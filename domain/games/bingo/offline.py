"""Bingo's offline rules for the standalone bundle checker (interface: infra/audit/checker/
games.py; docs/audit.md), standard library only: a second implementation of the rules
(rules-digest §4; the RNG of domain/kernel/rng.py) sharing no code with the game. From one
jogada's events and ball order: the balls, the cards dealt by the revealed seed, the
announcement, the prizes, their split, the jackpot, the settlement, cancellation or void, and
the money its account events moved. A jackpot's amount depends on the jackpot account's balance
before the jogada, not in it: that line starts with ``NOTE`` (not a failure)."""

from __future__ import annotations

import hashlib
import hmac
from array import array
from itertools import combinations
from typing import Any

GAMES, MARKERS = ("bingo",), {"bingo": ".BingoRoom."}  # game.py: NAME, event_marker
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaCancelled", "JogadaVoided")
NOTE = "not recomputed offline:"

BP = 10_000
MIN_POOL_BP = 7_000  # rule 31: the pool is at least 70 % of the sales (A31 rounding)
BINGO, LINE, TWO_LINES, COLUMN, CORNERS = "bingo", "line", "two_lines", "column", "four_corners"
JACKPOT, HOUSE = "jackpot", "house"
_MOVES = ("Debited", "HoldPosted", "Credited", "FundsHeld", "HoldVoided")
_LABEL = b"srij-game-ledger/rng/v1"
ROWS = {"90": 3, "80": 4, "75": 5, "30": 3}  # rules 61, 65, 70, 80
COLUMNS = {  # (first, last) number of each column: rules 62, 66, 71, 81
    "90": ((1, 9),) + tuple((10 * c, 10 * c + 9) for c in range(1, 8)) + ((80, 90),),
    "80": tuple((20 * c + 1, 20 * c + 20) for c in range(4)),
    "75": tuple((15 * c + 1, 15 * c + 15) for c in range(5)),
    "30": tuple((10 * c + 1, 10 * c + 10) for c in range(3)),
}
_ROWS_90 = tuple(combinations(range(9), 5))  # a bingo 90 row: 5 of the 9 columns (rule 62)
_CORNER_ROWS_90 = tuple((0, *middle, 8) for middle in combinations(range(1, 8), 3))  # A21


def cents(amount: int) -> str:
    whole, part = divmod(abs(amount), 100)
    return f"{amount} cents ({'-' * (amount < 0)}{whole:,}".replace(",", " ") + f",{part:02d} €)"


class Stream:
    """The RNG stream of domain/kernel/rng.py: HMAC-SHA256 of the seed in counter mode."""

    def __init__(self, seed: bytes, purpose: str) -> None:
        self._mac = hmac.new(seed, _LABEL + b"\x00" + purpose.encode() + b"\x00", hashlib.sha256)
        self._counter, self._buffer = 0, b""

    def below(self, n: int) -> int:
        """Uniform in 0 … n-1: the high bits of whole bytes, rejected until below n."""
        bits = (n - 1).bit_length()
        size = -(-bits // 8)
        while True:
            while len(self._buffer) < size:  # block i: HMAC(seed, label 0 purpose 0 i)
                block = self._mac.copy()
                block.update(self._counter.to_bytes(8, "big"))
                self._buffer, self._counter = self._buffer + block.digest(), self._counter + 1
            value = int.from_bytes(self._buffer[:size], "big") >> (8 * size - bits)
            self._buffer = self._buffer[size:]
            if value < n:
                return value

    def draw(self, population: range, k: int) -> list[int]:
        items = list(population)
        for i in range(k):  # Fisher-Yates from the top
            j = i + self.below(len(items) - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]


def new_card(stream: Stream, variant: str, corners: bool) -> list[list[int | None]]:
    columns = COLUMNS[variant]
    if variant == "90":  # rule 62: 5 numbers a row, every column used, ascending down
        while True:
            choices = (_CORNER_ROWS_90, _ROWS_90, _CORNER_ROWS_90) if corners else (_ROWS_90,) * 3
            layout = [c[stream.below(len(c))] for c in choices]
            if len(set().union(*layout)) == 9:
                break
        grid: list[list[int | None]] = [[None] * 9 for _ in range(3)]
        for col, (first, last) in enumerate(columns):
            filled = [r for r in range(3) if col in layout[r]]
            for r, number in zip(filled, sorted(stream.draw(range(first, last + 1), len(filled)))):
                grid[r][col] = number
        return grid
    cells = []
    for col, (first, last) in enumerate(columns):
        free = variant == "75" and col == 2  # rule 71, A23: the centre is free
        column: list[int | None] = list(stream.draw(range(first, last + 1), ROWS[variant] - free))
        if free:
            column.insert(2, None)
        cells.append(column)
    return [list(row) for row in zip(*cells)]


def derive_cards(seed: bytes, variant: str, counts: list[int],
                 corners: bool) -> list[list[list[list[int | None]]]]:
    """Each purchase's cards; one whose numbers are in play is drawn again (rule 15, A20)."""
    taken: set[tuple[int, ...]] = set()
    out = []
    for purchase, count in enumerate(counts, start=1):
        stream, cards = Stream(seed, f"bingo-cards/{purchase}"), []
        while len(cards) < count:
            card = new_card(stream, variant, corners)
            key = tuple(sorted(n for row in card for n in row if n))
            if key not in taken:
                taken.add(key)
                cards.append(card)
        out.append(cards)
    return out


def shapes(config: dict[str, Any]) -> list[tuple[str, list[tuple[int, int]]]]:
    """The cells of each shape a prize is won on (rules 34, 35, 63, 68, 75, 83; A23)."""
    variant, prizes, pattern = config["variant"], config["prizes"], config.get("bingo_pattern")
    rows, cols = ROWS[variant], len(COLUMNS[variant])
    across = [[(r, c) for c in range(cols)] for r in range(rows)]
    down = [[(r, c) for r in range(rows)] for c in range(cols)]
    diagonals = [[(i, i) for i in range(rows)], [(i, cols - 1 - i) for i in range(rows)]]
    lines = {"horizontal": across, "vertical": down, "diagonal": diagonals * (rows == cols)}
    directions = config.get("line_directions") or ["horizontal"]
    out = [(LINE, cells) for d in lines if d in directions for cells in lines[d]
           if LINE in prizes or TWO_LINES in prizes]
    out += [(COLUMN, cells) for cells in down if COLUMN in prizes]
    out += [(CORNERS, [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)])] * (
        CORNERS in prizes)
    return out + [(BINGO, [(r, c) for r, c in pattern] if pattern else sum(across, []))]


def prizes_won(cards: list[list[list[int | None]]], balls: list[int],
               config: dict[str, Any]) -> list[tuple[str, int, int, list[int]]]:
    """(prize, ordinal, ball, cards) of each prize won, to the bingo: every card completing it
    on the first ball that does (rules 29, 36); a card's second full line is its two lines."""
    line = 5 if config["variant"] == "90" else len(COLUMNS[config["variant"]])
    need = {LINE: line, TWO_LINES: 2 * line, COLUMN: ROWS[config["variant"]], CORNERS: 4}  # A18
    order = sorted(config["prizes"], key=lambda p: (p == BINGO, need.get(p, 0)))  # A17
    kinds, left, holding = shapes(config), bytearray(), {}  # a slot: a shape of a card
    for number, card in enumerate(cards):  # (array, bytearray: 100,000 cards fit in MBs)
        for t, (kind, cells) in enumerate(kinds):
            inside = [card[r][c] for r, c in cells if card[r][c]]
            for ball in inside:
                holding.setdefault(ball, array("I")).append(number * len(kinds) + t)
            left.append(len(inside))
    lines = [0] * len(cards)
    won: list[tuple[str, int, int, list[int]]] = []
    for ordinal, ball in enumerate(balls, start=1):
        done: dict[str, set[int]] = {}
        for slot in holding.get(ball, ()):
            left[slot] -= 1
            if left[slot]:
                continue
            number, kind = slot // len(kinds), kinds[slot % len(kinds)][0]
            if kind == LINE:
                lines[number] += 1
                kind = {1: LINE, 2: TWO_LINES}.get(lines[number], "")
            done.setdefault(kind, set()).add(number)
        taken = {w[0] for w in won}
        won += [(p, ordinal, ball, sorted(done[p])) for p in order if p in done and p not in taken]
        if won and won[-1][0] == BINGO:  # rule 25: the bingo ends the draw
            break
    return won


def announced(config: dict[str, Any], n_cards: int) -> dict[str, Any]:
    """Rule 19's announcement: rules 31, 40; A31 (rounded down; the odd cents to the bingo)."""
    sales = n_cards * config["card_price_cents"]
    pool = max(sales * config["pool_bp"] // BP, -(-sales * MIN_POOL_BP // BP))
    jackpot = config.get("jackpot")
    deduction = pool * jackpot["deduction_bp"] // BP if jackpot else 0
    net = pool - deduction
    values = {prize: net * share // BP for prize, share in config["prizes"].items()}
    values[BINGO] += net - sum(values.values())
    return {"sales_cents": sales, "pool_cents": pool, "jackpot_deduction_cents": deduction,
            "house_cents": sales - pool, "prizes": values}


def split(amount: int, players: list[str]) -> dict[str, int]:
    """Rule 30, A13, A31: equal shares per player, the odd cents one each in card order."""
    share, odd = divmod(amount, len(players))
    return {player: share + (i < odd) for i, player in enumerate(players)}


def first_difference(expected: dict[str, Any], recorded: dict[str, Any]) -> str | None:
    for key in list(expected) + [k for k in recorded if k not in expected]:
        if expected.get(key) != recorded.get(key):
            return key
    return None


def check(jogada: dict[str, Any]) -> list[str]:
    """The problems (and ``NOTE`` lines) of one bingo jogada: the first difference of each kind."""
    return _Check(jogada).run()


class _Check:
    def __init__(self, jogada: dict[str, Any]) -> None:
        self.jid, self.out, self.nets = jogada["jogada_id"], [], {}
        self.moved = jogada["money"]  # net cents per account (infra/audit/checker/games.py)
        self.output = (jogada.get("rng") or {}).get("output") or []
        money = [e for e in jogada["events"] if e["name"] in _MOVES]
        self.moves = [e for e in money if e["data"].get("refs", {}).get("jogada_id") == self.jid]
        self.room = [e for e in jogada["events"]
                     if e["name"] not in _MOVES and e["data"].get("jogada_id") == self.jid]

    def of(self, name: str) -> list[dict[str, Any]]:
        return [e for e in self.room if e["name"] == name]

    def say(self, e: dict[str, Any] | None, text: str) -> None:
        self.out.append(f"{e['name']} (event {e['notification_id']}): {text}" if e else text)

    def move(self, source: str, to: str, amount: int) -> None:
        self.nets[source] = self.nets.get(source, 0) - amount
        self.nets[to] = self.nets.get(to, 0) + amount

    def run(self) -> list[str]:
        opened, ended = self.of("JogadaOpened"), [e for e in self.room if e["name"] in ENDING]
        if not opened or not ended:
            return [f"jogada {self.jid}: no {' or '.join(ENDING if opened else OPENING)} event"]
        self.config, self.end, room = opened[0]["data"]["config"], ended[-1], opened[0]
        self.pool, self.jackpot = (f"bingo-{a}:{room['originator_id']}" for a in ("pool", JACKPOT))
        self.cards()
        self.balls()
        for player, amount in self.paid.items():  # rules 10-12: the cards' price into the pool
            self.move(f"wallet:{player}", self.pool, amount)
        if self.end["name"] == "JogadaCancelled" or not self.of("SalesClosed"):
            self.refund_all()
        else:
            self.drawn()
        self.money()
        return self.out

    def cards(self) -> None:
        """The cards sold, their owners, their price (rules 10-13), dealt by the seed (15, A20)."""
        self.sold, self.owners, self.paid = [], [], {}
        price, bought = self.config["card_price_cents"], self.of("CardsBought")
        bought.sort(key=lambda e: e["data"]["purchase"])
        for e in bought:
            player, cards, amount = (e["data"][k] for k in ("player_id", "cards", "amount_cents"))
            if amount != len(cards) * price:
                self.say(e, f"player {player} paid {cents(amount)} for {len(cards)} cards at the"
                         f" room's {cents(price)} each (bingo rule 10)")
            self.paid[player] = self.paid.get(player, 0) + len(cards) * price
            self.sold += cards
            self.owners += [player] * len(cards)
        revealed, variant = self.of("RngRevealed"), self.config["variant"]
        if not revealed:
            return self.say(None, f"{NOTE} the cards: no revealed seed to derive them from")
        dealt = derive_cards(bytes.fromhex(revealed[-1]["data"]["seed_hex"]), variant,
                             [len(e["data"]["cards"]) for e in bought],
                             variant == "90" and CORNERS in self.config["prizes"])
        for e, due in zip(bought, dealt):
            for n, card in enumerate(e["data"]["cards"]):
                if card != due[n]:
                    return self.say(e, f"player {e['data']['player_id']}'s card"
                                    f" {e['data']['first_card'] + n} is {card}; the revealed seed"
                                    f" deals {due[n]} (903-B 6.7.2(4), bingo rule 15)")
        return None

    def balls(self) -> None:
        for n, e in enumerate(self.of("BallDrawn"), start=1):
            ordinal, ball = e["data"]["ordinal"], e["data"]["ball"]
            due = self.output[n - 1] if n <= len(self.output) else None
            if (ordinal, ball) != (n, due):
                return self.say(e, f"ball #{ordinal} is {ball}; the revealed seed's draw order"
                                f" gives ball #{n} = {due} (903-B 6.7.2(4), bingo rule 21)")
        return None

    def refund_all(self) -> None:
        """Rules 6, 20: too few players; or a void during the sale (rules 45, 47)."""
        end, paid, least = self.end, self.paid, self.config["min_players"]
        if end["name"] == "JogadaCancelled" and len(paid) >= least:
            self.say(end, f"{len(paid)} players bought cards, at least the room's {least}: no"
                     " cancellation (bingo rules 6, 20)")
        self.compare(end, {p: {"refund": a} for p, a in paid.items()}, {p: {"refund": a} for p, a
                     in end["data"].get("refunds", {}).items()}, "bingo rules 20, 45, 47")
        for player, amount in paid.items():
            self.move(self.pool, f"wallet:{player}", amount)

    def drawn(self) -> None:
        """The announcement, prizes and jackpot; the settlement (rule 26) or void (45-47, A15)."""
        end, closed, drawn = self.end, self.of("SalesClosed")[0], self.of("BallDrawn")
        values, voided = announced(self.config, len(self.sold)), end["name"] == "JogadaVoided"
        key = first_difference(values, closed["data"]["pool"])
        if key is not None:
            self.say(closed, f"the announced {key} is {closed['data']['pool'].get(key)}; the"
                     f" {len(self.sold)} cards sold give {values[key]} (bingo rules 19, 31, 40)")
        won = prizes_won(self.sold, self.output[:len(drawn) if voided else None], self.config)
        bingo = won[-1] if won and won[-1][0] == BINGO else None
        if (bingo is not None) == voided or not voided and len(drawn) != bingo[1]:
            self.say(end, f"{len(drawn)} balls were drawn; the bingo, which ends the draw and"
                     f" is then paid, comes with ball #{bingo and bingo[1]} (bingo rules 25, 26)")
        payments = self.prizes(won, values["prizes"])
        if voided:  # rule 46, A15: prizes won are paid, the others' cards refunded
            refunds = {p: {"refund": a} for p, a in self.paid.items() if p not in payments}
            self.compare(end, payments, end["data"].get("prizes_paid", {}), "bingo rule 46")
            self.compare(end, refunds, {p: {"refund": a} for p, a in end["data"].get(
                "refunds", {}).items()}, "bingo rules 45-47, A15")
            payments.update(refunds)
            out = sum(sum(p.values()) for p in payments.values())
            self.move(self.pool, HOUSE, sum(self.paid.values()) - out)
        else:
            self.move(self.pool, HOUSE, values["house_cents"])  # rule 31
            self.move(self.pool, self.jackpot, values["jackpot_deduction_cents"])  # rule 40
            if bingo is not None:
                self.award_jackpot(bingo, values, payments)
            self.compare(end, payments, end["data"].get("payments", {}), "bingo rules 26, 30")
        for player, prizes in payments.items():
            for prize, amount in prizes.items():
                self.move(self.jackpot if prize == JACKPOT else self.pool, f"wallet:{player}",
                          amount)

    def prizes(self, won: list[tuple[str, int, int, list[int]]],
               values: dict[str, int]) -> dict[str, dict[str, int]]:
        """Each prize won against its PrizeWon event; player -> prize -> cents (rule 30)."""
        payments: dict[str, dict[str, int]] = {}
        due = []
        for prize, ordinal, ball, cards in won:
            shares = split(values[prize], list(dict.fromkeys(self.owners[c] for c in cards)))
            for player, amount in shares.items():
                payments.setdefault(player, {})[prize] = amount
            due.append({"prize": prize, "ordinal": ordinal, "ball": ball, "cards": cards,
                        "players": [self.owners[c] for c in cards], "shares": shares})
        recorded = self.of("PrizeWon")
        for e, exp in zip(recorded, due):
            d, winners = e["data"], e["data"]["winners"]
            rec = {**{k: d[k] for k in ("prize", "ordinal", "ball", "shares")}, "cards": [
                w["card"] for w in winners], "players": [w["player_id"] for w in winners]}
            key = first_difference(exp, rec)
            if key == "shares":
                player = first_difference(exp["shares"], rec["shares"])
                self.say(e, f"player {player}'s share of the {exp['prize']} prize is"
                         f" {cents(rec['shares'].get(player, 0))}; the rules give"
                         f" {cents(exp['shares'].get(player, 0))} of {cents(values[exp['prize']])}"
                         " (bingo rules 19, 30; A13, A31)")
            elif key is not None:
                self.say(e, f"the {d['prize']} prize is recorded with {key} {rec[key]}; the cards"
                         f" sold and the balls drawn give the {exp['prize']} prize at ball"
                         f" #{exp['ordinal']} ({exp['ball']}) to cards {exp['cards']} (players"
                         f" {exp['players']}) (bingo rules 29, 30, 36; A17)")
            if key is not None:
                return payments
        if len(recorded) != len(due):
            self.say(None, f"{len(recorded)} PrizeWon events; the cards sold and the balls drawn"
                     f" give {[(d['prize'], d['ordinal']) for d in due]} (bingo rules 29, 36)")
        return payments

    def award_jackpot(self, bingo: tuple[str, int, int, list[int]], values: dict[str, Any],
                      payments: dict[str, dict[str, int]]) -> None:
        """Rule 42, A19: a bingo within the room's balls wins it; the house funds its base (41)."""
        jackpot, recorded = self.config.get("jackpot"), self.of("JackpotWon")
        due = jackpot is not None and bingo[1] <= jackpot["max_balls"]
        if due != bool(recorded):
            self.say(None, f"the bingo came with ball #{bingo[1]}: the jackpot is"
                     f" {'' if due else 'not '}due, yet {len(recorded)} JackpotWon events were"
                     " recorded (bingo rule 42, A19)")
        if not due or not recorded:
            return
        e, least = recorded[0], jackpot["base_cents"] + values["jackpot_deduction_cents"]
        amount = e["data"]["amount_cents"]
        self.say(None, f"{NOTE} the jackpot's amount, {cents(amount)} (event"
                 f" {e['notification_id']}): the jackpot account's balance before the jogada is"
                 " not in it (bingo rules 41, 42)")
        if amount < least:  # the balance before the jogada was at least the base (rule 41)
            self.say(e, f"the jackpot, {cents(amount)}, is below its base plus the deduction")
        shares = split(amount, list(dict.fromkeys(self.owners[c] for c in bingo[3])))
        self.compare(e, {p: {JACKPOT: a} for p, a in shares.items()}, {p: {JACKPOT: a} for p, a
                     in e["data"]["shares"].items()}, "bingo rules 30, 42; A31")
        for player, share in shares.items():
            payments.setdefault(player, {})[JACKPOT] = share
        self.move(HOUSE, self.jackpot, jackpot["base_cents"])  # rule 41

    def compare(self, e: dict[str, Any], expected: dict[str, Any], recorded: dict[str, Any],
                rule: str) -> None:
        """Player -> prize -> cents, recorded by ``e`` against the rules'."""
        player = first_difference(expected, recorded)
        if player is not None:
            due, rec = expected.get(player) or {}, recorded.get(player) or {}
            prize = first_difference(due, rec)
            self.say(e, f"player {player}'s {prize} is {cents(rec.get(prize, 0))}; the rules"
                     f" give {cents(due.get(prize, 0))} ({rule})")

    def money(self) -> None:
        """What the jogada's account events moved, account by account (the checker's
        ``money``, each event's ``account``), against the rules."""
        due = {code: amount for code, amount in self.nets.items() if amount}
        code = first_difference(due, self.moved)
        if code is not None:
            events = [e["notification_id"] for e in self.moves if e.get("account") == code]
            self.say(None, f"account {code}: the jogada's account events (events {events})"
                     f" move {cents(self.moved.get(code, 0))}; the rules give"
                     f" {cents(due.get(code, 0))}")
