"""Projection "jogadas_listing": the game venues and every player's jogadas, from the game
streams' events alone (no account event is read: the table's and the room's events carry the
stakes, the payouts and the refunds, the same amounts the commands move and the session
statements count).

- ``game_venues``: one row per póquer sem descarte table and bingo room: name, kind (sem
  descarte ``individual``/``multi``; bingo variant), configuration (what a player must see
  before betting: sem descarte rule 38, bingo rule 4), the seats or members, the phase of the
  open jogada. What ``GET /semdescarte/tables`` and ``GET /bingo/rooms`` list.
- ``player_jogadas``: one row per (jogada, player with a bet in it): the venue, when the jogada
  started and ended, its status (``in_play``, ``settled``, ``void``, ``cancelled``), the
  player's amounts and result. Amounts as on the session statement (sem descarte rule 39,
  bingo rule 52): ``wagered_cents`` every stake (ante, side bet, second bet; cards bought),
  ``won_cents`` everything paid at the settlement (stakes returned included, and prizes),
  ``refunded_cents`` the stakes given back by a void or a cancellation (sem descarte rule 33,
  bingo rules 20, 45–47), ``net_cents`` = won + refunded − wagered. ``position`` is the
  notification id of the player's first stake in the jogada: unique, so the listing's cursor.

The Table definitions here are identical to migrations/versions/0007_jogadas_listing.py.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import (BigInteger, Column, Connection, DateTime, Index, Integer,
                        PrimaryKeyConstraint, String, Table, Text, bindparam, insert, select,
                        update)

from domain.bingo.room import BingoRoom
from domain.semdescarte.table import SemDescarteTable
from projections.money import to_utc
from projections.tables import metadata

SEMDESCARTE, BINGO = "semdescarte", "bingo"  # the listing's game names
IDLE = "idle"
IN_PLAY, SETTLED, VOID, CANCELLED = "in_play", "settled", "void", "cancelled"
JOGADA_STATUSES = (IN_PLAY, SETTLED, VOID, CANCELLED)
WON, LOST = "won", "lost"  # bingo results (sem descarte keeps the settlement's own words)

game_venues = Table(
    "game_venues", metadata,
    Column("venue_id", String(100), primary_key=True),
    Column("game", String(16), nullable=False),
    Column("target_id", String(36), nullable=False),  # the table id or the room id
    Column("name", String(200), nullable=False),
    Column("name_key", String(200), nullable=False),  # casefolded: the name filter
    Column("kind", String(32), nullable=False),
    Column("config", Text, nullable=False),
    Column("capacity", Integer),  # sem descarte: seats; bingo: none
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
    Index("ix_player_jogadas_position", "position", unique=True),
)

VENUE_JSON = ("config", "occupants")
JOGADA_JSON = ("prizes", "detail")
_SD, _BR = SemDescarteTable, BingoRoom
_SD_TYPES = (
    _SD.TableOpened, _SD.PlayerSeated, _SD.PlayerLeft, _SD.JogadaOpened, _SD.AntePlaced,
    _SD.CardsDealt, _SD.PlayerFolded, _SD.PlayerContinued, _SD.JogadaSettled, _SD.JogadaVoided)
_BINGO_TYPES = (
    _BR.RoomOpened, _BR.PlayerJoined, _BR.PlayersLeft, _BR.JogadaOpened, _BR.CardsBought,
    _BR.SalesClosed, _BR.JogadaCancelled, _BR.JogadaSettled, _BR.JogadaVoided)
EVENT_TYPES = _SD_TYPES + _BINGO_TYPES
_SEMDESCARTE = frozenset(_SD_TYPES)


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


def _new_venue(page: _Page, position: int, e: Any, game: str, kind: str,
               capacity: int | None) -> None:
    target = str(e.originator_id)
    page.venues[target] = {
        "venue_id": e.venue_id, "game": game, "target_id": target, "name": e.name,
        "name_key": e.name.casefold(), "kind": kind, "config": dict(e.config),
        "capacity": capacity, "occupants": {}, "occupied": 0, "status": IDLE,
        "open_jogada_id": None, "open_jogada_at": None, "jogadas": 0,
        "opened_at": to_utc(e.at), "position": position}
    page.new_venues.add(target)


def _occupants(venue: dict[str, Any], occupants: dict[str, str]) -> None:
    venue["occupants"] = occupants
    venue["occupied"] = len(occupants)


def _jogada_opened(venue: dict[str, Any], e: Any, status: str) -> None:
    venue.update(status=status, open_jogada_id=e.jogada_id, open_jogada_at=to_utc(e.at),
                 jogadas=e.number)


def _stake(page: _Page, position: int, e: Any, seat: str | None,
           detail: dict[str, Any]) -> dict[str, Any]:
    """The player's row of the jogada, made at its first stake."""
    rows = page.players(e.jogada_id)
    row = rows.get(e.player_id)
    if row is not None:
        page.changed_rows.add((e.jogada_id, e.player_id))
        return row
    venue = page.venue(str(e.originator_id))
    row = rows[e.player_id] = {
        "jogada_id": e.jogada_id, "player_id": e.player_id, "game": venue["game"],
        "venue_id": venue["venue_id"], "target_id": venue["target_id"],
        "venue_name": venue["name"], "seat": seat,
        "started_at": venue["open_jogada_at"] or to_utc(e.at), "ended_at": None,
        "status": IN_PLAY, "result": None, "wagered_cents": 0, "won_cents": 0,
        "refunded_cents": 0, "net_cents": 0, "prizes": {}, "detail": detail,
        "position": position}
    page.new_rows.add((e.jogada_id, e.player_id))
    return row


def _ended(page: _Page, e: Any) -> None:
    page.venue(str(e.originator_id)).update(status=IDLE, open_jogada_id=None,
                                            open_jogada_at=None)
    for player_id, row in page.players(e.jogada_id).items():
        page.changed_rows.add((e.jogada_id, player_id))
        row["ended_at"] = to_utc(e.at)


def _by_seat(page: _Page, jogada_id: str) -> dict[str, str]:
    return {row["seat"]: player for player, row in page.players(jogada_id).items()}


# Póquer sem descarte (domain/semdescarte/table.py, decisions.py, faults.py) ------------------
def _sd_settled(page: _Page, e: Any) -> None:
    """Rules 22, 26–29 (the outcome of each seat: stakes returned + winnings paid, A2, A3);
    Portaria r9, A12 (the jackpot prizes)."""
    _ended(page, e)
    for outcome in e.outcomes.values():
        row = page.changed(e.jogada_id, outcome["player_id"])
        row.update(status=SETTLED, result=outcome["result"])
        row["won_cents"] += outcome["returned_cents"] + outcome["won_cents"]
        row["detail"].update({k: outcome[k] for k in (
            "multiplier", "player_hand", "bank_hand", "rule")})
    for award in e.jackpot_awards:
        row = page.changed(e.jogada_id, award["player_id"])
        row["won_cents"] += award["amount_cents"]
        if award["amount_cents"]:
            row["prizes"][f"jackpot_{award['category']}"] = award["amount_cents"]


def _sd_voided(page: _Page, e: Any) -> None:
    """Rule 33: every stake back, in full."""
    _ended(page, e)
    seats = _by_seat(page, e.jogada_id)
    for player in page.players(e.jogada_id).values():
        player.update(status=VOID, result=VOID)
    for seat, cents in e.refunds.items():
        page.changed(e.jogada_id, seats[seat])["refunded_cents"] += cents


def _apply_semdescarte(page: _Page, position: int, e: Any, cls: type) -> None:
    if cls is _SD.TableOpened:
        _new_venue(page, position, e, SEMDESCARTE, e.config["kind"], e.config.get("seats"))
        return
    venue = page.venue(str(e.originator_id))
    if cls is _SD.PlayerSeated:
        _occupants(venue, {**venue["occupants"], e.seat: e.player_id})
    elif cls is _SD.PlayerLeft:
        _occupants(venue, {s: p for s, p in venue["occupants"].items() if s != e.seat})
    elif cls is _SD.JogadaOpened:
        _jogada_opened(venue, e, "betting")
    elif cls is _SD.AntePlaced:  # rules 2a, 16–18; Portaria r3
        row = _stake(page, position, e, e.seat, {
            "ante_cents": e.ante_cents, "jackpot_bet_cents": e.jackpot_bet_cents,
            "bet_cents": 0, "decision": None})
        row["wagered_cents"] += e.ante_cents + e.jackpot_bet_cents
    elif cls is _SD.CardsDealt:
        venue["status"] = "deciding"
    elif cls is _SD.PlayerFolded:  # rule 22 (32, 34–35: on timeout or a lost connection)
        page.changed(e.jogada_id, e.player_id)["detail"]["decision"] = "fold"
    elif cls is _SD.PlayerContinued:  # rules 2f, 23: the second bet
        row = page.changed(e.jogada_id, e.player_id)
        row["detail"].update(decision="continue", bet_cents=e.bet_cents)
        row["wagered_cents"] += e.bet_cents
    elif cls is _SD.JogadaSettled:
        _sd_settled(page, e)
    elif cls is _SD.JogadaVoided:
        _sd_voided(page, e)


# Bingo (domain/bingo/room.py, prizes.py, faults.py) ------------------------------------------
def _bingo_ended(page: _Page, e: Any, status: str, won: dict[str, dict[str, int]],
                 refunds: dict[str, int]) -> None:
    _ended(page, e)
    for player_id, row in page.players(e.jogada_id).items():
        prizes = {p: c for p, c in won.get(player_id, {}).items()}
        row["prizes"] = prizes
        row["won_cents"] = sum(prizes.values())
        row["refunded_cents"] = refunds.get(player_id, 0)
        row["status"] = status
        row["result"] = status if status != SETTLED else WON if row["won_cents"] else LOST


def _apply_bingo(page: _Page, position: int, e: Any, cls: type) -> None:
    if cls is _BR.RoomOpened:
        _new_venue(page, position, e, BINGO, e.config["variant"], None)
        return
    venue = page.venue(str(e.originator_id))
    if cls is _BR.PlayerJoined:  # rules 53–55: the room's members
        _occupants(venue, {**venue["occupants"], e.player_id: e.session_id})
    elif cls is _BR.PlayersLeft:
        gone = set(e.player_ids)
        _occupants(venue, {p: s for p, s in venue["occupants"].items() if p not in gone})
    elif cls is _BR.JogadaOpened:
        _jogada_opened(venue, e, "sale")
    elif cls is _BR.CardsBought:  # rules 10–13: the cards' price leaves the wallet at once
        row = _stake(page, position, e, None, {"cards": 0})
        row["wagered_cents"] += e.amount_cents
        row["detail"]["cards"] += len(e.cards)
    elif cls is _BR.SalesClosed:
        venue["status"] = "drawing"
    elif cls is _BR.JogadaCancelled:  # rules 6, 20: too few players, every card refunded
        _bingo_ended(page, e, CANCELLED, {}, e.refunds)
    elif cls is _BR.JogadaSettled:  # rule 26: every prize paid, the jackpot too (rule 42)
        _bingo_ended(page, e, SETTLED, e.payments, {})
    elif cls is _BR.JogadaVoided:  # rules 45–47: prizes won are paid, the others refunded
        _bingo_ended(page, e, VOID, e.prizes_paid, e.refunds)


class JogadasListingProjection:
    name = "jogadas_listing"
    tables = (game_venues, player_jogadas)
    event_types = EVENT_TYPES

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        page = _Page(conn)
        for position, e in events:
            cls = type(e)
            if cls in _SEMDESCARTE:
                _apply_semdescarte(page, position, e, cls)
            else:
                _apply_bingo(page, position, e, cls)
        page.write()

