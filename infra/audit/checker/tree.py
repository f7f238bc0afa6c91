"""The documented bytes of an event and the RFC 9162 §2.1 verification algorithms
(docs/audit.md), written apart from domain/audit/merkle.py and domain/audit/record.py on
purpose: an independent implementation. Standard library only."""

from __future__ import annotations

import base64
import hashlib
import struct
import uuid
from typing import Any


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def canonical(event: dict[str, Any]) -> bytes:
    """docs/audit.md: the canonical bytes of a stored event."""
    topic = event["topic"].encode("utf-8")
    state = base64.b64decode(event["state"], validate=True)
    return b"".join((b"ledger-event/1\x00", struct.pack(">Q", event["notification_id"]),
                     uuid.UUID(event["originator_id"]).bytes,
                     struct.pack(">Q", event["originator_version"]),
                     struct.pack(">H", len(topic)), topic, struct.pack(">I", len(state)), state))


def node(left: bytes, right: bytes) -> bytes:
    return sha256(b"\x01" + left + right)


def inclusion_holds(leaf: bytes, index: int, size: int, path: list[bytes], root: bytes) -> bool:
    """RFC 9162 §2.1.3.2."""
    if not 0 <= index < size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            r = node(p, r)
            while fn % 2 == 0 and fn != 0:
                fn, sn = fn // 2, sn // 2
        else:
            r = node(r, p)
        fn, sn = fn // 2, sn // 2
    return sn == 0 and r == root


def consistency_holds(m: int, n: int, old: bytes, new: bytes, path: list[bytes]) -> bool:
    """RFC 9162 §2.1.4.2."""
    if not 0 < m <= n:
        return False
    if m == n:
        return not path and old == new
    path = list(path)
    if m & (m - 1) == 0:
        path.insert(0, old)
    if not path:
        return False
    fn, sn = m - 1, n - 1
    while fn % 2 == 1:
        fn, sn = fn // 2, sn // 2
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn % 2 == 1 or fn == sn:
            fr, sr = node(c, fr), node(c, sr)
            while fn % 2 == 0 and fn != 0:
                fn, sn = fn // 2, sn // 2
        else:
            sr = node(sr, c)
        fn, sn = fn // 2, sn // 2
    return sn == 0 and fr == old and sr == new
