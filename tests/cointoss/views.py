"""What a coin table shows: its configuration and whether a jogada takes bets."""

from __future__ import annotations

from typing import Any

from tests.cointoss.table import CoinTable

KIND = "cointoss"


def describe(table: CoinTable) -> dict[str, Any]:
    jogada = table.jogada
    return {"table_id": str(table.id), "venue_id": table.venue_id, "game": KIND,
            "name": table.name, "config": table.config,
            "jogada_id": None if jogada is None else jogada["jogada_id"],
            "status": "no_jogada" if jogada is None else "betting"}


def player_view(table: CoinTable, player_id: str | None) -> dict[str, Any]:
    """The table, and the player's own bet in the open jogada."""
    mine = None if table.jogada is None or player_id is None else \
        table.jogada["bets"].get(str(player_id))
    return describe(table) | {"my_bet": None if mine is None else
                              {"side": mine["side"], "stake_cents": mine["stake_cents"]}}
