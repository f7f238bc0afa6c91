"""Players and game sessions at a roulette wheel (r4, r5, r29–r31; A60): the venue of a
wheel, joining and leaving, which session a bet is made from, and what ending a session does.

A player is at a wheel with the game session it joined with (``PlayerJoined``; a first bet
joins too, r5). At a multi-player wheel being there counts: each jogada closed without a bet of
the player counts towards the inactivity invitation and warning (r30b, r31; spin.py). When the
session ends (the player, an operator, the inactivity procedure), the player leaves the wheel
(``PlayerLeft``, reason ``session_ended``) in the same transaction; with bets in the open
jogada of a multi-player wheel it stays until the spin settles them (r16: the bets stand). At
an individual wheel bets not yet launched are refunded when the session ends (A60; r23 by
analogy), so they are never "in play" for ``bet_in_play``: the player may end the session and
the end gives them back.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette import stakes
from domain.games.roulette.config import INDIVIDUAL
from domain.games.roulette.inactivity import ROULETTE_INDIVIDUAL, ROULETTE_MULTI
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.games.roulette.wheel import SESSION_ENDED, RouletteWheel
from domain.kernel.errors import ConflictError
from domain.kernel.text import check_uuid
from domain.kernel.uow import UnitOfWork
from domain.sessions.commands import find_open_session, venue_target
from domain.sessions.session import GameSession

_VENUE_PREFIX = "roulette:"
REFUND_RULE = f"{a_rule(60)}; {rf_rule(23)} by analogy; 903-B 6.3.2(4)"


def venue_of(wheel_id: UUID | str) -> str:
    return f"{_VENUE_PREFIX}{wheel_id}"


def wheel_of(venue_id: str) -> UUID | None:
    return venue_target(_VENUE_PREFIX, venue_id)


def game_kind(config: dict[str, Any]) -> str:
    return ROULETTE_INDIVIDUAL if config["kind"] == INDIVIDUAL else ROULETTE_MULTI


def get_wheel(uow: UnitOfWork, wheel_id: UUID | str) -> RouletteWheel:
    return uow.get(check_uuid(wheel_id, "wheel_id"), RouletteWheel, what=f"wheel {wheel_id}",
                   field="wheel_id")


def wheel_at(uow: UnitOfWork, venue_id: str) -> RouletteWheel | None:
    wheel_id = wheel_of(venue_id)
    return None if wheel_id is None else uow.find(wheel_id, RouletteWheel)


def open_session(uow: UnitOfWork, wheel: RouletteWheel, player_id: str) -> GameSession:
    """The player's open game session at the wheel's venue, of the wheel's kind, accepting
    bets (r29: the player starts it; r30, r31: not ended for inactivity)."""
    session = find_open_session(uow, player_id, wheel.venue_id)
    if session is None:
        raise ConflictError("start a game session at this wheel first (venue_id "
                            f"{wheel.venue_id})", field="session_id", rule=rf_rule(29))
    if session.game != game_kind(wheel.config_data):
        raise ConflictError(f"the session is for {session.game}, this wheel is "
                            f"{game_kind(wheel.config_data)}", field="session_id",
                            rule=rf_rule(4))
    session.check_accepting(uow.at)
    return session


def _session_gone(uow: UnitOfWork, session_id: str) -> bool:
    session = uow.find(UUID(session_id), GameSession)
    return session is None or session.ended or session.inactivity_end_due(uow.at)


def stale_players(uow: UnitOfWork, wheel: RouletteWheel) -> list[str]:
    """Players whose session is over, with no bet in the open jogada: their place is free."""
    betting = set(wheel.bettors()) if wheel.jogada is not None else set()
    return [pid for pid, sid in sorted(wheel.players.items())
            if pid not in betting and _session_gone(uow, sid)]


def free_gone_players(uow: UnitOfWork, wheel: RouletteWheel, actor: str) -> list[str]:
    freed = stale_players(uow, wheel)
    for pid in freed:
        wheel.leave(pid, reason=SESSION_ENDED, actor=actor, at=uow.at)
    return freed


def join(uow: UnitOfWork, *, wheel_id: UUID | str, player_id: UUID | str,
         actor: str) -> dict[str, Any]:
    """r5: a player with an open session at the wheel is at it (an individual wheel holds one
    player at a time, r4)."""
    wheel = get_wheel(uow, wheel_id)
    pid = str(check_uuid(player_id, "player_id"))
    session = open_session(uow, wheel, pid)
    joined = wheel.join(pid, str(session.id), stale=stale_players(uow, wheel), actor=actor,
                        at=uow.at)
    return {"wheel_id": str(wheel.id), "player_id": pid, "session_id": str(session.id),
            "joined": joined}


def leave(uow: UnitOfWork, *, wheel_id: UUID | str, player_id: UUID | str,
          actor: str) -> dict[str, Any]:
    wheel = get_wheel(uow, wheel_id)
    pid = str(check_uuid(player_id, "player_id"))
    wheel.leave(pid, actor=actor, at=uow.at)
    return {"wheel_id": str(wheel.id), "player_id": pid, "left": True}


def bet_in_play(uow: UnitOfWork, session: GameSession) -> tuple[str, str] | None:
    """The open jogada of a multi-player wheel in which the session has bets (r3, r16: the
    statement covers it). An individual wheel's bets before the launch are not in play: the
    end of the session refunds them (A60)."""
    wheel = wheel_at(uow, session.venue_id)
    if wheel is None or wheel.jogada is None or wheel.individual:
        return None
    if wheel.session_has_bets(str(session.id)):
        return wheel.jogada["jogada_id"], rf_rule(3, 16)
    return None


def session_ended(uow: UnitOfWork, session: GameSession, actor: str) -> dict[str, Any]:
    """Called in the transaction that ends the session. Individual wheel: its bets never
    launched refunded (``JogadaCancelled`` "session_ended", A60); multi-player: its bets stand
    (the spin comes). The player leaves the wheel now, or, with bets still in play, after the
    spin."""
    wheel = wheel_at(uow, session.venue_id)
    if wheel is None:
        return {}
    sid = str(session.id)
    done: dict[str, Any] = {}
    if wheel.individual and wheel.jogada is not None and wheel.session_has_bets(sid):
        jid = wheel.jogada["jogada_id"]
        refunds = stakes.give_all_back(uow, wheel, "refund", actor)
        wheel.refund(reason=SESSION_ENDED, refunds=refunds, rule=REFUND_RULE, actor=actor,
                     at=uow.at)
        done["refunded"] = jid
    pid = session.player_id
    if wheel.players.get(pid) == sid and not wheel.live_slips(pid):
        wheel.leave(pid, reason=SESSION_ENDED, actor=actor, at=uow.at)
        done["left"] = True
    return done
