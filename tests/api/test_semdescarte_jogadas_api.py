"""Póquer sem descarte jogadas over HTTP, end to end (Reg. 803/2015 rules-digest §2, §3, A1–A12):
seven players at a multi-seat table with the jackpot, the jackpot prizes when the bank does not
qualify (Portaria 461/2001 r9, A12), an individual table (rule 15), decisions and settlement
(rules 20–29), each wallet, statement and the ledger-wide accounts audit checked.

Every expected amount is computed here by hand from the paytable (rule 12, "N to 1" per A2),
the ante rules (26, 28, 29, A1, A3) and the jackpot prizes (Portaria r9, A12), never taken from
the service's own answer. Forced decks (certification mode) follow rule 19
(tests/api/semdescarte_support.py).
"""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, Api
from tests.api.semdescarte_support import (BURN, FUNDS, SD, account_balance, ante, audit, cards_in,
                                           certified_individual, create_table, deal, decide,
                                           error_of, forced_deck, individual_config, multi_config,
                                           seated, statement, table_state, view)


BANK = ["8c", "8d", "Kc", "7h", "4d"]  # one pair: qualifies (rules 7k, 25); 4d face up (19c)
SEVEN = [
    # (ante, jackpot bet, hand, decision, result, paytable N (rule 12), jackpot prize (r9))
    (100, 100, ["9c", "9d", "9h", "9s", "2c"], "continue", "player_won", 20, 500 * 100),
    (200, 100, ["Qc", "Qd", "Qh", "5c", "5d"], "continue", "player_won", 7, 100 * 100),
    (300, None, ["As", "Js", "6s", "3s", "2s"], "continue", "player_won", 5, 0),
    (150, 100, ["Ah", "Jh", "Th", "6h", "3h"], "fold", "folded", None, 0),  # A12: no jackpot
    (500, 100, ["8h", "8s", "Kd", "7d", "4h"], "continue", "push", None, 0),  # A1
    (250, None, ["3c", "3d", "Jc", "Tc", "6c"], "continue", "bank_won", None, 0),  # rule 29
    (1_000, None, ["Ad", "Ks", "Qs", "Jd", "Td"], "continue", "player_won", 4, 0),  # straight
]


def expected_delta(ante_cents: int, jackpot: int | None, result: str, n: int | None,
                   prize: int) -> int:
    """The wallet's change over the jogada, from the rules (not from the service)."""
    jb = jackpot or 0
    bet = 2 * ante_cents  # rules 2f, 23
    if result == "folded":
        return -ante_cents - jb  # rule 22
    if result == "bank_won":
        return -ante_cents - bet - jb  # rule 29
    if result == "push":
        return -jb  # A1: both bets back, nothing won
    if result == "bank_not_qualified":
        return ante_cents - jb  # rule 26, A3
    return ante_cents + n * bet + prize - jb  # rule 28: ante 1 to 1, bet N to 1 (A2); r9


def test_seven_players_multi_seat_jogada_from_bet_to_statement(api, make_client, clock):
    """Rules 5, 6a, 14, 19, 19c, 20–29, 12 (N to 1, A2), A1 (push), 39 (statement); Portaria
    r3, r4b, r8–r10 and A12 (a folded hand wins no jackpot prize): seven players bet against the
    bank, each sees only its own cards and the bank's open card, and every wallet, every session
    statement and the ledger-wide accounts agree with amounts computed by hand."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config())
    tid = table["table_id"]
    assert table["game"] == "sem_descarte_multi"
    before = audit(client)
    assert account_balance(before, table["jackpot_account"]) == 1_000_000  # Portaria r10
    players = []
    for seat, (ante_cents, jackpot, *_rest) in enumerate(SEVEN, start=1):
        pid, headers, sid = seated(api, table, f"Jogador {seat}", seat=seat)
        r = ante(client, tid, headers, ante_cents, f"ante-{seat}", jackpot)
        assert r.status_code == 201, r.text
        body = r.json()
        assert (body["seat"], body["ante_cents"], body["held_cents"]) == (
            seat, ante_cents, 3 * ante_cents)  # A8: 3 × ante held
        held = 3 * ante_cents + (jackpot or 0)
        assert api.balance(pid) == {"available_cents": FUNDS - held, "held_cents": held,
                                    "balance_cents": FUNDS}
        players.append((pid, headers, sid))
    jogada_id = body["jogada_id"]

    # Rule 14: the betting period runs until betting_closes_at; no deal before it ends.
    clock.advance(15)
    assert error_of(deal(client, tid, OPERATOR), 409)["rule"] == f"{SD} 14"
    clock.advance(1)
    hands = [row[2] for row in SEVEN]
    deck = forced_deck(hands, BANK)
    r = deal(client, tid, OPERATOR, deck)
    assert r.status_code == 200, r.text
    assert r.json()["status"] == "deciding" and r.json()["bank_open_card"] == "4d"
    assert "cards" not in r.json()  # the operator sees no hole cards

    # Rule 19c: each player sees its own 5 cards and the bank's open card, nothing else.
    universe = {c for hand in hands for c in hand} | set(BANK) | {BURN}
    for seat, (pid, headers, _sid) in enumerate(players, start=1):
        seen = view(client, tid, headers)
        assert seen["jogada_id"] == jogada_id and seen["seat"] == seat
        assert seen["cards"] == hands[seat - 1]
        assert seen["bank_open_card"] == "4d"
        assert seen["options"] == ["fold", "continue"]  # rule 30
        assert seen["bet_if_continue_cents"] == 2 * SEVEN[seat - 1][0]  # rule 23
        assert cards_in(seen, universe) == set(hands[seat - 1]) | {"4d"}
        # The jackpot stakes were collected before any card (Portaria r4b): only 3 × ante held.
        assert api.balance(pid)["held_cents"] == 3 * SEVEN[seat - 1][0]
    for staff in (OPERATOR, api.staff("auditor")[1]):
        assert cards_in(view(client, tid, staff), universe) == {"4d"}
    assert cards_in(table_state(client, tid), universe) == set()

    # Rules 20–23: every player decides; the last decision settles the jogada (rules 24–29).
    for seat, (pid, headers, _sid) in enumerate(players, start=1):
        decision = SEVEN[seat - 1][3]
        r = decide(client, tid, headers, jogada_id, decision)
        assert r.status_code == 200, r.text
        assert r.json()["settled"] is (seat == 7)
        if seat < 7:
            assert cards_in(r.json(), universe) == set(hands[seat - 1]) | {"4d"}
    assert table_state(client, tid)["open_jogada"] is None

    total_delta = 0
    for seat, (pid, headers, sid) in enumerate(players, start=1):
        ante_cents, jackpot, _hand, decision, result, n, prize = SEVEN[seat - 1]
        delta = expected_delta(ante_cents, jackpot, result, n, prize)
        total_delta += delta
        assert api.balance(pid, headers) == {"available_cents": FUNDS + delta, "held_cents": 0,
                                             "balance_cents": FUNDS + delta}, f"seat {seat}"
        st = statement(client, sid, headers)  # rule 39
        wagered = ante_cents + (jackpot or 0) + (2 * ante_cents if decision == "continue" else 0)
        assert st["wagered_cents"] == wagered, f"seat {seat}"
        assert st["net_cents"] == delta == st["won_cents"] - st["wagered_cents"], f"seat {seat}"
    # By hand: 4100 + 50000 − 100 | 3000 + 10000 − 100 | 3300 | −250 | −100 | −750 | 9000
    assert [expected_delta(*row[:2], *row[4:]) for row in SEVEN] == [
        54_000, 12_900, 3_300, -250, -100, -750, 9_000]

    # Money is conserved: the accounts sum to 0; the jackpot pool moved by the 70 % share of
    # four stakes (r3) less the two prizes (r9); the house paid the rest.
    after = audit(client)
    assert after["total_cents"] == 0 and after["balanced"] is True
    pool = account_balance(after, table["jackpot_account"])
    assert pool == 1_000_000 + 4 * 70 - 50_000 - 10_000
    assert account_balance(after, "house") - account_balance(before, "house") == (
        -total_delta - (pool - 1_000_000))


def test_pt_r9_a12_jackpot_prizes_in_order_and_paid_when_the_bank_does_not_qualify(
        api, make_client, clock):
    """Portaria r9 with A12: jackpot prizes are paid whether or not the bank qualifies; the
    fixed multiples first (flush 50 × stake), then 10 % of the pool for a straight flush, then
    the royal flush takes what is left; the house funds the pool back to its starting value
    (r10). The bank (K-Q high) does not qualify: each main game pays the ante 1 to 1 and returns
    the second bet (rule 26, A3), even to the royal flush."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    before = audit(client)
    rows = [(100, ["As", "Ks", "Qs", "Js", "Ts"]), (200, ["9h", "8h", "7h", "6h", "5h"]),
            (300, ["Ad", "9d", "7d", "4d", "2d"])]
    people = []
    for seat, (ante_cents, _hand) in enumerate(rows, start=1):
        pid, headers, sid = seated(api, table, f"J{seat}", seat=seat)
        r = ante(client, tid, headers, ante_cents, f"a{seat}", 100)
        assert r.status_code == 201, r.text
        people.append((pid, headers, sid))
    jogada_id = r.json()["jogada_id"]
    clock.advance(16)
    deck = forced_deck([hand for _, hand in rows], ["Kc", "Qc", "8c", "3h", "2c"], burn="3d")
    assert deal(client, tid, OPERATOR, deck).status_code == 200
    for pid, headers, _ in people:
        assert decide(client, tid, headers, jogada_id, "continue").status_code == 200
    pool = 1_000_000 + 3 * 70  # r3: 70 % of each 100-cent stake
    flush = 50 * 100  # r9e
    straight_flush = (pool - flush) // 10  # r9b, after the fixed prizes (A12)
    royal = pool - flush - straight_flush  # r9a: what is left
    assert (flush, straight_flush, royal) == (5_000, 99_521, 895_689)
    prizes = [royal, straight_flush, flush]
    deltas = []
    for (ante_cents, _), (pid, headers, sid), prize in zip(rows, people, prizes):
        delta = ante_cents + prize - 100  # rule 26 / A3 + the jackpot prize − the side bet
        deltas.append(delta)
        assert api.balance(pid) == {"available_cents": FUNDS + delta, "held_cents": 0,
                                    "balance_cents": FUNDS + delta}
        st = statement(client, sid, headers)
        assert (st["wagered_cents"], st["net_cents"]) == (3 * ante_cents + 100, delta)
    after = audit(client)
    assert after["total_cents"] == 0
    assert account_balance(after, table["jackpot_account"]) == 1_000_000  # refilled (r10, A12)
    assert account_balance(after, "house") - account_balance(before, "house") == -sum(deltas)


def test_sd_15_individual_table_the_player_starts_the_deal_and_decides(api, make_client, clock):
    """Rules 15 (the player starts the deal once the ante is placed), 19 (n = 1: the player
    gets 1, 3, 5, 7, 9, the bank 2, 4, 6, 8, 10, index 10 face up), 20, 23, 28, 12 (a flush
    pays 5 to 1 on the second bet), 39; another player cannot deal or decide in it."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config())
    tid = table["table_id"]
    assert table["game"] == "sem_descarte_individual"
    pid, ana, sid = seated(api, table, "Ana")  # seat 1 by default
    other_id, other, _ = seated(api, create_table(client, individual_config()), "Rui")

    # No ante yet: nothing to deal (rule 15).
    assert error_of(deal(client, tid, ana), 409)["field"] == "jogada_id"
    r = ante(client, tid, ana, 200, "a1")
    assert r.status_code == 201, r.text
    jogada_id = r.json()["jogada_id"]
    assert r.json()["betting_closes_at"] is None  # no betting window at an individual table
    assert view(client, tid, ana)["status"] == "betting" and "cards" not in view(client, tid, ana)
    # The decision comes after the cards (rule 20).
    assert error_of(decide(client, tid, ana, jogada_id, "continue"), 409)["rule"] == f"{SD} 20"

    hand, bank = ["Kh", "Th", "8h", "5h", "2h"], ["Ac", "Kd", "9s", "4c", "7d"]  # bank: A+K
    deck = forced_deck([hand], bank, burn="Qs")
    assert deck[1::2][:5] == hand and deck[2::2][:5] == bank  # the n = 1 indices
    # Another player, not seated here, cannot start this player's deal (rule 15).
    error = error_of(deal(client, tid, other, deck), 403)
    assert (error["code"], error["rule"]) == ("forbidden", f"{SD} 15")
    assert view(client, tid, ana)["status"] == "betting"
    r = deal(client, tid, ana, deck)
    assert r.status_code == 200, r.text
    assert (r.json()["cards"], r.json()["bank_open_card"]) == (hand, "7d")
    assert error_of(deal(client, tid, ana, deck), 409)["rule"] == f"{SD} 19"  # dealt once
    # Another player cannot decide in it (rule 20) and sees no card of it.
    assert error_of(decide(client, tid, other, jogada_id, "fold"), 403)["rule"] == f"{SD} 20"
    assert cards_in(view(client, tid, other), set(hand) | set(bank)) == {"7d"}

    r = decide(client, tid, ana, jogada_id, "continue")
    assert r.status_code == 200, r.text
    assert r.json()["settled"] is True
    assert error_of(decide(client, tid, ana, jogada_id, "fold"), 409)["field"] == "jogada_id"
    win = 200 + 5 * 400  # rule 28b: ante 1 to 1; rule 12: flush 5 to 1 on the 400 bet (A2)
    assert api.balance(pid) == {"available_cents": FUNDS + win, "held_cents": 0,
                                "balance_cents": FUNDS + win}
    st = statement(client, sid, ana)
    assert (st["wagered_cents"], st["won_cents"], st["net_cents"]) == (600, 600 + win, win)
    assert api.balance(other_id)["available_cents"] == FUNDS
    assert audit(client)["total_cents"] == 0


def test_sd_26_a3_bank_that_does_not_qualify_pays_the_ante_and_returns_the_bet(api, make_client):
    """Rule 26 with A3: the bank holds neither ace + king nor a pair; the player's ante is paid
    1 to 1 and its second bet comes back untouched, whatever its hand."""
    client, api, tid, pid, ana, sid = certified_individual(make_client)
    jogada_id = ante(client, tid, ana, 300, "a1").json()["jogada_id"]
    hand, bank = ["3c", "5d", "7h", "9s", "Jc"], ["Ah", "Qd", "Js", "5s", "2c"]  # A-Q high
    assert deal(client, tid, ana, forced_deck([hand], bank)).status_code == 200
    assert decide(client, tid, ana, jogada_id, "continue").json()["settled"] is True
    assert api.balance(pid) == {"available_cents": FUNDS + 300, "held_cents": 0,
                                "balance_cents": FUNDS + 300}
    assert statement(client, sid, ana)["net_cents"] == 300


def test_sd_20_23_a_second_bet_out_of_turn_is_409_and_moves_nothing(api, client):
    """Rules 20–23: the decision (and with "continue" the second bet) comes after the deal and
    once per jogada. Before the cards, or a second time, it is refused (409 naming jogada_id
    or decision), nothing is recorded and only the ante's hold stays on the wallet."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, sid = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    held = {"available_cents": FUNDS - 300, "held_cents": 300, "balance_cents": FUNDS}
    early = error_of(decide(client, tid, ana, jogada_id, "continue"), 409)
    assert early["field"] in ("jogada_id", "decision")
    assert api.balance(pid) == held
    assert statement(client, sid, ana)["wagered_cents"] == 100  # the ante only
    assert deal(client, tid, ana).status_code == 200
    # Ana's first decision settles her individual table; a second one finds no jogada to decide.
    assert decide(client, tid, ana, jogada_id, "fold").status_code == 200
    after = api.balance(pid)
    again = error_of(decide(client, tid, ana, jogada_id, "continue"), 409)
    assert again["field"] in ("jogada_id", "decision")
    assert api.balance(pid) == after == {"available_cents": FUNDS - 100, "held_cents": 0,
                                         "balance_cents": FUNDS - 100}
    assert statement(client, sid, ana)["wagered_cents"] == 100


def test_sd_20_decision_by_a_player_not_seated_or_without_ante_is_403(api, make_client, clock):
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    ana_id, ana, _ = seated(api, table, "Ana", seat=1)
    bia_id, bia, _ = seated(api, table, "Bia", seat=2)  # seated, no ante
    out_id, outsider = api.player("Rui")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    clock.advance(16)
    assert client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR).status_code == 200
    for headers in (bia, outsider):
        error = error_of(decide(client, tid, headers, jogada_id, "fold"), 403)
        assert (error["field"], error["rule"]) == ("player_id", f"{SD} 20")
    error = error_of(decide(client, tid, OPERATOR, jogada_id, "fold"), 403)  # players only
    assert error["code"] == "forbidden"
    assert view(client, tid, ana)["decision"] is None
    assert api.balance(ana_id)["held_cents"] == 300
    assert api.balance(bia_id)["available_cents"] == FUNDS
    # A player who is not seated cannot bet either.
    error = error_of(ante(client, tid, outsider, 100, "x"), 403)
    assert error["field"] == "player_id"


@pytest.mark.parametrize("body, status, field", [
    ({"decision": "raise"}, 422, "decision"),
    ({"decision": "continue", "extra": 1}, 422, "extra"),
    ({"decision": "continue", "jogada_id": "other:1"}, 409, "jogada_id"),
    ({"decision": "continue", "jogada_id": "a\x00b"}, 422, "jogada_id"),  # 903-B 7.9.1
])
def test_malformed_decisions(api, client, clock, body, status, field):
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, _ = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    r = client.post(f"/semdescarte/tables/{tid}/decisions",
                    json={"jogada_id": jogada_id, **body}, headers=ana)
    assert error_of(r, status)["field"] == field
    assert view(client, tid, ana)["decision"] is None
    assert api.balance(pid)["held_cents"] == 300
