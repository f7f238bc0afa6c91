"""Money conservation over random bets and numbers (903-B 5.5.1(1); Reg. 807/2015 r14, r15,
r19–r21; A53): several players at a multi-player wheel, every kind of chance and call bet,
numbers forced at random (0 included), seeded so the run is the same every time. After each
spin every cent is in a wallet or the house, no hold is left, and each wallet moved by what
its ``BetsSettled`` says."""

from __future__ import annotations

import random

from domain.games.roulette import commands as rf
from domain.games.roulette import rtp
from tests.roulette.support import (
    DEPOSIT_CENTS,
    assert_money_conserved,
    bet,
    every,
    force,
    house,
    multi_config,
    setup_wheel,
    statement,
    tick,
    wallet,
    wheel_events,
)

CALLS = [{"call": "voisins_du_zero"}, {"call": "tiers_du_cylindre"}, {"call": "orphelins"},
         {"call": "neighbours", "number": 26, "neighbours": 4}, {"call": "finales", "number": 7}]


def _random_bets(rng: random.Random, positions: list) -> list[dict]:
    out = []
    keys = set()
    for _ in range(rng.randint(1, 6)):
        if rng.random() < 0.2:
            call = dict(rng.choice(CALLS))
            call["unit_cents"] = rng.choice((100, 150, 255))
            out.append(call)
            continue
        pos = rng.choice(positions)
        if pos.key in keys:
            continue
        keys.add(pos.key)
        out.append({"chance": pos.chance, "numbers": list(pos.numbers),
                    "amount_cents": rng.choice((100, 101, 333, 1_000))})
    return out


def test_903b_5_5_1_money_conserved_over_random_bets_and_numbers(cert, clock):
    """Every cent in a wallet or the house after each of 12 spins with 4 players."""
    rng = random.Random(80715)
    positions = list(rtp.all_positions())
    wheel, players = setup_wheel(cert, multi_config(), players=4)
    for _ in range(12):
        for player in players:
            if rng.random() < 0.8:
                bet(cert, wheel, player, *_random_bets(rng, positions))
        if not cert.run(rf.DescribeWheel(wheel_id=wheel["wheel_id"]))["open_jogada"]:
            continue
        force(cert, wheel, rng.choice([0, 0, *range(37)]))
        clock.advance(11)
        assert tick(cert, wheel) == ["spun"]
        assert_money_conserved(cert, players)
    settled = every(wheel_events(cert, wheel), "BetsSettled")
    for player in players:
        net = sum(s.net_cents for s in settled if s.player_id == str(player.player_id))
        assert wallet(cert, player).balance_cents == DEPOSIT_CENTS + net
        assert statement(cert, player)["net_cents"] == net
    assert house(cert) == -sum(s.net_cents for s in settled)
