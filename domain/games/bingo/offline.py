"""Bingo's offline rules for the standalone bundle checker (the interface:
infra/audit/checker/games.py; docs/audit.md). Standard library only: this file runs alone inside
bundle_check.pyz, with no project code, so it is a second, independent implementation of the
rules, written from rules-digest §4 (Reg. 425-A/2015) and the RNG specification
(domain/kernel/rng.py's docstring), sharing no code with the game's modules.

From one jogada's recorded events and its ball order (re-derived from the revealed seed by the
checker before ``check`` is called):

- the balls: the n-th ``BallDrawn`` is the n-th ball of the order, and a settled draw stops at
  the ball that completes the bingo (rules 21, 25);
- the cards: each purchase's cards derived again from the revealed seed (stream
  ``bingo-cards/<purchase>``, none with the numbers of an earlier card: rule 15, A20; A21's
  corners) and compared with ``CardsBought``, and their price (rules 10-13);
- the announcement at the close of sales (rules 19, 31, 40; A14, A31), the prizes each ball
  completes, smaller first and bingo last (rules 24, 29, 36; A17), each split per player with the
  odd cents in card-purchase order (rule 30, A13, A31), the jackpot (rules 41-42, A19), and the
  settlement (rule 26), the cancellation (rules 6, 20) or the void (rules 45-47, A15);
- the money the jogada's account events moved, account by account.

A jackpot's amount is the jackpot account's balance before the jogada plus this jogada's
deduction: that balance is not in the jogada, so it is reported as a line starting with
``NOTE`` (not a failure); its split and its payment are still checked.
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
def _of(events: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [e for e in events if e["name"] == name]


def _first_difference(expected: dict[str, Any], recorded: dict[str, Any]) -> str | None:
    for key in list(expected) + [k for k in recorded if k not in expected]:
        if expected.get(key) != recorded.get(key):
            return key
    return None


def _event(e: dict[str, Any]) -> str:
    return f"{e['name']} (event {e.get('notification_id')})"


def check(jogada: dict[str, Any]) -> list[str]:
    """The problems (and ``NOTE`` lines) of one bingo jogada: the first difference of each kind."""
    jid, out = jogada["jogada_id"], []
    room, moves = [], []
    for e in jogada["events"]:
        data = e.get("data") or {}
        if e["name"] in _MOVES:
            if (data.get("refs") or {}).get("jogada_id") == jid:
                moves.append(e)
        elif data.get("jogada_id") == jid:
            room.append(e)
    opened, ended = _of(room, "JogadaOpened"), [e for e in room if e["name"] in ENDING]
    if not opened or not ended:
        return [f"jogada {jid}: no {'JogadaOpened' if not opened else ' or '.join(ENDING)} event"]
    config, room_id, end = opened[0]["data"]["config"], opened[0]["originator_id"], ended[-1]
    codes = {"pool": f"bingo-pool:{room_id}", JACKPOT: f"bingo-jackpot:{room_id}"}
    bought = sorted(_of(room, "CardsBought"), key=lambda e: e["data"]["purchase"])
    cards, owners, paid = _cards(room, config, bought, out)
    output = (jogada.get("rng") or {}).get("output") or []
    drawn = _of(room, "BallDrawn")
    _balls(output, drawn, config, out)
    nets: dict[str, int] = {}

    def move(source: str, to: str, amount: int) -> None:
        nets[source] = nets.get(source, 0) - amount
        nets[to] = nets.get(to, 0) + amount

    for player, amount in paid.items():  # rules 10-12: the cards' price into the pool
        move(f"wallet:{player}", codes["pool"], amount)
    closed = _of(room, "SalesClosed")
    if end["name"] == "JogadaCancelled" or not closed:  # rules 6, 20; or a void in the sale
        if end["name"] == "JogadaCancelled" and len(paid) >= config["min_players"]:
            out.append(f"{_event(end)}: {len(paid)} players bought cards, at least the room's"
                       f" {config['min_players']}: no cancellation (bingo rules 6, 20)")
        if drawn or closed:
            out.append(f"{_event(end)}: the jogada ended in its sale, yet balls were drawn")
        refunds = end["data"].get("refunds", {})
        player = _first_difference(paid, refunds)
        if player is not None:
            out.append(f"{_event(end)}: player {player} is refunded {cents(refunds.get(player, 0))};"
                       f" the cards bought cost {cents(paid.get(player, 0))} (bingo rules 20, 45)")
        for player, amount in paid.items():
            move(codes["pool"], f"wallet:{player}", amount)
    else:
        _drawn_jogada(room, config, cards, owners, paid, output, codes, move, out)
    _money(moves, nets, out)
    return out


def _cards(room: list[dict[str, Any]], config: dict[str, Any], bought: list[dict[str, Any]],
           out: list[str]) -> tuple[list[Any], list[str], dict[str, int]]:
    """The cards sold (as recorded), their owners in card order, and what each player paid
    (rules 10-13), after deriving them again from the revealed seed (rule 15, A20, A21)."""
    cards: list[Any] = []
    owners: list[str] = []
    paid: dict[str, int] = {}
    price = config["card_price_cents"]
    for number, e in enumerate(bought, start=1):
        data = e["data"]
        player, count = data["player_id"], len(data["cards"])
        if (data["purchase"], data["first_card"]) != (number, len(cards)):
            out.append(f"{_event(e)}: purchase {data['purchase']} numbers its cards from"
                       f" {data['first_card']}; purchase {number} would from {len(cards)}")
        if (data["price_cents"], data["amount_cents"]) != (price, count * price):
            out.append(f"{_event(e)}: player {player} paid {cents(data['amount_cents'])} for"
                       f" {count} cards; at the room's {cents(price)} a card that is"
                       f" {cents(count * price)} (bingo rule 10)")
        paid[player] = paid.get(player, 0) + count * price
        cards += data["cards"]
        owners += [player] * count
    revealed = _of(room, "RngRevealed")
    if not revealed:
        out.append(f"{NOTE} the cards: no revealed seed to derive them from")
        return cards, owners, paid
    derived = derive_cards(bytes.fromhex(revealed[-1]["data"]["seed_hex"]), config["variant"],
                           [len(e["data"]["cards"]) for e in bought],
                           config["variant"] == "90" and CORNERS in config["prizes"])
    for e, dealt in zip(bought, derived):
        for n, (card, due) in enumerate(zip(e["data"]["cards"], dealt)):
            if card != due:
                out.append(f"{_event(e)}: player {e['data']['player_id']}'s card"
                           f" {e['data']['first_card'] + n} is {card}; the revealed seed deals"
                           f" {due} (903-B 6.7.2(4), bingo rule 15)")
                return cards, owners, paid
    return cards, owners, paid


def _balls(output: list[int], drawn: list[dict[str, Any]], config: dict[str, Any],
           out: list[str]) -> None:
    if len(output) != int(config["variant"]):
        out.append(f"the RNG output holds {len(output)} balls; bingo {config['variant']} draws"
                   f" from {config['variant']} (bingo rule 1)")
    for n, e in enumerate(drawn, start=1):
        ordinal, ball = e["data"]["ordinal"], e["data"]["ball"]
        due = output[n - 1] if n <= len(output) else None
        if (ordinal, ball) != (n, due):
            out.append(f"{_event(e)}: ball #{ordinal} is {ball}; the revealed seed's draw order"
                       f" gives ball #{n} = {due} (903-B 6.7.2(4), bingo rule 21)")
            return


def _drawn_jogada(room: list[dict[str, Any]], config: dict[str, Any], cards: list[Any],
                  owners: list[str], paid: dict[str, int], output: list[int],
                  codes: dict[str, str], move: Any, out: list[str]) -> None:
    """After the close of sales: the announcement, the prizes, the jackpot, and the settlement
    (rule 26) or the void (rules 45-47, A15)."""
    end, closed = [e for e in room if e["name"] in ENDING][-1], _of(room, "SalesClosed")[0]
    values, pool = announced(config, len(cards)), codes["pool"]
    key = _first_difference(values, closed["data"]["pool"])
    if key is not None:
        out.append(f"{_event(closed)}: the announced {key} is {closed['data']['pool'].get(key)};"
                   f" {len(cards)} cards at {cents(config['card_price_cents'])} give"
                   f" {values[key]} (bingo rules 19, 31, 40; A31)")
    voided, drawn = end["name"] == "JogadaVoided", _of(room, "BallDrawn")
    won = prizes_won(cards, output[:len(drawn)] if voided else output, config)
    bingo = won[-1] if won and won[-1][0] == BINGO else None
    if not voided and bingo is None:
        out.append(f"{_event(end)}: the cards sold never complete the bingo (bingo rule 25)")
    elif not voided and len(drawn) != bingo[1]:
        out.append(f"{len(drawn)} balls were drawn; ball #{bingo[1]} ({bingo[2]}) completes"
                   " the bingo, which ends the draw (bingo rule 25)")
    elif voided and bingo is not None:
        out.append(f"{_event(end)}: voided after ball #{bingo[1]} completed the bingo, whose"
                   " prizes are then due (bingo rules 25, 26, 45)")
    payments = _prizes(_of(room, "PrizeWon"), won, owners, values["prizes"], out)
    if voided:  # rule 46, A15: prizes won are paid, the others' cards refunded
        refunds = {p: amount for p, amount in paid.items() if p not in payments}
        _compare(end, payments, end["data"].get("prizes_paid", {}), out)
        _compare(end, {p: {"refund": a} for p, a in refunds.items()},
                 {p: {"refund": a} for p, a in end["data"].get("refunds", {}).items()}, out)
        payments.update({p: {"refund": a} for p, a in refunds.items()})
        move(pool, HOUSE, sum(paid.values()) - sum(sum(p.values()) for p in payments.values()))
    else:
        move(pool, HOUSE, values["house_cents"])  # rule 31
        move(pool, codes[JACKPOT], values["jackpot_deduction_cents"])  # rule 40
        if bingo is not None:
            _jackpot(room, config, bingo, owners, values, payments, codes, move, out)
        _compare(end, payments, end["data"].get("payments", {}), out)
    for player, prizes in payments.items():
        for prize, amount in prizes.items():
            move(codes[JACKPOT] if prize == JACKPOT else pool, f"wallet:{player}", amount)


def _prizes(recorded: list[dict[str, Any]], won: list[tuple[str, int, int, list[int]]],
            owners: list[str], values: dict[str, int], out: list[str]) -> dict[str, Any]:
    """Each prize won, against its PrizeWon event; player -> prize -> cents (rule 30)."""
    payments: dict[str, dict[str, int]] = {}
    wrong = False
    for i, (prize, ordinal, ball, winners) in enumerate(won):
        players = list(dict.fromkeys(owners[c] for c in winners))  # A31: in card order
        shares = split(values[prize], players)
        for player, amount in shares.items():
            payments.setdefault(player, {})[prize] = amount
        due = {"prize": prize, "ordinal": ordinal, "ball": ball, "cards": winners,
               "players": [owners[c] for c in winners], "shares": shares}
        if wrong or i >= len(recorded):
            wrong = wrong or bool(out.append(
                f"no PrizeWon for the {prize} prize that cards {winners} (players {players})"
                f" complete with ball #{ordinal} ({ball}) (bingo rules 29, 36)") or True)
            continue
        e, d = recorded[i], recorded[i]["data"]
        rec = {"prize": d["prize"], "ordinal": d["ordinal"], "ball": d["ball"],
               "cards": [w["card"] for w in d["winners"]],
               "players": [w["player_id"] for w in d["winners"]], "shares": d["shares"]}
        key, wrong = _first_difference(due, rec), True
        if key == "shares":
            player = _first_difference(shares, rec["shares"])
            out.append(f"{_event(e)}: player {player}'s share of the {prize} prize is"
                       f" {cents(rec['shares'].get(player, 0))}; the rules give"
                       f" {cents(shares.get(player, 0))} of {cents(values[prize])}"
                       " (bingo rules 19, 30; A13, A31)")
        elif key is not None:
            out.append(f"{_event(e)}: the {rec['prize']} prize is recorded with {key}"
                       f" {rec[key]}; the cards sold and the balls drawn give the {prize} prize"
                       f" at ball #{ordinal} ({ball}) to cards {winners} (players {players})"
                       " (bingo rules 29, 30, 36; A17)")
        else:
            wrong = False
    for e in recorded[len(won):][:1]:
        out.append(f"{_event(e)}: a {e['data']['prize']} prize that the cards sold and the balls"
                   " drawn do not give (bingo rules 29, 36)")
    return payments


def _jackpot(room: list[dict[str, Any]], config: dict[str, Any], bingo: tuple[Any, ...],
             owners: list[str], values: dict[str, Any], payments: dict[str, dict[str, int]],
             codes: dict[str, str], move: Any, out: list[str]) -> None:
    """Rule 42, A19: a bingo on or before the room's number of balls wins the jackpot; the
    house then funds its base again (rule 41)."""
    jackpot, recorded = config.get("jackpot"), _of(room, "JackpotWon")
    due = jackpot is not None and bingo[1] <= jackpot["max_balls"]
    if due != bool(recorded):
        out.append(f"the bingo came on ball #{bingo[1]}: the jackpot is "
                   f"{'due' if due else 'not due'}, yet {len(recorded)} JackpotWon events"
                   " (bingo rule 42, A19)")
    if not due or not recorded:
        return
    e = recorded[0]
    amount, least = e["data"]["amount_cents"], jackpot["base_cents"] + values["jackpot_deduction_cents"]
    out.append(f"{NOTE} the jackpot's amount, {cents(amount)} ({_event(e)}): the jackpot"
               " account's balance before this jogada is not in it (bingo rules 41, 42)")
    if amount < least:
        out.append(f"{_event(e)}: the jackpot is {cents(amount)}, less than its base plus this"
                   f" jogada's deduction, {cents(least)} (bingo rules 40, 41)")
    shares = split(amount, list(dict.fromkeys(owners[c] for c in bingo[3])))
    player = _first_difference(shares, e["data"]["shares"])
    if player is not None:
        out.append(f"{_event(e)}: player {player}'s share of the jackpot is"
                   f" {cents(e['data']['shares'].get(player, 0))}; the rules give"
                   f" {cents(shares.get(player, 0))} (bingo rule 30, A31)")
    for player, share in shares.items():
        payments.setdefault(player, {})[JACKPOT] = share
    move(HOUSE, codes[JACKPOT], jackpot["base_cents"])  # rule 41


def _compare(e: dict[str, Any], expected: dict[str, Any], recorded: dict[str, Any],
             out: list[str]) -> None:
    player = _first_difference(expected, recorded)
    if player is not None:
        due, rec = expected.get(player) or {}, recorded.get(player) or {}
        prize = _first_difference(due, rec)
        out.append(f"{_event(e)}: player {player}'s {prize} is {cents(rec.get(prize, 0))};"
                   f" the rules give {cents(due.get(prize, 0))} (bingo rules 26, 30, 46)")


def _money(moves: list[dict[str, Any]], nets: dict[str, int], out: list[str]) -> None:
    """What the jogada's account events moved, account by account, against the rules."""
    known = set(nets) | {HOUSE} | {e["data"]["counterparty"] for e in moves}
    codes = {str(uuid5(_ACCOUNTS, code)): code for code in known}
    moved: dict[str, int] = {}
    events: dict[str, list[Any]] = {}
    for e in moves:
        code = codes.get(str(e["originator_id"]))
        if code is None:
            out.append(f"{_event(e)}: money moved on stream {e['originator_id']}, no account"
                       " of this jogada")
            continue
        moved[code] = moved.get(code, 0) + _MOVES[e["name"]] * e["data"]["amount_cents"]
        events.setdefault(code, []).append(e.get("notification_id"))
    due = {code: amount for code, amount in nets.items() if amount}
    code = _first_difference(due, {code: amount for code, amount in moved.items() if amount})
    if code is not None:
        out.append(f"account {code}: the jogada's account events (events {events.get(code, [])})"
                   f" move {cents(moved.get(code, 0))} in all; the rules give"
                   f" {cents(due.get(code, 0))}")
