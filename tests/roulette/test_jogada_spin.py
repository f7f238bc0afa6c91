"""The roulette spin through the ledger (Reg. 807/2015 r14, r15, r17–r21; A53, A58, A70;
903-B 6.7.5): the digest's examples with forced numbers (certification mode), the events of
a jogada in order, the money of a settlement, and the last winning numbers (r6e, A56)."""

from __future__ import annotations

from tests.roulette.support import (
    DEPOSIT_CENTS,
    assert_money_conserved,
    balances,
    chance,
    every,
    house,
    individual_config,
    names,
    only,
    play,
    pleno,
    setup_wheel,
    statement,
    view,
    wheel_events,
)


def test_rf_14_19_pleno_of_10_euros_returns_360(cert):
    """r14, r19 (digest §2.2): €10 on a pleno that wins returns €360, the stake included (35
    to 1); the loser's chips are collected first, then the winner paid."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 17, pleno(17), pleno(4))
    settled = only(wheel_events(cert, wheel, jid), "BetsSettled")
    assert (settled.staked_cents, settled.returned_cents, settled.net_cents) == (2_000, 36_000,
                                                                                 34_000)
    assert [c["returned_cents"] for b in settled.slips[0]["bets"] for c in b["components"]] \
        == [36_000, 0]
    assert balances(cert, [ana]) == [(DEPOSIT_CENTS + 34_000, 0)]
    assert house(cert) == -34_000
    assert_money_conserved(cert, [ana])


def test_rf_14_a53_cavalo_de_duzia_of_10_euros_returns_15(cert):
    """r14 (½ to 1), A53 (digest §2.2): €10 on a winning cavalo de dúzia returns €15; an odd
    stake's half cent is rounded up for the player."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 5, chance("cavalo_de_duzia", [1, 2], 1_000),
               chance("cavalo_de_coluna", [1, 2], 101))
    settled = only(wheel_events(cert, wheel, jid), "BetsSettled")
    assert [b["returned_cents"] for b in settled.slips[0]["bets"]] == [1_500, 152]
    assert_money_conserved(cert, [ana])


def test_rf_21_a58_zero_red_loses_quadro_0123_returns_90_first_dozen_loses(cert):
    """r21, A58 (digest §2.4): on 0 €10 on red loses (no la partage, no en prison), €10 on the
    quadro 0-1-2-3 returns €90 (8 to 1), €10 on the first dozen loses."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 0, chance("encarnado"), chance("quadro", [0, 1, 2, 3]),
               chance("duzia", [1]))
    events = wheel_events(cert, wheel, jid)
    landed = only(events, "BallLanded")
    assert (landed.number, landed.colour, landed.rule) == (0, "green", "roleta francesa rule 18")
    settled = only(events, "BetsSettled")
    assert [b["returned_cents"] for b in settled.slips[0]["bets"]] == [0, 9_000, 0]
    assert settled.net_cents == 9_000 - 3_000
    assert balances(cert, [ana]) == [(DEPOSIT_CENTS + 6_000, 0)]
    assert_money_conserved(cert, [ana])


def test_rf_20_a_bet_wins_when_it_holds_the_number_or_colour(cert):
    """r20: a bet wins if it is or holds the winning number or colour, else it loses."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 32, chance("encarnado"), chance("preto"),
               chance("cavalo", [32, 35]), chance("rua", [1, 2, 3]), chance("par"),
               chance("maior"))
    settled = only(wheel_events(cert, wheel, jid), "BetsSettled")
    assert [b["returned_cents"] for b in settled.slips[0]["bets"]] == [2_000, 0, 18_000, 0,
                                                                         2_000, 2_000]


def test_rf_17_18_19_a70_the_jogada_events_in_order_in_one_spin(cert):
    """r17 (the player launches), A70 and 903-B 6.7.5 (the number committed before it is
    shown), r18 (marked), r19 (settled), the seed revealed at the end: the spin's events in
    order, "jogo feito nada mais" announced."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 9, pleno(9))
    events = wheel_events(cert, wheel, jid)
    assert names(events) == ["JogadaOpened", "BetsPlaced", "BettingClosed", "RngCommitted",
                             "BallLanded", "BetsSettled", "JogadaSettled", "RngRevealed"]
    assert names(wheel_events(cert, wheel))[:2] == ["WheelOpened", "JogadaOpened"]
    closed = only(events, "BettingClosed")
    assert (closed.announcement, closed.rule) == ("jogo feito nada mais",
                                                  "roleta francesa rule 17")
    committed = only(events, "RngCommitted")
    assert (committed.kind, committed.outcome, committed.forced) == ("number", [9], True)
    assert only(events, "JogadaSettled").recent_results == [{"number": 9, "colour": "red"}]
    assert statement(cert, ana)["won_cents"] == 36_000


def test_rf_6e_a56_last_winning_numbers_and_colours_shown(cert):
    """r6e, A56: the last winning numbers and their colours, newest first, at most
    ``results_shown`` (here 2)."""
    wheel, (ana,) = setup_wheel(cert, individual_config(results_shown=2))
    for number in (3, 0, 26):
        play(cert, wheel, ana, number, chance("impar"))
    shown = view(cert, wheel, ana)["recent_results"]
    assert shown == [{"number": 26, "colour": "black"}, {"number": 0, "colour": "green"}]
    assert len(every(wheel_events(cert, wheel), "JogadaSettled")) == 3
