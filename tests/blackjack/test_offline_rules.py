"""Blackjack's offline rules (domain/games/blackjack/offline.py, shipped in bundle_check.pyz as
checker_games/blackjack.py) are a second writing of the game's rules, apart from its code: on
jogadas built here the way the table records them (BJ-SPEC's events, each total and outcome
from the game's own arithmetic, hands.py), they re-deal the shoe in r14's order, re-play every
card and re-settle every hand and insurance (r17–r20, r25a–i; A46, A47, A52, A53), and refuse
the first difference naming the event and the field."""

from __future__ import annotations

import copy
import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

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
        waiting = [k for k, h in self.hands.items() if k not in self.done
                   and not bj.is_blackjack(h.cards, from_split=h.from_split)]
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


# r8, A46: totals and the ace fixed by a double ------------------------------------------------
def test_bj_a46_a_doubled_ace_stays_1_and_the_total_is_checked():
    """A♠ 8♦ doubled on 9, a 2 drawn: 11, not 21 (r8a-ii); a recorded 21 is refused."""
    table = Table(["As", "Tc", "8d", "7h", "2c"])
    jogada = table.deal().double().finish()
    doubled = table.event("BetDoubled")["data"]
    assert (doubled["total"], doubled["ace_fixed"]) == (11, True)
    assert offline.check(jogada) == []
    doubled["total"] = 21
    assert refused(jogada) == (
        f"{at(table, 'BetDoubled')}: total is 21, the rules give 11 (As 8d 2c: rules 8, 8a-ii,"
        " 15b, A46)")
    doubled.update(total=11, ace_fixed=False)
    assert "ace_fixed is False, the rules give True" in refused(jogada)


def test_bj_a46_the_ace_is_free_when_the_table_doubles_on_any_total():
    table = Table(["As", "Tc", "8d", "7h", "2c"], double_any_total=True)
    jogada = table.deal().double().finish()
    assert table.event("BetDoubled")["data"]["total"] == 21
    assert offline.check(jogada) == []


def test_bj_8a_ii_an_ace_drawn_after_a_fixed_ace_counts_11():
    """r8a-ii fixes the ace of the first two cards the player counted as 1; an ace drawn on
    the double is not one of them: A 8 doubled, an ace: 20 (hands.py counts 10: every ace 1,
    see the report; the checker follows the regulation)."""
    assert offline.best(["As", "8d", "Ah"], fixed=True) == (20, True)
    assert offline.best(["As", "8d", "2h"], fixed=True) == (11, False)
    assert offline.best(["As", "5d"]) == (16, True) and offline.best(["As", "Ad", "Kc"]) == (
        12, False)


def test_bj_15b_a_double_on_8_is_refused_offline():
    table = Table(["5s", "Tc", "3d", "7h", "Tc"], double_any_total=True)
    jogada = table.deal().double().finish()
    assert offline.check(jogada) == []
    next(e for e in jogada["events"] if e["name"] == "JogadaOpened")["data"]["config"][
        "double_any_total"] = False
    assert refused(jogada).startswith(f"{at(table, 'BetDoubled')}: seat 1 doubled on 5s 3d:")


def test_bj_15d_a_card_to_21_is_refused_offline():
    table = Table(["Ts", "9c", "5d", "7h", "6c", "2h"])
    jogada = table.deal().hit().stand().finish()
    assert offline.check(jogada) == []
    stood = next(e for e in jogada["events"] if e["name"] == "PlayerStood")
    stood.update(name="PlayerHit", topic="ledger.BlackjackTable.PlayerHit")
    stood["data"].update(card="2h", index=5, soft=False, bust=False)
    assert "none at 21 or over" in refused(jogada)


# r17, r20c: the banca's play ------------------------------------------------------------------
def test_bj_17_the_banca_stands_on_soft_17_and_draws_on_16():
    table = Table(["Tc", "As", "9d", "6h"])  # banca A 6: soft 17, stands
    assert offline.check(table.deal().stand().finish()) == []
    assert not any(e["name"] == "BancaDrew" for e in table.events)
    table = Table(["Tc", "Ts", "9d", "6h", "5c"])  # T 6: draws the 5
    jogada = table.deal().stand().finish()
    assert table.event("BancaDrew")["data"]["card"] == "5c"
    assert offline.check(jogada) == []
    stood = table.event("BancaStood")
    jogada["events"].remove(table.event("BancaDrew"))
    stood["data"].update(cards=["Ts", "6h"], total=16)
    assert refused(jogada) == (f"{at(table, 'BancaStood')}: the banca stood on 16 (Ts 6h): it"
                               " draws to 17 (rule 17b)")


def test_bj_20c_the_banca_draws_nothing_when_every_hand_is_out():
    table = Table(["Tc", "Ts", "6d", "6h", "9c", "5c"])  # player 16 busts; banca T 6
    jogada = table.deal().hit().finish()
    assert not any(e["name"] == "BancaDrew" for e in table.events)
    assert offline.check(jogada) == []
    drew = table.add("BancaDrew", card="5c", index=5, total=21, soft=False)
    jogada["events"].insert(jogada["events"].index(table.event("BancaStood")), drew)
    jogada["events"].pop()
    assert "only when a hand waits for it (rules 8a-i, 17, 20c)" in refused(jogada)


# r25, A47, A52, A53: settlement ----------------------------------------------------------------
def _settled(table: Table, seat="1", hand=0) -> dict:
    return next(e for e in table.events if e["name"] == "HandSettled"
                and (e["data"]["seat"], e["data"]["hand"]) == (seat, hand))


def test_bj_a47_a_banca_blackjack_takes_doubled_and_split_stakes_in_full():
    """No peek: 8 8 against an up ace, split, one hand doubled; the banca's hole card is a
    king: every stake lost, 30,00 € of a 10,00 € bet."""
    table = Table(["8c", "As", "8d", "Kh", "3c", "Tc", "9d"])
    jogada = table.deal().split().double().stand(hand=1).finish()
    assert [_settled(table, "1", h)["data"]["lost_cents"] for h in (0, 1)] == [2000, 1000]
    assert jogada["money"] == {"wallet:p1": -3000, "house": 3000}
    assert offline.check(jogada) == []
    row = _settled(table)["data"]
    row.update(result="push", returned_cents=2000, lost_cents=0)
    assert refused(jogada) == (
        f"event {_settled(table)['notification_id']} HandSettled: result is 'push', the rules"
        " give 'lost' (seat 1's hand 0, 8c 3c 9d, against the banca's As Kh: rules 18, 25e,"
        " A47: the banca's blackjack takes the whole stake)")


def test_bj_25i_a52_the_special_prize_on_top_even_against_a_banca_blackjack():
    """7♣ 7♦ 7♠ against a banca blackjack: the 10,00 € lost, the 30,00 € prize paid."""
    table = Table(["7c", "As", "7d", "Kh", "7s"])
    jogada = table.deal().hit().finish()
    row = _settled(table)["data"]
    assert (row["result"], row["lost_cents"], row["prize_cents"]) == ("lost", 1000, 3000)
    assert jogada["money"] == {"wallet:p1": 2000, "house": -2000}
    assert offline.check(jogada) == []
    row["prize_cents"] = 0
    assert "prize_cents is 0 (0,00 €), the rules give 3000 (30,00 €)" in refused(jogada)


def test_bj_a52_no_prize_after_a_split_nor_off_suit_6_7_8():
    table = Table(["7c", "9s", "7d", "Th", "7h", "7s", "6c"])
    hand = {"cards": ["7c", "7h", "7s"], "stake": 1000, "from_split": True}
    assert offline.prize(hand, CONFIG) == 0
    assert offline.prize({**hand, "from_split": False}, CONFIG) == 3000
    assert offline.prize({**hand, "cards": ["6c", "7c", "8d"], "from_split": False}, CONFIG) == 0
    assert offline.prize({**hand, "from_split": False}, {"special_prize": False}) == 0
    assert offline.check(table.deal().split().hit().stand(hand=1).finish()) == []


def test_bj_20a_a53_a_natural_against_2_to_9_is_paid_3_to_2_at_once_rounded_up():
    """A €0.05 natural wins €0.08 (A53), at once: before the hole card."""
    table = Table(["As", "5d", "Kh", "9c"], {"1": 5}, min_bet_cents=1, max_bet_cents=100)
    jogada = table.deal().finish()
    settled = _settled(table)
    assert settled["data"]["won_cents"] == 8
    assert jogada["events"].index(settled) < jogada["events"].index(
        table.event("HoleCardRevealed"))
    assert offline.check(jogada) == []
    settled["data"]["won_cents"] = 7
    assert "won_cents is 7 (0,07 €), the rules give 8 (0,08 €)" in refused(jogada)


def test_bj_15e_a48_a53_surrender_returns_the_larger_half_never_against_an_ace():
    table = Table(["Tc", "Td", "6h", "9c"], {"1": 5}, min_bet_cents=1, max_bet_cents=100)
    jogada = table.deal().surrender().finish()
    assert _settled(table)["data"]["returned_cents"] == 3
    assert offline.check(jogada) == []
    table = Table(["Tc", "Ad", "6h", "9c"])
    jogada = table.deal().surrender().finish()
    assert refused(jogada).startswith(f"{at(table, 'HandSurrendered')}: seat 1 surrendered:")


def test_bj_25f_25g_insurance_pays_2_to_1_on_a_banca_blackjack():
    """€5 of insurance against a banca blackjack returns €15, the €10 bet is lost."""
    table = Table(["Tc", "As", "9d", "Kh"])
    jogada = table.deal().insure("1", 500).stand().finish()
    assert table.event("InsuranceSettled")["data"]["won_cents"] == 1000
    assert jogada["money"] == {}  # +10 on the insurance, -10 on the bet
    assert offline.check(jogada) == []
    table.event("InsuranceSettled")["data"].update(result="lost", returned_cents=0,
                                                   lost_cents=500, won_cents=0)
    assert refused(jogada).startswith(
        f"{at(table, 'InsuranceSettled')}: result is 'lost', the rules give 'won'")
    table = Table(["Tc", "As", "9d", "6h", "Th"])
    jogada = table.deal().insure("1", 501).stand().finish()
    assert "insurance is 1 cent to half the initial bet, 500" in refused(jogada)


def test_bj_20b_a51_even_money_pays_1_to_1_at_once():
    table = Table(["Ac", "As", "Kd", "Kh"])
    jogada = table.deal().even_money().finish()
    assert _settled(table)["data"]["result"] == "even_money"
    assert jogada["money"] == {"wallet:p1": 1000, "house": -1000}
    assert offline.check(jogada) == []
    table = Table(["Ac", "As", "Kd", "6h", "Th"])  # declined: 3:2 when the banca has none
    assert offline.check(table.deal().finish()) == []
    assert _settled(table)["data"]["won_cents"] == 1500


def test_bj_21_a50_split_aces_take_one_card_and_21_is_not_blackjack():
    table = Table(["Ac", "6s", "Ad", "Th", "Kc", "5c", "9s"])
    jogada = table.deal().split().finish()
    assert [_settled(table, "1", h)["data"]["result"] for h in (0, 1)] == ["won", "won"]
    assert _settled(table)["data"]["won_cents"] == 1000  # 21 after a split: 1:1
    assert offline.check(jogada) == []
    split = table.event("HandSplit")["data"]
    split["cards"] = {"0": ["Ac", "5c"], "1": ["Ad", "Kc"]}
    assert "rule 21: the next card to the hand kept, the one after to the new hand" in refused(
        jogada)


def test_bj_16c_a_split_beyond_the_tables_hands_is_refused():
    table = Table(["8c", "Ts", "8d", "7h", "8h", "9c", "9d"], max_hands=2)
    jogada = table.deal().split().split().stand().stand(hand=1).stand(hand=2).finish()
    assert "up to the table's 2 hands" in refused(jogada)


def test_bj_14_play_goes_seat_by_seat():
    table = Table(["Tc", "9d", "6s", "5h", "5d", "Ts", "4c", "2h", "8c"], {"1": 1000, "2": 500})
    jogada = table.deal().hit("2").hit("1").finish()
    assert "play goes seat by seat" in refused(jogada)


# money and voids ------------------------------------------------------------------------------
def test_bj_25_the_account_events_must_move_what_the_settlement_says():
    table = Table(["Tc", "9d", "6s", "7h", "Kd", "Ts", "5c", "2h"], {"1": 1000, "2": 500})
    jogada = table.deal().hit("1").stand("2").finish()
    assert jogada["money"] == {"wallet:p1": -1000, "wallet:p2": 500, "house": 500}
    jogada["money"]["wallet:p2"] = 400
    assert offline.check(jogada) == [
        "wallet:p2 (seat 2): the account events [] moved +400 cents (+4,00 €), the rules give"
        " +500 (+5,00 €)"]
    jogada["money"]["wallet:p2"], jogada["held"] = 500, {"wallet:p1": 1000}
    assert offline.check(jogada) == [
        "wallet:p1: 1000 cents (10,00 €) still held when the jogada ended (903-B 5.4.3(4))"]


def test_bj_28_a_void_jogada_refunds_every_stake():
    table = Table(["8c", "Ts", "6h", "8d", "7h", "Tc", "3c", "2c", "5d"], {"1": 1000, "2": 300})
    table.deal().split("1").double("1")
    table.add("JogadaVoided", reason="fault", refunds={"1": 3000, "2": 300},
              rule="blackjack rule 27, 28")
    assert offline.check(table.jogada({})) == []
    table.event("JogadaVoided")["data"]["refunds"]["1"] = 2000
    assert refused(table.jogada({})) == (
        f"{at(table, 'JogadaVoided')}: refunds[1] is 2000 (20,00 €), the rules give 3000"
        " (30,00 €) (seat 1 staked 30,00 € (rules 27, 28: every stake back))")


def test_bj_a62_a_void_reverses_a_natural_paid_at_once():
    """A62: a void refunds every stake and reverses every payout of the jogada, so each
    wallet ends where it started (the natural of seat 1 was paid at once, rule 20a)."""
    table = Table(["As", "9d", "5c", "Kh", "7s", "2c"], {"1": 1000, "2": 1000})
    table.deal()
    table.add("JogadaVoided", reason="fault", refunds={"1": 1000, "2": 1000},
              reversed={"1": 1500}, rule="blackjack rules 27, 28")
    assert offline.check(table.jogada({})) == []
    table.event("JogadaVoided")["data"]["reversed"] = {}
    assert refused(table.jogada({})) == (
        f"{at(table, 'JogadaVoided')}: reversed[1] is 0, the rules give 1500"
        " (seat 1 was paid 15,00 € before the void (A62))")


# the offline arithmetic against the game's, on random jogadas ----------------------------------
def random_jogada(seed: int) -> Table:
    """A jogada of 1–3 seats on a shuffled shoe, every decision drawn from the options the
    game offers (hands.offer_options, hands.play_options)."""
    rnd = random.Random(seed)
    top = list(DECK_ORDER) * 6
    rnd.shuffle(top)
    seats = sorted(rnd.sample(range(1, 8), rnd.randint(1, 3)))
    bets = {str(s): rnd.choice([100, 105, 1000, 2501]) for s in seats}
    table = Table(top[:40], bets, double_any_total=rnd.random() < .3,
                  true_pairs_only=rnd.random() < .3, max_hands=rnd.randint(1, 4))
    table.deal()
    for seat in map(str, seats):
        if (seat, 0) in table.done:
            continue
        offers = bj.offer_options(table.hands[(seat, 0)], up_card=table.up, rules=table.rules,
                                  available_cents=10**9)
        if offers:
            choice = rnd.choice(offers).decision
            if choice == bj.INSURANCE:
                table.insure(seat, rnd.randint(1, bj.insurance_cap(bets[seat])))
            elif choice == bj.EVEN_MONEY:
                table.even_money(seat)
    for seat in map(str, seats):
        number = 0
        while (seat, number) in table.hands:
            key = (seat, number)
            while key not in table.done and not table.hands[key].doubled:
                options = [o.decision for o in bj.play_options(
                    table.hands[key], up_card=table.up, rules=table.rules, seat_decided=False,
                    available_cents=10**9,
                    hands_at_seat=sum(1 for s, _ in table.hands if s == seat))]
                if not options:
                    break
                choice = rnd.choice(options)
                getattr(table, choice)(seat) if choice == bj.SURRENDER else \
                    getattr(table, choice)(seat, number)
                if choice == bj.STAND:
                    break
            number += 1
    table.finish()
    return table


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_bj_14_25_a_jogada_recorded_by_the_games_arithmetic_passes_offline(seed):
    table = random_jogada(seed)
    # r8a-ii: an ace drawn on a fixed-ace double: the two readings differ (see above)
    assume(not any(h.ace_fixed and any(c[0] == "A" for c in h.cards[2:])
                   for h in table.hands.values()))
    assert offline.check(table.jogada()) == []


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.sampled_from(DECK_ORDER), min_size=2, max_size=7),
       fixed=st.booleans())
def test_bj_8_a46_the_offline_totals_are_the_games(cards, fixed):
    assume(not (fixed and any(c[0] == "A" for c in cards[2:])))
    t = bj.total(cards, ace_fixed=fixed)
    assert offline.best(cards, fixed) == (t.best, t.soft)
    assert offline.blackjack(cards) == bj.is_blackjack(cards)
    assert (offline.best(cards)[0] < 17) == bj.banca_draws(cards)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6),
       field=st.sampled_from(offline.SETTLED_FIELDS[1:] + ("total",)))
def test_bj_25_any_settled_amount_changed_by_a_cent_is_refused(seed, pick, field):
    table = random_jogada(seed)
    settled = [e for e in table.events if e["name"] == "HandSettled"]
    row = settled[pick % len(settled)]["data"]
    row[field] += 1
    found = offline.check(table.jogada())
    assert len(found) == 1 and found[0].startswith(
        f"event {settled[pick % len(settled)]['notification_id']} HandSettled: {field} is")
