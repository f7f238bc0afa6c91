"""Texas hold'em and Omaha offline (interface: infra/audit/checker/games.py): a jogada's cards
re-derived from its shuffled deck, its money re-adjudicated from its recorded actions, in the
standard library only (it runs alone in bundle_check.pyz) and written again from the rules,
not imported from the engine. The whole procedure, for a reimplementation: docs/audit.md.

Deal (rules 46–58; A29): from the top of the deck, one card at a time from the small blind
clockwise, 2 passes in hold'em, 4 in Omaha, then flop (3), turn (1), river (1), none burnt.
Money (rules 17–19, 33–42, 59–63; A24, A26, A31): uncalled bets back, a layer per distinct
live contribution, commission per layer rounded down (one cap per jogada, none before the
flop), each layer to its best hand, ties to the cent, odd cents clockwise from the button.
Raise sizes are not re-checked."""

from __future__ import annotations

import hashlib
import hmac
from itertools import combinations
from typing import Any

GAMES = ("holdem", "omaha")
MARKERS = {"holdem": ".HoldemTable.", "omaha": ".OmahaTable."}  # Game.event_marker of each
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided")

HOLE_CARDS = {"holdem": 2, "omaha": 4}  # hold'em rule 25; Omaha rule 25
BOARD_CARDS = {2: 3, 3: 1, 4: 1}  # rules 53, 55, 57
STREETS = {1: "preflop", 2: "flop", 3: "turn", 4: "river"}
ACTIONS = ("ActionApplied", "ActionTaken")  # the second: the legacy record
CATEGORIES = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
              "full_house", "four_of_a_kind", "straight_flush", "royal_flush")  # rule 29
RANKS = "23456789TJQKA"
RNG_LABEL = b"srij-game-ledger/rng/v1"  # domain/kernel/rng.py, version 1


def euros(cents: int) -> str:
    """``1 234,50 € (123450 cents)``."""
    whole, part = divmod(abs(int(cents)), 100)
    sign = "-" if cents < 0 else ""
    return f"{sign}{whole:,}".replace(",", " ") + f",{part:02d} € ({cents} cents)"


def _cards(cards: Any) -> str:
    return " ".join(cards) if cards else "nothing"


def _pot(i: int) -> str:
    return "the main pot" if i == 0 else f"side pot {i}"


def randbelow(seed: bytes, purpose: str, n: int) -> int:
    """HMAC-SHA256(seed, LABEL 0x00 purpose 0x00 counter as 8 bytes) blocks as one stream; read
    ceil(k/8) bytes big-endian, keep the k = bit_length(n-1) high bits, again until < n."""
    prefix, stream, counter, pos = RNG_LABEL + b"\x00" + purpose.encode() + b"\x00", b"", 0, 0
    k, size = (n - 1).bit_length(), ((n - 1).bit_length() + 7) // 8
    while True:
        while len(stream) - pos < size:
            stream += hmac.new(seed, prefix + counter.to_bytes(8, "big"), hashlib.sha256).digest()
            counter += 1
        r = int.from_bytes(stream[pos:pos + size], "big") >> (8 * size - k)
        pos += size
        if r < n:
            return r


def five(cards: Any) -> tuple[int, ...]:
    """(category, tie-breaks…) of five cards, higher wins, equal ties (rules 29–32; A5: all
    five cards count; the ace low only in 5-4-3-2-A, rule 31)."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    counts = {r: ranks.count(r) for r in ranks}
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape, by = [c for _, c in groups], [r for r, _ in groups]
    flush = len({c[1] for c in cards}) == 1
    top = ranks[0] if len(counts) == 5 and ranks[0] - ranks[4] == 4 else \
        5 if ranks == [14, 5, 4, 3, 2] else None
    if top is not None and flush:
        return (9 if top == 14 else 8, top)
    if shape in ([4, 1], [3, 2]):
        return (7 if shape[0] == 4 else 6, *by)
    if flush or top is not None:
        return (5, *ranks) if flush else (4, top)
    return ({3: 3, 2: 2 if shape == [2, 2, 1] else 1, 1: 0}[shape[0]], *by)


def best(variant: str, hole: list[str], board: list[str]) -> tuple[int, ...]:
    """Hold'em: the best 5 of the 7, the board may play (A30); Omaha: exactly 2 + 3."""
    if variant == "omaha":
        return max(five(h + b) for h in map(list, combinations(hole, 2))
                   for b in map(list, combinations(board, 3)))
    return max(five(c) for c in combinations(list(hole) + list(board), 5))


class Jogada:
    """The table's events by name, its actions and boards in order, the money's events."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.one = {e["name"]: e for e in events}  # the names asked for occur once
        self.actions = [e for e in events if e["name"] in ACTIONS + ("BoardDealt",)]
        self.accounts = [e for e in events if ".Account." in e.get("topic", "")]
        self.sessions = [e for e in events if ".GameSession." in e.get("topic", "")]

    def data(self, name: str) -> dict[str, Any] | None:
        return self.one[name]["data"] if name in self.one else None

    def at(self, name: str) -> str:
        return f"{name} (event {self.one.get(name, {}).get('notification_id')})"


def check(jogada: dict[str, Any]) -> list[str]:
    """The differences between the jogada's record and what its deck and its rules give."""
    try:
        return _check(jogada)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        return [f"the record of the jogada cannot be read as hold'em or Omaha: "
                f"{type(error).__name__} {error}"]


def _check(jogada: dict[str, Any]) -> list[str]:
    j = Jogada(jogada["events"])
    opened = j.data("JogadaOpened")
    if opened is None:
        return ["no JogadaOpened: the jogada cannot be checked"]
    config, players, problems = opened["config"], opened["players"], []
    variant = config.get("variant")
    if variant not in GAMES or variant != jogada.get("game", variant):
        return [f"{j.at('JogadaOpened')}: the table's variant {variant!r} is not the "
                f"jogada's game {jogada.get('game')!r}"]
    order = _seats_from_button(j, players, config, problems)
    if order is None:
        return problems
    hole, board = _deal(j, variant, order, config, (jogada.get("rng") or {}).get("output"),
                        problems)
    play = _play(j, players, order, config, problems)
    voided, settled = j.data("JogadaVoided"), j.data("JogadaSettled")
    if voided is not None:
        back = {s: c for s, c in play["contributions"].items() if c}
        _compare(problems, j.at("JogadaVoided"), "refunds", voided["refunds"], back,
                 "is given back", "rule 72, A26: every contribution back")
        money = {"rake": [], "returned": back, "totals": back}
    elif settled is not None:
        money = _settle(variant, play, hole, board, config, order)
        _showdown(j, play, hole, money, problems)
        _compare_settlement(j, settled, money, players, play, problems)
    else:
        return problems + ["the jogada has no JogadaSettled nor JogadaVoided: it did not end"]
    _money_moved(j, money, play, players, problems)
    return problems


def _seats_from_button(j: Jogada, players: dict[str, Any], config: dict[str, Any],
                       problems: list[str]) -> list[str] | None:
    """The seats clockwise from the first left of the button, the button last (rules 46, 64)."""
    seats, n, button = sorted(players, key=int), config["seats"], None
    drawn, moved, revealed = j.data("ButtonDrawn"), j.data("ButtonMoved"), j.data("RngRevealed")
    if drawn is not None:
        button, index = drawn["seat"], drawn["index"]
        drawn_now = index if drawn.get("forced") or revealed is None else \
            randbelow(bytes.fromhex(revealed["seed_hex"]), "button", len(seats))
        if list(drawn["seats"]) != seats or seats[drawn_now % len(seats)] != button:
            problems.append(f"{j.at('ButtonDrawn')}: the button is seat {button} (index {index}"
                            f" of {drawn['seats']}), the revealed seed draws index {drawn_now} "
                            f"of {seats} (rules 46, 47)")
    elif moved is not None:
        button, start = moved["seat"], int(moved["previous"])
        after = next((str((start - 1 + k) % n + 1) for k in range(1, n + 1)
                      if str((start - 1 + k) % n + 1) in seats), None)
        if after != button:
            problems.append(f"{j.at('ButtonMoved')}: the button moved from seat {start} to "
                            f"seat {button}, one seat to the left is seat {after} (rule 64)")
    if button not in seats:
        problems.append(f"the button (seat {button}) is not one of the jogada's seats {seats}")
        return None
    b = seats.index(button)
    return seats[b + 1:] + seats[:b + 1]


def _blind_seats(order: list[str], config: dict[str, Any]) -> tuple[str, str]:
    """(small blind, big blind): rule 48; heads-up under the convention the button (A29)."""
    if len(order) == 2 and config.get("heads_up_convention"):
        return order[1], order[0]
    return order[0], order[1]


def _deal(j: Jogada, variant: str, order: list[str], config: dict[str, Any],
          deck: list[str] | None, problems: list[str]) -> tuple[dict[str, list[str]], list[str]]:
    """The hole cards and the board the deck deals (rules 49, 50, 53, 55, 57), compared."""
    dealt, n, h = j.data("HoleCardsDealt"), len(order), HOLE_CARDS[variant]
    boards = [e for e in j.actions if e["name"] == "BoardDealt"]
    recorded = {s: list(c) for s, c in (dealt or {}).get("cards", {}).items()}
    if not deck or len(deck) < n * h + 5:
        problems.append(f"the RNG output holds {len(deck or [])} cards, the deal needs "
                        f"{n * h + 5}: the cards cannot be re-derived")
        return recorded, [c for e in boards for c in e["data"]["cards"]]
    small = order.index(_blind_seats(order, config)[0])
    deal_order = order[small:] + order[:small]
    hole = {seat: [deck[p * n + i] for p in range(h)] for i, seat in enumerate(deal_order)}
    if dealt is not None and (list(dealt["order"]) != deal_order or set(recorded) != set(hole)):
        problems.append(f"{j.at('HoleCardsDealt')}: dealt to {dealt['order']}, from the small "
                        f"blind clockwise it is {deal_order} (rule 49)")
    for i, seat in enumerate(deal_order if dealt is not None else []):
        if recorded.get(seat) != hole[seat]:
            places = ", ".join(str(p * n + i + 1) for p in range(h))
            problems.append(f"{j.at('HoleCardsDealt')}: seat {seat} was dealt "
                            f"{_cards(recorded.get(seat))}, the shuffled deck deals it "
                            f"{_cards(hole[seat])} (cards {places} of the deck; rules 49, 50)")
    top = n * h
    for street, e in enumerate(boards, start=2):
        want, got = deck[top:top + BOARD_CARDS.get(street, 0)], e["data"]
        if got["street"] != street or list(got["cards"]) != want:
            problems.append(f"BoardDealt (event {e['notification_id']}): the "
                            f"{STREETS.get(got['street'])} is {_cards(got['cards'])}, the "
                            f"shuffled deck deals the {STREETS.get(street)} {_cards(want)} "
                            f"(cards {top + 1}-{top + len(want)} of the deck, none burnt; "
                            "rules 53, 55, 57)")
        top += len(want)
    return hole, list(deck[n * h:top])


def _play(j: Jogada, players: dict[str, Any], order: list[str], config: dict[str, Any],
          problems: list[str]) -> dict[str, Any]:
    """Each seat's chips from the blinds and the actions (rules 20–23, 34–40, 48)."""
    stack = {s: int(players[s]["cave_cents"]) for s in order}
    put, paid, folded = dict.fromkeys(order, 0), dict.fromkeys(order, 0), []
    current, aggressor, blinds = 0, None, j.data("BlindsPosted")
    if blinds is not None:
        want = {}
        for seat, blind in zip(_blind_seats(order, config),
                               (config["small_blind_cents"], config["big_blind_cents"])):
            want[seat] = put[seat] = paid[seat] = min(blind, stack[seat])  # rule 39: all in
            stack[seat] -= want[seat]
        _compare(problems, j.at("BlindsPosted"), "blinds", blinds["blinds"], want, "posts",
                 "rule 48: the 1st and 2nd seats left of the button")
        current = config["big_blind_cents"]
    for e in j.actions:
        d = e["data"]
        if e["name"] == "BoardDealt":
            put, current, aggressor = dict.fromkeys(order, 0), 0, None
            continue
        seat, action, where = d["seat"], d["action"], f"{e['name']} (event {e['notification_id']})"
        if seat not in stack or seat in folded:
            problems.append(f"{where}: seat {seat} acts but is not in the jogada or has folded")
            continue
        added = {"fold": 0, "check": 0, "call": min(max(current - put[seat], 0), stack[seat]),
                 "all_in": stack[seat]}.get(action)
        if added is None:  # bet or raise: a "to" amount (actions.py)
            added = int(d.get("amount") or 0) - put[seat]
        if not 0 <= added <= stack[seat]:
            problems.append(f"{where}: seat {seat}'s {action} puts in {euros(added)}, its cave "
                            f"holds {euros(stack[seat])} (rule 37)")
            added = max(0, min(added, stack[seat]))
        if d.get("added_cents") != added:
            problems.append(f"{where}: seat {seat}'s {action} on the "
                            f"{STREETS.get(d.get('street'))} records "
                            f"{euros(d.get('added_cents') or 0)} put in, the {action} is "
                            f"{euros(added)} (rules 34, 39)")
        put[seat], stack[seat], paid[seat] = put[seat] + added, stack[seat] - added, \
            paid[seat] + added
        if action == "fold":
            folded.append(seat)
        if put[seat] > current:
            current, aggressor = put[seat], seat  # A29: the last to bet or raise
    return {"contributions": paid, "folded": folded, "aggressor": aggressor,
            "live": [s for s in order if s not in folded]}


def _settle(variant: str, play: dict[str, Any], hole: dict[str, list[str]], board: list[str],
            config: dict[str, Any], order: list[str]) -> dict[str, Any]:
    """Uncalled bets back, the layers, the commission, the award (the module docstring)."""
    contributions, live = dict(play["contributions"]), play["live"]
    (first, most), (_, second) = sorted(contributions.items(), key=lambda kv: -kv[1])[:2]
    returned = {first: most - second} if most > second else {}
    contributions[first] = second
    values = {s: best(variant, hole[s], board) for s in live} \
        if len(live) > 1 and len(board) == 5 and all(s in hole for s in live) else {}
    rake_rule = config.get("commission") or {}
    bp, left = (rake_rule.get("percent_bp", 0), rake_rule.get("cap_cents")) \
        if rake_rule.get("mode") == "pot" and len(board) >= 3 else (0, None)
    pots, rake, payments, charged, totals = [], [], [], {}, dict(returned)
    levels, below = sorted({contributions[s] for s in live}), 0
    for k, level in enumerate(levels):
        cap = None if k == len(levels) - 1 else level
        amount = sum(max(0, (c if cap is None else min(c, cap)) - below)
                     for c in contributions.values())
        eligible, below = [s for s in live if contributions[s] >= level], level
        if not amount:
            continue
        cut = amount * bp // 10_000  # rounded down (rule 19, A24)
        if left is not None:
            cut, left = min(cut, left), left - min(cut, left)  # one cap, main pot first
        best_value = max((values.get(s, ()) for s in eligible), default=())
        winners = [s for s in order if s in eligible and values.get(s, ()) == best_value]
        share, extra = divmod(amount - cut, len(winners))
        layer = {s: share + (i < extra) for i, s in enumerate(winners) if share + (i < extra)}
        c_share, c_extra = divmod(cut, len(layer) or 1)
        for i, s in enumerate(layer if cut else []):
            charged[s] = charged.get(s, 0) + c_share + (i < c_extra)
        for s, c in layer.items():
            totals[s] = totals.get(s, 0) + c
        pots.append({"amount": amount, "eligible": eligible})
        rake.append(cut)
        payments.append(layer)
    return {"contributions": play["contributions"], "returned": returned, "pots": pots,
            "rake": rake, "payments": payments, "totals": totals, "commission": charged,
            "flop_seen": len(board) >= 3, "showdown": len(live) > 1, "values": values}


def _showdown(j: Jogada, play: dict[str, Any], hole: dict[str, list[str]],
              money: dict[str, Any], problems: list[str]) -> None:
    """Rule 59, A29: every hand still in shown, the last to bet or raise on the river first,
    else the first seat left of the button, then clockwise; the cards those dealt."""
    shown, live, values = j.data("HandsShown"), play["live"], money["values"]
    if len(live) < 2 or not values or shown is None:
        if len(live) > 1 or shown is not None:
            problems.append(f"{j.at('HandsShown')}: seats {live} are still in at the end (rules"
                            " 36, 59: two or more show over the whole board, one shows none)")
        return
    start = live.index(play["aggressor"]) if play["aggressor"] in live else 0
    order = live[start:] + live[:start]
    if list(shown["order"]) != order:
        problems.append(f"{j.at('HandsShown')}: shown in the order {shown['order']}, rule 59 "
                        f"(A29) gives {order}")
    for seat in order:
        hand, category = shown["hands"].get(seat) or {}, CATEGORIES[values[seat][0]]
        if list(hand.get("cards") or []) != hole[seat] or hand.get("category") != category:
            problems.append(f"{j.at('HandsShown')}: seat {seat} shows "
                            f"{_cards(hand.get('cards'))} ({hand.get('category')}), its cards "
                            f"are {_cards(hole[seat])} ({category}; rules 26, 29)")


def _compare(problems: list[str], where: str, what: str, recorded: Any, rules: dict[str, int],
             verb: str, why: str) -> None:
    """The first seat whose amount differs (zero and missing are the same)."""
    recorded = {str(k): v for k, v in (recorded or {}).items() if v}
    rules = {k: v for k, v in rules.items() if v}
    for seat in sorted(set(recorded) | set(rules), key=int):
        if recorded.get(seat, 0) != rules.get(seat, 0):
            problems.append(f"{where}: in {what}, seat {seat} {verb} "
                            f"{euros(recorded.get(seat, 0))}, the rules give "
                            f"{euros(rules.get(seat, 0))}" + (f" ({why})" if why else ""))
            return


def _compare_settlement(j: Jogada, settled: dict[str, Any], money: dict[str, Any],
                        players: dict[str, Any], play: dict[str, Any],
                        problems: list[str]) -> None:
    where, paid = j.at("JogadaSettled"), list(settled.get("payments") or [])
    caves = {s: int(p["cave_cents"]) - money["contributions"].get(s, 0)
             + money["totals"].get(s, 0) for s, p in players.items()}
    rows = [("contributions", settled["contributions"], money["contributions"], "put in", ""),
            ("returned", settled["returned"], money["returned"], "gets back uncalled", "A24")]
    rows += [(f"the payments of {_pot(i)}", paid[i] if i < len(paid) else {},
              money["payments"][i] if i < len(money["payments"]) else {}, "is paid",
              "rules 33, 62, 63; A31") for i in range(max(len(paid), len(money["payments"])))]
    rows += [("totals", settled["totals"], money["totals"], "receives", "rule 63"),
             ("caves", settled["caves"], caves, "is left with", "rule 63"),
             ("commission", settled.get("commission"), money["commission"], "pays", "rule 19")]
    for row in rows:
        _compare(problems, where, *row)
    pots = ", ".join(euros(p["amount"]) for p in settled.get("pots") or [])
    for name, got, want, why in (
            ("pots", pots, ", ".join(euros(p["amount"]) for p in money["pots"]), "rules 41, 42"),
            ("the commission per pot", ", ".join(map(euros, settled.get("rake") or [])),
             ", ".join(map(euros, money["rake"])), "rules 17a, 18, 19; A24"),
            ("folded", sorted(settled["folded"], key=int), sorted(play["folded"], key=int),
             "rule 35"), ("flop_seen", settled.get("flop_seen"), money["flop_seen"], "A24"),
            ("showdown", settled.get("showdown"), money["showdown"], "rules 36, 59")):
        if got != want:
            problems.append(f"{where}: {name} is {got}, the rules give {want} ({why})")


def _money_moved(j: Jogada, money: dict[str, Any], play: dict[str, Any],
                 players: dict[str, Any], problems: list[str]) -> None:
    """Each pot's commission from the table's account to the commission account, the only money
    a jogada moves on the accounts (rules 17a, 19; A24); each seat's session records (rule 67)."""
    seat_of, got, want = {p["session_id"]: s for s, p in players.items()}, {}, {}
    for e in j.accounts + j.sessions:
        d, name = e["data"], e["name"]
        if ".Account." in e.get("topic", ""):
            pot = int((d.get("refs") or {}).get("pot", -1))
            key = (f"Account.{name}", f"the commission of {_pot(pot)}" if d.get("reason") ==
                   "commission" else f"{d.get('reason')} (event {e['notification_id']})")
        elif name in ("BetRecorded", "WinRecorded"):
            key = ("GameSession", f"seat {seat_of.get(str(e.get('originator_id')))}'s "
                   + ("bets" if name == "BetRecorded" else str(d.get("category"))))
        else:
            continue
        got[key] = got.get(key, 0) + int(d.get("amount_cents") or 0)
    for i, cut in enumerate(money["rake"]):
        want.update({(f"Account.{n}", f"the commission of {_pot(i)}"): cut
                     for n in ("Debited", "Credited")})
    for seat in players:
        back = money["returned"].get(seat, 0)
        want.update({("GameSession", f"seat {seat}'s {k}"): v for k, v in (
            ("bets", play["contributions"].get(seat, 0)), ("refund", back),
            ("pot", money["totals"].get(seat, 0) - back))})
    for key in sorted(set(got) | set(want)):
        if got.get(key, 0) != want.get(key, 0):
            problems.append(f"{key[0]}: {key[1]} moved {euros(got.get(key, 0))}, the rules "
                            f"give {euros(want.get(key, 0))} (rules 17a, 19, 67; A24, A34)")
