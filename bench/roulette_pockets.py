"""The RNG's mapping to the wheel's pockets over a large seeded sample (903-B 6.7.1, 6.7.2):
the chi-squared statistic against a fair wheel, with the threshold stated (the suite runs
37 000 draws; this runs more). ``./run bench-roulette-pockets [--draws N] [--label L]``."""

from __future__ import annotations

import argparse
import hashlib
import time

from domain.games.roulette import pockets
from domain.kernel.rng import derive_number


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--draws", type=int, default=3_700_000)
    parser.add_argument("--label", default="roulette-pockets")
    args = parser.parse_args()
    start = time.perf_counter()
    label = args.label.encode()
    numbers = (derive_number(hashlib.sha256(label + i.to_bytes(8, "big")).digest())
               for i in range(args.draws))
    statistic, n, observed = pockets.chi_squared(numbers)
    seconds = time.perf_counter() - start
    verdict = "fair" if statistic < pockets.CRITICAL_0_1_PERCENT else "REFUSED"
    print(f"draws {n:,} in {seconds:.1f} s; chi-squared {statistic:.2f} with "
          f"{pockets.DEGREES_OF_FREEDOM} degrees of freedom; threshold "
          f"{pockets.CRITICAL_0_1_PERCENT} (0.1 %): {verdict}")
    print("pocket counts:", " ".join(f"{p}:{c}" for p, c in enumerate(observed)))


if __name__ == "__main__":
    main()
