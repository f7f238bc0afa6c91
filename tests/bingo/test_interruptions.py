"""Interruptions (Reg. 425-A/2015 rules 12, 45–49; A10, A15): a system fault voids the jogada and
refunds the cards in full (no fee) and the jackpot deduction; a prize already won is paid and
only the players who won nothing are refunded (literal A15); a player whose session ended
keeps its cards in play and is paid at the end; after a crash the jogada is finished from the
stored events with the result an uninterrupted run gives."""

from __future__ import annotations

import pytest

from domain.kernel.errors import ConflictError
from tests.bingo import client as bingo
from infra.services import sessions as sessions_service
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from tests.bingo.conftest import refused
from tests.bingo.plans import (ScriptedSeeds, all_accounts_total, assert_matches_oracle,
                               assert_settled_money, balances, jogada_events, one, ordered,
                               play, prizes_won, start)
from tests.bingo.support import (DEPOSIT_CENTS, OPERATOR, PRICE, buy, close_sale, config,
                                 draw_to_end, house, names, new_room, of, open_jogada, players,
                                 wallet)

JACKPOT = {"deduction_bp": 500, "base_cents": 5_000, "max_balls": 20}


def void(ledger, room, reason="system fault: draw server lost"):
    return bingo.void_jogada(ledger, room_id=room["room_id"], reason=reason, actor=OPERATOR)


def draw(ledger, clock, room, n):
    out = []
    for _ in range(n):
        clock.advance(10)
        out.append(bingo.draw(ledger, room_id=room["room_id"]))
    return out


def test_bingo_45_47_void_during_the_sale_refunds_every_card_no_fee(ledger, clock):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 3)
    jogada = open_jogada(ledger, room)["jogada_id"]
    for p, n in zip(ps, (1, 4, 12)):
        buy(ledger, room, p, n)
    result = void(ledger, room)
    assert result["refunds"] == {str(p.player_id): n * PRICE for p, n in zip(ps, (1, 4, 12))}
    assert result["prizes_paid"] == {}
    assert [wallet(ledger, p) for p in ps] == [DEPOSIT_CENTS] * 3  # in full (rule 47)
    events = jogada_events(ledger, room, jogada)
    assert names(events)[-2:] == ["JogadaVoided", "RngRevealed"]
    assert one(events, "JogadaVoided").rule == "bingo rule 45, 46, 47"
    for p, n in zip(ps, (1, 4, 12)):
        st = sessions_service.statement(ledger, p.session_id)
        assert (st["wagered_cents"], st["refunded_cents"], st["won_cents"]) == (n * PRICE,
                                                                                n * PRICE, 0)
    assert all_accounts_total(ledger) == 0


def test_bingo_45_47_a15_void_after_close_refunds_all_and_reverses_the_jackpot_deduction(ledger,
                                                                                         clock):
    room = new_room(ledger, config("90", jackpot=JACKPOT))
    ps = players(ledger, room, 3)
    before = balances(ledger, room, ps)
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p, 3)
    closed = close_sale(ledger, clock, room)
    assert closed["jackpot_deduction_cents"] > 0
    assert balances(ledger, room, ps)["jackpot"] == JACKPOT["base_cents"] + closed[
        "jackpot_deduction_cents"]
    drawn = draw(ledger, clock, room, 4)  # no prize can be complete after 4 balls
    assert all(d["won"] == [] for d in drawn)
    result = void(ledger, room)
    assert result["prizes_paid"] == {} and sum(result["refunds"].values()) == 9 * PRICE
    assert balances(ledger, room, ps) == before  # wallets, house, pool, jackpot: all back
    assert all_accounts_total(ledger) == 0


@pytest.mark.parametrize("counts", [(1, 1, 1), (10, 1, 10)])
def test_bingo_46_a15_void_after_a_line_pays_the_line_refunds_only_players_who_won_nothing(
        cert, clock, seeds, counts):
    """The line of card ``w`` (player 2's first card) is won at the 5th ball; the draw then
    fails. The line is paid; player 2 gets no refund for any card (A15, literal); players 1
    and 3 get all their cards back. The house keeps what player 2's cards paid beyond the line
    (3 cards) or makes up the difference (21 cards: the line is worth more than the card)."""
    room = new_room(cert, config("90", jackpot=JACKPOT))
    a, b, c = ps = players(cert, room, 3)
    winner = counts[0]

    def plan(cards):
        return ordered(cards[winner].numbers[0])

    played = start(cert, seeds, room, list(zip(ps, counts)), plan)
    house_before = house(cert)
    closed = close_sale(cert, clock, room)
    drawn = draw(cert, clock, room, 7)
    assert [w["prize"] for w in drawn[4]["won"]] == ["line"]
    assert [w["cards"] for w in drawn[4]["won"]] == [[winner]]
    line = closed["prizes"]["line"]
    result = void(cert, room)
    assert result["prizes_paid"] == {str(b.player_id): {"line": line}}
    assert result["refunds"] == {str(a.player_id): counts[0] * PRICE,
                                 str(c.player_id): counts[2] * PRICE}
    assert wallet(cert, a) == wallet(cert, c) == DEPOSIT_CENTS
    assert wallet(cert, b) == DEPOSIT_CENTS - PRICE + line
    assert house(cert) == house_before + PRICE - line  # the winner's card, less the line
    assert balances(cert, room, ps)["jackpot"] == JACKPOT["base_cents"]
    assert balances(cert, room, ps)["pool"] == 0
    st = sessions_service.statement(cert, b.session_id)
    assert st["won_by_category"] == {"line": {"count": 1, "amount_cents": line}}
    assert st["refunded_cents"] == 0
    assert sessions_service.statement(cert, a.session_id)["refunded_cents"] == counts[0] * PRICE
    events = jogada_events(cert, room, played.jogada_id)
    assert of(events, "JogadaSettled") == [] and names(events)[-2:] == ["JogadaVoided",
                                                                       "RngRevealed"]
    assert all_accounts_total(cert) == 0


def test_bingo_45_nothing_to_void_between_jogadas(ledger, clock):
    room = new_room(ledger, config("30", prizes={"bingo": 10_000}))
    ps = players(ledger, room, 3)
    with refused(ledger, ConflictError, players=ps):
        void(ledger, room)
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    close_sale(ledger, clock, room)
    draw_to_end(ledger, clock, room)
    with refused(ledger, ConflictError, players=ps):
        void(ledger, room)


# Rules 12, 48, 49: the player's connection drops -----------------------------------------------
def test_bingo_12_48_49_session_ended_by_the_operator_cards_stay_in_play_and_the_win_is_on_it(
        cert, clock, seeds):
    room = new_room(cert, config("90"))
    a, b, c = ps = players(cert, room, 3)
    played = start(cert, seeds, room, [(p, 1) for p in ps],
                   lambda cards: ordered(*cards[1].numbers))
    statement = sessions_service.end_session(cert, b.session_id, "connection_lost", OPERATOR)
    assert (statement["status"], statement["end_reason"]) == ("ended", "connection_lost")
    with refused(cert, ConflictError, players=ps, field="session_id"):
        buy(cert, room, b)  # the session is over; its cards are not (rule 12)
    played.closed = close_sale(cert, clock, room)
    played.draws = draw_to_end(cert, clock, room)
    events = assert_matches_oracle(cert, room, played)
    assert [(w["prize"], w["cards"]) for w in prizes_won(events)] == [("line", [1]),
                                                                      ("bingo", [1])]
    payments = assert_settled_money(cert, room, played)
    prizes = one(events, "SalesClosed").pool["prizes"]
    assert payments == {str(b.player_id): prizes}
    st = sessions_service.statement(cert, b.session_id)
    assert (st["status"], st["end_reason"]) == ("ended", "connection_lost")
    assert st["won_by_category"] == {p: {"count": 1, "amount_cents": v} for p, v in prizes.items()}
    assert st["net_cents"] == wallet(cert, b) - DEPOSIT_CENTS == sum(prizes.values()) - PRICE


# Crash recovery (A10: complete it deterministically from the event log) -------------------------
def outcome(ledger, room, played, players_in_order):
    """The jogada's result with players named by their purchase position."""
    index = {str(p.player_id): i for i, p in enumerate(players_in_order)}
    events = jogada_events(ledger, room, played.jogada_id)
    return {"balls": [e.ball for e in of(events, "BallDrawn")],
            "prizes": [(e.prize, e.ordinal, [w["card"] for w in e.winners],
                        {index[p]: v for p, v in e.shares.items()})
                       for e in of(events, "PrizeWon")],
            "pool": one(events, "SalesClosed").pool,
            "payments": {index[p]: v for p, v in one(events, "JogadaSettled").payments.items()},
            "wallets": [wallet(ledger, p) for p in players_in_order]}


@pytest.mark.parametrize("stop_after", ["sale", "line", "ten balls"])
def test_bingo_a10_crash_mid_jogada_a_new_ledger_finishes_it_with_the_uninterrupted_result(
        make_settings, clock, stop_after):
    """Room A plays a jogada through; room B plays one with the same seed and purchases until
    ``stop_after``, then the process goes away. A new ledger on the same database finishes B
    from the stored events alone: the same balls, prizes, winners, payments and balances."""
    seeds = ScriptedSeeds(45)
    first = build_ledger(make_settings(), clock=clock, seeds=seeds)
    try:
        room_a = new_room(first, config("80", prizes={"line": 2_500, "bingo": 7_500}))
        ps_a = players(first, room_a, 3)
        seed = seeds.peek()
        played_a = play(first, clock, seeds, room_a, list(zip(ps_a, (2, 1, 3))))
        expected = outcome(first, room_a, played_a, ps_a)
        room_b = new_room(first, config("80", prizes={"line": 2_500, "bingo": 7_500}))
        ps_b = players(first, room_b, 3)
        seeds.use_next(seed)
        played_b = start(first, seeds, room_b, list(zip(ps_b, (2, 1, 3))))
        assert played_b.cards == played_a.cards
        if stop_after != "sale":
            close_sale(first, clock, room_b)
            while True:
                clock.advance(10)
                drawn = bingo.draw(first, room_id=room_b["room_id"])
                if drawn["won"] if stop_after == "line" else drawn["ordinal"] == 10:
                    break
            assert not drawn["bingo"]
    finally:
        first.close()
    clock.advance(120)  # the service was down for two minutes
    second = build_ledger(make_settings(), clock=clock, seeds=SeededSeedSource(99))
    try:
        if stop_after == "sale":
            assert bingo.close_sales(second, room_id=room_b["room_id"])["cancelled"] is False
        draws = draw_to_end(second, clock, room_b)
        assert draws[-1]["bingo"] is True
        assert outcome(second, room_b, played_b, ps_b) == expected
        assert_matches_oracle(second, room_b, played_b)
        assert all_accounts_total(second) == 0
        assert bingo.describe(second, room_b["room_id"])["open_jogada"] is None
    finally:
        second.close()


def test_bingo_a15_crash_after_a_line_then_void_the_recorded_prize_is_paid(make_settings, clock):
    """A15: a PrizeWon already recorded is owed: after a restart the operator voids the
    jogada and the line is paid from the stored record, the others refunded."""
    seeds = ScriptedSeeds(46)
    first = build_ledger(make_settings(certification_mode="1"), clock=clock, seeds=seeds)
    try:
        room = new_room(first, config("90"))
        ps = players(first, room, 3)
        start(first, seeds, room, [(p, 1) for p in ps],
              lambda cards: ordered(cards[2].numbers[1]))
        closed = close_sale(first, clock, room)
        drawn = draw(first, clock, room, 5)
        assert drawn[-1]["won"][0]["cards"] == [2]
    finally:
        first.close()
    second = build_ledger(make_settings(certification_mode="1"), clock=clock,
                          seeds=SeededSeedSource(47))
    try:
        result = void(second, room, "restart: draw server unrecoverable")
        line = closed["prizes"]["line"]
        assert result["prizes_paid"] == {str(ps[2].player_id): {"line": line}}
        assert [wallet(second, p) for p in ps] == [DEPOSIT_CENTS, DEPOSIT_CENTS,
                                                   DEPOSIT_CENTS - PRICE + line]
        assert all_accounts_total(second) == 0
    finally:
        second.close()


def test_bingo_46_a15_a_prize_worth_no_cent_does_not_block_the_void(cert, clock, seeds):
    """Three 1-cent bingo 30 cards: the pool is 3 cents and the column prize (20 %) rounds to
    0 (rule 31, A31). A void after the column is won goes through: nothing moves for the
    0-cent prize, the others get their card back (rules 45–47, A15), the books still balance."""
    room = new_room(cert, config("30", card_price_cents=1,
                                 prizes={"column": 2_000, "bingo": 8_000}))
    a, b, c = players(cert, room, 3)

    def plan(cards):
        return ordered([row[0] for row in cards[0].numbers])  # card 0's first column

    start(cert, seeds, room, [(a, 1), (b, 1), (c, 1)], plan)
    closed = close_sale(cert, clock, room)
    assert closed["prizes"] == {"column": 0, "bingo": 3}
    drawn = draw(cert, clock, room, 3)
    assert [w["prize"] for w in drawn[2]["won"]] == ["column"]
    result = void(cert, room)
    assert result["prizes_paid"] == {str(a.player_id): {"column": 0}}
    assert result["refunds"] == {str(b.player_id): 1, str(c.player_id): 1}
    assert wallet(cert, a) == DEPOSIT_CENTS - 1
    assert wallet(cert, b) == wallet(cert, c) == DEPOSIT_CENTS
    assert all_accounts_total(cert) == 0
