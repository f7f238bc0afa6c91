"""Hold'em's and Omaha's events as listing facts (domain/kernel/listing.py): their tables and the
jogadas of every player at them (``Game.listing``, read by the projection "jogadas_listing").

A table is listed with its betting structure (rule 4: no limit, pot limit, fixed limit), its
configuration (rules 4–8, 17, 38: what a player must see before sitting down) and its seats
(rules 8–10). Every player dealt into a jogada (rule 7) has a row from its ``JogadaOpened``
(one event makes them all: projections/listings.py); its stake is its contributions: the
blinds it posted (rules 20–22, 48, named by seat), then every chip an action of its own put in
(rules 34–40). The jogada ends with each seat's outcome (rules 33, 36, 41, 42, 62, 63): what
the payment gave it (uncalled bets returned included), its result (``won``: a share of a
pot; ``folded``; otherwise ``lost``), what it put in, what came back uncalled (A24) and
the commission it paid (rules 17a, 19; A24); or, voided by a fault of the system, every
contribution back (rule 72, A26).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.games.community_poker import dealing
from domain.games.community_poker.table import TABLES
from domain.kernel.listing import (
    SETTLED,
    VOID,
    JogadaEnded,
    JogadaStarted,
    OccupantAdded,
    OccupantsRemoved,
    Outcome,
    PhaseChanged,
    PlayerDetail,
    Staked,
    VenueOpened,
)

WON, LOST, FOLDED = "won", "lost", "folded"
SHOWDOWN = "showdown"


def _opened(e: Any) -> list:
    return [JogadaStarted(e.jogada_id, e.number, dealing.STREET_NAMES[1])] + [
        Staked(e.jogada_id, p["player_id"], seat, 0,
               {"cave_before_cents": p["cave_cents"], "folded": False})
        for seat, p in sorted(e.players.items(), key=lambda kv: int(kv[0]))]


def _acted(e: Any) -> list:
    facts: list = []
    if e.added_cents:
        facts.append(Staked(e.jogada_id, e.player_id, e.seat, e.added_cents))
    if e.action == "fold":
        facts.append(PlayerDetail(e.jogada_id, e.player_id, {
            "folded": True, "folded_on": dealing.STREET_NAMES[e.street],
            **({"timeout": True} if e.reason != "player" else {})}))
    return facts


def _result(e: Any, seat: str) -> str:
    won = e.totals.get(seat, 0) - e.returned.get(seat, 0)
    if won > 0:
        return WON
    return FOLDED if seat in e.folded else LOST


def _settled(e: Any) -> list:
    return [JogadaEnded(e.jogada_id, SETTLED, None, tuple(
        Outcome(seat=seat, result=_result(e, seat), won_cents=e.totals.get(seat, 0),
                detail={"contributed_cents": put, "returned_cents": e.returned.get(seat, 0),
                        "commission_cents": e.commission.get(seat, 0),
                        "cave_after_cents": e.caves.get(seat), "showdown": e.showdown,
                        "rule": e.rule})
        for seat, put in e.contributions.items()))]


def _voided(e: Any) -> list:
    return [JogadaEnded(e.jogada_id, VOID, VOID, tuple(
        Outcome(seat=seat, refunded_cents=cents, detail={"rule": e.rule})
        for seat, cents in e.refunds.items()))]


def _facts(t: type) -> dict[type, Callable[[Any], list]]:
    """The facts each event of one game's tables (``HoldemTable`` or ``OmahaTable``) makes."""
    return {
        t.TableOpened: lambda e: [VenueOpened(e.venue_id, e.name, e.config["structure"],
                                              e.config, e.config["seats"])],
        t.PlayerSeated: lambda e: [OccupantAdded(e.seat, e.player_id)],
        t.PlayerLeft: lambda e: [OccupantsRemoved((e.seat,))],
        t.JogadaOpened: _opened,
        t.BlindsPosted: lambda e: [Staked(e.jogada_id, None, seat, cents)
                                   for seat, cents in e.blinds.items() if cents],
        t.ActionApplied: _acted,
        t.ActionTaken: _acted,  # legacy (table_events.py)
        t.BoardDealt: lambda e: [PhaseChanged(dealing.STREET_NAMES[e.street])],
        t.HandsShown: lambda e: [PhaseChanged(SHOWDOWN)],
        t.JogadaSettled: _settled,
        t.JogadaVoided: _voided,
    }


FACTS = {event: made for table in TABLES.values() for event, made in _facts(table).items()}
# The events the listing reads, of both games' tables: each game's are those of its own table
# (game.py ``of_table``).
LISTING_EVENTS = tuple(FACTS)


def listing(event: Any) -> list:
    """The listing facts of one of a table's events (none for the others)."""
    made = FACTS.get(type(event))
    return [] if made is None else made(event)
