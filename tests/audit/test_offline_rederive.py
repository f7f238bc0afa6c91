"""The checker's RNG (infra/audit/checker/rederive.py) is a second implementation of the
specification in domain/kernel/rng.py's docstring and docs/audit.md ("The RNG and dealing, for
a reimplementation"), written apart from the ledger's code: on many seeds it derives the same
deck, balls and number, the same commitment and the same certification order as the domain
(903-B 6.7.2(3)(4), A70), refuses an output or a seed that does not match, and the worked
example in docs/audit.md is what it computes."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import certification, rng
from domain.kernel.jogada_rng import expected_outcome
from infra.audit.checker import rederive

DOCS = Path(__file__).resolve().parents[2] / "docs" / "audit.md"
seeds = st.binary(min_size=1, max_size=64)


@settings(max_examples=150, deadline=None)
@given(seed=seeds, decks=st.integers(1, 3), balls=st.integers(1, 120))
def test_903b_6_7_2_3_every_seed_derives_the_domains_deck_balls_and_number(seed, decks, balls):
    assert rederive.derive("deck", seed, decks) == rng.derive_deck(seed, decks)
    assert rederive.derive("balls", seed, balls) == rng.derive_balls(seed, balls)
    assert rederive.derive("number", seed, 1) == [rng.derive_number(seed)]
    assert rederive.commitment(seed) == rng.commitment(seed)


@settings(max_examples=150, deadline=None)
@given(seed=seeds, bounds=st.lists(st.integers(1, 2**40), min_size=1, max_size=30))
def test_903b_6_7_2_3_randbelow_rejects_as_the_domain_does(seed, bounds):
    """Rejection sampling, never a modulo: the same values, the same bytes read."""
    ours, theirs = rederive.Stream(seed, "number"), rng.Drbg(seed, "number")
    assert [ours.randbelow(n) for n in bounds] == [theirs.randbelow(n) for n in bounds]
    assert ours.read(5) == theirs.read(5)


@settings(max_examples=100, deadline=None)
@given(seed=seeds, picks=st.lists(st.integers(0, 51), max_size=26, unique=True))
def test_sd_19_a_forced_deck_is_the_forced_cards_on_top_of_the_derived_order(seed, picks):
    derived = rng.derive_deck(seed)
    forced = [derived[i] for i in picks]
    assert rederive.forced_order(forced, derived) == certification.apply_forced_order(
        forced, derived)


def _committed(seed: bytes, kind: str = "deck", size: int = 1, forced=None) -> dict:
    return {"kind": kind, "size": size, "algorithm": rng.ALGORITHM,
            "commitment": rng.commitment(seed), "forced": forced is not None,
            "forced_outcome": forced,
            "outcome": expected_outcome(kind, seed, size, forced)}


def _revealed(seed: bytes) -> dict:
    return {"commitment": rng.commitment(seed), "seed_hex": seed.hex()}


@settings(max_examples=60, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), kind=st.sampled_from(["deck", "balls"]),
       size=st.integers(1, 2), forced=st.booleans())
def test_903b_6_7_2_4_a70_a_committed_output_is_re_derived_from_its_revealed_seed(seed, kind, size,
                                                                             forced):
    size = size if kind == "deck" else 75 + size
    derived = rng.derive_deck(seed, size) if kind == "deck" else rng.derive_balls(seed, size)
    pushed = list(reversed(derived[:3])) if forced else None
    got, problems, notes = rederive.rederive(_committed(seed, kind, size, pushed),
                                             _revealed(seed))
    assert problems == [] and got["output"] == expected_outcome(kind, seed, size, pushed)
    assert bool(notes) == forced and got["forced"] == forced
    if forced:
        assert "certification mode" in notes[0]  # reported as such, not as a failure


def test_903b_6_7_2_4_an_output_or_a_seed_that_does_not_match_is_named():
    seed, other = bytes(range(32)), bytes(32)
    committed = _committed(seed)
    swapped = {**committed, "outcome": [committed["outcome"][1], committed["outcome"][0],
                                        *committed["outcome"][2:]]}
    _, problems, _ = rederive.rederive(swapped, _revealed(seed))
    assert problems[0].startswith("RngCommitted: the recorded deck is not the one the seed"
                                  " derives: item 0 is 7h, the seed gives Kd")
    _, problems, _ = rederive.rederive(committed, {**_revealed(other),
                                                   "commitment": committed["commitment"]})
    assert problems[0].startswith("RngRevealed: the seed does not match")
    assert rederive.rederive(committed, None)[1] == [
        "RngCommitted was never revealed, though the jogada ended (903-B 6.7.2(4))"]
    assert rederive.rederive(committed, None, ended=False)[1:] == (
        [], ["the jogada is still open: its seed is not revealed yet"])
    assert rederive.rederive(None, None) == (None, [], [])


def test_903b_6_7_2_4_the_worked_example_in_docs_audit_md_is_what_the_checker_computes():
    """docs/audit.md's test vector, line by line: the seed, its commitment, the first HMAC
    block, the first cards of the deck, the first balls of 75 and of 90, the wheel's number."""
    text = DOCS.read_text()
    section = text[text.index("## The RNG and dealing, for a reimplementation"):]
    seed = bytes.fromhex(re.search(r"seed\s*=\s*`([0-9a-f]{64})`", section)[1])

    def said(name: str) -> str:
        return re.search(rf"^{re.escape(name)}\s*=\s*(.+)$", section, re.M)[1].strip()

    assert seed == bytes(range(32))
    assert said("commitment") == rederive.commitment(seed)
    assert said("block(0) for deck") == rederive.Stream(seed, "deck").read(32).hex()
    first = said("deck, first 11 cards").split()
    assert first == rederive.derive("deck", seed, 1)[:11] == rng.derive_deck(seed)[:11]
    assert [int(b) for b in said("balls of 75, first 10").split()] == \
        rederive.derive("balls", seed, 75)[:10]
    assert [int(b) for b in said("balls of 90, first 10").split()] == \
        rederive.derive("balls", seed, 90)[:10]
    assert int(said("number")) == rederive.derive("number", seed, 1)[0]
