"""infra/runtime/rng.py: where seed material comes from (903-B 6.7.1(2), 6.7.3, 6.7.4)."""

from __future__ import annotations

import pytest

from infra.runtime.rng import RngHealthError, SeededSeedSource, SystemSeedSource, build_seed_source
from infra.runtime.settings import Settings


def test_the_system_source_gives_fresh_32_byte_seeds():
    source = SystemSeedSource()
    seeds = [source.new_seed() for _ in range(100)]
    assert all(isinstance(s, bytes) and len(s) == 32 for s in seeds)
    assert len(set(seeds)) == 100 and source.healthy


def test_a_stuck_system_source_fails_and_stays_failed():
    """903-B 6.7.3: the software RNG is monitored; a failed one disables the games."""
    outputs = iter([b"\x01" * 32, b"\x01" * 32, b"\x02" * 32])
    source = SystemSeedSource(token_bytes=lambda n: next(outputs))
    assert source.new_seed() == b"\x01" * 32
    with pytest.raises(RngHealthError):
        source.new_seed()
    with pytest.raises(RngHealthError):
        source.new_seed()  # a later good output does not revive it
    assert not source.healthy
    zeros = SystemSeedSource(token_bytes=lambda n: bytes(n))
    with pytest.raises(RngHealthError):
        zeros.new_seed()


def test_the_seeded_source_is_reproducible_and_distinct_per_master_seed():
    a, b = SeededSeedSource(42), SeededSeedSource(42)
    run_a = [a.new_seed() for _ in range(10)]
    assert run_a == [b.new_seed() for _ in range(10)]
    assert len(set(run_a)) == 10 and all(len(s) == 32 for s in run_a)
    assert SeededSeedSource(43).new_seed() != run_a[0]
    assert SeededSeedSource(b"\x2a").new_seed() == run_a[0]  # 42 is the byte 0x2a
    for bad in (-1, b"", "42", 1.5, True):
        with pytest.raises((TypeError, ValueError)):
            SeededSeedSource(bad)


def test_build_seed_source():
    assert isinstance(build_seed_source(), SystemSeedSource)
    assert isinstance(build_seed_source(Settings(database_url="sqlite:///x.db")), SystemSeedSource)
    assert build_seed_source(7).new_seed() == SeededSeedSource(7).new_seed()
    with pytest.raises(TypeError):
        build_seed_source("7")
