"""One router per resource; api/main.py includes each of them in the app directly (a router of
routers costs every request a second round of route matching: ~15 % of a request here)."""

from __future__ import annotations

from fastapi import APIRouter

from api.routes import (bingo, bootstrap, corrections, health, listings, metrics, players, reports,
                        rulesets, semdescarte, sessions, staff, wallet)

# The money commands first: the router tries routes in order.
routers: list[APIRouter] = [wallet.router, players.router, staff.router, reports.router,
                            sessions.router, rulesets.router, corrections.router, semdescarte.router,
                            bingo.router, listings.router, bootstrap.router,
                            health.router, metrics.router]
