"""The seam every game plugs into: one ``Game`` object per game, and the ``Games`` registry the
composition root builds from them (infra/games.py: the built-in games, one line each, and any
named by ``LEDGER_GAMES``).

A game is its own package (``domain/games/<game>/``, every one of the same shape:
domain/kernel/shape.py; ``api/games/<game>/routes.py`` for its routes) and exposes one ``Game``. Everything every game needs
is built once on this object: the writer dispatches its commands, snapshots its aggregates,
runs its clock and its start-up recovery (infra/services/game_services.py); ``end_session`` asks it
whether the player has a bet in play and tells it when a session at one of its venues ended;
the API includes its router (``api/routes/<name>.py``, or ``<package>/routes.py`` for a game
outside the package) and serves the game-independent jogada routes (``GET
/jogadas/{id}``, ``/replay``, ``/adjudication``, ``/steps``) through its ``replay``,
``adjudicate`` and ``viewer_steps``; the
rule-set service checks a venue's settings with ``check_settings``; the projection
"jogadas_listing" lists its venues and every player's jogadas from the facts its ``listing``
makes of its ``listing_events`` (domain/kernel/listing.py); the projection "significant_events" lists
what its ``significant`` declares (domain/kernel/significant.py: voids, interruptions, recoveries,
configuration). docs/adding-a-game.md is the checklist.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from eventsourcing.utils import get_topic

from domain.kernel.command import Command, Handler
from domain.kernel.errors import ConflictError, InvalidInputError, NotFoundError
from domain.kernel.rule_book_903b import RULE_BOOK as CORE_RULE_BOOK
from domain.kernel.rule_titles import EMPTY, RuleBook, title_of
from domain.kernel.significant import Classify, SignificantEvents
from domain.sessions.inactivity import (
    IdleLimit,
    InactivityPolicy,
    adjusted,
    check_policy,
)

Events = list[tuple[int, Any]]  # (notification id, domain event), in log order


@dataclass(frozen=True)
class GameClock:
    """What is due and the tick: every ``interval`` seconds (the setting
    ``LEDGER_<GAME>_TICK_INTERVAL`` overrides it; 0 = off) the writer process runs ``due``
    (a read-only command answering venue ids) and then ``tick(venue_id, actor)`` for each."""

    interval: float
    due: Command
    tick: Callable[[str, str], Command]


@dataclass(frozen=True)
class Game:
    name: str  # short, lower case: venue ids are "<name>:<target id>", listings' game name
    title: str  # what people call it, as the rules cite it
    regulation: str  # "Regulamento 803/2015"
    venue_noun: str  # "table", "room": its venues' name in messages and routes ("table_id")
    session_kinds: tuple[str, ...]  # the GameSession.game values played at its venues
    commands: Mapping[type, Handler]  # its command vocabulary and their handlers
    venue_type: type  # the aggregate of a table or a room (a venue)
    event_marker: str  # what the topics of its venue's events hold: ".<venue class name>."
    ended_topics: tuple[str, ...]  # topic endings of the events that end a jogada
    package: str  # its own package ("domain.games.<name>"): where the API looks for its routes
    bet_in_play: Callable[[Any, Any], tuple[str, str] | None]  # (uow, session)
    session_ended: Callable[[Any, Any, str], Any]  # (uow, session, actor), same transaction
    # Every event with the state after it, and its checks: each a dict holding "verified"
    # ("rng": the RNG re-derived from the revealed seed; a game's own, e.g. "prizes_check"): True,
    # checked; False, failed ("check" says why, "events" the positions of the events found
    # wrong), or, with no RNG commitment in the jogada, nothing drawn; None: nothing to check.
    # ``ledger verify`` runs it on every ended jogada (infra/verify/jogadas.py).
    replay: Callable[[Events], dict[str, Any]]
    # (events, opening balances of the pools they touch) -> recomputed vs recorded settlement
    # (domain/kernel/adjudication.py; infra/services/adjudication.py ``opening_balances``)
    adjudicate: Callable[[Events, dict[str, int] | None], dict[str, Any]]
    check_settings: Callable[[dict[str, Any], Any], tuple[dict[str, Any], list[str]]]
    stake_reason: str  # the account movement that stakes a player in a jogada ("ante")
    player_jogada: Callable[[dict[str, Any], str], dict[str, Any]]  # (replay, player) -> its part
    # What a player may see of an ended jogada it played in (the player's copy of a complaint
    # case's evidence pack, infra/complaints/evidence.py): (replay, player) -> {"replay": the
    # replay without what its rules kept from that player (another's cards never shown, the
    # seed and the deck that would give them), "withheld": [{"position", "event", "fields",
    # "reason"}]}: each event cut, why, citing the rule (domain/kernel/player_copy.py).
    player_copy: Callable[[dict[str, Any], str], dict[str, Any]]
    snapshotted: tuple[type, ...] = ()  # long-lived aggregates (a snapshot rule of their own)
    clock: GameClock | None = None
    recovery: Callable[[str], Command] | None = None  # (actor) -> the command run at start
    # The inactivity policy of each of its ``session_kinds``, as its rules set it
    # (rules-digest §1.3; domain/sessions/inactivity.py holds only the mechanism).
    policies: Mapping[str, InactivityPolicy] = field(default_factory=dict)
    # Where its rules let the operator lower the jogada count of its jogada-based policies: the
    # most jogadas without a bet a venue may set, and the rule that lets it. None: fixed.
    idle_jogadas_limit: IdleLimit | None = None
    open_jogadas: Callable[[Any], int] | None = None  # (uow) -> venues with a jogada open
    # The listing of its venues and of every player's jogadas (projections/listings.py): the
    # facts (domain/kernel/listing.py) one of its venue's events means, for the events of
    # ``listing_events`` (the only ones the projection reads for it). None: not listed.
    listing: Callable[[Any], list] | None = None
    listing_events: tuple[type, ...] = ()
    # Its own replay route, if it has one ("/<name>/jogadas/{jogada_id}/replay"): the
    # listing's replay links; otherwise the game-independent "/jogadas/{jogada_id}/replay".
    replay_alias: str | None = None
    # The replay viewer (GET /jogadas/{id}/steps, the page GET /viewer): (replay) -> one step
    # per replay step, each {position, title, rule, scene} in the vocabulary of
    # domain/kernel/viewer.py (cards, grids, balls, prizes, facts, text). None: each event is
    # shown as text (domain/kernel/viewer.py ``fallback_steps``).
    viewer_steps: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None
    # Its significant events (GLI-19 §2.8; 903-B 6.3.3, 6.3.6(6)(7)): the kinds it records and,
    # per event class of its own, the entry an event makes (domain/kernel/significant.py), read by the
    # projection "significant_events". None: none of its events is significant.
    significant: SignificantEvents | None = None
    # A complaint case's remedy (domain/complaints/compensation.py, compensation "game_refund"):
    # (uow, target id, jogada id, reason, actor) voids that jogada, if it is the one open at
    # the venue, by the game's own rule for a fault of the system (every bet back), in the
    # case's unit of work; refuses (ConflictError) before any event otherwise. None: no such
    # remedy from a case.
    void_jogada: Callable[[Any, str, str, str, str], dict[str, Any]] | None = None
    # The top-level fields of its venues' configuration (what ``check_settings`` takes):
    # settings made only of another game's fields are that game's, and a rule set of one of
    # this game's venues refuses them with 409 naming both games (domain/rulesets/venue_settings.py).
    # Empty: no settings are told apart as this game's.
    settings_fields: frozenset[str] = frozenset()
    # The rule that makes one of its venues what it is (e.g. a table of that game, individual
    # or multi; a room and its variant), cited with 903-B
    # 6.1.5(2) when a rule set would give the venue another game's settings.
    venue_rule: str | None = None
    # Its hand history (GET /jogadas/{id}/phh, ``ledger phh export``): (events of an ended
    # jogada, the venue's name) -> the PHH file (TOML), the Poker Hand History standard
    # (its package's own module); refuses (ConflictError) what the standard cannot hold.
    # None: the game has no hand history.
    hand_history: Callable[[Events, str | None], str] | None = None
    # The media type of its hand history files (GET /jogadas/{id}/phh answers in it).
    hand_history_media_type: str | None = None

    # The inactivity policy of a session started at one of its venues, where its rules let the
    # operator set the thresholds (e.g. at most 5 jogadas without a bet, ``idle_jogadas_limit``):
    # (uow, venue id, session kind) -> the policy (checked by ``Games.check_policy``),
    # or None for the regulation's default.
    session_policy: Callable[[Any, str, str], Any] | None = None
    # Its rule catalogue (its package's rule_book.py, domain/kernel/rule_titles.py): each rule number
    # of its regulation, and the interpretations filed under it, with a one-line title; read by
    # ``./run rules`` and for the ``rule_title`` of an error or a viewer step citing its rules.
    rule_book: RuleBook = EMPTY
    # Its venues' plural in routes: the listing ``GET /<name>/<venue_plural>`` (api/routes/
    # listings.py ``venues_router``). None: ``venue_noun`` + "s".
    venue_plural: str | None = None

    # Which of its session kinds are played at one of its venues: (uow, target id, the part of
    # the venue id after "<name>:") -> those kinds, or None when no such table or room exists.
    # POST /sessions asks it in the writer's command, so a session starts only at a venue that
    # exists (404 naming venue_id) and for a kind played there (409 naming game). None: the
    # venue is the ``venue_type`` aggregate whose id is the target id, playing every one of
    # ``session_kinds`` (``venue_aggregate_kinds``).
    venue_kinds: Callable[[Any, str], tuple[str, ...] | None] | None = None
    # Its codes in words, per language ("pt", "en"): code -> word, for the pages that show its
    # records to people (a complaint evidence pack's PDF, infra/complaints/pack_words.py): an
    # outcome ("bank_won": "a banca ganhou"), a decision, an event's name, a key of its
    # player's part or a label of its viewer's scenes. A code without a word is shown as is.
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def venue_of(self, target_id: Any) -> str:
        return f"{self.name}:{target_id}"


def target_uuid(target_id: str) -> UUID | None:
    """The aggregate id a venue id's target names, or None if it is not a UUID."""
    try:
        return UUID(str(target_id))
    except ValueError:
        return None


VenueKinds = Callable[[Any, str], "tuple[str, ...] | None"]  # Game.venue_kinds


def venue_aggregate_kinds(venue_type: type,
                          kinds: tuple[str, ...] | Callable[[Any], tuple[str, ...]]) -> VenueKinds:
    """A ``Game.venue_kinds`` for a venue that is the ``venue_type`` aggregate of the target
    id: ``kinds`` (or ``kinds(venue)``) if it exists, None otherwise."""
    def venue_kinds(uow: Any, target_id: str) -> tuple[str, ...] | None:
        aggregate_id = target_uuid(target_id)
        venue = None if aggregate_id is None else uow.find(aggregate_id, venue_type)
        if venue is None:
            return None
        return kinds(venue) if callable(kinds) else tuple(kinds)
    return venue_kinds


class Games:
    """The registry: the games of this installation, looked up by name, by session kind, by
    venue id and by the events of a jogada. Pure; built once by infra/games.py."""

    def __init__(self, games: Iterable[Game]) -> None:
        self.all: tuple[Game, ...] = tuple(games)
        self._by_name: dict[str, Game] = {}
        self._by_kind: dict[str, Game] = {}
        self._policies: dict[str, InactivityPolicy] = {}
        self.handlers: dict[type, Handler] = {}
        self.listed: dict[type, Game] = {}  # an event class -> the game whose listing reads it
        # an event class -> (its game, how it is classified): Game.significant
        self.significant: dict[type, tuple[Game, Classify]] = {}
        for game in self.all:
            if game.name in self._by_name:
                raise ValueError(f"two games are named {game.name!r}")
            self._by_name[game.name] = game
            for kind in game.session_kinds:
                if kind in self._by_kind:
                    raise ValueError(f"session kind {kind!r} belongs to two games")
                if kind not in game.policies:
                    raise ValueError(f"{game.name}: session kind {kind!r} has no inactivity"
                                     " policy (Game.policies)")
                self._by_kind[kind] = game
                self._policies[kind] = game.policies[kind]
            for command_type, handler in game.commands.items():
                if command_type in self.handlers:
                    raise ValueError(f"command {command_type.__name__} is registered twice")
                self.handlers[command_type] = handler
            for event_type in game.listing_events if game.listing is not None else ():
                if event_type in self.listed:
                    raise ValueError(f"event {event_type.__qualname__} is listed by two games")
                self.listed[event_type] = game
            for event_type, classify in (game.significant.classify.items()
                                         if game.significant is not None else ()):
                if event_type in self.significant:
                    raise ValueError(f"event {event_type.__qualname__} is classified by two games")
                self.significant[event_type] = (game, classify)

    def __iter__(self):
        return iter(self.all)

    def rule_books(self) -> tuple[RuleBook, ...]:
        """Every game's rule catalogue, then the core's (903-B, the common interpretations)."""
        return (*(g.rule_book for g in self.all), CORE_RULE_BOOK)

    def rule_title(self, rule: str | None, game: Game | None = None) -> str | None:
        """The ``rule_title`` of a ``rule`` (domain/kernel/rule_titles.py ``title_of``): from ``game``'s
        catalogue first where the rule is a game's, the other games' and the core's after."""
        books = self.rule_books()
        return title_of(rule, books if game is None else (game.rule_book, *books))

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def get(self, name: str) -> Game | None:
        return self._by_name.get(name)

    def for_session(self, kind: str) -> Game | None:
        return self._by_kind.get(kind)

    def for_venue(self, venue_id: str) -> Game | None:
        name, _, rest = str(venue_id).partition(":")
        game = self._by_name.get(name)
        return game if game is not None and rest else None

    def for_topic(self, topic: str) -> Game | None:
        return next((g for g in self.all if g.event_marker in topic), None)

    def policy(self, kind: str) -> InactivityPolicy | None:
        """The policy of a session kind as its game's rules set it (``Game.policies``)."""
        return self._policies.get(kind)

    def kinds(self) -> tuple[str, ...]:
        """Every session kind played at a registered game's venues (``Game.session_kinds``), in
        the registry's order."""
        return tuple(self._by_kind)

    def idle_limit(self, kind: str) -> IdleLimit | None:
        game = self._by_kind.get(kind)
        return None if game is None else game.idle_jogadas_limit

    def policy_for(self, kind: str, *, invite: bool | None = None,
                   invite_after_jogadas: int | None = None) -> InactivityPolicy:
        """The policy of a session kind, the invitation turned off or the jogada count lowered
        where its game's rules allow it (domain/sessions/inactivity.py ``adjusted``)."""
        return adjusted(self._known(kind), invite=invite, limit=self.idle_limit(kind),
                        invite_after_jogadas=invite_after_jogadas)

    def check_policy(self, policy: InactivityPolicy) -> InactivityPolicy:
        """A policy given whole differs from its kind's only where ``policy_for`` allows it."""
        return check_policy(policy, self._known(policy.kind), self.idle_limit(policy.kind))

    def _known(self, kind: str) -> InactivityPolicy:
        """The policy of a registered game's kind; 422 naming ``game`` otherwise."""
        return self.policy(kind) or self.require_kind(kind)

    def snapshotted(self) -> tuple[type, ...]:
        return tuple(t for g in self.all for t in g.snapshotted)

    # What the core's commands ask of the venue's game ----------------------------------------
    def bet_in_play(self, uow: Any, session: Any) -> tuple[str, str] | None:
        game = self._by_kind.get(session.game)
        return None if game is None else game.bet_in_play(uow, session)

    def session_ended(self, uow: Any, session: Any, actor: str) -> None:
        game = self._by_kind.get(session.game)
        if game is not None:
            game.session_ended(uow, session, actor)

    def require_kind(self, kind: str, field_name: str = "game") -> InactivityPolicy:
        """The inactivity policy of a kind played at a registered game's venues; 422 naming
        ``field_name`` and listing those kinds otherwise."""
        policy = self.policy(kind) if kind in self._by_kind else None
        if policy is None:
            raise InvalidInputError(f"{field_name} must be one of {', '.join(self.kinds())}",
                                    field=field_name)
        return policy

    def require_venue(self, uow: Any, venue_id: str, kind: str) -> Game:
        """The game of the venue where a session of ``kind`` starts, in the command's unit of
        work (A61: a session is a player's access to one table or room): 404 naming venue_id
        when no registered game has that table or room, 409 naming game when its venue does
        not play ``kind``."""
        game = self.for_venue(venue_id)
        target = str(venue_id).partition(":")[2]
        if game is not None:
            ask = game.venue_kinds or venue_aggregate_kinds(game.venue_type, game.session_kinds)
            kinds = ask(uow, target)
        if game is None or kinds is None:
            nouns = " or ".join(dict.fromkeys(g.venue_noun for g in self.all))
            raise NotFoundError(
                f"venue {venue_id} not found: a venue id is <game>:<{nouns} id> (as its "
                f"creation answered), the game one of {', '.join(self.names())}, the "
                f"{nouns} one that exists", field="venue_id")
        if kind not in kinds:
            raise ConflictError(f"{kind} is not played at {game.venue_noun} {venue_id}: "
                                f"game must be {' or '.join(kinds)} there", field="game")
        return game


def topic_of(event: Any) -> str:
    return get_topic(type(event))
