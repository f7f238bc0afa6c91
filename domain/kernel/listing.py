"""Listing facts: what one event of a game's venue means for the listing of its venues and of
every player's jogadas (the projection "jogadas_listing", projections/listings.py), as pure
values. Each game derives them from its own events (``Game.listing``, domain/kernel/game.py;
the ``listing`` module of each game's package), so the projection holds no game's
code and a new game gets its players' jogada listing by describing its events in these terms.

A fact applies to the venue whose aggregate recorded the event (its ``originator_id``), at the
event's time (``at``), at its position in the log; the game's name is its ``Game.name``.

The amounts are those of the session statement (each game's rule on it):
``wagered_cents`` every stake, ``won_cents`` everything paid at the settlement (stakes returned
included, and prizes), ``refunded_cents`` the stakes a void or a cancellation gave back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

# The phase of a venue with no jogada open, and a jogada's status in the listing.
IDLE = "idle"
IN_PLAY, SETTLED, VOID, CANCELLED = "in_play", "settled", "void", "cancelled"
JOGADA_STATUSES = (IN_PLAY, SETTLED, VOID, CANCELLED)


@dataclass(frozen=True)
class VenueOpened:
    """A table or room opened: its row, idle, with no occupant. ``kind``: what its listing
    filters on (a table's kind, a room's variant); ``config``: what a
    player must see before betting (the game's rule on it); ``capacity``: its
    seats, if it has any."""

    venue_id: str
    name: str
    kind: str
    config: Mapping[str, Any]
    capacity: int | None = None


@dataclass(frozen=True)
class OccupantAdded:
    """Someone took a place at the venue: ``occupants[key] = value`` (a seat and its player,
    a member and its session)."""

    key: str
    value: str


@dataclass(frozen=True)
class OccupantsRemoved:
    """These places are free again (the keys of ``OccupantAdded``)."""

    keys: tuple[str, ...]


@dataclass(frozen=True)
class JogadaStarted:
    """A jogada opened at the venue: the venue's ``number``-th, in phase ``status`` (the
    venue's status until the next ``PhaseChanged`` or the end). A player's row started then."""

    jogada_id: str
    number: int
    status: str


@dataclass(frozen=True)
class PhaseChanged:
    """The open jogada moved on to another phase (the venue's status)."""

    status: str


@dataclass(frozen=True)
class Staked:
    """A stake of the player in the jogada. The player's first one makes its row (``seat``,
    ``detail`` as given, status ``in_play``, at the notification id of this event: the
    listing's cursor); every one adds ``wagered_cents``, and ``counts`` to the numbers of
    ``detail`` (e.g. the cards bought). A stake named by its ``seat`` alone (``player_id``
    None: blinds posted by seat) adds to the row that seat holds in the jogada,
    made by an earlier stake naming its player (zero for a player dealt in)."""

    jogada_id: str
    player_id: str | None
    seat: str | None = None
    wagered_cents: int = 0
    detail: Mapping[str, Any] = field(default_factory=dict)
    counts: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerDetail:
    """What the player did in the jogada (``detail`` merged into its row's), and what it
    staked with it (e.g. a second bet)."""

    jogada_id: str
    player_id: str
    detail: Mapping[str, Any]
    wagered_cents: int = 0


@dataclass(frozen=True)
class ByNet:
    """A result that depends on what the player's row nets once the jogada's outcomes are all
    added (won + refunded − wagered): ``gain`` above zero, ``even`` at zero, ``loss`` below.
    For a game whose prize may be smaller than the stake (a prize below what the player paid
    to play is no win; issue 24), where one event alone does not know the player's stake."""

    gain: str
    even: str
    loss: str

    def of(self, net_cents: int) -> str:
        return self.gain if net_cents > 0 else self.loss if net_cents < 0 else self.even


@dataclass(frozen=True)
class Outcome:
    """One part of what a jogada's end gave a player, named by ``player_id`` or by its
    ``seat``; additive: a player may have several (a hand's outcome and a jackpot prize, the
    prizes paid and the cards refunded of a void). ``result``, if given, replaces the end's
    default (a ``ByNet``: chosen by the row's net once every outcome is added); ``prizes``
    (name → cents) and ``detail`` are merged into the row's."""

    player_id: str | None = None
    seat: str | None = None
    result: str | ByNet | None = None
    won_cents: int = 0
    refunded_cents: int = 0
    prizes: Mapping[str, int] = field(default_factory=dict)
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class JogadaEnded:
    """The jogada ended: the venue is idle again; every player's row of it ends now with
    ``status`` and ``default_result``, then each outcome is added to its player's row."""

    jogada_id: str
    status: str
    default_result: str | None = None
    outcomes: tuple[Outcome, ...] = ()


Fact = (VenueOpened | OccupantAdded | OccupantsRemoved | JogadaStarted | PhaseChanged | Staked
        | PlayerDetail | JogadaEnded)
