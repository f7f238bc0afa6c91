"""One router per resource; ``api_router`` includes them all (api/main.py mounts it)."""

from __future__ import annotations

from fastapi import APIRouter

from api.routes import health, players, reports, rulesets, sessions, staff, wallet

api_router = APIRouter()
api_router.include_router(players.router)
api_router.include_router(wallet.router)
api_router.include_router(staff.router)
api_router.include_router(reports.router)
api_router.include_router(sessions.router)
api_router.include_router(rulesets.router)
api_router.include_router(health.router)
