"""French roulette's offline rules for bundle_check.pyz (docs/audit.md): standard library only,
no project import, written again from Reg. 807/2015 and rules-digest-2. From the events alone:
the winning number re-derived from the revealed seed (903-B 6.7.2(4), A70: ``randbelow(37)`` of
the ``number`` stream) and its colour (r6b, A39: the odd places of r6c's wheel are red); every
bet a position of the layout (r6d, r7, r10; A40, A58), within its chance's limits (r11, r12,
r13; A57), a call bet booked as its components (r8, r15; A59), none after the close (r16;
903-B 6.1.4), withdrawn only at an individual wheel before the launch (A60); every bet settled
at r14's odds, the stake kept (r19), 0 taking the simple chances (r21), half a cent up (A53);
a void's or refund's stakes back (r22, r23, A60, A62); each account's net, no hold open."""

from __future__ import annotations

import hashlib
import hmac
from datetime import datetime
from typing import Any

GAMES = ("roulette",)
MARKERS = {"roulette": ".RouletteWheel."}  # its venue's event topics (Game.event_marker)
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided", "JogadaCancelled")
MONEY = ("FundsHeld", "HoldPosted", "HoldVoided", "Credited", "Debited")

LABEL = b"srij-game-ledger/rng/v1"  # docs/audit.md, "The RNG and dealing", version 1
# r6c, clockwise from 0; A39: red on the odd places, black on the even ones, 0 green (r6b).
WHEEL = (0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33,
         1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26)
RED, BLACK = frozenset(WHEEL[1::2]), frozenset(WHEEL[2::2])
SIMPLE = {"par": frozenset(range(2, 37, 2)), "impar": frozenset(range(1, 37, 2)),
          "menor": frozenset(range(1, 19)), "maior": frozenset(range(19, 37)),
          "encarnado": RED, "preto": BLACK}  # r7b: 1–36 only, so 0 takes them all (r21)
# r14: the win per unit staked, as (numerator, denominator); r12: the chances' limit classes.
ODDS = {"pleno": (35, 1), "cavalo": (17, 1), "rua": (11, 1), "quadro": (8, 1),
        "linha": (5, 1), "duzia": (2, 1), "coluna": (2, 1), "cavalo_de_duzia": (1, 2),
        "cavalo_de_coluna": (1, 2), "simples": (1, 1)}
WITH_ZERO = {"pleno": [(0,)], "cavalo": [(0, 1), (0, 2), (0, 3)],
             "rua": [(0, 1, 2), (0, 2, 3)], "quadro": [(0, 1, 2, 3)]}  # A58
# r8a–c, A59: the series (round the wheel from 22 to 25, from 27 to 33; the orphans) and the
# classic chips (chance, numbers, chips), only where the wheel's breakdown is "classic".
SERIES = {"voisins_du_zero": (22, 25), "tiers_du_cylindre": (27, 33)}
ORPHELINS = (17, 34, 6, 1, 20, 14, 31, 9)
CLASSIC = {
    "voisins_du_zero": [("rua", (0, 2, 3), 2), ("cavalo", (4, 7), 1), ("cavalo", (12, 15), 1),
                        ("cavalo", (18, 21), 1), ("cavalo", (19, 22), 1),
                        ("cavalo", (32, 35), 1), ("quadro", (25, 26, 28, 29), 2)],
    "tiers_du_cylindre": [("cavalo", pair, 1) for pair in
                          ((5, 8), (10, 11), (13, 16), (23, 24), (27, 30), (33, 36))],
    "orphelins": [("pleno", (1,), 1)] + [("cavalo", pair, 1) for pair in
                                         ((6, 9), (14, 17), (17, 20), (31, 34))],
}


def euros(cents: int, sign: bool = False) -> str:
    whole, part = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else '+' if sign else ''}{whole},{part:02d} €"


def colour(n: int) -> str:
    return "green" if n == 0 else "red" if n in RED else "black"


def spin(seed: bytes) -> int:
    """903-B 6.7.2(3): ``randbelow(37)`` on the ``number`` stream: 6 high bits of one byte of
    HMAC-SHA256(seed, LABEL 0 "number" 0 i), read on until below 37."""
    stream, counter = b"", 0
    while True:
        if not stream:
            message = LABEL + b"\x00number\x00" + counter.to_bytes(8, "big")
            stream, counter = hmac.new(seed, message, hashlib.sha256).digest(), counter + 1
        value, stream = stream[0] >> 2, stream[1:]
        if value < 37:
            return value


def rows(first: int, count: int) -> tuple[int, ...] | None:
    """``count`` adjacent rows of the layout from the row that starts with ``first`` (r6d)."""
    return tuple(range(first, first + 3 * count)) if first % 3 == 1 and \
        first + 3 * count - 1 <= 36 else None


def covered(chance: str, numbers: tuple[int, ...], two_dozen_column: bool) -> frozenset | None:
    """The numbers a position covers, if it is one on the layout (r6d, r7, r10; A40, A58)."""
    if chance in SIMPLE:
        return SIMPLE[chance] if not numbers else None
    if chance in ("duzia", "coluna"):
        return None if numbers not in ((1,), (2,), (3,)) else frozenset(
            range(12 * numbers[0] - 11, 12 * numbers[0] + 1) if chance == "duzia"
            else range(numbers[0], 37, 3))
    if chance in ("cavalo_de_duzia", "cavalo_de_coluna"):
        if not two_dozen_column or numbers not in ((1, 2), (2, 3)):
            return None  # r13: the wheel may not offer them
        one, two = (covered(chance[10:], (k,), True) for k in numbers)
        return one | two
    if numbers in WITH_ZERO.get(chance, ()):
        return frozenset(numbers)
    if chance not in ODDS or not numbers or numbers[0] < 1 or numbers[-1] > 36:
        return None
    a = numbers[0]
    side = [(a, a + 1), (a, a + 1, a + 3, a + 4)] if a % 3 else [(), ()]
    shapes = {"pleno": [(a,)], "cavalo": [side[0], (a, a + 3)], "rua": [rows(a, 1)],
              "linha": [rows(a, 2)], "quadro": [side[1]]}
    return frozenset(numbers) if numbers in shapes.get(chance, []) else None


def key(chance: str, numbers: tuple[int, ...]) -> str:
    return f"{chance}:" + "-".join(map(str, numbers)) if numbers else chance


def limit(chance: str) -> str:
    return "simples" if chance in SIMPLE else chance


def returned(chance: str, numbers: list[int], stake: int, number: int) -> int:
    """r14, r19, r20, r21: the stake and its win if the position holds the number, else 0; an
    odd half cent up (A53)."""
    if number not in covered(chance, tuple(numbers), True):
        return 0
    num, den = ODDS[limit(chance)]
    return stake + -(-stake * num // den)


def call_components(bet: dict[str, Any], breakdown: str) -> list[tuple[str, tuple, int]]:
    """r8, r15, A59: (chance, numbers, chips) of a call bet."""
    call = bet["call"]
    if breakdown == "classic" and call in CLASSIC:
        return [(c, tuple(sorted(ns)), chips) for c, ns, chips in CLASSIC[call]]
    if call in SERIES:
        i, j = (WHEEL.index(n) for n in SERIES[call])
        numbers = [WHEEL[(i + k) % 37] for k in range((j - i) % 37 + 1)]
    elif call == "orphelins":
        numbers = list(ORPHELINS)
    elif call == "neighbours":
        i, half = WHEEL.index(bet["number"]), bet["neighbours"] // 2
        numbers = [WHEEL[(i + k) % 37] for k in range(-half, half + 1)]
    else:  # finales (r8e)
        numbers = [n for n in range(37) if n % 10 == bet["number"]]
    return [("pleno", (n,), 1) for n in numbers]


class Refused(Exception):
    """The first difference: a sentence naming the event and the field."""


def need(ok: Any, e: dict[str, Any], text: str) -> None:
    if not ok:
        raise Refused(f"event {e['notification_id']} {e['name']}: {text}")


def same(e: dict[str, Any], field: str, got: Any, want: Any, why: str) -> None:
    if got != want:
        money = "cents" in field and all(isinstance(v, int) and not isinstance(v, bool)
                                         for v in (got, want))
        show = (lambda v: f"{v} ({euros(v)})") if money else repr
        need(False, e, f"{field} is {show(got)}, the rules give {show(want)} ({why})")


def when(value: Any) -> datetime | None:
    """A recorded time: ISO text, or the store's tagged form ``{"_data_": ISO}``."""
    text = value.get("_data_") if isinstance(value, dict) else value
    return datetime.fromisoformat(text) if isinstance(text, str) else None


class Wheel:
    """The jogada's events in log order, each bet, the number and each settlement re-checked."""

    def __init__(self, jogada: dict[str, Any], opened: dict[str, Any]) -> None:
        self.jogada, self.opened, self.config = jogada, opened, opened["data"]["config"]
        # (player, slip) -> BetsPlaced data, withdrawn ones gone; every slip ever placed
        self.slips: dict[tuple[str, int], dict[str, Any]] = {}
        self.placed: set[tuple[str, int]] = set()
        self.stakes: dict[str, dict[str, int]] = {}  # player -> position key -> cents (A57)
        self.settled: list[str] = []  # the players settled, in order
        self.forced, self.closed, self.number, self.nets = None, None, None, {}
        self.committed = False
        self.staked, self.returned = 0, 0

    def staked_by(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for slip in self.slips.values():
            out[slip["player_id"]] = out.get(slip["player_id"], 0) + slip["amount_cents"]
        return out

    def wanted(self, e: dict[str, Any], where: str, bet: dict[str, Any]) -> list[tuple]:
        """(chance, numbers, cents) of a bet's components as the rules book them."""
        if bet.get("kind") != "call":
            comp = (bet.get("components") or [{}])[0]
            chance, numbers = comp.get("chance"), tuple(comp.get("numbers") or ())
            need(chance in ODDS or chance in SIMPLE, e, f"{where}: {chance!r} is no chance of"
                 " roleta francesa rule 7")
            need(covered(chance, numbers, self.config.get("two_dozen_column", True))
                 is not None and list(numbers) == sorted(numbers), e, f"{where}:"
                 f" {key(chance, numbers)} is not a position of the layout (roleta francesa"
                 " rules 6d, 7, 10, 13; A40, A58)")
            return [(chance, numbers, bet["amount_cents"])]
        offered = self.config.get("call_bets") or []
        need(bet["call"] in offered, e, f"{where}.call: {bet['call']!r} is not offered by the"
             f" wheel ({', '.join(offered) or 'none'}; roleta francesa rule 8)")
        breakdown = self.config.get("call_bet_breakdown", "plenos")
        same(e, f"{where}.breakdown", bet.get("breakdown", breakdown), breakdown,
             "the wheel's call bet breakdown (A59)")
        return [(c, ns, chips * bet["unit_cents"])
                for c, ns, chips in call_components(bet, breakdown)]

    def on_BetsPlaced(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        need(not self.closed, e, "a bet after betting closed (roleta francesa rule 16; 903-B"
             " 6.1.4)")
        closes, at = when(self.opened["data"].get("betting_closes_at")), when(d.get("at"))
        need(closes is None or at is None or at <= closes, e, f"a bet at {at}, after the"
             f" window closed at {closes} (903-B 6.1.4; roleta francesa rule 16)")
        player = d["player_id"]
        need(isinstance(d["slip"], int) and d["slip"] > max(
            [0, *(s for p, s in self.placed if p == player)]), e, f"slip {d['slip']!r}: a"
             f" player's slips are numbered upwards from 1, none twice")
        stakes = self.stakes.setdefault(player, {})
        for i, bet in enumerate(d["bets"]):
            where, comps = f"bets[{i}]", bet["components"]
            want = self.wanted(e, where, bet)
            same(e, f"{where}.components", [c["key"] for c in comps],
                 [key(c, n) for c, n, _ in want], "the positions the bet is booked as"
                 " (roleta francesa rules 7, 8, 15; A59)")
            for j, (comp, (chance, _, cents)) in enumerate(zip(comps, want)):
                same(e, f"{where}.components[{j}].amount_cents", comp["amount_cents"], cents,
                     "the chips on the position (roleta francesa rule 8; A59)")
                cls = limit(chance)
                low, high = self.config["minimums"][cls], self.config["maximums"][cls]
                stakes[comp["key"]] = stakes.get(comp["key"], 0) + cents
                need(low <= cents and stakes[comp["key"]] <= high, e, f"{where}:"
                     f" {euros(cents)} on {comp['key']}, {euros(stakes[comp['key']])} in the"
                     f" jogada: the {cls} limits are {euros(low)} to {euros(high)} (roleta"
                     " francesa rules 3b, 3c, 11, 12; A57)")
            same(e, f"{where}.amount_cents", bet["amount_cents"], sum(c for *_, c in want),
                 "the sum of its components")
        same(e, "amount_cents", d["amount_cents"], sum(b["amount_cents"] for b in d["bets"]),
             "the sum of the bets")
        self.slips[(player, d["slip"])] = d
        self.placed.add((player, d["slip"]))
        cap, total = self.config.get("player_total_max_cents"), self.staked_by()[player]
        need(cap is None or total <= cap, e, f"player {player} staked {euros(total)}, over the"
             f" wheel's cap of {euros(cap or 0)} (roleta francesa rule 13)")

    def on_BetsWithdrawn(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        slip = self.slips.get((d["player_id"], d["slip"]))
        need(slip and not self.closed
             and self.config.get("kind") == "individual", e, f"slip {d['slip']} withdrawn:"
             " only the player's own bets, at an individual wheel, before the launch (A60)")
        same(e, "amount_cents", d["amount_cents"], slip["amount_cents"], f"slip {d['slip']}")
        for bet in slip["bets"]:
            for comp in bet["components"]:
                self.stakes[slip["player_id"]][comp["key"]] -= comp["amount_cents"]
        del self.slips[(d["player_id"], d["slip"])]

    def on_NumberForced(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        need(not self.closed, e, "a number forced after betting closed (903-B 6.7.5)")
        self.forced = d["forced_number"]

    def on_BettingClosed(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        staked = self.staked_by()
        same(e, "players", d["players"], sorted(staked), "the players with bets (rule 16)")
        self.staked = sum(staked.values())
        same(e, "staked_cents", d["staked_cents"], self.staked, "the bets placed less those"
             " withdrawn (A60)")
        self.closed = e

    def on_RngCommitted(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        need(self.closed, e, "the number drawn with betting open (rules 16, 17; 903-B 6.7.5)")
        self.committed = True

    def on_BallLanded(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        rng = self.jogada.get("rng") or {}
        need(self.committed and rng.get("kind") == "number", e, "a number shown before it was"
             " committed, or drawn from no committed seed (rule 18; 903-B 6.7.5, A70)")
        seeds = [x["data"]["seed_hex"] for x in self.jogada["events"] if x["name"] == "RngRevealed"]
        if self.forced is not None:
            want, why = self.forced, "the number forced in certification mode (903-B 6.7.2)"
        else:
            need(not rng.get("forced") and seeds, e, "no forced number and no revealed seed")
            want = spin(bytes.fromhex(seeds[0]))
            why = "randbelow(37) of the revealed seed's number stream (903-B 6.7.2(4), A70)"
        same(e, "number", d["number"], want, why)
        same(e, "number", d["number"], rng["output"][0], "RngCommitted's outcome (903-B 6.7.5)")
        same(e, "colour", d["colour"], colour(want), "roleta francesa rule 6b, A39")
        self.number = want

    def on_BetsSettled(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        player, n = d["player_id"], self.number
        need(n is not None and player in self.staked_by() and player not in self.settled and
             player > max(self.settled, default=""), e, f"player {player} settled before the"
             " number, twice, out of player order, or with no bets (roleta francesa rule 19)")
        self.settled.append(player)
        mine = sorted(s for p, s in self.slips if p == player)
        same(e, "slips", [s.get("slip") for s in d["slips"]], mine, "the player's slips")
        back = 0
        for i, (got, s) in enumerate(zip(d["slips"], mine)):
            bets = self.slips[(player, s)]["bets"]
            same(e, f"slips[{i}].bets", len(got["bets"]), len(bets), f"slip {s}'s bets")
            for j, (row, bet) in enumerate(zip(got["bets"], bets)):
                where = f"slips[{i}].bets[{j}]"
                total = 0
                for k, comp in enumerate(bet["components"]):
                    paid = returned(comp["chance"], comp["numbers"], comp["amount_cents"], n)
                    done = (row.get("components") or [])[k] if k < len(row.get(
                        "components") or []) else {}
                    why = f"{comp['key']} {'holds' if paid else 'does not hold'} {n}" \
                          " (roleta francesa rules 14, 19–21; A53)"
                    same(e, f"{where}.components[{k}].key", done.get("key"), comp["key"], why)
                    same(e, f"{where}.components[{k}].returned_cents", done.get(
                        "returned_cents"), paid, why)
                    same(e, f"{where}.components[{k}].won", done.get("won"), paid > 0, why)
                    total += paid
                same(e, f"{where}.returned_cents", row.get("returned_cents"), total,
                     "the sum of its components (roleta francesa rule 15)")
                back += total
        staked = self.staked_by()[player]
        for field, want in (("staked_cents", staked), ("returned_cents", back),
                            ("net_cents", back - staked)):
            same(e, field, d.get(field), want, f"player {player}'s bets against {n}")
        self.returned += back
        self.move(player, back - staked)

    def move(self, player: str, cents: int) -> None:  # to the player's wallet from the house
        for code, sign in ((f"wallet:{player}", 1), ("house", -1)):
            self.nets[code] = self.nets.get(code, 0) + sign * cents

    def jogada_settled(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        need(self.number is not None, e, "settled with no winning number (rule 18)")
        same(e, "players settled", self.settled, sorted(self.staked_by()),
             "one BetsSettled per player with bets, in player id order (rule 19)")
        for field, want in (("number", self.number), ("colour", colour(self.number)),
                            ("staked_cents", self.staked), ("returned_cents", self.returned),
                            ("players", len(self.settled))):
            same(e, field, d.get(field), want, "the jogada's bets and number (rules 18, 19)")
        recent, shown = d.get("recent_results") or [], self.config.get("results_shown", 10)
        same(e, "recent_results[0]", recent[0] if recent else None, {
            "number": self.number, "colour": colour(self.number)}, "the newest first (r6e)")
        need(len(recent) <= shown, e, f"{len(recent)} recent results, the wheel shows {shown}"
             " (roleta francesa rule 6e, A56)")

    def refunded(self, e: dict[str, Any], d: dict[str, Any]) -> None:
        """r22, r23, A62: a void before the number; A60: unlaunched bets refunded."""
        if e["name"] == "JogadaVoided":
            need(self.number is None, e, "a void after the number landed: the number was valid"
                 " (roleta francesa rule 22)")
        else:
            need(self.config.get("kind") == "individual" and not self.closed, e, "a refund of"
                 " bets never launched: an individual wheel before the launch (A60)")
        same(e, "refunds", d.get("refunds"), self.staked_by(), "every stake back (roleta"
             " francesa rule 23)")


def _money(jogada: dict[str, Any], nets: dict[str, int]) -> list[str]:
    """Each account's net over the jogada's account events against the rules' nets."""
    moved = jogada.get("money", {})
    for code in sorted(set(nets) | set(moved)):
        want, got = nets.get(code, 0), moved.get(code, 0)
        if want != got:
            ids = [e["notification_id"] for e in jogada["events"] if e.get("account") == code]
            return [(f"{code}: the account events {ids} moved {got:+d} cents"
                     f" ({euros(got, True)}), the rules give {want:+d} ({euros(want, True)})")]
    for code, cents in sorted(jogada.get("held", {}).items()):
        return [(f"{code}: {cents} cents ({euros(cents)}) still held when the jogada ended"
                 " (903-B 5.4.3(4))")]
    return []


def check(jogada: dict[str, Any]) -> list[str]:
    jid = jogada["jogada_id"]
    own = [e for e in jogada["events"] if e["name"] not in MONEY
           and e["data"].get("jogada_id") == jid]
    opened = [e for e in own if e["name"] == "JogadaOpened"]
    ended = [e for e in own if e["name"] in ENDING]
    if not opened or not ended:
        return [(f"no {'JogadaOpened' if not opened else ' or '.join(ENDING)}: the jogada is"
                 " not whole")]
    wheel = Wheel(jogada, opened[0])
    try:
        for e in own:
            if e["name"] in ENDING:
                (wheel.jogada_settled if e["name"] == "JogadaSettled" else wheel.refunded)(
                    e, e["data"])
            else:
                getattr(wheel, f"on_{e['name']}", lambda e, d: None)(e, e["data"])
    except Refused as problem:
        return [str(problem)]
    return _money(jogada, wheel.nets)
