"""Every card and ball of a jogada re-derived from its revealed seed (903-B 6.7.2(3)(4), A70),
written from the specification in docs/audit.md ("The RNG and dealing, for a reimplementation"),
not from the ledger's code: the same documented bytes, computed a second time.

- Stream: ``block(i) = HMAC-SHA256(key=seed, msg=LABEL || 0x00 || purpose || 0x00 || i)``,
  ``i`` as 8 bytes big-endian from 0; the bytes are ``block(0) || block(1) || …``.
- ``randbits(k)``: ``ceil(k/8)`` bytes, big-endian, the ``k`` high bits.
- ``randbelow(n)``: ``k = bit_length(n - 1)``; ``randbits(k)`` again until it is ``< n``.
- ``draw``: Fisher–Yates from the top: position ``i`` swapped with ``i + randbelow(n - i)``.
- ``commitment(seed) = hex(SHA-256(COMMIT_LABEL || 0x00 || seed))``.
- deck (purpose ``deck``): the shuffle of ``size`` canonical decks (``2c 3c … Ac 2d … As``),
  top card first; balls (``balls``): the shuffle of ``1 … size``; number (``number``):
  ``randbelow(37)``.
- Certification mode (a laboratory's forced outcome, rule 19, 903-B 6.7.2): the forced items on
  top, then the derived order without them; a forced number replaces the drawn one.

Standard library only.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

ALGORITHM = "hmac-sha256-ctr/v1"
LABEL = b"srij-game-ledger/rng/v1"
COMMIT_LABEL = b"srij-game-ledger/rng/v1/commitment"
WHEEL = 37
RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK_ORDER = tuple(rank + suit for suit in SUITS for rank in RANKS)  # 2c 3c … Ac 2d … As
PURPOSE = {"deck": "deck", "balls": "balls", "number": "number"}


class Stream:
    """HMAC-SHA256 in counter mode over one seed and one purpose."""

    def __init__(self, seed: bytes, purpose: str) -> None:
        self.seed, self.purpose, self.counter, self.pending = seed, purpose.encode(), 0, b""

    def read(self, n: int) -> bytes:
        while len(self.pending) < n:
            message = LABEL + b"\x00" + self.purpose + b"\x00" + self.counter.to_bytes(8, "big")
            self.pending += hmac.new(self.seed, message, hashlib.sha256).digest()
            self.counter += 1
        taken, self.pending = self.pending[:n], self.pending[n:]
        return taken

    def randbits(self, k: int) -> int:
        size = (k + 7) // 8
        return int.from_bytes(self.read(size), "big") >> (8 * size - k)

    def randbelow(self, n: int) -> int:
        k = (n - 1).bit_length()
        while True:
            value = self.randbits(k)
            if value < n:
                return value

    def shuffle(self, items: list[Any]) -> list[Any]:
        items = list(items)
        for i in range(len(items)):
            j = i + self.randbelow(len(items) - i)
            items[i], items[j] = items[j], items[i]
        return items


def commitment(seed: bytes) -> str:
    return hashlib.sha256(COMMIT_LABEL + b"\x00" + seed).hexdigest()


def derive(kind: str, seed: bytes, size: int) -> list[Any]:
    """The output of the seed: the shoe (``size`` decks), the balls, or ``[number]``."""
    stream = Stream(seed, PURPOSE[kind])
    if kind == "deck":
        return stream.shuffle(list(DECK_ORDER) * size)
    if kind == "balls":
        return stream.shuffle(list(range(1, size + 1)))
    return [stream.randbelow(WHEEL)]


def forced_order(forced: list[Any], derived: list[Any]) -> list[Any] | None:
    """The forced items on top, then the derived order less one of each forced item; ``None``
    when a forced item is not in the population."""
    left: dict[Any, int] = {}
    for item in forced:
        left[item] = left.get(item, 0) + 1
    rest = []
    for item in derived:
        if left.get(item):
            left[item] -= 1
        else:
            rest.append(item)
    return None if any(left.values()) else list(forced) + rest


def _text(items: list[Any], limit: int = 8) -> str:
    shown = " ".join(map(str, items[:limit]))
    return shown + (" …" if len(items) > limit else "")


def rederive(committed: dict[str, Any] | None, revealed: dict[str, Any] | None,
             ended: bool = True) -> tuple[dict[str, Any] | None, list[str], list[str]]:
    """(``rng``, problems, notes) of a jogada's ``RngCommitted`` and ``RngRevealed`` data.

    ``rng``: ``kind``, ``size``, ``output`` (what the jogada dealt from: the output re-derived
    from the seed, or in certification mode the forced items on top of it), ``forced``; ``None``
    when nothing was drawn or the output cannot be trusted (a problem says why)."""
    if committed is None:
        if revealed is not None:
            return None, ["RngRevealed reveals a seed no RngCommitted committed to"
                          " (903-B 6.7.2(4))"], []
        return None, [], []
    kind, size = committed.get("kind"), committed.get("size")
    if committed.get("algorithm") != ALGORITHM or kind not in PURPOSE \
            or not isinstance(size, int) or isinstance(size, bool) or size < 1:
        return None, [f"RngCommitted: algorithm {committed.get('algorithm')!r}, kind {kind!r},"
                      f" size {size!r}: not an RNG this checker knows ({ALGORITHM})"], []
    if revealed is None:
        if ended:
            return None, ["RngCommitted was never revealed, though the jogada ended"
                          " (903-B 6.7.2(4))"], []
        return None, [], ["the jogada is still open: its seed is not revealed yet"]
    try:
        seed = bytes.fromhex(revealed.get("seed_hex") or "")
    except (TypeError, ValueError):
        seed = b""
    if not seed:
        return None, ["RngRevealed: seed_hex is not a hexadecimal seed"], []
    if revealed.get("commitment") != committed.get("commitment") or not hmac.compare_digest(
            commitment(seed), str(committed.get("commitment", "")).lower()):
        return None, [f"RngRevealed: the seed does not match RngCommitted's commitment"
                      f" {committed.get('commitment')} (903-B 6.7.2(4))"], []
    derived = derive(kind, seed, size)
    recorded = list(committed.get("outcome") or [])
    forced = committed.get("forced_outcome")
    notes: list[str] = []
    if forced is not None:
        expected = list(forced) if kind == "number" else forced_order(list(forced), derived)
        notes.append(f"certification mode: a laboratory forced {len(forced)} of the {kind}'s"
                     " items (rule 19; 903-B 6.7.2); the rest re-derived from the seed")
    else:
        expected = derived
    if expected is None:
        return None, [f"RngCommitted: the forced {kind} holds items not in the population:"
                      f" {_text(list(forced))}"], notes
    if recorded != expected:
        at = next((i for i, (a, b) in enumerate(zip(recorded, expected)) if a != b),
                  min(len(recorded), len(expected)))
        return None, [f"RngCommitted: the recorded {kind} is not the one the seed derives: item"
                      f" {at} is {recorded[at] if at < len(recorded) else 'missing'!s}, the"
                      f" seed gives {expected[at] if at < len(expected) else 'nothing'!s}"
                      f" (recorded {_text(recorded)}; re-derived {_text(expected)};"
                      " 903-B 6.7.2(4))"], notes
    return {"kind": kind, "size": size, "output": expected, "forced": forced is not None}, [], notes
