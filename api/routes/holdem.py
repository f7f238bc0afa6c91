"""Texas hold'em (Reg. 806/2015): the routes shared with the other community-card game
(api/routes/community_poker.py), under ``/holdem``."""

from api.routes.community_poker import make_router

router = make_router("holdem")
