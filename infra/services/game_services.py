"""What runs beside the games in the process that writes (the writer process under ``ledger
serve``; the one process in tests and ``--single-process``), next to the aggregates the writer
holds in memory: each game's start-up recovery (e.g. by its rule on faults, A10: a jogada a
crash left open is voided and refunded) and its clock (a ``Periodic`` job: the ``due`` query,
then one ``tick`` command per venue, each with a seed drawn outside it: 903-B 6.7.4). The HTTP
process runs none of them: it parses, authenticates, sends and awaits."""

from __future__ import annotations

from typing import Any, Protocol

import structlog

from domain.kernel.actors import system_actor
from domain.kernel.game import Game
from infra.ports import Background, Commands, Store
from infra.runtime.periodic import Periodic


class Uses(Store, Commands, Background, Protocol):
    """What this module uses of the application (infra/ports.py)."""


log = structlog.get_logger("ledger.games")
RECOVERY_ACTOR = system_actor("recovery")


def clock_actor(game: Game) -> str:
    return system_actor(f"{game.name}-clock")


def tick_all(ledger: "Uses", game: Game) -> dict[str, Any]:
    """One query for the venues with something due, then a tick for each: {venue: changes}."""
    assert game.clock is not None
    done = {}
    for venue_id in ledger.run(game.clock.due):
        changed = ledger.run(game.clock.tick(venue_id, clock_actor(game)))
        if changed:
            done[venue_id] = changed
    return done


def recover(ledger: "Uses", game: Game) -> Any:
    if game.recovery is None:
        return []
    recovered = ledger.run(game.recovery(RECOVERY_ACTOR))
    if recovered:
        log.warning("jogadas_recovered_on_start", game=game.name, jogadas=recovered)
    return recovered


def start(ledger: "Uses") -> None:
    for game in ledger.games:
        try:
            recover(ledger, game)
        except Exception:  # the service still starts; an operator can void the jogada later
            log.exception("recovery_failed", game=game.name)
        if game.clock is None:
            continue
        interval = ledger.settings.tick_interval(game.name, game.clock.interval)
        key = f"{game.name}_clock"
        if interval > 0 and key not in ledger.extras:
            clock = Periodic(f"{game.name}-clock", interval,
                             lambda game=game: tick_all(ledger, game))
            ledger.extras[key] = clock
            clock.start()


def stop(ledger: "Uses") -> None:
    for game in ledger.games:
        clock = ledger.extras.pop(f"{game.name}_clock", None)
        if clock is not None:
            clock.stop()
