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


@pytest.fixture
def venue(ledger):
    """``venue(kind, name="1")``: the venue id of a table or room where sessions of ``kind``
    are played, made the first time that (kind, name) is asked (tests/sessions/venues.py)."""
    from tests.sessions.venues import new_venue

    made: dict[tuple[str, str], str] = {}

    def get(kind: str, name: str = "1") -> str:
        if (kind, name) not in made:
            made[(kind, name)] = new_venue(ledger, kind, name=f"mesa {name}")
        return made[(kind, name)]
    return get
