"""Venues for the game-session tests: a session starts only at a table or room that exists,
of a registered game that plays the session's kind (issue 24: ``Games.require_venue``). Each
is made through the game's own creation command; nothing here writes to the store by itself."""

from __future__ import annotations

from typing import Any

from domain.games.bingo.inactivity import BINGO
from domain.games.community_poker.config import HOLDEM, OMAHA
from domain.games.semdescarte.inactivity import (
    SEM_DESCARTE_INDIVIDUAL,
    SEM_DESCARTE_MULTI,
)
from infra.container import Ledger
from infra.games import builtin_games
from tests.bingo import client as bingo
from tests.bingo.support import config as room_config
from tests.holdem.client import new_table as new_poker_table
from tests.semdescarte import client as sd
from tests.semdescarte.support import individual_config, multi_config
from tests.sessions.conftest import OPERATOR

SD_CONFIGS = {SEM_DESCARTE_INDIVIDUAL: individual_config, SEM_DESCARTE_MULTI: multi_config}


def new_venue(ledger: Ledger, kind: str, name: str = "mesa") -> str:
    """The venue id of a new table or room where sessions of ``kind`` are played."""
    if kind in SD_CONFIGS:
        made: Any = sd.create_table(ledger, name=name, config=SD_CONFIGS[kind](), actor=OPERATOR)
    elif kind == BINGO:
        made = bingo.create_room(ledger, name=name, config=room_config(), actor=OPERATOR)
    elif kind in (HOLDEM, OMAHA):
        made = new_poker_table(ledger, kind, name=name).described
    else:
        raise ValueError(f"no registered game plays {kind}")
    return made["venue_id"]


GAMES = builtin_games()


def policy_for(kind: str, **adjust):
    """A kind's inactivity policy, adjusted as its game's rules allow."""
    return GAMES.policy_for(kind, **adjust)
