"""Blackjack's rules that no other HTTP test cited, through the HTTP API (Reg. 805/2015 r1–r3,
r5–r7, r17, r18, r22, r26, r34–r38; rules-digest-2 A35–A37, A47, A50–A52, A54, A55, A63): the
banked game, the table as a physical one, the jogada's span, one player at an individual
table, each for its own seats, several seats only where allowed, the banca's play, blackjack
over any 21, the winning bet kept, resplit aces, the player's session and the inactivity
procedure, no demo, the full text's 3:2, insurance 2:1, the prize on top, no peek, the offers
at the deal only, a fresh shoe per jogada, the default play, and one jogada at a time.
Forced shoes (certification mode, rule 14's order) make every jogada certain."""

from __future__ import annotations

import pytest

from tests.blackjack.http_support import (
    FUNDS,
    OPERATOR,
    Table,
    assert_conserved,
    audit,
    balance,
    end_session,
    http_client,
    individual_config,
    multi_config,
    nothing_recorded,
    refused,
    shoe,
    statement,
)


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


class Ana:
    """Ana alone at an individual table (r13: she deals), dealt from a forced shoe."""

    def __init__(self, client, hand, up, hole, draws=(), bet=1_000, **config):
        self.client = client
        self.table = Table(client, individual_config(**config))
        self.pid, self.h, self.sid = self.table.seated("Ana")
        self.jid = self.play(hand, up, hole, draws, bet)
        self.n = 0

    def play(self, hand, up, hole, draws=(), bet=1_000) -> str:
        r = self.table.bet(self.h, bet, f"b-{hand}-{up}-{hole}-{len(draws)}")
        assert r.status_code == 201, r.text
        self.jid = r.json()["jogada_id"]
        r = self.table.deal(self.h, shoe([hand], up, hole, list(draws)))
        assert r.status_code == 200, r.text
        return self.jid

    def do(self, decision: str, hand: int = 0, amount: int | None = None, status: int = 200):
        self.n += 1
        r = self.table.decide(self.h, self.jid, 1, decision, f"d{self.n}", hand=hand,
                              amount=amount)
        assert r.status_code == status, r.text
        return r

    @property
    def delta(self) -> int:
        b = balance(self.client, self.pid)
        assert b["held_cents"] == 0, "the jogada is still open"
        return b["balance_cents"] - FUNDS

    @property
    def options(self) -> list[str]:
        return [o["decision"] for o in self.table.view(self.h)["options"]]

    def last(self) -> dict:
        r = self.client.get(f"/blackjack/players/{self.pid}/last-jogada", headers=self.h)
        assert r.status_code == 200, r.text
        return r.json()


def _multi(client, clock, players, forced, **config):
    """A multi-player table of ``len(players)`` seats, each player betting 1 000 (or its
    amount), dealt ``forced`` by the clock at the window's end."""
    table = Table(client, multi_config(seats=len(players), **config))
    seated = [table.seated(name, n + 1) for n, (name, _) in enumerate(players)]
    jid = None
    for n, ((_, amount), (_, h, _)) in enumerate(zip(players, seated)):
        extra = {"forced_deck": forced} if n == 0 else {}
        r = table.bet(h, amount, f"m{n}", **extra)
        assert r.status_code == 201, r.text
        jid = r.json()["jogada_id"]
    clock.advance(table.created["config"]["betting_seconds"] + 1)
    table.tick()
    return table, seated, jid


# The game and the table (r1–r3, r5–r7) -----------------------------------------------------------
def test_bj_1_6_each_bets_against_the_house_a_win_paid_from_its_account(client, clock):
    """r1, r6: a banked game: Ana's win comes from the house's account, Bia's loss goes into
    it; one shared banca result, each settled alone against it."""
    house_before = audit(client).get("house", 0)
    table, ((ana_id, ana, _), (bia_id, bia, _)), jid = _multi(
        client, clock, [("Ana", 1_000), ("Bia", 2_000)],
        shoe([["Tc", "9d"], ["Ts", "6c"]], "9s", "8h"))
    assert table.decide(ana, jid, 1, "stand", "a").status_code == 200  # 19 against 17
    assert table.decide(bia, jid, 2, "stand", "b").status_code == 200  # 16 against 17
    gains = [balance(client, p)["balance_cents"] - FUNDS for p in (ana_id, bia_id)]
    assert gains == [1_000, -2_000]
    accounts = assert_conserved(client, [ana_id, bia_id], 2 * FUNDS, house_before)
    assert accounts["house"] - house_before == 1_000


def test_bj_2_the_jogada_runs_to_the_payment_no_leaving_or_ending_with_a_bet_in_it(client):
    """r2: a jogada runs from the bets to the payment: with a bet in it the player can neither
    leave its seat nor end its session; once paid, both."""
    ana = Ana(client, ["Tc", "9d"], "9s", "8h")
    with nothing_recorded(client, [ana.pid]):
        refused(ana.table.leave(ana.h), field="player_id", rule="2", status=409)
        r = client.post(f"/sessions/{ana.sid}/end", json={"reason": "player"}, headers=ana.h)
        refused(r, field="session_id", rule="2", status=409)
    ana.do("stand")
    assert ana.table.leave(ana.h).status_code == 200


def test_bj_3_4_the_table_seen_has_its_seats_bet_boxes_insurance_area_and_shoe(client, clock):
    """r3, r4: the table reproduces a real one: its seats and decks, each seat's bet in its
    box, the banca's up card and never its hole card, the insurance in its seat's area when
    the up card is an ace."""
    table, ((_, ana, _), (_, bia, _)), jid = _multi(
        client, clock, [("Ana", 1_000), ("Bia", 600)],
        shoe([["Tc", "9d"], ["8s", "8c"]], "As", "7h"), decks=8)
    state = table.state(bia)
    assert (state["config"]["seats"], state["config"]["decks"]) == (2, 8)
    assert set(state["seats"]) == {"1", "2"}
    assert table.decide(ana, jid, 1, "insurance", "i", amount=500).status_code == 200
    seen = table.view(bia)
    assert seen["bets"] == {"1": 1_000, "2": 600}
    assert seen["banca"]["up_card"] == "As" and seen["banca"]["hole_card"] is None
    assert [seen["seats"][s]["insurance_cents"] for s in ("1", "2")] == [500, None]


def test_bj_5_an_individual_table_has_one_player(client):
    """r5: individual or multi-player; an individual table seats one player."""
    r = client.post("/blackjack/tables", headers=OPERATOR,
                    json={"name": "x", "config": individual_config(kind="pair")})
    assert r.status_code == 422, r.text
    table = Table(client, individual_config(seats=2, multi_seat=True))
    table.seated("Ana", 1)
    _, bia, _ = table.player("Bia")
    refused(table.sit(bia, 2), field="seat", rule="5", status=409)


def test_bj_6_a_player_acts_only_for_its_own_seat(client, clock):
    """r6: each player bets and decides alone: Bia deciding on Ana's seat is refused 403."""
    table, ((ana_id, _, _), (bia_id, bia, _)), jid = _multi(
        client, clock, [("Ana", 1_000), ("Bia", 1_000)],
        shoe([["Tc", "9d"], ["Ts", "6c"]], "9s", "8h"))
    with nothing_recorded(client, [ana_id, bia_id]):
        refused(table.decide(bia, jid, 1, "stand", "x"), field="seat", rule="6", status=403)
        refused(table.bet(bia, 1_000, "y", seat=1), field="seat", status=403)


def test_bj_7_several_seats_only_where_the_table_allows_it(client):
    """r7: a second seat is refused unless the table allows several per player; where it
    does, both seats bet in one jogada."""
    table = Table(client, individual_config(seats=2, multi_seat=True))
    pid, ana, _ = table.seated("Ana", 1)
    assert table.sit(ana, 2).status_code == 201
    assert table.bet(ana, 100, "s1", seat=1).json()["jogada_id"] == \
        table.bet(ana, 200, "s2", seat=2).json()["jogada_id"]
    assert balance(client, pid)["held_cents"] == 300
    single = Table(client, multi_config(seats=3))
    _, bia, _ = single.seated("Bia", 1)
    refused(single.sit(bia, 2), field="seat", rule="7", status=409)


# The banca and settlement (r17, r18, r26, A35–A37, A47, A52) -----------------------------------
def test_bj_17_the_banca_draws_to_16_and_stands_on_17_soft_included(client):
    """r17, r8a-i: 6 + T draws (a 5: 21, Ana's 19 loses); A + 6, a soft 17, stands (Ana's 18
    wins); A + 5 draws."""
    ana = Ana(client, ["Tc", "9d"], "6s", "Th", ["5c"])
    ana.do("stand")
    assert (ana.last()["banca_cards"], ana.last()["result"]) == (["6s", "Th", "5c"], "lost")
    ana.play(["Tc", "8d"], "As", "6h")
    ana.do("no_insurance")
    ana.do("stand")
    assert (ana.last()["banca_cards"], ana.last()["result"]) == (["As", "6h"], "won")
    ana.play(["Tc", "8d"], "As", "5h", ["2c"])
    ana.do("no_insurance")
    ana.do("stand")
    assert ana.last()["banca_cards"] == ["As", "5h", "2c"]  # 18: a push
    assert ana.delta == -1_000 + 1_000


def test_bj_18_a47_a_banca_blackjack_beats_any_21_and_takes_a_double_in_full(client):
    """r18: a blackjack beats any 21 (three cards here); A47, no peek: a doubled hand loses its
    whole doubled stake to the banca's blackjack."""
    ana = Ana(client, ["7c", "4d"], "Ks", "Ah", ["Tc"])
    ana.do("double")  # 21 with three cards
    hand = ana.last()["hands"][0]
    assert (hand["total"], hand["doubled"], hand["result"], hand["lost_cents"]) == \
        (21, True, "lost", 2_000)
    assert ana.delta == -2_000


def test_bj_26_a_winning_bet_stays_with_the_player(client):
    """r26: a winner keeps its stake: it comes back with the win (1:1: 10 € back and 10 €)."""
    ana = Ana(client, ["Tc", "9d"], "9s", "8h")
    assert balance(client, ana.pid)["held_cents"] == 1_000
    ana.do("stand")
    hand = ana.last()["hands"][0]
    assert (hand["returned_cents"], hand["won_cents"]) == (1_000, 1_000)
    assert ana.delta == 1_000
    assert statement(client, ana.sid, ana.h)["won_cents"] == 2_000


def test_bj_a35_25a_the_full_text_settles_3_to_2_and_the_decks(client):
    """A35: what the seed lacked: a natural pays 3:2 (r25a), the shoe has 4, 6 or 8 decks
    (r4b)."""
    r = client.post("/blackjack/tables", headers=OPERATOR,
                    json={"name": "x", "config": individual_config(decks=5)})
    refused(r, field="decks", rule="4b")
    ana = Ana(client, ["As", "Kd"], "Ts", "Th")
    assert ana.last()["hands"][0]["result"] == "blackjack"
    assert ana.delta == 1_500


def test_bj_a36_25f_insurance_pays_2_to_1(client):
    """A36, r25f: 5 € of insurance against a banca blackjack returns 15 €; the 10 € bet is
    lost."""
    ana = Ana(client, ["Tc", "9d"], "As", "Kh")
    ana.do("insurance", amount=500)
    ana.do("stand")
    last = ana.last()
    assert (last["insurance_cents"], last["insurance_result"]) == (500, "won")
    assert ana.delta == 0  # +1 000 on the insurance, -1 000 on the bet


def test_bj_a37_a52_25i_the_prize_on_top_even_against_a_banca_blackjack(client):
    """A37, A52, r25i: three 7s against a banca blackjack lose 10 € and earn the 30 € prize."""
    ana = Ana(client, ["7c", "7d"], "Ts", "Ah", ["7s"])
    ana.do("hit")
    hand = ana.last()["hands"][0]
    assert (hand["result"], hand["prize_cents"]) == ("lost", 3_000)
    assert ana.delta == -1_000 + 3_000


def test_bj_a52_16a_the_prize_is_3_times_the_doubled_stake(client):
    """A52: with r16a, 6♥ 7♥ doubled and an 8♥: the prize is 3 × the doubled stake, on top of
    the 1:1 win against 20."""
    ana = Ana(client, ["6h", "7h"], "Ts", "Qd", ["8h"], double_any_total=True)
    ana.do("double")
    assert ana.last()["hands"][0]["prize_cents"] == 6_000
    assert ana.delta == 2_000 + 6_000


def test_bj_a51_the_offers_only_at_the_deal_insurance_or_even_money(client):
    """A51: insurance for a hand without blackjack, even money for a blackjack, only before
    any other decision: insurance after the offers closed is refused."""
    ana = Ana(client, ["Tc", "9d"], "As", "7h")
    assert set(ana.options) == {"insurance", "no_insurance"}
    ana.do("no_insurance")
    with nothing_recorded(client, [ana.pid]):
        refused(ana.table.decide(ana.h, ana.jid, 1, "insurance", "late", amount=500),
                field="decision", rule="A51", status=409)
    ana.do("stand")
    ana.play(["As", "Kd"], "Ac", "9h")
    assert set(ana.options) == {"even_money", "no_even_money"}


# Splits: resplit aces (r21, r22, A50) ----------------------------------------------------------
def test_bj_22_a50_split_aces_resplit_when_dealt_an_ace(client):
    """r21, r22, A50: a split ace dealt an ace is offered stand or split; split again, each ace
    takes one card; A + K after a split is 21, not a blackjack (r19): 1:1."""
    ana = Ana(client, ["As", "Ad"], "7c", "Th", ["Ah", "9d", "Kc", "8s"])
    ana.do("split")
    assert ana.options == ["stand", "split"]
    ana.do("split")
    hands = ana.last()["hands"]
    assert [(h["cards"], h["result"], h["won_cents"]) for h in hands] == [
        (["As", "Kc"], "won", 1_000), (["Ad", "9d"], "won", 1_000),
        (["Ah", "8s"], "won", 1_000)]
    assert ana.delta == 3_000


# Sessions (r34–r36) and no demo (r37, r38) -----------------------------------------------------
def test_bj_34_33_the_player_ends_its_session_seat_freed_statement_given(client):
    """r34: the player ends its session when it chooses: the statement (r33) is the answer,
    its seat is freed, a bet after it is refused."""
    ana = Ana(client, ["Tc", "9d"], "9s", "8h")
    ana.do("stand")
    st = end_session(client, ana.sid, ana.h)
    assert (st["status"], st["end_reason"], st["net_cents"]) == ("ended", "player", 1_000)
    assert ana.table.state(ana.h)["seats"] == {}
    with nothing_recorded(client, [ana.pid]):
        refused(ana.table.bet(ana.h, 1_000, "after"), field="session_id", status=409)


def test_bj_35a_36_an_idle_player_invited_warned_then_its_session_ended(client, clock):
    """r35a, r36: at an individual table, no bet for more than 3 minutes: the invitation and
    the warning; one more minute without a bet ends the session, and its seat is freed."""
    table = Table(client, individual_config())
    _, ana, sid = table.seated("Ana")
    sweep = lambda: client.post("/inactivity/sweep", headers=OPERATOR).json()  # noqa: E731
    clock.advance(170)
    assert sid not in sweep()["warnings"]
    clock.advance(11)
    assert sid in sweep()["warnings"]
    st = statement(client, sid, ana)
    assert st["invitation_at"] is not None and st["warning_at"] is not None
    clock.advance(61)
    assert sid in sweep()["ended"]
    assert statement(client, sid, ana)["end_reason"] == "inactivity"
    assert table.state()["seats"] == {}


def test_bj_37_38_no_demo_mode_is_offered(client):
    """r37, r38: no demo table: a configuration asking for one is refused naming the field,
    at creation and in a rule-set version (which names the rules)."""
    with nothing_recorded(client):
        r = client.post("/blackjack/tables", headers=OPERATOR,
                        json={"name": "Demo", "config": individual_config(demo=True)})
        refused(r, field="config.demo", status=422)
    table = Table(client, individual_config())
    with nothing_recorded(client):
        r = client.post(f"/venues/{table.venue_id}/rulesets", headers=OPERATOR,
                        json={"settings": individual_config(demo=True)})
        refused(r, field="settings.demo", rule="37", status=422)
        assert "38" in r.json()["error"]["rule"]


# The shoe and time (A54, A55) ------------------------------------------------------------------
def test_bj_a54_a_freshly_shuffled_shoe_per_jogada(client):
    """A54: every jogada commits its own shoe before the deal (a new commitment, verified by
    the replay), never dealt on from the last."""
    table = Table(client, individual_config())
    _, ana, _ = table.seated("Ana")
    commitments = []
    for n in range(2):
        jid = table.bet(ana, 1_000, f"k{n}").json()["jogada_id"]
        assert table.deal(ana).status_code == 200
        for step in range(8):
            view = table.view(ana)
            if view.get("status") in ("ended", "no_jogada") or not view["options"]:
                break
            decisions = [o["decision"] for o in view["options"]]
            choice = next(d for d in ("no_insurance", "no_even_money", "stand", "hit")
                          if d in decisions)
            r = table.decide(ana, jid, 1, choice, f"d{n}-{step}",
                             hand=view["options"][0]["hand"])
            assert r.status_code == 200, r.text
        replay = client.get(f"/jogadas/{jid}/replay", headers=OPERATOR).json()
        events = [s["event"] for s in replay["steps"]]
        assert events.index("RngCommitted") < events.index("CardsDealt")
        assert replay["rng"]["verified"] is True and replay["rng"]["forced"] is False
        commitments.append(replay["rng"]["commitment"])
    assert len(set(commitments)) == 2


def test_bj_a55_the_default_play_when_the_decision_time_runs_out(client, clock):
    """A55, 903-B 6.1.4: at a multi-player table the decision time runs out: the default play
    (hit while 11 or less, then stand) is made for the player; its decision after is refused."""
    table, ((ana_id, ana, _),), jid = _multi(
        client, clock, [("Ana", 1_000)],
        shoe([["6s", "3d"]], "7c", "Th", ["2c", "9h"]), decision_seconds=5)
    clock.advance(6)
    with nothing_recorded(client, [ana_id]):
        refused(table.decide(ana, jid, 1, "hit", "late"), field="decision", rule="A55")
    table.tick()
    last = client.get(f"/blackjack/players/{ana_id}/last-jogada", headers=ana).json()
    assert last["cards"] == ["6s", "3d", "2c", "9h"]  # 9, 11, then 20 stands
    assert last["result"] == "won"  # against 7 + T
    assert balance(client, ana_id)["balance_cents"] == FUNDS + 1_000


# One jogada at a time (A63) -------------------------------------------------------------------
def test_bj_a63_no_bet_at_another_table_while_a_jogada_is_incomplete(client):
    """A63: Ana's hand at one table waits for her; her bet at another table is refused 409
    naming A63, nothing recorded; once her jogada has settled, she bets there."""
    ana = Ana(client, ["Tc", "9d"], "9s", "8h")
    other = Table(client, individual_config(), "Mesa 22")
    r = client.post("/sessions", json={"venue_id": other.venue_id,
                                       "game": "blackjack_individual"}, headers=ana.h)
    assert r.status_code == 201, r.text
    assert other.sit(ana.h).status_code == 201
    with nothing_recorded(client, [ana.pid]):
        error = refused(other.bet(ana.h, 1_000, "x"), field="table_id", rule="A63",
                        status=409, code="jogada_in_play")
    assert error["details"]["jogada_id"] == ana.jid
    ana.do("stand")
    assert other.bet(ana.h, 1_000, "y").status_code == 201
    _, bia, _ = ana.table.player("Bia")  # another player is not blocked by Ana's jogadas
    assert ana.table.leave(ana.h).status_code == 200
    assert ana.table.sit(bia).status_code == 201
    assert ana.table.bet(bia, 1_000, "z").status_code == 201
