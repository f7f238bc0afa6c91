"""Blackjack sessions and views through the ledger (Reg. 805/2015 r2, r4c, r14, r24, r31–r36;
A47; 903-B 6.1.6(9)): seats belong to game sessions, every stake and return goes on the
session's statement, jogadas without a bet count at a multi-player table, seats of ended
sessions are freed at the end of the jogada; what a player and the staff see."""

from __future__ import annotations

import pytest

from domain.kernel.errors import ConflictError
from infra.services import sessions as sessions_service
from tests.blackjack import client as bj
from tests.blackjack.conftest import refused
from tests.blackjack.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    bet,
    decide,
    individual_config,
    multi_config,
    names,
    play_individual,
    setup_table,
    shoe,
    statement,
    table_events,
    wallet,
)


def _tick_deal(cert, clock, table):
    clock.advance(table["config"]["betting_seconds"] + 1)
    return bj.tick(cert, table["table_id"])


def test_bj_35b_36_seated_player_without_bets_invited_then_ended(ledger, clock):
    """r35b, r36: at a multi-player table a seated player who bets in none of more than 5
    jogadas is invited and warned; the next jogada without a bet ends the session, and its
    seat is freed."""
    table, (bettor, idle) = setup_table(ledger, multi_config(seats=3), players=2)
    for number in range(1, 8):
        placed = bet(ledger, table, bettor, 100)
        assert _tick_deal(ledger, clock, table) == ["dealt"]
        while bj.describe(ledger, table["table_id"])["open_jogada"] is not None:
            view = bj.view(ledger, table_id=table["table_id"], player_id=bettor.player_id)
            choice = {o["decision"] for o in view["options"]}
            decide(ledger, table, placed["jogada_id"], bettor,
                   "stand" if "stand" in choice else "no_insurance" if "no_insurance" in choice
                   else "no_even_money" if "no_even_money" in choice else "hit",
                   hand=view["options"][0]["hand"])
        lines = sessions_service.statement(ledger, idle.session_id)
        if number <= 5:
            assert lines["invitation_at"] is None
        elif number == 6:
            assert lines["warning_at"] == clock.now() and lines["status"] == "open"
        else:
            assert (lines["status"], lines["end_reason"]) == ("ended", "inactivity")
    assert "2" not in bj.describe(ledger, table["table_id"])["seats"]
    assert sessions_service.statement(ledger, bettor.session_id)["jogadas"] == 7
    assert_money_conserved(ledger)


def test_bj_2_33_player_ends_the_session_only_between_jogadas(cert):
    """r2, r33, r34: with a bet in play the player's end is refused; once settled, the
    statement covers every stake (the double too) and every return, matching the money."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["6s", "5d"]], "7c", "Th", ["Ts"]))
    with refused(cert, ConflictError, players=[player], field="session_id"):
        sessions_service.end_session(cert, player.session_id, "player", player.actor)
    decide(cert, table, jid, player, "double")  # 21 against 17
    lines = sessions_service.end_session(cert, player.session_id, "player", player.actor)
    assert (lines["status"], lines["jogadas"], lines["wagered_cents"], lines["won_cents"]) == \
        ("ended", 1, 2_000, 4_000)
    assert lines["net_cents"] == wallet(cert, player).balance_cents - DEPOSIT_CENTS == 2_000
    assert bj.describe(cert, table["table_id"])["seats"] == {}


def test_bj_30_33_operator_end_mid_jogada_settlement_reaches_the_statement(cert, clock):
    """r30, r33: an operator ends a session mid-jogada; the bet stands, the hand is played
    by the clock's default (A55), the statement still gets the result, and the seat is freed
    at the end of the jogada."""
    table, (gone, other) = setup_table(cert, multi_config(seats=3), players=2)
    placed = bet(cert, table, gone, 1_000)
    bet(cert, table, other, 1_000)
    bj.set_forced_shoe(cert, table_id=table["table_id"], actor=OPERATOR,
                       forced_shoe=shoe([["Ts", "9d"], ["Ts", "7c"]], "7h", "Th", ["2c", "3c"]))
    assert _tick_deal(cert, clock, table) == ["dealt"]
    sessions_service.end_session(cert, gone.session_id, "connection_lost", OPERATOR)
    clock.advance(11)
    assert bj.tick(cert, table["table_id"]) == ["timed_out"]  # 19 stands by default
    decide(cert, table, placed["jogada_id"], other, "stand")
    events = table_events(cert, table)
    assert names(events)[-1] == "PlayerLeft" and events[-1].reason == "session_ended"
    lines = statement(cert, gone)
    assert (lines["status"], lines["wagered_cents"], lines["won_cents"]) == ("ended", 1_000,
                                                                            2_000)
    assert_money_conserved(cert)


def test_bj_14_a47_player_view_hides_the_hole_card_shows_every_seat(cert, clock):
    """r14, A47: every player's cards are face up: a player sees the other seats' cards, the
    banca's up card, never the hole card before it is revealed; r24: its own options only."""
    table, (ana, rui) = setup_table(cert, multi_config(seats=3), players=2)
    placed = bet(cert, table, ana, 1_000)
    bet(cert, table, rui, 1_000)
    bj.set_forced_shoe(cert, table_id=table["table_id"], actor=OPERATOR,
                       forced_shoe=shoe([["Ts", "6d"], ["9s", "7c"]], "7h", "Kh", ["5c", "2d"]))
    _tick_deal(cert, clock, table)
    seen = bj.view(cert, table_id=table["table_id"], player_id=rui.player_id)
    assert seen["banca"]["cards"] == ["7h"] and seen["banca"]["hole_card"] is None
    assert "Kh" not in str(seen)
    assert seen["seats"]["1"]["hands"][0]["cards"] == ["Ts", "6d"]
    assert seen["turn"] == {"seat": 1, "hand": 0,
                            "decision_deadline": seen["decision_deadline"]}
    assert seen["options"] == []  # not rui's turn
    mine = bj.view(cert, table_id=table["table_id"], player_id=ana.player_id)
    assert {o["decision"] for o in mine["options"]} == {"hit", "stand", "surrender"}
    decide(cert, table, placed["jogada_id"], ana, "stand")
    decide(cert, table, placed["jogada_id"], rui, "hit")  # 21: stands; the banca plays
    described = bj.describe(cert, table["table_id"], player_id=rui.player_id)
    assert described["last_jogada_id"] == placed["jogada_id"]
    assert described["recent_results"] == [{"jogada_id": placed["jogada_id"],
                                            "cards": ["7h", "Kh"], "total": 17,
                                            "blackjack": False, "bust": False}]
    assert described["seats"]["1"] == {"taken": True}


def test_bj_4c_recent_results_keep_the_last_n(cert):
    """r4c: the banca's last ``results_shown`` results, newest first."""
    table, (player,) = setup_table(cert, individual_config(results_shown=2))
    for up in ("5c", "6c", "4c"):
        play_individual(cert, table, player, shoe([["As", "Kd"]], up, "Th"))
    shown = bj.describe(cert, table["table_id"])["recent_results"]
    assert [r["cards"][0] for r in shown] == ["4c", "6c"]


def test_bj_32_903b_6_1_6_rules_page(cert):
    """r32, 903-B 6.1.6(9): the rules page: limits, options, payouts, the largest win per
    unit (A50: 4 hands each doubled: 8)."""
    table = setup_table(cert, individual_config())[0]
    page = bj.rules(cert, table["table_id"])
    assert page["limits"]["min_bet_cents"] == 100 and page["options"]["max_hands"] == 4
    assert page["largest_win_per_unit"] == 8.0
    assert any(p["outcome"] == "blackjack" and p["pays"] == "3:2" for p in page["payouts"])


def test_bj_issue_26_the_rules_page_publishes_the_house_edge_of_its_configuration(cert):
    """Issue 26 item 9: the rules page shows the return to player of the table's own
    configuration (rtp.py, exact), with the method and its uncertainty; a rule the operator
    switches shows its cost: doubling on any total (r16a) lowers the edge, no special prize
    (r16e) raises it."""
    def edge(**options):
        table = setup_table(cert, individual_config(**options))[0]
        published = bj.rules(cert, table["table_id"])["house_edge"]
        assert published["return_to_player"] == pytest.approx(1 - published["house_edge"])
        assert published["method"] and 0 < published["uncertainty"] < 0.001
        return published["house_edge"]

    default = edge()
    assert 0.0 < default < 0.01  # 6 decks, soft 17 stands, no peek, surrender, the prize
    assert edge(double_any_total=True) < default < edge(special_prize=False)
