"""Póquer sem descarte clock, faults and recovery, through tests/semdescarte/client.py on a real
ledger: the decision time and the extra time (Reg. 803/2015 rules 21, 31, 32), a fault of the
system or of the player's equipment (rules 33–36; A6, A10), and a jogada a crash left open.

What each test asserts on, and when outcomes: tests/semdescarte/support.py.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.kernel.errors import RuleViolationError
from tests.semdescarte import client as sd
from infra.services import sessions as sessions_service
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.semdescarte.conftest import refused
from tests.semdescarte.support import (BANK_AK, DEPOSIT_CENTS, JACKPOT, JACKPOT_STAKE, OPERATOR,
                                       ante, assert_money_conserved, balances, deal, decide,
                                       forced_deck, house, individual_config, jackpot_pool,
                                       multi_config, names, only, sd_rule, setup_table,
                                       table_events, wallet)


def test_sd_32_decision_after_the_extra_time_refused(ledger, clock):
    """Rules 31, 32: once the decision time and the extra time are over, a decision is
    refused (decision_time_over) and nothing is recorded."""
    table, (player,) = setup_table(ledger, individual_config(decision_seconds=10,
                                                             extra_seconds=5))
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player)
    clock.advance(11)
    assert sd.tick(ledger, table["table_id"]) == ["decision_time_extended"]
    clock.advance(6)  # 17 s after the deal: past the warning (11 s) + 5
    with refused(ledger, RuleViolationError, players=[player], code="decision_time_over",
                 rule=sd_rule(32)):
        decide(ledger, table, placed["jogada_id"], player, "continue")
    assert_money_conserved(ledger)


def test_sd_31_32_tick_extends_the_time_once_then_folds_and_settles(ledger, clock):
    """Rule 31: after the decision time the player is warned and given the extra time, once.
    Rule 32: still no decision: a fold, the ante is lost, and the jogada settles."""
    table, (player,) = setup_table(ledger, individual_config(decision_seconds=10,
                                                             extra_seconds=5))
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player)
    clock.advance(10)
    assert sd.tick(ledger, table["table_id"]) == []  # the deadline itself is still in time
    clock.advance(1)
    assert sd.tick(ledger, table["table_id"]) == ["decision_time_extended"]
    events = table_events(ledger, table, placed["jogada_id"])
    extended = only(events, "DecisionTimeExtended")
    dealt = only(events, "CardsDealt")
    assert extended.seats == ["1"] and extended.rule == sd_rule(31)
    # the extra time runs from the warning (11 s), not from the first deadline (10 s)
    assert extended.decision_deadline == extended.at + timedelta(seconds=5)
    assert extended.decision_deadline > dealt.decision_deadline + timedelta(seconds=5)
    clock.advance(3)
    assert sd.tick(ledger, table["table_id"]) == []  # inside the extra time
    clock.advance(3)  # past the warning (11 s) + the extra time
    assert sd.tick(ledger, table["table_id"]) == ["folded_on_timeout", "settled"]
    events = table_events(ledger, table, placed["jogada_id"])
    assert names(events).count("DecisionTimeExtended") == 1
    folded = only(events, "PlayerFolded")
    assert (folded.reason, folded.rule, folded.ante_lost_cents) == ("timeout", sd_rule(32), 200)
    assert only(events, "JogadaSettled").outcomes["1"]["result"] == "folded"
    assert balances(ledger, [player]) == [(DEPOSIT_CENTS - 200, 0)]
    assert sd.tick(ledger, table["table_id"]) == []
    assert_money_conserved(ledger)


def test_sd_31_the_extra_time_counts_from_the_warning(ledger, clock):
    """Rule 31: the player is warned and then given the extra time. The table clock ticks
    every second or so; a tick that comes after deadline + extra must still leave the player
    the extra time after the warning."""
    table, (player,) = setup_table(ledger, individual_config(decision_seconds=10,
                                                             extra_seconds=5))
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player)
    clock.advance(16)  # the clock thread was late
    warned_at = clock.now()
    assert sd.tick(ledger, table["table_id"]) == ["decision_time_extended"]
    extended = only(table_events(ledger, table, placed["jogada_id"]), "DecisionTimeExtended")
    assert extended.decision_deadline >= warned_at + timedelta(seconds=5)
    clock.advance(1)
    assert decide(ledger, table, placed["jogada_id"], player, "fold")["settled"] is True


def test_sd_33_void_before_the_decision_refunds_everything(cert):
    """Rule 33: a system fault voids the jogada: the ante (and its hold) and the jackpot side
    bet come back in full, and the jackpot pool returns to its previous value."""
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    pool, house_before = jackpot_pool(cert, table), house(cert)
    placed = ante(cert, table, player, 300, jackpot_bet_cents=JACKPOT_STAKE)
    deal(cert, table, player, forced_deck("5c", [["3h", "5h", "9h", "Jh", "Kh"]], BANK_AK))
    assert jackpot_pool(cert, table) == pool + 70  # collected before the cards (r4b)
    result = sd.void_jogada(cert, table_id=table["table_id"], reason="dealer fault",
                            actor=OPERATOR)
    assert result["refunds_cents"] == {1: 300 + JACKPOT_STAKE}
    events = table_events(cert, table, placed["jogada_id"])
    voided = only(events, "JogadaVoided")
    assert (voided.reason, voided.rule, voided.refunds) == (
        "dealer fault", sd_rule(33), {"1": 400})
    assert names(events)[-2:] == ["JogadaVoided", "RngRevealed"]
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 0)]
    assert jackpot_pool(cert, table) == pool and house(cert) == house_before
    assert sd.describe(cert, table["table_id"])["open_jogada"] is None
    assert_money_conserved(cert)


def test_sd_33_void_after_the_second_bet_refunds_every_bet_even_a_folded_ante(cert, clock):
    """Rule 33: voided after the second bet: ante and bet come back; a folded player's ante
    comes back too; every side bet comes back and the pool is as it was."""
    table, players = setup_table(cert, multi_config(jackpot=JACKPOT), players=3)
    pool, house_before = jackpot_pool(cert, table), house(cert)
    for player in players:
        placed = ante(cert, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    clock.advance(21)
    hands = [["2d", "3d", "4d", "5d", "7h"], ["2h", "3h", "4h", "5h", "7s"],
             ["2s", "3s", "4s", "5s", "7c"]]
    deal(cert, table, None, forced_deck("Tc", hands, BANK_AK))
    assert jackpot_pool(cert, table) == pool + 3 * 70
    continued, folded, undecided = players
    decide(cert, table, placed["jogada_id"], continued, "continue")
    decide(cert, table, placed["jogada_id"], folded, "fold")
    assert wallet(cert, folded).balance_cents == DEPOSIT_CENTS - 200 - JACKPOT_STAKE
    sd.void_jogada(cert, table_id=table["table_id"], reason="server fault", actor=OPERATOR)
    voided = only(table_events(cert, table, placed["jogada_id"]), "JogadaVoided")
    assert voided.refunds == {"1": 700, "2": 300, "3": 300}
    assert balances(cert, players) == [(DEPOSIT_CENTS, 0)] * 3
    assert jackpot_pool(cert, table) == pool and house(cert) == house_before
    for player, refunded in zip(players, (700, 300, 300)):
        statement = sessions_service.statement(cert, player.session_id)
        # Rule 39: the stakes came back as a refund, not as a win.
        assert (statement["wagered_cents"], statement["refunded_cents"],
                statement["won_cents"], statement["net_cents"]) == (refunded, refunded, 0, 0)
        assert statement["won_by_category"] == {}
    assert_money_conserved(cert)


def test_sd_34_35_connection_lost_before_the_decision_is_a_fold(ledger):
    """Rules 34, 35: a fault of the player's equipment before the decision counts as a fold:
    the ante is lost (the rest of the hold is released)."""
    table, (player,) = setup_table(ledger, individual_config())
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player)
    result = sd.connection_lost(ledger, table_id=table["table_id"], player_id=player.player_id,
                                actor=OPERATOR)
    assert (result["effect"], result["settled"]) == ("folded", True)
    events = table_events(ledger, table, placed["jogada_id"])
    folded = only(events, "PlayerFolded")
    assert (folded.reason, folded.rule) == ("connection_lost", sd_rule("34, 35"))
    assert names(events).index("PlayerConnectionLost") < names(events).index("PlayerFolded")
    assert "JogadaVoided" not in names(events)
    assert balances(ledger, [player]) == [(DEPOSIT_CENTS - 200, 0)]
    assert_money_conserved(ledger)


def test_sd_36_connection_lost_after_continue_the_jogada_settles_normally(cert, clock):
    """Rule 36 (A6): after the second bet the bets stand and settle normally (r28 here)."""
    table, (lost, other) = setup_table(cert, multi_config(), players=2)
    placed = ante(cert, table, lost, 200)
    ante(cert, table, other, 200)
    clock.advance(21)
    deal(cert, table, None, forced_deck("5c", [["3h", "5h", "9h", "Jh", "Kh"],
                                               ["2c", "4s", "7d", "9d", "Jc"]], BANK_AK))
    decide(cert, table, placed["jogada_id"], lost, "continue")
    result = sd.connection_lost(cert, table_id=table["table_id"], player_id=lost.player_id,
                                actor=OPERATOR)
    assert (result["effect"], result["rule"], result["settled"]) == (
        "stands", sd_rule(36), False)
    decide(cert, table, placed["jogada_id"], other, "fold")
    events = table_events(cert, table, placed["jogada_id"])
    assert "PlayerFolded" in names(events) and "JogadaVoided" not in names(events)
    assert only(events, "PlayerFolded").seat == "2"
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert (outcome["result"], outcome["won_cents"]) == ("player_won", 200 + 5 * 400)
    assert balances(cert, [lost, other]) == [(DEPOSIT_CENTS + 2_200, 0),
                                              (DEPOSIT_CENTS - 200, 0)]
    assert_money_conserved(cert)


@pytest.mark.parametrize("stage", ["ante placed", "cards dealt"])
def test_sd_33_a10_restart_voids_the_open_jogada_and_refunds(make_settings, clock, stage):
    """Rule 33, A10: a jogada a crash left open is voided when the service starts again
    (reason service_restart): every bet, the side bet too, goes back."""
    first = build_ledger(make_settings(), clock=clock, seeds=SeededSeedSource(33))
    try:
        table, (player,) = setup_table(first, individual_config(jackpot=JACKPOT))
        pool = jackpot_pool(first, table)
        placed = ante(first, table, player, 300, jackpot_bet_cents=JACKPOT_STAKE)
        if stage == "cards dealt":
            deal(first, table, player)
            assert jackpot_pool(first, table) == pool + 70
    finally:
        first.close()
    clock.advance(60)
    second = build_ledger(make_settings(), clock=clock, seeds=SeededSeedSource(34))
    try:
        events = table_events(second, table, placed["jogada_id"])
        voided = only(events, "JogadaVoided")
        assert (voided.reason, voided.actor, voided.refunds) == (
            "service_restart", sd.RECOVERY_ACTOR, {"1": 400})
        assert ("RngRevealed" in names(events)) is (stage == "cards dealt")
        assert balances(second, [player]) == [(DEPOSIT_CENTS, 0)]
        assert jackpot_pool(second, table) == pool
        assert sd.describe(second, table["table_id"])["open_jogada"] is None
        assert_money_conserved(second)
        again = ante(second, table, player, 200)  # the table plays on
        assert again["jogada_id"] == f"{table['table_id']}:2"
    finally:
        second.close()
