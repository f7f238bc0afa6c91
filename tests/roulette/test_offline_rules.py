"""French roulette's offline rules (domain/games/roulette/offline.py, shipped in bundle_check.pyz
as checker_games/roulette.py) are a second writing of the game's rules, apart from its code: on
jogadas recorded the way the wheel records them (RF-SPEC's events, the package's arithmetic:
tests/roulette/viewer_jogadas.py) and run through the checker's own path
(infra/audit/checker/games.check_jogada: the RNG re-derived, the money netted), they re-derive
the winning number from the revealed seed, re-check every bet against the layout and the
limits, re-settle every component, and refuse the first difference naming the event and the
field."""

from __future__ import annotations

import copy
from datetime import timedelta
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.roulette import chances, offline, rtp
from domain.games.roulette.layout import colour
from domain.kernel.errors import InvalidInputError
from domain.kernel.rng import derive_number
from infra.audit.checker.games import check_jogada
from tests.roulette.viewer_jogadas import P1, P2, P3, Jogada

GAMES = {"roulette": offline}


def checked(jogada: dict) -> list[str]:
    return check_jogada(copy.deepcopy(jogada), GAMES)


def refused(jogada: dict) -> str:
    found = checked(jogada)
    assert len(found) == 1, found
    return found[0].split(": ", 1)[1]


def at(jogada: dict, name: str, nth: int = 0) -> str:
    e = [e for e in jogada["events"] if e["name"] == name][nth]
    return f"event {e['notification_id']} {name}"


def data(jogada: dict, name: str, nth: int = 0) -> dict:
    return [e for e in jogada["events"] if e["name"] == name][nth]["data"]


def every_chance(number: int = 17, **config) -> dict:
    """Three players, every chance and call bet; the number ``number``."""
    j = Jogada(**config)
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 1000},
          {"chance": "cavalo", "numbers": [0, 1], "amount_cents": 200},
          {"chance": "rua", "numbers": [16, 17, 18], "amount_cents": 300},
          {"chance": "quadro", "numbers": [0, 1, 2, 3], "amount_cents": 1000},
          {"chance": "linha", "numbers": [13, 14, 15, 16, 17, 18], "amount_cents": 600})
    j.bet(P2, {"chance": "duzia", "numbers": [1], "amount_cents": 1000},
          {"chance": "coluna", "numbers": [2], "amount_cents": 500},
          {"chance": "cavalo_de_duzia", "numbers": [1, 2], "amount_cents": 1000},
          {"chance": "cavalo_de_coluna", "numbers": [2, 3], "amount_cents": 101},
          {"chance": "encarnado", "amount_cents": 1000}, {"chance": "par", "amount_cents": 100})
    j.bet(P3, {"call": "voisins_du_zero", "unit_cents": 100},
          {"call": "neighbours", "number": 17, "neighbours": 2, "unit_cents": 100},
          {"call": "finales", "number": 7, "unit_cents": 100},
          {"call": "orphelins", "unit_cents": 100}, {"call": "tiers_du_cylindre",
                                                     "unit_cents": 100})
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 500})  # A57: a second slip
    return j.spin(number)


# 903-B 6.7.2(4), A70: the number, a second time --------------------------------------------------
def test_903b_6_7_2_4_the_docs_worked_example_gives_28():
    seed = bytes.fromhex("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
    assert offline.spin(seed) == derive_number(seed) == 28


@settings(max_examples=300, deadline=None)
@given(st.binary(min_size=32, max_size=32))
def test_903b_6_7_2_3_the_offline_number_is_derive_number(seed):
    assert offline.spin(seed) == derive_number(seed)


def test_rf_6b_a39_the_offline_colours_are_the_layouts():
    assert [offline.colour(n) for n in range(37)] == [colour(n) for n in range(37)]


def test_rf_10_a40_a58_the_offline_layout_has_the_161_positions_and_no_other():
    """Every position rtp.all_positions() finds is one offline, covering the same numbers; and
    every pleno-to-quadro of 0–36 the package refuses, the offline rules refuse too."""
    known = {p.key: p.covered for p in rtp.all_positions()}
    assert len(known) == 161
    for p in rtp.all_positions():
        assert offline.covered(p.chance, p.numbers, True) == p.covered, p.key
    for chance in (chances.CAVALO, chances.RUA, chances.QUADRO):
        for numbers in combinations(range(37), chances.COVERS[chance]):
            key = offline.key(chance, numbers)
            assert (offline.covered(chance, numbers, True) is not None) == (key in known), key
    for first in range(37):
        linha = tuple(range(first, first + 6))
        assert (offline.covered("linha", linha, True) is not None) == (
            offline.key("linha", linha) in known)
    assert offline.covered("cavalo_de_duzia", (1, 2), False) is None  # r13


# r14, r19–r21, A53: the settlement --------------------------------------------------------------
def test_rf_14_15_19_every_chance_and_call_bet_passes_offline():
    jogada = every_chance(17)
    assert checked(jogada) == []
    settled = {d["player_id"]: d for d in (data(jogada, "BetsSettled", i) for i in range(3))}
    # €10 + €5 on pleno 17: 35 to 1 (digest: €10 wins €360 back)
    assert settled[P1]["slips"][1]["bets"][0]["returned_cents"] == 18_000
    # €10 on the cavalo de dúzia 1-2: ½ to 1, €15 back; 1,01 € on a cavalo de coluna: 1,52 €
    # back (A53: the half cent up)
    returns = [b["returned_cents"] for b in settled[P2]["slips"][0]["bets"]]
    assert returns[2:4] == [1_500, 152]


def test_rf_21_a58_on_zero_the_simple_chances_lose_and_the_quadro_pays():
    """The digest's example: on 0, €10 on red loses, €10 on the quadro 0-1-2-3 returns €90,
    €10 on the first dozen loses."""
    jogada = every_chance(0)
    assert checked(jogada) == []
    assert offline.returned("encarnado", [], 1000, 0) == 0
    assert offline.returned("quadro", [0, 1, 2, 3], 1000, 0) == 9_000
    assert offline.returned("duzia", [1], 1000, 0) == 0
    assert offline.returned("par", [], 1000, 0) == 0  # no la partage, no en prison


def test_rf_14_a_settled_amount_changed_by_a_cent_is_refused():
    jogada = every_chance(17)
    data(jogada, "BetsSettled")["slips"][0]["bets"][0]["components"][0]["returned_cents"] += 1
    assert refused(jogada) == (
        f"{at(jogada, 'BetsSettled')}: slips[0].bets[0].components[0].returned_cents is 36001"
        " (360,01 €), the rules give 36000 (360,00 €) (pleno:17 holds 17 (roleta francesa"
        " rules 14, 19–21; A53))")


def test_rf_21_a_simple_chance_paid_on_zero_is_refused():
    jogada = every_chance(0)
    red = data(jogada, "BetsSettled", 1)["slips"][0]["bets"][4]
    red["components"][0].update(won=True, returned_cents=2_000)
    assert refused(jogada).startswith(
        f"{at(jogada, 'BetsSettled', 1)}: slips[0].bets[4].components[0].returned_cents is"
        " 2000 (20,00 €), the rules give 0 (0,00 €) (encarnado does not hold 0")


def test_rf_19_the_account_events_must_move_what_the_settlement_says():
    jogada = every_chance(17)
    credit = next(e for e in jogada["events"] if e["name"] == "Credited"
                  and e["data"]["reason"] == "won")
    credit["data"]["amount_cents"] -= 100
    assert "the rules give" in refused(jogada) and "wallet:" in refused(jogada)


# r18, r6b: the number and its colour -------------------------------------------------------------
def test_rf_18_a_number_not_the_seeds_is_refused():
    jogada = every_chance(17)
    data(jogada, "BallLanded")["number"] = 5
    assert refused(jogada) == (
        f"{at(jogada, 'BallLanded')}: number is 5, the rules give 17 (randbelow(37) of the"
        " revealed seed's number stream (903-B 6.7.2(4), A70))")


def test_a70_903b_6_7_5_a_number_shown_before_its_commitment_is_refused():
    jogada = every_chance(17)
    events = jogada["events"]
    landed = next(i for i, e in enumerate(events) if e["name"] == "BallLanded")
    events.insert(landed - 1, events.pop(landed))
    assert refused(jogada) == (f"{at(jogada, 'BallLanded')}: a number shown before it was"
                               " committed, or drawn from no committed seed (rule 18; 903-B"
                               " 6.7.5, A70)")


def test_rf_6b_a39_a_colour_edited_is_refused():
    jogada = every_chance(17)
    data(jogada, "BallLanded")["colour"] = "red"
    assert refused(jogada) == (f"{at(jogada, 'BallLanded')}: colour is 'red', the rules give"
                               " 'black' (roleta francesa rule 6b, A39)")


def test_903b_6_7_2_a_forced_number_in_certification_mode_passes():
    j = Jogada()
    j.bet(P1, {"chance": "pleno", "numbers": [32], "amount_cents": 100})
    jogada = j.spin(32, forced=True)
    assert checked(jogada) == []
    data(jogada, "NumberForced")["forced_number"] = 15
    assert refused(jogada).startswith(f"{at(jogada, 'BallLanded')}: number is 32, the rules"
                                      " give 15 (the number forced in certification mode")


# r6d, r7, r10, r12, r13, A57: the bets ----------------------------------------------------------
@pytest.mark.parametrize("chance, numbers", [("cavalo", [1, 5]), ("quadro", [1, 2, 3, 4]),
                                             ("linha", [2, 3, 4, 5, 6, 7]),
                                             ("cavalo_de_duzia", [1, 3])])
def test_rf_10_a40_a_position_not_on_the_layout_is_refused(chance, numbers):
    with pytest.raises(InvalidInputError):
        chances.position(chance, numbers)
    j = Jogada()
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 100})
    jogada = j.spin(17)
    key = offline.key(chance, tuple(numbers))
    data(jogada, "BetsPlaced")["bets"][0]["components"][0].update(
        chance=chance, numbers=numbers, key=key)
    assert refused(jogada) == (f"{at(jogada, 'BetsPlaced')}: bets[0]: {key} is not a position"
                               " of the layout (roleta francesa rules 6d, 7, 10, 13; A40, A58)")


def test_rf_13_a_wheel_without_two_dozen_bets_refuses_them():
    jogada = every_chance(17)
    data(jogada, "JogadaOpened")["config"]["two_dozen_column"] = False
    assert refused(jogada).startswith(f"{at(jogada, 'BetsPlaced', 1)}: bets[2]:"
                                      " cavalo_de_duzia:1-2 is not a position")


def test_rf_12_a57_stakes_on_one_position_added_up_over_the_maximum_are_refused():
    jogada = every_chance(17)
    data(jogada, "JogadaOpened")["config"]["maximums"]["pleno"] = 1_400
    assert refused(jogada) == (
        f"{at(jogada, 'BetsPlaced', 3)}: bets[0]: 5,00 € on pleno:17, 15,00 € in the jogada:"
        " the pleno limits are 1,00 € to 14,00 € (roleta francesa rules 3b, 3c, 11, 12; A57)")


def test_rf_8_a59_call_bets_rederived_plenos_and_classic():
    assert checked(every_chance(26, call_bet_breakdown="classic")) == []
    jogada = every_chance(26)
    voisins = data(jogada, "BetsPlaced", 2)["bets"][0]
    assert len(voisins["components"]) == 17 and voisins["amount_cents"] == 1_700
    voisins["components"][0]["key"] = "pleno:1"
    assert refused(jogada).startswith(f"{at(jogada, 'BetsPlaced', 2)}: bets[0].components is")


def test_rf_8_a_call_bet_the_wheel_does_not_offer_is_refused():
    jogada = every_chance(17)
    data(jogada, "JogadaOpened")["config"]["call_bets"] = ["voisins_du_zero"]
    assert refused(jogada).startswith(f"{at(jogada, 'BetsPlaced', 2)}: bets[1].call:"
                                      " 'neighbours' is not offered by the wheel")


def test_rf_16_903b_6_1_4_a_bet_after_the_window_is_refused():
    j = Jogada()
    j.clock += timedelta(seconds=20)
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 100})
    assert refused(j.spin(17)).startswith(f"{at(j.jogada(), 'BetsPlaced')}: a bet at")


# r17, A60, r22, r23: withdrawals, voids, refunds -----------------------------------------------
def test_a60_a_withdrawn_slip_is_neither_settled_nor_staked():
    j = Jogada("individual")
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 1000})
    j.bet(P1, {"chance": "preto", "amount_cents": 500})
    j.withdraw(1)
    jogada = j.spin(17)
    assert checked(jogada) == []
    assert data(jogada, "BettingClosed")["staked_cents"] == 500


def test_a60_a_withdrawal_at_a_multi_wheel_is_refused():
    j = Jogada()
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 1000})
    j.bet(P1, {"chance": "preto", "amount_cents": 500})
    j.withdraw(1)
    assert refused(j.spin(17)).startswith(f"{at(j.jogada(), 'BetsWithdrawn')}: slip 1")


def test_rf_22_23_a62_a_void_refunds_every_stake():
    j = Jogada()
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 1000})
    j.bet(P2, {"call": "orphelins", "unit_cents": 100})
    jogada = j.end_without_spin("JogadaVoided", "operator interruption")
    assert checked(jogada) == []
    data(jogada, "JogadaVoided")["refunds"][P2] = 700
    assert refused(jogada).startswith(f"{at(jogada, 'JogadaVoided')}: refunds is")


def test_a60_bets_never_launched_are_refunded_at_an_individual_wheel_only():
    j = Jogada("individual")
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 1000})
    assert checked(j.end_without_spin("JogadaCancelled", "session_ended")) == []
    j = Jogada()
    j.bet(P1, {"chance": "pleno", "numbers": [17], "amount_cents": 1000})
    assert "an individual wheel before the launch (A60)" in refused(
        j.end_without_spin("JogadaCancelled", "day_90"))


# Money conservation and the arithmetic, over random bets and numbers ----------------------------
POSITIONS = rtp.all_positions()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([P1, P2]), st.sampled_from(POSITIONS),
                          st.integers(100, 1_000)), min_size=1, max_size=12),
       st.integers(0, 36), st.data())
def test_rf_14_a53_random_bets_pass_offline_and_any_cent_changed_is_refused(placed, number,
                                                                           draw):
    j = Jogada()
    for player, pos, cents in placed:
        j.bet(player, {"chance": pos.chance, "numbers": list(pos.numbers),
                       "amount_cents": cents})
    jogada = j.spin(number)
    assert checked(jogada) == []
    settled = [e for e in jogada["events"] if e["name"] == "BetsSettled"]
    row = draw.draw(st.sampled_from(settled))["data"]
    field = draw.draw(st.sampled_from(["returned_cents", "staked_cents", "net_cents"]))
    row[field] += draw.draw(st.sampled_from([-1, 1]))
    assert len(checked(jogada)) == 1
