"""Bingo's offline rules for the standalone bundle checker (the interface:
infra/audit/checker/games.py; docs/audit.md "Bingo: drawing and cards"). Standard library only:
it runs alone inside bundle_check.pyz, so it is a second implementation of the rules, written
from rules-digest §4 and the RNG specification (domain/kernel/rng.py), sharing no code with the
game. From one jogada's events and its ball order (re-derived from the revealed seed):

- the balls: the n-th ``BallDrawn`` is the n-th ball, and the bingo ends the draw (rules 21, 25);
- the cards: each purchase's derived again from the seed and compared with ``CardsBought``, and
  their price (rules 10-13, 15; A20, A21);
- the announcement (rules 19, 31, 40; A31), the prizes each ball completes (rules 24, 29, 36;
  A17), their split per player (rule 30; A13, A31), the jackpot (rules 41, 42; A19), and the
  settlement (rule 26), cancellation (rules 6, 20) or void (rules 45-47; A15);
- the money the jogada's account events moved, account by account.

The jackpot's amount is the jackpot account's balance before the jogada plus this jogada's
deduction; that balance is not in the jogada, so its line starts with ``NOTE`` (not a failure).
"""

from __future__ import annotations

import hashlib
import hmac
from itertools import combinations
from typing import Any
from uuid import NAMESPACE_URL, uuid5

GAMES = ("bingo",)  # domain/games/bingo/game.py NAME
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaCancelled", "JogadaVoided")
NOTE = "not recomputed offline:"

BP = 10_000
MIN_POOL_BP = 7_000  # rule 31: the pool is at least 70 % of the sales (A31 rounding)
BINGO, LINE, TWO_LINES, COLUMN, CORNERS = "bingo", "line", "two_lines", "column", "four_corners"
JACKPOT = "jackpot"
HOUSE = "house"
_ACCOUNTS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/accounts")
_MOVES = {"Debited": -1, "HoldPosted": -1, "Credited": 1, "FundsHeld": 0, "HoldVoided": 0}
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


def euros(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole:,}".replace(",", " ") + f",{part:02d} €"


def cents(amount: int) -> str:
    return f"{amount} cents ({euros(amount)})"


# The RNG stream (HMAC-SHA256 in counter mode) and the cards ------------------------------------
class Stream:
    def __init__(self, seed: bytes, purpose: str) -> None:
        self._mac = hmac.new(seed, _LABEL + b"\x00" + purpose.encode() + b"\x00", hashlib.sha256)
        self._counter, self._buffer = 0, b""

    def read(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = self._mac.copy()
            block.update(self._counter.to_bytes(8, "big"))
            self._buffer += block.digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """Uniform in 0 … n-1: the high bits of whole bytes, rejected until below n."""
        bits = (n - 1).bit_length()
        size = (bits + 7) // 8
        while True:
            value = int.from_bytes(self.read(size), "big") >> (8 * size - bits)
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
    """Each purchase's cards, in order; a card whose numbers are already in play is drawn
    again (rule 15, A20: sets of numbers, not positions)."""
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


# The prizes --------------------------------------------------------------------------------------
def shapes(config: dict[str, Any]) -> list[tuple[str, list[tuple[int, int]]]]:
    """The cells of each shape a prize is won on (rules 34, 35, 63, 68, 75, 83; A23)."""
    variant, prizes = config["variant"], config["prizes"]
    rows, cols = ROWS[variant], len(COLUMNS[variant])
    directions = config.get("line_directions") or ["horizontal"]
    out: list[tuple[str, list[tuple[int, int]]]] = []
    if LINE in prizes or TWO_LINES in prizes:
        if "horizontal" in directions:
            out += [(LINE, [(r, c) for c in range(cols)]) for r in range(rows)]
        if "vertical" in directions:
            out += [(LINE, [(r, c) for r in range(rows)]) for c in range(cols)]
        if "diagonal" in directions and rows == cols:
            out += [(LINE, [(i, i) for i in range(rows)]),
                    (LINE, [(i, cols - 1 - i) for i in range(rows)])]
    if COLUMN in prizes:
        out += [(COLUMN, [(r, c) for r in range(rows)]) for c in range(cols)]
    if CORNERS in prizes:
        out.append((CORNERS, [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)]))
    pattern = config.get("bingo_pattern")
    out.append((BINGO, [tuple(cell) for cell in pattern] if pattern
                else [(r, c) for r in range(rows) for c in range(cols)]))
    return out


def difficulty(config: dict[str, Any], prize: str) -> int:
    """The numbers a prize nominally needs (rules 37, 38; A18)."""
    variant, pattern = config["variant"], config.get("bingo_pattern")
    rows, cols = ROWS[variant], len(COLUMNS[variant])
    line = 5 if variant == "90" else cols
    full = len(pattern) if pattern else 15 if variant == "90" else rows * cols
    return {LINE: line, TWO_LINES: 2 * line, COLUMN: rows, CORNERS: 4}.get(prize, full)


def prizes_won(cards: list[list[list[int | None]]], balls: list[int],
               config: dict[str, Any]) -> list[tuple[str, int, int, list[int]]]:
    """(prize, ordinal, ball, winning cards) of each prize in the order won, up to the bingo:
    a prize goes to every card that completes it on the first ball that completes it on any
    card (rules 29, 36); a card's first full line is its line, its second its two lines."""
    order = sorted(config["prizes"], key=lambda p: (p == BINGO, difficulty(config, p)))
    left: list[int] = []
    holding: dict[int, list[tuple[int, int, str]]] = {}
    for number, card in enumerate(cards):
        for kind, cells in shapes(config):
            inside = [card[r][c] for r, c in cells if card[r][c]]
            for ball in inside:
                holding.setdefault(ball, []).append((len(left), number, kind))
            left.append(len(inside))
    lines = [0] * len(cards)
    won: list[tuple[str, int, int, list[int]]] = []
    for ordinal, ball in enumerate(balls, start=1):
        done: dict[str, set[int]] = {}
        for slot, number, kind in holding.get(ball, ()):
            left[slot] -= 1
            if left[slot]:
                continue
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
    """Rule 19: the sales, the gross pool (rule 31: pool_bp of the sales rounded down, never
    below 70 %), the jackpot deduction (rule 40, rounded down), the house's share and each
    prize's value (its share of the net pool rounded down; the leftover cents to the bingo)."""
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


# The check ---------------------------------------------------------------------------------------
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
        self.room: list[dict[str, Any]] = []
        self.moves: list[dict[str, Any]] = []
        for e in jogada["events"]:
            data = e.get("data") or {}
            if e["name"] in _MOVES and (data.get("refs") or {}).get("jogada_id") == self.jid:
                self.moves.append(e)
            elif e["name"] not in _MOVES and data.get("jogada_id") == self.jid:
                self.room.append(e)
        self.output = (jogada.get("rng") or {}).get("output") or []

    def of(self, name: str) -> list[dict[str, Any]]:
        return [e for e in self.room if e["name"] == name]

    def say(self, e: dict[str, Any] | None, text: str) -> None:
        self.out.append(text if e is None else f"{e['name']} (event {e['notification_id']}): {text}")

    def move(self, source: str, to: str, amount: int) -> None:
        self.nets[source] = self.nets.get(source, 0) - amount
        self.nets[to] = self.nets.get(to, 0) + amount

    def run(self) -> list[str]:
        opened, ended = self.of("JogadaOpened"), [e for e in self.room if e["name"] in ENDING]
        if not opened or not ended:
            return [f"jogada {self.jid}: no {' or '.join(ENDING if opened else OPENING)} event"]
        self.config, self.end = opened[0]["data"]["config"], ended[-1]
        self.pool = f"bingo-pool:{opened[0]['originator_id']}"
        self.jackpot = f"bingo-jackpot:{opened[0]['originator_id']}"
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
        """The cards sold (as recorded), their owners in card order, what each player paid
        (rules 10-13), and the cards derived again from the revealed seed (rule 15, A20, A21)."""
        self.sold, self.owners, self.paid = [], [], {}
        price, bought = self.config["card_price_cents"], self.of("CardsBought")
        bought.sort(key=lambda e: e["data"]["purchase"])
        for e in bought:
            player, count, amount = (e["data"][k] for k in ("player_id", "cards", "amount_cents"))
            if amount != len(count) * price:
                self.say(e, f"player {player} paid {cents(amount)} for {len(count)} cards; at the"
                         f" room's {cents(price)} a card that is {cents(len(count) * price)}"
                         " (bingo rule 10)")
            self.paid[player] = self.paid.get(player, 0) + len(count) * price
            self.sold += count
            self.owners += [player] * len(count)
        revealed = self.of("RngRevealed")
        if not revealed:
            return self.say(None, f"{NOTE} the cards: no revealed seed to derive them from")
        variant = self.config["variant"]
        dealt = derive_cards(bytes.fromhex(revealed[-1]["data"]["seed_hex"]), variant,
                             [len(e["data"]["cards"]) for e in bought],
                             variant == "90" and CORNERS in self.config["prizes"])
        for e, due in zip(bought, dealt):
            wrong = [n for n, card in enumerate(e["data"]["cards"]) if card != due[n]]
            if wrong:
                n = wrong[0]
                return self.say(e, f"player {e['data']['player_id']}'s card"
                                f" {e['data']['first_card'] + n} is {e['data']['cards'][n]}; the"
                                f" revealed seed deals {due[n]} (903-B 6.7.2(4), bingo rule 15)")
        return None

    def balls(self) -> None:
        variant, output = self.config["variant"], self.output
        if len(output) != int(variant):
            self.say(None, f"the RNG output holds {len(output)} balls; bingo {variant} draws from"
                     f" {variant} (bingo rule 1)")
        for n, e in enumerate(self.of("BallDrawn"), start=1):
            ordinal, ball = e["data"]["ordinal"], e["data"]["ball"]
            due = output[n - 1] if n <= len(output) else None
            if (ordinal, ball) != (n, due):
                return self.say(e, f"ball #{ordinal} is {ball}; the revealed seed's draw order"
                                f" gives ball #{n} = {due} (903-B 6.7.2(4), bingo rule 21)")
        return None

    def refund_all(self) -> None:
        """Rules 6, 20: too few players; or a void during the sale (rules 45, 47)."""
        end, paid = self.end, self.paid
        if end["name"] == "JogadaCancelled" and len(paid) >= self.config["min_players"]:
            self.say(end, f"{len(paid)} players bought cards, at least the room's"
                     f" {self.config['min_players']}: no cancellation (bingo rules 6, 20)")
        if self.of("BallDrawn") or self.of("SalesClosed"):
            self.say(end, "the jogada ended in its sale, yet its sale closed or balls were drawn")
        refunds = end["data"].get("refunds", {})
        player = first_difference(paid, refunds)
        if player is not None:
            self.say(end, f"player {player} is refunded {cents(refunds.get(player, 0))}; the cards"
                     f" bought cost {cents(paid.get(player, 0))} (bingo rules 20, 45)")
        for player, amount in paid.items():
            self.move(self.pool, f"wallet:{player}", amount)

    def drawn(self) -> None:
        """After the close of sales: the announcement, the prizes, the jackpot, and the
        settlement (rule 26) or the void (rules 45-47, A15)."""
        end, closed = self.end, self.of("SalesClosed")[0]
        values, pool, drawn = announced(self.config, len(self.sold)), self.pool, self.of("BallDrawn")
        key = first_difference(values, closed["data"]["pool"])
        if key is not None:
            self.say(closed, f"the announced {key} is {closed['data']['pool'].get(key)}; the"
                     f" {len(self.sold)} cards sold give {values[key]} (bingo rules 19, 31, 40; A31)")
        voided = end["name"] == "JogadaVoided"
        won = prizes_won(self.sold, self.output[:len(drawn)] if voided else self.output,
                         self.config)
        bingo = won[-1] if won and won[-1][0] == BINGO else None
        if not voided and (bingo is None or len(drawn) != bingo[1]):
            self.say(end, f"{len(drawn)} balls were drawn; the bingo, which ends the draw, comes"
                     f" with ball #{bingo and bingo[1]} (bingo rule 25)")
        elif voided and bingo is not None:
            self.say(end, f"voided after ball #{bingo[1]} completed the bingo, whose prizes are"
                     " then due (bingo rules 25, 26, 45)")
        payments = self.prizes(won, values["prizes"])
        if voided:  # rule 46, A15: prizes won are paid, the others' cards refunded
            refunds = {p: {"refund": a} for p, a in self.paid.items() if p not in payments}
            self.compare(end, payments, end["data"].get("prizes_paid", {}))
            self.compare(end, refunds, {p: {"refund": a}
                                        for p, a in end["data"].get("refunds", {}).items()})
            payments.update(refunds)
            self.move(pool, HOUSE, sum(self.paid.values()) - sum(
                sum(p.values()) for p in payments.values()))
        else:
            self.move(pool, HOUSE, values["house_cents"])  # rule 31
            self.move(pool, self.jackpot, values["jackpot_deduction_cents"])  # rule 40
            if bingo is not None:
                self.award_jackpot(bingo, values, payments)
            self.compare(end, payments, end["data"].get("payments", {}))
        for player, prizes in payments.items():
            for prize, amount in prizes.items():
                self.move(self.jackpot if prize == JACKPOT else pool, f"wallet:{player}", amount)

    def prizes(self, won: list[tuple[str, int, int, list[int]]],
               values: dict[str, int]) -> dict[str, dict[str, int]]:
        """Each prize won against its PrizeWon event; player -> prize -> cents (rule 30)."""
        payments: dict[str, dict[str, int]] = {}
        due = []
        for prize, ordinal, ball, winners in won:
            shares = split(values[prize], list(dict.fromkeys(self.owners[c] for c in winners)))
            for player, amount in shares.items():
                payments.setdefault(player, {})[prize] = amount
            due.append({"prize": prize, "ordinal": ordinal, "ball": ball, "cards": winners,
                        "players": [self.owners[c] for c in winners], "shares": shares})
        recorded = self.of("PrizeWon")
        for e, exp in zip(recorded, due):
            d = e["data"]
            rec = {"prize": d["prize"], "ordinal": d["ordinal"], "ball": d["ball"],
                   "cards": [w["card"] for w in d["winners"]],
                   "players": [w["player_id"] for w in d["winners"]], "shares": d["shares"]}
            key = first_difference(exp, rec)
            if key == "shares":
                player = first_difference(exp["shares"], rec["shares"])
                return self.say(e, f"player {player}'s share of the {exp['prize']} prize is"
                                f" {cents(rec['shares'].get(player, 0))}; the rules give"
                                f" {cents(exp['shares'].get(player, 0))} of"
                                f" {cents(values[exp['prize']])} (bingo rules 19, 30; A13, A31)"
                                ) or payments
            if key is not None:
                return self.say(e, f"the {d['prize']} prize is recorded with {key} {rec[key]};"
                                f" the cards sold and the balls drawn give the {exp['prize']}"
                                f" prize at ball #{exp['ordinal']} ({exp['ball']}) to cards"
                                f" {exp['cards']} (players {exp['players']}) (bingo rules 29,"
                                " 30, 36; A17)") or payments
        for e in recorded[len(due):len(due) + 1]:
            self.say(e, f"a {e['data']['prize']} prize that the cards sold and the balls drawn do"
                     " not give (bingo rules 29, 36)")
        for exp in due[len(recorded):len(recorded) + 1]:
            self.say(None, f"no PrizeWon for the {exp['prize']} prize that cards {exp['cards']}"
                     f" complete with ball #{exp['ordinal']} ({exp['ball']}) (bingo rules 29, 36)")
        return payments

    def award_jackpot(self, bingo: tuple[str, int, int, list[int]], values: dict[str, Any],
                      payments: dict[str, dict[str, int]]) -> None:
        """Rule 42, A19: a bingo on or before the room's number of balls wins the jackpot; the
        house then funds its base again (rule 41)."""
        jackpot, recorded = self.config.get("jackpot"), self.of("JackpotWon")
        due = jackpot is not None and bingo[1] <= jackpot["max_balls"]
        if due != bool(recorded):
            self.say(None, f"the bingo came with ball #{bingo[1]}: the jackpot is"
                     f" {'' if due else 'not '}due, yet {len(recorded)} JackpotWon events were"
                     " recorded (bingo rule 42, A19)")
        if not due or not recorded:
            return
        e, least = recorded[0], jackpot["base_cents"] + values["jackpot_deduction_cents"]
        amount, shares = e["data"]["amount_cents"], e["data"]["shares"]
        self.say(None, f"{NOTE} the jackpot's amount, {cents(amount)} (event"
                 f" {e['notification_id']}): the jackpot account's balance before this jogada is"
                 " not in the jogada (bingo rules 41, 42)")
        if amount < least:
            self.say(e, f"the jackpot is {cents(amount)}, less than its base plus this jogada's"
                     f" deduction, {cents(least)} (bingo rules 40, 41)")
        due_shares = split(amount, list(dict.fromkeys(self.owners[c] for c in bingo[3])))
        player = first_difference(due_shares, shares)
        if player is not None:
            self.say(e, f"player {player}'s share of the jackpot is"
                     f" {cents(shares.get(player, 0))}; the rules give"
                     f" {cents(due_shares.get(player, 0))} (bingo rule 30, A31)")
        for player, share in due_shares.items():
            payments.setdefault(player, {})[JACKPOT] = share
        self.move(HOUSE, self.jackpot, jackpot["base_cents"])  # rule 41

    def compare(self, e: dict[str, Any], expected: dict[str, Any],
                recorded: dict[str, Any]) -> None:
        player = first_difference(expected, recorded)
        if player is not None:
            due, rec = expected.get(player) or {}, recorded.get(player) or {}
            prize = first_difference(due, rec)
            self.say(e, f"player {player}'s {prize} is {cents(rec.get(prize, 0))}; the rules"
                     f" give {cents(due.get(prize, 0))} (bingo rules 26, 30, 46)")

    def money(self) -> None:
        """What the jogada's account events moved, account by account, against the rules."""
        known = set(self.nets) | {HOUSE} | {e["data"]["counterparty"] for e in self.moves}
        codes = {str(uuid5(_ACCOUNTS, code)): code for code in known}
        moved: dict[str, int] = {}
        events: dict[str, list[Any]] = {}
        for e in self.moves:
            code = codes.get(str(e["originator_id"]))
            if code is None:
                self.say(e, f"money moved on stream {e['originator_id']}, no account of this"
                         " jogada")
                continue
            moved[code] = moved.get(code, 0) + _MOVES[e["name"]] * e["data"]["amount_cents"]
            events.setdefault(code, []).append(e["notification_id"])
        due = {code: amount for code, amount in self.nets.items() if amount}
        code = first_difference(due, {code: amount for code, amount in moved.items() if amount})
        if code is not None:
            self.say(None, f"account {code}: the jogada's account events (events"
                     f" {events.get(code, [])}) move {cents(moved.get(code, 0))} in all; the"
                     f" rules give {cents(due.get(code, 0))}")
