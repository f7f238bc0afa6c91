"""Helpers for the game-session tests: a registered player and its actor string."""

from __future__ import annotations

import pytest

from domain.kernel.actors import player_actor, staff_actor

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
SYSTEM = "system:test"


@pytest.fixture
def player(ledger):
    """(player_id, actor) of a freshly registered player."""
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    return player_id, player_actor(player_id)
