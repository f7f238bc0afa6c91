"""Hand evaluator benchmark (issue 17): domain/cards/poker_hands.py. Prints figures; asserts nothing.

Default (quick), on seeded random hands dealt once, each engine's card codes converted before any
clock starts, the engines taking turns for ``--rounds`` rounds (this machine's speed drifts):
  * hold'em, 7 cards: evaluations per second of ``best_of``, treys' ``Evaluator().evaluate``
    and pokerkit's ``StandardHighHand.from_game``, on the same ``--hands`` hands. ``best_of``
    fills a table (the best key of each multiset of ranks) as hands are met: round 1 includes
    filling it, later rounds find it filled, as treys finds its own tables, built by
    ``Evaluator()`` before the clock starts. Target: ``best_of`` at least as fast as treys;
  * Omaha, 9 cards (4 hole + 5 board): ``best_omaha`` and pokerkit's
    ``OmahaHoldemHand.from_game``, on the same ``--omaha`` deals;
  * the categories of ``--sample`` seeded random seven-card hands against their probabilities
    over all 133,784,560 seven-card hands (the published counts below), with each one's
    distance in standard deviations.

``--exhaustive``: every one of the 133,784,560 seven-card hands through ``best_of``'s fast path,
over ``--processes`` processes; prints each category's count, the published count and whether
they match, and the time taken. Each hand's weights are summed as the loops deal its cards; a
hand of which no suit holds four of its first six cards cannot hold a flush, so its 7th card's
loop only looks its rank counts up (``_best_key``'s first step); any other hand goes through
``_best_key`` whole. Measured on this 2-core machine (shared, load about 5): 58 s with 2
processes, 2.3 million hands a second; every count matched.

Usage: ./run bench-evaluator [...], or
       .venv/bin/python bench/evaluator.py [--hands 20000] [--omaha 5000] [--rounds 5]
                                           [--sample 200000] [--seed 17]
       .venv/bin/python bench/evaluator.py --exhaustive [--processes 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from math import comb, sqrt
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.cards.codes import CARDS  # noqa: E402
from domain.cards.poker_hands import (
    _CARD_WEIGHT, _RANK_FIELDS, _RANKS_KEY, _SUIT_SHIFT, CATEGORIES, _best_key, best_of,
    best_omaha)

SEVEN_CARD_COUNTS = {  # the published counts of the best five of seven, lowest first
    "high_card": 23_294_460, "one_pair": 58_627_800, "two_pair": 31_433_400,
    "three_of_a_kind": 6_461_620, "straight": 6_180_020, "flush": 4_047_644,
    "full_house": 3_473_184, "four_of_a_kind": 224_848, "straight_flush": 37_260,
    "royal_flush": 4_324,
}
ALL_SEVEN = comb(52, 7)  # 133,784,560


def rate(run, items) -> float:
    """Items per second of ``run(items)``."""
    start = time.perf_counter()
    run(items)
    return len(items) / (time.perf_counter() - start)


def holdem_engines(hands):
    """(name, run, that engine's form of the hands), the codes converted here, off the clock."""
    engines = [("ours best_of", lambda hs: [best_of(h) for h in hs], hands)]
    try:
        import treys
    except ImportError:
        print("treys not installed: skipped")
    else:
        evaluator = treys.Evaluator()
        card = {code: treys.Card.new(code) for code in CARDS}
        converted = [([card[c] for c in h[2:]], [card[c] for c in h[:2]]) for h in hands]
        engines.append(("treys", lambda hs: [evaluator.evaluate(b, h) for b, h in hs], converted))
    return engines + pokerkit_engine("StandardHighHand", hands, 2)


def omaha_engines(deals):
    engines = [("ours best_omaha", lambda ds: [best_omaha(d[:4], d[4:]) for d in ds], deals)]
    return engines + pokerkit_engine("OmahaHoldemHand", deals, 4)


def pokerkit_engine(hand_class: str, deals, hole: int) -> list:
    """pokerkit's ``from_game`` on deals of ``hole`` hole cards then the board, as one engine
    (none if pokerkit is not installed)."""
    try:
        import pokerkit
    except ImportError:
        print("pokerkit not installed: skipped")
        return []
    card = {code: next(iter(pokerkit.Card.parse(code))) for code in CARDS}
    converted = [([card[c] for c in d[:hole]], [card[c] for c in d[hole:]]) for d in deals]
    from_game = getattr(pokerkit, hand_class).from_game
    return [("pokerkit", lambda ds: [from_game(h, b) for h, b in ds], converted)]


def race(title: str, engines, rounds: int) -> None:
    """Each engine once per round, in turn; per engine each round's rate, the best, and the
    median over the rounds of ours / this engine's in the same round (drift cancels out)."""
    rates: dict[str, list[float]] = {name: [] for name, _, _ in engines}
    for _ in range(rounds):
        for name, run, items in engines:
            rates[name].append(rate(run, items))
    print(f"\n{title} (evaluations/s, round by round; best; ours/this, median of the rounds)")
    ours = rates[engines[0][0]]
    for name, per_round in rates.items():
        rounds_text = "  ".join(f"{r:>10,.0f}" for r in per_round)
        ratio = statistics.median(a / b for a, b in zip(ours, per_round))
        print(f"  {name:<16} {rounds_text}   best {max(per_round):>10,.0f}"
              f"   ours/this {ratio:6.2f}")


def categories_of_sample(hands) -> None:
    """The sample's categories against their probability over every seven-card hand."""
    seen = Counter(best_of(h).category for h in hands)
    n = len(hands)
    print(f"\nCategories of {n:,} random seven-card hands against all {ALL_SEVEN:,} of them")
    print(f"  {'category':<16} {'seen':>8} {'seen %':>8} {'expected %':>10} {'sigmas':>7}")
    for category in reversed(CATEGORIES):
        p = SEVEN_CARD_COUNTS[category] / ALL_SEVEN
        sigmas = (seen[category] - n * p) / sqrt(n * p * (1 - p))
        print(f"  {category:<16} {seen[category]:>8,} {100 * seen[category] / n:>8.3f}"
              f" {100 * p:>10.3f} {sigmas:>+7.2f}")


# --exhaustive ------------------------------------------------------------------------------------
def count_from(first_two: tuple[int, int]) -> list[int]:
    """How many of the seven-card hands whose two lowest cards (in CARDS' order) are these fall
    in each category (index = strength)."""
    i0, i1 = first_two
    weight = [_CARD_WEIGHT[code] for code in CARDS]
    ranks_key, rank_fields, four_of_six = _RANKS_KEY, _RANK_FIELDS, 0x4444
    tally = [0] * len(CATEGORIES)
    w1 = weight[i0] + weight[i1]
    for i2 in range(i1 + 1, 48):
        w2 = w1 + weight[i2]
        for i3 in range(i2 + 1, 49):
            w3 = w2 + weight[i3]
            for i4 in range(i3 + 1, 50):
                w4 = w3 + weight[i4]
                for i5 in range(i4 + 1, 51):
                    w5 = w4 + weight[i5]
                    if ((w5 >> _SUIT_SHIFT) + four_of_six) & 0x8888:  # a suit holds 4 of 6
                        six = (CARDS[i0], CARDS[i1], CARDS[i2], CARDS[i3], CARDS[i4], CARDS[i5])
                        for i6 in range(i5 + 1, 52):
                            tally[_best_key(six + (CARDS[i6],), w5 + weight[i6])[0][0]] += 1
                    else:
                        for i6 in range(i5 + 1, 52):
                            tally[ranks_key[(w5 + weight[i6]) & rank_fields][0]] += 1
    return tally


def exhaustive(processes: int) -> None:
    print(f"\nEvery seven-card hand through best_of's fast path, {processes} process(es)")
    start = time.perf_counter()
    units = sorted(combinations(range(47), 2), key=lambda ij: ij[0] + ij[1])  # largest first
    totals = [0] * len(CATEGORIES)
    with Pool(processes) as pool:
        for tally in pool.imap_unordered(count_from, units):
            totals = [a + b for a, b in zip(totals, tally)]
    seconds = time.perf_counter() - start
    print(f"  {'category':<16} {'counted':>12} {'published':>12}  match")
    for index in reversed(range(len(CATEGORIES))):
        category = CATEGORIES[index]
        published = SEVEN_CARD_COUNTS[category]
        print(f"  {category:<16} {totals[index]:>12,} {published:>12,}  "
              f"{'yes' if totals[index] == published else 'NO'}")
    sf = totals[CATEGORIES.index("straight_flush")] + totals[CATEGORIES.index("royal_flush")]
    print(f"  straight flushes, royal ones included: {sf:,} (published 41,584)")
    print(f"  all: {sum(totals):,} of {ALL_SEVEN:,}; all match: "
          f"{'yes' if totals == [SEVEN_CARD_COUNTS[c] for c in CATEGORIES] else 'NO'}")
    print(f"  {seconds:,.0f} s, {sum(totals) / seconds:,.0f} hands/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--omaha", type=int, default=5_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--sample", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--exhaustive", action="store_true")
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    if args.exhaustive:
        exhaustive(args.processes)
        return
    rng = random.Random(args.seed)
    hands = [rng.sample(CARDS, 7) for _ in range(args.hands)]  # 2 hole cards, then the board
    deals = [rng.sample(CARDS, 9) for _ in range(args.omaha)]  # 4 hole cards, then the board
    race(f"Hold'em, 7 cards, {args.hands:,} hands", holdem_engines(hands), args.rounds)
    race(f"Omaha, 4 + 5 cards, {args.omaha:,} deals", omaha_engines(deals), args.rounds)
    categories_of_sample([rng.sample(CARDS, 7) for _ in range(args.sample)])


if __name__ == "__main__":
    main()
