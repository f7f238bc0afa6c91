"""Omaha online (the SRIJ's Omaha rules): the routes shared with the other community-card game
(api/games/community_poker/routes.py), under ``/omaha``."""

from api.games.community_poker.routes import make_router

router = make_router("omaha")
