"""Bingo online (Reg. 425-A/2015): rooms, jogadas, cards, the draw and the views.

Operators create rooms (rules 2f, 8–10, 13, 31–44) and open jogadas (rules 16–17; in
certification mode with ``forced_balls``); players with an open bingo game session at the
room's venue join and buy cards (rules 11–15); the room's clock closes the sale (rules 18–20)
and draws (rules 21–26), and an operator may run it now (``tick``). Each command is one
value of domain/games/bingo/commands.py, one transaction on the writer; errors name the field and the
rule.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID, uuid4

from fastapi import APIRouter, Body

from api.deps import (
    AccountReader,
    Anyone,
    LedgerDep,
    OperatorCaller,
    PlayerCaller,
    PlayerOrOperator,
    Reviewer,
)
from api.games.bingo.schemas import (
    CardsBuy,
    InterruptionCreate,
    JogadaOpen,
    RoomCreate,
    RoomJoin,
)
from api.ledger_access import fresh_engine, run
from api.routes.responses import errors
from api.schemas import JogadaIdPath
from domain.games.bingo import commands as bingo
from domain.games.bingo.game import GAME as BINGO_GAME
from domain.games.bingo.rule_book import BINGO
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import cite
from infra.services import jogada_views

router = APIRouter(prefix="/bingo", tags=["bingo"])


@router.post("/rooms", status_code=201, responses=errors(401, 403, 409, 422, 503))
async def create_room(body: RoomCreate, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    """Create a room; the answer lists the configuration's warnings (A14, A18). With a jackpot,
    the house funds its base value at once (rule 41)."""
    return await run(ledger, bingo.CreateRoom(
        room_id=str(uuid4()), name=body.name, config=body.config.model_dump(exclude_none=True),
        actor=caller.actor))


@router.get("/rooms/{room_id}", responses=errors(401, 403, 404, 422, 503))
async def read_room(room_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The room: configuration, accounts, ``status`` (the open jogada's phase, or
    ``no_jogada``) and the open jogada as every screen shows it (rule 4). A prize's winners
    are named to staff; a player sees its own share and the number of winners."""
    return await run(ledger, bingo.DescribeRoom(room_id=str(room_id),
                                                player_id=caller.player_or_none()))


@router.post("/rooms/{room_id}/players", status_code=201,
             responses=errors(401, 403, 404, 409, 422, 503))
async def join_room(room_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
              body: Annotated[RoomJoin | None, Body()] = None) -> dict[str, Any]:
    """Enter the room; the player needs an open game session at the room's ``venue_id``
    (POST /sessions with game ``bingo``). Buying cards also enters it; ending the session
    leaves it. No body: the calling player."""
    body = body or RoomJoin()
    return await run(ledger, bingo.JoinRoom(
        room_id=str(room_id), player_id=str(caller.player_acted_for(body.player_id)),
        actor=caller.actor))


@router.post("/rooms/{room_id}/jogadas", status_code=201,
             responses=errors(401, 403, 404, 409, 422, 503))
async def open_jogada(room_id: UUID, ledger: LedgerDep, caller: OperatorCaller,
                body: Annotated[JogadaOpen | None, Body()] = None) -> dict[str, Any]:
    """Open the sale of the next jogada (rules 16–17; rule 7 in a session room). The draw is
    committed now (903-B 6.7.5). A continuous room's clock does this by itself. No body: no
    forced balls."""
    body = body or JogadaOpen()
    return await run(ledger, bingo.OpenJogada(room_id=str(room_id),
                                              forced_balls=body.forced_balls, actor=caller.actor))


@router.post("/rooms/{room_id}/cards", status_code=201,
             responses=errors(401, 403, 404, 409, 422, 503))
async def buy_cards(room_id: UUID, body: CardsBuy, ledger: LedgerDep,
              caller: PlayerCaller) -> dict[str, Any]:
    """Buy ``count`` cards of the open jogada (rules 11–13, 15); never cancelled (rule 12).
    Idempotent by key."""
    return await run(ledger, bingo.BuyCards(
        room_id=str(room_id), player_id=str(caller.id), count=body.count,
        idempotency_key=body.idempotency_key, actor=caller.actor))


@router.get("/rooms/{room_id}/view", responses=errors(401, 403, 404, 422, 503))
async def view(room_id: UUID, ledger: LedgerDep, caller: Anyone,
         order: Literal["purchase", "closeness"] = "purchase") -> dict[str, Any]:
    """The open jogada (rule 4); a player also sees its cards, marked, ordered by purchase or
    by closeness to a prize (rule 14), and an alert for each card one number away (rule 28)."""
    return await run(ledger, bingo.ViewRoom(room_id=str(room_id),
                                            player_id=caller.player_or_none(), order=order))


@router.post("/rooms/{room_id}/tick", responses=errors(401, 403, 404, 409, 422, 503))
async def tick(room_id: UUID, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    """Run the room's clock now: close a sale that is due, draw a ball that is due (never
    sooner than the room's interval, rule 22), open the next jogada of a continuous room."""
    done = await run(ledger, bingo.TickRoom(room_id=str(room_id)))
    return {"room_id": str(room_id), "done": done}


@router.post("/rooms/{room_id}/interruptions", responses=errors(401, 403, 404, 409, 422, 503))
async def interrupt(room_id: UUID, body: InterruptionCreate, ledger: LedgerDep,
              caller: OperatorCaller) -> dict[str, Any]:
    """A system fault voids the jogada (rules 45–47); a player's lost connection is recorded
    and its cards play on (rules 48–49)."""
    if body.kind == "system_fault":
        return await run(ledger, bingo.VoidJogada(room_id=str(room_id), reason=body.reason,
                                                  actor=caller.actor))
    if body.player_id is None:
        raise InvalidInputError("player_id is required for a player_connection interruption",
                                field="player_id", rule=cite(BINGO, 48))
    return await run(ledger, bingo.ConnectionLost(room_id=str(room_id),
                                                  player_id=str(body.player_id),
                                                  actor=caller.actor))


@router.get("/rooms/{room_id}/jackpot", responses=errors(401, 403, 404, 409, 422, 503))
def jackpot(room_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The accumulated jackpot (rules 43–44), a projection of the room's jackpot account."""
    return jackpot_value(ledger, room_id, fresh_engine(ledger))


def jackpot_value(ledger: Any, room_id: UUID | str, engine: Any) -> dict[str, Any]:
    # A room without the optional jackpot (rule 39): 409, not a 404 that reads as "no such room".
    found = jogada_views.jackpot_balance(
        ledger, f"bingo-jackpot:{room_id}", engine,
        venue=bingo.DescribeRoom(room_id=str(room_id)),
        missing=RuleViolationError(f"room {room_id} has no accumulated jackpot",
                                   field="room_id", rule=cite(BINGO, 39), code="no_jackpot"))
    return {"room_id": str(room_id), "jackpot_cents": found["balance_cents"],
            "as_of_position": found["as_of_position"], "updated_at": found["updated_at"],
            "rule": cite(BINGO, 43, 44)}


@router.get("/jogadas/{jogada_id}/replay", responses=errors(401, 403, 404, 409, 422, 503))
def replay(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """"Modo repetição" (rule 2h): every event of an ended jogada with the state it led to, the
    RNG check re-deriving every card and ball, and the prizes found again."""
    return jogada_views.require_ended(
        jogada_views.replay(ledger, jogada_id, fresh_engine(ledger), game=BINGO_GAME))


@router.get("/players/{player_id}/last-jogadas", responses=errors(401, 403, 404, 422, 503))
def last_jogadas(player_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict[str, Any]:
    """The player's last three ended jogadas (rule 50), newest first."""
    caller.require_player_access(player_id)
    return {"player_id": str(player_id), "rule": cite(BINGO, 50),
            "jogadas": jogada_views.last_jogadas(ledger, BINGO_GAME, player_id,
                                                 fresh_engine(ledger))}
