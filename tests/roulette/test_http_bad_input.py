"""Roulette's bad input through HTTP (issue 27, "what it must show"): each refusal a clear 4xx
naming the field and the rule, nothing recorded (the notification log, and so the wheel's
stream, does not move) and no money moved (every wallet as it was). The bad bet is put after
good ones in its slip: the whole slip is refused, and the error names its index."""

from __future__ import annotations

import pytest

from tests.roulette.http_support import (
    OPERATOR,
    Wheel,
    balance,
    call,
    chance,
    http_client,
    individual_config,
    multi_config,
    nothing_recorded,
    refused,
)

GOOD = [chance("pleno", [17], 100), chance("preto", [], 100)]


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


@pytest.fixture
def ana(client):
    """Ana at a fresh multi-player wheel: (wheel, her id, headers)."""
    wheel = Wheel(client, multi_config())
    pid, headers, _sid = wheel.joined("Ana")
    return wheel, pid, headers


@pytest.mark.parametrize(("bet", "rule"), [
    (chance("cavalo", [1, 5], 100), "10"),  # 1 and 5 are not side by side (r6d)
    (chance("cavalo", [3, 4], 100), "10"),  # the ends of two rows are not side by side
    (chance("quadro", [1, 2, 3, 4], 100), "10"),  # four numbers, not a corner
    (chance("quadro", [2, 3, 5, 7], 100), "10"),
    (chance("linha", [1, 2, 3, 7, 8, 9], 100), "10"),  # rows 1 and 3: not adjacent
    (chance("rua", [1, 2, 4], 100), "10"),
    (chance("cavalo", [0, 4], 100), "A58"),  # the cavalos with 0 are 0-1, 0-2, 0-3
    (chance("cavalo_de_duzia", [1, 3], 100), "A40"),  # non-adjacent dozens
    (chance("cavalo_de_coluna", [1, 3], 100), "A40"),
    (chance("duzia", [4], 100), "7a"),
    (chance("pleno", [37], 100), "6a"),
], ids=["cavalo_1_5", "cavalo_3_4", "quadro_1_2_3_4", "quadro_2_3_5_7", "linha_rows_1_3",
        "rua_1_2_4", "cavalo_0_4", "cavalo_de_duzia_1_3", "cavalo_de_coluna_1_3", "duzia_4",
        "pleno_37"])
def test_rf_10_a40_a58_a_position_that_is_not_one_refused(client, ana, bet, rule):
    wheel, pid, headers = ana
    with nothing_recorded(client, [pid]):
        refused(wheel.bet(headers, [*GOOD, bet], "k1"), field="bets[2].numbers", rule=rule,
                status=422)
    assert wheel.state()["open_jogada"] is None  # the refused first slip opened nothing


def test_rf_7_a_chance_the_text_does_not_have_refused(client, ana):
    wheel, pid, headers = ana
    with nothing_recorded(client, [pid]):
        refused(wheel.bet(headers, [chance("cheval", [1, 2], 100)], "k1"),
                field="bets[0].chance", rule="7", status=422)


def test_rf_3b_12_a57_stakes_over_a_positions_maximum_once_added_up(client, ana):
    """r12: a pleno at most 30 × the minimum (3 000 cents here); A57: the stakes on one
    position in the jogada add up, over two commands and with a call bet's components."""
    wheel, pid, headers = ana
    wheel.placed(headers, [chance("pleno", [17], 2_000)], "k1")
    held = balance(client, pid)["held_cents"]
    with nothing_recorded(client, [pid]):  # 2 000 + 1 001 > 3 000
        refused(wheel.bet(headers, [chance("preto", [], 100), chance("pleno", [17], 1_001)],
                          "k2"), field="bets[1]", rule="A57", status=409,
                code="over_position_maximum")
    with nothing_recorded(client, [pid]):  # orphelins books a pleno on 17 (A59)
        refused(wheel.bet(headers, [call("orphelins", 1_001)], "k3"), field="bets[0]",
                rule="12", status=409, code="over_position_maximum")
    wheel.placed(headers, [chance("pleno", [17], 1_000)], "k4")  # exactly the maximum
    assert balance(client, pid)["held_cents"] == held + 1_000


def test_rf_11_a_stake_below_the_chances_minimum_refused(client, ana):
    wheel, pid, headers = ana
    with nothing_recorded(client, [pid]):
        refused(wheel.bet(headers, [*GOOD, chance("duzia", [1], 99)], "k1"), field="bets[2]",
                rule="11", status=409, code="bet_below_minimum")


def test_rf_8_a_call_bet_the_table_does_not_offer_refused(client):
    wheel = Wheel(client, multi_config(call_bets=["voisins_du_zero", "tiers_du_cylindre"]))
    pid, headers, _ = wheel.joined("Ana")
    with nothing_recorded(client, [pid]):
        refused(wheel.bet(headers, [*GOOD, call("finales", 100, number=7)], "k1"),
                field="bets[2].call", rule="8", status=409, code="call_bet_not_offered")
    with nothing_recorded(client, [pid]):  # and neighbours of a number the wheel lacks
        refused(wheel.bet(headers, [call("neighbours", 100, number=37, neighbours=2)], "k2"),
                field="bets[0].number", rule="8d", status=422)


def test_rf_8d_a59_neighbours_other_than_2_4_or_6_refused(client, ana):
    wheel, pid, headers = ana
    with nothing_recorded(client, [pid]):
        refused(wheel.bet(headers, [call("neighbours", 100, number=5, neighbours=3)], "k1"),
                field="bets[0].neighbours", rule="A59", status=422)


def test_rf_16_903b_6_1_4_a_bet_after_the_window_refused(client, clock):
    """r16: the window the first slip opened (15 s) has closed; a late slip is refused whether
    or not the clock has spun yet."""
    wheel = Wheel(client, multi_config(betting_seconds=15))
    (_pa, ana, _), (pb, bia, _) = wheel.joined("Ana"), wheel.joined("Bia")
    wheel.placed(ana, GOOD, "a1")
    clock.advance(16)
    with nothing_recorded(client, [pb]):
        refused(wheel.bet(bia, GOOD, "b1"), field="bets", rule="16", status=409,
                code="betting_closed")


def test_rf_forced_number_outside_certification_mode_refused(make_settings, clock):
    with http_client(make_settings, clock, certification_mode="0") as client:
        wheel = Wheel(client, multi_config())
        pid, ana, _ = wheel.joined("Ana")
        with nothing_recorded(client, [pid]):
            refused(wheel.bet(ana, GOOD, "a1", forced_number=17), field="forced_number",
                    status=409, code="certification_mode_off")
        wheel.placed(ana, GOOD, "a1")
        with nothing_recorded(client, [pid]):
            refused(wheel.force(17), field="forced_number", status=409,
                    code="certification_mode_off")
        solo = Wheel(client, individual_config(), name="Solo")
        pid, bia, _ = solo.joined("Bia")
        solo.placed(bia, GOOD, "b1")
        with nothing_recorded(client, [pid]):
            refused(solo.launch(bia, forced=17), field="forced_number", status=409,
                    code="certification_mode_off")


@pytest.mark.parametrize(("body", "field"), [
    ({"bets": GOOD, "idempotency_key": "k", "colour": "red"}, "colour"),
    ({"bets": [*GOOD, {**chance("pleno", [1], 100), "odds": 36}], "idempotency_key": "k"},
     "bets[2].odds"),
    ({"bets": [{**call("orphelins", 100), "amount_cents": 100}], "idempotency_key": "k"},
     "bets[0].amount_cents"),
    ({"bets": GOOD}, "idempotency_key"),
    ({"bets": [], "idempotency_key": "k"}, "bets"),
    ({"bets": [{"numbers": [1], "amount_cents": 100}], "idempotency_key": "k"},
     "bets[0].chance"),
    ({"bets": [chance("pleno", [1], 100.5)], "idempotency_key": "k"}, "bets[0].amount_cents"),
], ids=["top_level", "in_a_chance_bet", "in_a_call_bet", "missing_key", "no_bets",
        "neither_chance_nor_call", "half_a_cent"])
def test_rf_9_unknown_fields_and_malformed_slips_refused(client, ana, body, field):
    wheel, pid, headers = ana
    with nothing_recorded(client, [pid]):
        r = client.post(f"{wheel.url}/bets", json=body, headers=headers)
        refused(r, field=field, status=422)


def test_rf_unknown_fields_of_a_wheels_configuration_refused(client):
    for config, field in (({**multi_config(), "la_partage": True}, "la_partage"),
                          ({**multi_config(), "minimums": {"pleno": 100, "zero": 5}},
                           "minimums.zero")):
        with nothing_recorded(client):
            r = client.post("/roulette/wheels", json={"name": "X", "config": config},
                            headers=OPERATOR)
            assert r.status_code == 422, r.text
            assert r.json()["error"]["field"].endswith(field), r.text


@pytest.mark.parametrize(("config", "field", "rule"), [
    (multi_config(maximums={"pleno": 3_001}), "maximums.pleno", "12"),
    (multi_config(betting_seconds=2), "betting_seconds", "903-B 6.1.4"),
    (individual_config(betting_seconds=15), "betting_seconds", "17"),
])
def test_rf_12_16_17_a_configuration_outside_the_text_refused(client, config, field, rule):
    with nothing_recorded(client):
        r = client.post("/roulette/wheels", json={"name": "X", "config": config},
                        headers=OPERATOR)
        error = refused(r, field=field)
        assert rule in (error.get("rule") or ""), error


def test_rf_a60_withdraw_at_a_multi_player_wheel_refused(client, ana):
    wheel, pid, headers = ana
    wheel.placed(headers, GOOD, "k1")
    with nothing_recorded(client, [pid]):
        refused(wheel.withdraw(headers, "w1"), field="slip", rule="A60", status=409,
                code="withdraw_not_offered")


def test_rf_a_player_bets_only_for_itself(client, ana):
    wheel, pid, _headers = ana
    bia, bia_h, _ = wheel.joined("Bia")
    with nothing_recorded(client, [pid, bia]):
        refused(wheel.bet(bia_h, GOOD, "x", player_id=pid), field="player_id", status=403)
