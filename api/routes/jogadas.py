"""Jogadas as a game-independent resource: an auditor or a complaint handler reads any jogada,
its replay and its re-adjudication without knowing which game it belongs to (903-B 6.3.4(2):
every jogada can be reproduced; the game is found from the jogada's recorded events, through
the Game registry). A game's own replay route, if it has one (``Game.replay_alias``), stays
as an alias. The hand history route exists if a game of the installation has hand histories
(``hand_history_router``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from api.deps import LedgerDep, Reviewer
from api.ledger_access import fresh_engine
from api.routes.responses import errors
from api.schemas import JogadaIdPath
from domain.kernel.game import Games, topic_of
from domain.kernel.text import portable_file_name
from infra.services import jogada_views
from infra.services.adjudication import opening_balances
from projections import listing_queries

router = APIRouter(prefix="/jogadas", tags=["jogadas"])

_MONEY = ("wagered_cents", "won_cents", "refunded_cents", "net_cents")


@router.get("/{jogada_id}", responses=errors(401, 403, 404, 422, 503))
def read_jogada(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """The jogada: its ``game``, its venue, when it started and ended, its ``status``
    (``in_play``, ``settled``, ``void``, ``cancelled``), each player with a stake in it, its
    display name (staff only, as this route is) and its amounts and result (as on the session
    statement), and the totals."""
    engine = fresh_engine(ledger)
    game, events = jogada_views.jogada_events(ledger, jogada_id, engine)  # 404 if none
    rows = listing_queries.jogada_rows(engine, jogada_id)
    venue_id = rows[0]["venue_id"] if rows else None
    if venue_id is None:  # no stake yet: the venue from its own events
        venue_id = game.venue_of(events[0][1].originator_id)
    players = jogada_views.named(engine, [
        {"player_id": r["player_id"], "seat": None if r["seat"] is None else int(r["seat"]),
         "result": r["result"], "prizes": r["prizes"], **{k: r[k] for k in _MONEY}}
        for r in rows])
    ended = [r["ended_at"] for r in rows if r["ended_at"] is not None]
    status = rows[0]["status"] if rows else _status(game, events)
    return {
        "jogada_id": jogada_id, "game": game.name, "title": game.title,
        "venue": {"venue_id": venue_id, "name": rows[0]["venue_name"] if rows else None},
        "started_at": rows[0]["started_at"] if rows else events[0][1].at,
        "ended_at": max(ended) if ended else None,
        "status": status, "players": players,
        "totals": {k: sum(p[k] for p in players) for k in _MONEY},
        "replay_url": f"/jogadas/{jogada_id}/replay",
        "adjudication_url": f"/jogadas/{jogada_id}/adjudication",
    }


def _status(game: Any, events: list[tuple[int, Any]]) -> str:
    return "ended" if any(topic_of(e).endswith(game.ended_topics) for _, e in events) \
        else "in_play"


@router.get("/{jogada_id}/replay", responses=errors(401, 403, 404, 409, 422, 503))
def replay(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """Every event of an ended jogada, of any game, in order, each with the state it led to,
    and the game's checks (the RNG re-derived from the revealed seed; 903-B 6.3.4(2),
    6.7.2(4)). An open jogada is not shown: what it hides is in it (903-B 6.7.5)."""
    game, events = jogada_views.jogada_events(ledger, jogada_id, fresh_engine(ledger))
    return {"game": game.name} | jogada_views.require_ended(game.replay(events))


@router.get("/{jogada_id}/adjudication", responses=errors(401, 403, 404, 409, 422, 503))
def adjudication(jogada_id: JogadaIdPath, ledger: LedgerDep,
                 caller: Reviewer) -> dict[str, Any]:
    """Re-adjudication of an ended jogada: from its recorded events alone, the settlement
    recomputed by its game's rules, compared with the money that was moved (``agrees``, and
    each ``difference`` by account)."""
    game, events = jogada_views.jogada_events(ledger, jogada_id, fresh_engine(ledger))
    jogada_views.require_ended(game.replay(events))
    return {"game": game.name} | game.adjudicate(events, opening_balances(ledger, events))


@router.get("/{jogada_id}/steps", responses=errors(401, 403, 404, 409, 422, 503))
def steps(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """An ended jogada of any game as the replay viewer (``GET /viewer``) draws it, step by
    step (903-B 6.3.4(2)): each recorded event with its notification id and topic, a title,
    the rule it applies and its scene (cards, card grids with the drawn balls marked, balls,
    prizes, facts, text, the money it moved); the jogada's money movements; the RNG check and
    the replay's other checks; and the re-adjudication (as ``/adjudication`` answers it). An
    open jogada is not shown (903-B 6.7.5)."""
    return jogada_views.steps(ledger, jogada_id, fresh_engine(ledger))


def hand_history_router(games: Games) -> APIRouter:
    """``GET /jogadas/{jogada_id}/phh`` if a game of the installation has hand histories
    (``Game.hand_history``), answered in its media type (``Game.hand_history_media_type``)."""
    phh = APIRouter(prefix="/jogadas", tags=["jogadas"])
    types = dict.fromkeys(g.hand_history_media_type or "text/plain" for g in games
                          if g.hand_history is not None)
    if not types:
        return phh

    @phh.get("/{jogada_id}/phh", response_class=Response, responses={
        200: {"content": {t: {"schema": {"type": "string"}} for t in types},
              "description": "The PHH file (TOML): the Poker Hand History standard"},
        **errors(401, 403, 404, 409, 422, 503)})
    def hand_history(jogada_id: JogadaIdPath, ledger: LedgerDep, caller: Reviewer) -> Response:
        """An ended jogada of a game with hand histories as a PHH file, the Poker Hand
        History standard that pokerkit reads: variant, blinds, starting stacks, every card and
        action, finishing stacks (the caves recorded), the jogada id and the commission (per
        pot layer, A24) as custom fields, its heading comments saying the commission taken;
        amounts in cents (its game's ``hand_history``); the file named ``<venue>_<number>.phh``
        (no ``:`` in a portable file name). 409
        for a jogada still open (903-B 6.7.5), voided (no hand was played to its end), of a
        game without hand histories, or of a table the standard has no variant for."""
        game, text = jogada_views.hand_history_file(ledger, jogada_id, fresh_engine(ledger))
        return Response(text, media_type=game.hand_history_media_type or "text/plain",
                        headers={"Content-Disposition":
                                 f'attachment; filename="{portable_file_name(jogada_id)}.phh"'})

    return phh
