"""Póquer sem descarte bets and the deal, through tests/semdescarte/client.py on a real ledger
(Reg. 803/2015 rules 2a, 6b, 14–16, 19; A8; 903-B 6.1.1(4), 6.7.5; certification mode).

What each test asserts on, and when outcomes: tests/semdescarte/support.py.
"""

from __future__ import annotations

import pytest

from domain.kernel.errors import (
    ConflictError, ForbiddenError, IdempotencyConflictError, InsufficientFundsError,
    InvalidInputError, RuleViolationError)
from tests.semdescarte import client as sd
from tests.semdescarte.conftest import refused
from tests.semdescarte.support import (BANK_AK, DEPOSIT_CENTS, JACKPOT, JACKPOT_STAKE, OPERATOR,
                                       ante, assert_money_conserved, balances, deal, decide,
                                       forced_deck, individual_config, max_id, multi_config, names,
                                       new_player, new_table, only, sd_rule, seat_player,
                                       setup_table, table_events, wallet)


@pytest.mark.parametrize("amount", [99, 2_501])
def test_sd_16_ante_below_min_or_above_max_refused(ledger, amount):
    """Rule 16: an ante below the table minimum or above its maximum is refused; no money
    moves and nothing is recorded."""
    table, (player,) = setup_table(ledger, individual_config())
    with refused(ledger, RuleViolationError, players=[player], code="ante_out_of_range",
                 field="ante_cents", rule=sd_rule(16)):
        ante(ledger, table, player, amount)
    assert sd.describe(ledger, table["table_id"])["open_jogada"] is None
    assert_money_conserved(ledger)


def test_sd_16_ante_at_min_and_at_max_accepted(ledger):
    """Rule 16: the limits themselves are allowed; 3 × the ante is held (A8)."""
    table, (low, high) = setup_table(ledger, multi_config(), players=2)
    ante(ledger, table, low, 100)
    ante(ledger, table, high, 2_500)
    assert balances(ledger, [low, high]) == [(DEPOSIT_CENTS, 300), (DEPOSIT_CENTS, 7_500)]
    assert_money_conserved(ledger)


def test_sd_2a_second_ante_in_the_same_jogada_refused(ledger):
    """Rule 2a: one ante per seat and jogada; a second one is refused (already_bet)."""
    table, (player,) = setup_table(ledger, individual_config())
    ante(ledger, table, player, 200)
    with refused(ledger, ConflictError, players=[player], code="already_bet"):
        ante(ledger, table, player, 200)
    assert wallet(ledger, player).held_cents == 600
    assert_money_conserved(ledger)


def test_sd_14_bet_after_the_betting_period_refused(ledger, clock):
    """Rule 14: on a multi-seat table bets close with the betting period."""
    table, (first, late) = setup_table(ledger, multi_config(betting_seconds=20), players=2)
    ante(ledger, table, first, 200)
    clock.advance(21)
    with refused(ledger, RuleViolationError, players=[first, late], code="betting_closed",
                 rule=sd_rule(14)):
        ante(ledger, table, late, 200)
    events = table_events(ledger, table)
    assert names(events).count("AntePlaced") == 1
    assert_money_conserved(ledger)


def test_sd_a8_ante_needs_three_times_the_ante_available(ledger):
    """A8: an ante is accepted only if 3 × ante (plus any side bet) is available."""
    table = new_table(ledger, multi_config(jackpot=JACKPOT))
    short = seat_player(ledger, table, new_player(ledger, 599), seat=1)
    exact = seat_player(ledger, table, new_player(ledger, 600), seat=2)
    with refused(ledger, InsufficientFundsError, players=[short, exact]):
        ante(ledger, table, short, 200)
    with refused(ledger, InsufficientFundsError, players=[short, exact]):
        ante(ledger, table, exact, 200, jackpot_bet_cents=JACKPOT_STAKE)  # 700 needed
    ante(ledger, table, exact, 200)
    assert wallet(ledger, exact).available_cents == 0
    assert wallet(ledger, exact).held_cents == 600
    assert_money_conserved(ledger)


def test_certification_forced_deck_refused_outside_certification_mode(ledger):
    """api-contract certification mode: forced_deck only with LEDGER_CERTIFICATION_MODE=1."""
    table, (player,) = setup_table(ledger, individual_config())
    ante(ledger, table, player, 200)
    deck = forced_deck("5c", [["Ah", "Kh", "Qh", "Jh", "Th"]], BANK_AK)
    with refused(ledger, RuleViolationError, players=[player], code="certification_mode_off",
                 field="forced_deck"):
        deal(ledger, table, player, deck)
    assert sd.describe(ledger, table["table_id"])["open_jogada"]["status"] == "betting"
    deal(ledger, table, player)  # the normal deal is still there
    assert "CardsDealt" in names(table_events(ledger, table))
    assert_money_conserved(ledger)


def test_certification_forced_deck_with_a_duplicate_refused(cert):
    """Rule 6b: one 52-card deck; a forced deck holding a card twice is refused."""
    table, (player,) = setup_table(cert, individual_config())
    ante(cert, table, player, 200)
    deck = forced_deck("5c", [["Ah", "Kh", "Qh", "Jh", "Th"]], BANK_AK)
    deck[3] = "Ah"
    with refused(cert, InvalidInputError, players=[player], field="forced_deck") as e:
        deal(cert, table, player, deck)
    assert e.value.details["duplicates"] == ["Ah"]
    with refused(cert, InvalidInputError, players=[player], field="forced_deck"):
        deal(cert, table, player, deck[:10])  # the deal needs 11 cards for one player
    assert_money_conserved(cert)


def test_ante_idempotency_same_key_moves_money_once(ledger):
    """903-B 6.1.1(4): the same key twice places one ante; another body under it is a 409."""
    table, (player,) = setup_table(ledger, individual_config())
    first = ante(ledger, table, player, 200, key="k-1")
    position = max_id(ledger)
    again = ante(ledger, table, player, 200, key="k-1")
    assert again == first
    assert max_id(ledger) == position
    assert wallet(ledger, player).held_cents == 600
    assert names(table_events(ledger, table)).count("AntePlaced") == 1
    with refused(ledger, IdempotencyConflictError, players=[player],
                 code="idempotency_key_reused"):
        ante(ledger, table, player, 300, key="k-1")
    assert_money_conserved(ledger)


def test_sd_15_individual_table_only_the_bettor_starts_the_deal(ledger):
    """Rule 15: at an individual table the player who placed the ante starts the deal."""
    table, (player,) = setup_table(ledger, individual_config())
    other = new_player(ledger, name="Bia")
    with refused(ledger, ConflictError, players=[player]):
        deal(ledger, table, player)  # no ante, no jogada
    ante(ledger, table, player, 200)
    with refused(ledger, ForbiddenError, players=[player], rule=sd_rule(15)):
        sd.deal(ledger, table_id=table["table_id"], player_id=other, forced_deck=None,
                actor=OPERATOR)
    view = deal(ledger, table, player)
    assert view["status"] == "deciding" and len(view["cards"]) == 5
    assert only(table_events(ledger, table), "CardsDealt").actor == player.actor
    assert_money_conserved(ledger)


def test_sd_15_operator_may_not_start_the_deal_of_an_individual_table(ledger):
    """Rule 15: "only the player who bet starts the deal" - not an operator on its behalf."""
    table, (player,) = setup_table(ledger, individual_config())
    ante(ledger, table, player, 200)
    with refused(ledger, ForbiddenError, players=[player], rule=sd_rule(15)):
        deal(ledger, table, None)


def test_sd_14_multi_table_deal_comes_from_the_tick_after_the_betting_period(ledger, clock):
    """Rule 14: the deal follows the end of the betting period: not before (neither a deal
    request nor a tick does anything), and the tick deals once it is over."""
    table, (a, b) = setup_table(ledger, multi_config(betting_seconds=20), players=2)
    ante(ledger, table, a, 200)
    ante(ledger, table, b, 300)
    with refused(ledger, RuleViolationError, players=[a, b], code="betting_open",
                 rule=sd_rule(14)):
        deal(ledger, table, None)
    position = max_id(ledger)
    clock.advance(20)  # exactly the end of the period: still open
    assert sd.tick(ledger, table["table_id"]) == []
    assert max_id(ledger) == position
    clock.advance(1)
    assert sd.tick(ledger, table["table_id"]) == ["dealt"]
    dealt = only(table_events(ledger, table), "CardsDealt")
    assert sorted(dealt.hands) == ["1", "2"]
    assert dealt.actor == sd.CLOCK_ACTOR
    assert sd.tick(ledger, table["table_id"]) == []  # dealt once
    assert_money_conserved(ledger)


def test_sd_19_forced_deck_is_dealt_per_the_formula_rng_committed_first(cert, clock):
    """Rule 19: burn index 0; round k gives seat i (in seat order) index 1+k(n+1)+i and the
    bank (k+1)(n+1); the bank's 5th card is face up. 903-B 6.7.5: RngCommitted precedes
    CardsDealt; the seed is revealed after JogadaSettled."""
    table = new_table(cert, multi_config(7))
    seated = {seat: seat_player(cert, table, new_player(cert), seat=seat) for seat in (1, 3, 5)}
    hands = [["2c", "3c", "4c", "5c", "6c"], ["2d", "3d", "4d", "5d", "6d"],
             ["2h", "3h", "4h", "5h", "6h"]]
    bank = ["As", "Ks", "Qs", "Js", "9s"]
    deck = forced_deck("7c", hands, bank)
    n = 3
    for k in range(5):  # the support helper is the formula of the digest, checked here
        for i in range(n):
            assert deck[1 + k * (n + 1) + i] == hands[i][k]
        assert deck[(k + 1) * (n + 1)] == bank[k]
    for seat in (5, 1, 3):  # the order of the bets does not matter; the seat order does
        placed = ante(cert, table, seated[seat], 200)
    clock.advance(21)
    deal(cert, table, None, deck)
    events = table_events(cert, table, placed["jogada_id"])
    dealt = only(events, "CardsDealt")
    assert dealt.burned == "7c"
    assert dealt.hands == {"1": hands[0], "3": hands[1], "5": hands[2]}
    assert dealt.bank_cards == bank and dealt.bank_open_card == bank[4] == deck[5 * (n + 1)]
    committed = only(events, "RngCommitted")
    assert committed.forced is True and committed.outcome[:len(deck)] == deck
    view = sd.view(cert, table_id=table["table_id"], player_id=seated[3].player_id)
    assert view["cards"] == hands[1] and view["bank_open_card"] == "9s"
    assert "bank_cards" not in view  # rule 19c: the four others stay hidden
    for seat in (1, 3, 5):
        decide(cert, table, placed["jogada_id"], seated[seat], "continue")
    order = names(table_events(cert, table, placed["jogada_id"]))
    assert order.index("RngCommitted") < order.index("CardsDealt")
    assert order.index("JogadaSettled") < order.index("RngRevealed") == len(order) - 1
    settled = only(table_events(cert, table, placed["jogada_id"]), "JogadaSettled")
    assert {s: o["result"] for s, o in settled.outcomes.items()} == {
        "1": "player_won", "3": "player_won", "5": "player_won"}  # straight flushes vs A-K
    assert_money_conserved(cert)
