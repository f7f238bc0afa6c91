"""Texas hold'em (Reg. 806/2015): the routes shared with the other community-card game
(api/games/community_poker/routes.py), under ``/holdem``."""

from api.games.community_poker.routes import make_router
from api.games.community_poker.venues import venue_listing as _venue_listing

router = make_router("holdem")
venue_listing = _venue_listing("holdem")  # GET /holdem/tables (api/routes/listings.py)
