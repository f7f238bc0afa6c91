"""Opening a roulette wheel (r4: individual or multi-player; r8, r11–r13, r16, A56: its
limits, options and window, checked by config.py). The new wheel joins the registry of every
wheel (registry.py) that the clock and start-up recovery walk. Players: players.py."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette.config import check_wheel_config
from domain.games.roulette.players import venue_of
from domain.games.roulette.registry import REGISTRY_ID, WheelRegistry
from domain.games.roulette.views import describe
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.errors import ConflictError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork


def create_wheel(uow: UnitOfWork, *, wheel_id: UUID | str, name: str, config: dict[str, Any],
                 actor: str) -> dict[str, Any]:
    """r4, r8, r11–r13, r16, A56. ``wheel_id`` is drawn by the caller (a re-run makes the same
    wheel)."""
    check_text(name, "name", 200)
    checked = check_wheel_config(config)
    wid = check_uuid(wheel_id, "wheel_id")
    if uow.find(wid, RouletteWheel) is not None:
        raise ConflictError(f"wheel {wid} exists", field="wheel_id")
    wheel = RouletteWheel(wheel_id=str(wid), name=name, config=checked.to_dict(),
                          venue_id=venue_of(wid), actor=actor, at=uow.at)
    uow.add(wheel)
    registry = uow.find(REGISTRY_ID, WheelRegistry)
    if registry is None:
        registry = WheelRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(wid), actor=actor, at=uow.at)
    return describe(wheel)
