"""One router per resource; api/main.py includes each of them in the app directly (a router of
routers costs every request a second round of route matching: ~15 % of a request here).
Each registered game's router is the ``router`` of ``api/games/<game name>.py`` or of
``api/games/<game name>/routes.py``, or, for a game defined outside the package (LEDGER_GAMES),
its own package's ``routes.router`` (or the ``router`` of the module ``Game.package`` names)."""

from __future__ import annotations

from importlib import import_module

from fastapi import APIRouter

from api.routes import (
    audit,
    bootstrap,
    complaints,
    corrections,
    health,
    jogadas,
    listings,
    metrics,
    players,
    reports,
    rulesets,
    sessions,
    significant_events,
    staff,
    wallet,
)
from domain.kernel.game import Game, Games


def game_router(game: Game) -> APIRouter:
    for module in (f"api.games.{game.name}.routes", f"api.games.{game.name}",
                   f"{game.package}.routes", game.package):
        try:
            return import_module(module).router
        except ModuleNotFoundError as missing:
            if not module.startswith(missing.name or "\0"):
                raise
    raise LookupError(f"game {game.name} has no routes (api/games/{game.name}.py)")


def routers(games: Games) -> list[APIRouter]:
    # The money commands first: the router tries routes in order.
    return [wallet.router, players.router, staff.router, reports.router, sessions.router,
            rulesets.router, corrections.router,
            *(game_router(game) for game in games),
            jogadas.router, jogadas.hand_history_router(games), audit.router,
            listings.venues_router(games),
            listings.jogadas_router(games),
            complaints.router, bootstrap.router, significant_events.router, significant_events.significant_events_router(games),
            health.router, metrics.router]
