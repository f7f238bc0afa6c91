"""What a rule-set version of a venue may hold: a configuration of the venue's game, checked by
that game's own rules (903-B 6.1.5(2)(3): the settings a jogada runs under; 903-B 7.9.1: input
is validated before it is kept).

A venue id names its game: ``semdescarte:<table id>`` a póquer sem descarte table (its
configuration checked as POST /semdescarte/tables checks it, domain/semdescarte/config.py) and
``bingo:<room id>`` a bingo room (as POST /bingo/rooms, domain/bingo/config.py). A venue that
names no existing table or room has no game, so no settings to publish. The errors are the
games' own, with their rule numbers; their ``field`` is prefixed ``settings.``.

Checked on the command only: versions already in the log load as they were recorded.
"""

from __future__ import annotations

from typing import Any

from domain.bingo import commands as bingo_commands
from domain.bingo.cards import bingo_rule
from domain.bingo.config import check_room_config
from domain.bingo.room import BingoRoom
from domain.errors import DomainError, InvalidInputError, NotFoundError, RuleViolationError
from domain.rules import T903B, cite
from domain.rulesets import check_settings, check_settings_size
from domain.semdescarte import commands as semdescarte_commands
from domain.semdescarte.config import check_table_config, sd_rule
from domain.semdescarte.table import SemDescarteTable
from domain.uow import UnitOfWork

SEM_DESCARTE, BINGO = "semdescarte", "bingo"


def venue_game(uow: UnitOfWork, venue_id: str) -> tuple[str, Any]:
    """(game, table or room) of the venue; NotFoundError naming ``venue_id`` if it names none."""
    table_id = semdescarte_commands.table_of(venue_id)
    table = None if table_id is None else uow.find(table_id, SemDescarteTable)
    if table is not None:
        return SEM_DESCARTE, table
    room_id = bingo_commands.room_of(venue_id)
    room = None if room_id is None else uow.find(room_id, BingoRoom)
    if room is not None:
        return BINGO, room
    raise NotFoundError(
        f"{venue_id} is not the venue of a table or room: a rule set holds the settings of a"
        " game, published for semdescarte:<table_id> or bingo:<room_id>", field="venue_id",
        rule=cite(T903B, "6.1.5(3)"))


def _in_settings(error: DomainError) -> DomainError:
    """The game's error, its field named inside ``settings``."""
    field = "settings" if error.field in (None, "config") else f"settings.{error.field}"
    return type(error)(error.message, field=field, rule=error.rule, code=error.code,
                       details=error.details)


def check_venue_settings(uow: UnitOfWork, venue_id: str,
                         settings: Any) -> tuple[dict[str, Any], list[str]]:
    """The checked settings, as the game records its configuration (``to_dict``), and the
    game's warnings (bingo A14, A18). Bounded first (an object, at most MAX_SETTINGS_BYTES,
    no control characters: 903-B 7.9.1), then checked by the venue's game: unknown keys,
    floats, booleans and numbers out of each field's range are refused naming the field."""
    if not isinstance(settings, dict):
        raise InvalidInputError("settings must be an object", field="settings")
    check_settings_size(settings)
    check_settings(settings)
    game, venue = venue_game(uow, venue_id)
    try:  # a null optional field means "left out", as in the games' routes
        if game == SEM_DESCARTE:
            table_config = check_table_config(settings)
            warnings: list[str] = []
            clean = table_config.to_dict()
        else:
            room_config, warnings = check_room_config(settings)
            clean = room_config.to_dict()
    except DomainError as error:
        raise _in_settings(error) from None
    _check_same_game(game, venue, clean)
    return clean, warnings


def _check_same_game(game: str, venue: Any, clean: dict[str, Any]) -> None:
    """A version changes a game's parameters, not the game: an individual table stays
    individual (rule 4: the sessions at it are of that game, with its inactivity rules), a
    room keeps its variant (rule 2f: a room has its own characteristics; its cards are of that
    variant)."""
    if game == SEM_DESCARTE and clean["kind"] != venue.config_data["kind"]:
        raise RuleViolationError(
            f"the table is {venue.config_data['kind']}: its rule set cannot make it"
            f" {clean['kind']}", field="settings.kind", rule=sd_rule(4))
    if game == BINGO and clean["variant"] != venue.config_data["variant"]:
        raise RuleViolationError(
            f"the room plays bingo {venue.config_data['variant']}: its rule set cannot make it"
            f" bingo {clean['variant']}", field="settings.variant", rule=bingo_rule("2f"))
