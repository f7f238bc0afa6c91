"""Roulette interruptions and withdrawals through the ledger (Reg. 807/2015 r22–r25; A60,
A62; 903-B 6.3.2): a void by a fault of the system (every stake back), a lost connection
(never a void), bets withdrawn or refunded at an individual wheel (A60: until the launch; at
the session's end; at day 90), and a jogada a crash left open, resolved on restart."""

from __future__ import annotations

from datetime import timedelta

from domain.games.roulette import commands as rf
from domain.kernel.errors import ConflictError, RuleViolationError
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from tests.adjudication_check import assert_ended_jogadas_agree
from tests.roulette.conftest import refused
from tests.roulette.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    balances,
    bet,
    chance,
    due,
    individual_config,
    launch,
    multi_config,
    names,
    only,
    pleno,
    rf_rule,
    settings_for,
    setup_wheel,
    statement,
    tick,
    view,
    wheel_events,
    withdraw,
)

A60_REFUND = "A60; roleta francesa rule 23 by analogy; 903-B 6.3.2(4)"


def test_rf_22_23_a62_void_every_stake_back_with_the_message(ledger):
    """r22, r23, A62: an operator's interruption with no valid number voids the jogada: every
    stake back, "ocorreu um erro; todos os pagamentos e apostas são anulados", the statement
    shows the stakes refunded."""
    wheel, (ana, rui) = setup_wheel(ledger, multi_config(), players=2)
    placed = bet(ledger, wheel, ana, pleno(3), chance("par"))
    bet(ledger, wheel, rui, pleno(4, 500))
    done = ledger.run(rf.VoidJogada(wheel_id=wheel["wheel_id"], reason="RNG fault",
                                    actor=OPERATOR))
    assert done["message"] == "ocorreu um erro; todos os pagamentos e apostas são anulados"
    voided = only(wheel_events(ledger, wheel, placed["jogada_id"]), "JogadaVoided")
    assert voided.refunds == {str(ana.player_id): 2_000, str(rui.player_id): 500}
    assert voided.rule == f"{rf_rule(22, 23)}, A62"
    assert balances(ledger, [ana, rui]) == [(DEPOSIT_CENTS, 0), (DEPOSIT_CENTS, 0)]
    lines = statement(ledger, ana)
    assert (lines["wagered_cents"], lines["refunded_cents"], lines["net_cents"]) == (2_000,
                                                                                   2_000, 0)
    assert_money_conserved(ledger, [ana, rui])


def test_rf_24_25_connection_lost_never_voids(cert, clock):
    """r24, r25: a lost connection is recorded; the bets stand, the spin comes and a win is
    paid."""
    wheel, (ana,) = setup_wheel(cert, multi_config())
    placed = bet(cert, wheel, ana, pleno(11), forced_number=11)
    lost = cert.run(rf.ConnectionLost(wheel_id=wheel["wheel_id"],
                                      player_id=str(ana.player_id), actor=ana.actor))
    assert (lost["effect"], lost["jogada_id"]) == ("stands", placed["jogada_id"])
    clock.advance(11)
    assert tick(cert, wheel) == ["spun"]
    events = wheel_events(cert, wheel, placed["jogada_id"])
    assert only(events, "ConnectionLost").rule == rf_rule(24, 25)
    assert "JogadaVoided" not in names(events)
    assert balances(cert, [ana]) == [(DEPOSIT_CENTS + 35_000, 0)]


def test_a60_withdraw_a_slip_before_the_launch_no_fee(cert):
    """A60: at an individual wheel the player withdraws a slip before the launch: its stake
    back, no fee, off the statement's net; the launch settles the rest; after the launch
    nothing is left to withdraw."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    first = bet(cert, wheel, ana, pleno(5))
    bet(cert, wheel, ana, chance("impar", cents=300))
    done = withdraw(cert, wheel, ana, slip=first["slip"])
    assert (done["withdrawn"], done["refunded_cents"]) == ([1], 1_000)
    assert balances(cert, [ana]) == [(DEPOSIT_CENTS, 300)]
    launch(cert, wheel, ana, forced_number=5)
    events = wheel_events(cert, wheel, first["jogada_id"])
    assert only(events, "BetsWithdrawn").rule == f"{rf_rule(17)}, A60"
    settled = only(events, "BetsSettled")
    assert [s["slip"] for s in settled.slips] == [2] and settled.returned_cents == 600
    assert balances(cert, [ana]) == [(DEPOSIT_CENTS + 300, 0)]
    lines = statement(cert, ana)
    assert (lines["wagered_cents"], lines["refunded_cents"], lines["won_cents"]) == (1_300,
                                                                                   1_000, 600)
    with refused(cert, ConflictError, players=[ana], code="no_bets"):
        withdraw(cert, wheel, ana)
    assert_money_conserved(cert, [ana])


def test_a60_withdraw_every_slip_ends_the_jogada_and_multi_refuses(ledger):
    """A60: every slip withdrawn, the jogada ends with nothing to launch; at a multi-player
    wheel bets stand (r16)."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    placed = bet(ledger, wheel, ana, pleno(5))
    withdraw(ledger, wheel, ana)
    refunded = only(wheel_events(ledger, wheel, placed["jogada_id"]), "JogadaCancelled")
    assert (refunded.reason, refunded.refunds) == ("withdrawn", {})
    assert view(ledger, wheel, ana)["jogada"] is None
    multi, (rui,) = setup_wheel(ledger, multi_config())
    bet(ledger, multi, rui, pleno(5))
    with refused(ledger, RuleViolationError, players=[rui], code="withdraw_not_offered",
                 rule=f"{rf_rule(16)}, A60"):
        withdraw(ledger, multi, rui)
    assert_money_conserved(ledger, [ana])


def test_a60_bets_never_launched_refunded_when_the_session_ends(ledger):
    """A60 (r23 by analogy): the player ends its session with bets never launched: refunded
    (JogadaCancelled "session_ended"), the player leaves the wheel; the statement (r28) nets
    zero."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    placed = bet(ledger, wheel, ana, pleno(5), chance("preto", cents=200))
    lines = sessions_service.end_session(ledger, ana.session_id, "player", ana.actor,
                                         player_id=ana.player_id)
    assert (lines["wagered_cents"], lines["refunded_cents"], lines["net_cents"]) == (1_200,
                                                                                   1_200, 0)
    events = wheel_events(ledger, wheel, placed["jogada_id"])
    refunded = only(events, "JogadaCancelled")
    assert (refunded.reason, refunded.refunds, refunded.rule) == (
        "session_ended", {str(ana.player_id): 1_200}, A60_REFUND)
    assert only(wheel_events(ledger, wheel), "PlayerLeft").reason == "session_ended"
    assert balances(ledger, [ana]) == [(DEPOSIT_CENTS, 0)]
    assert_money_conserved(ledger, [ana])


def test_a60_903b_6_3_2_bets_never_launched_refunded_at_day_90(ledger, clock):
    """A60, 903-B 6.3.2(4): an individual wheel's bets wait for the launch up to 90 days,
    then the clock refunds them."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    placed = bet(ledger, wheel, ana, pleno(5))
    clock.advance(timedelta(days=90).total_seconds())
    assert due(ledger) == [] and tick(ledger, wheel) == []
    clock.advance(1)
    assert due(ledger) == [wheel["wheel_id"]]
    assert tick(ledger, wheel) == ["refunded_day_90"]
    refunded = only(wheel_events(ledger, wheel, placed["jogada_id"]), "JogadaCancelled")
    assert (refunded.reason, refunded.refunds) == ("day_90", {str(ana.player_id): 1_000})
    assert balances(ledger, [ana]) == [(DEPOSIT_CENTS, 0)]


def test_rf_16_903b_6_3_2_crash_mid_jogada_spun_on_restart(make_settings, clock):
    """903-B 6.3.2: a multi-player jogada open when the service stopped (build_ledger closed
    and opened again) whose window passed meanwhile is recorded at start-up (JogadaRecovered,
    once, whatever the restarts) and spun by the clock's first tick, from a seed of its own;
    an individual wheel's bets wait for the launch (A60)."""
    settings = settings_for(make_settings)
    first = build_ledger(settings, clock=clock, seeds=SeededSeedSource(22))
    try:
        wheel, (ana, rui) = setup_wheel(first, multi_config(), players=2)
        placed = bet(first, wheel, ana, chance("encarnado"), chance("preto"))
        bet(first, wheel, rui, chance("par", cents=500))
        solo, (eva,) = setup_wheel(first, individual_config())
        waiting = bet(first, solo, eva, pleno(1))
    finally:
        first.close()
    clock.advance(60)
    build_ledger(settings, clock=clock, seeds=SeededSeedSource(23)).close()  # a restart
    second = build_ledger(settings, clock=clock, seeds=SeededSeedSource(23))
    try:
        assert names(wheel_events(second, wheel, placed["jogada_id"]))[3:] == [
            "JogadaRecovered"]  # recorded once; no seed drawn at start-up
        assert tick(second, wheel)  # the clock's first tick (off in the tests)
        events = wheel_events(second, wheel, placed["jogada_id"])
        assert names(events)[3:6] == ["JogadaRecovered", "BettingClosed", "RngCommitted"]
        assert only(events, "JogadaRecovered").rule == "903-B 6.3.2"
        assert names(events)[-2:] == ["JogadaSettled", "RngRevealed"]
        assert names(wheel_events(second, solo, waiting["jogada_id"])) == ["JogadaOpened",
                                                                          "BetsPlaced"]
        assert sum(w[1] for w in balances(second, [ana, rui])) == 0
        assert_money_conserved(second, [ana, rui])
        assert_ended_jogadas_agree(second)
    finally:
        second.close()
