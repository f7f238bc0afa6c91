"""What a caller may see of a póquer sem descarte table and its open jogada: the table with
its seats (staff see who holds each; a player sees the seats only as taken, and its own ids in
its own seat) and the open jogada's phase; and the open jogada as one player may see it: its
own cards and the bank's open card only (rule 19c) until the bank's cards are revealed (rule
24), and the options open to it now (rule 30: fold or continue while its decision is due, rules
20–23). Pure: reads the table aggregate."""

from __future__ import annotations

from typing import Any

from domain.games.semdescarte.config import bet_for_ante
from domain.games.semdescarte.seats import game_kind, seats_seen_by
from domain.games.semdescarte.table import CONTINUE, DECIDING, FOLD, SemDescarteTable

NO_JOGADA = "no_jogada"  # the status of a table with no jogada open (none yet, or between)


def describe(table: SemDescarteTable, player_id: str | None = None) -> dict[str, Any]:
    """The table for a caller: staff (``player_id`` None) see who holds each seat; a player
    sees which seats are taken, and its own player and session id in its own seat.
    ``status``: the open jogada's phase, or ``no_jogada``."""
    jogada = table.jogada
    return {"table_id": str(table.id), "name": table.name, "venue_id": table.venue_id,
            "game": game_kind(table.config_data), "config": dict(table.config_data),
            "seats": seats_seen_by(table, staff=player_id is None, player_id=player_id),
            "status": NO_JOGADA if jogada is None else jogada["status"],
            "jackpot_account": table.jackpot_code,
            "open_jogada": None if jogada is None else {
                "jogada_id": jogada["jogada_id"], "status": jogada["status"],
                "betting_closes_at": jogada["betting_closes_at"],
                "decision_deadline": jogada["decision_deadline"],
                "seats": sorted(jogada["bets"], key=int)},
            "last_jogada_id": table.last_jogada_id}



def player_view(table: SemDescarteTable, player_id: str | None,
                jogada_id: str | None = None) -> dict[str, Any]:
    """The open jogada as one player may see it: its own cards and the bank's open card only
    (rule 19c), until the bank's cards are revealed (rule 24), and the options open to it now
    (rule 30: fold or continue while its decision is due; none otherwise, nor for staff)."""
    jogada = table.jogada
    if jogada is None and jogada_id is None and table.last_jogada_id is None:
        return {"jogada_id": None, "status": NO_JOGADA, "table_id": str(table.id)}
    if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
        return {"jogada_id": jogada_id or table.last_jogada_id, "status": "ended",
                "table_id": str(table.id)}
    seat = table.seat_of(player_id) if player_id else None
    view = {"jogada_id": jogada["jogada_id"], "table_id": str(table.id),
            "status": jogada["status"], "bank_open_card": jogada["bank_open_card"],
            "decision_deadline": jogada["decision_deadline"], "options": []}
    if seat is not None and seat in jogada["hands"]:
        view["seat"] = int(seat)
        view["cards"] = list(jogada["hands"][seat])
        view["ante_cents"] = jogada["bets"][seat]["ante_cents"]
        view["decision"] = jogada["bets"][seat]["decision"]
        view["bet_if_continue_cents"] = bet_for_ante(jogada["bets"][seat]["ante_cents"])
        if jogada["status"] == DECIDING and view["decision"] is None:
            view["options"] = [FOLD, CONTINUE]
    return view
