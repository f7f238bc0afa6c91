"""Blackjack house edge benchmark (issue 26 item 9): domain/games/blackjack/rtp.py. Prints
figures; asserts nothing.

For each configuration: the time of the computation cold (the memo cleared first; best and median
of ``--rounds``) and memoised (a call that finds it computed), then the edge, the return to player
and the stated uncertainty. Then the published figures the engine is checked against
(tests/blackjack/test_rtp.py), side by side with the engine's, and the effect of each rule on the
table's default configuration.

Usage: .venv/bin/python bench/blackjack_rtp.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.games.blackjack.hands import Rules  # noqa: E402
from domain.games.blackjack.rtp import Variant, rtp, rtp_of  # noqa: E402

TABLE = Rules()
CONFIGS = [
    ("default (9-11, 4 hands, prize), 4 decks", TABLE, 4),
    ("default, 6 decks", TABLE, 6),
    ("default, 8 decks", TABLE, 8),
    ("double any total, 6 decks", replace(TABLE, double_any_total=True), 6),
    ("no special prize, 6 decks", replace(TABLE, special_prize=False), 6),
    ("true pairs, 2 hands, no prize, 8 decks",
     Rules(true_pairs_only=True, max_hands=2, special_prize=False), 8),
    ("double any, 8 hands, 4 decks", Rules(double_any_total=True, max_hands=8), 4),
]
APPENDIX_9 = Rules(double_any_total=True, special_prize=False)
PUBLISHED = [  # (what, variant, published edge, source)
    ("6D H17 no hole card, DAS, no RSA", Variant(APPENDIX_9, 6, banca_hits_soft_17=True,
                                                 surrender=False, resplit_aces=False),
     0.0072705, "WoO Appendix 9 euro-6dh17r4 (exact)"),
    ("6D H17 no hole card, no DAS", Variant(APPENDIX_9, 6, banca_hits_soft_17=True,
                                            surrender=False, resplit_aces=False,
                                            double_after_split=False),
     0.0086975, "WoO Appendix 9 euro-6dh17r4 (exact)"),
    ("8D H17 no hole card, DAS, no RSA", Variant(APPENDIX_9, 8, banca_hits_soft_17=True,
                                                 surrender=False, resplit_aces=False),
     0.007562, "WoO Appendix 9 euro-8dh17r4 (exact)"),
    ("5D H17 peek, DAS, no RSA", Variant(APPENDIX_9, 5, banca_hits_soft_17=True, peek=True,
                                         surrender=False, resplit_aces=False),
     0.005918, "WoO Appendix 9 5dh17r4 (exact)"),
    ("2D H17 peek, DAS, no RSA", Variant(APPENDIX_9, 2, banca_hits_soft_17=True, peek=True,
                                         surrender=False, resplit_aces=False),
     0.003797, "WoO Appendix 9 2dh17r4 (exact)"),
    ("1D S17 peek, DAS, no RSA", Variant(APPENDIX_9, 1, peek=True, surrender=False,
                                         resplit_aces=False),
     -0.001839, "WoO Appendix 9 1ds17r4 (exact)"),
    ("this game without surrender and prize", Variant(replace(TABLE, special_prize=False), 6,
                                                      surrender=False),
     0.0055, "Ask the Wizard #294 (calculator, 2 decimals)"),
]


def timed(variant: Variant, rounds: int) -> tuple[list[float], float]:
    cold = []
    for _ in range(rounds):
        rtp_of.cache_clear()
        t = time.perf_counter()
        rtp_of(variant)
        cold.append(time.perf_counter() - t)
    t = time.perf_counter()
    for _ in range(1000):
        rtp_of(variant)
    return cold, (time.perf_counter() - t) / 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()

    print(f"Configurations (cold: best / median of {args.rounds}; memoised: mean of 1000 calls)")
    print(f"  {'configuration':42s} {'edge %':>8s} {'rtp %':>8s} {'±%':>5s}"
          f" {'cold ms':>15s} {'memo µs':>8s}")
    for name, rules, decks in CONFIGS:
        cold, memo = timed(Variant(rules, decks), args.rounds)
        r = rtp(rules, decks)
        best, median = 1000 * min(cold), 1000 * statistics.median(cold)
        print(f"  {name:42s} {100 * r.house_edge:8.4f} {100 * r.rtp:8.4f}"
              f" {100 * r.uncertainty:5.2f} {best:7.1f} / {median:5.1f} {1e6 * memo:8.2f}")

    print("\nAgainst published figures (edge %)")
    print(f"  {'rule set':40s} {'engine':>8s} {'published':>9s} {'diff':>7s}  source")
    for name, variant, published, source in PUBLISHED:
        got = rtp_of(variant).house_edge
        print(f"  {name:40s} {100 * got:8.4f} {100 * published:9.4f}"
              f" {100 * (got - published):+7.4f}  {source}")

    print("\nEffect of each rule on the default table, 6 decks (edge change, points)")
    base = rtp(TABLE, 6).house_edge
    effects = [
        ("double any total (r16a)", Variant(replace(TABLE, double_any_total=True), 6)),
        ("no special prize (r16e)", Variant(replace(TABLE, special_prize=False), 6)),
        ("true pairs only (r16b)", Variant(replace(TABLE, true_pairs_only=True), 6)),
        ("max 2 hands (r16c)", Variant(replace(TABLE, max_hands=2), 6)),
        ("no split (max_hands 1)", Variant(replace(TABLE, max_hands=1), 6)),
        ("4 decks", Variant(TABLE, 4)),
        ("8 decks", Variant(TABLE, 8)),
        ("[not a rule here] no surrender", Variant(TABLE, 6, surrender=False)),
        ("[not a rule here] peek, late surrender", Variant(TABLE, 6, peek=True)),
        ("[not a rule here] banca hits soft 17", Variant(TABLE, 6, banca_hits_soft_17=True)),
    ]
    for name, variant in effects:
        print(f"  {name:40s} {100 * (rtp_of(variant).house_edge - base):+8.4f}")


if __name__ == "__main__":
    main()
