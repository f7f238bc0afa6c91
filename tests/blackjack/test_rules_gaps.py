"""Blackjack rules no other test cited, through the ledger (Reg. 805/2015 r1, r3, r19, r21,
r22, r26, r34, r37, r38; rules-digest-2 A35–A37, A50, A63): the banked game, the virtual table,
the winning bet kept, the player's end of the session, no demo, the full text's 3:2 natural,
insurance 2:1, the special prize on top, split aces resplit, and one jogada at a time.
Forced shoes (certification mode, rule 14's order) make every jogada certain."""

from __future__ import annotations

import pytest

from domain.games.blackjack.config import check_table_config
from domain.kernel.errors import ConflictError, InvalidInputError
from infra.services import sessions as sessions_service
from tests.blackjack import client as bj
from tests.blackjack.conftest import refused
from tests.blackjack.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    available,
    bet,
    deal,
    decide,
    every,
    house,
    individual_config,
    multi_config,
    names,
    new_player,
    new_table,
    only,
    play_individual,
    seat_player,
    setup_table,
    shoe,
    statement,
    table_events,
    wallet,
)


def _settled(events):
    return [(e.seat, e.hand, e.result, e.won_cents, e.prize_cents)
            for e in every(events, "HandSettled")]


# r1: a banked game ---------------------------------------------------------------------------
def test_bj_1_every_bet_is_against_the_house_account_and_a_win_paid_from_it(cert, clock):
    """r1, r6: each player bets against the operator, not against the other players: at one
    multi-player table Ana's win is paid from the house's account and Rui's loss goes into
    it; what the players gained, the house lost, cent for cent."""
    table, (ana, rui) = setup_table(cert, multi_config(seats=2), players=2)
    start = house(cert)
    placed = bet(cert, table, ana, 1_000)
    bet(cert, table, rui, 2_000)
    bj.set_forced_shoe(cert, table_id=table["table_id"], actor=OPERATOR,
                       forced_shoe=shoe([["Tc", "9d"], ["Ts", "6c"]], "9s", "8h"))
    clock.advance(11)
    assert bj.tick(cert, table["table_id"]) == ["dealt"]
    jid = placed["jogada_id"]
    decide(cert, table, jid, ana, "stand")  # 19 against 17: wins 1:1
    decide(cert, table, jid, rui, "stand")  # 16 against 17: loses
    assert _settled(table_events(cert, table, jid)) == [("1", 0, "won", 1_000, 0),
                                                        ("2", 0, "lost", 0, 0)]
    ana_gain = wallet(cert, ana).balance_cents - DEPOSIT_CENTS
    rui_gain = wallet(cert, rui).balance_cents - DEPOSIT_CENTS
    assert (ana_gain, rui_gain) == (1_000, -2_000)
    assert house(cert) - start == -(ana_gain + rui_gain) == 1_000
    assert_money_conserved(cert)


# r3: the virtual copy of a physical table ----------------------------------------------------
def test_bj_3_4a_the_table_seen_is_a_physical_table_seats_bet_boxes_insurance_shoe(cert, clock):
    """r3, r4: the table a player sees reproduces a real one: its seven seats (taken or not),
    each bet in its seat's box, the banca's up card, the insurance placed in its seat's
    insurance area when the up card is an ace, and the shoe's decks."""
    table, (ana, rui) = setup_table(cert, multi_config(seats=7, decks=8), players=2)
    described = bj.describe(cert, table["table_id"], player_id=rui.player_id)
    assert (described["config"]["seats"], described["config"]["decks"]) == (7, 8)
    assert set(described["seats"]) == {"1", "2"}  # the seats taken; 3–7 free
    placed = bet(cert, table, ana, 1_000)
    bet(cert, table, rui, 600)
    bj.set_forced_shoe(cert, table_id=table["table_id"], actor=OPERATOR,
                       forced_shoe=shoe([["Tc", "9d"], ["8s", "8c"]], "As", "7h",
                                         ["2c", "3c", "4c", "5c", "6c", "2d", "3d", "4d",
                                          "5d", "6d"]))  # 16 cards: a deal of 7 seats
    clock.advance(11)
    assert bj.tick(cert, table["table_id"]) == ["dealt"]
    seen = bj.view(cert, table_id=table["table_id"], player_id=rui.player_id)
    assert seen["bets"] == {"1": 1_000, "2": 600}  # each seat's box
    assert seen["banca"] == {"cards": ["As"], "up_card": "As", "hole_card": None,
                             "revealed": False}
    assert {o["decision"] for o in seen["options"]} == {"insurance", "no_insurance"}
    decide(cert, table, placed["jogada_id"], ana, "insurance", amount_cents=500)
    seen = bj.view(cert, table_id=table["table_id"], player_id=rui.player_id)
    assert seen["seats"]["1"]["insurance_cents"] == 500  # the insurance area (r4a)
    assert seen["seats"]["2"]["insurance_cents"] is None


def test_bj_3_no_insurance_area_in_play_when_the_up_card_is_not_an_ace(cert):
    """r3, r4a, r15f: the insurance area is used only against an up ace."""
    table, (player,) = setup_table(cert, individual_config())
    play_individual(cert, table, player, shoe([["Tc", "9d"]], "Ks", "7h"))
    seen = bj.view(cert, table_id=table["table_id"], player_id=player.player_id)
    assert seen["status"] == "play" and seen["seats"]["1"]["offer"] is None
    assert not {"insurance", "even_money"} & {o["decision"] for o in seen["options"]}


# r26: a winning bet stays with the player -----------------------------------------------------
def test_bj_26_a_winning_bet_stays_with_the_player_the_stake_back_with_the_win(cert):
    """r26: the stake is not collected from a winner: it comes back with the win (1:1 here),
    so the wallet gains the win and the statement shows stake plus win returned."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Tc", "9d"]], "9s", "8h"))
    assert available(cert, player) == DEPOSIT_CENTS - 1_000
    decide(cert, table, jid, player, "stand")  # 19 against 17
    settled = only(table_events(cert, table, jid), "HandSettled")
    assert (settled.result, settled.returned_cents, settled.won_cents) == ("won", 1_000, 1_000)
    w = wallet(cert, player)
    assert (w.balance_cents, w.held_cents) == (DEPOSIT_CENTS + 1_000, 0)
    lines = statement(cert, player)
    assert (lines["wagered_cents"], lines["won_cents"], lines["net_cents"]) == \
        (1_000, 2_000, 1_000)


# r34: the player decides when the session ends -----------------------------------------------
def test_bj_34_the_player_ends_its_session_its_seat_freed_its_statement_given(cert):
    """r34: the player starts and ends its session when it chooses; the end frees its seat
    (PlayerLeft, ``session_ended``) and answers the statement (r33); a bet after it is
    refused."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Tc", "9d"]], "9s", "8h"))
    decide(cert, table, jid, player, "stand")
    lines = sessions_service.end_session(cert, player.session_id, "player", player.actor,
                                         player_id=player.player_id)
    assert (lines["status"], lines["end_reason"], lines["jogadas"]) == ("ended", "player", 1)
    assert lines["net_cents"] == 1_000
    left = table_events(cert, table)[-1]
    assert (names([left]), left.reason) == (["PlayerLeft"], "session_ended")
    assert bj.describe(cert, table["table_id"])["seats"] == {}
    with refused(cert, ConflictError, players=[player], field="session_id"):
        bet(cert, table, player, 1_000)
    again = seat_player(cert, table, player.player_id)  # and starts again when it wants
    assert again.session_id != player.session_id


# r37, r38: no demo ----------------------------------------------------------------------------
@pytest.mark.parametrize("asked", [{"demo": True}, {"free_play": True}, {"demo": False}])
def test_bj_37_38_no_demo_mode_a_configuration_asking_for_one_refused(asked):
    """r37, r38: demos may be offered, rewarded only with free play; this ledger offers none,
    so a table configuration asking for one is refused naming the field and the rules."""
    with pytest.raises(InvalidInputError) as info:
        check_table_config(individual_config(**asked))
    [field] = asked
    assert (info.value.field, info.value.rule, info.value.code) == \
        (field, "blackjack rules 37, 38", "demo_not_offered")


def test_bj_37_38_no_demo_table_is_opened_nothing_recorded(cert):
    with refused(cert, InvalidInputError, field="demo", rule="blackjack rules 37, 38"):
        new_table(cert, individual_config(demo=True))


# A35, A36, A37: what the full text settled ----------------------------------------------------
def test_bj_a35_25a_the_full_text_settles_the_natural_3_to_2_and_soft_17(cert):
    """A35: what the seed lacked, the full text settles: a natural pays 3:2 (r25a: €10 returns
    €25), the banca stands on a soft 17 (r8a-i, r17), the shoe has 4, 6 or 8 decks (r4b)."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Kd"]], "Ts", "Th"))
    assert _settled(table_events(cert, table, jid)) == [("1", 0, "blackjack", 1_500, 0)]
    jid = play_individual(cert, table, player, shoe([["Tc", "8d"]], "As", "6h"))
    decide(cert, table, jid, player, "no_insurance")
    decide(cert, table, jid, player, "stand")
    events = table_events(cert, table, jid)
    assert "BancaDrew" not in names(events)  # A+6: a soft 17 stands
    assert _settled(events) == [("1", 0, "won", 1_000, 0)]
    assert wallet(cert, player).balance_cents == DEPOSIT_CENTS + 2_500
    with pytest.raises(InvalidInputError) as info:
        check_table_config(individual_config(decks=5))
    assert info.value.rule == "blackjack rule 4b"
    assert_money_conserved(cert)


def test_bj_a36_25f_insurance_pays_2_to_1_against_a_banca_blackjack(cert):
    """A36, r25f: insurance pays "no dobro", 2:1: €5 of insurance against a banca blackjack
    returns €15 and the €10 bet is lost: the player ends even."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Tc", "9d"]], "As", "Kh"))
    decide(cert, table, jid, player, "insurance", amount_cents=500)
    decide(cert, table, jid, player, "stand")
    events = table_events(cert, table, jid)
    insured = only(events, "InsuranceSettled")
    assert (insured.result, insured.returned_cents, insured.won_cents) == ("won", 500, 1_000)
    assert _settled(events) == [("1", 0, "lost", 0, 0)]
    assert wallet(cert, player).balance_cents == DEPOSIT_CENTS
    assert_money_conserved(cert)


def test_bj_a36_25g_insurance_lost_when_the_banca_has_no_blackjack(cert):
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Tc", "9d"]], "As", "7h"))
    decide(cert, table, jid, player, "insurance", amount_cents=500)
    decide(cert, table, jid, player, "stand")  # 19 against soft 18
    assert only(table_events(cert, table, jid), "InsuranceSettled").result == "lost"
    assert wallet(cert, player).balance_cents == DEPOSIT_CENTS + 1_000 - 500


@pytest.mark.parametrize("cards, hole, result, won, delta", [
    (["6h", "7h", "8h"], "Qd", "won", 1_000, 1_000 + 3_000),  # 21 against 20: win + prize
    (["7c", "7d", "7s"], "Ah", "lost", 0, -1_000 + 3_000),  # against a banca blackjack
])
def test_bj_a37_a52_25i_special_prize_on_top_of_the_result(cert, cards, hole, result, won,
                                                          delta):
    """A37, A52, r25i: 6-7-8 of one suit or three 7s pay 3 × the bet on top of the result
    against the banca, even when the hand loses to a banca blackjack (r18)."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([cards[:2]], "Ts", hole, [cards[2]]))
    decide(cert, table, jid, player, "hit")
    assert _settled(table_events(cert, table, jid)) == [("1", 0, result, won, 3_000)]
    assert wallet(cert, player).balance_cents == DEPOSIT_CENTS + delta
    assert_money_conserved(cert)


# r21, r22, A50, r19: split aces -----------------------------------------------------------------
def test_bj_22_a50_split_aces_resplit_when_dealt_an_ace(cert):
    """r21, r22, A50: a split ace dealt another ace gets a turn offering only stand and split
    (under max_hands); split again, each ace takes one card and stands; A+K after a split is
    21, not a blackjack (r19): it stands at once and pays 1:1."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Ad"]], "7c", "Th",
                                                    ["Ah", "9d", "Kc", "8s"]))
    decide(cert, table, jid, player, "split")  # hand 0: As Ah; hand 1: Ad 9d
    turn = every(table_events(cert, table, jid), "TurnStarted")[-1]
    assert (turn.seat, turn.hand) == ("1", 0)
    assert [o["decision"] for o in turn.options] == ["stand", "split"]
    assert available(cert, player) == DEPOSIT_CENTS - 2_000
    decide(cert, table, jid, player, "split", hand=0)  # hand 0: As Kc; hand 2: Ah 8s
    events = table_events(cert, table, jid)
    assert [e.split_aces for e in every(events, "HandSplit")] == [True, True]
    assert [(s.hand, s.reason) for s in every(events, "PlayerStood")] == \
        [(0, "twenty_one"), (1, "split_aces"), (2, "split_aces")]
    assert len(every(events, "TurnStarted")) == 2  # no turn for a split ace with its card
    assert _settled(events) == [("1", 0, "won", 1_000, 0), ("1", 1, "won", 1_000, 0),
                                ("1", 2, "won", 1_000, 0)]  # 21, 20, 19 against 17
    assert wallet(cert, player).balance_cents == DEPOSIT_CENTS + 3_000
    assert_money_conserved(cert)


def test_bj_22_a50_split_ace_dealt_an_ace_may_stand_and_at_the_cap_stands_by_itself(cert):
    """r22, A50: the resplit is an option (stand keeps A+A, a soft 12); at the cap
    (max_hands 2) a split ace dealt an ace is offered nothing and stands by itself."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Ad"]], "7c", "Th", ["Ah", "9d"]))
    decide(cert, table, jid, player, "split")
    decide(cert, table, jid, player, "stand", hand=0)
    events = table_events(cert, table, jid)
    assert [(s.hand, s.total, s.reason) for s in every(events, "PlayerStood")] == \
        [(0, 12, "player"), (1, 20, "split_aces")]
    assert _settled(events) == [("1", 0, "lost", 0, 0), ("1", 1, "won", 1_000, 0)]
    capped, (other,) = setup_table(cert, individual_config(max_hands=2))
    jid = play_individual(cert, capped, other, shoe([["As", "Ad"]], "7c", "Th", ["Ah", "9d"]))
    decide(cert, capped, jid, other, "split")
    events = table_events(cert, capped, jid)
    assert len(every(events, "TurnStarted")) == 1
    assert [(s.hand, s.reason) for s in every(events, "PlayerStood")] == \
        [(0, "split_aces"), (1, "split_aces")]
    assert_money_conserved(cert)


def test_bj_19_21_a50_split_ace_dealt_a_ten_is_21_not_blackjack_and_loses_to_one(cert):
    """r19, r21, A50, A47: a split ace dealt a ten is 21, not a blackjack: it stands at once
    (no turn) and loses to the banca's blackjack (r18), split stake and all."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["As", "Ad"]], "Kc", "Ah", ["Td", "9c"]))
    decide(cert, table, jid, player, "split")
    events = table_events(cert, table, jid)
    assert [(s.hand, s.total, s.reason) for s in every(events, "PlayerStood")] == \
        [(0, 21, "twenty_one"), (1, 20, "split_aces")]
    assert len(every(events, "TurnStarted")) == 1
    assert only(events, "BancaStood").blackjack is True
    assert _settled(events) == [("1", 0, "lost", 0, 0), ("1", 1, "lost", 0, 0)]
    assert wallet(cert, player).balance_cents == DEPOSIT_CENTS - 2_000
    assert_money_conserved(cert)


# A63: one jogada at a time ----------------------------------------------------------------------
def test_bj_a63_no_bet_at_another_table_while_a_jogada_with_a_bet_is_incomplete(cert):
    """A63 (903-B 6.3.4(1)): Ana's hand at table A waits for her (an individual table); a bet
    at table B is refused 409 naming A63, nothing recorded, no money moved; once A's jogada
    has settled she bets at B, and then A waits for B's jogada in turn."""
    table_a = new_table(cert, individual_config(), "A")
    table_b = new_table(cert, individual_config(), "B")
    pid = new_player(cert)
    at_a, at_b = seat_player(cert, table_a, pid), seat_player(cert, table_b, pid)
    jid = play_individual(cert, table_a, at_a, shoe([["Tc", "9d"]], "9s", "8h"))
    with refused(cert, ConflictError, players=[at_a], field="table_id",
                 code="jogada_in_play", rule="A63, blackjack rule 2") as info:
        bet(cert, table_b, at_b, 1_000)
    assert info.value.details == {"jogada_id": jid, "table_id": table_a["table_id"],
                                  "seats": [1]}
    decide(cert, table_a, jid, at_a, "stand")  # A's jogada settles
    placed = bet(cert, table_b, at_b, 1_000)
    with refused(cert, ConflictError, players=[at_a], rule="A63, blackjack rule 2"):
        bet(cert, table_a, at_a, 1_000)
    deal(cert, table_b, at_b, shoe([["Tc", "9d"]], "9s", "8h"))
    decide(cert, table_b, placed["jogada_id"], at_b, "stand")
    play_individual(cert, table_a, at_a, shoe([["As", "Kd"]], "9s", "8h"))  # A again
    assert_money_conserved(cert)


def test_bj_a63_7_several_seats_of_one_table_are_one_jogada_other_players_free(cert, clock):
    """A63: play on several seats (r7) is one jogada: Ana's second seat bets; another player
    with an open jogada elsewhere is not Ana; a jogada settled or voided frees her."""
    table = new_table(cert, multi_config(seats=3, multi_seat=True))
    other = new_table(cert, multi_config(seats=3))
    pid = new_player(cert)
    one = seat_player(cert, table, pid, 1)
    bj.sit(cert, table_id=table["table_id"], player_id=pid, seat=2, actor=one.actor)
    bet(cert, table, one, 1_000)
    bet(cert, table, one, 1_000, seat=2)  # r7: the same jogada
    there = seat_player(cert, other, pid, 1)
    rui = seat_player(cert, other, new_player(cert, name="Rui"), 2)
    bet(cert, other, rui, 1_000)  # Rui's bet is not blocked by Ana's jogada
    with refused(cert, ConflictError, players=[one], code="jogada_in_play"):
        bet(cert, other, there, 1_000)
    bj.void_jogada(cert, table_id=table["table_id"], reason="dealer server crashed",
                   actor=OPERATOR)  # r27, r28: a void jogada is complete too
    bet(cert, other, there, 1_000)
    assert available(cert, one) == DEPOSIT_CENTS - 1_000
