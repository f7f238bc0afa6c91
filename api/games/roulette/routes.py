"""French roulette online (Reg. 807/2015).

Operators open wheels, individual or multi-player (r4, r5, r11–r13, r16), read them and their
rules page (r27, 903-B 6.1.6(9)) and handle interruptions (r22–r25); players with an open game
session at the wheel's venue join and leave (r5), place slips of bets on the layout and call
bets (r7–r15, A57–A59), withdraw them and launch the ball at an individual wheel (r17, A60),
see the last winning numbers and their last jogada (r6e, r26, A56). A player acts only for
itself; an operator names the player it acts for. Each command is a value of
domain/games/roulette/commands.py, one transaction on the writer; errors name the field and
the rule.
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
from api.games.roulette.schemas import (
    RfBetsCreate,
    RfConnectionLostCreate,
    RfForcedNumber,
    RfInterruptionCreate,
    RfJoin,
    RfLaunch,
    RfLeave,
    RfWheelCreate,
    RfWithdraw,
)
from api.ledger_access import fresh_engine, run
from api.routes.responses import errors
from api.schemas import JogadaIdPath, whole_numbers
from domain.games.roulette import commands as rf
from domain.games.roulette.rule_book import rf_rule
from domain.kernel.errors import NotFoundError
from infra.services import jogada_views

router = APIRouter(prefix="/roulette", tags=["roulette"])
ERRORS = errors(401, 403, 404, 409, 422, 503)
READS = errors(401, 403, 404, 422, 503)


@router.post("/wheels", status_code=201, responses=errors(401, 403, 409, 422, 503))
async def create_wheel(body: RfWheelCreate, ledger: LedgerDep,
                       caller: OperatorCaller) -> dict[str, Any]:
    """Open a wheel (r4, r5, r8, r11–r13, r16; 903-B 6.1.4; A56, A57, A59): individual or
    multi-player, each chance's minimum and maximum, the call bets offered. A configuration
    outside the text is refused naming the rule."""
    return await run(ledger, rf.CreateWheel(
        wheel_id=str(uuid4()), name=body.name,
        config=body.config.model_dump(exclude_none=True), actor=caller.actor))


@router.get("/wheels/{wheel_id}", responses=READS)
async def read_wheel(wheel_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The wheel: its configuration, the players at it (a player sees only its own id), the
    open jogada (``betting_closes_at``), the last winning numbers and colours (r6e, A56)."""
    return await run(ledger, rf.DescribeWheel(wheel_id=str(wheel_id),
                                              player_id=caller.player_or_none()))


@router.get("/wheels/{wheel_id}/rules", responses=READS)
async def rules_page(wheel_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """r27, 903-B 6.1.6(9): the wheel's rules, each chance's limits and payout (r12, r14),
    each bet's exact return to player (36/37: r21, no la partage), the largest prize per unit
    bet, before and during the session."""
    return await run(ledger, rf.RulesPage(wheel_id=str(wheel_id)))


@router.post("/wheels/{wheel_id}/join", status_code=201, responses=ERRORS)
async def join(wheel_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
               body: Annotated[RfJoin | None, Body()] = None) -> dict[str, Any]:
    """At the wheel (r5): the player needs an open game session at its ``venue_id`` (POST
    /sessions with the wheel's ``game``); an individual wheel holds one player at a time."""
    body = body or RfJoin()
    return await run(ledger, rf.Join(wheel_id=str(wheel_id),
                                     player_id=str(caller.player_acted_for(body.player_id)),
                                     actor=caller.actor))


@router.post("/wheels/{wheel_id}/leave", responses=ERRORS)
async def leave(wheel_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
                body: Annotated[RfLeave | None, Body()] = None) -> dict[str, Any]:
    """Leave the wheel (no body: the caller itself); bets placed stay in the jogada."""
    body = body or RfLeave()
    return await run(ledger, rf.Leave(wheel_id=str(wheel_id),
                                      player_id=str(caller.player_acted_for(body.player_id)),
                                      actor=caller.actor))


@router.post("/wheels/{wheel_id}/bets", status_code=201, responses=ERRORS)
async def place_bets(wheel_id: UUID, body: RfBetsCreate, ledger: LedgerDep,
                     caller: PlayerOrOperator) -> dict[str, Any]:
    """A slip of chance and call bets (r7–r15, A57–A59), all booked or none, held from the
    wallet; at a multi-player wheel the first slip opens the window for everyone ("façam as
    vossas apostas", r16) and a slip after it closes is refused. Idempotent by key.
    ``forced_number``: certification mode only."""
    return await run(ledger, rf.PlaceBets(
        wheel_id=str(wheel_id), player_id=str(caller.player_acted_for(body.player_id)),
        bets=whole_numbers(body.bets), idempotency_key=body.idempotency_key,
        actor=caller.actor, forced_number=body.forced_number))


@router.post("/wheels/{wheel_id}/withdraw", responses=ERRORS)
async def withdraw(wheel_id: UUID, body: RfWithdraw, ledger: LedgerDep,
                   caller: PlayerCaller) -> dict[str, Any]:
    """A60: at an individual wheel, before the launch, a slip (or every slip) withdrawn and
    its stake returned, no fee. Idempotent by key."""
    return await run(ledger, rf.WithdrawBets(
        wheel_id=str(wheel_id), player_id=str(caller.id), slip=body.slip,
        idempotency_key=body.idempotency_key, actor=caller.actor))


@router.post("/wheels/{wheel_id}/launch", responses=ERRORS)
async def launch(wheel_id: UUID, ledger: LedgerDep, caller: PlayerOrOperator,
                 body: Annotated[RfLaunch | None, Body()] = None) -> dict[str, Any]:
    """r17: at an individual wheel the player launches the ball once its bets are placed
    ("jogo feito nada mais"); the number is drawn, committed and applied at once, every bet
    settled (r14, r18–r21; 903-B 6.7.5)."""
    body = body or RfLaunch()
    return await run(ledger, rf.Launch(wheel_id=str(wheel_id), player_id=caller.player_or_none(),
                                       forced_number=body.forced_number, actor=caller.actor))


@router.post("/wheels/{wheel_id}/forced-number", responses=ERRORS)
async def set_forced_number(wheel_id: UUID, body: RfForcedNumber, ledger: LedgerDep,
                            caller: OperatorCaller) -> dict[str, Any]:
    """Certification mode only: the number the open jogada's spin gives, set in its betting
    window; recorded (``NumberForced``)."""
    return await run(ledger, rf.SetForcedNumber(wheel_id=str(wheel_id),
                                                forced_number=body.forced_number,
                                                actor=caller.actor))


@router.get("/wheels/{wheel_id}/view", responses=READS)
async def view(wheel_id: UUID, ledger: LedgerDep, caller: Anyone) -> dict[str, Any]:
    """The wheel as the caller may see it: the open jogada (its window's close), the caller's
    own bets (staff see all), the last winning numbers and colours (r6e, A56) and the caller's
    last jogada, its result and the amounts bet (r26)."""
    return await run(ledger, rf.ViewWheel(wheel_id=str(wheel_id),
                                          player_id=caller.player_or_none()))


@router.post("/wheels/{wheel_id}/tick", responses=errors(401, 403, 404, 503))
async def tick(wheel_id: UUID, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    """Run the wheel's clock now (the background clock does it every second): a multi-player
    window's close and the spin (r16)."""
    done = await run(ledger, rf.TickWheel(wheel_id=str(wheel_id)))
    return {"wheel_id": str(wheel_id), "done": done}


@router.post("/wheels/{wheel_id}/interruptions", responses=ERRORS)
async def interrupt(wheel_id: UUID, ledger: LedgerDep, caller: OperatorCaller,
                    body: Annotated[RfInterruptionCreate | None, Body()] = None
                    ) -> dict[str, Any]:
    """A fault of the system with no valid number (r22): the open jogada is void and every
    bet returned (r23, A62)."""
    body = body or RfInterruptionCreate()
    return await run(ledger, rf.VoidJogada(wheel_id=str(wheel_id), reason=body.reason,
                                           actor=caller.actor))


@router.post("/wheels/{wheel_id}/connection-lost", responses=ERRORS)
async def connection_lost(wheel_id: UUID, body: RfConnectionLostCreate, ledger: LedgerDep,
                          caller: OperatorCaller) -> dict[str, Any]:
    """The player's connection or equipment failed (r24, r25): recorded, never a void; the
    bets placed stand and are settled by the spin."""
    return await run(ledger, rf.ConnectionLost(wheel_id=str(wheel_id),
                                               player_id=str(body.player_id), actor=caller.actor))


@router.get("/players/{player_id}/last-jogada", responses=READS)
def last_jogada(player_id: UUID, ledger: LedgerDep, caller: AccountReader) -> dict[str, Any]:
    """r26: the player's last ended jogada: the winning number, the amounts bet and what
    each bet returned."""
    caller.require_player_access(player_id)
    game = ledger.games.get("roulette")
    for jogada in jogada_views.last_jogadas(ledger, game, player_id, fresh_engine(ledger), 1):
        return jogada
    raise NotFoundError(f"player {player_id} has no ended roulette jogada",
                        field="player_id", rule=rf_rule(26))


@router.get("/jogadas/{jogada_id}/replay", responses=errors(401, 403, 404, 409, 422, 503))
def replay(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """Every event of an ended jogada in order, each with the state it led to (bets, the
    number, settlement, money), and the RNG check: the revealed seed re-derives the number
    (903-B 6.3.4(2), 6.7.2(4)). An open jogada is not shown."""
    return jogada_views.require_ended(jogada_views.replay(
        ledger, jogada_id, fresh_engine(ledger), game=ledger.games.get("roulette")))
