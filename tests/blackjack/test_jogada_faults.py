"""Blackjack time and interruptions through the ledger (Reg. 805/2015 r27–r30; A55, A62;
903-B 6.3.2): the decision time and the default play at a multi-player table, an individual
hand that waits up to 90 days, a lost connection (never a void), a void by a fault of the
system (every stake back, every payout reversed), and a jogada a crash left open."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.kernel.errors import RuleViolationError
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.blackjack import client as bj
from tests.blackjack.conftest import refused
from tests.blackjack.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    balances,
    bet,
    bj_rule,
    deal,
    decide,
    every,
    individual_config,
    multi_config,
    names,
    only,
    play_individual,
    setup_table,
    shoe,
    statement,
    table_events,
)


def _multi_dealt(cert, clock, forced, players=2, **config):
    table, seated = setup_table(cert, multi_config(seats=3, **config), players)
    placed = [bet(cert, table, p, 1_000) for p in seated]
    bj.set_forced_shoe(cert, table_id=table["table_id"], forced_shoe=forced, actor=OPERATOR)
    clock.advance(11)
    assert bj.tick(cert, table["table_id"]) == ["dealt"]
    return table, seated, placed[0]["jogada_id"]


def test_bj_a55_multi_turn_times_out_default_play(cert, clock):
    """A55, 903-B 6.1.4: at a multi-player table the turn's decision time runs; when it runs
    out the default plays (hit while 11 or less, then stand), logged with DecisionTimedOut;
    a decision after it is refused."""
    forced = shoe([["6s", "3d"], ["Ts", "8c"]], "7c", "Th", ["2c", "9h"])
    table, (ana, rui), jid = _multi_dealt(cert, clock, forced)
    clock.advance(10)
    assert bj.tick(cert, table["table_id"]) == []
    clock.advance(1)
    with refused(cert, RuleViolationError, players=[ana, rui], code="decision_time_over",
                 rule="A55"):
        decide(cert, table, jid, ana, "hit")
    assert bj.tick(cert, table["table_id"]) == ["timed_out"]
    events = table_events(cert, table, jid)
    timed = every(events, "DecisionTimedOut")
    assert [(t.seat, t.played) for t in timed] == [("1", "hit"), ("1", "hit"), ("1", "stand")]
    assert only(events, "PlayerStood").reason == "timeout"  # 6+3+2+9 = 20
    assert every(events, "TurnStarted")[-1].seat == "2"
    decide(cert, table, jid, rui, "stand")
    assert names(table_events(cert, table, jid))[-1] == "RngRevealed"
    assert_money_conserved(cert)


def test_bj_a55_multi_offers_time_out_declined(cert, clock):
    """A55: the offers' decision time runs out: insurance and even money declined (never
    taken), each logged."""
    forced = shoe([["9s", "6d"], ["As", "Kc"]], "Ac", "8h", ["Th", "2c"])
    table, (ana, rui), jid = _multi_dealt(cert, clock, forced)
    decide(cert, table, jid, ana, "insurance", amount_cents=300)
    clock.advance(11)
    assert bj.tick(cert, table["table_id"]) == ["offers_timed_out"]
    events = table_events(cert, table, jid)
    assert only(events, "DecisionTimedOut").played == "no_even_money"
    assert only(events, "EvenMoneyDeclined").reason == "timeout"
    assert "OffersClosed" in names(events)
    assert_money_conserved(cert)


def test_903b_6_3_2_individual_hand_waits_then_completed_at_day_90(cert, clock):
    """903-B 6.3.2, A55: an individual table's hand waits, no deadline; at day 90 the clock
    completes it by the default play."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["6s", "3d"]], "9c", "Th", ["2c", "5s"]))
    clock.advance(timedelta(days=89).total_seconds())
    assert bj.due(cert) == [] and bj.tick(cert, table["table_id"]) == []
    decide(cert, table, jid, player, "hit")  # still the player's: 11
    clock.advance(timedelta(days=2).total_seconds())
    assert bj.due(cert) == [table["table_id"]]
    assert bj.tick(cert, table["table_id"]) == ["completed_day_90"]
    events = table_events(cert, table, jid)
    assert [t.played for t in every(events, "DecisionTimedOut")] == ["hit", "stand"]
    assert all(t.rule == "903-B 6.3.2, A55" for t in every(events, "DecisionTimedOut"))
    assert only(events, "PlayerStood").reason == "day_90"
    assert only(events, "HandSettled").result == "lost"  # 16 against 19
    assert_money_conserved(cert)


def test_bj_29_30_connection_lost_never_voids(cert):
    """r29, r30: a lost connection is recorded; the bet stands, the jogada goes on and a win
    is paid."""
    table, (player,) = setup_table(cert, individual_config())
    jid = play_individual(cert, table, player, shoe([["Ts", "9d"]], "7c", "Th"))
    result = bj.connection_lost(cert, table_id=table["table_id"], player_id=player.player_id,
                                actor=player.actor)
    assert result["effect"] == "stands"
    assert only(table_events(cert, table, jid), "PlayerConnectionLost").seat == "1"
    decide(cert, table, jid, player, "stand")
    events = table_events(cert, table, jid)
    assert "JogadaVoided" not in names(events)
    assert only(events, "HandSettled").result == "won"


def test_bj_27_28_a62_void_refunds_every_stake_and_reverses_payouts(cert, clock):
    """r27, r28, A62: a fault of the system voids the jogada: open holds voided (a double and
    a split's stakes too), a stake already lost refunded, a payout already made (a natural
    paid at once, r20a) reversed; every wallet as before."""
    forced = shoe([["8s", "8d"], ["As", "Kc"], ["Ts", "4c"]], "6c", "Th",
                  ["3c", "9d", "Kh", "Kd"])
    table, (ana, rui, eva), jid = _multi_dealt(cert, clock, forced, players=3)
    decide(cert, table, jid, ana, "split")
    decide(cert, table, jid, ana, "double", hand=0)  # 8+3 doubled
    decide(cert, table, jid, ana, "stand", hand=1)
    assert balances(cert, [rui]) == [(DEPOSIT_CENTS + 1_500, 0)]  # r20a: paid at once
    decide(cert, table, jid, eva, "hit")  # 14 + K: bust, lost at once; the banca plays
    assert names(table_events(cert, table, jid))[-1] == "RngRevealed"
    assert_money_conserved(cert)
    table2, (p1, p2), jid2 = _multi_dealt(
        cert, clock, shoe([["8s", "8d"], ["As", "Kc"]], "6c", "Th", ["3c", "9d"]))
    decide(cert, table2, jid2, p1, "split")
    decide(cert, table2, jid2, p1, "double", hand=0)
    assert balances(cert, [p1, p2]) == [(DEPOSIT_CENTS, 3_000), (DEPOSIT_CENTS + 1_500, 0)]
    result = bj.void_jogada(cert, table_id=table2["table_id"], reason="dealer feed lost",
                            actor=OPERATOR)
    assert result["message"] == "ocorreu um erro; todos os pagamentos e apostas são anulados"
    assert result["refunds_cents"] == {1: 3_000, 2: 1_000}
    assert balances(cert, [p1, p2]) == [(DEPOSIT_CENTS, 0), (DEPOSIT_CENTS, 0)]
    voided = only(table_events(cert, table2, jid2), "JogadaVoided")
    assert voided.rule == bj_rule(27, 28) + ", A62"
    assert names(table_events(cert, table2, jid2))[-1] == "RngRevealed"
    assert statement(cert, p1)["net_cents"] == 0
    assert_money_conserved(cert)


@pytest.mark.parametrize("stage", ["bet placed", "mid-play"])
def test_bj_27_a10_crash_mid_jogada_voided_at_start_up(make_settings, clock, stage):
    """r27, r28, A10: a jogada a crash left open is voided when the service starts again
    (reason service_restart): every stake back (build_ledger closed and opened again)."""
    first = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(27))
    try:
        table, (player,) = setup_table(first, individual_config())
        placed = bet(first, table, player, 1_000)
        if stage == "mid-play":
            deal(first, table, player, shoe([["8s", "8d"]], "7c", "Th", ["3c", "9d"]))
            decide(first, table, placed["jogada_id"], player, "split")
    finally:
        first.close()
    clock.advance(60)
    second = build_ledger(make_settings(certification_mode="1"), clock=clock,
                          seeds=SeededSeedSource(28))
    try:
        events = table_events(second, table, placed["jogada_id"])  # recovered at start-up
        voided = only(events, "JogadaVoided")
        assert (voided.reason, voided.actor) == ("service_restart", bj.RECOVERY_ACTOR)
        assert voided.refunds == {"1": 2_000 if stage == "mid-play" else 1_000}
        assert ("RngRevealed" in names(events)) is (stage == "mid-play")
        assert balances(second, [player]) == [(DEPOSIT_CENTS, 0)]
        assert bj.recover(second) == []
        assert bj.describe(second, table["table_id"])["open_jogada"] is None
        again = bet(second, table, player, 500)  # the table plays on
        assert again["jogada_id"] == f"{table['table_id']}:2"
        assert_money_conserved(second)
    finally:
        second.close()
