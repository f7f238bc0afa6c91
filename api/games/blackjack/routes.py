"""Blackjack/21 online (Reg. 805/2015).

Operators create tables (r3–r7, r9–r11, r16), read them and their rules page (r32, 903-B
6.1.6(9)) and handle interruptions (r27–r30); players with an open game session at the
table's venue sit and leave (r7, r34), bet (r9–r12, A49), deal at an individual table (r13),
see the open jogada with every option open to them (r24) and decide (r15, r16, r20b, r21–r23,
A46–A51). A player acts only for itself: the player id of a bet or a decision is the caller's.
Each command is a value of domain/games/blackjack/commands.py, one transaction on the writer;
errors name the field and the rule.
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
from api.games.blackjack.schemas import (
    BjBetCreate,
    BjConnectionLostCreate,
    BjDealRequest,
    BjDecisionCreate,
    BjForcedDeckCreate,
    BjInterruptionCreate,
    BjSeatLeave,
    BjSeatTake,
    BjTableCreate,
)
from api.ledger_access import fresh_engine, run
from api.routes.responses import errors
from api.schemas import JogadaIdPath
from domain.games.blackjack import commands as bj
from domain.games.blackjack.rule_book import bj_rule
from domain.kernel.errors import NotFoundError
from infra.services import jogada_views

router = APIRouter(prefix="/blackjack", tags=["blackjack"])
ERRORS = errors(401, 403, 404, 409, 422, 503)


@router.post("/tables", status_code=201, responses=errors(401, 403, 409, 422, 503))
async def create_table(body: BjTableCreate, ledger: LedgerDep,
                       caller: OperatorCaller) -> dict[str, Any]:
    """Open a table (r3–r7, r9–r11, r12, r16; 903-B 6.1.4; A49, A50, A56): individual or
    multi-player, 4, 6 or 8 decks, 1–7 seats, its limits and options. A configuration outside
    the text is refused naming the rule."""
    return await run(ledger, bj.CreateTable(
        table_id=str(uuid4()), name=body.name,
        config=body.config.model_dump(exclude_none=True), actor=caller.actor))


@router.get("/tables/{table_id}", responses=errors(401, 403, 404, 422, 503))
async def read_table(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The table: its configuration, seats, the open jogada's phase and deadlines, the banca's
    recent results (r4c, A56). Staff see who holds each seat; a player sees which seats are
    taken and only its own ids."""
    return await run(ledger, bj.DescribeTable(table_id=str(table_id),
                                              player_id=caller.player_or_none()))


@router.get("/tables/{table_id}/rules", responses=errors(401, 403, 404, 422, 503))
async def rules_page(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """r32, 903-B 6.1.6(9): the table's rules, limits, options, the largest win per unit bet
    and the return to player of its configuration, before and during the session."""
    return await run(ledger, bj.RulesPage(table_id=str(table_id)))


@router.post("/tables/{table_id}/seats", status_code=201, responses=ERRORS)
async def take_seat(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
                    body: Annotated[BjSeatTake | None, Body()] = None) -> dict[str, Any]:
    """Sit (r4a, r7): the player needs an open game session at the table's ``venue_id``
    (POST /sessions with the table's ``game``). No seat: the first free one (seat 1 at an
    individual table); another seat of the same player only where the table allows it (r7)."""
    body = body or BjSeatTake()
    return await run(ledger, bj.Sit(table_id=str(table_id),
                                    player_id=str(caller.player_acted_for(body.player_id)),
                                    seat=body.seat, actor=caller.actor))


@router.post("/tables/{table_id}/seats/leave", responses=ERRORS)
async def leave_seat(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
                     body: Annotated[BjSeatLeave | None, Body()] = None) -> dict[str, Any]:
    """Leave one seat (``seat``) or all of the player's (no body: the caller's own, r34)."""
    body = body or BjSeatLeave()
    return await run(ledger, bj.Leave(table_id=str(table_id),
                                      player_id=str(caller.player_acted_for(body.player_id)),
                                      seat=body.seat, actor=caller.actor))


@router.post("/tables/{table_id}/bets", status_code=201, responses=ERRORS)
async def place_bet(table_id: UUID, body: BjBetCreate, ledger: LedgerDep,
                    caller: PlayerCaller) -> dict[str, Any]:
    """A seat's initial bet (r9–r11, A49), held from the wallet; at a multi-player table the
    first bet opens the betting window for everyone (r12), and a bet after it closes is
    refused. Idempotent by key. ``forced_deck``: certification mode only."""
    return await run(ledger, bj.PlaceBet(
        table_id=str(table_id), player_id=str(caller.id), seat=body.seat,
        amount_cents=body.amount_cents, idempotency_key=body.idempotency_key,
        actor=caller.actor, forced_shoe=body.forced_deck))


@router.post("/tables/{table_id}/deal", responses=ERRORS)
async def deal(table_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
               body: Annotated[BjDealRequest | None, Body()] = None) -> dict[str, Any]:
    """r13: at an individual table the player deals once the bet is placed; at a multi-player
    table the clock deals when the window closes (an operator may deal after it). r14: the
    deal order; the hole card drawn now, face down (A47, 903-B 6.7.5)."""
    body = body or BjDealRequest()
    return await run(ledger, bj.Deal(table_id=str(table_id), player_id=caller.player_or_none(),
                                     forced_shoe=body.forced_deck, actor=caller.actor))


@router.post("/tables/{table_id}/forced-deck", responses=ERRORS)
async def set_forced_deck(table_id: UUID, body: BjForcedDeckCreate, ledger: LedgerDep,
                          caller: OperatorCaller) -> dict[str, Any]:
    """Certification mode only: the shoe's top the open jogada will be dealt from, set in its
    betting window (r12) so that the clock deals it; recorded (``ShoeForced``)."""
    return await run(ledger, bj.SetForcedShoe(table_id=str(table_id),
                                              forced_shoe=body.forced_deck, actor=caller.actor))


@router.get("/tables/{table_id}/view", responses=errors(401, 403, 404, 422, 503))
async def view(table_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The open jogada as the caller may see it (r24): a player its own hands, the banca's up
    card and, for the hand whose turn it is, every option with its cost (one the balance
    cannot cover shown unavailable with the reason, A49); no one sees the hole card before
    the banca plays (r14, r17)."""
    return await run(ledger, bj.ViewTable(table_id=str(table_id),
                                          player_id=caller.player_or_none()))


@router.post("/tables/{table_id}/decisions", responses=ERRORS)
async def decide(table_id: UUID, body: BjDecisionCreate, ledger: LedgerDep,
                 caller: PlayerCaller) -> dict[str, Any]:
    """Hit, stand, double, split, surrender (r15a–e, r16a–c, r21–r23, A46, A48, A50), or at
    the deal against an up ace insurance (``amount_cents``), no insurance, even money or no
    even money (r15f, r20b, A51), on one hand of one of the caller's seats. Idempotent by key."""
    return await run(ledger, bj.Decide(
        table_id=str(table_id), jogada_id=body.jogada_id, player_id=str(caller.id),
        seat=body.seat, hand=body.hand, decision=body.decision,
        idempotency_key=body.idempotency_key, actor=caller.actor,
        amount_cents=body.amount_cents))


@router.post("/tables/{table_id}/tick", responses=errors(401, 403, 404, 503))
async def tick(table_id: UUID, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    """Run the table's clock now (the background clock does it every second): the betting
    window's close and the deal (r12), the decision time's default play (A55)."""
    done = await run(ledger, bj.TickTable(table_id=str(table_id)))
    return {"table_id": str(table_id), "done": done}


@router.post("/tables/{table_id}/interruptions", responses=ERRORS)
async def interrupt(table_id: UUID, ledger: LedgerDep, caller: OperatorCaller,
                    body: Annotated[BjInterruptionCreate | None, Body()] = None) -> dict[str, Any]:
    """A fault of the system that leaves the outcome undeterminable (r27): the jogada is void
    and every bet returned (r28, A62)."""
    body = body or BjInterruptionCreate()
    return await run(ledger, bj.VoidJogada(table_id=str(table_id), reason=body.reason,
                                           actor=caller.actor))


@router.post("/tables/{table_id}/connection-lost", responses=ERRORS)
async def connection_lost(table_id: UUID, body: BjConnectionLostCreate, ledger: LedgerDep,
                          caller: OperatorCaller) -> dict[str, Any]:
    """The player's connection or equipment failed (r29, r30): recorded, never a void; at an
    individual table the hand waits (903-B 6.3.2), at a multi-player table the clock plays
    the default (A55)."""
    return await run(ledger, bj.ConnectionLost(table_id=str(table_id),
                                               player_id=str(body.player_id), actor=caller.actor))


@router.get("/players/{player_id}/last-jogada", responses=errors(401, 403, 404, 422, 503))
def last_jogada(player_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict[str, Any]:
    """r31: the player's last ended jogada: its hands, the banca's, the amounts bet and the
    result of each hand."""
    caller.require_player_access(player_id)
    game = ledger.games.get("blackjack")
    for jogada in jogada_views.last_jogadas(ledger, game, player_id, fresh_engine(ledger), 1):
        return jogada
    raise NotFoundError(f"player {player_id} has no ended blackjack jogada",
                        field="player_id", rule=bj_rule(31))


@router.get("/jogadas/{jogada_id}/replay", responses=errors(401, 403, 404, 409, 422, 503))
def replay(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """Every event of an ended jogada in order, each with the state it led to (cards, bets,
    decisions, settlement, money), and the RNG check: the revealed seed re-derives the shoe
    (903-B 6.3.4(2), 6.7.2(4)). An open jogada is not shown: its hole card is."""
    return jogada_views.require_ended(jogada_views.replay(
        ledger, jogada_id, fresh_engine(ledger), game=ledger.games.get("blackjack")))
