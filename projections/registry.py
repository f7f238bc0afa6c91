"""Every projection of the service, in the order the runner applies them: each a factory of the
installation's games (domain/kernel/game.py ``Games``, which the composition root gives
``build_projection_runner``); most read the same events whatever the games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel.game import Games

PROJECTIONS: list[Callable[[Games], Any]] = []


def _fixed(cls: type) -> Callable[[Games], Any]:
    return lambda games: cls()


# Money and identity (projections/money.py).
from projections.money import BalancesProjection, JogadaIndexProjection  # noqa: E402
from projections.principals import PrincipalsProjection  # noqa: E402

PROJECTIONS += [_fixed(BalancesProjection), _fixed(PrincipalsProjection),
                _fixed(JogadaIndexProjection)]

# Game sessions: end-of-session statements and the open sessions (projections/sessions.py).
from projections.sessions import SessionStatementsProjection  # noqa: E402

PROJECTIONS += [_fixed(SessionStatementsProjection)]

# The game venues and every player's jogadas, from each game's listing (projections/listings.py).
from projections.listings import JogadasListingProjection  # noqa: E402

PROJECTIONS += [JogadasListingProjection]

# Significant events: the core's and each game's, and the changes of certification mode
# (projections/significant_events.py).
from projections.significant_events import SignificantEventsProjection  # noqa: E402

PROJECTIONS += [SignificantEventsProjection]

# Complaint cases and their timelines (projections/complaints.py; issue 16).
from projections.complaints import ComplaintCasesProjection  # noqa: E402

PROJECTIONS += [_fixed(ComplaintCasesProjection)]
