"""The jackpot side bet at a póquer sem descarte table, through tests/semdescarte/client.py on a
real ledger (Portaria 461/2001 r3, r4b, r5, r8–r10; rules-digest §9 A11, A12).

What each test asserts on, and when outcomes: tests/semdescarte/support.py.
"""

from __future__ import annotations

import pytest

from domain.ledger.accounts import account_id
from domain.kernel.errors import ConflictError, RuleViolationError
from projections import queries
from tests.semdescarte.conftest import refused
from tests.semdescarte.support import (BANK_AK, BANK_NOT_QUALIFIED, DEPOSIT_CENTS, JACKPOT,
                                       JACKPOT_STAKE, JACKPOT_START, ante, assert_money_conserved,
                                       balances, deal, decide, house, individual_config,
                                       jackpot_pool, names, only, play_forced, setup_table,
                                       table_events, wallet)


def test_pt_r5_one_side_bet_per_seat_and_jogada(ledger):
    """Portaria 461/2001 r5: one box per player, so one jackpot side bet per seat and jogada:
    a second ante with its side bet is refused and neither stake is held again."""
    table, (player,) = setup_table(ledger, individual_config(jackpot=JACKPOT))
    ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    with refused(ledger, ConflictError, players=[player], code="already_bet"):
        ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    assert wallet(ledger, player).held_cents == 600 + JACKPOT_STAKE
    assert_money_conserved(ledger)


def test_pt_r3_side_bet_refused_on_a_table_without_jackpot(ledger):
    """Portaria r3 (A11): the third box exists only on tables with a jackpot."""
    table, (player,) = setup_table(ledger, individual_config())
    with refused(ledger, RuleViolationError, players=[player], code="no_jackpot",
                 field="jackpot_bet_cents", rule="Portaria 461/2001 rule 3"):
        ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    assert_money_conserved(ledger)


@pytest.mark.parametrize("amount", [JACKPOT_STAKE - 1, JACKPOT_STAKE + 1, 2 * JACKPOT_STAKE])
def test_pt_r8_side_bet_must_equal_the_stake(ledger, amount):
    """Portaria r8: the side bet is the table's fixed stake, nothing else."""
    table, (player,) = setup_table(ledger, individual_config(jackpot=JACKPOT))
    with refused(ledger, RuleViolationError, players=[player], code="jackpot_bet_not_stake",
                 field="jackpot_bet_cents", rule="Portaria 461/2001 rule 8"):
        ante(ledger, table, player, 200, jackpot_bet_cents=amount)
    assert_money_conserved(ledger)


def test_pt_r4b_side_bet_collected_into_the_jackpot_before_the_cards(ledger):
    """Portaria r4b: the side bets are collected, and the jackpot's share credited, before any
    card is dealt (JackpotBetsCollected before RngCommitted and CardsDealt); the house keeps
    its share (r8)."""
    table, (player,) = setup_table(ledger, individual_config(jackpot=JACKPOT))
    pool, house_before = jackpot_pool(ledger, table), house(ledger)
    assert pool == JACKPOT_START  # r10: funded by the house
    placed = ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    assert jackpot_pool(ledger, table) == pool  # held, not yet collected
    deal(ledger, table, player)
    order = names(table_events(ledger, table, placed["jogada_id"]))
    assert order.index("BettingClosed") < order.index("JackpotBetsCollected") \
        < order.index("RngCommitted") < order.index("CardsDealt")
    collected = only(table_events(ledger, table), "JackpotBetsCollected")
    assert (collected.contributions, collected.house_shares) == ({"1": 70}, {"1": 30})
    assert jackpot_pool(ledger, table) == pool + 70
    assert house(ledger) == house_before + 30
    w = wallet(ledger, player)
    assert (w.balance_cents, w.held_cents) == (DEPOSIT_CENTS - JACKPOT_STAKE, 600)
    decide(ledger, table, placed["jogada_id"], player, "fold")
    assert_money_conserved(ledger)


def test_pt_r4b_jogada_record_shows_the_jackpot_credit_before_the_cards(ledger):
    """Portaria r4b, digest §3: "debit the stake and credit the jackpot increment before the
    first card event" - in the jogada's record (903-B 6.3.4(2) replay, ordered by position)."""
    table, (player,) = setup_table(ledger, individual_config(jackpot=JACKPOT))
    placed = ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    deal(ledger, table, player)
    ledger.projections.wait(ledger.writer.last_position)
    record = queries.jogada_events(ledger.projections.engine, placed["jogada_id"])
    jackpot_id = account_id(table["jackpot_account"])
    credit = [r["notification_id"] for r in record
              if r["originator_id"] == jackpot_id and r["topic"] == "ledger.Account.Credited"]
    cards = [r["notification_id"] for r in record
             if r["topic"] == "ledger.SemDescarteTable.CardsDealt"]
    assert len(credit) == 1 and len(cards) == 1
    assert credit[0] < cards[0]


def test_pt_r9_flush_wins_50_times_the_stake_when_the_bank_does_not_qualify(cert):
    """Portaria r9e (A12): a flush wins 50 × the jackpot stake whether or not the bank
    qualifies; the main game is settled apart (rule 26 here)."""
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    pool = jackpot_pool(cert, table)
    _, events = play_forced(cert, table, player, ["3h", "5h", "9h", "Jh", "Kh"],
                            BANK_NOT_QUALIFIED, "continue", jackpot_bet_cents=JACKPOT_STAKE)
    settled = only(events, "JogadaSettled")
    assert settled.outcomes["1"]["result"] == "bank_not_qualified"
    assert [(a["category"], a["amount_cents"]) for a in settled.jackpot_awards] == [
        ("flush", 50 * JACKPOT_STAKE)]
    assert balances(cert, [player]) == [(DEPOSIT_CENTS - JACKPOT_STAKE + 200
                                          + 50 * JACKPOT_STAKE, 0)]
    assert jackpot_pool(cert, table) == pool + 70 - 50 * JACKPOT_STAKE
    assert_money_conserved(cert)


def test_pt_a12_folded_hand_wins_no_jackpot_prize(cert):
    """A12: only hands that were not folded win a jackpot prize; the side bet is lost."""
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    pool = jackpot_pool(cert, table)
    _, events = play_forced(cert, table, player, ["3h", "5h", "9h", "Jh", "Kh"], BANK_AK,
                            "fold", jackpot_bet_cents=JACKPOT_STAKE)
    assert only(events, "JogadaSettled").jackpot_awards == []
    assert balances(cert, [player]) == [(DEPOSIT_CENTS - 200 - JACKPOT_STAKE, 0)]
    assert jackpot_pool(cert, table) == pool + 70
    assert_money_conserved(cert)


def test_pt_r9a_r10_royal_flush_wins_the_pool_and_the_house_refills_it(cert):
    """Portaria r9a: a royal flush wins the whole jackpot (this jogada's contribution
    included); r10, A12: the house funds the pool back to its starting value."""
    table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
    pool, house_before = jackpot_pool(cert, table), house(cert)
    _, events = play_forced(cert, table, player, ["Ah", "Kh", "Qh", "Jh", "Th"], BANK_AK,
                            "continue", jackpot_bet_cents=JACKPOT_STAKE)
    settled = only(events, "JogadaSettled")
    outcome = settled.outcomes["1"]
    assert (outcome["result"], outcome["multiplier"]) == ("player_won", 100)
    assert [(a["category"], a["amount_cents"]) for a in settled.jackpot_awards] == [
        ("royal_flush", pool + 70)]
    main_win = 200 + 100 * 400
    assert balances(cert, [player]) == [(DEPOSIT_CENTS - JACKPOT_STAKE + main_win + pool + 70,
                                          0)]
    assert jackpot_pool(cert, table) == JACKPOT_START >= 10_000 * JACKPOT_STAKE
    assert house(cert) == house_before + 30 - main_win - JACKPOT_START
    assert_money_conserved(cert)
