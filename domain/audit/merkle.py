"""The Merkle tree of RFC 6962 / RFC 9162 (§2.1): leaf and node hashes with their one-byte
prefixes, the tree head of any size, inclusion proofs (audit paths) and consistency proofs, and
their verification as the RFC writes it, so that any standard verifier checks our proofs.

The first piece of the tamper-evident record (issue 15; 903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1:
records cannot be altered without detection): every stored event, in the order of the log,
becomes a leaf; signed checkpoints (tree size, root) bind the log; a jogada's events are shown
to be in it with an inclusion proof, and two checkpoints to be one history with a consistency
proof. Pure: hashing only (SHA-256), no storage.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence

LEAF_PREFIX, NODE_PREFIX = b"\x00", b"\x01"
EMPTY_ROOT = hashlib.sha256(b"").digest()


def leaf_hash(data: bytes) -> bytes:
    """RFC 9162 §2.1.1: HASH(0x00 || leaf)."""
    return hashlib.sha256(LEAF_PREFIX + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """RFC 9162 §2.1.1: HASH(0x01 || left || right)."""
    return hashlib.sha256(NODE_PREFIX + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two smaller than ``n`` (n > 1)."""
    return 1 << ((n - 1).bit_length() - 1)


# The hash of a perfect subtree: ``perfect(level, index)`` is MTH of the 2**level leaves from
# ``index << level`` (level 0: the leaf hash itself). The proofs below need nothing else, so they
# are computed from a list of leaves in memory or from the nodes a store keeps (infra/audit/).
Perfect = Callable[[int, int], bytes]


def _of_leaves(leaves: Sequence[bytes]) -> Perfect:
    def perfect(level: int, index: int) -> bytes:
        return _mth(leaves[index << level:(index + 1) << level])
    return perfect


def _mth(leaves: Sequence[bytes]) -> bytes:
    n = len(leaves)
    if n == 1:
        return leaves[0]
    k = _split(n)
    return node_hash(_mth(leaves[:k]), _mth(leaves[k:]))


def range_root(start: int, end: int, perfect: Perfect) -> bytes:
    """MTH(D[start:end]) for the ranges the RFC's recursion visits (``start`` a multiple of the
    largest power of two not above ``end - start``), from perfect subtrees: at most
    2·log2(n) of them."""
    n = end - start
    if n <= 0:
        return EMPTY_ROOT
    if n & (n - 1) == 0 and start % n == 0:
        level = n.bit_length() - 1
        return perfect(level, start >> level)
    k = _split(n)
    return node_hash(range_root(start, start + k, perfect), range_root(start + k, end, perfect))


def root(leaves: Sequence[bytes]) -> bytes:
    """MTH(D[n]) of the leaf hashes ``leaves`` (already ``leaf_hash``ed)."""
    return _mth(leaves) if leaves else EMPTY_ROOT


def inclusion_path(index: int, size: int, perfect: Perfect) -> list[bytes]:
    """PATH(m, D[n]) (RFC 9162 §2.1.3.1): the audit path of leaf ``index`` in the tree of
    ``size`` leaves."""
    if not 0 <= index < size:
        raise ValueError(f"leaf {index} is not in a tree of {size}")
    path: list[bytes] = []
    start, end = 0, size
    while end - start > 1:  # the RFC's recursion, unrolled; the path is built from the top
        k = _split(end - start)
        if index < start + k:
            path.append(range_root(start + k, end, perfect))
            end = start + k
        else:
            path.append(range_root(start, start + k, perfect))
            start += k
    return path[::-1]


def consistency_path(first: int, size: int, perfect: Perfect) -> list[bytes]:
    """PROOF(m, D[n]) (RFC 9162 §2.1.4.1): the tree of ``first`` leaves is a prefix of the tree
    of ``size`` leaves."""
    if not 0 < first <= size:
        raise ValueError(f"no consistency proof from {first} to {size} leaves")
    path: list[bytes] = []
    start, end, m, whole = 0, size, first, True
    while m != end - start:
        k = _split(end - start)
        if m <= k:
            path.append(range_root(start + k, end, perfect))
            end = start + k
        else:
            path.append(range_root(start, start + k, perfect))
            start, m, whole = start + k, m - k, False
    if not whole:
        path.append(range_root(start, end, perfect))
    return path[::-1]


def inclusion_proof(index: int, leaves: Sequence[bytes]) -> list[bytes]:
    """PATH(m, D[n]) of leaves held in memory."""
    return inclusion_path(index, len(leaves), _of_leaves(leaves))


def consistency_proof(first: int, leaves: Sequence[bytes]) -> list[bytes]:
    """PROOF(m, D[n]) of leaves held in memory."""
    return consistency_path(first, len(leaves), _of_leaves(leaves))


def nodes_needed(compute: Callable[[Perfect], object]) -> set[tuple[int, int]]:
    """The perfect subtrees (level, index) ``compute`` reads: a store fetches them in one query
    and then computes with them (infra/audit/proofs.py)."""
    seen: set[tuple[int, int]] = set()

    def record(level: int, index: int) -> bytes:
        seen.add((level, index))
        return EMPTY_ROOT
    compute(record)
    return seen


def verify_inclusion(leaf: bytes, index: int, size: int, proof: Sequence[bytes],
                     expected_root: bytes) -> bool:
    """RFC 9162 §2.1.3.2: ``leaf`` (a leaf hash) is leaf ``index`` of the tree of ``size``
    leaves whose root is ``expected_root``."""
    if not 0 <= index < size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and r == expected_root


def verify_consistency(first: int, second: int, first_root: bytes, second_root: bytes,
                       proof: Sequence[bytes]) -> bool:
    """RFC 9162 §2.1.4.2: the tree of ``first`` leaves (root ``first_root``) is the first part
    of the tree of ``second`` leaves (root ``second_root``)."""
    if not 0 < first <= second:
        return False
    if first == second:
        return not proof and first_root == second_root
    path = list(proof)
    if first & (first - 1) == 0:  # an exact power of two: its root starts the path
        path.insert(0, first_root)
    if not path:
        return False
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == first_root and sr == second_root


class Accumulator:
    """The tree head after each appended leaf without keeping the leaves: the roots of the
    perfect subtrees the tree decomposes into (at most log2(n) of them), as a follower of the
    log needs to seal checkpoints as it goes. ``root()`` equals ``root(all leaves)``."""

    def __init__(self) -> None:
        self.size = 0
        self._peaks: list[bytes] = []  # roots of the perfect subtrees, largest first

    def append(self, leaf: bytes) -> list[tuple[int, int, bytes]]:
        """Add a leaf hash; returns the perfect subtrees it completed, (level, index, hash),
        level 1 and up (what a store keeps to answer proofs: ``Perfect``)."""
        made: list[tuple[int, int, bytes]] = []
        self.extend((leaf,), made)
        return made

    def extend(self, leaves: Iterable[bytes],
               made: list[tuple[int, int, bytes]] | None = None) -> None:
        """``append`` each leaf hash in turn, in one loop (the sealer and the verifier add
        thousands at a time); the perfect subtrees completed go to ``made``, if given."""
        peaks, size, sha256 = self._peaks, self.size, hashlib.sha256
        for leaf in leaves:
            peaks.append(leaf)
            merged, level = size, 0
            while merged & 1:  # two subtrees of equal size merge, as in the tree's own shape
                right = peaks.pop()
                peaks[-1] = sha256(NODE_PREFIX + peaks[-1] + right).digest()
                merged >>= 1
                level += 1
                if made is not None:
                    made.append((level, merged, peaks[-1]))
            size += 1
        self.size = size

    @property
    def peaks(self) -> list[bytes]:
        """The roots of the perfect subtrees, largest first (a follower stores them to resume)."""
        return list(self._peaks)

    @classmethod
    def resume(cls, size: int, peaks: Sequence[bytes]) -> "Accumulator":
        if len(peaks) != bin(size).count("1"):
            raise ValueError(f"a tree of {size} leaves has {bin(size).count('1')} peaks,"
                             f" not {len(peaks)}")
        accumulator = cls()
        accumulator.size, accumulator._peaks = size, list(peaks)
        return accumulator

    def root(self) -> bytes:
        if not self._peaks:
            return EMPTY_ROOT
        head = self._peaks[-1]
        for peak in reversed(self._peaks[:-1]):  # the smaller subtrees hang on the right
            head = node_hash(peak, head)
        return head
