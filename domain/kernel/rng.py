"""The deterministic half of the RNG: from seed material to cards, balls and numbers.

Seed material comes from the OS CSPRNG (infra/runtime/rng.py, 903-B 6.7.1(2), 6.7.4); everything after
that is a pure function written down here so that an auditor can re-derive every card and ball
of a jogada from its revealed seed (903-B 6.7.2(3)(4), A70). The specification, version 1:

* Stream. ``block(i) = HMAC-SHA256(key=seed, msg=LABEL || 0x00 || purpose || 0x00 || i)``
  with ``i`` as 8 bytes big-endian, ``i = 0, 1, 2, …``; the byte stream is
  ``block(0) || block(1) || …`` (HMAC-SHA256 in counter mode). ``purpose`` (``deck``,
  ``balls``, ``number``) separates the uses of one seed.
* ``randbits(k)``: read ``ceil(k / 8)`` bytes, big-endian, keep the ``k`` high bits.
* ``randbelow(n)``: ``k = bit_length(n − 1)``; draw ``randbits(k)`` until the value is
  ``< n`` (rejection sampling: no modulo bias; 903-B 6.7.2(3) mapping).
* ``draw(population, k)``: Fisher–Yates from the top: for ``i = 0 … k−1``, swap position
  ``i`` with ``i + randbelow(n − i)``; the first ``k`` items. ``shuffle`` is ``draw`` of all
  ``n`` (the last step draws ``randbelow(1)``, which reads nothing).
* ``commitment(seed) = hex(SHA-256(COMMIT_LABEL || 0x00 || seed))``.
* Deck: ``shuffle`` of the canonical shoe (domain/cards/codes.py), purpose ``deck``; the first
  card of the list is the top of the deck. Balls: ``shuffle([1 … n])``, purpose ``balls``,
  the first ball is drawn first. A number of a wheel of 37: ``randbelow(37)``, purpose
  ``number``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Any, TypeVar

from domain.cards.codes import canonical_deck
from domain.kernel.errors import InvalidInputError

T = TypeVar("T")

ALGORITHM = "hmac-sha256-ctr/v1"
LABEL = b"srij-game-ledger/rng/v1"
COMMIT_LABEL = b"srij-game-ledger/rng/v1/commitment"
SEED_BYTES = 32  # 256 bits of OS entropy per jogada (903-B 6.7.4)
WHEEL_NUMBERS = 37  # a number 0..36: a wheel with one zero (807 RF r6, A58)

DECK, BALLS, NUMBER = "deck", "balls", "number"


def _check_seed(seed: Any) -> bytes:
    if not isinstance(seed, (bytes, bytearray)) or not seed:
        raise InvalidInputError("seed must be non-empty bytes", field="seed")
    return bytes(seed)


class Drbg:
    """HMAC-SHA256 in counter mode: an unbounded, reproducible stream for one seed."""

    def __init__(self, seed: bytes, purpose: str = "") -> None:
        self._key = _check_seed(seed)
        self._prefix = LABEL + b"\x00" + purpose.encode() + b"\x00"
        self._counter = 0
        self._buffer = b""
        self._pos = 0  # read position in _buffer (no re-slicing per read: card generation
        self.bytes_read = 0  # reads a byte at a time, 100,000 cards per jogada)
        self._mac = hmac.new(self._key, self._prefix, hashlib.sha256)

    def read(self, n: int) -> bytes:
        pos = self._pos
        if len(self._buffer) - pos < n:
            parts = [self._buffer[pos:]]
            have = len(parts[0])
            while have < n:
                mac = self._mac.copy()  # HMAC(key, prefix || counter), the prefix absorbed once
                mac.update(self._counter.to_bytes(8, "big"))
                parts.append(mac.digest())
                have += 32
                self._counter += 1
            self._buffer, pos = b"".join(parts), 0
        self._pos = pos + n
        self.bytes_read += n
        return self._buffer[pos:pos + n]

    def randbits(self, k: int) -> int:
        if k < 0:
            raise InvalidInputError("k must be ≥ 0", field="k")
        nbytes = (k + 7) // 8
        return int.from_bytes(self.read(nbytes), "big") >> (8 * nbytes - k)

    def randbelow(self, n: int) -> int:
        """Uniform in ``0 … n−1``: rejection sampling, never ``% n`` (903-B 6.7.2(3))."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise InvalidInputError("n must be a positive integer", field="n")
        k = (n - 1).bit_length()
        while True:
            r = self.randbits(k)
            if r < n:
                return r

    def draw(self, population: Sequence[T], k: int) -> list[T]:
        """``k`` items without replacement, in draw order (Fisher–Yates from the top)."""
        items = list(population)
        n = len(items)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise InvalidInputError(f"k must be between 0 and {n}", field="k")
        for i in range(k):
            j = i + self.randbelow(n - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list: a uniformly random permutation of ``items`` (the input is untouched)."""
        return self.draw(items, len(items))


# Commitment (903-B 6.7.2(4): the seed is fixed before the first card, shown after the end) --
def commitment(seed: bytes) -> str:
    return hashlib.sha256(COMMIT_LABEL + b"\x00" + _check_seed(seed)).hexdigest()


def verify_reveal(commitment_hex: Any, seed: Any) -> bool:
    if not isinstance(commitment_hex, str) or not isinstance(seed, (bytes, bytearray)) or not seed:
        return False
    return hmac.compare_digest(commitment(bytes(seed)), commitment_hex.lower())


def seed_from_hex(seed_hex: Any, field: str = "seed_hex") -> bytes:
    try:
        seed = bytes.fromhex(seed_hex)
    except (TypeError, ValueError):
        raise InvalidInputError(f"{field} must be a hexadecimal string", field=field) from None
    if not seed:
        raise InvalidInputError(f"{field} must not be empty", field=field)
    return seed


# What an auditor re-derives from a revealed seed -------------------------------------------
def derive_deck(seed: bytes, decks: int = 1) -> list[str]:
    """The shoe, top card first: the canonical ``decks`` × 52 cards, shuffled (A54)."""
    return Drbg(seed, DECK).shuffle(canonical_deck(decks))


def derive_balls(seed: bytes, n_balls: int) -> list[int]:
    """Every ball ``1 … n_balls`` in draw order."""
    if isinstance(n_balls, bool) or not isinstance(n_balls, int) or n_balls < 1:
        raise InvalidInputError("n_balls must be a positive integer", field="n_balls")
    return Drbg(seed, BALLS).shuffle(range(1, n_balls + 1))


def derive_number(seed: bytes) -> int:
    """The winning number of a wheel, 0 … 36."""
    return Drbg(seed, NUMBER).randbelow(WHEEL_NUMBERS)
