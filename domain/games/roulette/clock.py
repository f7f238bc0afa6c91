"""French roulette: the wheel's clock, a ``tick`` command run by the sweeper (or an operator)
for the wheels whose deadline has passed (``due``).

- A multi-player wheel: the betting window over, "jogo feito nada mais" and the spin (r16).
- An individual wheel waits for its player's launch (r17; A60: on a lost connection the bets
  are kept and the launch offered on reconnection) up to 90 days after the jogada opened; then
  the bets never launched are refunded (``JogadaCancelled`` "day_90", A60; 903-B 6.3.2(4)): no
  result exists.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from domain.games.roulette import players, stakes
from domain.games.roulette.registry import REGISTRY_ID, WheelRegistry
from domain.games.roulette.rule_book import rf_rule
from domain.games.roulette.spin import spin
from domain.games.roulette.wheel import DAY_90, RouletteWheel
from domain.kernel.uow import UnitOfWork

WAIT_DAYS = 90  # 903-B 6.3.2: an incomplete game is resolved within 90 days


def deadline(wheel: RouletteWheel) -> datetime | None:
    """When the open jogada has something due, or None."""
    jogada = wheel.jogada
    if jogada is None:
        return None
    if wheel.individual:
        return jogada["opened_at"] + timedelta(days=WAIT_DAYS)
    return jogada["betting_closes_at"]


def tick(uow: UnitOfWork, *, wheel_id: UUID | str, actor: str, seed: bytes | None = None,
         certification_mode: bool = False) -> list[str]:
    """Returns what it did."""
    wheel = players.get_wheel(uow, wheel_id)
    due_at = deadline(wheel)
    if due_at is None or uow.at <= due_at:
        return []
    if wheel.individual:
        refunds = stakes.give_all_back(uow, wheel, "refund", actor)
        wheel.refund(reason=DAY_90, refunds=refunds, rule=players.REFUND_RULE, actor=actor,
                     at=uow.at)
        players.free_gone_players(uow, wheel, actor)
        return ["refunded_day_90"]
    wheel.check_clock_spin(uow.at)
    spin(uow, wheel, seed=seed, forced_number=None, certification_mode=certification_mode,
         rule=rf_rule(16), actor=actor)
    return ["spun"]


def due(uow: UnitOfWork) -> list[str]:
    """The wheels whose clock has something to do at ``uow.at``. A query: records nothing."""
    registry = uow.find(REGISTRY_ID, WheelRegistry)
    out: list[str] = []
    for wheel_id in [] if registry is None else registry.wheel_ids:
        wheel: Any = uow.find(UUID(wheel_id), RouletteWheel)
        due_at = None if wheel is None else deadline(wheel)
        if due_at is not None and uow.at > due_at:
            out.append(wheel_id)
    return out
