"""French roulette: the spin, in one command and one transaction (r16–r21; A53, A58, A70;
903-B 6.7.5), and its money.

``BettingClosed`` ("jogo feito nada mais": the window's end at a multi-player wheel, r16, or
the player's launch at an individual one, r17) → ``RngCommitted`` (the number drawn from the
command's seed, or forced in certification mode, before any result) → ``BallLanded`` (r18) →
per player, in player id order, ``BetsSettled``: each slip's hold posted to the house (r19: the
losing chips collected), then what the winning bets give back, stakes included (r14: the
stake stays the player's), paid by the house in one transfer (``{jogada}:{player}:return``)
and on the statement (r28) → ``JogadaSettled`` (the recent results, r6e, A56) →
``RngRevealed``. Then, at a multi-player wheel, every session at the wheel without a bet in the
jogada counts one jogada without a bet (r30b, r31), and players whose session ended leave.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette import players, stakes
from domain.games.roulette.rule_book import rf_rule
from domain.games.roulette.views import player_view
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel import certification
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.sessions.commands import record_game_win
from domain.sessions.session import GameSession

WON = "won"


def launch(uow: UnitOfWork, *, wheel_id: UUID | str, player_id: UUID | str | None,
           actor: str, forced_number: int | None = None, seed: bytes | None = None,
           certification_mode: bool = False) -> dict[str, Any]:
    """r17: at an individual wheel the player with bets launches the ball."""
    wheel = players.get_wheel(uow, wheel_id)
    pid = None if player_id is None else str(check_uuid(player_id, "player_id"))
    wheel.check_launch(pid)
    spin(uow, wheel, seed=seed, forced_number=forced_number,
         certification_mode=certification_mode, rule=rf_rule(17), actor=actor)
    return player_view(uow, wheel, pid)


def spin(uow: UnitOfWork, wheel: RouletteWheel, *, seed: bytes | None,
         forced_number: int | None, certification_mode: bool, rule: str,
         actor: str) -> dict[str, Any]:
    """The spin of the open jogada (its guards checked by the caller). Returns the
    ``JogadaSettled`` facts."""
    jogada = wheel.open_jogada()
    jid = jogada["jogada_id"]
    if forced_number is not None:
        forced_number = certification.check_forced_number(
            forced_number, certification_mode=certification_mode)
    else:
        forced_number = jogada["forced_number"]
    wheel.close_betting(rule=rule, actor=actor, at=uow.at)
    wheel.commit_number(jid, seed, forced_number=forced_number,
                        certification_mode=certification_mode, actor=actor, at=uow.at)
    wheel.land(actor=actor, at=uow.at)
    for pid in wheel.bettors():
        slips = wheel.live_slips(pid)
        facts = wheel.settle_player(pid, actor=actor, at=uow.at)
        _pay(uow, jid, pid, slips, facts, actor)
    ended = wheel.finish(actor=actor, at=uow.at)
    if not wheel.individual:
        _count_idle(uow, wheel, jogada, actor)
    players.free_gone_players(uow, wheel, actor)
    return ended


def _pay(uow: UnitOfWork, jid: str, pid: str, slips: list[dict[str, Any]],
         facts: dict[str, Any], actor: str) -> None:
    """r19: every slip's stake collected by the house, then the winning bets paid back."""
    player = UUID(pid)
    for slip, settled in zip(slips, facts["slips"]):
        back = sum(b["returned_cents"] for b in settled["bets"])
        wallets.post_stake(uow, player_id=player,
                           transfer_id=stakes.hold_id(jid, pid, slip["slip"]),
                           reason="bet" if back else "lost", actor=actor)
    returned = facts["returned_cents"]
    if returned:
        wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=wallet_code(player),
                                 transfer_id=stakes.return_id(jid, pid),
                                 amount_cents=returned, reason=WON,
                                 refs={"jogada_id": jid, "rule": facts["rule"]}, actor=actor)
    by_session: dict[str, int] = {}
    for settled in facts["slips"]:
        back = sum(b["returned_cents"] for b in settled["bets"])
        by_session[settled["session_id"]] = by_session.get(settled["session_id"], 0) + back
    for session_id, back in by_session.items():
        record_game_win(uow, session_id, jid, back, WON, actor)  # r28


def _count_idle(uow: UnitOfWork, wheel: RouletteWheel, jogada: dict[str, Any],
                actor: str) -> None:
    """r30b, r31: a player at a multi-player wheel whose session bet nothing in the jogada
    counts one jogada without a bet (the fifth in a row brings the invitation and warning,
    the next the end)."""
    bettors = {s["session_id"] for s in jogada["slips"].values() if not s["withdrawn"]}
    for _pid, sid in sorted(wheel.players.items()):
        if sid in bettors:
            continue
        session = uow.find(UUID(sid), GameSession)
        if session is not None and not session.ended and \
                not session.inactivity_end_due(uow.at):
            session.record_jogada_without_bet(jogada["jogada_id"], actor=actor, at=uow.at)
