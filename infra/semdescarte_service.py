"""Póquer sem descarte for the API, the CLI and the tests: each function runs a command of
domain/semdescarte/commands.py through the ledger's writer, as a picklable
``functools.partial``. What must not change if the writer re-runs a command is drawn here,
outside it: the new table's id and every jogada's seed (903-B 6.7.4, infra/rng.py).

``TableClock`` ticks every table each ``settings.semdescarte_tick_interval`` seconds (the end
of a betting period, rule 14; the decision time, its warning and the timeout fold, rules 21,
31, 32). ``recover`` runs once when the ledger starts: a jogada a crash left open is voided
and refunded (rule 33, A10).
"""

from __future__ import annotations

import threading
import uuid
from functools import partial
from typing import TYPE_CHECKING, Any
from uuid import UUID

import structlog

from domain.actors import system_actor
from domain.semdescarte import commands

if TYPE_CHECKING:
    from infra.container import Ledger

log = structlog.get_logger("ledger.semdescarte")
CLOCK_ACTOR = system_actor("semdescarte-clock")
RECOVERY_ACTOR = system_actor("recovery")


def create_table(ledger: "Ledger", *, name: str, config: dict[str, Any], actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.create_table, table_id=str(uuid.uuid4()),
                                         name=name, config=config, actor=actor), "create_table")


def describe(ledger: "Ledger", table_id: UUID | str) -> dict[str, Any]:
    return ledger.writer.execute(partial(_describe, table_id=table_id), "describe_table")


def _describe(uow: Any, *, table_id: UUID | str) -> dict[str, Any]:
    return commands.describe(commands.get_table(uow, table_id))


def sit(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str, seat: int | None,
        actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.sit, table_id=table_id, player_id=player_id,
                                         seat=seat, actor=actor), "sit")


def leave(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.leave, table_id=table_id, player_id=player_id,
                                         actor=actor), "leave")


def ante_command(*, table_id: UUID | str, player_id: UUID | str, ante_cents: int,
                 jackpot_bet_cents: int | None, idempotency_key: str, actor: str) -> partial[Any]:
    return partial(commands.place_ante, table_id=table_id, player_id=player_id,
                   ante_cents=ante_cents, jackpot_bet_cents=jackpot_bet_cents,
                   idempotency_key=idempotency_key, actor=actor)


def place_ante(ledger: "Ledger", **kwargs: Any) -> dict[str, Any]:
    from infra.container import unwrap

    return unwrap(ledger.writer.execute(ante_command(**kwargs), "ante"))


def deal(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str | None,
         forced_deck: list[str] | None, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        commands.deal, table_id=table_id, seed=ledger.seeds.new_seed(), forced_deck=forced_deck,
        certification_mode=ledger.certification, player_id=player_id, actor=actor), "deal")


def decide(ledger: "Ledger", *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           decision: str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        commands.decide, table_id=table_id, jogada_id=jogada_id, player_id=player_id,
        decision=decision, actor=actor), "decide")


def view(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    return ledger.writer.execute(partial(_view, table_id=table_id, player_id=player_id), "view")


def _view(uow: Any, *, table_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    table = commands.get_table(uow, table_id)
    return commands.player_view(table, None if player_id is None else str(player_id))


def tick(ledger: "Ledger", table_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.writer.execute(partial(commands.tick, table_id=table_id,
                                         seed=ledger.seeds.new_seed(), actor=actor), "tick")


def tick_all(ledger: "Ledger") -> dict[str, list[str]]:
    done = {}
    for table_id in ledger.writer.execute(partial(commands.open_table_ids), "table_ids"):
        changed = tick(ledger, table_id)
        if changed:
            done[table_id] = changed
    return done


def connection_lost(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.connection_lost, table_id=table_id,
                                         player_id=player_id, actor=actor), "connection_lost")


def void_jogada(ledger: "Ledger", *, table_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(commands.void_jogada, table_id=table_id, reason=reason,
                                         actor=actor), "void_jogada")


def recover(ledger: "Ledger") -> list[str]:
    voided = ledger.writer.execute(partial(commands.recover, actor=RECOVERY_ACTOR), "recover")
    if voided:
        log.warning("semdescarte_jogadas_voided_on_start", jogadas=voided, rule="rule 33")
    return voided


class TableClock:
    """A daemon thread that ticks every table every ``interval`` seconds."""

    def __init__(self, ledger: "Ledger", interval: float) -> None:
        self.ledger = ledger
        self.interval = interval
        self.last_error: str | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None and self.interval > 0:
            self._thread = threading.Thread(target=self._run, name="semdescarte-clock",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(timeout=30)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                tick_all(self.ledger)
                self.last_error = None
            except Exception as error:  # keep ticking; the next round tries again
                self.last_error = f"{type(error).__name__}: {error}"
                log.exception("semdescarte_tick_failed")


def start(ledger: "Ledger") -> None:
    try:
        recover(ledger)
    except Exception:  # the service still starts; the clock and an operator can void later
        log.exception("semdescarte_recovery_failed")
    interval = float(ledger.settings.semdescarte_tick_interval)
    if interval > 0 and "semdescarte_clock" not in ledger.extras:
        clock = TableClock(ledger, interval)
        ledger.extras["semdescarte_clock"] = clock
        clock.start()


def stop(ledger: "Ledger") -> None:
    clock = ledger.extras.pop("semdescarte_clock", None)
    if clock is not None:
        clock.stop()
