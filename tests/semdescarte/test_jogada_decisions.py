"""Póquer sem descarte decisions and settlement, through tests/semdescarte/client.py on a real
ledger (Reg. 803/2015 rules 2f, 9, 12, 20–30; rules-digest §9 A1–A4).

What each test asserts on, and when outcomes: tests/semdescarte/support.py.
"""

from __future__ import annotations

import pytest

from domain.kernel.errors import ForbiddenError
from tests.semdescarte import client as sd
from infra.services import sessions as sessions_service
from tests.semdescarte.conftest import refused
from tests.semdescarte.support import (BANK_AK, BANK_NOT_QUALIFIED, DEPOSIT_CENTS, OPERATOR, ante,
                                       assert_money_conserved, balances, deal, decide, forced_deck,
                                       individual_config, multi_config, names, new_player, only,
                                       play_forced, sd_rule, setup_table, table_events,
                                       tick_past_betting, wallet)


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
