"""The canonical bytes of an evidence pack and their hash: what the JSON pack is, byte for byte,
and what its PDF and the case record name (docs/complaints.md)."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def pack_json_bytes(pack: dict[str, Any]) -> bytes:
    """The canonical JSON of a pack (sorted keys, no spaces, UTF-8): the bytes to hash."""
    return json.dumps(pack, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
