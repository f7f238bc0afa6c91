"""Texas hold'em (Reg. 806/2015) and Omaha online: one set of routes, built per game by
``make_router(game)`` (api/games/holdem.py, api/games/omaha.py), prefix ``/<game>``.

Operators create tables (rules 4–8, 14, 17, 20–24, 38, 43, 44, 70b), start jogadas (rule 7;
in certification mode with ``forced_deck`` and ``button_seat``) and report faults (rules 72,
73); players with an open game session at the table's venue (POST /sessions with the table's
``game``, rule 69) register at a session-mode table (rule 6, A25), sit with the table's
buy-in (rules 8, 9, A28), rebuy (rules 11, 12, 15), act (rules 28, 34–40) and leave with
their cave (rule 10); the table's clock runs the decision time (rules 43–45). Each command is
a value of domain/games/community_poker/commands.py, one transaction on the writer; errors name the
field and the rule.

The device (903-B 6.6.1: one device per player at a table) is the body's ``device_id`` or,
without it, the ``X-Device-Id`` header (the body wins when both are sent).
"""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID, uuid4

from fastapi import APIRouter, Body, Header

from api.auth import Caller
from api.deps import Anyone, LedgerDep, OperatorCaller, PlayerCaller, PlayerOrOperator
from api.games.community_poker.schemas import (
    PokerActionCreate,
    PokerConnectionLostCreate,
    PokerInterruptionCreate,
    PokerJogadaStart,
    PokerRebuyCreate,
    PokerRegistration,
    PokerSeatLeave,
    PokerSeatTake,
    PokerTableCreate,
)
from api.ledger_access import fresh_engine, run
from api.routes.responses import errors
from api.schemas import text_param
from domain.games.community_poker import commands
from domain.games.community_poker.config import HOLDEM, rule
from domain.kernel.errors import NotFoundError
from infra.services import jogada_views

DEVICE_HEADER = "X-Device-Id"
DeviceHeader = Annotated[str | None, Header(
    alias=DEVICE_HEADER, description="the player's device, when the body names none (903-B 6.6.1)",
    **text_param(200))]


def device_of(body_device: str | None, header_device: str | None) -> str | None:
    """The body's ``device_id``, else the ``X-Device-Id`` header."""
    return body_device if body_device is not None else header_device


def _staff(caller: Caller) -> bool:
    return caller.role != "player"


async def _for_player(types: dict[str, type], ledger: Any, name: str, table_id: UUID,
                      caller: Caller, player_id: UUID | None, **fields: Any) -> Any:
    """A seat command for the calling player, or for the player an operator names."""
    player = str(caller.player_acted_for(player_id))
    return await run(ledger, types[name](table_id=str(table_id), player_id=player,
                                         actor=caller.actor, **fields))


def make_router(game: str) -> APIRouter:
    """The routes of ``game`` ("holdem" or "omaha") on its own command types: its tables, a
    player's place at one, and the jogadas, in that order."""
    types = commands.HOLDEM if game == HOLDEM else commands.OMAHA
    router = APIRouter(prefix=f"/{game}", tags=[game])
    _add_table_routes(router, types)
    _add_player_routes(router, types)
    _add_jogada_routes(router, game, types)
    return router


def _add_table_routes(router: APIRouter, types: dict[str, type]) -> None:
    """A table created by an operator and read by anyone (rules 4–8, 14, 17, 20–24, 66)."""

    @router.post("/tables", status_code=201, responses=errors(401, 403, 409, 422, 503))
    async def create_table(body: PokerTableCreate, ledger: LedgerDep,
                           caller: OperatorCaller) -> dict[str, Any]:
        """Create a table (rules 4–8, 14, 17, 20–24, 38, 43, 44, 70b; A24, A25, A27–A29). A
        value outside the regulation's bands (seats, commission, blinds) is a 409 naming the
        rule. The answer is the table as GET /tables/{table_id} shows it."""
        return await run(ledger, types["CreateTable"](
            table_id=str(uuid4()), name=body.name,
            config=body.config.model_dump(mode="json", exclude_unset=True),
            actor=caller.actor))

    @router.get("/tables/{table_id}", responses=errors(401, 403, 404, 422, 503))
    async def read_table(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
        """The table and its rules (rule 66): configuration, seats and caves (rules 4d–e,
        13), the button, ``last_jogada_id`` and the open jogada as everyone at the table sees
        it. A player also sees ``your_seat``, ``your_last_jogada_id`` (rule 65), its own hole
        cards (``your_cards``) and, on its turn, ``your_options`` with their amounts; staff
        see who holds each seat. Nobody sees another player's hole cards before the showdown
        (the replay shows them afterwards)."""
        return await run(ledger, types["DescribeTable"](
            table_id=str(table_id), player_id=caller.player_or_none(), staff=_staff(caller)))


def _add_player_routes(router: APIRouter, types: dict[str, type]) -> None:
    """A player's place at a table: registered, seated, leaving, rebuying (rules 6, 8–12, 15)."""

    @router.post("/tables/{table_id}/registrations", status_code=201,
                 responses=errors(401, 403, 404, 409, 422, 503))
    async def register(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
                       body: Annotated[PokerRegistration | None, Body()] = None) -> dict[str, Any]:
        """Register in advance at a session-mode table, which seats only registered players
        (rule 6, A25). No body: the calling player."""
        body = body or PokerRegistration()
        return await _for_player(types, ledger, "Register", table_id, caller, body.player_id)

    @router.post("/tables/{table_id}/seats", status_code=201,
                 responses=errors(401, 403, 404, 409, 422, 503))
    async def take_seat(table_id: UUID, body: PokerSeatTake, ledger: LedgerDep,
                        caller: PlayerOrOperator,
                        x_device_id: DeviceHeader = None) -> dict[str, Any]:
        """Sit with the table's buy-in, moved from the wallet to the table (rules 8, 9; less
        rule 17b's commission, A28). The player needs an open game session at the table's
        ``venue_id`` (rule 69); one seat per player (rule 9; 903-B 6.6.1). Idempotent by
        key. ``forced_cave_cents``: certification mode only (else 409
        ``certification_mode_off``), the seat's starting cave instead of the buy-in."""
        return await _for_player(types, ledger, "Sit", table_id, caller, body.player_id,
                                 seat=body.seat, idempotency_key=body.idempotency_key,
                                 device_id=device_of(body.device_id, x_device_id),
                                 forced_cave_cents=body.forced_cave_cents)

    @router.post("/tables/{table_id}/seats/leave", responses=errors(401, 403, 404, 409, 422, 503))
    async def leave_seat(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
                         body: Annotated[PokerSeatLeave | None, Body()] = None) -> dict[str, Any]:
        """Leave with the whole cave, back to the wallet (rule 10); a player in the jogada
        leaves when it ends. No body: the calling player's own seat."""
        body = body or PokerSeatLeave()
        return await _for_player(types, ledger, "Leave", table_id, caller, body.player_id)

    @router.post("/tables/{table_id}/rebuys", status_code=201,
                 responses=errors(401, 403, 404, 409, 422, 503))
    async def rebuy(table_id: UUID, body: PokerRebuyCreate, ledger: LedgerDep,
                    caller: PlayerOrOperator) -> dict[str, Any]:
        """Rebuy the table's rebuy amount when the cave is lost or below the table minimum
        (rules 12, 15), never during a jogada the player is in (rule 11). Idempotent by key."""
        return await _for_player(types, ledger, "Rebuy", table_id, caller, body.player_id,
                                 idempotency_key=body.idempotency_key)


def _add_jogada_routes(router: APIRouter, game: str, types: dict[str, type]) -> None:
    """The jogadas: started, acted on, voided, a lost connection, the player's last one
    (rules 7, 28, 34–40, 45, 65, 72, 73)."""

    @router.post("/tables/{table_id}/jogadas", status_code=201,
                 responses=errors(401, 403, 404, 409, 422, 503))
    async def start_jogada(table_id: UUID, ledger: LedgerDep, caller: OperatorCaller,
                           body: Annotated[PokerJogadaStart | None, Body()] = None
                           ) -> dict[str, Any]:
        """Start the next jogada now (rule 7: at least 2 players in play; the table's clock
        also starts it after the table's pause): the button (rules 46, 47, 64), the blinds
        (rules 20–22, 48), the hole cards (rules 49, 50). ``forced_deck`` and
        ``button_seat``: certification mode only (else 409 ``certification_mode_off``)."""
        body = body or PokerJogadaStart()
        return await run(ledger, types["StartJogada"](
            table_id=str(table_id), actor=caller.actor, forced_deck=body.forced_deck,
            button_seat=body.button_seat))

    @router.post("/tables/{table_id}/actions", responses=errors(401, 403, 404, 409, 422, 503))
    async def act(table_id: UUID, body: PokerActionCreate, ledger: LedgerDep, caller: PlayerCaller,
                  x_device_id: DeviceHeader = None) -> dict[str, Any]:
        """The player's decision on its turn (rules 34–40; A27): ``fold``, ``check`` (nobody
        has bet), ``call``, ``bet``/``raise`` to ``amount`` within the structure's limits
        (rules 23, 24, 38), ``all_in``. ``chop`` and ``waive`` are refused (rule 28). The
        answer is the player's view of the table after it."""
        return await run(ledger, types["Act"](
            table_id=str(table_id), jogada_id=body.jogada_id, player_id=str(caller.id),
            action=body.action, amount=body.amount, actor=caller.actor,
            device_id=device_of(body.device_id, x_device_id)))

    @router.post("/tables/{table_id}/interruptions",
                 responses=errors(401, 403, 404, 409, 422, 503))
    async def interrupt(table_id: UUID, ledger: LedgerDep, caller: OperatorCaller,
                        body: Annotated[PokerInterruptionCreate | None, Body()] = None
                        ) -> dict[str, Any]:
        """A fault of the system voids the open jogada (rule 72, A26): every cave goes back to
        what it was when the jogada started, blinds included, no commission."""
        body = body or PokerInterruptionCreate()
        return await run(ledger, types["VoidJogada"](
            table_id=str(table_id), reason=body.reason, actor=caller.actor,
            jogada_id=body.jogada_id))

    @router.post("/tables/{table_id}/connection-lost",
                 responses=errors(401, 403, 404, 409, 422, 503))
    async def connection_lost(table_id: UUID, body: PokerConnectionLostCreate, ledger: LedgerDep,
                              caller: OperatorCaller) -> dict[str, Any]:
        """The player's own connection was lost (rule 73): recorded, not a void; the table's
        clock acts for it when its time runs out (rule 45: check if it may, else fold)."""
        return await run(ledger, types["ConnectionLost"](
            table_id=str(table_id), player_id=str(body.player_id), actor=caller.actor))

    @router.get("/tables/{table_id}/last-jogada", responses=errors(401, 403, 404, 422, 503))
    def last_jogada(table_id: UUID, ledger: LedgerDep, caller: PlayerCaller) -> dict[str, Any]:
        """Rule 65: every essential element of the last jogada the calling player took part in
        at this table (also after it left): its own cards, the board, the hands shown, what
        it put in, got back and won, the commission it paid (never another player's unshown
        cards). 404 naming rule 65 if it has played none here. Staff read any ended jogada
        whole: GET /jogadas/{jogada_id}/replay."""
        seen = ledger.run(types["DescribeTable"](table_id=str(table_id),
                                                 player_id=str(caller.id)))
        jogada_id = seen["your_last_jogada_id"]
        if jogada_id is None:
            raise NotFoundError(f"player {caller.id} has played no jogada at table {table_id}",
                                field="player_id", rule=rule(game, 65))
        owner = ledger.games.get(game)
        replayed = jogada_views.replay(ledger, jogada_id, fresh_engine(ledger), game=owner)
        return owner.player_jogada(replayed, str(caller.id))
