"""The rules no other roulette test cites (807 r1, r2; A38, A41, A42, A69): the house banks every
bet, the ball comes to rest on one number in the order of a spin, the payouts are the full
text's rule 14, call bets as A59 settles them, the rules the seed lacked are catalogued."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from domain.games.roulette import call_bets, chances
from domain.games.roulette.rule_book import RF, RULE_BOOK
from domain.ledger.accounts import CASHIER_CODE, HOUSE_CODE, wallet_code
from projections import queries
from tests.roulette.support import (
    assert_money_conserved,
    chance,
    house,
    individual_config,
    name_of,
    names,
    only,
    play,
    pleno,
    setup_wheel,
    stream_events,
    wallet,
    wheel_events,
)

TEXT = Path(__file__).resolve().parents[3] / "shared" / "regulations" / \
    "807-2015-roleta-francesa-online.txt"


def test_rf_1_the_house_banks_every_bet(cert):
    """r1: players bet against the operator: every stake is held towards the house's account,
    which pays the wins and keeps the losses."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    play(cert, wheel, ana, 5, pleno(5, 200), chance("preto", cents=300))
    held = [e for e in stream_events(cert, wallet(cert, ana).id) if name_of(e) == "FundsHeld"]
    assert len(held) == 1 and held[0].counterparty == HOUSE_CODE
    # pleno on 5 wins 35 × 2 € (r14), black loses 3 € (5 is red): the house is 67 € down
    assert house(cert) == -(35 * 200 - 300)
    assert_money_conserved(cert, [ana])


def test_rf_2_the_ball_is_launched_and_comes_to_rest_on_one_number(cert):
    """r2: the launch (r17), the RNG's number committed before the ball lands (903-B 6.7.5),
    the ball at rest on one of the 37 numbers, then the collection and the payment (r19)."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    jid = play(cert, wheel, ana, 26, pleno(26))
    order = [n for n in names(wheel_events(cert, wheel, jid))
             if n in ("BettingClosed", "RngCommitted", "BallLanded", "BetsSettled",
                      "JogadaSettled")]
    assert order == ["BettingClosed", "RngCommitted", "BallLanded", "BetsSettled",
                     "JogadaSettled"]
    landed = only(wheel_events(cert, wheel, jid), "BallLanded")
    assert (landed.number, landed.colour) == (26, "black")


@pytest.mark.skipif(not TEXT.exists(), reason="no ../shared/regulations")
def test_a38_payouts_are_rule_14_of_the_full_text_not_from_memory():
    """A38: the seed gave no payouts; the full text's rule 14 does, and ODDS is it."""
    text = TEXT.read_text(encoding="utf-8")
    start = text.index("\n14 — ")
    r14 = text[start:text.index("\n15 — ", start)]
    words = {"metade": Fraction(1, 2), "valor igual": Fraction(1)}
    found = [Fraction(int(m)) for m in re.findall(r": (\d+):? vezes", r14)]
    found += [words["metade"]] * r14.count("metade do valor") + [words["valor igual"]]
    expected = [chances.ODDS[c] for c in chances.MULTIPLE] + [chances.ODDS[chances.SIMPLES]]
    assert found == expected


def test_a41_call_bets_neighbours_2_4_6_and_one_pleno_per_number_by_default():
    """A41, settled by A59: 2, 4 or 6 neighbours; one pleno per covered number unless the
    wheel's specific rules choose the classic chips."""
    assert call_bets.NEIGHBOUR_COUNTS == (2, 4, 6)
    comps = call_bets.components(call_bets.TIERS)
    assert {c.position.chance for c in comps} == {"pleno"} and len(comps) == 12


def test_a42_the_rules_the_seed_lacked_are_catalogued():
    """A42: the seed stopped at rule 10; the full text's rules 11–33 are in the catalogue."""
    assert set(RULE_BOOK.rules[RF]) == {str(n) for n in range(1, 34)}


def test_a69_no_jackpot_money_moves_between_wallets_and_the_house_alone(cert):
    """A69: 807 provides no jackpot, so none is offered: a spin's money moves between the
    players' wallets and the house's account, and no pool account exists."""
    wheel, (ana,) = setup_wheel(cert, individual_config())
    play(cert, wheel, ana, 0, pleno(0, 200), chance("encarnado", cents=300))
    cert.projections.wait(cert.writer.last_position)
    codes = {row["account_code"] for row in queries.accounts(cert.projections.engine)
             if row["balance_cents"]}
    assert codes <= {HOUSE_CODE, CASHIER_CODE, wallet_code(ana.player_id)}
    assert house(cert) == -(35 * 200 - 300)
