"""The games of this installation: the built-in ones, one line each, and any more named by
``LEDGER_GAMES`` (modules holding a ``GAME``: how a game defined outside the package, e.g.
under tests/, plugs in). The one place outside the games' own packages that names them
(tests/core/test_core_names_no_game.py). ``load_games`` builds the registry
(domain/kernel/game.py ``Games``) the composition root gives the writer, the API and the
services, and registers the snapshots of each game's long-lived aggregates
(infra/store/eventstore.py)."""

from __future__ import annotations

from importlib import import_module

from domain.kernel.game import Game, Games
from infra.store.eventstore import register_snapshotting

BUILTIN_GAMES = (
    "domain.games.semdescarte.game",  # póquer sem descarte (Reg. 803/2015) and its jackpot
    "domain.games.bingo.game",  # bingo (Reg. 425-A/2015), the four variants
    "domain.games.community_poker.holdem",  # Texas hold'em (Reg. 806/2015)
    "domain.games.community_poker.omaha",  # Omaha: the same engine, Omaha's rule set
    "domain.games.blackjack.game",  # blackjack (Reg. 805/2015)
    "domain.games.roulette.game",  # roleta francesa (Reg. 807/2015)
)


def game_module(path: str) -> Game:
    """``module`` or ``module:ATTRIBUTE`` (default ``GAME``)."""
    module, _, attribute = path.strip().partition(":")
    game = getattr(import_module(module), attribute or "GAME", None)
    if not isinstance(game, Game):
        raise ValueError(f"{path} holds no domain.kernel.game.Game (LEDGER_GAMES)")
    return game


# Imported with this module: every process that builds a ledger (the worker reading the log
# too) resolves every built-in game's event topics.
BUILTIN = tuple(game_module(path) for path in BUILTIN_GAMES)


def builtin_games() -> Games:
    """The built-in games alone (what a module-level model documents: api/session_schemas.py)."""
    return Games(BUILTIN)


def load_games(extra: str | list[str] | tuple[str, ...] = "") -> Games:
    names = [p for p in (extra.split(",") if isinstance(extra, str) else extra) if p.strip()]
    games = Games((*BUILTIN, *(game_module(path) for path in names)))
    for aggregate in games.snapshotted():
        register_snapshotting(aggregate)
    return games
