"""Card sales (Reg. 425-A/2015 rules 6, 11–20; A20, A22): refused purchases record nothing and
move no money; idempotent purchases; no two identical cards in a jogada across players; a
jogada with fewer than three players is cancelled at the close and every card refunded."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.games.bingo.cards import card_key, cards_drbg, generate_card
from domain.kernel.errors import (
    ConflictError, IdempotencyConflictError, InsufficientFundsError, InvalidInputError,
    RuleViolationError)
from tests.bingo import client as bingo
from infra.services import sessions as sessions_service
from tests.bingo.conftest import refused
from tests.refusals import max_id
from tests.bingo.plans import all_accounts_total, jogada_events, one, wallet_events
from tests.bingo.support import (DEPOSIT_CENTS, PRICE, buy, close_sale, config, names, new_player,
                                 new_room, of, open_jogada, players, room_events, wallet)


def rule(n) -> str:
    return f"bingo rule {n}"


def test_bingo_18_no_purchase_after_the_sale_period(ledger, clock):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 3)
    open_jogada(ledger, room)
    buy(ledger, room, ps[0])
    clock.advance(room["config"]["sale_seconds"])  # the period is over, not yet closed
    with refused(ledger, RuleViolationError, players=ps, code="sale_closed", field="count",
                 rule=rule(18)):
        buy(ledger, room, ps[1])
    bingo.close_sales(ledger, room_id=room["room_id"])  # cancelled: one buyer
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    close_sale(ledger, clock, room)
    with refused(ledger, RuleViolationError, players=ps, code="sale_closed", rule=rule(18)):
        buy(ledger, room, ps[0])


def test_bingo_13_no_more_than_the_room_limit_per_player_per_jogada(ledger):
    room = new_room(ledger, config("75", max_cards=5))
    ps = players(ledger, room, 2)
    open_jogada(ledger, room)
    with refused(ledger, RuleViolationError, players=ps, code="card_limit", field="count",
                 rule=rule(13)):
        buy(ledger, room, ps[0], 6)
    buy(ledger, room, ps[0], 3)
    with refused(ledger, RuleViolationError, players=ps, code="card_limit", rule=rule(13)):
        buy(ledger, room, ps[0], 3)
    assert len(buy(ledger, room, ps[0], 2)["cards"]) == 2
    assert len(buy(ledger, room, ps[1], 5)["cards"]) == 5  # the limit is per player
    assert wallet(ledger, ps[0]) == DEPOSIT_CENTS - 5 * PRICE


def test_insufficient_funds_refused_nothing_recorded(ledger):
    room = new_room(ledger, config("80"))
    poor = new_player(ledger, room, deposit_cents=250)
    open_jogada(ledger, room)
    with refused(ledger, InsufficientFundsError, players=[poor], code="insufficient_funds",
                 field="count", rule="903-B 5.2.2(3)"):
        buy(ledger, room, poor, 3)
    assert wallet(ledger, poor) == 250
    assert buy(ledger, room, poor, 2)["available_cents"] == 50


@pytest.mark.parametrize("count", [0, -1, 1.5, "2", True, None])
def test_bingo_11_at_least_one_whole_card(ledger, count):
    room = new_room(ledger, config("30", prizes={"bingo": 10_000}))
    p = new_player(ledger, room)
    open_jogada(ledger, room)
    with refused(ledger, InvalidInputError, players=[p], field="count", rule=rule(11)):
        buy(ledger, room, p, count)


def test_purchase_needs_an_open_jogada_and_an_open_session(ledger):
    room = new_room(ledger, config("90"))
    p = new_player(ledger, room)
    with refused(ledger, ConflictError, players=[p]):
        buy(ledger, room, p)
    open_jogada(ledger, room)
    sessions_service.end_session(ledger, p.session_id, "player", p.actor)
    with refused(ledger, ConflictError, players=[p], field="session_id", rule=rule(53)):
        buy(ledger, room, p)


def test_bingo_12_idempotency_key_replay_returns_the_same_cards_and_moves_no_money(ledger):
    room = new_room(ledger, config("90"))
    p = new_player(ledger, room)
    open_jogada(ledger, room)
    first = buy(ledger, room, p, 3, key="compra-1")
    position = max_id(ledger)
    again = buy(ledger, room, p, 3, key="compra-1")
    assert again == first
    assert max_id(ledger) == position
    assert wallet(ledger, p) == DEPOSIT_CENTS - 3 * PRICE
    with refused(ledger, IdempotencyConflictError, players=[p], code="idempotency_key_reused"):
        buy(ledger, room, p, 2, key="compra-1")
    events = room_events(ledger, room, first["jogada_id"])
    assert len(of(events, "CardsBought")) == 1
    assert sessions_service.statement(ledger, p.session_id)["wagered_cents"] == 3 * PRICE


def test_bingo_15_a20_no_two_cards_of_a_jogada_hold_the_same_numbers_across_players(ledger):
    """3,000 bingo-30 cards (1,728,000 distinct sets) from three players: no two the same set,
    even across players; the seed of this jogada does draw repeats, which were drawn again."""
    room = new_room(ledger, config("30", prizes={"bingo": 10_000}, max_cards=1_000,
                                   card_price_cents=1))
    ps = players(ledger, room, 3)
    opened = open_jogada(ledger, room)
    bought = [buy(ledger, room, p, 1_000) for p in ps]
    cards = [tuple(tuple(r) for r in c["numbers"]) for b in bought for c in b["cards"]]
    keys = [card_key(c) for c in cards]
    assert len(cards) == 3_000 and len(set(keys)) == 3_000
    assert [c["card"] for b in bought for c in b["cards"]] == list(range(3_000))
    # the raw stream of each purchase, before the rule-15 filter: some repeats were drawn again
    seed = bytes.fromhex(one(room_events(ledger, room, opened["jogada_id"]),
                             "RngCommitted").sealed_seed_hex)
    taken: set[bytes] = set()
    redrawn = 0
    for purchase, result in enumerate(bought, start=1):
        drbg = cards_drbg(seed, purchase)
        kept: list[bytes] = []
        while len(kept) < 1_000:
            key = card_key(generate_card(drbg, "30"))
            if key in taken or key in kept:
                redrawn += 1
                continue
            kept.append(key)
        assert kept == [card_key(tuple(tuple(r) for r in c["numbers"])) for c in result["cards"]]
        taken.update(kept)
    assert redrawn >= 1


# Fewer than three players (rules 6, 20; A22) ---------------------------------------------------
def test_bingo_6_20_a22_two_players_jogada_cancelled_at_the_close_every_card_refunded(
        ledger, clock):
    """Two players (one with ten cards: players are counted, not cards): the close cancels
    the jogada and refunds every card in the same transaction; the statements show the
    refund as refunded_cents."""
    room = new_room(ledger, config("90"))
    a, b, idle = players(ledger, room, 3)
    open_jogada(ledger, room)
    buy(ledger, room, a, 10)
    buy(ledger, room, b, 1)
    assert wallet(ledger, a) == DEPOSIT_CENTS - 10 * PRICE
    result = close_sale(ledger, clock, room)
    assert result["cancelled"] is True
    assert result["refunds"] == {str(a.player_id): 10 * PRICE, str(b.player_id): PRICE}
    assert [wallet(ledger, p) for p in (a, b, idle)] == [DEPOSIT_CENTS] * 3
    events = room_events(ledger, room, result["jogada_id"])
    assert names(events) == ["JogadaOpened", "RngCommitted", "CardsBought", "CardsBought",
                             "JogadaCancelled", "RngRevealed"]
    cancelled = one(events, "JogadaCancelled")
    assert (cancelled.reason, cancelled.players, cancelled.min_players, cancelled.rule) == (
        "too_few_players", 2, 3, rule("6, 20"))
    refunds = [e for e in wallet_events(ledger, a) if type(e).__name__ == "Credited"
               and e.reason == "bingo_refund"]
    assert [(e.amount_cents, e.at) for e in refunds] == [(10 * PRICE, cancelled.at)]
    for p, paid, cards in ((a, 10 * PRICE, 10), (b, PRICE, 1)):
        st = sessions_service.statement(ledger, p.session_id)
        assert (st["wagered_cents"], st["refunded_cents"], st["won_cents"], st["net_cents"]) == (
            paid, paid, 0, 0)
        assert st["won_by_category"] == {}
        assert st["lines"] == [{"category": "cards", "label": "cartões comprados", "count": cards,
                                "amount_cents": paid}]
    assert all_accounts_total(ledger) == 0
    assert bingo.describe(ledger, room["room_id"])["open_jogada"] is None
    assert open_jogada(ledger, room)["jogada_id"] == f"{room['room_id']}:2"


def test_bingo_6_a22_session_room_with_a_higher_minimum_cancels_below_it(ledger, clock):
    now = clock.now()
    room = new_room(ledger, config("80", mode="session", min_players=4,
                                   session_opens_at=now.isoformat(),
                                   session_closes_at=(now + timedelta(hours=3)).isoformat()))
    ps = players(ledger, room, 4)
    open_jogada(ledger, room)
    for p in ps[:3]:
        buy(ledger, room, p, 2)
    assert close_sale(ledger, clock, room)["cancelled"] is True
    assert [wallet(ledger, p) for p in ps] == [DEPOSIT_CENTS] * 4
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    assert close_sale(ledger, clock, room)["cancelled"] is False


def test_bingo_6_three_players_are_enough(ledger, clock):
    room = new_room(ledger, config("75"))
    ps = players(ledger, room, 3)
    jogada = open_jogada(ledger, room)["jogada_id"]
    for p in ps:
        buy(ledger, room, p)
    closed = close_sale(ledger, clock, room)
    assert closed["cancelled"] is False and closed["sales_cents"] == 3 * PRICE
    assert "SalesClosed" in names(jogada_events(ledger, room, jogada))


def test_bingo_16_sale_cannot_close_before_its_period_ends(ledger, clock):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 3)
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    clock.advance(room["config"]["sale_seconds"] - 1)
    with refused(ledger, RuleViolationError, players=ps, code="sale_open", rule=rule(16)):
        bingo.close_sales(ledger, room_id=room["room_id"])
