"""Hold'em's and Omaha's significant events (domain/kernel/significant.py; ``Game.significant``): a
table opened with its configuration (rules 4–8, 17, 38), a player's lost connection (rule 73:
not a void, the clock acts for the player), a jogada voided by a fault of the system or by
start-up recovery (rule 72, A26, A10), and one device or connection used by two players at the
same table (903-B 6.6.1: ``shared_device``, a warning for the operator to look into)."""

from __future__ import annotations

from typing import Any

from domain.games.community_poker.config import rule
from domain.games.community_poker.table import TABLES
from domain.kernel.rules import T903B, cite
from domain.kernel.significant import (
    CONNECTION_LOST,
    GAME_KINDS,
    INFO,
    JOGADA_VOIDED,
    RECOVERY,
    VENUE_OPENED,
    WARNING,
    Significant,
    SignificantEvents,
    voided,
)
from domain.kernel.viewer import euros

SHARED_DEVICE = "shared_device"
KINDS = {kind: GAME_KINDS[kind]
         for kind in (VENUE_OPENED, CONNECTION_LOST, JOGADA_VOIDED, RECOVERY)}
KINDS[SHARED_DEVICE] = ("one device or connection was used by two players at the same table"
                        " (903-B 6.6.1)")


def _opened(e: Any) -> Significant:
    c = e.config
    variant = c["variant"]
    return Significant(VENUE_OPENED, f"table {e.name!r} opened: {variant}, {c['seats']} seats,"
                       f" {c['structure']}, blinds {euros(c['small_blind_cents'])}/"
                       f"{euros(c['big_blind_cents'])}", INFO, venue_id=e.venue_id,
                       detail={"name": e.name, "config": dict(c), "rule": rule(variant, 4)})


def _connection_lost(e: Any) -> Significant:
    return Significant(CONNECTION_LOST, f"player {e.player_id} at seat {e.seat} lost the"
                       f" connection in jogada {e.jogada_id}; the clock acts for it", WARNING,
                       jogada_id=e.jogada_id,
                       detail={"player_id": e.player_id, "seat": e.seat, "rule": e.rule})


def _shared_device(e: Any) -> Significant:
    where = f" during jogada {e.jogada_id}" if e.jogada_id else ""
    return Significant(SHARED_DEVICE, f"device {e.device_id} used by {len(e.players)} players"
                       f" at the same table{where}: {', '.join(e.players)}", WARNING,
                       jogada_id=e.jogada_id,
                       detail={"device_id": e.device_id, "players": list(e.players),
                               "rule": cite(T903B, "6.6.1")})


# The significant events of both games' tables (``HoldemTable`` and ``OmahaTable``): each game
# declares those of its own table (game.py ``of_table``).
SIGNIFICANT = SignificantEvents(kinds=KINDS, classify={
    classified: classify for t in TABLES.values() for classified, classify in (
        (t.TableOpened, _opened),
        (t.PlayerConnectionLost, _connection_lost),
        (t.JogadaVoided, lambda e: voided(e, e.rule)),
        (t.SharedDeviceFlagged, _shared_device))})
