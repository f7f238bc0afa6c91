"""Texas hold'em and Omaha, offline (docs/audit.md; the interface: infra/audit/checker/games.py):
one jogada's cards re-derived from its shuffled deck and its money re-adjudicated from its
recorded actions, with the standard library only and no project code (this file runs alone in
bundle_check.pyz). Written again from the rules, not imported from the engine, so that an
auditor reads the whole procedure here.

Dealing (hold'em and Omaha rules 46–58; A29): the seats of the jogada (``JogadaOpened.players``)
in clockwise order start left of the button (``ButtonDrawn``: ``randbelow(len(seats))`` of the
seed under purpose "button"; ``ButtonMoved``: the next seat in play clockwise, rule 64). The
1st and 2nd seats left of the button post the small and big blind (rule 48), each at most its
cave (rule 39); heads-up with ``heads_up_convention`` the button posts the small blind (A29).
From the top of the deck, one card at a time from the small blind clockwise, 2 passes in
hold'em, 4 in Omaha (rules 49, 50; Omaha rule 25): with n seats pass p gives seat i card
``p*n + i``; then the flop (3), the turn (1), the river (1), the next cards: none is burnt
(the texts mention no burn card, rules-digest §6 step 3).

Money (rules 17–19, 33–42, 59–63; A24, A26, A31): each seat's contribution is its blind plus
what each action put in (fold and check 0, call the bet to match or the cave, bet and raise the
"to" amount less the seat's bet this street, all in the cave). The part of the largest
contribution no other seat matched goes back (A24). The rest is cut at each distinct
contribution of a seat that did not fold: the main pot, then a side pot per level, folded
chips in the layers they reached, anything above the top live level in the last (rules 41, 42).
Commission mode (a) (``config.commission.mode == "pot"``): ``percent_bp`` of each layer rounded
down, one cap for the jogada used up main pot first, none unless the flop was dealt (A24, rules
17a, 18, 19). Each layer, less its commission, to the best hand among its seats (best 5 of the
7 in hold'em, exactly 2 hole + 3 board in Omaha; rule 26), ties equally to the cent, leftover
cents one at a time clockwise from the first seat left of the button (rules 33, 62; A31); a
layer with one seat to it (rule 36). A layer's commission is charged to its winners the same
way. A void gives every seat its contributions back, no commission (rule 72, A26).

Compared: the button, the blinds, each action's chips, ``HoleCardsDealt``, ``BoardDealt``,
``HandsShown``, ``JogadaSettled`` or ``JogadaVoided``, the commission's ``Account`` transfers
(table account -> commission account, ``refs.pot``) and each seat's session records
(``GameSession.BetRecorded`` / ``WinRecorded``). Raise sizes are not re-checked."""

from __future__ import annotations

import hashlib
import hmac
from itertools import combinations
from typing import Any

GAMES = ("holdem", "omaha")
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
    whole, part = divmod(abs(int(cents)), 100)
    return ("-" if cents < 0 else "") + f"{whole:,}".replace(",", " ") + f",{part:02d} € ({cents} cents)"


def _cards(cards: Any) -> str:
    return " ".join(cards) if cards else "nothing"


def _pot(i: int) -> str:
    return "the main pot" if i == 0 else f"side pot {i}"


def randbelow(seed: bytes, purpose: str, n: int) -> int:
    """HMAC-SHA256(seed, LABEL 0 purpose 0 counter) blocks as one byte stream; ceil(k/8) bytes
    big-endian, the k = bit_length(n-1) high bits, again until below n (903-B 6.7.2(3))."""
    prefix, stream, counter, pos = RNG_LABEL + b"\x00" + purpose.encode() + b"\x00", b"", 0, 0
    k = (n - 1).bit_length()
    size = (k + 7) // 8
    while True:
        while len(stream) - pos < size:
            stream += hmac.new(seed, prefix + counter.to_bytes(8, "big"), hashlib.sha256).digest()
            counter += 1
        r = int.from_bytes(stream[pos:pos + size], "big") >> (8 * size - k)
        pos += size
        if r < n:
            return r


# Hands (rules 26, 29–32; A5: all five cards count, in order) ---------------------------------
def five(cards: Any) -> tuple[int, ...]:
    """(category, tie-breaks...) of five cards: higher wins, equal ties."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape, by = [c for _, c in groups], [r for r, _ in groups]
    flush = len({c[1] for c in cards}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [14, 5, 4, 3, 2]:
        top = 5  # the ace counts as 1 (rule 31)
    if top is not None and flush:
        return (9 if top == 14 else 8, top)
    for category, wanted in ((7, [4, 1]), (6, [3, 2])):
        if shape == wanted:
            return (category, *by)
    if flush:
        return (5, *ranks)
    if top is not None:
        return (4, top)
    return ({3: 3, 2: 2 if shape == [2, 2, 1] else 1, 1: 0}[shape[0]], *by)


def best(variant: str, hole: list[str], board: list[str]) -> tuple[int, ...]:
    """Hold'em: the best 5 of the 7, the board may play (A30); Omaha: exactly 2 + 3."""
    if variant == "omaha":
        return max(five(h + b) for h in map(list, combinations(hole, 2))
                   for b in map(list, combinations(board, 3)))
    return max(five(list(c)) for c in combinations(list(hole) + list(board), 5))


# Reading the events ------------------------------------------------------------------------
class Jogada:
    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.one: dict[str, dict[str, Any]] = {}  # event name -> the event (the last one)
        self.actions: list[dict[str, Any]] = []  # the actions and the boards, in log order
        self.accounts: list[dict[str, Any]] = []
        self.sessions: list[dict[str, Any]] = []
        for e in events:
            name, topic = e["name"], e.get("topic", "")
            if ".Account." in topic:
                self.accounts.append(e)
            elif ".GameSession." in topic:
                self.sessions.append(e)
            elif name in ACTIONS or name == "BoardDealt":
                self.actions.append(e)
            else:
                self.one[name] = e

    def data(self, name: str) -> dict[str, Any] | None:
        return self.one[name]["data"] if name in self.one else None

    def at(self, name: str) -> str:
        e = self.one.get(name, {})
        return f"{name} (event {e.get('notification_id')})"


def check(jogada: dict[str, Any]) -> list[str]:
    """The differences between the jogada's record and what its deck and its rules give."""
    j = Jogada(jogada["events"])
    opened = j.data("JogadaOpened")
    if opened is None:
        return ["no JogadaOpened: the jogada cannot be checked"]
    config, players = opened["config"], opened["players"]
    variant = config.get("variant", jogada.get("game"))
    problems: list[str] = []
    if variant not in GAMES or variant != jogada.get("game", variant):
        return [f"JogadaOpened: the table's variant {variant!r} is not {jogada.get('game')!r}"]
    order = _seats_from_button(j, players, config, problems)
    if order is None:
        return problems
    deck = (jogada.get("rng") or {}).get("output")
    hole, board = _deal(j, variant, order, config, deck, problems)
    play = _play(j, players, order, config, problems)
    voided, settled = j.data("JogadaVoided"), j.data("JogadaSettled")
    if voided is not None:
        returned = {s: c for s, c in play["contributions"].items() if c}
        _compare(problems, j.at("JogadaVoided"), "refunds", voided["refunds"], returned,
                 "is given back", "rule 72, A26: every contribution back")
        money = {"rake": [], "returned": returned, "totals": returned}
    elif settled is not None:
        money = _settle(variant, play, hole, board, config, order)
        _showdown(j, variant, play, hole, money, problems)
        _compare_settlement(j, settled, money, players, play, problems)
    else:
        return problems + ["the jogada has no JogadaSettled nor JogadaVoided: it did not end"]
    _money_moved(j, money, play, players, problems)
    return problems


def _seats_from_button(j: Jogada, players: dict[str, Any], config: dict[str, Any],
                       problems: list[str]) -> list[str] | None:
    """The seats clockwise from the first left of the button, the button last (rules 46, 64)."""
    seats = sorted(players, key=int)
    drawn, moved = j.data("ButtonDrawn"), j.data("ButtonMoved")
    if drawn is not None:
        button, revealed = drawn["seat"], j.data("RngRevealed")
        if list(drawn["seats"]) != seats or seats[drawn["index"]] != button:
            problems.append(f"{j.at('ButtonDrawn')}: seat {button} (index {drawn['index']} of "
                            f"{drawn['seats']}) is not the seat drawn among {seats} (rule 46)")
        elif not drawn.get("forced") and revealed is not None:
            index = randbelow(bytes.fromhex(revealed["seed_hex"]), "button", len(seats))
            if index != drawn["index"]:
                problems.append(f"{j.at('ButtonDrawn')}: the button is seat {button} (index "
                                f"{drawn['index']}), the revealed seed draws seat "
                                f"{seats[index]} (index {index}; rules 46, 47)")
    elif moved is not None:
        button, start = moved["seat"], int(moved["previous"])
        after = next((str((start - 1 + k) % config["seats"] + 1)
                      for k in range(1, config["seats"] + 1)
                      if str((start - 1 + k) % config["seats"] + 1) in seats), None)
        if after != button:
            problems.append(f"{j.at('ButtonMoved')}: the button moved from seat {start} to "
                            f"seat {button}, one seat to the left is seat {after} (rule 64)")
    else:
        problems.append("no ButtonDrawn nor ButtonMoved: the deal cannot be re-derived")
        return None
    if button not in seats:
        problems.append(f"the button's seat {button} is not a seat of the jogada {seats}")
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
    recorded_hole = {s: list(c) for s, c in (dealt or {}).get("cards", {}).items()}
    recorded_board = [c for e in boards for c in e["data"]["cards"]]
    if not deck:
        problems.append("no RNG output: the cards cannot be re-derived from the deck")
        return recorded_hole, recorded_board
    if len(deck) < n * h + 5:
        problems.append(f"the deck holds {len(deck)} cards, the deal needs {n * h + 5}")
        return recorded_hole, recorded_board
    small, big = _blind_seats(order, config)
    deal_order = order[order.index(small):] + order[:order.index(small)]
    hole = {seat: [deck[p * n + i] for p in range(h)] for i, seat in enumerate(deal_order)}
    if dealt is not None and list(dealt["order"]) != deal_order:
        problems.append(f"{j.at('HoleCardsDealt')}: dealt in the order {dealt['order']}, from "
                        f"the small blind clockwise it is {deal_order} (rule 49)")
    for i, seat in enumerate(deal_order if dealt is not None else []):
        if recorded_hole.get(seat) != hole[seat]:
            places = ", ".join(str(p * n + i + 1) for p in range(h))
            problems.append(f"{j.at('HoleCardsDealt')}: seat {seat} was dealt "
                            f"{_cards(recorded_hole.get(seat))}, the shuffled deck deals it "
                            f"{_cards(hole[seat])} (cards {places} of the deck; rules 49, 50)")
    for seat in sorted(set(recorded_hole) - set(hole), key=int):
        problems.append(f"{j.at('HoleCardsDealt')}: seat {seat} is dealt cards but is not in "
                        "the jogada")
    top, street = n * h, 1
    for e in boards:
        street += 1
        want = deck[top:top + BOARD_CARDS.get(street, 0)]
        if e["data"]["street"] != street or list(e["data"]["cards"]) != want:
            problems.append(f"BoardDealt (event {e['notification_id']}): the "
                            f"{STREETS.get(e['data']['street'], e['data']['street'])} is "
                            f"{_cards(e['data']['cards'])}, the shuffled deck deals the "
                            f"{STREETS.get(street, street)} {_cards(want)} (cards {top + 1}-"
                            f"{top + len(want)} of the deck, none burnt; rules 53, 55, 57)")
        top += len(want)
    return hole, list(deck[n * h:top])


def _play(j: Jogada, players: dict[str, Any], order: list[str], config: dict[str, Any],
          problems: list[str]) -> dict[str, Any]:
    """Each seat's chips from the blinds and the actions (rules 20–23, 34–40, 48)."""
    stack = {s: int(players[s]["cave_cents"]) for s in order}
    put = {s: 0 for s in order}
    contributions = {s: 0 for s in order}
    folded: list[str] = []
    blinds = j.data("BlindsPosted")
    current, aggressor = 0, None
    if blinds is not None:
        small, big = _blind_seats(order, config)
        want = {}
        for seat, blind in ((small, config["small_blind_cents"]),
                            (big, config["big_blind_cents"])):
            want[seat] = min(blind, stack[seat])  # rule 39: a short cave goes all in
            put[seat], stack[seat], contributions[seat] = want[seat], stack[seat] - want[seat], \
                want[seat]
        _compare(problems, j.at("BlindsPosted"), "blinds", blinds["blinds"], want, "posts",
                 "rule 48: the 1st and 2nd seats left of the button")
        current = config["big_blind_cents"]
    for e in j.actions:
        d = e["data"]
        if e["name"] == "BoardDealt":
            put, current, aggressor = {s: 0 for s in order}, 0, None
            continue
        seat, action, where = d["seat"], d["action"], f"{e['name']} (event {e['notification_id']})"
        if seat not in stack or seat in folded:
            problems.append(f"{where}: seat {seat} acts but is not in the jogada or has folded")
            continue
        added = {"fold": 0, "check": 0, "call": min(max(current - put[seat], 0), stack[seat]),
                 "all_in": stack[seat]}.get(action)
        if added is None:  # bet or raise: a "to" amount (actions.py)
            added = int(d.get("amount") or 0) - put[seat]
        if added < 0 or added > stack[seat]:
            problems.append(f"{where}: seat {seat}'s {action} puts in {euros(added)}, its cave "
                            f"holds {euros(stack[seat])} (rule 37)")
            added = max(0, min(added, stack[seat]))
        if d.get("added_cents") != added:
            problems.append(f"{where}: seat {seat}'s {action} on the "
                            f"{STREETS.get(d.get('street'))} records {euros(d.get('added_cents') or 0)} "
                            f"put in, the {action} is {euros(added)} (rules 34, 39)")
        put[seat] += added
        stack[seat] -= added
        contributions[seat] += added
        if action == "fold":
            folded.append(seat)
        if put[seat] > current:
            current, aggressor = put[seat], seat  # A29: the last to bet or raise
    return {"contributions": contributions, "folded": folded, "aggressor": aggressor,
            "live": [s for s in order if s not in folded]}


def _settle(variant: str, play: dict[str, Any], hole: dict[str, list[str]], board: list[str],
            config: dict[str, Any], order: list[str]) -> dict[str, Any]:
    """Uncalled bets, the layers, the commission, the award (module docstring)."""
    contributions, live = dict(play["contributions"]), play["live"]
    ranked = sorted(contributions.items(), key=lambda kv: kv[1], reverse=True)
    returned = {}
    if ranked[0][1] > ranked[1][1]:
        returned = {ranked[0][0]: ranked[0][1] - ranked[1][1]}
        contributions[ranked[0][0]] = ranked[1][1]
    values = {s: best(variant, hole[s], board) for s in live} \
        if len(live) > 1 and len(board) == 5 and all(s in hole for s in live) else {}
    commission = config.get("commission") or {}
    pot_mode = commission.get("mode") == "pot"
    bp, left = (commission.get("percent_bp", 0), commission.get("cap_cents")) if pot_mode \
        else (0, None)
    flop_seen = len(board) >= 3
    pots, rake, payments, paid = [], [], [], {}
    levels, below = sorted({contributions[s] for s in live}), 0
    for k, level in enumerate(levels):
        top = None if k == len(levels) - 1 else level
        amount = sum(max(0, (c if top is None else min(c, top)) - below)
                     for c in contributions.values())
        eligible = [s for s in live if contributions[s] >= level]
        below = level
        if not amount:
            continue
        cut = amount * bp // 10_000 if flop_seen else 0  # A24, rules 18, 19: rounded down
        if left is not None:
            cut = min(cut, left)  # one cap for the jogada, main pot first
            left -= cut
        if len(eligible) == 1:
            winners = eligible  # rule 36
        elif values:
            top_value = max(values[s] for s in eligible)
            winners = [s for s in order if s in eligible and values[s] == top_value]
        else:
            winners = [s for s in order if s in eligible]  # no showdown possible: reported
        share, extra = divmod(amount - cut, len(winners))
        layer = {s: share + (1 if i < extra else 0) for i, s in enumerate(winners)}
        layer = {s: c for s, c in layer.items() if c}
        c_share, c_extra = divmod(cut, len(layer)) if layer else (0, 0)
        for i, s in enumerate(layer if cut else []):
            paid[s] = paid.get(s, 0) + c_share + (1 if i < c_extra else 0)
        pots.append({"amount": amount, "level": level, "eligible": eligible})
        rake.append(cut)
        payments.append(layer)
    totals: dict[str, int] = dict(returned)
    for layer in payments:
        for s, c in layer.items():
            totals[s] = totals.get(s, 0) + c
    return {"contributions": play["contributions"], "returned": returned, "pots": pots,
            "rake": rake, "payments": payments, "totals": totals, "commission": paid,
            "flop_seen": flop_seen, "showdown": len(live) > 1, "values": values}


def _showdown(j: Jogada, variant: str, play: dict[str, Any], hole: dict[str, list[str]],
              money: dict[str, Any], problems: list[str]) -> None:
    """Rule 59, A29: every hand still in shown, the last aggressor of the river first, else
    the first seat left of the button, then clockwise; the cards those of the deal."""
    shown, live, values = j.data("HandsShown"), play["live"], money["values"]
    if len(live) < 2:
        if shown is not None:
            problems.append(f"{j.at('HandsShown')}: hands shown with one player left (rule 36)")
        return
    if not values:
        problems.append(f"the jogada ends in a showdown between seats {live} with an "
                        "incomplete board or a hand missing (rules 57, 59)")
        return
    start = live.index(play["aggressor"]) if play["aggressor"] in live else 0
    order = live[start:] + live[:start]
    if shown is None:
        problems.append(f"no HandsShown: seats {order} are still in at the showdown (rule 59)")
        return
    if list(shown["order"]) != order:
        problems.append(f"{j.at('HandsShown')}: shown in the order {shown['order']}, rule 59 "
                        f"(A29) gives {order}")
    for seat in order:
        hand = shown["hands"].get(seat) or {}
        category = CATEGORIES[values[seat][0]]
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
            problems.append(f"{where}: in {what}, seat {seat} {verb} {euros(recorded.get(seat, 0))},"
                            f" the rules give {euros(rules.get(seat, 0))} ({why})")
            return


def _compare_settlement(j: Jogada, settled: dict[str, Any], money: dict[str, Any],
                        players: dict[str, Any], play: dict[str, Any],
                        problems: list[str]) -> None:
    where = j.at("JogadaSettled")
    _compare(problems, where, "contributions", settled["contributions"], money["contributions"],
             "put in", "the blinds and the actions recorded")
    _compare(problems, where, "returned", settled["returned"], money["returned"],
             "gets back uncalled", "A24: the part nobody called")
    pots = settled.get("pots") or []
    for i in range(max(len(pots), len(money["pots"]))):
        got = pots[i] if i < len(pots) else {"amount": 0, "eligible": []}
        want = money["pots"][i] if i < len(money["pots"]) else {"amount": 0, "eligible": []}
        if got["amount"] != want["amount"] or set(got["eligible"]) != set(want["eligible"]):
            problems.append(f"{where}: {_pot(i)} holds {euros(got['amount'])} for seats "
                            f"{got['eligible']}, the rules give {euros(want['amount'])} for "
                            f"seats {want['eligible']} (rules 41, 42)")
    rake = list(settled.get("rake") or [])
    for i in range(max(len(rake), len(money["rake"]))):
        got, want = (rake[i:i + 1] or [0])[0], (money["rake"][i:i + 1] or [0])[0]
        if got != want:
            problems.append(f"{where}: the commission of {_pot(i)} is {euros(got)}, the rules "
                            f"give {euros(want)} (rules 17a, 18, 19; A24)")
    paid = list(settled.get("payments") or [])
    for i in range(max(len(paid), len(money["payments"]))):
        _compare(problems, where, f"the payments of {_pot(i)}", (paid[i:i + 1] or [{}])[0],
                 (money["payments"][i:i + 1] or [{}])[0], "is paid",
                 "rules 33, 62, 63; A31: the best hand, ties to the cent")
    _compare(problems, where, "totals", settled["totals"], money["totals"], "receives",
             "uncalled bets and winnings")
    caves = {s: int(p["cave_cents"]) - money["contributions"].get(s, 0)
             + money["totals"].get(s, 0) for s, p in players.items()}
    _compare(problems, where, "caves", settled["caves"], caves, "is left with",
             "the cave at the start, less the contribution, plus what it receives")
    _compare(problems, where, "commission", settled.get("commission"), money["commission"],
             "pays commission", "rule 19, A24: from the winners' payments")
    for name, want in (("folded", sorted(play["folded"], key=int)),
                       ("flop_seen", money["flop_seen"]), ("showdown", money["showdown"])):
        got = sorted(settled[name], key=int) if name == "folded" else settled.get(name)
        if got != want:
            problems.append(f"{where}: {name} is {got}, the record of the jogada gives {want}")


def _money_moved(j: Jogada, money: dict[str, Any], play: dict[str, Any],
                 players: dict[str, Any], problems: list[str]) -> None:
    """The commission moved on the accounts, and each seat's session records (rule 67, A34)."""
    moved: dict[tuple[str, int], int] = {}
    for e in j.accounts:
        d = e["data"]
        refs = d.get("refs") or {}
        if d.get("reason") != "commission" or e["name"] not in ("Debited", "Credited"):
            problems.append(f"Account.{e['name']} (event {e['notification_id']}): "
                            f"{euros(d.get('amount_cents', 0))} moved for the jogada "
                            f"({d.get('reason')}), its rules move only the commission")
            continue
        key = (e["name"], int(refs.get("pot", -1)))
        moved[key] = moved.get(key, 0) + int(d["amount_cents"])
    for i, cut in enumerate(money["rake"]):
        for name, side in (("Debited", "the table's account"),
                           ("Credited", "the commission account")):
            got = moved.pop((name, i), 0)
            if got != cut:
                problems.append(f"Account.{name}: the commission of {_pot(i)} moved {euros(got)}"
                                f" on {side}, the rules give {euros(cut)} (rules 17a, 19; A24)")
    for (name, i), cents in sorted(moved.items()):
        problems.append(f"Account.{name}: {euros(cents)} of commission on {_pot(i)}, which "
                        "the rules do not take")
    by_session = {p["session_id"]: s for s, p in players.items()}
    records: dict[tuple[str, str], int] = {}
    for e in j.sessions:
        seat, d = by_session.get(str(e.get("originator_id"))), e["data"]
        if seat is None or e["name"] not in ("BetRecorded", "WinRecorded"):
            continue
        key = (seat, "bet" if e["name"] == "BetRecorded" else d.get("category"))
        records[key] = records.get(key, 0) + int(d["amount_cents"])
    for seat in sorted(players, key=int):
        returned = money["returned"].get(seat, 0)
        for kind, want, what in (
                ("bet", play["contributions"].get(seat, 0), "bets (A34: blinds included)"),
                ("refund", returned, "refunds"),
                ("pot", money["totals"].get(seat, 0) - returned, "pot winnings")):
            if records.get((seat, kind), 0) != want:
                problems.append(f"GameSession: seat {seat}'s session records "
                                f"{euros(records.get((seat, kind), 0))} of {what}, the jogada "
                                f"gives {euros(want)} (rule 67)")
