"""Omaha online (the SRIJ's Omaha rules): the routes shared with the other community-card game
(api/routes/community_poker.py), under ``/omaha``."""

from api.routes.community_poker import make_router

router = make_router("omaha")
