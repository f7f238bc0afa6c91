"""Roulette bets through the ledger (Reg. 807/2015 r4, r5, r7–r13, r16; A57, A63; 903-B
6.1.4; certification mode): what a bet records and holds, the betting window of a
multi-player wheel, and bad input refused naming the field and the rule with nothing recorded
and no money moved."""

from __future__ import annotations

import pytest

from domain.kernel.errors import (
    ConflictError,
    InvalidInputError,
    RuleViolationError,
)
from tests.roulette.conftest import refused
from tests.roulette.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    balances,
    bet,
    chance,
    force,
    individual_config,
    join,
    launch,
    multi_config,
    names,
    new_player,
    new_wheel,
    only,
    pleno,
    rf_rule,
    setup_wheel,
    start,
    statement,
    tick,
    view,
    wheel_events,
)


def test_rf_4_wheels_individual_or_multi_and_config_outside_the_text_refused(ledger):
    """r4: a wheel is individual or multi-player; another kind is refused naming the rule,
    nothing recorded."""
    for kind in ("individual", "multi"):
        assert new_wheel(ledger, {"kind": kind, "min_cents": 100})["game"] == f"roulette_{kind}"
    with refused(ledger, InvalidInputError, field="kind", rule=rf_rule(4)):
        new_wheel(ledger, {"kind": "shared", "min_cents": 100})
    with refused(ledger, InvalidInputError, field="betting_seconds",
                 rule="903-B 6.1.4; roleta francesa rule 16"):
        new_wheel(ledger, multi_config(betting_seconds=2))


def test_rf_5_a_bet_joins_the_player_and_each_bets_alone(ledger):
    """r5: at a multi-player wheel each player bets alone against the house; a first bet
    joins the player (PlayerJoined), after the jogada opened."""
    wheel, (ana, rui) = setup_wheel(ledger, multi_config(), players=2)
    join(ledger, wheel, rui)
    placed = bet(ledger, wheel, ana, pleno(7))
    events = wheel_events(ledger, wheel)
    assert names(events) == ["WheelOpened", "PlayerJoined", "JogadaOpened", "PlayerJoined",
                             "BetsPlaced"]
    assert only(events, "BetsPlaced").slip == placed["slip"] == 1
    assert balances(ledger, [ana, rui]) == [(DEPOSIT_CENTS, 1_000), (DEPOSIT_CENTS, 0)]
    assert statement(ledger, ana)["wagered_cents"] == 1_000


def test_rf_4_individual_wheel_holds_one_player(ledger):
    """r4: an individual wheel holds one player at a time."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    rui = start(ledger, wheel, new_player(ledger, name="Rui"))
    join(ledger, wheel, ana)
    with refused(ledger, ConflictError, players=[ana, rui], code="wheel_taken",
                 rule=rf_rule(4)):
        bet(ledger, wheel, rui, pleno(1))


def test_rf_16_window_announced_at_least_3s_and_a_late_bet_refused(cert, clock):
    """r16, 903-B 6.1.4: a multi-player wheel's window is opened by the first bet, announced
    ("façam as vossas apostas"), runs for everyone at once for at least 3 s; a bet at its
    last moment is taken, one after "jogo feito nada mais" refused; the clock spins."""
    wheel, (ana, rui) = setup_wheel(cert, multi_config(betting_seconds=3), players=2)
    placed = bet(cert, wheel, ana, pleno(7), forced_number=7)
    opened = only(wheel_events(cert, wheel, placed["jogada_id"]), "JogadaOpened")
    assert opened.announcement == "façam as vossas apostas"
    assert (opened.betting_closes_at - opened.at).total_seconds() == 3
    clock.advance(3)
    bet(cert, wheel, rui, chance("preto"))  # at the close: still in
    assert tick(cert, wheel) == []
    clock.advance(0.001)
    with refused(cert, RuleViolationError, players=[ana, rui], code="betting_closed",
                 field="bets", rule="903-B 6.1.4; roleta francesa rule 16"):
        bet(cert, wheel, rui, chance("encarnado"))
    with refused(cert, RuleViolationError, players=[ana, rui], code="betting_closed"):
        force(cert, wheel, 3)
    assert tick(cert, wheel) == ["spun"]
    events = wheel_events(cert, wheel, placed["jogada_id"])
    closed = only(events, "BettingClosed")
    assert (closed.announcement, closed.rule) == ("jogo feito nada mais", rf_rule(16))
    assert closed.players == sorted([str(ana.player_id), str(rui.player_id)])
    assert only(events, "BallLanded").number == 7
    assert balances(cert, [ana, rui]) == [(DEPOSIT_CENTS + 35_000, 0),
                                          (DEPOSIT_CENTS - 1_000, 0)]
    assert_money_conserved(cert, [ana, rui])


def test_rf_16_the_launch_is_the_individual_wheels_and_the_clock_the_multis(cert, clock):
    """r16, r17: no launch at a multi-player wheel; at an individual one only the player with
    bets launches."""
    wheel, (ana,) = setup_wheel(cert, multi_config())
    bet(cert, wheel, ana, pleno(1))
    with refused(cert, Exception, players=[ana], rule=rf_rule(16)):
        launch(cert, wheel, ana)
    solo, (rui,) = setup_wheel(cert, individual_config())
    bet(cert, solo, rui, pleno(1))
    with refused(cert, Exception, players=[rui], rule=rf_rule(17)):
        launch(cert, solo, None)


def test_a57_stakes_on_one_position_add_up_across_commands(ledger):
    """A57, r12: the maximum is per position in the jogada: a second command's stake on the
    same pleno, and a call bet's component on it, count towards it (min 100: pleno max
    3,000)."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    bet(ledger, wheel, ana, pleno(17, 2_000))
    with refused(ledger, RuleViolationError, players=[ana], code="over_position_maximum",
                 field="bets[0]", rule=f"{rf_rule('3b', 12)}, A57"):
        bet(ledger, wheel, ana, pleno(17, 1_001))
    with refused(ledger, RuleViolationError, players=[ana], code="over_position_maximum",
                 field="bets[0]"):
        bet(ledger, wheel, ana, {"call": "neighbours", "number": 17, "neighbours": 2,
                                 "unit_cents": 1_001})
    bet(ledger, wheel, ana, pleno(17, 1_000))
    assert view(ledger, wheel, ana)["jogada"]["staked_cents"] == 3_000


def test_a63_no_second_roulette_jogada_while_one_is_incomplete(ledger):
    """A63, 903-B 6.3.4(1): bets at a second wheel wait until the player's jogada at the first
    ends (on any device)."""
    first, (ana,) = setup_wheel(ledger, multi_config())
    second = new_wheel(ledger, multi_config())
    ana2 = start(ledger, second, ana.player_id)
    bet(ledger, first, ana, pleno(1))
    with refused(ledger, ConflictError, players=[ana], code="jogada_in_play",
                 rule=f"A63, {rf_rule(3)}"):
        bet(ledger, second, ana2, pleno(2))


def test_rf_9_idempotent_by_key(ledger):
    """A bet command again with its key answers the same and records nothing more."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    first = bet(ledger, wheel, ana, pleno(3), key="same")
    assert bet(ledger, wheel, ana, pleno(3), key="same") == first
    assert balances(ledger, [ana]) == [(DEPOSIT_CENTS, 1_000)]
    assert len(wheel_events(ledger, wheel, first["jogada_id"])) == 2


@pytest.mark.parametrize(("bad", "field", "rule"), [
    (chance("cavalo", [1, 5]), "bets[0].numbers", rf_rule("6d", 7, 10)),  # not adjacent
    (chance("quadro", [1, 2, 3, 4]), "bets[0].numbers", rf_rule("6d", 7, 10)),  # no corner
    (chance("linha", [1, 2, 3, 7, 8, 9]), "bets[0].numbers", rf_rule("6d", 7, 10)),
    (chance("cavalo_de_duzia", [1, 3]), "bets[0].numbers", f"{rf_rule('7a')}, A40"),
    (chance("roulette", [1]), "bets[0].chance", rf_rule(7)),
    (pleno(37), "bets[0].numbers", rf_rule("6a", "6d")),
])
def test_rf_7_10_a_position_that_is_not_one_refused(ledger, bad, field, rule):
    """r7, r10, A40: a cavalo of non-adjacent numbers, a quadro that is not a corner, a linha
    that is not two adjacent rows, non-adjacent dozens, an unknown chance, a number off the
    layout: 422 naming the bet's field and the rule, nothing recorded, no money moved."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    with refused(ledger, InvalidInputError, players=[ana], field=field, rule=rule):
        bet(ledger, wheel, ana, bad)


def test_rf_8_11_13_limits_and_offers_refused(ledger):
    """r11 (below the minimum), r8 (a call bet the wheel does not offer), r13 (the player's
    cap; two-dozen bets dropped): refused naming the field and the rule."""
    wheel, (ana,) = setup_wheel(ledger, individual_config(
        call_bets=["voisins_du_zero"], two_dozen_column=False, player_total_max_cents=5_000))
    with refused(ledger, RuleViolationError, players=[ana], code="bet_below_minimum",
                 field="bets[0]", rule=rf_rule("3c", 11)):
        bet(ledger, wheel, ana, pleno(1, 99))
    with refused(ledger, RuleViolationError, players=[ana], code="call_bet_not_offered",
                 field="bets[0].call", rule=rf_rule(8)):
        bet(ledger, wheel, ana, {"call": "orphelins", "unit_cents": 100})
    with refused(ledger, InvalidInputError, players=[ana], field="bets[0].chance",
                 rule=rf_rule(13)):
        bet(ledger, wheel, ana, chance("cavalo_de_coluna", [1, 2]))
    bet(ledger, wheel, ana, pleno(1, 3_000))
    with refused(ledger, RuleViolationError, players=[ana], code="over_player_total",
                 field="bets", rule=rf_rule(13)):
        bet(ledger, wheel, ana, pleno(2, 2_001))


def test_rf_9_a_bet_the_wallet_cannot_cover_and_one_without_a_session_refused(ledger):
    """903-B 5.4.3(5): the wallet covers the slip; r29: a session at the wheel first."""
    wheel, (ana,) = setup_wheel(ledger, individual_config(), deposit_cents=500)
    with refused(ledger, Exception, players=[ana], field="bets"):
        bet(ledger, wheel, ana, pleno(1, 600))
    elsewhere = start(ledger, new_wheel(ledger, individual_config()), new_player(ledger))
    with refused(ledger, ConflictError, players=[elsewhere], field="session_id",
                 rule=rf_rule(29)):
        bet(ledger, wheel, elsewhere, pleno(1))


def test_forced_number_outside_certification_mode_refused(ledger):
    """Certification mode only: a forced number on a ledger without it is refused naming
    forced_number, nothing recorded."""
    wheel, (ana,) = setup_wheel(ledger, individual_config())
    with refused(ledger, RuleViolationError, players=[ana], field="forced_number",
                 code="certification_mode_off"):
        bet(ledger, wheel, ana, pleno(1), forced_number=1)
    bet(ledger, wheel, ana, pleno(1))
    with refused(ledger, RuleViolationError, players=[ana], field="forced_number"):
        launch(ledger, wheel, ana, forced_number=1)
    with refused(ledger, RuleViolationError, players=[ana], field="forced_number"):
        force(ledger, wheel, 1)
    assert OPERATOR  # the operator's command is refused too
