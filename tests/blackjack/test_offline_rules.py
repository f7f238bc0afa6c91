"""Blackjack's offline rules (domain/games/blackjack/offline.py, shipped in bundle_check.pyz as
checker_games/blackjack.py) are a second writing of the game's rules, apart from its code: on
jogadas built here the way the table records them (BJ-SPEC's events, each total and outcome
from the game's own arithmetic, hands.py), they re-deal the shoe in r14's order, re-play every
card and re-settle every hand and insurance (r17–r20, r25a–i; A46, A47, A52, A53), and refuse
the first difference naming the event and the field."""

from __future__ import annotations

import copy

from domain.games.blackjack import hands as bj
from domain.games.blackjack import offline
from infra.audit.checker.rederive import DECK_ORDER, forced_order

TABLE = "0b3f7c1e-6f8e-4c4e-9a57-2f5f4f3b2a10"
JID = f"{TABLE}:1"
CONFIG = {"kind": "individual", "decks": 6, "seats": 7, "min_bet_cents": 100,
          "max_bet_cents": 10_000, "multi_seat": False, "double_any_total": False,
          "true_pairs_only": False, "max_hands": 4, "insurance": True, "special_prize": True,
          "decision_seconds": 20, "results_shown": 10}


class Table:
    """One jogada recorded as the table records it (BJ-SPEC), the arithmetic hands.py's."""

    def __init__(self, top: list[str], bets: dict[str, int] | None = None, **config):
        self.config = {**CONFIG, **config}
        self.rules = bj.Rules(**{k: self.config[k] for k in (
            "double_any_total", "true_pairs_only", "max_hands", "insurance", "special_prize")})
        self.shoe = forced_order(top, list(DECK_ORDER) * self.config["decks"])
        self.events: list[dict] = []
        self.bets = bets or {"1": 1000}
        self.hands: dict[tuple[str, int], bj.HandState] = {}
        self.done: dict[tuple[str, int], dict] = {}
        self.insured: dict[str, int] = {}
        self.nets: dict[str, int] = {}
        self.add("JogadaOpened", number=1, config=self.config, betting_closes_at=None)
        for seat, cents in self.bets.items():
            self.add("BetPlaced", seat=seat, player_id=f"p{seat}", session_id=f"s{seat}",
                     amount_cents=cents)

    def add(self, name: str, **data) -> dict:
        n = len(self.events) + 1
        self.events.append({"notification_id": 100 + n, "originator_id": TABLE,
                            "originator_version": n, "topic": f"ledger.BlackjackTable.{name}",
                            "name": name, "data": {"jogada_id": JID, **data}})
        return self.events[-1]

    def event(self, name: str, nth: int = 0) -> dict:
        return [e for e in self.events if e["name"] == name][nth]

    def deal(self) -> Table:
        seats = sorted(self.bets, key=int)
        dealt = bj.deal(self.shoe, len(seats))
        for seat, cards in zip(seats, dealt.hands):
            self.hands[(seat, 0)] = bj.HandState(cards=cards, stake_cents=self.bets[seat])
        self.up, self.hole, self.cursor = dealt.up_card, dealt.hole_card, dealt.used
        self.add("CardsDealt", hands={s: list(h) for s, h in zip(seats, dealt.hands)},
                 up_card=dealt.up_card, hole_card=dealt.hole_card, next_index=dealt.used,
                 phase="play")
        if self.up[0] in "23456789":  # r20a: a natural is paid at once
            for key, hand in self.hands.items():
                if bj.is_blackjack(hand.cards):
                    self.settle(key, bj.settle_natural_at_once(hand))
        return self

    def draw(self) -> tuple[str, int]:
        self.cursor += 1
        return self.shoe[self.cursor - 1], self.cursor - 1

    def settle(self, key, out: bj.Outcome) -> None:
        hand = self.hands[key]
        row = {"seat": key[0], "hand": key[1], "player_id": f"p{key[0]}",
               "cards": list(hand.cards), "total": hand.total.best, **out.to_dict()}
        self.add("HandSettled", **row)
        self.done[key] = row
        self.money(key[0], out.won_cents + out.prize_cents - out.lost_cents)

    def money(self, seat: str, cents: int) -> None:
        for code, sign in ((f"wallet:p{seat}", 1), ("house", -1)):
            self.nets[code] = self.nets.get(code, 0) + sign * cents

    def hit(self, seat="1", hand=0) -> Table:
        card, index = self.draw()
        h = self.hands[(seat, hand)]
        h = self.hands[(seat, hand)] = bj.HandState(**{**h.__dict__, "cards": (*h.cards, card),
                                                       "acted": True})
        t = h.total
        self.add("PlayerHit", seat=seat, hand=hand, card=card, index=index, total=t.best,
                 soft=t.soft, bust=t.bust)
        if t.bust:
            self.settle((seat, hand), bj.settle_bust(h, self.rules))
        return self

    def stand(self, seat="1", hand=0) -> Table:
        self.add("PlayerStood", seat=seat, hand=hand, total=self.hands[(seat, hand)].total.best,
                 reason="player")
        return self

    def double(self, seat="1", hand=0) -> Table:
        h = self.hands[(seat, hand)]
        fixed = bj.ace_fixed_by_double(h.cards, self.rules)
        card, index = self.draw()
        h = self.hands[(seat, hand)] = bj.HandState(**{
            **h.__dict__, "cards": (*h.cards, card), "stake_cents": 2 * h.stake_cents,
            "doubled": True, "ace_fixed": fixed, "acted": True})
        self.add("BetDoubled", seat=seat, hand=hand, added_cents=h.stake_cents // 2,
                 stake_cents=h.stake_cents, card=card, index=index, total=h.total.best,
                 ace_fixed=fixed, bust=h.total.bust)
        if h.total.bust:
            self.settle((seat, hand), bj.settle_bust(h, self.rules))
        return self

    def split(self, seat="1", hand=0) -> Table:
        h = self.hands[(seat, hand)]
        new = sum(1 for s, _ in self.hands if s == seat)
        (c1, index), (c2, _) = self.draw(), self.draw()
        aces = h.cards[0][0] == "A"
        base = {**h.__dict__, "from_split": True, "split_aces": aces, "acted": True,
                "original": False}
        self.hands[(seat, hand)] = bj.HandState(**{**base, "cards": (h.cards[0], c1)})
        self.hands[(seat, new)] = bj.HandState(**{**base, "cards": (h.cards[1], c2)})
        self.add("HandSplit", seat=seat, hand=hand, new_hand=new, stake_cents=h.stake_cents,
                 cards={str(hand): [h.cards[0], c1], str(new): [h.cards[1], c2]},
                 drawn=[c1, c2], index=index, split_aces=aces)
        return self

    def surrender(self, seat="1") -> Table:
        self.add("HandSurrendered", seat=seat, hand=0)
        self.settle((seat, 0), bj.settle_surrender(self.hands[(seat, 0)]))
        return self

    def insure(self, seat: str, cents: int) -> Table:
        self.add("InsuranceTaken", seat=seat, player_id=f"p{seat}", amount_cents=cents)
        self.insured[seat] = cents
        return self

    def even_money(self, seat="1") -> Table:
        self.add("EvenMoneyTaken", seat=seat, player_id=f"p{seat}")
        self.settle((seat, 0), bj.settle_even_money(self.hands[(seat, 0)]))
        return self

    def finish(self) -> dict:
        banca = [self.up, self.hole]
        t = bj.banca_total(banca)
        self.add("HoleCardRevealed", hole_card=self.hole, cards=list(banca), total=t.best,
                 blackjack=bj.is_blackjack(banca), rule="blackjack rule 17")
        waiting = [k for k in self.hands if k not in self.done
                   and not bj.is_blackjack(self.hands[k].cards, from_split=self.hands[k].from_split)]
        while waiting and bj.banca_draws(banca):
            card, index = self.draw()
            banca.append(card)
            t = bj.banca_total(banca)
            self.add("BancaDrew", card=card, index=index, total=t.best, soft=t.soft)
        summary = {"cards": banca, "total": t.best, "blackjack": bj.is_blackjack(banca),
                   "bust": t.bust}
        self.add("BancaStood", **summary)
        for key in sorted(self.hands, key=lambda k: (int(k[0]), k[1])):
            if key not in self.done:
                self.settle(key, bj.settle_against(self.hands[key], banca, self.rules))
        insurance = {}
        for seat, cents in self.insured.items():
            out = bj.settle_insurance(cents, banca).to_dict()
            out.pop("prize_cents")
            insurance[seat] = {"seat": seat, "player_id": f"p{seat}", **out}
            self.add("InsuranceSettled", **insurance[seat])
            self.money(seat, out["won_cents"] - out["lost_cents"])
        results: dict[str, list] = {}
        for (seat, _), row in sorted(self.done.items(), key=lambda kv: (int(kv[0][0]), kv[0][1])):
            results.setdefault(seat, []).append(row)
        self.add("JogadaSettled", banca=summary, results=results, insurance=insurance)
        return self.jogada()

    def jogada(self, money: dict[str, int] | None = None) -> dict:
        return {"jogada_id": JID, "game": "blackjack", "events": self.events,
                "rng": {"kind": "deck", "size": self.config["decks"], "output": self.shoe,
                        "forced": True},
                "money": {k: v for k, v in (self.nets if money is None else money).items() if v},
                "held": {}, "notes": []}


def refused(jogada: dict) -> str:
    found = offline.check(jogada)
    assert len(found) == 1, found
    return found[0]


def at(table: Table, name: str, nth: int = 0) -> str:
    return f"event {table.event(name, nth)['notification_id']} {name}"


# r14: the deal order, and every later card at its index -----------------------------------------
def test_bj_14_deal_order_checked_offline():
    """Two hands: indices 0, 1 first cards, 2 the up card, 3, 4 second cards, 5 the hole card,
    then 6… in play order (seat 1's hit, then the banca)."""
    table = Table(["Tc", "9d", "6s", "7h", "Kd", "Ts", "5c", "2h"], {"1": 1000, "2": 500})
    jogada = table.deal().hit("1").stand("2").finish()
    dealt = table.event("CardsDealt")["data"]
    assert dealt["hands"] == {"1": ["Tc", "7h"], "2": ["9d", "Kd"]}
    assert (dealt["up_card"], dealt["hole_card"], dealt["next_index"]) == ("6s", "Ts", 6)
    assert offline.check(jogada) == []
    swapped = copy.deepcopy(jogada)
    dealt = next(e for e in swapped["events"] if e["name"] == "CardsDealt")["data"]
    dealt["hands"]["1"] = ["7h", "Tc"]
    assert refused(swapped) == (
        f"{at(table, 'CardsDealt')}: hands[1] is ['7h', 'Tc'], the rules give ['Tc', '7h'] (the"
        " shoe re-derived from the seed deals indices 0 and 3 to that hand (rule 14))")


def test_bj_14_a_card_not_at_its_index_is_refused():
    table = Table(["Tc", "6s", "7h", "Ts", "5c", "2h"])
    jogada = table.deal().hit().finish()
    hit = next(e for e in jogada["events"] if e["name"] == "PlayerHit")
    assert (hit["data"]["card"], hit["data"]["index"]) == ("5c", 4)
    hit["data"]["card"] = "4c"
    assert refused(jogada) == (
        f"{at(table, 'PlayerHit')}: card is '4c', the rules give '5c' (the shoe re-derived from"
        " the seed holds 5c at index 4 (rule 14, the draw order))")
    hit["data"].update(card="5c", index=5)
    assert "index is 5, the rules give 4" in refused(jogada)
