"""A multi-player wheel through HTTP, from the sessions to the statements (issue 27, "what it
must show"): five players at one wheel, two jogadas — the first on 0, the second on 17, each
number forced in certification mode — every chance of r7 and every call bet of r8; every cent
in a wallet or the house's account.

Every expected amount is worked out here by hand from r14 (the stake stays the player's and
the win is paid on top), r15 (a call bet settled component by component), r21 (on 0 the simple
chances and every position without 0 lose) and A53 (half a cent to the player), never taken
from the service's answer.
"""

from __future__ import annotations

import pytest

from tests.roulette.http_support import (
    FUNDS,
    OPERATOR,
    Wheel,
    assert_conserved,
    balance,
    call,
    chance,
    end_session,
    http_client,
    multi_config,
    statement,
)

# Jogada 1, on 0 (r21, A58): the positions holding 0 win at r14's odds; everything else loses.
J1 = {
    "Ana": ([chance("pleno", [0], 1_000), chance("cavalo", [0, 1], 1_000),
             chance("rua", [0, 1, 2], 1_000), chance("quadro", [0, 1, 2, 3], 1_000),
             chance("encarnado", [], 1_000)],
            # 35 + 1, 17 + 1, 11 + 1, 8 + 1 (the digest: €10 on 0-1-2-3 returns €90); red loses
            36_000 + 18_000 + 12_000 + 9_000 + 0),
    "Bia": ([chance("duzia", [1], 1_000), chance("coluna", [3], 1_000),
             chance("cavalo_de_duzia", [1, 2], 1_000), chance("cavalo_de_coluna", [2, 3], 1_000),
             chance("linha", [1, 2, 3, 4, 5, 6], 1_000)]
            + [chance(simple, [], 1_000) for simple in ("par", "impar", "menor", "maior",
                                                         "preto")],
            0),  # r21: on 0 the first dozen, every column and every simple chance lose
    "Caio": ([call("voisins_du_zero", 100), call("tiers_du_cylindre", 100),
              call("orphelins", 100)],
             36 * 100),  # 17 + 12 + 8 plenos of 1 € (A59); only voisins' pleno 0 wins
    "Duarte": ([call("neighbours", 100, number=26, neighbours=2), call("finales", 100, number=0)],
               2 * 36 * 100),  # 3-26-0 and 0-10-20-30: pleno 0 in each
}
J1_STAKED = {"Ana": 5_000, "Bia": 10_000, "Caio": 1_700 + 1_200 + 800, "Duarte": 300 + 400}

# Jogada 2, on 17 (black, odd, low, the second dozen and column, orphelins).
J2 = {
    "Ana": ([chance("pleno", [17], 1_000), chance("cavalo", [14, 17], 500),
             chance("rua", [16, 17, 18], 500), chance("quadro", [13, 14, 16, 17], 500),
             chance("linha", [13, 14, 15, 16, 17, 18], 500)],
            1_500 * 36 + 500 * 18 + 500 * 12 + 500 * 9 + 500 * 6),  # with her second slip
    "Bia": ([chance("duzia", [2], 1_000), chance("coluna", [2], 1_000),
             chance("cavalo_de_duzia", [1, 2], 1_000), chance("cavalo_de_coluna", [1, 2], 1_001)],
            # 2 + 1 twice; the digest's €10 on a cavalo de dúzia wins €15 back; 1 001 × 3/2 =
            # 1 501.5, rounded up to 1 502 (A53)
            3_000 + 3_000 + 1_500 + 1_502),
    "Caio": ([chance(simple, [], 1_000) for simple in ("impar", "preto", "menor", "par", "maior",
                                                        "encarnado")],
             3 * 2_000),
    "Duarte": ([call("orphelins", 100), call("finales", 100, number=7),
                call("neighbours", 100, number=17, neighbours=4)],
               3 * 36 * 100),  # 17 is one of the 8, of 7-17-27 and of 2-25-17-34-6
}
ANA_SECOND_SLIP = [chance("pleno", [17], 500)]  # A57: 1 500 on pleno 17, within 30 × 100
J2_STAKED = {"Ana": 3_000 + 500, "Bia": 4_001, "Caio": 6_000, "Duarte": 800 + 300 + 500}
NAMES = ("Ana", "Bia", "Caio", "Duarte")


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


def spin(wheel: Wheel, clock) -> None:
    """r16: the window (15 s) runs out; the wheel's clock closes it ("jogo feito nada mais")
    and the ball lands."""
    clock.advance(16)
    wheel.tick()


def test_rf_multi_wheel_five_players_every_chance_and_call_bet_from_sessions_to_statements(
        client, clock):
    """r5, r7a, r7b, r8a–e, r14, r15, r16, r18–r21, r26, r28, r30b; A53, A56–A59; 903-B
    6.1.4: four players bet on every chance and call bet, a fifth only watches; two jogadas,
    the first on 0; every wallet, statement and account agrees with amounts worked out by
    hand."""
    wheel = Wheel(client, multi_config())
    players = {name: wheel.joined(name) for name in (*NAMES, "Eva")}
    ids = [pid for pid, _h, _s in players.values()]
    assert_conserved(client, ids, 5 * FUNDS)

    # Jogada 1: the first slip opens the window for everyone (r16), with the forced number.
    first = wheel.placed(players["Ana"][1], J1["Ana"][0], "j1-Ana", forced_number=0)
    j1 = first["jogada_id"]
    for name in NAMES[1:]:
        assert wheel.placed(players[name][1], J1[name][0], f"j1-{name}")["jogada_id"] == j1
    for name in NAMES:  # r14, r19: the stakes are held, not yet lost
        assert balance(client, players[name][0])["held_cents"] == J1_STAKED[name], name
    spin(wheel, clock)
    for name in NAMES:
        pid = players[name][0]
        assert balance(client, pid) == {
            "available_cents": FUNDS - J1_STAKED[name] + J1[name][1], "held_cents": 0,
            "balance_cents": FUNDS - J1_STAKED[name] + J1[name][1]}, name
    assert_conserved(client, ids, 5 * FUNDS)

    # Jogada 2: the operator forces 17 in the window; Ana adds a second slip on pleno 17.
    j2 = wheel.placed(players["Bia"][1], J2["Bia"][0], "j2-Bia")["jogada_id"]
    assert j2 != j1
    assert wheel.force(17).status_code == 200
    for name in ("Ana", "Caio", "Duarte"):
        wheel.placed(players[name][1], J2[name][0], f"j2-{name}")
    clock.advance(10)
    wheel.placed(players["Ana"][1], ANA_SECOND_SLIP, "j2-Ana-2")  # still in the window
    spin(wheel, clock)

    # r6e, A56: the last winning numbers with their colours, newest first.
    seen = wheel.view(players["Eva"][1])
    assert [(r["number"], r["colour"]) for r in seen["recent_results"][:2]] == [
        (17, "black"), (0, "green")]

    # r26: each player's last jogada; the statement at the end of each session (r28).
    for name in NAMES:
        pid, headers, sid = players[name]
        staked = J1_STAKED[name] + J2_STAKED[name]
        returned = J1[name][1] + J2[name][1]
        assert balance(client, pid)["balance_cents"] == FUNDS - staked + returned, name
        last = wheel.last_jogada(pid, headers)
        assert last.status_code == 200, last.text
        assert last.json()["jogada_id"] == j2
        end_session(client, sid, headers)
        st = statement(client, sid, headers)
        assert (st["jogadas"], st["wagered_cents"], st["won_cents"], st["refunded_cents"]) == (
            2, staked, returned, 0), name
        assert st["net_cents"] == returned - staked, name
    eva_pid, eva, eva_sid = players["Eva"]
    end_session(client, eva_sid, eva)
    st = statement(client, eva_sid, eva)
    assert (st["wagered_cents"], st["won_cents"], st["net_cents"]) == (0, 0, 0)
    assert balance(client, eva_pid)["balance_cents"] == FUNDS

    # By hand: Ana +70 000 +73 000; Bia −10 000 +5 001; Caio −100 ±0; Duarte +6 500 +9 200.
    nets = {n: J1[n][1] + J2[n][1] - J1_STAKED[n] - J2_STAKED[n] for n in NAMES}
    assert nets == {"Ana": 143_000, "Bia": -4_999, "Caio": -100, "Duarte": 15_700}
    accounts = assert_conserved(client, ids, 5 * FUNDS)
    assert accounts["house"] == -sum(nets.values())


def test_rf_16_the_jogada_is_announced_closed_and_replayed_with_its_number(client, clock):
    """r16: "façam as vossas apostas" with the first slip, "jogo feito nada mais" at the close;
    r18: the number marked; 903-B 6.7.5: committed and revealed; the replay shows it all."""
    wheel = Wheel(client, multi_config())
    (pa, ana, _), (pb, bia, _) = wheel.joined("Ana"), wheel.joined("Bia")
    jid = wheel.placed(ana, [chance("pleno", [32], 100)], "a1", forced_number=32)["jogada_id"]
    clock.advance(14)
    wheel.placed(bia, [chance("encarnado", [], 100)], "b1")
    wheel.tick()  # the window is still open: no spin
    assert balance(client, pa)["held_cents"] == 100
    listed = listing(client, wheel, OPERATOR)
    assert (listed["status"], listed["open_jogada_id"], listed["players"]) == ("betting", jid, 2)
    assert set(listed["occupants"]) == {pa, pb}  # staff see who is at the wheel
    spin(wheel, clock)
    assert balance(client, pa)["balance_cents"] == FUNDS + 35 * 100  # r14a: 35 to 1
    assert balance(client, pb)["balance_cents"] == FUNDS + 100  # 32 is red: 1 to 1
    r = client.get(f"/roulette/jogadas/{jid}/replay", headers=OPERATOR)
    assert r.status_code == 200, r.text
    text = str(r.json())
    assert "façam as vossas apostas" in text and "jogo feito nada mais" in text
    listed = listing(client, wheel, ana)
    assert (listed["status"], listed["jogadas"], listed["occupants"]) == ("idle", 1, None)


def listing(client, wheel: Wheel, headers) -> dict:
    """The wheel's row in GET /roulette/wheels (filtered by its venue)."""
    r = client.get("/roulette/wheels", params={"venue_id": wheel.venue_id, "kind": "multi"},
                   headers=headers)
    assert r.status_code == 200, r.text
    (row,) = r.json()["data"]
    assert (row["wheel_id"], row["game"]) == (wheel.id, "roulette_multi")
    return row
