"""RFC 6962 / RFC 9162 Merkle tree (domain/audit/merkle.py): the RFC's hashing, checked against the
test vectors of the Certificate Transparency reference implementations (the eight leaves and
the tree heads of sizes 1 to 8), and every proof of every tree up to 33 leaves checked by the
RFC's own verification algorithms, which must refuse any altered proof, leaf or root
(903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1: an alteration is detected)."""

from __future__ import annotations

import pytest

from domain.audit import merkle

LEAVES = [bytes.fromhex(h) for h in (
    "", "00", "10", "2021", "3031", "40414243", "5051525354555657",
    "606162636465666768696a6b6c6d6e6f")]
ROOTS = [bytes.fromhex(h) for h in (
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328")]


def hashed(n: int) -> list[bytes]:
    return [merkle.leaf_hash(b"event %d" % i) for i in range(n)]


def test_merkle_rfc6962_tree_heads_match_the_reference_vectors():
    leaves = [merkle.leaf_hash(d) for d in LEAVES]
    assert merkle.root([]) == bytes.fromhex(
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    for size, expected in enumerate(ROOTS, start=1):
        assert merkle.root(leaves[:size]) == expected, size


@pytest.mark.parametrize("size", range(1, 34))
def test_merkle_every_inclusion_proof_verifies_and_any_alteration_is_refused(size):
    leaves = hashed(size)
    head = merkle.root(leaves)
    for index in range(size):
        proof = merkle.inclusion_proof(index, leaves)
        assert merkle.verify_inclusion(leaves[index], index, size, proof, head)
        assert not merkle.verify_inclusion(merkle.leaf_hash(b"altered"), index, size, proof,
                                           head)
        if proof:
            bad = [proof[0][:-1] + bytes([proof[0][-1] ^ 1]), *proof[1:]]
            assert not merkle.verify_inclusion(leaves[index], index, size, bad, head)
        if size > 1:  # the same proof does not place the leaf elsewhere
            assert not merkle.verify_inclusion(leaves[index], (index + 1) % size, size, proof,
                                               head)


@pytest.mark.parametrize("second", range(1, 34))
def test_merkle_every_consistency_proof_verifies_and_another_history_is_refused(second):
    leaves = hashed(second)
    head = merkle.root(leaves)
    for first in range(1, second + 1):
        old = merkle.root(leaves[:first])
        proof = merkle.consistency_proof(first, leaves)
        assert merkle.verify_consistency(first, second, old, head, proof)
        rewritten = [merkle.leaf_hash(b"rewritten"), *leaves[1:first]]
        assert not merkle.verify_consistency(first, second, merkle.root(rewritten), head, proof)
        if first < second:
            assert not merkle.verify_consistency(first, second, old, merkle.root(hashed(
                second - 1) + [merkle.leaf_hash(b"other")]), proof)


def test_merkle_the_accumulator_gives_the_tree_head_at_every_size_without_the_leaves():
    leaves = hashed(70)
    accumulator = merkle.Accumulator()
    assert accumulator.root() == merkle.EMPTY_ROOT
    for size, leaf in enumerate(leaves, start=1):
        accumulator.append(leaf)
        assert (accumulator.size, accumulator.root()) == (size, merkle.root(leaves[:size]))
        assert len(accumulator._peaks) == bin(size).count("1")


def test_merkle_extend_is_append_leaf_after_leaf_in_any_slices():
    """The sealer and the verifier add a page of leaves at once (``extend``): the same peaks,
    roots and completed subtrees as one ``append`` per leaf, wherever the pages split."""
    leaves = hashed(70)
    one_by_one, made_one = merkle.Accumulator(), []
    for leaf in leaves:
        made_one.extend(one_by_one.append(leaf))
    for cut in (1, 2, 3, 7, 16, 33, 70):
        paged, made = merkle.Accumulator(), []
        for start in range(0, len(leaves), cut):
            paged.extend(leaves[start:start + cut], made)
            size = min(start + cut, len(leaves))
            assert (paged.size, paged.root()) == (size, merkle.root(leaves[:size]))
        assert (paged.peaks, made) == (one_by_one.peaks, made_one)


def test_merkle_proofs_from_the_nodes_the_accumulator_completes_equal_proofs_from_the_leaves():
    """What the sealer stores (each perfect subtree once, as the accumulator completes it) is
    enough for every proof, and a store reads only the nodes ``nodes_needed`` names."""
    leaves = hashed(45)
    accumulator, nodes = merkle.Accumulator(), {}
    for index, leaf in enumerate(leaves):
        nodes[(0, index)] = leaf
        for level, node_index, value in accumulator.append(leaf):
            nodes[(level, node_index)] = value
            assert value == merkle.root(leaves[node_index << level:(node_index + 1) << level])
        resumed = merkle.Accumulator.resume(accumulator.size, accumulator.peaks)
        assert resumed.root() == accumulator.root()
    for size in range(1, 46):
        stored = {k: v for k, v in nodes.items() if (k[1] + 1) << k[0] <= size}
        for index in range(size):
            def compute(perfect, index=index, size=size):
                return merkle.inclusion_path(index, size, perfect)
            needed = merkle.nodes_needed(compute)
            assert len(needed) <= 2 * size.bit_length() ** 2
            fetched = {k: stored[k] for k in needed}
            assert compute(lambda level, i: fetched[(level, i)]) == merkle.inclusion_proof(
                index, leaves[:size])
        for first in range(1, size + 1):
            proof = merkle.consistency_path(first, size, lambda level, i: stored[(level, i)])
            assert proof == merkle.consistency_proof(first, leaves[:size])
    with pytest.raises(ValueError):
        merkle.Accumulator.resume(3, [leaves[0]])


# The audit paths and consistency proofs of the Certificate Transparency reference
# implementation's tests (merkle_tree_test.cc; leaf indices here 0-based), over LEAVES.
CT_PATHS = [
    (0, 1, []),
    (0, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]),
    (5, 8, ["bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]),
    (2, 3, ["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"]),
    (1, 5, ["6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"]),
]
CT_CONSISTENCY = [
    (1, 1, []),
    (1, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]),
    (6, 8, ["0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]),
    (2, 5, ["5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"]),
]


@pytest.mark.parametrize("index, size, path", CT_PATHS)
def test_merkle_inclusion_proofs_equal_the_certificate_transparency_reference(index, size, path):
    leaves = [merkle.leaf_hash(d) for d in LEAVES]
    assert [h.hex() for h in merkle.inclusion_proof(index, leaves[:size])] == path
    assert merkle.verify_inclusion(leaves[index], index, size, [bytes.fromhex(h) for h in path],
                                   ROOTS[size - 1])


@pytest.mark.parametrize("first, size, path", CT_CONSISTENCY)
def test_merkle_consistency_proofs_equal_the_certificate_transparency_reference(first, size,
                                                                                path):
    leaves = [merkle.leaf_hash(d) for d in LEAVES]
    assert [h.hex() for h in merkle.consistency_proof(first, leaves[:size])] == path
    assert merkle.verify_consistency(first, size, ROOTS[first - 1], ROOTS[size - 1],
                                     [bytes.fromhex(h) for h in path])
