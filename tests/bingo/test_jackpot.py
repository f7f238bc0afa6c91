"""The accumulated jackpot (*prémio bingo acumulado*, Reg. 425-A/2015 rules 39–44; A14, A19):
a deduction of at most 5 % of each jogada's pool, a base value funded by the house, growth over
jogadas, won by a bingo on or before the room's number of balls (inclusive) and not after,
split among simultaneous bingo winners, and back to its base after an award."""

from __future__ import annotations

from tests.bingo.plans import (assert_matches_oracle, assert_settled_money, find_tie,
                               jogada_events, one, ordered, play, start)
from tests.bingo.support import (balance, close_sale, config, draw_to_end, house, new_room, of,
                                 players)

BASE = 10_000


def jackpot_room(ledger, variant="90", max_balls=15, base=BASE, deduction_bp=500, **extra):
    return new_room(ledger, config(variant, jackpot={"deduction_bp": deduction_bp,
                                                     "base_cents": base,
                                                     "max_balls": max_balls}, **extra))


def jackpot(ledger, room) -> int:
    return balance(ledger, room["jackpot_account"])


def full_card(winner, first=()):
    """Balls ``first`` (numbers on no card of the winner), then every number of the winner."""
    def plan(cards):
        card = cards[winner].numbers
        return ordered(first, *card)
    return plan


def test_bingo_41_base_value_funded_by_the_house_when_the_room_opens(ledger):
    before = house(ledger)
    room = jackpot_room(ledger)
    assert jackpot(ledger, room) == BASE
    assert house(ledger) == before - BASE
    without = new_room(ledger, config("90"))
    assert without["jackpot_account"] is None and house(ledger) == before - BASE


def test_bingo_40_44_deduction_at_most_5_percent_of_the_pool_grows_the_jackpot_after_sales_close(
        cert, clock, seeds):
    """Three jogadas whose bingo comes after the room's 15 balls: each deducts 5 % of its gross
    pool (rounded down) when its sale closes (rule 44: the visible value updates then), and the
    jackpot grows by exactly those deductions."""
    room = jackpot_room(cert, card_price_cents=137)
    ps = players(cert, room, 3)
    expected = BASE
    for number, counts in enumerate(((1, 2, 3), (4, 1, 1), (2, 2, 5)), start=1):
        played = start(cert, seeds, room, list(zip(ps, counts)))
        assert jackpot(cert, room) == expected  # not before the close of sales
        played.closed = close_sale(cert, clock, room)
        pool = played.closed
        assert pool["jackpot_deduction_cents"] == pool["pool_cents"] * 500 // 10_000
        assert pool["jackpot_deduction_cents"] <= 0.05 * pool["pool_cents"]
        expected += pool["jackpot_deduction_cents"]
        assert jackpot(cert, room) == expected
        played.draws = draw_to_end(cert, clock, room)
        events = assert_matches_oracle(cert, room, played)
        assert one(events, "JogadaSettled")
        assert [e for e in of(events, "PrizeWon") if e.prize == "bingo"][0].ordinal > 15
        assert of(events, "JackpotWon") == []
        assert_settled_money(cert, room, played)
    assert jackpot(cert, room) == expected > BASE


def test_bingo_42_a19_bingo_on_the_last_counted_ball_wins_the_jackpot_and_it_resets(
        cert, clock, seeds):
    """A19: "até ao número prefixado" is inclusive: a full bingo-90 card completed on the 15th
    ball, with max_balls 15, wins the whole jackpot (this jogada's deduction included); the
    house brings it back to its base (rule 41)."""
    room = jackpot_room(cert, max_balls=15)
    ps = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(p, 1) for p in ps], full_card(1))
    events = assert_matches_oracle(cert, room, played)
    won = one(events, "JackpotWon")
    deduction = played.closed["jackpot_deduction_cents"]
    assert (won.ordinal, won.max_balls, won.amount_cents) == (15, 15, BASE + deduction)
    assert won.shares == {str(ps[1].player_id): BASE + deduction}
    payments = assert_settled_money(cert, room, played, jackpot_base_refill=BASE)
    assert payments[str(ps[1].player_id)]["jackpot"] == BASE + deduction
    assert jackpot(cert, room) == BASE
    assert [type(e).__name__ for e in events[-4:]] == [
        "PrizeWon", "JackpotWon", "JogadaSettled", "RngRevealed"]


def test_bingo_42_a19_bingo_one_ball_after_max_balls_wins_no_jackpot(cert, clock, seeds):
    room = jackpot_room(cert, max_balls=15)
    ps = players(cert, room, 3)

    def plan(cards):
        winner = {n for row in cards[1].numbers for n in row if n}
        foreign = next(n for n in range(1, 91) if n not in winner)
        return full_card(1, [foreign])(cards)

    played = play(cert, clock, seeds, room, [(p, 1) for p in ps], plan)
    events = assert_matches_oracle(cert, room, played)
    bingo = [e for e in of(events, "PrizeWon") if e.prize == "bingo"][0]
    assert (bingo.ordinal, [w["card"] for w in bingo.winners]) == (16, [1])
    assert of(events, "JackpotWon") == []
    assert_settled_money(cert, room, played)
    assert jackpot(cert, room) == BASE + played.closed["jackpot_deduction_cents"]


def test_bingo_39_44_jackpot_grows_over_jogadas_then_is_won_whole(cert, clock, seeds):
    room = jackpot_room(cert, max_balls=15)
    ps = players(cert, room, 3)
    deductions = []
    for _ in range(2):
        played = play(cert, clock, seeds, room, [(p, 2) for p in ps])
        assert of(jogada_events(cert, room, played.jogada_id), "JackpotWon") == []
        deductions.append(played.closed["jackpot_deduction_cents"])
        assert_settled_money(cert, room, played)
    assert jackpot(cert, room) == BASE + sum(deductions)
    played = play(cert, clock, seeds, room, [(p, 2) for p in ps], full_card(3))
    deductions.append(played.closed["jackpot_deduction_cents"])
    won = one(jogada_events(cert, room, played.jogada_id), "JackpotWon")
    assert won.amount_cents == BASE + sum(deductions)
    assert won.shares == {str(ps[1].player_id): BASE + sum(deductions)}
    assert_settled_money(cert, room, played, jackpot_base_refill=BASE)
    assert jackpot(cert, room) == BASE


def test_bingo_30_42_jackpot_split_among_simultaneous_bingo_winners(cert, clock, seeds):
    """Bingo 30, every bingo within the 30 balls: two players complete their cards on the same
    ball; the jackpot (base 10.00 € + this jogada's 0.49 €) is split per player, the odd cent
    to the earlier card (rule 30, A31)."""
    room = jackpot_room(cert, "30", max_balls=30, base=1_000, card_price_cents=104,
                        prizes={"bingo": 10_000})
    a, b, c = players(cert, room, 3)

    def plan(cards):
        balls = find_tie(cards, room["config"], "bingo",
                         lambda won: {s.player for s in won} == {b, c}, 2)
        assert balls is not None
        return balls

    played = play(cert, clock, seeds, room, [(a, 4), (b, 4), (c, 4)], plan)
    events = assert_matches_oracle(cert, room, played)
    won = one(events, "JackpotWon")
    assert played.closed["jackpot_deduction_cents"] == 49  # 5 % of 998
    assert won.amount_cents == 1_049
    assert won.shares == {str(b.player_id): 525, str(c.player_id): 524}
    payments = assert_settled_money(cert, room, played, jackpot_base_refill=1_000)
    assert {p: v["jackpot"] for p, v in payments.items() if "jackpot" in v} == won.shares
    assert jackpot(cert, room) == 1_000


def test_bingo_41_without_a_base_the_jackpot_restarts_from_zero(cert, clock, seeds):
    room = jackpot_room(cert, "30", max_balls=9, base=0, prizes={"bingo": 10_000})
    ps = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(p, 1) for p in ps], full_card(0))
    won = one(jogada_events(cert, room, played.jogada_id), "JackpotWon")
    assert won.amount_cents == played.closed["jackpot_deduction_cents"] > 0
    assert_settled_money(cert, room, played)
    assert jackpot(cert, room) == 0
