"""Blackjack's offline rules for bundle_check.pyz (docs/audit.md): standard library only, no
project import, written again from Reg. 805/2015 and rules-digest-2. From the events alone: the
shoe in r14's order, later cards from index 2n+2; totals (r8, A46, r8a-ii); each decision (r15,
r16, r21–r23, A48, A50, A51); the banca's draws (r17, r8a-i, r20c); every settlement (r18–r20,
r25a–i; A47 no peek, A52, A53), a void's (r27, r28, A62); each account's net, no hold open."""

from __future__ import annotations

from typing import Any

GAMES = ("blackjack",)
MARKERS = {"blackjack": ".BlackjackTable."}  # its venue's event topics (Game.event_marker)
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided")

TENS = "TJQK"
DOUBLE_ON = (9, 10, 11)  # r15b, r23
FRESH = dict.fromkeys(("from_split", "fixed", "split_aces", "doubled", "surrendered",
                       "even_money", "acted"), False)  # a hand as dealt
INSURANCE_FIELDS = ("result", "stake_cents", "returned_cents", "lost_cents", "won_cents")
SETTLED_FIELDS = (*INSURANCE_FIELDS, "prize_cents")


def euros(cents: int, sign: bool = False) -> str:
    return ("-" if cents < 0 else "+" if sign else "") + "%d,%02d €" % divmod(abs(cents), 100)


def value(card: str) -> int:
    """r8: an ace 1 here (``best`` makes it 11), T J Q K 10, the rest their face."""
    return 1 if card[0] == "A" else 10 if card[0] in TENS else int(card[0])


def best(cards: list[str], fixed: bool = False) -> tuple[int, bool]:
    """(total, soft), A46: an ace 11 where it fits; ``fixed`` (r8a-ii): first-two aces stay 1."""
    hard = sum(value(c) for c in cards)
    free = any(c[0] == "A" for c in (cards[2:] if fixed else cards))
    return (hard + 10, True) if free and hard + 10 <= 21 else (hard, False)


def blackjack(cards: list[str], from_split: bool = False) -> bool:
    """r18, r19: an ace and a ten-value card as the first two cards, never after a split."""
    return not from_split and len(cards) == 2 and sorted(map(value, cards)) == [1, 10]


def half_up(cents: int) -> int:
    return (cents + 1) // 2  # A53: a half cent to the player


def outcome(result: str, stake: int, returned: int, won: int, prize: int, why: str) -> dict:
    return {"result": result, "stake_cents": stake, "returned_cents": returned,
            "lost_cents": stake - returned, "won_cents": won, "prize_cents": prize, "why": why}


def prize(hand: dict[str, Any], config: dict[str, Any]) -> int:
    """r25i, A52: 6-7-8 of one suit or three 7s, the first three cards of an unsplit hand."""
    first = hand["cards"][:3]
    if not config.get("special_prize", True) or hand["from_split"] or len(first) < 3:
        return 0
    ranks, suited = sorted(c[0] for c in first), len({c[1] for c in first}) == 1
    return 3 * hand["stake"] if ranks == ["7"] * 3 or (ranks == ["6", "7", "8"] and suited) else 0


def settle(hand: dict[str, Any], banca: list[str], config: dict[str, Any]) -> dict[str, Any]:
    """One hand's outcome (r15e, r20a, r20b, r25a–i; A47, A48, A52, A53)."""
    stake = hand["stake"]
    if hand["even_money"]:
        return outcome("even_money", stake, stake, stake, 0, "rule 20b: even money, 1:1")
    if hand["surrendered"]:
        return outcome("surrendered", stake, half_up(stake), 0, 0,
                       "rule 15e, A53: half lost, the larger half returned")
    total, theirs = best(hand["cards"], hand["fixed"])[0], best(banca)[0]
    if total > 21:
        return outcome("bust", stake, 0, 0, 0, "rule 25b: over 21")
    extra = prize(hand, config)
    won, lost, push = (("won", stake, stake, stake, extra), ("lost", stake, 0, 0, extra),
                       ("push", stake, stake, 0, extra))
    if blackjack(hand["cards"], hand["from_split"]):
        return outcome(*push, "rules 25a, 25h: both blackjack") if blackjack(banca) else outcome(
            "blackjack", stake, stake, half_up(3 * stake), extra, "rule 25a, A53: blackjack 3:2")
    if blackjack(banca):
        return outcome(*lost, "rules 18, 25e, A47: the banca's blackjack takes the whole stake")
    if theirs > 21:
        return outcome(*won, "rule 25d: the banca bust")
    if total != theirs:
        return outcome(*(won if total > theirs else lost),
                       f"rule 25{'c' if total > theirs else 'e'}: {total} to {theirs}")
    return outcome(*push, f"rule 25h: {total} each")


def deal(shoe: list[str], n: int) -> dict[str, Any]:
    """r14: hand i (seat order) gets i and n+1+i, the banca n (up) and 2n+1 (hole)."""
    return {"hands": [[shoe[i], shoe[n + 1 + i]] for i in range(n)], "up_card": shoe[n],
            "hole_card": shoe[2 * n + 1], "next_index": 2 * n + 2}


class Refused(Exception):
    """The first difference: a sentence naming the event and the field."""


def need(ok: Any, e: dict[str, Any], text: str) -> None:
    if not ok:
        raise Refused(f"event {e['notification_id']} {e['name']}: {text}")


def _same(e: dict[str, Any], field: str, got: Any, want: Any, why: str) -> None:
    if got != want:
        money = ("cents" in field or field.startswith("refunds")) and all(
            isinstance(v, int) for v in (got, want))
        show = (lambda v: f"{v} ({euros(v)})") if money else repr
        need(False, e, f"{field} is {show(got)}, the rules give {show(want)} ({why})")


def _fields(e: dict, got: dict, want: dict, fields: tuple, why: str, prefix: str = "") -> None:
    for field in fields:
        _same(e, prefix + field, got.get(field), want[field], why)


class Replay:
    """The jogada's events in log order, every card and total re-checked as it comes."""

    def __init__(self, jogada: dict[str, Any], config: dict[str, Any]) -> None:
        self.jogada, self.config, self.up, self.shoe, self.banca = jogada, config, "", [], []
        # seat -> BetPlaced, insurance cents, InsuranceSettled; (seat, hand) -> state, HandSettled
        self.bets, self.insurance, self.insurance_settled, self.nets = {}, {}, {}, {}
        self.hands, self.settled = {}, {}
        self.cursor, self.last, self.revealed, self.waiting = 0, ("", -1), False, False

    def drawn(self, e: dict[str, Any], count: int = 1) -> None:
        need(self.shoe, e, "a card drawn before the deal (rule 14)")
        _same(e, "index", e["data"].get("index"), self.cursor,
              "the next card of the shoe after the cards already drawn (rule 14)")
        for k, field in enumerate(["drawn"] * count if count > 1 else ["card"]):
            card = e["data"][field][k] if count > 1 else e["data"][field]
            want = self.shoe[self.cursor] if self.cursor < len(self.shoe) else None
            _same(e, field, card, want, f"the shoe re-derived from the seed holds {want} at"
                  f" index {self.cursor} (rule 14, the draw order)")
            self.cursor += 1

    def order(self, e: dict[str, Any], seat: str, hand: int) -> dict[str, Any]:
        """The hand a decision acts on: in play, in play order (hands.DRAW_ORDER)."""
        key = (seat, hand)
        need(key in self.hands and key not in self.settled and not self.revealed
             and not self.hands[key]["surrendered"], e, f"seat {seat} has no hand {hand} in"
             " play (not dealt, settled, or the hole card revealed: rule 17)")
        need((int(seat), hand) >= (int(self.last[0] or 0), self.last[1]), e,
             f"seat {seat}'s hand {hand} after seat {self.last[0]}'s hand {self.last[1]}: play"
             " goes seat by seat, each seat's hands in the order made (rule 14)")
        self.last = (seat, hand)
        return self.hands[key]

    def totals(self, e: dict[str, Any], hand: dict[str, Any], why: str) -> None:
        total, soft = best(hand["cards"], hand["fixed"])
        for field, want in (("total", total), ("soft", soft), ("bust", total > 21)):
            if field == "total" or field in e["data"]:
                _same(e, field, e["data"].get(field), want, f"{' '.join(hand['cards'])}: {why}")

    def on_BetPlaced(self, e, d):
        low, high = self.config.get("min_bet_cents", 1), self.config.get("max_bet_cents")
        need(low <= d["amount_cents"] <= (high or d["amount_cents"]) and d["seat"] not in
             self.bets, e, f"seat {d['seat']}'s bet: one per seat, within the table's limits"
             " (rules 9, 11; A49)")
        self.bets[d["seat"]] = d

    def on_CardsDealt(self, e, d):
        seats = sorted(self.bets, key=int)
        need(sorted(d["hands"], key=int) == seats, e, f"hands dealt to seats"
             f" {sorted(d['hands'], key=int)}, the bets were placed at seats {seats} (rule 14)")
        rng = self.jogada.get("rng") or {}
        need(rng.get("kind") == "deck" and rng["size"] == self.config.get("decks"), e,
             "cards dealt from no shoe of the table's decks drawn from a committed seed"
             " (rule 4b, A54, A70)")
        self.shoe = list(rng["output"])
        want = deal(self.shoe, len(seats))
        for i, seat in enumerate(seats):
            _same(e, f"hands[{seat}]", list(d["hands"][seat]), want["hands"][i],
                  f"the shoe re-derived from the seed deals indices {i} and {len(seats) + 1 + i}"
                  " to that hand (rule 14)")
            self.hands[(seat, 0)] = dict(FRESH, cards=list(want["hands"][i]),
                                         stake=self.bets[seat]["amount_cents"])
        for field in ("up_card", "hole_card", "next_index"):
            _same(e, field, d[field], want[field], "the shoe re-derived from the seed"
                  f" (rule 14: up card index {len(seats)}, hole card {2 * len(seats) + 1})")
        self.up, self.cursor, self.banca = want["up_card"], want["next_index"], [
            want["up_card"], want["hole_card"]]

    def on_InsuranceTaken(self, e, d):
        hand = self.hands.get((d["seat"], 0))
        need(hand and self.up[:1] == "A" and self.config.get("insurance", True)
             and not blackjack(hand["cards"]), e, "insurance only against an up ace, for a"
             " hand without blackjack, at a table with insurance (rules 15f, 16d; A51)")
        cap = self.bets[d["seat"]]["amount_cents"] // 2
        need(1 <= d["amount_cents"] <= cap, e, f"amount_cents is {d['amount_cents']},"
             f" insurance is 1 cent to half the initial bet, {cap} (rule 15f, A53)")
        self.insurance[d["seat"]] = d["amount_cents"]

    def on_EvenMoneyTaken(self, e, d):
        hand = self.hands.get((d["seat"], 0))
        need(hand and self.up[:1] == "A" and blackjack(hand["cards"]), e,
             "even money only for a blackjack against an up ace (rule 20b, A51)")
        hand["even_money"] = True

    def on_PlayerHit(self, e, d):
        hand = self.order(e, d["seat"], d["hand"])
        need(best(hand["cards"], hand["fixed"])[0] < 21 and not hand["doubled"]
             and not hand["split_aces"], e, f"a card to {' '.join(hand['cards'])}: none at"
             " 21 or over, after a double, or to a split ace (rules 15b, 15d, 21)")
        self.drawn(e)
        hand.update(cards=[*hand["cards"], d["card"]], acted=True)
        self.totals(e, hand, "rules 8, 15d, A46")

    def on_PlayerStood(self, e, d):
        self.totals(e, self.order(e, d["seat"], d["hand"]), "rules 8, 15c, A46")

    def on_BetDoubled(self, e, d):
        hand = self.order(e, d["seat"], d["hand"])
        cards, any_total = hand["cards"], self.config.get("double_any_total", False)
        hard = sum(map(value, cards))
        need(len(cards) == 2 and not hand["split_aces"] and (
            any_total or hard in DOUBLE_ON or best(cards)[0] in DOUBLE_ON), e,
             f"seat {d['seat']} doubled on {' '.join(cards)}: two cards of 9, 10 or 11 (either"
             " count of an ace) unless on any total (rules 15b, 16a, 23; A46, A50)")
        for field, want in (("added_cents", hand["stake"]), ("stake_cents", 2 * hand["stake"])):
            _same(e, field, d[field], want, "rules 15b, 23: the stake doubled")
        fixed = not any_total and any(c[0] == "A" for c in cards) and hard in DOUBLE_ON
        _same(e, "ace_fixed", d["ace_fixed"], fixed, "rule 8a-ii, A46: doubled on an ace as 1")
        self.drawn(e)
        hand.update(cards=[*cards, d["card"]], stake=2 * hand["stake"], fixed=fixed,
                    doubled=True, acted=True)
        self.totals(e, hand, "rules 8, 8a-ii, 15b, A46")

    def on_HandSplit(self, e, d):
        hand = self.order(e, seat := d["seat"], number := d["hand"])
        cards, count = hand["cards"], sum(1 for s, _ in self.hands if s == seat)
        same = len(cards) == 2 and (cards[0][0] == cards[1][0] if self.config.get(
            "true_pairs_only") else value(cards[0]) == value(cards[1]))
        need(same and not hand["doubled"] and count < self.config.get("max_hands", 4), e,
             f"seat {seat} split {' '.join(cards)}: one value (rank: true pairs only), up to"
             f" the table's {self.config.get('max_hands', 4)} hands (rules 16b, 16c, 21; A50)")
        _same(e, "new_hand", d["new_hand"], count, "hands are numbered in the order made")
        _same(e, "stake_cents", d["stake_cents"], hand["stake"], "rule 21: an equal bet")
        self.drawn(e, 2)
        _same(e, "split_aces", d["split_aces"], (aces := cards[0][0] == "A"), "rule 21")
        kept, made = [cards[0], d["drawn"][0]], [cards[1], d["drawn"][1]]
        _same(e, "cards", {str(k): list(v) for k, v in d["cards"].items()},
              {str(number): kept, str(count): made},
              "rule 21: the next card to the hand kept, the one after to the new hand")
        hand.update(cards=kept, from_split=True, split_aces=aces, acted=True)
        self.hands[(seat, count)] = {**hand, "cards": made}

    def on_HandSurrendered(self, e, d):
        hand = self.order(e, d["seat"], d["hand"])
        need(d["hand"] == 0 and not hand["acted"] and self.up[0] != "A"
             and not blackjack(hand["cards"]), e, f"seat {d['seat']} surrendered: only first,"
             " on the hand dealt, not with blackjack, never against an up ace (r15e, A48)")
        hand["surrendered"] = True

    def on_HoleCardRevealed(self, e, d):
        need(self.shoe, e, "the hole card revealed before the deal (rule 14)")
        self.revealed, self.waiting = True, any(  # r20c: a hand the banca's total decides
            not (h["surrendered"] or h["even_money"] or blackjack(h["cards"], h["from_split"])
                 or best(h["cards"], h["fixed"])[0] > 21) for h in self.hands.values())
        _same(e, "hole_card", d["hole_card"], self.banca[1], "dealt at index 2n+1 (r14, A47)")
        self.banca_is(e, "rule 17")

    def on_BancaDrew(self, e, d):
        need(self.revealed and self.waiting and best(self.banca)[0] < 17, e, "the banca"
             f" draws on {' '.join(self.banca)}: only once revealed, to reach 17 (soft 17"
             " stands), and only when a hand waits for it (rules 8a-i, 17, 20c)")
        self.drawn(e)
        self.banca.append(d["card"])
        total, soft = best(self.banca)
        _same(e, "total", d["total"], total, f"the banca's {' '.join(self.banca)} (rule 8a-i)")
        if "soft" in d:
            _same(e, "soft", d["soft"], soft, f"the banca's {' '.join(self.banca)}")

    def on_BancaStood(self, e, d):
        need(not self.waiting or best(self.banca)[0] >= 17, e, f"the banca stood on"
             f" {best(self.banca)[0]} ({' '.join(self.banca)}): it draws to 17 (rule 17b)")
        self.banca_is(e, "rule 17a")

    def banca_is(self, e: dict[str, Any], why: str) -> None:
        d, total = e["data"], best(self.banca)[0]
        for field, want in (("cards", self.banca), ("total", total),
                            ("blackjack", blackjack(self.banca)), ("bust", total > 21)):
            if field in d:
                _same(e, field, list(d[field]) if field == "cards" else d[field], want,
                      f"the banca's {' '.join(self.banca)} ({why}, 8a-i, 18)")

    def on_HandSettled(self, e, d):
        key = (d["seat"], d["hand"])
        need(key in self.hands and key not in self.settled, e, f"seat {d['seat']}'s hand"
             f" {d['hand']} is not dealt, or settled twice")
        self.settled[key] = e

    def on_InsuranceSettled(self, e, d):
        need(d["seat"] in self.insurance and d["seat"] not in self.insurance_settled, e,
             f"seat {d['seat']} took no insurance, or it settled twice")
        self.insurance_settled[d["seat"]] = e

    def move(self, seat: str, cents: int) -> None:  # to the seat's player from the house
        for code, sign in ((f"wallet:{self.bets[seat]['player_id']}", 1), ("house", -1)):
            self.nets[code] = self.nets.get(code, 0) + sign * cents

    def outcomes(self, end: dict[str, Any]) -> dict[Any, dict[str, Any]]:
        """Each hand's and insurance's outcome checked against its settlement, money to nets."""
        found: dict[Any, dict[str, Any]] = {}
        for key, hand in sorted(self.hands.items(), key=lambda kv: (int(kv[0][0]), kv[0][1])):
            need(e := self.settled.get(key), end,
                 f"seat {key[0]}'s hand {key[1]} has no HandSettled (rule 25)")
            want = found[key] = settle(hand, self.banca, self.config)
            _fields(e, {**e["data"], "cards": list(e["data"].get("cards", []))},
                    {**want, "player_id": self.bets[key[0]]["player_id"], "cards": hand["cards"],
                     "total": best(hand["cards"], hand["fixed"])[0]},
                    ("player_id", "cards", "total", *SETTLED_FIELDS),
                    f"seat {key[0]}'s hand {key[1]}, {' '.join(hand['cards'])}, against the"
                    f" banca's {' '.join(self.banca)}: {want['why']}")
            self.move(key[0], want["won_cents"] + want["prize_cents"] - want["lost_cents"])
        for seat, stake in sorted(self.insurance.items(), key=lambda kv: int(kv[0])):
            need(e := self.insurance_settled.get(seat), end,
                 f"seat {seat}'s insurance has no InsuranceSettled (rule 25f, A47)")
            want = found[(seat, "insurance")] = outcome(
                "won", stake, stake, 2 * stake, 0, "rule 25f: 2:1") if blackjack(self.banca[:2]) \
                else outcome("lost", stake, 0, 0, 0, "rule 25g: the banca has no blackjack")
            _fields(e, e["data"], want, INSURANCE_FIELDS, f"seat {seat}'s insurance against the"
                    f" banca's {' '.join(self.banca)}: {want['why']}")
            self.move(seat, want["won_cents"] - want["lost_cents"])
        return found

    def jogada_settled(self, e: dict[str, Any], found: dict[Any, dict[str, Any]]) -> None:
        """``JogadaSettled``'s summary: the banca, each seat's hands, each insurance."""
        results, insured = e["data"].get("results", {}), e["data"].get("insurance") or {}
        need(self.revealed and (not self.waiting or best(self.banca)[0] >= 17), e,
             f"the banca ends on {' '.join(self.banca)}, revealed and drawn to 17 (rule 17)")
        self.banca_is({**e, "data": e["data"].get("banca", {})}, "rule 17")
        for seat in sorted({s for s, _ in self.hands} | set(results), key=int):
            rows, hands = results.get(seat, []), sorted(h for s, h in self.hands if s == seat)
            _same(e, f"results[{seat}]", len(rows), len(hands), "one result per hand")
            for n, row in enumerate(rows):
                key = (seat, row.get("hand", hands[n]) if isinstance(row, dict) else hands[n])
                _fields(e, row, found[key], SETTLED_FIELDS, f"seat {seat}'s hand {key[1]}:"
                        f" {found[key]['why']}", f"results[{seat}][{n}].")
        _same(e, "insurance", sorted(insured, key=int), sorted(self.insurance, key=int),
              "the seats that took insurance (rule 15f)")
        for seat, row in insured.items():
            want = found[(seat, "insurance")]
            _fields(e, row, want, INSURANCE_FIELDS, want["why"], f"insurance[{seat}].")

    def voided(self, e: dict[str, Any]) -> None:
        """r27, r28, A62: ``refunds`` all each seat staked, ``reversed`` all it was paid."""
        refunds, reversed_ = e["data"].get("refunds", {}), e["data"].get("reversed", {})
        for seat in sorted(set(self.bets) | set(refunds), key=int):
            hands = [h["stake"] for (s, _), h in self.hands.items() if s == seat]
            staked = self.insurance.get(seat, 0) + (
                sum(hands) if hands else self.bets.get(seat, {}).get("amount_cents", 0))
            paid = [x["data"] for (s, _), x in self.settled.items() if s == seat]
            won = sum(p["won_cents"] + p["prize_cents"] for p in paid) + self.insurance_settled.get(
                seat, {"data": {"won_cents": 0}})["data"]["won_cents"]
            _same(e, f"refunds[{seat}]", refunds.get(seat, 0), staked,
                  f"seat {seat} staked {euros(staked)} (rules 27, 28: every stake back)")
            _same(e, f"reversed[{seat}]", reversed_.get(seat, 0), won,
                  f"seat {seat} was paid {euros(won)} before the void (A62)")


def _money(jogada: dict[str, Any], nets: dict[str, int], bets: dict[str, Any]) -> list[str]:
    """Each account's net over the jogada's account events against the rules' nets."""
    moved = jogada.get("money", {})
    seat_of = {f"wallet:{b['player_id']}": s for s, b in bets.items()}
    for code in sorted(set(nets) | set(moved)):
        want, got = nets.get(code, 0), moved.get(code, 0)
        if want != got:
            seat = f" (seat {seat_of[code]})" if code in seat_of else ""
            ids = [e["notification_id"] for e in jogada["events"] if e.get("account") == code]
            return [f"{code}{seat}: the account events {ids} moved {got:+d} cents"
                    f" ({euros(got, True)}), the rules give {want:+d} ({euros(want, True)})"]
    for code, cents in sorted(jogada.get("held", {}).items()):
        return [f"{code}: {cents} cents ({euros(cents)}) still held when the jogada ended"
                " (903-B 5.4.3(4))"]
    return []


def check(jogada: dict[str, Any]) -> list[str]:
    events = {e["name"]: e for e in jogada["events"]}
    if "JogadaOpened" not in events:
        return ["no JogadaOpened: the table's configuration is not in the jogada"]
    replay = Replay(jogada, events["JogadaOpened"]["data"]["config"])
    try:
        for e in jogada["events"]:
            getattr(replay, f"on_{e['name']}", lambda e, d: None)(e, e["data"])
        if "JogadaVoided" in events:
            replay.voided(events["JogadaVoided"])
        else:
            replay.jogada_settled(end := events["JogadaSettled"], replay.outcomes(end))
    except Refused as problem:
        return [str(problem)]
    return _money(jogada, replay.nets, replay.bets)
