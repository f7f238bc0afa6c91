"""Waiting in tests for what another thread or process does (a game's clock, a served room)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def until(check: Callable[[], Any], timeout: float = 10.0, interval: float = 0.02) -> Any:
    """``check()``'s first truthy answer, asked every ``interval`` seconds; AssertionError if
    none comes within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(interval)
    raise AssertionError(f"not reached within {timeout} s")
