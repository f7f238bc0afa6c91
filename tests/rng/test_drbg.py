"""domain/kernel/rng.py: the DRBG, its mappings, and what an auditor re-derives from a seed."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from itertools import permutations

import pytest

from domain.kernel import rng
from domain.cards.codes import CARDS, canonical_deck, is_card
from domain.kernel.errors import InvalidInputError

SEED = hashlib.sha256(b"tests/rng seed").digest()

# Chi-square critical values at p = 0.001 (fixed thresholds, seeded runs: deterministic).
CHI2_CRIT_001 = {2: 13.816, 5: 20.515, 36: 67.985, 51: 86.661}


def chi_square(counts: Counter, categories, total: int) -> float:
    expected = total / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def test_stream_is_hmac_sha256_in_counter_mode_as_specified():
    """An auditor's independent re-implementation of the stream matches (903-B 6.7.2(3))."""
    def block(i: int) -> bytes:
        msg = rng.LABEL + b"\x00" + b"deck" + b"\x00" + i.to_bytes(8, "big")
        return hmac.new(SEED, msg, hashlib.sha256).digest()
    assert rng.Drbg(SEED, "deck").read(100) == (block(0) + block(1) + block(2) + block(3))[:100]


def test_randbelow_follows_the_written_rejection_rule():
    """randbits(k) = high k bits of ceil(k/8) bytes; values ≥ n are thrown away, never folded."""
    n = 37
    stream = rng.Drbg(SEED, "number")
    expected = None
    while expected is None:
        value = stream.read(1)[0] >> 2  # k = bit_length(36) = 6
        expected = value if value < n else None
    assert rng.derive_number(SEED) == expected


def test_randbelow_is_unbiased_where_modulo_is_not():
    """n = 3 from 2-bit words: ``x % 3`` gives 0 half the time; rejection sampling does not."""
    total, categories = 30_000, range(3)
    drbg = rng.Drbg(SEED, "chi2")
    fair = Counter(drbg.randbelow(3) for _ in range(total))
    words = rng.Drbg(SEED, "chi2-modulo")
    biased = Counter(words.randbits(2) % 3 for _ in range(total))
    assert chi_square(fair, categories, total) < CHI2_CRIT_001[2]
    assert chi_square(biased, categories, total) > 100 * CHI2_CRIT_001[2]


@pytest.mark.parametrize("n", [37, 52])
def test_randbelow_is_uniform_on_roulette_and_deck_sizes(n):
    total = 200 * n
    drbg = rng.Drbg(SEED, f"uniform-{n}")
    counts = Counter(drbg.randbelow(n) for _ in range(total))
    assert set(counts) == set(range(n))
    assert chi_square(counts, range(n), total) < CHI2_CRIT_001[n - 1]


def test_randbelow_of_one_reads_nothing_and_bad_n_is_refused():
    drbg = rng.Drbg(SEED)
    assert drbg.randbelow(1) == 0 and drbg.bytes_read == 0
    for bad in (0, -1, True, 2.0):
        with pytest.raises(InvalidInputError):
            drbg.randbelow(bad)


def test_shuffle_is_a_permutation_and_leaves_its_input_alone():
    items = list(range(100))
    shuffled = rng.Drbg(SEED).shuffle(items)
    assert sorted(shuffled) == items and shuffled != items
    assert items == list(range(100))


def test_shuffles_of_three_items_are_uniform():
    total = 12_000
    drbg = rng.Drbg(SEED, "perm3")
    counts = Counter(tuple(drbg.shuffle("abc")) for _ in range(total))
    perms = list(permutations("abc"))
    assert set(counts) == set(perms)
    assert chi_square(counts, perms, total) < CHI2_CRIT_001[5]


def test_draw_is_without_replacement_and_a_prefix_of_the_shuffle():
    population = list(range(1, 91))
    drawn = rng.Drbg(SEED, "balls").draw(population, 20)
    assert len(drawn) == len(set(drawn)) == 20 and set(drawn) <= set(population)
    assert drawn == rng.Drbg(SEED, "balls").shuffle(population)[:20]
    with pytest.raises(InvalidInputError):
        rng.Drbg(SEED).draw(population, 91)


def test_same_seed_same_deck_different_seed_different_deck():
    deck = rng.derive_deck(SEED)
    assert deck == rng.derive_deck(SEED)
    assert sorted(deck) == sorted(CARDS) and len(deck) == 52 and all(map(is_card, deck))
    assert deck != canonical_deck()
    others = {tuple(rng.derive_deck(hashlib.sha256(bytes([i])).digest())) for i in range(50)}
    assert len(others) == 50 and tuple(deck) not in others


def test_a_shoe_holds_each_card_once_per_deck():
    shoe = rng.derive_deck(SEED, decks=6)
    assert len(shoe) == 312 and Counter(shoe) == Counter({card: 6 for card in CARDS})


def test_balls_and_number():
    balls = rng.derive_balls(SEED, 90)
    assert sorted(balls) == list(range(1, 91)) and balls == rng.derive_balls(SEED, 90)
    numbers = {rng.derive_number(hashlib.sha256(bytes([i])).digest()) for i in range(256)}
    assert numbers <= set(range(37)) and len(numbers) > 30


def test_the_purposes_of_one_seed_are_separate_streams():
    assert rng.Drbg(SEED, "deck").read(32) != rng.Drbg(SEED, "balls").read(32)


def test_known_answers_pin_version_1():
    """Changing the algorithm would break every recorded commitment check: bump ALGORITHM."""
    zero = bytes(32)
    assert rng.ALGORITHM == "hmac-sha256-ctr/v1"
    assert rng.derive_deck(zero)[:5] == KNOWN_DECK_TOP
    assert rng.derive_balls(zero, 75)[:5] == KNOWN_BALLS_FIRST
    assert rng.derive_number(zero) == KNOWN_NUMBER
    assert rng.commitment(zero) == KNOWN_COMMITMENT


def test_commitment_verifies_only_its_own_seed():
    c = rng.commitment(SEED)
    assert len(c) == 64 and c == hashlib.sha256(rng.COMMIT_LABEL + b"\x00" + SEED).hexdigest()
    assert rng.verify_reveal(c, SEED) and rng.verify_reveal(c.upper(), SEED)
    assert not rng.verify_reveal(c, SEED[:-1] + bytes([SEED[-1] ^ 1]))
    assert not rng.verify_reveal(c, b"") and not rng.verify_reveal(None, SEED)
    assert c != hashlib.sha256(SEED).hexdigest()  # domain-separated


KNOWN_DECK_TOP = ["7h", "Jd", "4c", "4d", "As"]
KNOWN_BALLS_FIRST = [13, 3, 49, 75, 41]
KNOWN_NUMBER = 21
KNOWN_COMMITMENT = "2cea79b8e7f46cc9aa54567156ac8a18c8fead42d0305efd4a7f7886f1abc8f5"


def test_an_auditor_rederives_the_deck_from_the_written_specification_alone():
    def stream(purpose: bytes):
        i = 0
        while True:
            msg = rng.LABEL + b"\x00" + purpose + b"\x00" + i.to_bytes(8, "big")
            yield from hmac.new(SEED, msg, hashlib.sha256).digest()
            i += 1
    source = stream(b"deck")

    def below(n: int) -> int:
        k = (n - 1).bit_length()
        nbytes = (k + 7) // 8
        while True:
            value = int.from_bytes(bytes(next(source) for _ in range(nbytes)), "big")
            value >>= 8 * nbytes - k
            if value < n:
                return value
    deck = [rank + suit for suit in "cdhs" for rank in "23456789TJQKA"]
    for i in range(len(deck)):
        j = i + below(len(deck) - i)
        deck[i], deck[j] = deck[j], deck[i]
    assert deck == rng.derive_deck(SEED)
