"""One router per resource; api/main.py includes each of them in the app directly (a router of
routers costs every request a second round of route matching: ~15 % of a request here).
Each game's router comes from the registry (``Game.router``, domain/game.py)."""

from __future__ import annotations

from importlib import import_module

from fastapi import APIRouter

from api.routes import (bootstrap, corrections, health, jogadas, listings, metrics, players,
                        reports, rulesets, sessions, staff, wallet)
from domain.game import Games


def game_router(path: str) -> APIRouter:
    """``module:attribute`` of a game's router."""
    module, _, attribute = path.partition(":")
    return getattr(import_module(module), attribute or "router")


def routers(games: Games) -> list[APIRouter]:
    # The money commands first: the router tries routes in order.
    return [wallet.router, players.router, staff.router, reports.router, sessions.router,
            rulesets.router, corrections.router,
            *(game_router(game.router) for game in games),
            jogadas.router, listings.router, listings.jogadas_router(games), bootstrap.router,
            health.router, metrics.router]
