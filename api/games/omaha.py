"""Omaha online (the SRIJ's Omaha rules): the routes shared with the other community-card game
(api/games/community_poker/routes.py), under ``/omaha``."""

from api.games.community_poker.routes import make_router
from api.games.community_poker.venues import venue_listing as _venue_listing

router = make_router("omaha")
venue_listing = _venue_listing("omaha")  # GET /omaha/tables (api/routes/listings.py)
