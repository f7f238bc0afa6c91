"""Póquer sem descarte jogadas and the player's game session, through tests/semdescarte/client.py
on a real ledger: the statement (Reg. 803/2015 rule 39), ending the session only between
jogadas (rule 2e) or by the operator (rule 36), and inactivity at the table (rules 41, 42; A43).

What each test asserts on, and when outcomes: tests/semdescarte/support.py.
"""

from __future__ import annotations

from domain.kernel.errors import ConflictError, DomainError
from infra.services import sessions as sessions_service
from tests.semdescarte.conftest import refused
from tests.semdescarte.support import (BANK_AK, DEPOSIT_CENTS, OPERATOR, ante,
                                       assert_money_conserved, balances, deal, decide, forced_deck,
                                       individual_config, max_id, multi_config, play_forced,
                                       setup_table, tick_past_betting, wallet)


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
