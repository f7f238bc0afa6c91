"""Request and response models of game sessions, the inactivity sweep and versioned rule sets
(pydantic v2; the conventions of api/schemas.py: requests refuse unknown fields, strings are
strict, times carry an offset)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal, Union
from uuid import UUID

from pydantic import BaseModel, Field, SkipValidation

from api.game_parts import game_part
from api.schemas import ActingForPlayer, Instant, RequestModel, Text
from domain.kernel.text import MAX_ID_LENGTH
from domain.rulesets.values import MAX_SETTINGS_BYTES
from domain.sessions.session import CONNECTION_LOST, PLAYER, SUSPENSION, SYSTEM
from infra.games import builtin_games

# What these models document: the built-in games (the app's registry may add more).
GAMES = builtin_games()

# A kind played at a registered game's venues (Game.session_kinds): the OpenAPI document lists
# them as its enum (api/main.py); the domain checks it against the registry, 422 naming ``game``.
GameKind = Text(64)
# "inactivity" is not here: only the invitation-then-warning procedure ends a session for it
# (A43; POST /inactivity/sweep). A player ends its own session with "player" only.
EndReason = Literal[PLAYER, CONNECTION_LOST, SUSPENSION, SYSTEM]  # type: ignore[valid-type]
VenueId = Text(MAX_ID_LENGTH)



# Sessions ----------------------------------------------------------------------------------------
class SessionCreate(ActingForPlayer):
    """A player takes a seat at a table or room: a game session starts (each game's rule on
    sessions)."""

    venue_id: VenueId = Field(description=(
        "The table or room: the `venue_id` its creation answered, `<game>:<table or room id>`. "
        "One that does not exist is refused with 404 naming `venue_id`"))
    game: GameKind = Field(description=(
        "The game and kind of table, one played at that venue (409 naming `game` otherwise: "
        "e.g. an individual table's kind at a multi-player table); it sets the inactivity "
        "policy (rules-digest §1.3)"))


class SessionEnd(RequestModel):
    """How the session ends (A61, 903-B 6.3.6(2)). A player: ``player``. An operator also
    ``connection_lost``, ``suspension`` or ``system``. ``inactivity`` is refused here: it only
    comes from the inactivity procedure (A43)."""

    reason: EndReason = Field(examples=["player"])


class CategoryTotalPublic(BaseModel):
    count: int
    amount_cents: int


class StatementLinePublic(BaseModel):
    """A game's own line (e.g. the number and value of the cards bought)."""

    category: str
    label: str
    count: int
    amount_cents: int


class SessionStatementPublic(BaseModel):
    """The end-of-session statement (each game's rule on it; 903-B 6.3.6(2)); while the
    session is open, the running totals."""

    session_id: UUID
    player_id: UUID
    venue_id: str
    game: str
    status: Literal["open", "ended"]
    started_at: datetime
    ended_at: datetime | None = None
    end_reason: str | None = Field(None, description="player, inactivity, connection_lost, "
                                                     "suspension or system (A61)")
    jogadas: int = Field(description="Jogadas in which the player bet")
    wagered_cents: int
    won_cents: int = Field(description="Prizes and winnings, stakes returned with them included")
    refunded_cents: int = Field(0, description="Stakes given back because a jogada was void "
                                               "(the game's rule on voids)")
    net_cents: int = Field(description="won_cents + refunded_cents - wagered_cents: the profit "
                                       "(or loss)")
    won_by_category: dict[str, CategoryTotalPublic] = Field(
        description="Prizes per category (where the game shows them so)")
    lines: list[StatementLinePublic]
    invitation_at: datetime | None = Field(None, description="Last inactivity invitation")
    warning_at: datetime | None = Field(None, description="Last inactivity warning")
    last_bet_at: datetime | None = None


class SessionListPublic(BaseModel):
    """A player's game sessions, the most recent first."""

    player_id: UUID
    data: list[SessionStatementPublic]
    count: int


class InactivitySweepPublic(BaseModel):
    """What one run of the time-based inactivity check did (rules-digest §1.3, A43)."""

    invitations: list[UUID] = Field(description="Sessions invited to end (MAY)")
    warnings: list[UUID] = Field(description="Sessions warned they end in the next minute")
    ended: list[UUID] = Field(description="Sessions ended for inactivity")


# Rule sets ---------------------------------------------------------------------------------------
def _one_of(schema: dict[str, Any]) -> None:
    """The games' configurations exclude each other (each refuses the other's fields): oneOf."""
    if "anyOf" in schema:
        schema["oneOf"] = schema.pop("anyOf")


# Documented as the games' configurations (each game's API package: ``ruleset_settings``,
# api/game_parts.py); checked by the domain against the venue's game, so that a refusal names
# the field and the game's rule (domain/rulesets/venue_settings.py).
_SETTINGS = [part for part in (game_part(game, "ruleset_settings") for game in GAMES) if part]
VenueSettings = Annotated[Union[tuple(model for model, _ in _SETTINGS)],  # type: ignore
                          SkipValidation, Field(
    description=(
        "The venue's game configuration, checked as its game's creation checks it: "
        f"{', '.join(doc for _, doc in _SETTINGS)}; the other game's "
        "configuration is refused with 409 (settings_of_another_game). Unknown fields, floats "
        f"and out-of-range numbers are refused naming the field; at most {MAX_SETTINGS_BYTES} "
        "bytes of JSON. Kept as the game records it (defaults filled in)."),
    json_schema_extra=_one_of)]


class RuleSetCreate(RequestModel):
    """A new version of a venue's settings. Versions are never edited; a new one applies only
    to jogadas that start at or after ``effective_from`` (903-B 6.1.5(2)(3))."""

    settings: VenueSettings
    effective_from: Instant | None = Field(
        None, description="ISO 8601 with an offset; not in the past, and later than the last "
                          "version's. Default: now")


class RuleSetVersionCreated(BaseModel):
    venue_id: str
    version: int
    effective_from: datetime
    warnings: list[str] = Field(default_factory=list,
                                description="The game's warnings")


class RuleSetVersionPublic(BaseModel):
    venue_id: str
    version: int
    effective_from: datetime = Field(description="Jogadas starting at or after this use it")
    published_at: datetime
    settings: dict[str, Any]


class RuleSetVersionsPublic(BaseModel):
    """Every version of the venue's rule set, oldest first."""

    venue_id: str
    data: list[RuleSetVersionPublic]
    count: int


class RuleSetInForcePublic(RuleSetVersionPublic):
    """The version a jogada starting at ``at`` runs under, to its end."""

    at: datetime
