"""Póquer sem descarte jogadas end to end, through infra/semdescarte_service.py on a real ledger
(Reg. 803/2015 rules 4–6, 14–36, 39, 41b/42; rules-digest §1.3, §1.6, §2, §3, §9 A1–A12;
Portaria 461/2001 r3, r4b, r8–r10; 903-B 6.7.5).

Every test asserts on what the ledger recorded (the table's events, the account streams, the
money projection, the session statement). Outcomes are asserted only where the deck is forced
(certification mode, rule 19 formula in tests/semdescarte/support.py); with the seeded RNG the
tests assert only what holds whatever the cards.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from api.errors import status_for
from domain.accounts import account_id
from domain.errors import (
    ConflictError,
    DomainError,
    ForbiddenError,
    IdempotencyConflictError,
    InsufficientFundsError,
    InvalidInputError,
    RuleViolationError,
)
from infra import semdescarte_service as sd
from tests.refusals import refused as shared_refused
from infra import rulesets_service, sessions_service
from infra.container import build_ledger
from infra.rng import SeededSeedSource
from projections import queries
from tests.semdescarte.support import (
    BANK_AK,
    BANK_NOT_QUALIFIED,
    DEPOSIT_CENTS,
    JACKPOT,
    JACKPOT_STAKE,
    JACKPOT_START,
    OPERATOR,
    ante,
    assert_money_conserved,
    balances,
    certification_ledger,
    deal,
    decide,
    forced_deck,
    house,
    individual_config,
    jackpot_pool,
    max_id,
    multi_config,
    names,
    new_player,
    new_table,
    only,
    seat_player,
    setup_table,
    table_events,
    wallet,
)


def sd_rule(n: int | str) -> str:
    return f"póquer sem descarte rule {n}"


@pytest.fixture
def cert(make_settings, clock):
    """A ledger in certification mode (forced decks), on the test's database and clock."""
    with certification_ledger(make_settings, clock) as built:
        yield built


def refused(ledger, error_cls, *, players=(), **expected):
    """A refusal (tests/refusals.py): a 4xx naming ``code``, ``field``, ``rule``; nothing
    recorded; no wallet changed."""
    return shared_refused(ledger, error_cls, money=lambda: balances(ledger, players), **expected)


def play_forced(ledger, table, player, hand, bank, decision, *, ante_cents=200,
                jackpot_bet_cents=None, burn="5c"):
    """One jogada at an individual table with a forced deck (certification mode)."""
    placed = ante(ledger, table, player, ante_cents, jackpot_bet_cents=jackpot_bet_cents)
    deal(ledger, table, player, forced_deck(burn, [hand], bank))
    result = decide(ledger, table, placed["jogada_id"], player, decision)
    assert result["settled"] is True
    return placed["jogada_id"], table_events(ledger, table, placed["jogada_id"])


def tick_past_betting(ledger, clock, table):
    clock.advance(table["config"]["betting_seconds"] + 1)
    return sd.tick(ledger, table["table_id"])


# Table configuration (rules 4, 6a, 18) --------------------------------------------------------
def test_sd_4_6a_individual_table_has_exactly_one_seat(ledger):
    """Rules 4, 6a: an individual table has one seat; the player sits at seat 1."""
    table = new_table(ledger, individual_config())
    assert (table["config"]["kind"], table["config"]["seats"]) == ("individual", 1)
    assert only(table_events(ledger, table), "TableOpened").config["seats"] == 1
    first = seat_player(ledger, table, new_player(ledger))
    assert first.seat == 1
    other = new_player(ledger, name="Bia")
    sessions_service.start_session(ledger, other, table["venue_id"], table["game"], OPERATOR)
    with refused(ledger, InvalidInputError, field="seat"):
        sd.sit(ledger, table_id=table["table_id"], player_id=other, seat=2, actor=OPERATOR)
    with refused(ledger, ConflictError, field="seat"):
        sd.sit(ledger, table_id=table["table_id"], player_id=other, seat=None, actor=OPERATOR)
    with refused(ledger, InvalidInputError, field="seats", rule=sd_rule(4)):
        sd.create_table(ledger, name="x", config=individual_config(seats=2), actor=OPERATOR)


def test_sd_6a_multi_table_has_1_to_7_seats(ledger):
    """Rules 4, 6a: a multi-player table has 1 to 7 seats, each one usable, none beyond."""
    for seats in range(1, 8):
        table = new_table(ledger, multi_config(seats))
        assert table["config"]["seats"] == seats and table["game"] == "sem_descarte_multi"
        last = seat_player(ledger, table, new_player(ledger, 0), seat=seats)
        assert last.seat == seats
        other = new_player(ledger, 0)
        sessions_service.start_session(ledger, other, table["venue_id"], table["game"], OPERATOR)
        with refused(ledger, InvalidInputError, field="seat", rule=sd_rule("6a")):
            sd.sit(ledger, table_id=table["table_id"], player_id=other, seat=seats + 1,
                   actor=OPERATOR)
    with refused(ledger, InvalidInputError, field="seats", rule=sd_rule("6a")):
        sd.create_table(ledger, name="x", config=multi_config(8), actor=OPERATOR)
    with refused(ledger, InvalidInputError, field="seats"):
        sd.create_table(ledger, name="x", config=multi_config(0), actor=OPERATOR)


def test_sd_18_max_ante_above_25_times_min_is_refused_and_nothing_recorded(ledger):
    """Rule 18 (A7): max ante ≤ 25 × min ante; a configuration above it is a 409 (two
    well-formed limits refused together by the rule) naming the field and the rule, and no
    event is recorded."""
    for config in (individual_config(min_ante_cents=100, max_ante_cents=2_501),
                   multi_config(min_ante_cents=40, max_ante_cents=1_001)):
        with refused(ledger, RuleViolationError, field="max_ante_cents", rule=sd_rule(18)) as e:
            sd.create_table(ledger, name="mesa", config=config, actor=OPERATOR)
        assert status_for(e.value) == 409
    table = new_table(ledger, individual_config(min_ante_cents=100, max_ante_cents=2_500))
    assert table["config"]["max_ante_cents"] == 25 * table["config"]["min_ante_cents"]


# Refused bets and decisions (rules 14, 16, 2a, 20, 32; A8; certification mode) -----------------
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


def test_pt_r5_one_side_bet_per_seat_and_jogada(ledger):
    """Portaria 461/2001 r5: one box per player, so one jackpot side bet per seat and jogada:
    a second ante with its side bet is refused and neither stake is held again."""
    table, (player,) = setup_table(ledger, individual_config(jackpot=JACKPOT))
    ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    with refused(ledger, ConflictError, players=[player], code="already_bet"):
        ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    assert wallet(ledger, player).held_cents == 600 + JACKPOT_STAKE
    assert_money_conserved(ledger)


def test_903b_6_1_5_3_a_jogada_runs_under_the_rule_set_in_force_when_it_opened(ledger, clock):
    """903-B 6.1.5(3): every jogada records the version of its venue's rule set in force when
    it opened; a version published for later applies only to jogadas opened after it."""
    table, (player,) = setup_table(ledger, individual_config())
    rulesets_service.publish_settings(ledger, table["venue_id"], individual_config(),
                                      OPERATOR)
    first = ante(ledger, table, player, 200)
    rulesets_service.publish_settings(ledger, table["venue_id"],
                                      individual_config(min_ante_cents=200),
                                      OPERATOR, effective_from=clock.now() + timedelta(minutes=5))
    deal(ledger, table, player)
    decide(ledger, table, first["jogada_id"], player, "fold")
    second = ante(ledger, table, player, 200)  # the new version is not in force yet
    deal(ledger, table, player)
    decide(ledger, table, second["jogada_id"], player, "fold")
    clock.advance(minutes=5)
    third = ante(ledger, table, player, 200)
    events = table_events(ledger, table)
    opened = {e.jogada_id: e.ruleset_version
              for e, n in zip(events, names(events)) if n == "JogadaOpened"}
    assert [opened[p["jogada_id"]] for p in (first, second, third)] == [1, 1, 2]


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


def test_sd_20_decision_by_a_player_not_seated_or_without_ante_forbidden(ledger, clock):
    """Rule 20: only a player with an ante in the jogada decides in it."""
    table, (bettor, idle) = setup_table(ledger, multi_config(), players=2)
    stranger = new_player(ledger, name="Eva")
    placed = ante(ledger, table, bettor, 200)
    assert tick_past_betting(ledger, clock, table) == ["dealt"]
    for who in (idle.player_id, stranger):
        with refused(ledger, ForbiddenError, players=[bettor, idle], rule=sd_rule(20)):
            sd.decide(ledger, table_id=table["table_id"], jogada_id=placed["jogada_id"],
                      player_id=who, decision="continue", actor=OPERATOR)
    decide(ledger, table, placed["jogada_id"], bettor, "fold")
    assert_money_conserved(ledger)


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


# Idempotency of the ante (903-B 6.1.1(4)) -----------------------------------------------------
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


# Starting the deal (rules 14, 15) -------------------------------------------------------------
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


# Dealing (rule 19; 903-B 6.7.5) ---------------------------------------------------------------
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


# Decisions (rules 20–23) ----------------------------------------------------------------------
def test_sd_20_22_fold_loses_the_ante_only(ledger):
    """Rules 20, 22, A8: a fold loses the ante; the extra 2 × ante held is released."""
    table, (player,) = setup_table(ledger, individual_config())
    placed = ante(ledger, table, player, 300)
    assert wallet(ledger, player).available_cents == DEPOSIT_CENTS - 900
    deal(ledger, table, player)
    result = decide(ledger, table, placed["jogada_id"], player, "fold")
    assert result["settled"] is True
    w = wallet(ledger, player)
    assert (w.balance_cents, w.held_cents) == (DEPOSIT_CENTS - 300, 0)
    events = table_events(ledger, table, placed["jogada_id"])
    folded = only(events, "PlayerFolded")
    assert (folded.reason, folded.ante_lost_cents, folded.rule) == ("player", 300, sd_rule(22))
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert (outcome["result"], outcome["lost_cents"], outcome["bet_cents"]) == ("folded", 300, 0)
    assert "PlayerContinued" not in names(events)
    assert_money_conserved(ledger)


def test_sd_23_29_continue_bets_exactly_twice_the_ante_bank_higher_loses_both(cert):
    """Rules 2f, 23: the second bet is exactly 2 × ante. Rule 29: the bank's higher hand
    takes the ante and the bet."""
    table, (player,) = setup_table(cert, individual_config())
    placed = ante(cert, table, player, 250)
    view = deal(cert, table, player, forced_deck("5c", [["Ah", "Qd", "9s", "7c", "4d"]],
                                                  BANK_AK))
    assert view["options"] == ["fold", "continue"] and view["bet_if_continue_cents"] == 500
    decide(cert, table, placed["jogada_id"], player, "continue")
    events = table_events(cert, table, placed["jogada_id"])
    assert only(events, "PlayerContinued").bet_cents == 500
    assert only(events, "BankCardsRevealed").qualifies is True
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert (outcome["result"], outcome["lost_cents"], outcome["won_cents"]) == (
        "bank_won", 750, 0)
    assert outcome["rule"] == sd_rule(29)
    w = wallet(cert, player)
    assert (w.balance_cents, w.held_cents) == (DEPOSIT_CENTS - 750, 0)
    statement = sessions_service.statement(cert, player.session_id)
    assert statement["wagered_cents"] == 750  # ante + 2 × ante
    assert_money_conserved(cert)


# Settlement (rules 25–29; A1–A4) --------------------------------------------------------------
@pytest.mark.parametrize("bank", [BANK_NOT_QUALIFIED, ["Ah", "Qd", "Jc", "5s", "2h"],
                                  ["Kh", "Qd", "Jc", "9s", "2h"]],
                         ids=["queen-high", "ace-no-king", "king-no-ace"])
def test_sd_25_26_a3_bank_without_ace_king_pays_the_ante_returns_the_bet(cert, bank):
    """Rules 25, 26 (A3): a bank without ace + king does not play: the player wins the ante
    1:1 and the second bet comes back untouched (net + ante)."""
    table, (player,) = setup_table(cert, individual_config())
    _, events = play_forced(cert, table, player, ["9h", "7d", "6c", "4s", "3d"], bank,
                            "continue", ante_cents=200)
    assert only(events, "BankCardsRevealed").qualifies is False
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert (outcome["result"], outcome["returned_cents"], outcome["won_cents"]) == (
        "bank_not_qualified", 600, 200)
    w = wallet(cert, player)
    assert (w.balance_cents, w.held_cents) == (DEPOSIT_CENTS + 200, 0)
    assert_money_conserved(cert)


@pytest.mark.parametrize("hand, category, multiplier", [
    (["2h", "2d", "9s", "7c", "4d"], "one pair", 1),
    (["3h", "5h", "9h", "Jh", "Kh"], "flush", 5),
    (["Td", "Tc", "Ts", "4c", "4s"], "full house", 7),
], ids=["one-pair-1x", "flush-5x", "full-house-7x"])
def test_sd_28_a2_player_higher_wins_ante_1_to_1_and_bet_times_paytable(cert, hand, category,
                                                                        multiplier):
    """Rules 12, 28 (A2): against a qualifying bank the ante is paid 1:1 and the second bet
    N to 1 per the paytable (one pair 1×, flush 5×, full house 7×), stakes returned."""
    table, (player,) = setup_table(cert, individual_config())
    _, events = play_forced(cert, table, player, hand, BANK_AK, "continue", ante_cents=200)
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert outcome["result"] == "player_won" and outcome["multiplier"] == multiplier
    assert outcome["won_cents"] == 200 + multiplier * 400
    assert outcome["returned_cents"] == 600
    w = wallet(cert, player)
    assert (w.balance_cents, w.held_cents) == (DEPOSIT_CENTS + 200 + multiplier * 400, 0)
    assert_money_conserved(cert)


def test_sd_a1_equal_hands_push_nothing_lost_or_won(cert):
    """A1 (Portaria r6): a tie with a qualifying bank is a push: both bets come back."""
    table, (player,) = setup_table(cert, individual_config())
    _, events = play_forced(cert, table, player, ["8h", "8d", "Ks", "5c", "3d"],
                            ["8c", "8s", "Kh", "5d", "3h"], "continue", burn="2c")
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert (outcome["result"], outcome["won_cents"], outcome["lost_cents"]) == ("push", 0, 0)
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 0)]
    assert_money_conserved(cert)


@pytest.mark.parametrize("hand, bank, result, net", [
    (["Ah", "Kh", "9h", "7c", "4d"], ["As", "Kd", "9c", "7d", "4c"], "player_won", 600),
    (["As", "Kd", "9c", "7d", "4h"], ["Ah", "Kh", "9h", "7c", "4d"], "bank_won", -600),
    (["Ah", "Kh", "9d", "7c", "4s"], ["As", "Kd", "9c", "7d", "4c"], "push", 0),
], ids=["player-three-hearts", "bank-three-hearts", "neither"])
def test_sd_a4_identical_ace_king_high_hands_three_of_one_suit_wins(cert, hand, bank, result, net):
    """Rule 9 (A4): identical high-card hands (A-K high, the bank qualifies): the hand with
    ≥ 3 cards of one suit wins; neither (or both) is a push."""
    table, (player,) = setup_table(cert, individual_config())
    _, events = play_forced(cert, table, player, hand, bank, "continue", ante_cents=200)
    outcome = only(events, "JogadaSettled").outcomes["1"]
    assert outcome["result"] == result
    assert "A4" in outcome["rule"]
    assert balances(cert, [player]) == [(DEPOSIT_CENTS + net, 0)]
    assert_money_conserved(cert)


# Time (rules 21, 31, 32) ----------------------------------------------------------------------
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


# Faults (rules 33–36; A6, A10) ----------------------------------------------------------------
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


# Jackpot side bet (Portaria 461/2001; A11, A12) -----------------------------------------------
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


# Sessions (rules 39, 41b, 42) -----------------------------------------------------------------
def test_sd_41b_42_seated_player_idle_for_more_than_5_jogadas_is_invited(ledger, clock):
    """Rule 41b: on a multi-seat table a seated player who bets in none of more than 5
    consecutive jogadas may be invited to end the session (and is warned, rule 42); the next
    jogada without a bet ends it (A43)."""
    table, (bettor, idle) = setup_table(ledger, multi_config(), players=2)
    for number in range(1, 8):
        placed = ante(ledger, table, bettor, 100)
        assert tick_past_betting(ledger, clock, table) == ["dealt"]
        decide(ledger, table, placed["jogada_id"], bettor, "fold")
        statement = sessions_service.statement(ledger, idle.session_id)
        if number <= 5:
            assert statement["invitation_at"] is None and statement["warning_at"] is None
        elif number == 6:
            assert statement["invitation_at"] == clock.now()
            assert statement["warning_at"] == clock.now()
            assert statement["status"] == "open"
        else:
            assert (statement["status"], statement["end_reason"]) == ("ended", "inactivity")
    bettor_statement = sessions_service.statement(ledger, bettor.session_id)
    assert bettor_statement["invitation_at"] is None and bettor_statement["jogadas"] == 7
    assert_money_conserved(ledger)


def test_sd_23_41a_continue_after_the_inactivity_warning_is_not_an_internal_error(ledger,
                                                                                  clock):
    """Rules 21, 23, 41a/42: with a long decision time (rule 21 sets no maximum) the time
    sweep warns a player who is still deciding; a "continue" after the warned minute must be
    either accepted or refused as a domain error with nothing recorded - never a crash."""
    table, (player,) = setup_table(ledger, individual_config(decision_seconds=600))
    placed = ante(ledger, table, player, 200)
    deal(ledger, table, player)
    clock.advance(181)
    assert sessions_service.sweep_inactivity(ledger) == {
        str(player.session_id): ["invitation", "warning"]}
    clock.advance(61)
    position = max_id(ledger)
    try:
        result = decide(ledger, table, placed["jogada_id"], player, "continue")
    except DomainError:
        assert max_id(ledger) == position
        assert balances(ledger, [player]) == [(DEPOSIT_CENTS, 600)]
    else:
        assert result["settled"] is True
        assert_money_conserved(ledger)


def test_sd_39_session_statement_after_a_won_jogada(cert):
    """Rule 39: the statement shows the amounts bet, what came back, and the net result."""
    table, (player,) = setup_table(cert, individual_config())
    play_forced(cert, table, player, ["3h", "5h", "9h", "Jh", "Kh"], BANK_AK, "continue",
                ante_cents=200)
    statement = sessions_service.statement(cert, player.session_id)
    assert statement["jogadas"] == 1
    assert statement["wagered_cents"] == 600  # ante + 2 × ante
    assert statement["won_cents"] == 600 + 200 + 5 * 400  # stakes back + ante 1:1 + bet 5:1
    assert statement["net_cents"] == 2_200
    assert wallet(cert, player).balance_cents - DEPOSIT_CENTS == statement["net_cents"]
    assert_money_conserved(cert)


def test_sd_2e_39_player_ends_the_session_only_between_jogadas(cert):
    """Rules 2e, 39: with an ante in a jogada still in play the player's end is refused
    (nothing recorded); once it has settled, the statement covers it and matches the money."""
    table, (player,) = setup_table(cert, individual_config())
    placed = ante(cert, table, player, 200)
    deal(cert, table, player, forced_deck("5c", [["3h", "5h", "9h", "Jh", "Kh"]], BANK_AK))
    with refused(cert, ConflictError, players=[player], field="session_id",
                 rule="póquer sem descarte rule 2e"):
        sessions_service.end_session(cert, player.session_id, "player", player.actor)
    decide(cert, table, placed["jogada_id"], player, "continue")
    statement = sessions_service.end_session(cert, player.session_id, "player", player.actor)
    assert (statement["status"], statement["jogadas"]) == ("ended", 1)
    assert statement["net_cents"] == wallet(cert, player).balance_cents - DEPOSIT_CENTS > 0


def test_sd_36_39_operator_end_mid_jogada_the_settlement_still_reaches_the_statement(
        cert, clock):
    """Rules 36, 39: after its second bet the player's session is ended by the operator (a
    lost connection); the jogada stands and settles when the other player decides, and the
    ended session's statement gets the win, matching the money."""
    table, (gone, other) = setup_table(cert, multi_config(), players=2)
    deck = forced_deck("5c", [["3h", "5h", "9h", "Jh", "Kh"], ["2c", "2d", "9s", "7c", "4d"]],
                       BANK_AK)
    placed = ante(cert, table, gone, 200)
    ante(cert, table, other, 200)
    clock.advance(table["config"]["betting_seconds"] + 1)
    deal(cert, table, None, deck)
    decide(cert, table, placed["jogada_id"], gone, "continue")
    sessions_service.end_session(cert, gone.session_id, "connection_lost", OPERATOR)
    assert decide(cert, table, placed["jogada_id"], other, "fold")["settled"] is True
    statement = sessions_service.statement(cert, gone.session_id)
    assert (statement["status"], statement["wagered_cents"]) == ("ended", 600)
    assert statement["net_cents"] == wallet(cert, gone).balance_cents - DEPOSIT_CENTS == 2_200
    assert_money_conserved(cert)


def test_sd_24_bank_shows_its_hidden_cards_only_after_every_decision(cert, clock):
    """Rule 24: the bank's four hidden cards are shown once every player has decided: not
    after the first of two decisions, and then all five, with the bank's hand."""
    table, (first, second) = setup_table(cert, multi_config(), players=2)
    bank = ["Ac", "Kd", "8h", "6s", "3c"]
    deck = forced_deck("5c", [["2c", "2d", "9s", "7c", "4d"], ["Qh", "Qd", "Ts", "7h", "4s"]],
                       bank)
    placed = ante(cert, table, first, 200)
    ante(cert, table, second, 200)
    clock.advance(21)
    deal(cert, table, None, deck)
    decide(cert, table, placed["jogada_id"], first, "continue")
    assert "BankCardsRevealed" not in names(table_events(cert, table, placed["jogada_id"]))
    waiting = sd.view(cert, table_id=table["table_id"], player_id=second.player_id)
    assert waiting["bank_open_card"] == "3c"
    assert not any(card in str(waiting) for card in bank[:4])  # still hidden
    decide(cert, table, placed["jogada_id"], second, "fold")
    events = table_events(cert, table, placed["jogada_id"])
    revealed = only(events, "BankCardsRevealed")
    assert revealed.bank_cards == bank and revealed.qualifies is True
    assert names(events).index("BankCardsRevealed") > names(events).index("PlayerFolded")
    assert_money_conserved(cert)


def test_sd_30_player_is_shown_the_options_open_to_it_now(cert, clock):
    """Rule 30: the player is shown every option open to it — fold or continue (with the
    second bet it would cost) while its decision is due; none before the deal, none once it
    decided (while another player still decides), and none for staff."""
    table, (first, second) = setup_table(cert, multi_config(), players=2)
    placed = ante(cert, table, first, 300)
    ante(cert, table, second, 200)
    assert sd.view(cert, table_id=table["table_id"], player_id=first.player_id)["options"] == []
    clock.advance(21)
    deal(cert, table, None, forced_deck("5c", [["2c", "2d", "9s", "7c", "4d"],
                                               ["Qh", "Qd", "Ts", "7h", "4s"]], BANK_AK))
    due = sd.view(cert, table_id=table["table_id"], player_id=first.player_id)
    assert due["options"] == ["fold", "continue"] and due["bet_if_continue_cents"] == 600
    assert sd.view(cert, table_id=table["table_id"], player_id=None)["options"] == []
    decide(cert, table, placed["jogada_id"], first, "continue")
    decided = sd.view(cert, table_id=table["table_id"], player_id=first.player_id)
    assert decided["decision"] == "continue" and decided["options"] == []
    assert sd.view(cert, table_id=table["table_id"],
                   player_id=second.player_id)["options"] == ["fold", "continue"]
