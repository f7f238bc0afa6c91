"""The statistical check of the RNG's mapping to the wheel's pockets (903-B 6.7.1, 6.7.2):
Pearson's chi-squared goodness of fit of a sample of winning numbers against the uniform 1/37
of a fair wheel (r6a: 37 evenly spaced numbers). Pure: the sample comes from the caller.

The threshold: the chi-squared statistic with 36 degrees of freedom is refused at the 0.1 %
level, above 67.985 (the 0.999 quantile of χ²(36)); at that level a fair wheel is refused
once in a thousand samples, and a fixed seeded sample is refused never or always.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

POCKETS = 37
DEGREES_OF_FREEDOM = POCKETS - 1
CRITICAL_0_1_PERCENT = 67.985  # χ²(36) 0.999 quantile
CRITICAL_1_PERCENT = 58.619  # χ²(36) 0.99 quantile


def chi_squared(numbers: Iterable[int]) -> tuple[float, int, list[int]]:
    """(the statistic, the sample size, the count of each pocket 0–36)."""
    counts = Counter(numbers)
    if any(not 0 <= n < POCKETS for n in counts):
        raise ValueError("a winning number outside 0–36")
    n = sum(counts.values())
    expected = n / POCKETS
    observed = [counts.get(p, 0) for p in range(POCKETS)]
    return sum((o - expected) ** 2 / expected for o in observed), n, observed
