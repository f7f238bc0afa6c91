"""The shape of a game (issue 24): every game's package has the same modules, each holding the
same names, and its ``Game`` (game.py) fills the same slots from them. tests/core/
test_game_shape.py checks every registered game (the built-in ones and the games under tests/)
against it; docs/adding-a-game.md is the page a new game follows.

A package of several games (one engine, two rule sets) has the modules once; a name that
differs per game is then one for all of them (``LISTING_EVENTS``, ``SIGNIFICANT`` cover every
game's venues) and each game's ``Game`` takes its own part, and game.py builds the games that
modules of their own hold (``<package>/<game>.py``: ``GAME``).
"""

from __future__ import annotations

# module of the game's package -> the names it holds (besides its own helpers)
MODULES: dict[str, tuple[str, ...]] = {
    "game": (),  # GAME = Game(...): the object the registry line names
    "commands": (),  # every command type of Game.commands, the @command vocabulary
    "config": ("FIELDS", "check_settings"),  # a venue's configuration fields; a rule set's check
    "registry": ("REGISTRY_ID",),  # the aggregate listing every venue (clock, recovery, metrics)
    "clock": ("tick", "due"),  # the GameClock's tick, and the venues due for one
    "faults": ("void_jogada",),  # a fault of the system voids the jogada (start-up recovery too)
    "views": ("describe", "player_view"),  # what a venue shows its players and the staff
    "replay": ("replay", "player_jogada", "player_copy"),  # every event with the state after it;
    # a player's part; what a player may see of it (domain/kernel/player_copy.py)
    "adjudication": ("adjudicate",),  # the settlement recomputed from the record
    "listing": ("listing", "LISTING_EVENTS"),  # facts for the venues' and jogadas' listing
    "significant": ("SIGNIFICANT",),  # its significant events (GLI-19 §2.8)
    "viewer": ("viewer_steps",),  # the replay viewer's steps
    "rule_book": (),  # its rules' titles (RULE_BOOK, or one per game) and its sources (Source)
    # its offline rules, shipped in bundle_check.pyz (infra/audit/checker/games.py): the
    # standard library only, no import of the project (it runs inside the zip alone)
    "offline": ("GAMES", "MARKERS", "OPENING", "ENDING", "check"),
}
# and the venue aggregate (Game.venue_type) in ``<Game.venue_noun>.py``: table.py, room.py.

# The Game slots every game fills (domain/kernel/game.py); the others are optional: recovery (a
# game whose jogadas complete from their events needs none), replay_alias, venue_rule,
# hand_history (and its media type), session_policy, idle_jogadas_limit, venue_plural.
SLOTS: tuple[str, ...] = (
    "name", "title", "regulation", "venue_noun", "session_kinds", "commands", "venue_type",
    "event_marker", "ended_topics", "package", "bet_in_play", "session_ended", "replay",
    "adjudicate", "check_settings", "settings_fields", "stake_reason", "player_jogada",
    "player_copy",
    "snapshotted", "clock", "open_jogadas", "void_jogada", "listing", "listing_events",
    "viewer_steps", "significant", "policies", "rule_book")

# Where its HTTP surface is (api/routes/__init__.py ``game_router``): api/games/<name>/routes.py
# (request bodies in api/games/<name>/schemas.py), or, for a game outside the package
# (LEDGER_GAMES), <package>/routes.py. The domain never names the API.
ROUTES = ("api/games/{name}/routes.py", "api/games/{name}.py", "{package_path}/routes.py")
