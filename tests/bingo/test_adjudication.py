"""Re-adjudication of bingo jogadas (issue 14): real jogadas (forced balls in certification
mode) recomputed from their recorded events alone (domain/games/bingo/adjudication.py, fed the jogada
index's events) and from the notification log (infra/services/adjudication.py), and compared with the
money actually moved. Every recomputed net is checked against the accounts as the store has
them, and the splits against the rules' arithmetic worked out here."""

from __future__ import annotations

from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.games.bingo.adjudication import adjudicate
from tests.adjudication_check import one_report
from tests.bingo import client as bingo
from tests.bingo.plans import balances, find_tie, ordered, play, room_codes, start
from tests.bingo.support import (OPERATOR, PRICE, buy, close_sale, config, new_room,
                                 open_jogada, players)
from tests.bingo.test_replay import tampered

BASE = 10_000


def adjudicated(ledger, jogada_id, opening=None):
    return one_report(ledger, jogada_id, adjudicate, bingo.jogada_domain_events(ledger, jogada_id),
                      opening)


def store_nets(ledger, room, ps, before):
    """What the wallets, the house, the pool and the jackpot moved since ``before`` (plans.
    balances), by account code, zeros left out."""
    after, codes = balances(ledger, room, ps), room_codes(room, ps)
    return {codes[k]: after[k] - before[k] for k in sorted(after) if after[k] != before[k]}


def test_bingo_26_30_a13_a31_a_three_way_tied_line_recomputes_to_per_player_shares(cert, clock,
                                                                                   seeds):
    """Rules 26, 30 (A13, A31): a line completed on one ball by cards of three players, bought
    in the order C, A, B: 12 cards at 1.04 € make a pool of 998 (80 %), the line 299 (30 %),
    so 100, 100 and 99 in card order; the bingo takes the rest; the house keeps 250."""
    room = new_room(cert, config("30", card_price_cents=104, prizes={"line": 3_000,
                                                                      "bingo": 7_000},
                                 line_directions=["horizontal"]))
    a, b, c = ps = players(cert, room, 3)

    def plan(cards):
        return find_tie(cards, room["config"], "line", lambda won: {s.player for s in won} ==
                        {a, b, c}, 3)

    before = balances(cert, room, ps)
    played = play(cert, clock, seeds, room, [(c, 4), (a, 4), (b, 4)], plan)
    report = adjudicated(cert, played.jogada_id)
    assert (report["status"], report["agrees"]) == ("settled", True)
    assert report["recomputed"] == report["recorded"]["money"] == store_nets(cert, room, ps,
                                                                             before)
    assert report["recomputed"][HOUSE_CODE] == 12 * 104 - 998
    bingo_shares = played.draws[-1]["won"][-1]["shares"]
    line = {p: report["recomputed"][wallet_code(p.player_id)] + 4 * 104
            - bingo_shares.get(str(p.player_id), 0) for p in (c, a, b)}
    assert list(line.values()) == [100, 100, 99]
    assert "bingo rule 24, 25, 26, 29, 30, 36" in report["rules"]


def test_bingo_39_42_44_a19_jackpot_recomputed_from_the_pool_as_it_stood(cert, clock, seeds):
    """Rules 40, 44: a first jogada (bingo after the 15th ball) adds its deduction to the
    jackpot; rule 42 (A19): the second's full card on the 15th ball wins the jackpot as it
    stood before the jogada (folded from the log, 903-B 6.4.6(3)) plus this jogada's
    deduction; rule 41: the house funds the base again."""
    room = new_room(cert, config("90", jackpot={"deduction_bp": 500, "base_cents": BASE,
                                                "max_balls": 15}))
    ps = players(cert, room, 3)
    first = play(cert, clock, seeds, room, [(p, 2) for p in ps])
    assert adjudicated(cert, first.jogada_id)["opening_balances"] == {}  # no jackpot won
    code = room["jackpot_account"]
    before = balances(cert, room, ps)
    assert before["jackpot"] == BASE + first.closed["jackpot_deduction_cents"]
    second = play(cert, clock, seeds, room, [(p, 1) for p in ps],
                  lambda cards: ordered(*cards[1].numbers))
    report = adjudicated(cert, second.jogada_id, {code: before["jackpot"]})
    assert report["agrees"] and report["opening_balances"] == {code: before["jackpot"]}
    assert report["recomputed"] == store_nets(cert, room, ps, before)
    assert report["recomputed"][code] == BASE - before["jackpot"]  # deduction in, all out, base
    won = [e.amount_cents for _, e in bingo.jogada_domain_events(cert, second.jogada_id)
           if type(e).__name__ == "JackpotWon"]
    assert won == [before["jackpot"] + second.closed["jackpot_deduction_cents"]]


def test_bingo_6_20_a22_a_cancelled_jogada_recomputes_to_every_card_refunded(ledger, clock):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 2)
    before = balances(ledger, room, ps)
    jogada_id = open_jogada(ledger, room)["jogada_id"]
    for p, n in zip(ps, (3, 5)):
        buy(ledger, room, p, n)
    assert close_sale(ledger, clock, room)["cancelled"] is True
    report = adjudicated(ledger, jogada_id)
    assert (report["status"], report["agrees"], report["recomputed"]) == ("cancelled", True, {})
    assert report["recorded"] == {"settlement": {}, "money": {}}
    assert store_nets(ledger, room, ps, before) == {}
    assert "bingo rule 6, 20" in report["rules"]


def test_bingo_45_46_47_a15_a_void_after_a_line_pays_it_and_refunds_the_others(cert, clock,
                                                                              seeds):
    """Rules 45–47, A15: the line of player B's card is won at the 5th ball, then the draw
    fails: B is paid the line and refunded nothing, A and C get their cards back; the house
    keeps B's card less the line; the jackpot deduction goes back."""
    room = new_room(cert, config("90", jackpot={"deduction_bp": 500, "base_cents": 5_000,
                                                "max_balls": 20}))
    a, b, c = ps = players(cert, room, 3)
    before = balances(cert, room, ps)
    played = start(cert, seeds, room, [(p, 1) for p in ps],
                   lambda cards: ordered(cards[1].numbers[0]))
    line = close_sale(cert, clock, room)["prizes"]["line"]
    for _ in range(7):
        clock.advance(10)
        bingo.draw(cert, room_id=room["room_id"])
    bingo.void_jogada(cert, room_id=room["room_id"], reason="draw server lost", actor=OPERATOR)
    report = adjudicated(cert, played.jogada_id)
    assert (report["status"], report["agrees"]) == ("voided", True)
    expected = {wallet_code(b.player_id): line - PRICE, HOUSE_CODE: PRICE - line}
    assert report["recomputed"] == store_nets(cert, room, ps, before) == expected


def test_bingo_45_47_a_void_during_the_sale_recomputes_to_nothing_moved(ledger):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 3)
    before = balances(ledger, room, ps)
    jogada_id = open_jogada(ledger, room)["jogada_id"]
    for p, n in zip(ps, (1, 4, 12)):
        buy(ledger, room, p, n)
    bingo.void_jogada(ledger, room_id=room["room_id"], reason="fault", actor=OPERATOR)
    report = adjudicated(ledger, jogada_id)
    assert (report["status"], report["agrees"], report["recomputed"]) == ("voided", True, {})
    assert store_nets(ledger, room, ps, before) == {} and "bingo rule 45, 47" in report["rules"]


def test_bingo_26_a_payment_or_a_movement_altered_in_the_record_is_named(cert, clock, seeds):
    """The recorded payments say one cent more for one player than the rules give: a
    difference against the settlement on that wallet only. A credit one cent short: a
    difference against the money, on that account."""
    room = new_room(cert, config("90"))
    ps = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(p, 2) for p in ps])
    events = bingo.jogada_domain_events(cert, played.jogada_id)
    winner = next(iter(played.draws[-1]["won"][-1]["shares"]))
    fair = adjudicate(events)
    assert fair["agrees"]

    def one_cent_more(e):
        payments = {p: dict(prizes) for p, prizes in e.payments.items()}
        payments[winner]["bingo"] += 1
        return {"payments": payments}

    report = adjudicate(tampered(events, "JogadaSettled", one_cent_more))
    own = wallet_code(winner)
    assert report["agrees"] is False
    assert report["differences"] == [{"account": own, "against": "settlement",
                                      "recorded_cents": fair["recomputed"][own] + 1,
                                      "recomputed_cents": fair["recomputed"][own]}]
    report = adjudicate(tampered(events, "Credited",  # the pool's credit of the first purchase
                                 lambda e: {"amount_cents": e.amount_cents - 1}))
    assert [(d["account"], d["against"], d["recomputed_cents"] - d["recorded_cents"])
            for d in report["differences"]] == [(room["pool_account"], "money", 1)]
