"""Projection "jogadas_listing": the game venues and every player's jogadas, from the game
streams' events alone (no account event is read: the table's and the room's events carry the
stakes, the payouts and the refunds, the same amounts the commands move and the session
statements count). It holds no game's code: each game says what its events mean for the
listing as facts (domain/kernel/listing.py; ``Game.listing``), and this module applies the facts.

- ``game_venues``: one row per venue of a game (a table, a room):
  name, kind (a table's kind, a room's variant), configuration (what a player must see
  before betting: the game's rule on it), the seats or members, the phase of the open
  jogada. What each game's ``GET /<game>/<venues>`` lists (api/routes/listings.py).
- ``player_jogadas``: one row per (jogada, player with a bet in it): the venue, when the jogada
  started and ended, its status (``in_play``, ``settled``, ``void``, ``cancelled``), the
  player's amounts and result. Amounts as on the session statement (each game's
  rule on it): ``wagered_cents`` every stake (ante, side bet, second bet; cards bought),
  ``won_cents`` everything paid at the settlement (stakes returned included, and prizes),
  ``refunded_cents`` the stakes given back by a void or a cancellation (the game's rules on
  them), ``net_cents`` = won + refunded − wagered. ``position`` is the
  notification id of the event that made the player's row (its first stake; a community-card
  jogada's rows are all made by its ``JogadaOpened``, which deals every player in): the
  listing's cursor, unique with the player (projections/listing_queries.py keeps the rows of
  one position on one page).

The Table definitions here are identical to migrations/versions/0007_jogadas_listing.py and
0011_listing_rows_per_event.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    DateTime,
    Index,
    Integer,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    bindparam,
    insert,
    select,
    update,
)

from domain.kernel.game import Game, Games
from domain.kernel.listing import (
    IDLE,
    IN_PLAY,
    ByNet,
    JogadaEnded,
    JogadaStarted,
    OccupantAdded,
    OccupantsRemoved,
    PhaseChanged,
    PlayerDetail,
    Staked,
    VenueOpened,
)
from projections.base import for_class
from projections.money import to_utc
from projections.tables import metadata

game_venues = Table(
    "game_venues", metadata,
    Column("venue_id", String(100), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("target_id", String(36), nullable=False),  # the table id or the room id
    Column("name", String(200), nullable=False),
    Column("name_key", String(200), nullable=False),  # casefolded: the name filter
    Column("kind", String(32), nullable=False),
    Column("config", Text, nullable=False),
    Column("capacity", Integer),  # a table: its seats; a room: none
    Column("occupants", Text, nullable=False),  # {seat: player} / {player: session}
    Column("occupied", Integer, nullable=False),
    Column("status", String(16), nullable=False),
    Column("open_jogada_id", String(200)),
    Column("open_jogada_at", DateTime(timezone=True)),
    Column("jogadas", Integer, nullable=False),
    Column("opened_at", DateTime(timezone=True), nullable=False),
    Column("position", BigInteger, nullable=False),
    Index("ix_game_venues_game_position", "game", "position"),
)

player_jogadas = Table(
    "player_jogadas", metadata,
    Column("jogada_id", String(200), nullable=False),
    Column("player_id", String(36), nullable=False),
    Column("game", String(16), nullable=False),
    Column("venue_id", String(100), nullable=False),
    Column("target_id", String(36), nullable=False),
    Column("venue_name", String(200), nullable=False),
    Column("seat", String(4)),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Column("status", String(16), nullable=False),
    Column("result", String(32)),
    Column("wagered_cents", BigInteger, nullable=False),
    Column("won_cents", BigInteger, nullable=False),
    Column("refunded_cents", BigInteger, nullable=False),
    Column("net_cents", BigInteger, nullable=False),
    Column("prizes", Text, nullable=False),  # {prize: cents}
    Column("detail", Text, nullable=False),
    Column("position", BigInteger, nullable=False),
    PrimaryKeyConstraint("jogada_id", "player_id", name="pk_player_jogadas"),
    Index("ix_player_jogadas_player_position", "player_id", "position"),
    Index("ix_player_jogadas_position", "position", "player_id", unique=True),
)

VENUE_JSON = ("config", "occupants")
JOGADA_JSON = ("prizes", "detail")


def decode_row(row: Any, json_columns: tuple[str, ...]) -> dict[str, Any]:
    """A stored row: JSON parsed, instants in aware UTC (SQLite keeps no offset)."""
    out = dict(row._mapping)
    for key, value in out.items():
        if key in json_columns:
            out[key] = json.loads(value)
        elif isinstance(value, datetime):
            out[key] = to_utc(value)
    return out


def _encode(row: dict[str, Any], json_columns: tuple[str, ...]) -> dict[str, Any]:
    return {k: (json.dumps(v, sort_keys=True) if k in json_columns else v) for k, v in row.items()}


class _Page:
    """The rows one page touches, read once from the database and written once at the end."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.venues: dict[str, dict[str, Any]] = {}  # target id -> row
        self.new_venues: set[str] = set()
        self.jogadas: dict[str, dict[str, dict[str, Any]]] = {}  # jogada -> player -> row
        self.new_rows: set[tuple[str, str]] = set()
        self.changed_rows: set[tuple[str, str]] = set()

    def venue(self, target_id: str) -> dict[str, Any]:
        row = self.venues.get(target_id)
        if row is None:
            found = self.conn.execute(select(game_venues).where(
                game_venues.c.target_id == target_id)).first()
            row = self.venues[target_id] = decode_row(found, VENUE_JSON)
        return row

    def players(self, jogada_id: str) -> dict[str, dict[str, Any]]:
        rows = self.jogadas.get(jogada_id)
        if rows is None:
            rows = self.jogadas[jogada_id] = {
                r.player_id: decode_row(r, JOGADA_JSON) for r in self.conn.execute(
                    select(player_jogadas).where(player_jogadas.c.jogada_id == jogada_id))}
        return rows

    def changed(self, jogada_id: str, player_id: str) -> dict[str, Any]:
        self.changed_rows.add((jogada_id, player_id))
        return self.players(jogada_id)[player_id]

    def write(self) -> None:
        conn = self.conn
        new_venues = [_encode(self.venues[t], VENUE_JSON) for t in sorted(self.new_venues)]
        old_venues = [_encode(row, VENUE_JSON) | {"k_target": t}
                      for t, row in sorted(self.venues.items()) if t not in self.new_venues]
        if new_venues:
            conn.execute(insert(game_venues), new_venues)
        if old_venues:
            conn.execute(update(game_venues).where(
                game_venues.c.target_id == bindparam("k_target")).values(
                {c: bindparam(f"v_{c}") for c in _VENUE_UPDATED}),
                [{f"v_{c}": row[c] for c in _VENUE_UPDATED} | {"k_target": row["k_target"]}
                 for row in old_venues])
        new_rows, old_rows = [], []
        for key in sorted(self.new_rows | self.changed_rows):
            row = self.jogadas[key[0]][key[1]]
            row["net_cents"] = row["won_cents"] + row["refunded_cents"] - row["wagered_cents"]
            encoded = _encode(row, JOGADA_JSON)
            if key in self.new_rows:
                new_rows.append(encoded)
            else:
                old_rows.append({f"v_{c}": encoded[c] for c in _JOGADA_UPDATED}
                                | {"k_jogada": key[0], "k_player": key[1]})
        if new_rows:
            conn.execute(insert(player_jogadas), new_rows)
        if old_rows:
            conn.execute(update(player_jogadas).where(
                player_jogadas.c.jogada_id == bindparam("k_jogada"),
                player_jogadas.c.player_id == bindparam("k_player")).values(
                {c: bindparam(f"v_{c}") for c in _JOGADA_UPDATED}), old_rows)


_VENUE_UPDATED = ("occupants", "occupied", "status", "open_jogada_id", "open_jogada_at",
                  "jogadas")
_JOGADA_UPDATED = ("ended_at", "status", "result", "wagered_cents", "won_cents",
                   "refunded_cents", "net_cents", "prizes", "detail")


# What each listing fact (domain/kernel/listing.py) does to the rows: (page, game name, the venue's
# target id, the event's time and position, the fact).
def _venue_opened(page: _Page, game: str, target: str, at: datetime, position: int,
                  f: VenueOpened) -> None:
    page.venues[target] = {
        "venue_id": f.venue_id, "game": game, "target_id": target, "name": f.name,
        "name_key": f.name.casefold(), "kind": f.kind, "config": dict(f.config),
        "capacity": f.capacity, "occupants": {}, "occupied": 0, "status": IDLE,
        "open_jogada_id": None, "open_jogada_at": None, "jogadas": 0,
        "opened_at": at, "position": position}
    page.new_venues.add(target)


def _occupants(venue: dict[str, Any], occupants: dict[str, str]) -> None:
    venue["occupants"] = occupants
    venue["occupied"] = len(occupants)


def _occupant_added(page: _Page, game: str, target: str, at: datetime, position: int,
                    f: OccupantAdded) -> None:
    venue = page.venue(target)
    _occupants(venue, {**venue["occupants"], f.key: f.value})


def _occupants_removed(page: _Page, game: str, target: str, at: datetime, position: int,
                       f: OccupantsRemoved) -> None:
    venue, gone = page.venue(target), set(f.keys)
    _occupants(venue, {k: v for k, v in venue["occupants"].items() if k not in gone})


def _jogada_started(page: _Page, game: str, target: str, at: datetime, position: int,
                    f: JogadaStarted) -> None:
    page.venue(target).update(status=f.status, open_jogada_id=f.jogada_id, open_jogada_at=at,
                              jogadas=f.number)


def _phase_changed(page: _Page, game: str, target: str, at: datetime, position: int,
                   f: PhaseChanged) -> None:
    page.venue(target)["status"] = f.status


def _staked(page: _Page, game: str, target: str, at: datetime, position: int,
            f: Staked) -> None:
    """The player's row of the jogada is made at its first stake (its position: the cursor);
    a stake named by its seat adds to the row that seat holds."""
    rows = page.players(f.jogada_id)
    row = rows.get(f.player_id) if f.player_id is not None else next(
        r for r in rows.values() if r["seat"] == str(f.seat))
    if row is None:
        venue = page.venue(target)
        row = rows[f.player_id] = {
            "jogada_id": f.jogada_id, "player_id": f.player_id, "game": venue["game"],
            "venue_id": venue["venue_id"], "target_id": venue["target_id"],
            "venue_name": venue["name"], "seat": None if f.seat is None else str(f.seat),
            "started_at": venue["open_jogada_at"] or at, "ended_at": None,
            "status": IN_PLAY, "result": None, "wagered_cents": 0, "won_cents": 0,
            "refunded_cents": 0, "net_cents": 0, "prizes": {}, "detail": dict(f.detail),
            "position": position}
        page.new_rows.add((f.jogada_id, f.player_id))
    else:
        page.changed_rows.add((f.jogada_id, row["player_id"]))
    row["wagered_cents"] += f.wagered_cents
    detail = row["detail"]
    for key, count in f.counts.items():
        detail[key] = detail.get(key, 0) + count


def _player_detail(page: _Page, game: str, target: str, at: datetime, position: int,
                   f: PlayerDetail) -> None:
    row = page.changed(f.jogada_id, f.player_id)
    row["detail"].update(f.detail)
    row["wagered_cents"] += f.wagered_cents


def _jogada_ended(page: _Page, game: str, target: str, at: datetime, position: int,
                  f: JogadaEnded) -> None:
    """Every player's row ends with the jogada's status and default result; then each outcome
    adds to its player's row (by player, or by the seat its row holds)."""
    page.venue(target).update(status=IDLE, open_jogada_id=None, open_jogada_at=None)
    rows = page.players(f.jogada_id)
    for player_id, row in rows.items():
        page.changed_rows.add((f.jogada_id, player_id))
        row.update(ended_at=at, status=f.status, result=f.default_result)
    seats = {row["seat"]: row for row in rows.values() if row["seat"] is not None}
    by_net: dict[str, ByNet] = {}
    for outcome in f.outcomes:
        row = rows.get(outcome.player_id) if outcome.player_id is not None \
            else seats.get(None if outcome.seat is None else str(outcome.seat))
        if row is None:  # no stake of that player in the jogada: not in its listing
            continue
        if isinstance(outcome.result, ByNet):
            by_net[row["player_id"]] = outcome.result
        elif outcome.result is not None:
            row["result"] = outcome.result
        row["won_cents"] += outcome.won_cents
        row["refunded_cents"] += outcome.refunded_cents
        row["prizes"].update(outcome.prizes)
        row["detail"].update(outcome.detail)
    for player_id, result in by_net.items():  # once every outcome is in (issue 24)
        row = rows[player_id]
        row["result"] = result.of(row["won_cents"] + row["refunded_cents"]
                                  - row["wagered_cents"])


_APPLY: dict[type, Callable[..., None]] = {
    VenueOpened: _venue_opened, OccupantAdded: _occupant_added,
    OccupantsRemoved: _occupants_removed, JogadaStarted: _jogada_started,
    PhaseChanged: _phase_changed, Staked: _staked, PlayerDetail: _player_detail,
    JogadaEnded: _jogada_ended}


class JogadasListingProjection:
    """Built with the installation's games (domain/kernel/game.py ``Games``): it reads the events each
    game's listing names (``Game.listing_events``) and applies the facts its ``listing`` makes
    of them; it holds no game's code."""

    name = "jogadas_listing"
    tables = (game_venues, player_jogadas)

    def __init__(self, games: Games) -> None:
        self._listed: dict[type, Game] = dict(games.listed)
        self.event_types: tuple[type, ...] = tuple(self._listed)

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        page = _Page(conn)
        for position, e in events:
            game = for_class(self._listed, type(e))
            if game is None or game.listing is None:
                continue
            facts = game.listing(e)
            if facts:
                target, at = str(e.originator_id), to_utc(e.at)
                for fact in facts:
                    _APPLY[type(fact)](page, game.name, target, at, position, fact)
        page.write()
