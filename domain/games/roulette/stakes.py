"""The money of a roulette jogada's stakes (RF-SPEC "Money"), in the caller's transaction:
each slip's stake is held from the wallet towards the house (``{jogada}:{player}:slip{n}``,
betting.py); a withdrawal (A60), a void (r22, r23) or a refund of bets never launched (A60)
gives it back by voiding the hold, and the session's statement shows it refunded (r28), so
that wagered − refunded is what the player really risked."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.sessions.commands import record_game_win
from domain.sessions.session import REFUND


def hold_id(jogada_id: str, player_id: str, slip: int) -> str:
    return f"{jogada_id}:{player_id}:slip{slip}"


def return_id(jogada_id: str, player_id: str) -> str:
    return f"{jogada_id}:{player_id}:return"


def give_back(uow: UnitOfWork, jogada_id: str, slips: list[dict[str, Any]],
              reason: str, actor: str) -> dict[str, int]:
    """Each slip's hold voided (its stake back in the wallet) and the refund on the statement
    of the session it was bet from. Returns {player id: cents given back}."""
    refunds: dict[str, int] = {}
    for s in slips:
        pid = s["player_id"]
        wallets.void_stake(uow, player_id=UUID(pid),
                           transfer_id=hold_id(jogada_id, pid, s["slip"]), reason=reason,
                           actor=actor)
        record_game_win(uow, s["session_id"], jogada_id, s["amount_cents"], REFUND, actor)
        refunds[pid] = refunds.get(pid, 0) + s["amount_cents"]
    return dict(sorted(refunds.items()))


def give_all_back(uow: UnitOfWork, wheel: RouletteWheel, reason: str,
                  actor: str) -> dict[str, int]:
    """Every live stake of the open jogada back (r23; A60)."""
    return give_back(uow, wheel.open_jogada()["jogada_id"], wheel.live_slips(), reason, actor)
