"""The chances, their positions on the layout and their payouts (807 r7, r10, r12, r14,
r19–r21; A40, A53, A57, A58): the digest's examples, every combination offered, positions that
are not one refused naming the field and the rule."""

from __future__ import annotations

import pytest

from domain.games.roulette import chances, rtp
from domain.games.roulette.chances import position, returned_cents
from domain.kernel.errors import InvalidInputError

EURO = 100


def test_rf_14_pleno_10_euros_wins_360_back():
    assert returned_cents(position("pleno", [17]), 10 * EURO, 17) == 360 * EURO


def test_rf_14_a53_cavalo_de_duzia_10_euros_wins_15_back_half_cent_rounded_up():
    pos = position("cavalo_de_duzia", [1, 2])
    assert returned_cents(pos, 10 * EURO, 13) == 15 * EURO
    assert returned_cents(pos, 5, 13) == 8  # 5 + 2.5 → 8 (A53: in the player's favour)
    assert returned_cents(position("cavalo_de_coluna", [2, 3]), 7, 36) == 11


@pytest.mark.parametrize("chance, numbers, win_on, returned", [
    ("pleno", [0], 0, 36 * 10), ("cavalo", [8, 11], 11, 18 * 10), ("rua", [7, 8, 9], 8, 12 * 10),
    ("quadro", [8, 9, 11, 12], 12, 9 * 10), ("linha", [31, 32, 33, 34, 35, 36], 35, 6 * 10),
    ("duzia", [2], 24, 3 * 10), ("coluna", [1], 34, 3 * 10), ("par", [], 2, 20),
    ("impar", [], 35, 20), ("menor", [], 18, 20), ("maior", [], 19, 20),
    ("encarnado", [], 1, 20), ("preto", [], 2, 20),
])
def test_rf_14_19_20_each_chance_pays_its_odds_and_the_stake_stays(chance, numbers, win_on,
                                                                  returned):
    pos = position(chance, numbers)
    assert returned_cents(pos, 10, win_on) == returned
    loser = next(n for n in range(37) if n not in pos.covered)
    assert returned_cents(pos, 10, loser) == 0


def test_rf_21_zero_simple_chances_lose_quadro_with_zero_wins_dozen_loses():
    """The digest's examples on 0: €10 red loses, €10 on the quadro 0-1-2-3 returns €90, €10
    on the first dozen loses; no la partage, no en prison (A58)."""
    assert returned_cents(position("encarnado"), 10 * EURO, 0) == 0
    assert returned_cents(position("quadro", [0, 1, 2, 3]), 10 * EURO, 0) == 90 * EURO
    assert returned_cents(position("duzia", [1]), 10 * EURO, 0) == 0
    for simple in chances.SIMPLE:
        assert returned_cents(position(simple), 10 * EURO, 0) == 0


def test_a58_every_position_holding_zero_is_offered_and_wins_on_zero():
    with_zero = [p.key for p in rtp.all_positions() if 0 in p.covered]
    assert with_zero == ["pleno:0", "cavalo:0-1", "cavalo:0-2", "cavalo:0-3", "rua:0-1-2",
                         "rua:0-2-3", "quadro:0-1-2-3"]


def test_rf_10_every_combination_within_each_chance_is_offered():
    """r10: 37 plenos, 60 cavalos (57 + 3 with 0), 14 ruas, 23 quadros, 11 linhas, 3 dozens,
    3 columns, 2 adjacent two-dozen and two-column pairs (A40), 6 simple chances."""
    counts = {}
    for p in rtp.all_positions():
        counts[p.chance] = counts.get(p.chance, 0) + 1
    assert counts == {"pleno": 37, "cavalo": 60, "rua": 14, "quadro": 23, "linha": 11,
                      "duzia": 3, "coluna": 3, "cavalo_de_duzia": 2, "cavalo_de_coluna": 2,
                      "par": 1, "impar": 1, "menor": 1, "maior": 1, "encarnado": 1,
                      "preto": 1}


def test_rf_12_maximum_multiple_is_30_times_the_numbers_covered():
    for cls, multiple in chances.MAX_MULTIPLE.items():
        assert multiple == 30 * chances.COVERS[cls]


@pytest.mark.parametrize("chance, numbers, rule", [
    ("cavalo", [4, 9], "roleta francesa rules 6d, 7, 10"),  # not side by side
    ("cavalo", [3, 4], "roleta francesa rules 6d, 7, 10"),  # ends of two rows
    ("quadro", [1, 2, 3, 4], "roleta francesa rules 6d, 7, 10"),  # not a corner
    ("quadro", [3, 4, 6, 7], "roleta francesa rules 6d, 7, 10"),  # across the layout's edge
    ("linha", [1, 2, 3, 7, 8, 9], "roleta francesa rules 6d, 7, 10"),  # rows not adjacent
    ("rua", [2, 3, 4], "roleta francesa rules 6d, 7, 10"),
    ("cavalo_de_duzia", [1, 3], "roleta francesa rule 7a, A40"),  # dozens not adjacent
    ("cavalo_de_coluna", [1, 3], "roleta francesa rule 7a, A40"),
    ("linha", [0, 1, 2, 3, 4, 5], "roleta francesa rules 10, 21, A58"),
    ("cavalo", [0, 4], "roleta francesa rules 10, 21, A58"),
    ("pleno", [37], "roleta francesa rules 6a, 6d"),
    ("duzia", [4], "roleta francesa rules 7a, 6d"),
    ("encarnado", [1], "roleta francesa rule 7b"),
])
def test_rf_6d_7_10_a_position_that_is_not_one_is_refused(chance, numbers, rule):
    with pytest.raises(InvalidInputError) as info:
        position(chance, numbers, field="bets[2]")
    assert info.value.field == "bets[2].numbers" and info.value.rule == rule


def test_rf_7_unknown_chance_and_rf_13_dropped_two_dozen_bets_refused():
    with pytest.raises(InvalidInputError) as info:
        position("transversale", [1, 2, 3])
    assert (info.value.field, info.value.rule) == ("bets[0].chance", "roleta francesa rule 7")
    with pytest.raises(InvalidInputError) as info:
        position("cavalo_de_duzia", [1, 2], two_dozen_column=False)
    assert info.value.rule == "roleta francesa rule 13"


def test_a57_one_position_one_key_whatever_order_the_numbers_come_in():
    assert position("quadro", [5, 1, 4, 2]).key == position("quadro", [1, 2, 4, 5]).key \
        == "quadro:1-2-4-5"
