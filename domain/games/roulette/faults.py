"""French roulette: interruptions (r22–r25; A60, A62; 903-B 6.3.2).

- A fault of the network or of the player's equipment (r24, r25) is recorded
  (``ConnectionLost``) and never voids the jogada: the bets stand, a win is paid, a loss
  collected. At an individual wheel the bets wait for the player's launch on reconnection
  (A60), up to 90 days (clock.py).
- A fault of the system that leaves no valid winning number voids the jogada (r22): every
  stake comes back (r23) and the message of A62 is recorded ("ocorreu um erro; todos os
  pagamentos e apostas são anulados"). The spin is one transaction, so a jogada is only ever
  void before its number: an operator's interruption during the betting (``VoidJogada``), or a
  complaint's remedy (game.py). Nothing was paid in it, so nothing is reversed.
- At start-up (``recover``), a multi-player jogada whose window passed while the service was
  down is recorded as such (``JogadaRecovered``, 903-B 6.3.2: an incomplete game is completed)
  and left to the clock, whose first tick spins it as any jogada whose window closed, from a
  fresh seed of its own (clock.py): its bets were all placed inside the window. Start-up draws
  no seed. An individual wheel's bets wait for the launch (A60).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette import players, stakes
from domain.games.roulette.registry import REGISTRY_ID, WheelRegistry
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.errors import ConflictError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork

VOID_RULE = f"{rf_rule(22, 23)}, {a_rule(62)}"
ERROR_MESSAGE = "ocorreu um erro; todos os pagamentos e apostas são anulados"  # A62
CONNECTION_RULE = rf_rule(24, 25)
RECOVERY_RULE = cite(T903B, "6.3.2")
LEFT_TO_CLOCK = "left to the clock's next tick"


def connection_lost(uow: UnitOfWork, *, wheel_id: UUID | str, player_id: UUID | str,
                    actor: str) -> dict[str, Any]:
    """r24, r25: recorded; the jogada goes on (A60: at an individual wheel the bets wait for
    the launch)."""
    wheel = players.get_wheel(uow, wheel_id)
    pid = str(check_uuid(player_id, "player_id"))
    if pid not in wheel.players and not wheel.live_slips(pid):
        raise ConflictError(f"player {pid} is not at this wheel", field="player_id")
    jid = wheel.record_connection_lost(pid, rule=CONNECTION_RULE, actor=actor, at=uow.at)
    return {"wheel_id": str(wheel.id), "jogada_id": jid, "effect": "stands",
            "rule": CONNECTION_RULE + (", " + a_rule(60) if wheel.individual else "")}


def void_jogada(uow: UnitOfWork, *, wheel_id: UUID | str, reason: str,
                actor: str) -> dict[str, Any]:
    """r22, r23, A62: the open jogada void, every stake back."""
    check_text(reason, "reason", 200)
    wheel = players.get_wheel(uow, wheel_id)
    jid = wheel.open_jogada()["jogada_id"]
    refunds = stakes.give_all_back(uow, wheel, "void", actor)
    wheel.void(reason=reason, refunds=refunds, message=ERROR_MESSAGE, rule=VOID_RULE,
               actor=actor, at=uow.at)
    players.free_gone_players(uow, wheel, actor)
    return {"wheel_id": str(wheel.id), "jogada_id": jid, "voided": True, "reason": reason,
            "rule": VOID_RULE, "message": ERROR_MESSAGE, "refunds_cents": refunds}


def recover(uow: UnitOfWork, *, actor: str) -> list[str]:
    """At start-up: each multi-player jogada whose window passed while the service was down,
    recorded once (903-B 6.3.2); the clock spins it. Returns the jogada ids."""
    registry = uow.find(REGISTRY_ID, WheelRegistry)
    done = []
    for wheel_id in [] if registry is None else registry.wheel_ids:
        wheel = uow.find(UUID(wheel_id), RouletteWheel)
        jogada = None if wheel is None else wheel.jogada
        if jogada is None or wheel.individual or jogada.get("recovered") \
                or uow.at <= jogada["betting_closes_at"]:
            continue
        wheel.recovered(what=LEFT_TO_CLOCK, rule=RECOVERY_RULE, actor=actor, at=uow.at)
        done.append(jogada["jogada_id"])
    return done
