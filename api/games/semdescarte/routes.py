"""Póquer sem descarte online (Reg. 803/2015) and its jackpot side bet (Portaria 461/2001).

Operators create tables and handle interruptions; players sit (with an open game session at
the table's venue, rule 40), bet the ante (rules 16–18), start the deal on an individual table
(rule 15) and decide (rules 20–23); the table's clock closes a multi-seat betting period
(rule 14) and runs the decision time (rules 21, 31, 32). Each command is a value of
domain/games/semdescarte/commands.py, one transaction on the writer; errors name the field and the rule.
"""

from __future__ import annotations

from typing import Annotated, Any
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
from api.games.semdescarte.schemas import (
    AnteCreate,
    DealRequest,
    DecisionCreate,
    ForcedDeckCreate,
    InterruptionCreate,
    SeatLeave,
    SeatTake,
    TableCreate,
)
from api.ledger_access import fresh_engine, run
from api.routes.responses import errors
from api.schemas import JogadaIdPath
from domain.games.semdescarte import commands as sd
from domain.games.semdescarte.config import pt_rule, sd_rule
from domain.games.semdescarte.game import GAME as SD_GAME
from domain.kernel.errors import InvalidInputError, NotFoundError, RuleViolationError
from infra.services import jogada_views

router = APIRouter(prefix="/semdescarte", tags=["póquer sem descarte"])


@router.post("/tables", status_code=201, responses=errors(401, 403, 409, 422, 503))
async def create_table(body: TableCreate, ledger: LedgerDep,
                       caller: OperatorCaller) -> dict[str, Any]:
    """Create a table (rules 4–6, 14–18, 21, 31; Portaria r3, r8, r10). With a jackpot, the
    house funds its starting value at once."""
    return await run(ledger, sd.CreateTable(
        table_id=str(uuid4()), name=body.name,
        config=body.config.model_dump(exclude_none=True), actor=caller.actor))


@router.get("/tables/{table_id}", responses=errors(401, 403, 404, 422, 503))
async def read_table(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The table: its configuration (what the player must be shown, rule 38), seats, its
    ``status`` (the open jogada's phase, or ``no_jogada``) and the open jogada's deadlines.
    Staff see who holds each seat; a player sees which seats are taken and only its own
    player and session id."""
    return await run(ledger, sd.DescribeTable(table_id=str(table_id),
                                              player_id=caller.player_or_none()))


@router.post("/tables/{table_id}/seats", status_code=201, responses=errors(401, 403, 404, 409, 422, 503))
async def take_seat(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
              body: Annotated[SeatTake | None, Body()] = None) -> dict[str, Any]:
    """Sit at the table; the player needs an open game session at the table's ``venue_id``
    (POST /sessions with the table's ``game``). No body: the player's own seat 1 at an
    individual table. A seat held by a session that has ended is free."""
    body = body or SeatTake()
    return await run(ledger, sd.Sit(table_id=str(table_id),
                                    player_id=str(caller.player_acted_for(body.player_id)),
                                    seat=body.seat, actor=caller.actor))


@router.post("/tables/{table_id}/seats/leave", responses=errors(401, 403, 404, 409, 422, 503))
async def leave_seat(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
               body: Annotated[SeatLeave | None, Body()] = None) -> dict[str, Any]:
    """Leave the seat (no body: the calling player's own). Ending the game session also frees
    it (after the jogada the player has a bet in, rule 2e)."""
    body = body or SeatLeave()
    return await run(ledger, sd.Leave(table_id=str(table_id),
                                      player_id=str(caller.player_acted_for(body.player_id)),
                                      actor=caller.actor))


@router.post("/tables/{table_id}/antes", status_code=201,
             responses=errors(401, 403, 404, 409, 422, 503))
async def place_ante(table_id: UUID, body: AnteCreate, ledger: LedgerDep,
               caller: PlayerCaller) -> dict[str, Any]:
    """Bet the ante (rules 2a, 16–18) and, at a table with a jackpot, the side bet (Portaria
    r3). 3 × ante is held so that "continue" is always possible (A8). Idempotent by key.
    ``forced_deck``: certification mode only, with the ante that opens the jogada."""
    return await run(ledger, sd.PlaceAnte(
        table_id=str(table_id), player_id=str(caller.id), ante_cents=body.ante_cents,
        jackpot_bet_cents=body.jackpot_bet_cents, idempotency_key=body.idempotency_key,
        actor=caller.actor, forced_deck=body.forced_deck))


@router.post("/tables/{table_id}/deal", responses=errors(401, 403, 404, 409, 422, 503))
async def deal(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
         body: Annotated[DealRequest | None, Body()] = None) -> dict[str, Any]:
    """Deal (rule 19): on an individual table the player who bet starts it (rule 15); on a
    multi-seat table an operator may deal once the betting period is over (rule 14), which the
    table's clock also does. ``forced_deck``: certification mode only (without it, a deck
    forced with the opening ante or POST .../forced-deck is used). No body: the defaults."""
    body = body or DealRequest()
    return await run(ledger, sd.Deal(table_id=str(table_id), player_id=caller.player_or_none(),
                                     forced_deck=body.forced_deck, actor=caller.actor))


@router.post("/tables/{table_id}/forced-deck", responses=errors(401, 403, 404, 409, 422, 503))
async def set_forced_deck(table_id: UUID, body: ForcedDeckCreate, ledger: LedgerDep,
                    caller: OperatorCaller) -> dict[str, Any]:
    """Certification mode only: the deck the open jogada will be dealt from, set during its
    betting period (rule 14) so that the table's clock deals it; recorded (``DeckForced``)
    and shown by the replay. Refused with 409 outside certification mode
    (``certification_mode_off``), with no jogada open, or after the betting period
    (``betting_closed``, rule 14); with 422 a deck that cannot serve every seat of the table
    (1 + 5 × (seats + 1) cards, rule 19)."""
    return await run(ledger, sd.SetForcedDeck(table_id=str(table_id),
                                              forced_deck=body.forced_deck, actor=caller.actor))


@router.post("/tables/{table_id}/decisions", responses=errors(401, 403, 404, 409, 422, 503))
async def decide(table_id: UUID, body: DecisionCreate, ledger: LedgerDep,
           caller: PlayerCaller) -> dict[str, Any]:
    """Fold (the ante is lost, rule 22) or continue (the bet is 2 × ante, rule 23), within the
    decision time (rules 21, 31, 32)."""
    return await run(ledger, sd.Decide(table_id=str(table_id), jogada_id=body.jogada_id,
                                       player_id=str(caller.id), decision=body.decision,
                                       actor=caller.actor))


@router.get("/tables/{table_id}/view", responses=errors(401, 403, 404, 422, 503))
async def view(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The open jogada as the caller may see it: a player its own cards and the bank's open
    card (rule 19c) with its options (rule 30); staff see no hole cards here (use the replay)."""
    return await run(ledger, sd.ViewTable(table_id=str(table_id),
                                          player_id=caller.player_or_none()))


@router.post("/tables/{table_id}/tick", responses=errors(401, 403, 404, 503))
async def tick(table_id: UUID, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    """Run the table's clock now (the background clock does it every second)."""
    done = await run(ledger, sd.TickTable(table_id=str(table_id)))
    return {"table_id": str(table_id), "done": done}


@router.post("/tables/{table_id}/interruptions", responses=errors(401, 403, 404, 409, 422, 503))
async def interrupt(table_id: UUID, body: InterruptionCreate, ledger: LedgerDep,
              caller: OperatorCaller) -> dict[str, Any]:
    """A fault of the system voids the jogada and returns every bet (rule 33); a fault of a
    player's equipment counts as a fold before the second bet (rules 34, 35) and changes
    nothing after it (rule 36)."""
    if body.kind == "system_fault":
        return await run(ledger, sd.VoidJogada(table_id=str(table_id), reason=body.reason,
                                               actor=caller.actor))
    if body.player_id is None:
        raise InvalidInputError("player_id is required for a player_equipment interruption",
                                field="player_id", rule=sd_rule(34))
    return await run(ledger, sd.ConnectionLost(table_id=str(table_id),
                                               player_id=str(body.player_id), actor=caller.actor))


@router.get("/tables/{table_id}/jackpot", responses=errors(401, 403, 404, 409, 422, 503))
def jackpot(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The live jackpot value (a projection of the `jackpot:<table>` account), readable at any
    time (Portaria 461/2001 r3, r10)."""
    return jackpot_value(ledger, table_id, fresh_engine(ledger))


def jackpot_value(ledger: Any, table_id: UUID | str, engine: Any) -> dict[str, Any]:
    # A table without the module (A11): 409, as for a side bet at it, not a 404 that reads as
    # "no such table".
    found = jogada_views.jackpot_balance(
        ledger, f"jackpot:{table_id}", engine, venue=sd.DescribeTable(table_id=str(table_id)),
        missing=RuleViolationError(f"table {table_id} has no jackpot", field="table_id",
                                   rule=pt_rule("3"), code="no_jackpot"))
    return {"table_id": str(table_id), "jackpot_cents": found["balance_cents"],
            "as_of_position": found["as_of_position"], "updated_at": found["updated_at"],
            "last_change_position": found["last_change_position"]}


@router.get("/jogadas/{jogada_id}/replay", responses=errors(401, 403, 404, 409, 422, 503))
def replay(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """Every event of an ended jogada in order, each with the state it led to (cards, bets,
    decisions, settlement, money), and the RNG check: the revealed seed re-derives the dealt
    cards (903-B 6.3.4(2), 6.7.2(4)). An open jogada is not shown: its hidden cards are."""
    return jogada_views.require_ended(
        jogada_views.replay(ledger, jogada_id, fresh_engine(ledger), game=SD_GAME))


@router.get("/players/{player_id}/last-jogada", responses=errors(401, 403, 404, 422, 503))
def last_jogada(player_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict[str, Any]:
    """The result of the player's last jogada and the amounts bet (rule 37): its own cards,
    the bank's, the decision, what was returned, won or lost."""
    caller.require_player_access(player_id)
    for jogada in jogada_views.last_jogadas(ledger, SD_GAME, player_id, fresh_engine(ledger), 1):
        return jogada
    raise NotFoundError(f"player {player_id} has no ended póquer sem descarte jogada",
                        field="player_id", rule=sd_rule(37))
