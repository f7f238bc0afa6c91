"""Every projection of the service, in the order the runner applies them."""

from __future__ import annotations

PROJECTIONS: list = []

# Money and identity (projections/money.py).
from projections.money import BalancesProjection, JogadaIndexProjection  # noqa: E402
from projections.principals import PrincipalsProjection  # noqa: E402

PROJECTIONS += [BalancesProjection, PrincipalsProjection, JogadaIndexProjection]

# Game sessions: end-of-session statements and the open sessions (projections/sessions.py).
from projections.sessions import SessionStatementsProjection  # noqa: E402

PROJECTIONS += [SessionStatementsProjection]

# The game venues and every player's jogadas (projections/listings.py).
from projections.listings import JogadasListingProjection  # noqa: E402

PROJECTIONS += [JogadasListingProjection]
