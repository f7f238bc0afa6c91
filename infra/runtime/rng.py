"""Where seed material comes from. The domain derives everything else (domain/kernel/rng.py).

Production: ``SystemSeedSource``, the OS CSPRNG (``secrets``), 32 fresh bytes per jogada
(903-B 6.7.1(2), 6.7.4), with a continuous health test: a source that repeats its last output
or returns all zeros is failed, and stays failed, so that games stop (903-B 6.7.3).
Tests and demos: ``SeededSeedSource``, a reproducible sequence from a master seed.

A command handler draws its seed *outside* the closure it submits to the writer, so that a
re-run of the command (writer verify mode) commits to the same seed.
"""

from __future__ import annotations

import secrets
import threading
from typing import Any, Protocol

from domain.kernel.rng import SEED_BYTES, Drbg
from infra.runtime.settings import Settings


class SeedSource(Protocol):
    def new_seed(self) -> bytes:
        """32 bytes of fresh seed material."""


class RngHealthError(RuntimeError):
    """The seed source failed its health test: games must be disabled (903-B 6.7.3)."""


class SystemSeedSource:
    """The OS CSPRNG, monitored on every draw (a repetition test on whole outputs)."""

    def __init__(self, token_bytes: Any = secrets.token_bytes) -> None:
        self._token_bytes = token_bytes
        self._last: bytes | None = None
        self._failed: str | None = None
        self._lock = threading.Lock()

    @property
    def healthy(self) -> bool:
        return self._failed is None

    def new_seed(self) -> bytes:
        with self._lock:
            if self._failed is not None:
                raise RngHealthError(self._failed)
            seed = self._token_bytes(SEED_BYTES)
            if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
                self._failed = "the OS RNG returned malformed output"
            elif seed == self._last:
                self._failed = "the OS RNG repeated its previous output"
            elif not any(seed):
                self._failed = "the OS RNG returned all zeros"
            if self._failed is not None:
                raise RngHealthError(self._failed)
            self._last = seed
            return seed


class SeededSeedSource:
    """A deterministic sequence of seeds: HMAC-SHA256-CTR of the master seed (tests, demos)."""

    def __init__(self, master_seed: int | bytes) -> None:
        if isinstance(master_seed, bool) or not isinstance(master_seed, (int, bytes)):
            raise TypeError("master_seed must be an int or bytes")
        if isinstance(master_seed, int):
            if master_seed < 0:
                raise ValueError("master_seed must be ≥ 0")
            master_seed = master_seed.to_bytes(max(1, (master_seed.bit_length() + 7) // 8), "big")
        if not master_seed:
            raise ValueError("master_seed must not be empty")
        self._drbg = Drbg(master_seed, "seed-source")
        self._lock = threading.Lock()

    def new_seed(self) -> bytes:
        with self._lock:
            return self._drbg.read(SEED_BYTES)


def build_seed_source(settings_or_seed: Any = None) -> SeedSource:
    """``None`` or a ``Settings``: the OS CSPRNG. An int or bytes: a seeded source (tests and
    demos only; production settings have no way to ask for one)."""
    if settings_or_seed is None or isinstance(settings_or_seed, Settings):
        return SystemSeedSource()
    if isinstance(settings_or_seed, (int, bytes)) and not isinstance(settings_or_seed, bool):
        return SeededSeedSource(settings_or_seed)
    raise TypeError("build_seed_source takes None, Settings, an int or bytes")
