"""Re-adjudication of póquer sem descarte jogadas (issue 14): real jogadas run through the
service with forced decks (certification mode), each recomputed from its recorded events alone
(domain/games/semdescarte/adjudication.py, fed the jogada index's events) and from the notification
log (infra/services/adjudication.py), and compared with the money actually moved.

Every expected net is worked out here from the rules (ante, 2 × ante, the paytable, the
jackpot's multiples and percentages) and checked against the wallets as the store has them."""

from __future__ import annotations

import pytest

from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.kernel.errors import InvalidInputError
from domain.games.semdescarte.adjudication import adjudicate
from infra.services.adjudication import adjudicate_all
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.adjudication_check import assert_ended_jogadas_agree, one_report
from tests.semdescarte import client as sd
from tests.semdescarte.support import (BANK_AK, BANK_NOT_QUALIFIED, DEPOSIT_CENTS, JACKPOT,
                                       JACKPOT_STAKE, OPERATOR, ante, deal, decide, forced_deck,
                                       house, individual_config, jackpot_pool, multi_config,
                                       setup_table, wallet)

CONTRIBUTION = JACKPOT_STAKE * JACKPOT["contribution_bp"] // 10_000  # Portaria r3, r8: 70
SD = "póquer sem descarte rule"


@pytest.fixture
def cert(make_settings, clock, request):
    """Certification mode (forced decks); re-adjudicated at the end like every ledger."""
    built = build_ledger(make_settings(certification_mode="1"), clock=clock,
                         seeds=SeededSeedSource(1414))
    try:
        yield built
        assert_ended_jogadas_agree(built, request)
    finally:
        built.close()


def adjudicated(ledger, jogada_id, opening=None):
    return one_report(ledger, jogada_id, adjudicate, sd.jogada_domain_events(ledger, jogada_id),
                      opening)


def net(ledger, player):
    return wallet(ledger, player).balance_cents - DEPOSIT_CENTS


def play_individual(ledger, table, player, hand, bank, decision, *, jackpot_bet=None,
                    burn="5c"):
    placed = ante(ledger, table, player, 200, jackpot_bet_cents=jackpot_bet)
    deal(ledger, table, player, forced_deck(burn, [hand], bank))
    assert decide(ledger, table, placed["jogada_id"], player, decision)["settled"] is True
    return placed["jogada_id"]


@pytest.mark.parametrize("hand, bank, decision, expected, rule", [
    (["Ah", "Qd", "9s", "7c", "4d"], BANK_AK, "fold", -200, f"{SD} 22"),
    (["Ah", "Qd", "9s", "7c", "4d"], BANK_AK, "continue", -600, f"{SD} 29"),
    (["9h", "7d", "6c", "4s", "3d"], BANK_NOT_QUALIFIED, "continue", 200, f"{SD} 26 (A3)"),
    (["5c", "6d", "7h", "8s", "9c"], BANK_AK, "continue", 200 + 4 * 400, f"{SD} 28 (A2)"),
    (["Ah", "Kh", "9h", "7c", "4d"], ["As", "Kd", "9c", "7d", "4c"], "continue", 600,
     f"{SD} 28 (A4, A2)"),
    (["8h", "8d", "Ks", "5c", "3d"], ["8c", "8s", "Kh", "5d", "3h"], "continue", 0,
     f"{SD} 13 (A1)"),
], ids=["fold", "bank-higher", "bank-not-qualified", "straight-4x", "suit-tie-break", "push"])
def test_sd_22_26_28_29_a1_each_outcome_recomputes_to_the_money_moved(cert, hand, bank,
                                                                       decision, expected,
                                                                       rule):
    """Rules 22 (a fold loses the ante), 26 (A3), 28 (A2: ante 1:1, bet N to 1), 29, 9 (A4),
    13 (A1): recomputed from the cards and the decision, the jogada moves exactly what was
    moved, between the player's wallet and the house."""
    table, (player,) = setup_table(cert, individual_config())
    house_before = house(cert)
    report = adjudicated(cert, play_individual(cert, table, player, hand, bank, decision,
                                               burn="2c"))
    assert (report["game"], report["status"], report["agrees"]) == ("semdescarte", "settled",
                                                                     True)
    own = wallet_code(player.player_id)
    nets = {own: expected, HOUSE_CODE: -expected} if expected else {}
    assert report["recomputed"] == report["recorded"]["money"] == nets
    assert report["recorded"]["settlement"] == ({own: expected} if expected else {})
    assert (net(cert, player), house(cert) - house_before) == (expected, -expected)
    assert rule in report["rules"] and report["differences"] == report["problems"] == []


def test_sd_22_28_29_pt_r9c_r9e_a_multi_seat_jogada_with_side_bets(cert, clock):
    """Four seats, each with the jackpot side bet (Portaria r4b, r8: 70 of the 100 to the
    pool, 30 to the house): a flush (rule 28: 5 × the bet; r9e: 50 × the stake), four of a kind
    (20 ×; r9c: 500 × the stake), a folded full house (rule 22; A12: a folded hand wins no
    jackpot) and a losing hand (rule 29). The pool's prizes come from the pool as it stood."""
    table, players = setup_table(cert, multi_config(jackpot=JACKPOT), players=4)
    pool, house_before = jackpot_pool(cert, table), house(cert)
    for player in players:
        placed = ante(cert, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    hands = [["2h", "5h", "9h", "Jh", "Kh"], ["7c", "7d", "7h", "7s", "2c"],
             ["Td", "Tc", "Ts", "4d", "4s"], ["Qc", "Jd", "9c", "5d", "3d"]]
    clock.advance(21)
    deal(cert, table, None, forced_deck("2d", hands, BANK_AK))
    for player, decision in zip(players, ("continue", "continue", "fold", "continue")):
        decide(cert, table, placed["jogada_id"], player, decision)
    code = table["jackpot_account"]
    report = adjudicated(cert, placed["jogada_id"], {code: pool})
    expected = [200 + 5 * 400 + 50 * JACKPOT_STAKE - JACKPOT_STAKE,
                200 + 20 * 400 + 500 * JACKPOT_STAKE - JACKPOT_STAKE,
                -200 - JACKPOT_STAKE, -600 - JACKPOT_STAKE]
    to_pool = 4 * CONTRIBUTION - 50 * JACKPOT_STAKE - 500 * JACKPOT_STAKE
    nets = {wallet_code(p.player_id): cents for p, cents in zip(players, expected)}
    nets |= {code: to_pool, HOUSE_CODE: -sum(expected) - to_pool}
    assert report["agrees"] and report["recomputed"] == report["recorded"]["money"] == nets
    assert report["opening_balances"] == {code: pool}
    assert [net(cert, p) for p in players] == expected
    assert jackpot_pool(cert, table) - pool == to_pool
    assert house(cert) - house_before == nets[HOUSE_CODE]
    assert {"Portaria 461/2001 rule 9c (A12)", "Portaria 461/2001 rule 9e (A12)"} <= set(
        report["rules"])


def test_pt_r9b_straight_flush_takes_10_percent_of_the_pool_as_it_stood(cert):
    """r9b: 10 % of the jackpot, rounded down (A12). A first jogada grows the pool by its side
    bet; the second's straight flush takes 10 % of the pool with both contributions, the
    opening balance folded from the log (903-B 6.4.6(3))."""
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    start = jackpot_pool(cert, table)
    play_individual(cert, table, player, ["Ah", "Qd", "9s", "7c", "4d"], BANK_AK, "fold",
                    jackpot_bet=JACKPOT_STAKE)
    pool = jackpot_pool(cert, table)
    assert pool == start + CONTRIBUTION
    jogada_id = play_individual(cert, table, player, ["4d", "5d", "6d", "7d", "8d"], BANK_AK,
                                "continue", jackpot_bet=JACKPOT_STAKE)
    code = table["jackpot_account"]
    report = adjudicated(cert, jogada_id, {code: pool})
    prize = (pool + CONTRIBUTION) * 1_000 // 10_000
    own = 200 + 50 * 400 + prize - JACKPOT_STAKE
    assert report["agrees"] and report["recomputed"][wallet_code(player.player_id)] == own
    assert report["recomputed"][code] == CONTRIBUTION - prize
    assert jackpot_pool(cert, table) == pool + CONTRIBUTION - prize


def _royal_flush(cert):
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    pool = jackpot_pool(cert, table)
    jogada_id = play_individual(cert, table, player, ["Th", "Jh", "Qh", "Kh", "Ah"], BANK_AK,
                                "continue", jackpot_bet=JACKPOT_STAKE)
    return table, player, pool, adjudicated(cert, jogada_id, {table["jackpot_account"]: pool})


def test_pt_r9a_royal_flush_takes_the_whole_pool_recomputed_per_player(cert):
    """r9a: the royal flush takes the whole pool, this jogada's contribution included; the
    player's wallet recomputes to exactly what the settlement says and what was moved."""
    table, player, pool, report = _royal_flush(cert)
    own = wallet_code(player.player_id)
    expected = 200 + 100 * 400 + pool + CONTRIBUTION - JACKPOT_STAKE
    assert report["recomputed"][own] == report["recorded"]["settlement"][own] == expected
    assert report["recorded"]["money"][own] == net(cert, player) == expected
    assert [d for d in report["differences"] if d["account"] == own] == []
    refill = JACKPOT["starting_value_cents"]  # r10, A12: back from 0 to the starting value
    jackpot = report["recomputed"].get(table["jackpot_account"], 0)
    assert jackpot == CONTRIBUTION - (pool + CONTRIBUTION) + refill == refill - pool
    assert report["recomputed"][HOUSE_CODE] == -expected - jackpot
    assert jackpot_pool(cert, table) == refill


def test_pt_r10_a12_the_refill_after_a_royal_flush_is_in_the_jogada_record(cert):
    *_, report = _royal_flush(cert)
    assert report["differences"] == [] and report["agrees"]


def test_sd_33_void_recomputes_to_every_stake_refunded(cert, clock):
    """Rule 33: voided after the second bet, with a folded ante and collected side bets:
    every bet comes back, so the jogada nets to nothing on every account."""
    table, players = setup_table(cert, multi_config(jackpot=JACKPOT), players=3)
    for player in players:
        placed = ante(cert, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    clock.advance(21)
    hands = [["Qd", "Jd", "9h", "5s", "2d"], ["Ks", "Kh", "4d", "4h", "9c"],
             ["Ah", "Qs", "Tc", "7d", "5c"]]
    deal(cert, table, None, forced_deck("2c", hands, BANK_AK))
    decide(cert, table, placed["jogada_id"], players[0], "continue")
    decide(cert, table, placed["jogada_id"], players[1], "fold")
    sd.void_jogada(cert, table_id=table["table_id"], reason="server fault", actor=OPERATOR)
    report = adjudicated(cert, placed["jogada_id"])
    assert (report["status"], report["agrees"]) == ("voided", True)
    assert report["recomputed"] == report["recorded"]["money"] == {}
    assert report["recorded"]["settlement"] == {}
    assert f"{SD} 33" in report["rules"] and [net(cert, p) for p in players] == [0, 0, 0]


def test_sd_32_a_timeout_fold_recomputes_to_the_lost_ante(ledger, clock):
    """Rules 31, 32: no decision after the extra time is a fold: the ante is lost."""
    table, (player,) = setup_table(ledger, individual_config(decision_seconds=10,
                                                             extra_seconds=5))
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player)
    for seconds in (11, 6):
        clock.advance(seconds)
        sd.tick(ledger, table["table_id"])
    report = adjudicated(ledger, placed["jogada_id"])
    assert report["agrees"] and report["recomputed"] == {wallet_code(player.player_id): -200,
                                                         HOUSE_CODE: 200}


def test_903b_6_4_6_3_a_jackpot_prize_without_the_pool_it_came_from_is_not_agreed(cert):
    """The pool's balance is no fact of the jogada: without it the prize cannot be recomputed,
    and the report says so instead of taking the recorded amount."""
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    jogada_id = play_individual(cert, table, player, ["2h", "5h", "9h", "Jh", "Kh"], BANK_AK,
                                "continue", jackpot_bet=JACKPOT_STAKE)
    report = adjudicate(sd.jogada_domain_events(cert, jogada_id))
    assert report["agrees"] is False
    assert report["problems"] == [f"cannot recompute: the balance of {table['jackpot_account']}"
                                  " before the jogada is needed to recompute its prize"
                                  " (Portaria 461/2001 rule 9)"]


def test_903b_6_3_4_an_open_jogada_is_not_adjudicated(cert):
    table, (player,) = setup_table(cert, individual_config())
    placed = ante(cert, table, player, 200)
    with pytest.raises(InvalidInputError, match="has not ended"):
        adjudicate(sd.jogada_domain_events(cert, placed["jogada_id"]))
    assert [r["jogada_id"] for r in adjudicate_all(cert)] == []
