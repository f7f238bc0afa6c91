"""Blackjack bets and the deal through the ledger (Reg. 805/2015 r9–r14; A49, A54, A70;
903-B 6.1.4, 6.7.5; certification mode): tests/blackjack/support.py says what each asserts."""

from __future__ import annotations

import pytest

from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    RuleViolationError,
)
from tests.blackjack import client as bj
from tests.blackjack.conftest import refused
from tests.blackjack.support import (
    DEPOSIT_CENTS,
    OPERATOR,
    assert_money_conserved,
    balances,
    bet,
    bj_rule,
    deal,
    individual_config,
    multi_config,
    names,
    new_player,
    only,
    seat_player,
    setup_table,
    shoe,
    table_events,
)


def test_bj_9_bet_outside_the_limits_refused(cert):
    """r9, A49: a bet below the minimum or above the maximum is refused; nothing recorded."""
    table, (player,) = setup_table(cert, individual_config(min_bet_cents=200,
                                                           max_bet_cents=20_000))
    for amount in (199, 20_001):
        with refused(cert, RuleViolationError, players=[player], code="bet_out_of_range",
                     field="amount_cents"):
            bet(cert, table, player, amount)
    with refused(cert, InvalidInputError, players=[player], field="amount_cents"):
        bet(cert, table, player, 0)


def test_bj_9_a49_bet_held_and_on_the_statement(cert):
    """r9, A49, r33: the bet is held from the wallet (its available balance falls at once)
    and goes on the session's statement; the first bet opens the jogada (r12)."""
    table, (player,) = setup_table(cert, individual_config())
    placed = bet(cert, table, player, 1_000)
    assert balances(cert, [player]) == [(DEPOSIT_CENTS, 1_000)]
    events = table_events(cert, table, placed["jogada_id"])
    assert names(events) == ["JogadaOpened", "BetPlaced"]
    opened = only(events, "JogadaOpened")
    assert opened.betting_closes_at is None  # r13: the player deals; no window
    assert opened.announcement == "façam as vossas apostas"
    placed_event = only(events, "BetPlaced")
    assert (placed_event.seat, placed_event.amount_cents) == ("1", 1_000)
    # idempotent by key: the same bet again answers the same, records nothing
    key = "same-bet"
    table2, (other,) = setup_table(cert, individual_config())
    first = bet(cert, table2, other, 500, key=key)
    assert bet(cert, table2, other, 500, key=key) == first
    assert balances(cert, [other]) == [(DEPOSIT_CENTS, 500)]


def test_bj_13_individual_player_deals_and_a54_fresh_shoe_committed(cert):
    """r13: at an individual table the player who bet deals (another is refused); A54,
    903-B 6.7.5, A70: a fresh shoe of the table's decks committed before the first card; r14:
    the deal order, the hole card recorded at the deal (A47)."""
    table, (player,) = setup_table(cert, individual_config(decks=8))
    placed = bet(cert, table, player, 1_000)
    stranger = new_player(cert)
    with refused(cert, ForbiddenError, players=[player], rule=bj_rule(13)):
        bj.deal(cert, table_id=table["table_id"], player_id=stranger, forced_shoe=None,
                actor=OPERATOR)
    deal(cert, table, player, shoe([["9s", "7d"]], "5c", "Kh"))
    events = table_events(cert, table, placed["jogada_id"])
    assert names(events)[:5] == ["JogadaOpened", "BetPlaced", "BettingClosed", "RngCommitted",
                                 "CardsDealt"]
    committed = only(events, "RngCommitted")
    assert (committed.kind, committed.size, committed.forced) == ("deck", 8, True)
    assert len(committed.outcome) == 8 * 52
    dealt = only(events, "CardsDealt")
    assert dealt.hands == {"1": ["9s", "7d"]}
    assert (dealt.up_card, dealt.hole_card, dealt.next_index) == ("5c", "Kh", 4)
    closed = only(events, "BettingClosed")
    assert closed.announcement == "jogo feito nada mais, cartas em distribuição"
    assert closed.rule == bj_rule(13)
    # dealt twice: refused
    with refused(cert, ConflictError, players=[player]):
        deal(cert, table, player)


def test_bj_12_multi_window_opened_by_first_bet_closed_by_the_clock(cert, clock):
    """r12, 903-B 6.1.4: the first bet opens the window (betting_seconds); a bet after it
    closes is refused; the clock closes it ("jogo feito") and deals."""
    table, (ana, rui, eva) = setup_table(cert, multi_config(seats=3, betting_seconds=10), 3)
    placed = bet(cert, table, ana, 1_000)
    clock.advance(5)
    bet(cert, table, rui, 2_000)
    with refused(cert, ForbiddenError, players=[ana], rule=bj_rule(12)):
        deal(cert, table, ana)  # a player does not deal at a multi-player table
    assert bj.tick(cert, table["table_id"]) == []
    clock.advance(6)
    with refused(cert, RuleViolationError, players=[eva], code="betting_closed",
                 rule=bj_rule(12)):
        bet(cert, table, eva, 1_000)
    assert bj.due(cert) == [table["table_id"]]
    assert bj.tick(cert, table["table_id"]) == ["dealt"]
    events = table_events(cert, table, placed["jogada_id"])
    closed = only(events, "BettingClosed")
    assert closed.seats == ["1", "2"] and closed.rule == bj_rule(12)
    dealt = only(events, "CardsDealt")
    assert set(dealt.hands) == {"1", "2"}
    assert balances(cert, [eva]) == [(DEPOSIT_CENTS, 0)]


def test_bj_cert_forced_shoe_only_in_certification_mode(make_settings, clock, request):
    """api-contract: certification mode: a forced shoe outside it is refused
    (certification_mode_off), nothing recorded."""
    from tests.blackjack.support import certification_ledger

    with certification_ledger(make_settings, clock, mode="0", request=request) as ledger:
        table, (player,) = setup_table(ledger, individual_config())
        with refused(ledger, RuleViolationError, players=[player],
                     code="certification_mode_off"):
            bet(ledger, table, player, 1_000, forced_shoe=shoe([["9s", "7d"]], "5c", "Kh"))
        bet(ledger, table, player, 1_000)
        with refused(ledger, RuleViolationError, players=[player],
                     code="certification_mode_off"):
            deal(ledger, table, player, shoe([["9s", "7d"]], "5c", "Kh"))


@pytest.mark.parametrize("cards", [["9s", "7d", "5c", "Xx"], ["9s", "7d"],
                                   ["As"] * 7 + ["Kd"]])
def test_bj_cert_forced_shoe_with_wrong_cards_refused(cert, cards):
    """A forced shoe of wrong codes, too short for the deal (r14), or holding a card more
    often than the decks do (r4b) is refused; nothing recorded."""
    table, (player,) = setup_table(cert, individual_config(decks=6))
    bet(cert, table, player, 1_000)
    with refused(cert, InvalidInputError, players=[player]):
        deal(cert, table, player, cards)


def test_bj_7_several_seats_only_where_allowed(cert):
    """r7: a second seat for one player only at a table that allows it; each seat bets on
    its own (A49: the limits per seat)."""
    table, (ana,) = setup_table(cert, multi_config(seats=3))
    with refused(cert, ConflictError, players=[ana], rule=bj_rule(7)):
        bj.sit(cert, table_id=table["table_id"], player_id=ana.player_id, seat=2,
               actor=ana.actor)
    multi = setup_table(cert, multi_config(seats=3, multi_seat=True), 0)[0]
    pid = new_player(cert)
    first = seat_player(cert, multi, pid, 1)
    bj.sit(cert, table_id=multi["table_id"], player_id=pid, seat=3, actor=first.actor)
    bet(cert, multi, first, 1_000, seat=1)
    bet(cert, multi, first, 2_000, seat=3)
    assert balances(cert, [first]) == [(DEPOSIT_CENTS, 3_000)]


def test_bj_6_betting_for_another_players_seat_refused(cert):
    """r6: each plays against the house alone: a bet on another player's seat is refused."""
    table, (ana, rui) = setup_table(cert, multi_config(seats=3), 2)
    with refused(cert, ForbiddenError, players=[ana, rui], field="seat"):
        bet(cert, table, ana, 1_000, seat=rui.seat)


def test_bj_money_conserved_after_a_dealt_jogada(cert):
    table, (player,) = setup_table(cert, individual_config())
    bet(cert, table, player, 1_000)
    deal(cert, table, player, shoe([["9s", "7d"]], "5c", "Kh"))
    assert_money_conserved(cert)
