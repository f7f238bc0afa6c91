"""What a rule-set version of a venue may hold: a configuration of the venue's game, checked by
that game's own rules (903-B 6.1.5(2)(3): the settings a jogada runs under; 903-B 7.9.1: input
is validated before it is kept).

A venue id names its game: ``<game>:<target id>`` (``<game>:<table id>``,
``<game>:<room id>``), looked up in the registry (domain/kernel/game.py); the game's
``check_settings``
checks them as its creation route checks a configuration, and refuses a version that would make
the venue another kind of venue. A venue that names no existing table or room has no game, so
no settings to publish. The errors are the games' own, with their rule numbers; their
``field`` is prefixed ``settings.``.

Settings of another game (every field one of another game's ``settings_fields``, some not the
venue's game's: a room's configuration sent to a table) are a conflict with the venue, not
malformed input: the API documents ``settings`` as one of the games' configurations, so such a
body is well formed, and the venue's game refuses it (409 ``settings_of_another_game``, field
``settings``, 903-B 6.1.5(2) and the rule that makes the venue what it is). Settings with fields
no game knows stay the venue's game's to refuse (422 naming the field).

Checked on the command only: versions already in the log load as they were recorded.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.kernel.errors import (
    DomainError,
    InvalidInputError,
    NotFoundError,
    RuleViolationError,
)
from domain.kernel.game import Game, Games
from domain.kernel.rules import T903B, cite
from domain.kernel.uow import UnitOfWork
from domain.rulesets.values import check_settings, check_settings_size

GAME_RULE = cite(T903B, "6.1.5(2)")  # a rule set holds the rules of the venue's game


def venue_game(uow: UnitOfWork, venue_id: str) -> tuple[Any, Any]:
    """(game, table or room) of the venue; NotFoundError naming ``venue_id`` if it names none."""
    games = uow.games
    game = games.for_venue(venue_id)
    venue = None
    if game is not None:
        try:
            venue = uow.find(UUID(str(venue_id).partition(":")[2]), game.venue_type)
        except ValueError:
            venue = None
    if venue is None:
        named = " or ".join(f"{g.name}:<{g.venue_noun}_id>" for g in games)
        raise NotFoundError(
            f"{venue_id} is not the venue of a table or room: a rule set holds the settings of"
            f" a game, published for {named}", field="venue_id", rule="903-B 6.1.5(3)")
    return game, venue


def check_settings_game(games: Games, game: Game, venue_id: str,
                        settings: dict[str, Any]) -> None:
    """RuleViolationError (409) if ``settings`` are another game's configuration: some of
    their fields are not the venue's game's, and every one is another game's."""
    foreign = sorted(set(settings) - game.settings_fields)
    if not foreign:
        return
    others = [other for other in games if other is not game and other.settings_fields
              and set(settings) <= other.settings_fields]
    if not others:
        return  # fields no game has: the venue's game names the first (422)
    rule = GAME_RULE if game.venue_rule is None else f"{GAME_RULE}; {game.venue_rule}"
    theirs = " or ".join(f"a {other.title} {other.venue_noun}'s" for other in others)
    raise RuleViolationError(
        f"{venue_id} is a {game.title} {game.venue_noun} ({game.regulation}): its rule set holds"
        f" a {game.title} {game.venue_noun}'s configuration, not {theirs}"
        f" ({', '.join(foreign)}); a rule set cannot change the game a venue plays ({rule})",
        field="settings", rule=rule, code="settings_of_another_game",
        details={"venue_game": game.name, "settings_games": [other.name for other in others],
                 "fields": foreign})


def _in_settings(error: DomainError) -> DomainError:
    """The game's error, its field named inside ``settings``."""
    field = "settings" if error.field in (None, "config") else f"settings.{error.field}"
    return type(error)(error.message, field=field, rule=error.rule, code=error.code,
                       details=error.details)


def check_venue_settings(uow: UnitOfWork, venue_id: str,
                         settings: Any) -> tuple[dict[str, Any], list[str]]:
    """The checked settings, as the game records its configuration (``to_dict``), and the
    game's warnings. Bounded first (an object, at most MAX_SETTINGS_BYTES,
    no control characters: 903-B 7.9.1), refused if they are another game's (409), then
    checked by the venue's game: unknown keys, floats, booleans and numbers out of each
    field's range are refused naming the field."""
    if not isinstance(settings, dict):
        raise InvalidInputError("settings must be an object", field="settings")
    check_settings_size(settings)
    check_settings(settings)
    game, venue = venue_game(uow, venue_id)
    check_settings_game(uow.games, game, venue_id, settings)
    try:  # a null optional field means "left out", as in the games' routes
        return game.check_settings(settings, venue)
    except DomainError as error:
        raise _in_settings(error) from None
