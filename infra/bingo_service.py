"""Bingo for the API, the CLI and the tests: each function runs a command of domain/bingo/
(rooms.py, sales.py, prizes.py, clock.py, faults.py) through the ledger's writer (a picklable
``functools.partial``). What must not change if the writer re-runs a command is drawn here,
outside it: a new room's id and every jogada's seed (903-B 6.7.4, infra/rng.py).

``start`` runs ``tick_all`` every ``settings.bingo_tick_interval`` seconds: the close of each
sale (rules 16–20), each ball when due (rules 22, 24), the next jogada of a continuous room
(rules 5–7). A jogada a crash left unfinished needs no special step: its state is in the store
and every ball was committed before the first sale, so the clock completes it from the events
(A10: "otherwise complete it deterministically"); an operator can still void it (rules 45–47).
"""

from __future__ import annotations

import uuid
from functools import partial
from itertools import islice
from typing import TYPE_CHECKING, Any
from uuid import UUID

import structlog

from domain.actors import system_actor
from domain.bingo import clock as room_clock
from domain.bingo import faults, prizes, rooms, sales, views
from domain.errors import RuleViolationError
from domain.text import check_uuid
from infra.jogada_views import account_balance, ended_jogadas, jogada_events, views_engine
from infra.periodic import Periodic

if TYPE_CHECKING:
    from infra.container import Ledger

log = structlog.get_logger("ledger.bingo")
CLOCK_ACTOR = system_actor("bingo-clock")


def create_room(ledger: "Ledger", *, name: str, config: dict[str, Any], actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(rooms.create_room, room_id=str(uuid.uuid4()),
                                         name=name, config=config, actor=actor), "create_room")


def describe(ledger: "Ledger", room_id: UUID | str, *,
             player_id: UUID | str | None = None) -> dict[str, Any]:
    """The room as staff see it, or as the player ``player_id`` may (its own prize shares)."""
    return ledger.writer.execute(partial(_describe, room_id=room_id, player_id=player_id),
                                 "describe_room")


def _describe(uow: Any, *, room_id: UUID | str, player_id: UUID | str | None) -> dict[str, Any]:
    room = rooms.get_room(uow, room_id)
    return views.describe(room, None if player_id is None else str(player_id)) | \
        _jackpot_now(uow, room)


def _jackpot_now(uow: Any, room: Any) -> dict[str, Any]:
    """Rules 4, 44: the jackpot's value is on every screen, as the writer has it now."""
    if room.jackpot_code is None:
        return {}
    from domain import wallets

    return {"jackpot_cents": wallets.get_account(uow, room.jackpot_code).balance_cents}


def join(ledger: "Ledger", *, room_id: UUID | str, player_id: UUID | str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(rooms.join, room_id=room_id, player_id=player_id,
                                         actor=actor), "join_room")


def open_jogada(ledger: "Ledger", *, room_id: UUID | str, forced_balls: list[int] | None,
                actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(
        sales.open_jogada, room_id=room_id, seed=ledger.seeds.new_seed(),
        forced_balls=forced_balls, certification_mode=ledger.certification, actor=actor),
        "open_bingo_jogada")


def cards_command(*, room_id: UUID | str, player_id: UUID | str, count: int,
                  idempotency_key: str, actor: str) -> partial[Any]:
    return partial(sales.buy_cards, room_id=room_id, player_id=player_id, count=count,
                   idempotency_key=idempotency_key, actor=actor)


def buy_cards(ledger: "Ledger", **kwargs: Any) -> dict[str, Any]:
    from infra.container import unwrap

    return unwrap(ledger.writer.execute(cards_command(**kwargs), "buy_cards"))


def close_sales(ledger: "Ledger", *, room_id: UUID | str, actor: str = CLOCK_ACTOR) -> dict[str, Any]:
    return ledger.writer.execute(partial(sales.close_sales, room_id=room_id, actor=actor),
                                 "close_sales")


def draw(ledger: "Ledger", *, room_id: UUID | str, actor: str = CLOCK_ACTOR) -> dict[str, Any]:
    return ledger.writer.execute(partial(prizes.draw, room_id=room_id, actor=actor), "draw")


def tick(ledger: "Ledger", room_id: UUID | str, *, actor: str = CLOCK_ACTOR) -> list[str]:
    return ledger.writer.execute(partial(room_clock.tick, room_id=room_id,
                                         seed=ledger.seeds.new_seed(), actor=actor), "bingo_tick")


def tick_all(ledger: "Ledger") -> dict[str, list[str]]:
    done = {}
    for room_id in ledger.writer.execute(partial(room_clock.due_rooms), "due_rooms"):
        changed = tick(ledger, room_id)
        if changed:
            done[room_id] = changed
    return done


def void_jogada(ledger: "Ledger", *, room_id: UUID | str, reason: str, actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(faults.void_jogada, room_id=room_id, reason=reason,
                                         actor=actor), "void_bingo_jogada")


def connection_lost(ledger: "Ledger", *, room_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    return ledger.writer.execute(partial(faults.connection_lost, room_id=room_id,
                                         player_id=player_id, actor=actor), "bingo_connection_lost")


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


# Views (issue 4 §6): the player's screen, replay, the last three jogadas, the jackpot -------
def view(ledger: "Ledger", *, room_id: UUID | str, player_id: UUID | str | None,
         order: str = "purchase") -> dict[str, Any]:
    return ledger.writer.execute(partial(_view, room_id=room_id, player_id=player_id,
                                         order=order), "bingo_view")


def _view(uow: Any, *, room_id: UUID | str, player_id: UUID | str | None,
          order: str) -> dict[str, Any]:
    from domain.bingo.views import player_view

    room = rooms.get_room(uow, room_id)
    return player_view(room, None if player_id is None else str(player_id), order) | \
        _jackpot_now(uow, room)


def jogada_domain_events(ledger: "Ledger", jogada_id: str, engine: Any = None) -> list[tuple[int, Any]]:
    """The recorded events of one bingo jogada as (notification id, event), in order."""
    return jogada_events(ledger, jogada_id, engine, marker=".BingoRoom.", game="bingo")


def replay_jogada(ledger: "Ledger", jogada_id: str, engine: Any = None) -> dict[str, Any]:
    """Rule 2h, "modo repetição": every event of the jogada, the state after it, the checks."""
    from domain.bingo.replay import replay

    return replay(jogada_domain_events(ledger, jogada_id, engine))


_ENDED = (".BingoRoom.JogadaSettled", ".BingoRoom.JogadaVoided", ".BingoRoom.JogadaCancelled")


def last_jogadas(ledger: "Ledger", player_id: UUID | str, engine: Any = None,
                 count: int = 3) -> list[dict[str, Any]]:
    """Rule 50: the player's last ``count`` (at least 3) ended bingo jogadas, newest first,
    found from its card purchases in the account activity projection."""
    from domain.bingo.replay import player_jogada

    pid = check_uuid(player_id, "player_id")
    engine = views_engine(ledger, engine)
    found = ended_jogadas(engine, pid, stake=lambda row: row["reason"] == "bingo_cards",
                          ended=_ENDED)
    return [player_jogada(replay_jogada(ledger, jogada_id, engine), pid)
            for jogada_id in islice(found, count)]


def jackpot_value(ledger: "Ledger", room_id: UUID | str, engine: Any = None) -> dict[str, Any]:
    """Rules 43–44: the room's accumulated jackpot, from the balances projection (updated by
    the deduction at each close of sales), readable by anyone at any time."""
    rid = check_uuid(room_id, "room_id")
    found = account_balance(ledger, f"bingo-jackpot:{rid}", engine)
    if found is None:
        describe(ledger, rid)  # 404 if there is no such room
        # The room exists without the optional jackpot (rule 39): 409, not a 404 that reads
        # as "no such room".
        raise RuleViolationError(f"room {rid} has no accumulated jackpot", field="room_id",
                                 rule="bingo rule 39", code="no_jackpot")
    return {"room_id": str(rid), "jackpot_cents": found["balance_cents"],
            "as_of_position": found["as_of_position"], "updated_at": found["updated_at"],
            "rule": "bingo rules 43, 44"}
