"""A multi-player blackjack table of seven seats through HTTP, from sit-down to the session
statements (issue 26, "what it must show"): two jogadas from forced shoes (certification mode)
with splits, doubles, insurance, even money, a surrender and a banca blackjack; every cent in a
wallet or the house's account.

Every expected amount is computed here by hand from the rules (r20, r25, A47, A52, A53), never
taken from the service's answer.
"""

from __future__ import annotations

import pytest

from tests.blackjack.http_support import (
    FUNDS,
    OPERATOR,
    Table,
    assert_conserved,
    balance,
    end_session,
    http_client,
    multi_config,
    shoe,
    statement,
)

BET = 1_000  # €10 on each seat

# Jogada 1: the banca's up card an ace, its hole card a king (blackjack). No peek (A47): the
# players play on, and every doubled and split stake is taken.
J1_HANDS = [["As", "Kc"], ["Ah", "Qd"], ["Tc", "9d"], ["8c", "8d"], ["5c", "6d"], ["7c", "7d"],
            ["Td", "6s"]]
J1_DRAWS = ["3c", "Th", "9c", "9h", "7h"]  # seat 4 split: hand 0, hand 1; its double; 5; 6
J1_SHOE = shoe(J1_HANDS, "Ad", "Ks", J1_DRAWS)
J1_OFFERS = [(1, "even_money", None), (2, "no_even_money", None), (3, "insurance", BET // 2),
             (4, "no_insurance", None), (5, "no_insurance", None), (6, "no_insurance", None),
             (7, "no_insurance", None)]
J1_PLAY = [(3, 0, "stand"), (4, 0, "split"), (4, 0, "double"), (4, 1, "stand"),
           (5, 0, "double"), (6, 0, "hit"), (7, 0, "stand")]
J1_DELTA = [
    +BET,  # r20b, A51: even money, 1:1 at once
    0,  # r25a, r25h: a blackjack against the banca's blackjack is a push
    -BET + 2 * (BET // 2),  # r25e, r25f: the hand lost, the insurance pays 2:1 (€5 → €15 back)
    -3 * BET,  # A47: both split hands and the double lost to the banca's blackjack
    -2 * BET,  # A47: the doubled hand (5 + 6 + 9 = 20) lost
    -BET + 3 * BET,  # r25i, A52: three 7s lose €10 to the blackjack and earn €30
    -BET,  # r18, r25e
]
J1_WAGERED = [BET, BET, BET + BET // 2, 3 * BET, 2 * BET, BET, BET]

# Jogada 2: up 6, hole T (16): the banca draws a ten and busts (r17b, r25d).
J2_HANDS = [["Ac", "Kh"], ["Th", "6c"], ["6h", "7h"], ["9c", "9d"], ["Ts", "2d"], ["5d", "4c"],
            ["Tc", "8c"]]
J2_DRAWS = ["8h", "2c", "Td", "Js", "Kd", "9s", "Jh"]
J2_SHOE = shoe(J2_HANDS, "6d", "Qs", J2_DRAWS)
J2_PLAY = [(2, 0, "surrender"), (3, 0, "hit"), (4, 0, "split"), (4, 0, "double"),
           (4, 1, "stand"), (5, 0, "hit"), (6, 0, "double"), (7, 0, "stand")]
J2_DELTA = [
    (3 * BET + 1) // 2,  # r20a, r25a: a natural against 2–9 paid 3:2 at once
    -BET // 2,  # r15e, A48: surrender returns half
    BET + 3 * BET,  # r25d, r25i: 6-7-8 of hearts: wins 1:1 and the prize of 3 × the stake
    2 * BET + BET,  # r21, r23: 9+2 doubled to 21 and 9+J = 19, both against a bust banca
    -BET,  # r25b: T + 2 + K = 22, lost at once
    2 * BET,  # r15b: 5 + 4 doubled (+9 = 18) against a bust banca
    BET,  # r25d
]
J2_WAGERED = [BET, BET, BET, 3 * BET, BET, 2 * BET, BET]


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


def close_window(table: Table, clock) -> None:
    """r12: the window (15 s) runs out; the table's clock closes it and deals."""
    clock.advance(16)
    table.tick()
    assert table.state()["open_jogada"] is not None


def play(table: Table, players, jogada_id: str, steps, tag: str) -> None:
    for n, (seat, hand, decision) in enumerate(steps):
        r = table.decide(players[seat - 1][1], jogada_id, seat, decision, f"{tag}-{n}",
                         hand=hand)
        assert r.status_code == 200, (seat, hand, decision, r.text)


def test_bj_seven_seats_from_sit_down_to_the_statements(client, clock):
    """r4a, r6, r12, r14, r15a–f, r17, r18, r20a–b, r21, r23, r25a–i, r33; A47, A48, A51–A53;
    903-B 6.1.4: seven players at one table, two jogadas, every wallet, statement and the
    accounts agree with amounts computed by hand."""
    table = Table(client, multi_config(seats=7))
    players = [table.seated(f"Jogador {seat}", seat) for seat in range(1, 8)]
    ids = [pid for pid, _h, _s in players]
    assert_conserved(client, ids, 7 * FUNDS)

    # Jogada 1: the first bet opens the window for everyone (r12); the shoe is forced in it.
    r = table.bet(players[0][1], BET, "j1-1", seat=1)
    assert r.status_code == 201, r.text
    j1 = r.json()["jogada_id"]
    assert table.force(J1_SHOE).status_code == 200
    for seat in range(2, 8):
        assert table.bet(players[seat - 1][1], BET, f"j1-{seat}", seat=seat).status_code == 201
    for pid in ids:  # r9: the bets are held, not yet lost
        assert balance(client, pid)["held_cents"] == BET
    close_window(table, clock)
    seen = table.view(players[0][1])
    assert seen["banca"]["up_card"] == "Ad" and "Ks" not in str(seen)  # r14: the hole card face down
    for seat, decision, amount in J1_OFFERS:  # r15f, r20b, A51: every bettor at once
        r = table.decide(players[seat - 1][1], j1, seat, decision, f"j1-o{seat}", amount=amount)
        assert r.status_code == 200, (seat, decision, r.text)
    play(table, players, j1, J1_PLAY, "j1")
    assert table.state()["open_jogada"] is None
    deltas = list(J1_DELTA)
    for (pid, _h, _s), delta in zip(players, deltas):
        assert balance(client, pid) == {"available_cents": FUNDS + delta, "held_cents": 0,
                                        "balance_cents": FUNDS + delta}
    assert_conserved(client, ids, 7 * FUNDS)

    # Jogada 2: the shoe forced with the bet that opens it.
    r = table.bet(players[0][1], BET, "j2-1", seat=1, forced_deck=J2_SHOE)
    assert r.status_code == 201, r.text
    j2 = r.json()["jogada_id"]
    assert j2 != j1
    for seat in range(2, 8):
        assert table.bet(players[seat - 1][1], BET, f"j2-{seat}", seat=seat).status_code == 201
    close_window(table, clock)
    play(table, players, j2, J2_PLAY, "j2")
    assert table.state()["open_jogada"] is None

    # r33: the statement at the end of each session: what was bet and the profit or loss.
    for seat, (pid, headers, sid) in enumerate(players, start=1):
        delta = J1_DELTA[seat - 1] + J2_DELTA[seat - 1]
        assert balance(client, pid)["balance_cents"] == FUNDS + delta, f"seat {seat}"
        ended = end_session(client, sid, headers)
        assert ended["status"] == "ended"
        st = statement(client, sid, headers)
        assert st["jogadas"] == 2, f"seat {seat}"
        assert st["wagered_cents"] == J1_WAGERED[seat - 1] + J2_WAGERED[seat - 1], f"seat {seat}"
        assert st["refunded_cents"] == 0
        assert st["net_cents"] == delta == st["won_cents"] - st["wagered_cents"], f"seat {seat}"
    # By hand: 1000 + 1500 | 0 − 500 | 0 + 4000 | −3000 + 3000 | −2000 − 1000 | 2000 + 2000 | −1000 + 1000
    assert [a + b for a, b in zip(J1_DELTA, J2_DELTA)] == [2_500, -500, 4_000, 0, -3_000,
                                                           4_000, 0]
    accounts = assert_conserved(client, ids, 7 * FUNDS)
    assert accounts["house"] == -sum(J1_DELTA) - sum(J2_DELTA)


def test_bj_seven_seats_the_jogadas_are_listed_with_each_players_amounts(client, clock):
    """r31: each player's last jogada, its hands and amounts; GET /jogadas/{id} for staff."""
    table = Table(client, multi_config(seats=7))
    players = [table.seated(f"J{seat}", seat) for seat in range(1, 8)]
    j1 = table.bet(players[0][1], BET, "b1", seat=1, forced_deck=J1_SHOE).json()["jogada_id"]
    for seat in range(2, 8):
        assert table.bet(players[seat - 1][1], BET, f"b{seat}", seat=seat).status_code == 201
    close_window(table, clock)
    for seat, decision, amount in J1_OFFERS:
        assert table.decide(players[seat - 1][1], j1, seat, decision, f"o{seat}",
                            amount=amount).status_code == 200
    play(table, players, j1, J1_PLAY, "p")
    r = client.get(f"/jogadas/{j1}", headers=OPERATOR)
    assert r.status_code == 200, r.text
    for seat, (pid, headers, _sid) in enumerate(players, start=1):
        r = client.get(f"/blackjack/players/{pid}/last-jogada", headers=headers)
        assert r.status_code == 200, r.text
        assert r.json()["jogada_id"] == j1
