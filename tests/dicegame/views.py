"""What a dice table shows: its seats (a player sees them only as taken), the open jogada and,
to a player, its own bet."""

from __future__ import annotations

from typing import Any

from tests.dicegame.table import DiceTable

KIND = "dice"  # its session kind
NO_JOGADA = "no_jogada"


def describe(table: DiceTable, staff: bool = True) -> dict[str, Any]:
    jogada = table.jogada
    return {"table_id": str(table.id), "venue_id": table.venue_id, "game": KIND,
            "name": table.name, "config": table.config,
            "seats": {s: (h["player_id"] if staff else "taken")
                      for s, h in sorted(table.seats.items())},
            "jogada_id": None if jogada is None else jogada["jogada_id"],
            "status": NO_JOGADA if jogada is None else jogada["status"],
            "window_closes_at": None if jogada is None else
            jogada["window_closes_at"].isoformat()}


def player_view(table: DiceTable, player_id: str | None) -> dict[str, Any]:
    mine = None if table.jogada is None or player_id is None else \
        table.jogada["bets"].get(str(player_id))
    return describe(table, staff=False) | {
        "seat": None if player_id is None else table.seat_of(str(player_id)),
        "my_bet": None if mine is None else {"face": mine["face"],
                                             "stake_cents": mine["stake_cents"]}}
