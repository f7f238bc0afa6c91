"""Póquer sem descarte for the API, the CLI and the tests: each function runs a command of
domain/semdescarte/ (tables.py, seats.py, betting.py, decisions.py, clock.py, faults.py) through
the ledger's writer, as a picklable ``functools.partial``. What must not change if the writer
re-runs a command is drawn here, outside it: the new table's id and every jogada's seed
(903-B 6.7.4, infra/rng.py).

``start`` runs ``tick_all`` every ``settings.semdescarte_tick_interval`` seconds (the end
of a betting period, rule 14; the decision time, its warning and the timeout fold, rules 21,
31, 32). ``recover`` runs once when the ledger starts: a jogada a crash left open is voided
and refunded (rule 33, A10).
"""

from __future__ import annotations

import uuid
from functools import partial
from typing import TYPE_CHECKING, Any
from uuid import UUID

import structlog

from domain.actors import system_actor
from domain.errors import NotFoundError, RuleViolationError
from domain.semdescarte import clock as table_clock
from domain.semdescarte import betting, decisions, faults, seats, tables, views
from domain.semdescarte.config import pt_rule, sd_rule
from domain.semdescarte.replay import player_last_jogada, replay
from domain.text import check_uuid
from infra.jogada_views import account_balance, ended_jogadas, jogada_events, views_engine
from infra.periodic import Periodic

if TYPE_CHECKING:
    from infra.container import Ledger

log = structlog.get_logger("ledger.semdescarte")
CLOCK_ACTOR = system_actor("semdescarte-clock")
RECOVERY_ACTOR = system_actor("recovery")


def create_table(ledger: "Ledger", *, name: str, config: dict[str, Any], actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(tables.create_table, table_id=str(uuid.uuid4()),
                                         name=name, config=config, actor=actor), "create_table")


def describe(ledger: "Ledger", table_id: UUID | str, *,
             player_id: UUID | str | None = None) -> dict[str, Any]:
    """The table as staff see it, or as the player ``player_id`` may see it (seats taken,
    only its own ids)."""
    return ledger.writer.execute(partial(_describe, table_id=table_id, player_id=player_id),
                                 "describe_table")


def _describe(uow: Any, *, table_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    return views.describe(seats.get_table(uow, table_id),
                             None if player_id is None else str(player_id))


def sit(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str, seat: int | None,
        actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(seats.sit, table_id=table_id, player_id=player_id,
                                         seat=seat, actor=actor), "sit")


def leave(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(seats.leave, table_id=table_id, player_id=player_id,
                                         actor=actor), "leave")


def ante_command(*, table_id: UUID | str, player_id: UUID | str, ante_cents: int,
                 jackpot_bet_cents: int | None, idempotency_key: str, actor: str,
                 forced_deck: list[str] | None = None,
                 certification_mode: bool = False) -> partial[Any]:
    return partial(betting.place_ante, table_id=table_id, player_id=player_id,
                   ante_cents=ante_cents, jackpot_bet_cents=jackpot_bet_cents,
                   idempotency_key=idempotency_key, actor=actor, forced_deck=forced_deck,
                   certification_mode=certification_mode)


def place_ante(ledger: "Ledger", **kwargs: Any) -> dict[str, Any]:
    from infra.container import unwrap

    command = ante_command(**kwargs, certification_mode=ledger.certification)
    return unwrap(ledger.writer.execute(command, "ante"))


def deal(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str | None,
         forced_deck: list[str] | None, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        betting.deal, table_id=table_id, seed=ledger.seeds.new_seed(), forced_deck=forced_deck,
        certification_mode=ledger.certification, player_id=player_id, actor=actor), "deal")


def set_forced_deck(ledger: "Ledger", *, table_id: UUID | str, forced_deck: list[str],
                    actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        betting.set_forced_deck, table_id=table_id, forced_deck=forced_deck,
        certification_mode=ledger.certification, actor=actor), "set_forced_deck")


def decide(ledger: "Ledger", *, table_id: UUID | str, jogada_id: str, player_id: UUID | str,
           decision: str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        decisions.decide, table_id=table_id, jogada_id=jogada_id, player_id=player_id,
        decision=decision, actor=actor), "decide")


def view(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    return ledger.writer.execute(partial(_view, table_id=table_id, player_id=player_id), "view")


def _view(uow: Any, *, table_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    table = seats.get_table(uow, table_id)
    return views.player_view(table, None if player_id is None else str(player_id))


def tick(ledger: "Ledger", table_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.writer.execute(partial(table_clock.tick, table_id=table_id,
                                         seed=ledger.seeds.new_seed(), actor=actor,
                                         certification_mode=ledger.certification), "tick")


def tick_all(ledger: "Ledger") -> dict[str, list[str]]:
    """One query for the tables with a deadline past, then a tick (and a seed) for each."""
    done = {}
    for table_id in ledger.writer.execute(partial(table_clock.due_tables), "due_tables"):
        changed = tick(ledger, table_id)
        if changed:
            done[table_id] = changed
    return done


def connection_lost(ledger: "Ledger", *, table_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(faults.connection_lost, table_id=table_id,
                                         player_id=player_id, actor=actor), "connection_lost")


def void_jogada(ledger: "Ledger", *, table_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(faults.void_jogada, table_id=table_id, reason=reason,
                                         actor=actor), "void_jogada")


def recover(ledger: "Ledger") -> list[str]:
    voided = ledger.writer.execute(partial(faults.recover, actor=RECOVERY_ACTOR), "recover")
    if voided:
        log.warning("semdescarte_jogadas_voided_on_start", jogadas=voided, rule=sd_rule(33))
    return voided


def start(ledger: "Ledger") -> None:
    try:
        recover(ledger)
    except Exception:  # the service still starts; an operator can void the jogada later
        log.exception("semdescarte_recovery_failed")
    interval = float(ledger.settings.semdescarte_tick_interval)
    if interval > 0 and "semdescarte_clock" not in ledger.extras:
        clock = Periodic("semdescarte-clock", interval, partial(tick_all, ledger))
        ledger.extras["semdescarte_clock"] = clock
        clock.start()


def stop(ledger: "Ledger") -> None:
    clock = ledger.extras.pop("semdescarte_clock", None)
    if clock is not None:
        clock.stop()


# Views (issue 3 §6): replay, the player's last jogada (rule 37), the jackpot value -----------
def jogada_domain_events(ledger: "Ledger", jogada_id: str,
                         engine: Any = None) -> list[tuple[int, Any]]:
    """The recorded events of one póquer sem descarte jogada as (notification id, domain
    event), in notification order, read through the jogada index (903-B 6.3.4(2))."""
    return jogada_events(ledger, jogada_id, engine, marker=".SemDescarteTable.",
                         game="póquer sem descarte")


def replay_jogada(ledger: "Ledger", jogada_id: str, engine: Any = None) -> dict[str, Any]:
    """Every event of the jogada with the state after it, and the RNG check (auditor view)."""
    return replay(jogada_domain_events(ledger, jogada_id, engine))


_ENDED_TOPICS = (".SemDescarteTable.JogadaSettled", ".SemDescarteTable.JogadaVoided")


def _is_ante(row: dict[str, Any]) -> bool:
    return row["type"] == "funds_held" and row["reason"] == "ante"


def last_jogada(ledger: "Ledger", player_id: UUID | str, engine: Any = None) -> dict[str, Any]:
    """Rule 37: the result of the player's last jogada and the amounts bet.

    The last jogada is found in the player's account activity (projection "balances"), newest
    first: every seat of a jogada holds its ante from the wallet (a ``funds_held`` row, reason
    "ante", whose refs name the jogada), on whichever table the player sat. The first such
    jogada that is a póquer sem descarte jogada (the jogada index holds a SemDescarteTable
    event) and has ended (settled or voided: a jogada still open has no result yet) is it."""
    pid = check_uuid(player_id, "player_id")
    engine = views_engine(ledger, engine)
    for jogada_id in ended_jogadas(engine, pid, stake=_is_ante, ended=_ENDED_TOPICS):
        return player_last_jogada(replay_jogada(ledger, jogada_id, engine), pid)
    raise NotFoundError(f"player {pid} has no ended póquer sem descarte jogada",
                        field="player_id", rule=sd_rule(37))


def jackpot_value(ledger: "Ledger", table_id: UUID | str, engine: Any = None) -> dict[str, Any]:
    """The live jackpot of a table (Portaria 461/2001 r3, r4b): the balance of its jackpot
    account in the balances projection, with the projection position it is current as of."""
    tid = check_uuid(table_id, "table_id")
    found = account_balance(ledger, f"jackpot:{tid}", engine)
    if found is None:
        describe(ledger, tid)  # 404 if there is no such table
        # The table exists without the module (A11): 409, as for a side bet at it, not a 404
        # that reads as "no such table".
        raise RuleViolationError(f"table {tid} has no jackpot", field="table_id",
                                 rule=pt_rule("3"), code="no_jackpot")
    return {"table_id": str(tid), "jackpot_cents": found["balance_cents"],
            "as_of_position": found["as_of_position"], "updated_at": found["updated_at"],
            "last_change_position": found["last_change_position"]}
