"""Texas hold'em (Reg. 806/2015): the routes shared with the other community-card game
(api/games/community_poker/routes.py), under ``/holdem``."""

from api.games.community_poker.routes import make_router

router = make_router("holdem")
