"""Roulette's significant events (domain/games/roulette/significant.py; GLI-19 §2.8; 903-B
6.3.3, 6.3.6(6)(7)): a wheel opened with its configuration (r4, r11–r13), a lost connection
(r24, r25), a void (r22, r23, A62), bets never launched refunded (A60; 903-B 6.3.2(4)), a
jogada spun at start-up (903-B 6.3.2), a large win (1 000,00 € or more won, r14)."""

from __future__ import annotations

from domain.audit.core_significant import CORE
from domain.games.blackjack.significant import KINDS as BJ_KINDS
from domain.games.roulette.significant import (
    BETS_REFUNDED,
    JOGADA_SPUN_AT_START,
    LARGE_WIN,
    SIGNIFICANT,
    winnings,
)
from domain.games.roulette.wheel import RouletteWheel as RW
from domain.kernel.significant import check_kinds
from tests.roulette import support as rs
from tests.roulette.recorded import P1, on_seventeen


def _entries(ledger, **filters):
    from projections.significant_events import entries

    ledger.projections.wait(ledger.writer.last_position)
    found, _ = entries(ledger.projections.engine, game="roulette", limit=50, **filters)
    return found


def test_903b_6_3_6_6_the_kinds_mean_what_the_other_sources_say():
    """A kind two sources declare means the same in both (large_win: blackjack's too)."""
    check_kinds(SIGNIFICANT.kinds, {**CORE.kinds, **BJ_KINDS}, "roulette")
    assert SIGNIFICANT.kinds[LARGE_WIN] == BJ_KINDS[LARGE_WIN]


def test_rf_14_a_large_win_counts_the_winnings_not_the_stakes_returned():
    """P1's 10,00 € pleno on 17 won 350,00 € and its cavalo de dúzia 5,00 €: 355,00 €, below
    1 000,00 €: no entry; the same slips at ×3 would be 1 065,00 €."""
    settled = next(e for e in on_seventeen() if type(e).__name__ == "BetsSettled")
    assert winnings(settled.slips) == 35_500
    assert SIGNIFICANT.classify[RW.BetsSettled](settled) is None
    for slip in settled.slips:
        for bet in slip["bets"]:
            for c in bet["components"]:
                c.update(amount_cents=3 * c["amount_cents"],
                         returned_cents=3 * c["returned_cents"])
    entry = SIGNIFICANT.classify[RW.BetsSettled](settled)
    assert (entry.kind, entry.detail["amount_cents"], entry.detail["players"]) == (
        LARGE_WIN, 106_500, [P1])
    assert "1 065,00 €" in entry.summary or "1065,00 €" in entry.summary


def test_rf_4_22_24_a60_a_wheels_significant_events_in_the_projection(cert, clock):
    """r4: the wheel opened; r24, r25: a lost connection, the jogada stands; a large win (a
    30,00 € pleno on 17: 1 050,00 €); r22, r23, A62: an operator's void; A60: bets never
    launched refunded at the session's end."""
    from domain.games.roulette import commands as rf
    from infra.services import sessions as sessions_service

    wheel, (ana,) = rs.setup_wheel(cert, rs.individual_config())
    placed = rs.bet(cert, wheel, ana, rs.pleno(17, 3_000))
    cert.run(rf.ConnectionLost(wheel_id=wheel["wheel_id"], player_id=str(ana.player_id),
                               actor=ana.actor))
    rs.launch(cert, wheel, ana, forced_number=17)
    won = placed["jogada_id"]
    refunded = rs.bet(cert, wheel, ana, rs.pleno(5, 200))["jogada_id"]
    sessions_service.end_session(cert, ana.session_id, "player", ana.actor)
    multi, (bia,) = rs.setup_wheel(cert, rs.multi_config())
    voided = rs.bet(cert, multi, bia, rs.pleno(1))["jogada_id"]
    cert.run(rf.VoidJogada(wheel_id=multi["wheel_id"], reason="server fault",
                           actor=rs.OPERATOR))
    listed = _entries(cert)
    found = {(e["kind"], e["jogada_id"]): e for e in listed}
    assert sum(e["kind"] == "venue_opened" for e in listed) == 2
    lost = found[("connection_lost", won)]
    assert (lost["severity"], lost["detail"]["rule"]) == ("warning", "roleta francesa rules"
                                                                     " 24, 25")
    assert found[(LARGE_WIN, won)]["detail"]["amount_cents"] == 105_000
    assert found[("jogada_voided", voided)]["detail"]["rule"] == \
        "roleta francesa rules 22, 23, A62"
    refund = found[(BETS_REFUNDED, refunded)]
    assert (refund["detail"]["reason"], refund["detail"]["amount_cents"]) == (
        "session_ended", 200)


def test_903b_6_3_2_a_jogada_spun_at_start_up_is_significant(ledger, clock):
    """903-B 6.3.2: a multi-player wheel's window passed while the service was down: recovery
    spins it (JogadaRecovered), an entry of its own."""
    from domain.games.roulette import commands as rf

    wheel, (ana,) = rs.setup_wheel(ledger, rs.multi_config())
    jid = rs.bet(ledger, wheel, ana, rs.chance("encarnado"))["jogada_id"]
    clock.advance(60)
    ledger.run(rf.RecoverWheels(actor="system:recovery"))
    (entry,) = [e for e in _entries(ledger) if e["kind"] == JOGADA_SPUN_AT_START]
    assert (entry["jogada_id"], entry["severity"]) == (jid, "warning")
