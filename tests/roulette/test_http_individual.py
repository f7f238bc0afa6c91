"""An individual wheel through HTTP (Reg. 807/2015 r5, r17, r26, r27; A60; 903-B 6.1.6(9)): the
player places slips, changes its mind and withdraws them (A60) until it launches the ball
(r17), sees its last jogada (r26) and the wheel's rules page, limits, payouts and largest prize
per unit bet. Forced numbers (certification mode) make every spin certain; each expected
amount is worked out here from r14 and A53."""

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
    individual_config,
    nothing_recorded,
    statement,
)


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


@pytest.fixture
def solo(client):
    """Ana alone at an individual wheel: (wheel, her id, headers, session id)."""
    wheel = Wheel(client, individual_config())
    pid, headers, sid = wheel.joined("Ana")
    return wheel, pid, headers, sid


def test_rf_a60_bets_changed_and_withdrawn_before_the_launch_no_fee(client, solo):
    """A60: at an individual wheel a slip may be withdrawn until the launch, its stake back in
    full; what is launched is what is left."""
    wheel, pid, ana, sid = solo
    first = wheel.placed(ana, [chance("pleno", [5], 500), chance("impar", [], 1_000)], "s1")
    second = wheel.placed(ana, [call("tiers_du_cylindre", 100)], "s2")  # 12 plenos: 1 200
    assert second["jogada_id"] == first["jogada_id"]
    assert balance(client, pid)["held_cents"] == 1_500 + 1_200
    r = wheel.withdraw(ana, "w1", slip=1)
    assert r.status_code == 200, r.text
    assert balance(client, pid) == {"available_cents": FUNDS - 1_200, "held_cents": 1_200,
                                    "balance_cents": FUNDS}
    again = wheel.withdraw(ana, "w1", slip=1)  # the same key: the same answer, no money moved
    assert again.status_code == 200 and again.json() == r.json()
    assert balance(client, pid)["held_cents"] == 1_200
    wheel.placed(ana, [chance("duzia", [3], 300)], "s3")  # changed: the third dozen instead
    r = wheel.launch(ana, forced=27)
    assert r.status_code == 200, r.text
    # 27: tiers' pleno 27 returns 36 × 100; the third dozen 3 × 300
    assert balance(client, pid) == {"available_cents": FUNDS - 1_500 + 3_600 + 900,
                                    "held_cents": 0, "balance_cents": FUNDS + 3_000}
    st = end_session(client, sid, ana)
    st = statement(client, sid, ana)
    assert st["wagered_cents"] - st["refunded_cents"] == 1_500  # the withdrawn slip not counted
    assert (st["won_cents"], st["net_cents"]) == (4_500, 3_000)
    assert_conserved(client, [pid], FUNDS)


def test_rf_a60_every_slip_withdrawn_leaves_nothing_to_launch(client, solo):
    wheel, pid, ana, _ = solo
    wheel.placed(ana, [chance("pleno", [5], 500)], "s1")
    wheel.placed(ana, [chance("pleno", [6], 500)], "s2")
    assert wheel.withdraw(ana, "w").status_code == 200
    assert balance(client, pid) == {"available_cents": FUNDS, "held_cents": 0,
                                    "balance_cents": FUNDS}
    with nothing_recorded(client, [pid]):
        refused_field(wheel.launch(ana))


def refused_field(r) -> str:
    """The field a refusal names (the test checks it names one)."""
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"].get("field"), r.text
    return r.json()["error"]["field"]


def test_rf_17_the_player_launches_once_the_bets_are_placed(client, solo):
    """r17: no window at an individual wheel: the bets wait, however long, for the player's
    launch; the clock spins nothing; the launch closes the bets and the ball lands at once."""
    wheel, pid, ana, _ = solo
    with nothing_recorded(client, [pid]):  # nothing to launch yet
        refused_field(wheel.launch(ana))
    wheel.placed(ana, [chance("quadro", [0, 1, 2, 3], 1_000), chance("encarnado", [], 1_000),
                       chance("duzia", [1], 1_000)], "s1")
    wheel.tick()
    assert balance(client, pid)["held_cents"] == 3_000  # not spun by the clock
    r = wheel.launch(ana, forced=0)
    assert r.status_code == 200, r.text
    # The digest's worked examples on 0: the quadro 0-1-2-3 returns €90; red and the first
    # dozen lose (r21).
    assert balance(client, pid)["balance_cents"] == FUNDS - 3_000 + 9_000
    with nothing_recorded(client, [pid]):  # r17: launched; nothing left to launch
        refused_field(wheel.launch(ana))


def test_rf_5_an_individual_wheel_holds_one_player(client, solo):
    wheel, _pid, _ana, _ = solo
    pb, bia, _ = wheel.player("Bia")
    with nothing_recorded(client, [pb]):
        refused_field(wheel.join(bia))


def test_rf_26_the_players_last_jogada_its_number_and_amounts_bet(client, solo):
    wheel, pid, ana, _ = solo
    r = wheel.last_jogada(pid, ana)
    assert r.status_code == 404, r.text
    assert "26" in r.json()["error"].get("rule", ""), r.text
    j1 = wheel.placed(ana, [chance("pleno", [8], 200)], "s1")["jogada_id"]
    assert wheel.launch(ana, forced=8).status_code == 200
    j2 = wheel.placed(ana, [chance("cavalo", [8, 11], 300), call("finales", 100, number=3)],
                      "s2")["jogada_id"]
    assert j2 != j1
    assert wheel.launch(ana, forced=13).status_code == 200  # 13: the finale 3's pleno
    r = wheel.last_jogada(pid, ana)
    assert r.status_code == 200, r.text
    last = r.json()
    assert (last["jogada_id"], last["number"], last["colour"]) == (j2, 13, "black")
    assert (last["staked_cents"], last["returned_cents"]) == (300 + 400, 3_600)
    assert [(b["slip"], b["amount_cents"], b["returned_cents"]) for b in last["bets"]] == [
        (1, 300, 0), (1, 400, 3_600)]  # the cavalo 8-11 lost; the finale 3 won on 13
    mine = wheel.view(ana)["my_last_jogada"]  # beside the wheel: the result and amounts bet
    assert (mine["jogada_id"], mine["number"], mine["colour"]) == (j2, 13, "black")
    assert (mine["staked_cents"], mine["returned_cents"]) == (300 + 400, 3_600)
    other = client.get(f"/roulette/players/{pid}/last-jogada",
                       headers=wheel.api.player("Caio")[1])
    assert other.status_code == 403, other.text


def test_rf_27_903b_6_1_6_9_the_rules_page(client):
    """r27, 903-B 6.1.6(9): before playing, the wheel's rules, each chance's limits (r11, r12)
    and payout (r14), what the operator dropped (r13) and the call bets it offers (r8), each
    bet's return to player (36/37 under r21), the largest prize per unit bet (a pleno: 36)."""
    wheel = Wheel(client, individual_config(min_cents=50, maximums={"pleno": 1_000},
                                            two_dozen_column=False,
                                            call_bets=["voisins_du_zero"]))
    _pid, ana, _ = wheel.player("Ana")  # a session, not yet at the wheel
    rules = wheel.rules(ana)
    limits = {row["chance"]: row for row in rules["limits"]}
    assert set(limits) == {"pleno", "cavalo", "rua", "quadro", "linha", "duzia", "coluna",
                           "cavalo_de_duzia", "cavalo_de_coluna", "simples"}
    assert (limits["pleno"]["min_cents"], limits["pleno"]["max_cents"]) == (50, 1_000)
    assert limits["cavalo"]["max_cents"] == 60 * 50  # r12's default: 30 × 2 × the minimum
    assert (limits["pleno"]["pays"], limits["simples"]["pays"]) == ("35", "1")  # r14
    assert limits["cavalo_de_duzia"]["offered"] is False  # r13: dropped by the operator
    assert rules["call_bets"] == ["voisins_du_zero"]
    assert {row["return"] for row in rules["returns"]} == {"36/37"}
    assert rules["largest_prize_per_unit"] == "36"
    assert "la partage" in rules["zero"]


def test_rf_a60_a_withdrawal_after_the_launch_refused(client, solo):
    wheel, pid, ana, _ = solo
    wheel.placed(ana, [chance("pleno", [5], 500)], "s1")
    assert wheel.launch(ana, forced=6).status_code == 200
    with nothing_recorded(client, [pid]):
        refused_field(wheel.withdraw(ana, "w1", slip=1))
    assert balance(client, pid)["balance_cents"] == FUNDS - 500


def test_rf_22_23_an_interruption_refunds_the_unlaunched_bets(client, solo):
    wheel, pid, ana, sid = solo
    wheel.placed(ana, [chance("pleno", [5], 500)], "s1")
    r = client.post(f"{wheel.url}/interruptions", headers=OPERATOR,
                    json={"reason": "rng server down"})
    assert r.status_code == 200, r.text
    assert balance(client, pid) == {"available_cents": FUNDS, "held_cents": 0,
                                    "balance_cents": FUNDS}
    assert statement(client, sid, ana)["refunded_cents"] == 500
