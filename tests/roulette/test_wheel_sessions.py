"""Roulette players, sessions and what they see through the ledger (Reg. 807/2015 r5, r26–r31;
A60; 903-B 6.1.6(9)): joining and leaving, the player's last jogada (r26), the rules page
(r27), the statement at the session's end (r28), the inactivity procedure (r30, r31) at an
individual wheel (3 minutes, one more) and a multi-player one (5 jogadas, one more)."""

from __future__ import annotations

from domain.games.roulette import commands as rf
from domain.kernel.errors import ConflictError
from infra.services import sessions as sessions_service
from tests.roulette.conftest import refused
from tests.roulette.support import (
    DEPOSIT_CENTS,
    assert_money_conserved,
    bet,
    chance,
    individual_config,
    join,
    leave,
    multi_config,
    only,
    play,
    pleno,
    rf_rule,
    rules,
    setup_wheel,
    statement,
    tick,
    view,
    wallet,
    wheel_events,
)


def test_rf_5_join_and_leave_and_no_leaving_with_bets_in_play(ledger):
    """r5: a player with a session joins the wheel and leaves it; with bets in the open
    jogada of a multi-player wheel it stays until the spin (r16)."""
    wheel, (ana,) = setup_wheel(ledger, multi_config())
    assert join(ledger, wheel, ana)["joined"] is True
    assert join(ledger, wheel, ana)["joined"] is False
    bet(ledger, wheel, ana, pleno(2))
    with refused(ledger, ConflictError, players=[ana], code="bets_in_play",
                 rule=rf_rule(3, 16)):
        leave(ledger, wheel, ana)
    other, (rui,) = setup_wheel(ledger, multi_config())
    join(ledger, other, rui)
    assert leave(ledger, other, rui)["left"] is True
    assert only(wheel_events(ledger, other), "PlayerLeft").reason == "player"


def test_rf_26_the_players_last_jogada_result_and_amounts(cert):
    """r26: the player sees its last jogada: the number, its colour, the amounts bet and
    paid, each bet; at the wheel and wherever it played."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 14, pleno(14, 200), chance("preto", cents=500))
    last = view(cert, wheel, ana)["my_last_jogada"]
    assert (last["jogada_id"], last["number"], last["colour"]) == (jid, 14, "red")
    assert (last["staked_cents"], last["returned_cents"], last["rule"]) == (700, 7_200,
                                                                           rf_rule(26))
    assert [(b["on"], b["amount_cents"], b["returned_cents"]) for b in last["bets"]] == [
        ("pleno:14", 200, 7_200), ("preto", 500, 0)]
    mine = cert.run(rf.PlayerLastJogada(player_id=str(ana.player_id)))
    assert mine["last_jogada"]["jogada_id"] == jid and mine["in_play"] is None
    placed = bet(cert, wheel, ana, pleno(1))
    assert cert.run(rf.PlayerLastJogada(player_id=str(ana.player_id)))["in_play"] == \
        placed["jogada_id"]


def test_rf_27_903b_6_1_6_9_rules_page_limits_payouts_returns(ledger):
    """r27, r11–r14, 903-B 6.1.6(9): the rules page shows each chance's limits and payout,
    every bet's exact return (36/37) and the largest prize per unit bet (a pleno: 36)."""
    wheel, _ = setup_wheel(ledger, individual_config(), players=0)
    page = rules(ledger, wheel)
    pleno_row = next(r for r in page["limits"] if r["chance"] == "pleno")
    assert (pleno_row["min_cents"], pleno_row["max_cents"], pleno_row["pays"]) == (100, 3_000,
                                                                                  "35")
    assert page["largest_prize_per_unit"] == "36"
    assert {r["return"] for r in page["returns"]} == {"36/37"}
    assert page["rule"] == rf_rule(27)


def test_rf_28_statement_at_the_end_of_the_session(cert):
    """r28: at the session's end the amounts bet and the profit or loss."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    play(cert, wheel, ana, 0, chance("encarnado"), chance("cavalo", [0, 3], 100))
    play(cert, wheel, ana, 8, pleno(9, 500))
    lines = sessions_service.end_session(cert, ana.session_id, "player", ana.actor,
                                         player_id=ana.player_id)
    assert (lines["status"], lines["jogadas"], lines["wagered_cents"]) == ("ended", 2, 1_600)
    assert (lines["won_cents"], lines["net_cents"]) == (1_800, 200)
    assert wallet(cert, ana).balance_cents - DEPOSIT_CENTS == lines["net_cents"]
    assert_money_conserved(cert, [ana])


def test_rf_30a_31_individual_wheel_3_minutes_then_one_more_bets_refunded(ledger, clock):
    """r30a, r31: at an individual wheel more than 3 minutes without a bet bring the
    invitation and warning; one more minute without one ends the session, and its bets never
    launched are refunded (A60)."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    placed = bet(ledger, wheel, ana, pleno(3))
    clock.advance(180)
    assert sessions_service.sweep_inactivity(ledger) == {}
    clock.advance(1)
    assert sessions_service.sweep_inactivity(ledger) == {
        str(ana.session_id): ["invitation", "warning"]}
    clock.advance(61)
    assert sessions_service.sweep_inactivity(ledger) == {str(ana.session_id): ["ended"]}
    lines = statement(ledger, ana)
    assert (lines["end_reason"], lines["refunded_cents"]) == ("inactivity", 1_000)
    assert only(wheel_events(ledger, wheel, placed["jogada_id"]),
                "JogadaCancelled").reason == "session_ended"
    assert wallet(ledger, ana).available_cents == DEPOSIT_CENTS


def test_rf_30b_31_multi_wheel_5_jogadas_without_a_bet_then_one_more(ledger, clock):
    """r30b, r31: at a multi-player wheel a player there who bets in none of more than 5
    jogadas is invited and warned; the next jogada without a bet ends its session and it
    leaves the wheel."""
    wheel, (bettor, idle) = setup_wheel(ledger, multi_config(), players=2)
    join(ledger, wheel, idle)
    for number in range(1, 8):
        bet(ledger, wheel, bettor, chance("par", cents=100))
        clock.advance(11)
        assert tick(ledger, wheel) == ["spun"]
        lines = statement(ledger, idle)
        if number <= 5:
            assert lines["invitation_at"] is None
        elif number == 6:
            assert lines["warning_at"] == clock.now() and lines["status"] == "open"
        else:
            assert (lines["status"], lines["end_reason"]) == ("ended", "inactivity")
    described = ledger.run(rf.DescribeWheel(wheel_id=wheel["wheel_id"]))
    assert set(described["players"]) == {str(bettor.player_id)}  # the idle one left
    assert only(wheel_events(ledger, wheel), "PlayerLeft").reason == "session_ended"
    assert statement(ledger, bettor)["jogadas"] == 7
    assert_money_conserved(ledger, [bettor, idle])
