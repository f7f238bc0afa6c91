"""Bingo for the API, the CLI and the tests: each function runs a command of
domain/bingo/commands.py through the ledger's writer (a picklable ``functools.partial``). What
must not change if the writer re-runs a command is drawn here, outside it: a new room's id and
every jogada's seed (903-B 6.7.4, infra/rng.py).

``start`` runs ``tick_all`` every ``settings.bingo_tick_interval`` seconds: the close of each
sale (rules 16–20), each ball when due (rules 22, 24), the next jogada of a continuous room
(rules 5–7). A jogada a crash left unfinished needs no special step: its state is in the store
and every ball was committed before the first sale, so the clock completes it from the events
(A10: "otherwise complete it deterministically"); an operator can still void it (rules 45–47).
"""

from __future__ import annotations

import uuid
from functools import partial
from typing import TYPE_CHECKING, Any
from uuid import UUID

import structlog

from domain.actors import system_actor
from domain.bingo import commands
from infra.periodic import Periodic

if TYPE_CHECKING:
    from infra.container import Ledger

log = structlog.get_logger("ledger.bingo")
CLOCK_ACTOR = system_actor("bingo-clock")


def create_room(ledger: "Ledger", *, name: str, config: dict[str, Any], actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.create_room, room_id=str(uuid.uuid4()),
                                         name=name, config=config, actor=actor), "create_room")


def describe(ledger: "Ledger", room_id: UUID | str) -> dict[str, Any]:
    return ledger.writer.execute(partial(_describe, room_id=room_id), "describe_room")


def _describe(uow: Any, *, room_id: UUID | str) -> dict[str, Any]:
    return commands.describe(commands.get_room(uow, room_id))


def join(ledger: "Ledger", *, room_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.join, room_id=room_id, player_id=player_id,
                                         actor=actor), "join_room")


def open_jogada(ledger: "Ledger", *, room_id: UUID | str, forced_balls: list[int] | None,
                actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        commands.open_jogada, room_id=room_id, seed=ledger.seeds.new_seed(),
        forced_balls=forced_balls, certification_mode=ledger.certification, actor=actor),
        "open_bingo_jogada")


def cards_command(*, room_id: UUID | str, player_id: UUID | str, count: int,
                  idempotency_key: str, actor: str) -> partial[Any]:
    return partial(commands.buy_cards, room_id=room_id, player_id=player_id, count=count,
                   idempotency_key=idempotency_key, actor=actor)


def buy_cards(ledger: "Ledger", **kwargs: Any) -> dict[str, Any]:
    from infra.container import unwrap

    return unwrap(ledger.writer.execute(cards_command(**kwargs), "buy_cards"))


def close_sales(ledger: "Ledger", *, room_id: UUID | str, actor: str = CLOCK_ACTOR) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.close_sales, room_id=room_id, actor=actor),
                                 "close_sales")


def draw(ledger: "Ledger", *, room_id: UUID | str, actor: str = CLOCK_ACTOR) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.draw, room_id=room_id, actor=actor), "draw")


def tick(ledger: "Ledger", room_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.writer.execute(partial(commands.tick, room_id=room_id,
                                         seed=ledger.seeds.new_seed(), actor=actor), "bingo_tick")


def tick_all(ledger: "Ledger") -> dict[str, list[str]]:
    done = {}
    for room_id in ledger.writer.execute(partial(commands.due_rooms), "due_rooms"):
        changed = tick(ledger, room_id)
        if changed:
            done[room_id] = changed
    return done


def void_jogada(ledger: "Ledger", *, room_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.void_jogada, room_id=room_id, reason=reason,
                                         actor=actor), "void_bingo_jogada")


def start(ledger: "Ledger") -> None:
    interval = float(ledger.settings.bingo_tick_interval)
    if interval > 0 and "bingo_clock" not in ledger.extras:
        clock = Periodic("bingo-clock", interval, partial(tick_all, ledger))
        ledger.extras["bingo_clock"] = clock
        clock.start()


def stop(ledger: "Ledger") -> None:
    clock = ledger.extras.pop("bingo_clock", None)
    if clock is not None:
        clock.stop()
