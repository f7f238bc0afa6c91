"""Omaha offline (domain/games/community_poker/offline.py; docs/audit.md): real Omaha jogadas
played through the ledger and exported with ``export_bundle`` check clean from their events and
their deck alone: four hole cards a seat, dealt one at a time over four passes from the small
blind (Omaha rules 25, 49, 50), a hand of exactly 2 hole cards and 3 of the board (rule 26), the
pots, commission and award as in hold'em (rules 17-19, 33, 36, 41, 42, 62, 63; A24, A31), a void
by rule 72 (A26); a changed hole card, board card or award is named (903-B 1.5, 7.9.1)."""

from __future__ import annotations

import random

import pytest

from domain.cards.poker_hands import best_omaha
from domain.games.community_poker import offline
from tests.holdem import offline_support as played
from tests.holdem.offline_support import changed, event_id, exported, settled

# What each played jogada's settlement records (and the offline rules find again).
EXPECTED = {
    "showdown": {"payments": [{"1": 665}], "rake": [35]},
    "fold_out": {"returned": {"1": 200}, "payments": [{"1": 250}], "rake": [0]},
    "side_pots": {"payments": [{"1": 5_700}, {"2": 6_000}], "rake": [300, 0]},
    "split_pot": {"payments": [{"2": 243, "3": 242}], "rake": [25]},
}


@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_om_25_26_49_50_63_a31_played_omaha_jogadas_check_clean_offline(cert, scenario):
    (jogada,) = exported(cert, [getattr(played, scenario)(cert, "omaha")])
    assert jogada["game"] == "omaha"
    assert offline.check(jogada) == []
    recorded = settled(jogada)
    assert {k: recorded[k] for k in EXPECTED[scenario]} == EXPECTED[scenario]


def test_om_72_a26_a_voided_omaha_jogada_gives_every_contribution_back(cert):
    (jogada,) = exported(cert, [played.voided(cert, "omaha")])
    assert offline.check(jogada) == []


@pytest.mark.parametrize("heads_up", [False, True])
def test_om_46_47_64_a29_shuffled_omaha_jogadas_check_clean(cert, heads_up):
    jogadas = exported(cert, played.shuffled(cert, "omaha", heads_up=heads_up))
    assert [offline.check(j) for j in jogadas] == [[], []]
    hole = next(e["data"] for e in jogadas[0]["events"] if e["name"] == "HoleCardsDealt")
    assert {len(cards) for cards in hole["cards"].values()} == {4}


def test_om_25_49_50_53_55_a_changed_hole_card_and_a_changed_turn_are_named(cert):
    (jogada,) = exported(cert, [played.showdown(cert, "omaha")])
    hole = changed(jogada, "HoleCardsDealt", lambda d: d["cards"]["3"].__setitem__(3, "Kh"))
    assert offline.check(hole) == [
        f"HoleCardsDealt (event {event_id(jogada, 'HoleCardsDealt')}): seat 3 was dealt 7s 2d 8h"
        " Kh, the shuffled deck deals it 7s 2d 8h Tc (cards 2, 5, 8, 11 of the deck; rules 49,"
        " 50)"]
    turn = changed(jogada, "BoardDealt", lambda d: d["cards"].__setitem__(0, "Kh"), nth=1)
    assert offline.check(turn) == [
        f"BoardDealt (event {event_id(jogada, 'BoardDealt', 1)}): the turn is Kh, the shuffled"
        " deck deals the turn 3s (cards 16-16 of the deck, none burnt; rules 53, 55, 57)"]
    award = changed(jogada, "JogadaSettled", lambda d: d.update(payments=[{"1": 700}],
                                                                  totals={"1": 700}))
    assert offline.check(award)[0].endswith(
        "in the payments of the main pot, seat 1 is paid 7,00 € (700 cents), the rules give"
        " 6,65 € (665 cents) (rules 33, 62, 63; A31)")


def test_om_26_exactly_two_hole_cards_and_three_of_the_board():
    """The digest's §7 tests: a royal flush on the board does not play without two matching
    hole cards; four spades in hand and one on the board is no flush; a board of four hearts
    and a single heart in hand is no flush (hold'em would make each a flush or better)."""
    royal = ["As", "Ks", "Qs", "Js", "Ts"]
    assert offline.best("omaha", ["2c", "3d", "7h", "8c"], royal)[0] < 4
    assert offline.best("holdem", ["2c", "3d"], royal)[0] == 9
    spades = offline.best("omaha", ["2s", "5s", "9s", "Js"], ["Ks", "3d", "4h", "8c", "Qd"])
    assert offline.CATEGORIES[spades[0]] != "flush"
    hearts = offline.best("omaha", ["Ah", "2c", "7d", "9s"], ["2h", "5h", "8h", "Jh", "3c"])
    assert offline.CATEGORIES[hearts[0]] != "flush"


def test_om_26_the_offline_evaluator_ranks_omaha_hands_as_the_ledger_s():
    rng = random.Random(25)  # a seeded generator: the same hands every run
    deck = [r + s for s in "cdhs" for r in "23456789TJQKA"]
    for _ in range(1_500):
        a, b = rng.sample(deck, 9), rng.sample(deck, 9)
        mine = (offline.best("omaha", a[:4], a[4:]), offline.best("omaha", b[:4], b[4:]))
        ledger = (best_omaha(a[:4], a[4:]), best_omaha(b[:4], b[4:]))
        assert offline.CATEGORIES[mine[0][0]] == ledger[0].category
        assert (mine[0] > mine[1], mine[0] == mine[1]) == (ledger[0].key > ledger[1].key,
                                                           ledger[0].key == ledger[1].key)
