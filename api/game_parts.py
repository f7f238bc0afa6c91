"""What a game's API package tells the parts of the API built for every game: its venues'
listing (``venue_listing``: api/listing_schemas.py ``VenueListing``, api/routes/listings.py)
and its venues' rule-set settings (``ruleset_settings``: (the configuration's model, how the
rule-set route describes it), api/session_schemas.py). Looked up by the game's name, as its
router is (api/routes/__init__.py), so the core's API names no game."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from domain.kernel.game import Game


def game_part(game: Game, attribute: str) -> Any | None:
    """``attribute`` of the game's ``api/games/<name>/venues.py`` or ``api/games/<name>.py``,
    or, for a game outside the package (LEDGER_GAMES), of its own package's ``venues`` module.
    None: the game has no such part."""
    for name in (f"api.games.{game.name}.venues", f"api.games.{game.name}",
                 f"{game.package}.venues"):
        try:
            module = import_module(name)
        except ModuleNotFoundError as missing:
            if not name.startswith(missing.name or "\0"):
                raise
            continue
        if hasattr(module, attribute):
            return getattr(module, attribute)
    return None
