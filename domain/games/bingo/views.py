"""What a player sees of a room and of its open jogada (rule 4): the price, the cards sold and
their value, the prize values (after the close of sales, rule 19), the numbers drawn in order
with the last five, the count drawn and left; and its own cards, marked, with an alert for each
card one number away from a prize still in play (rule 28), ordered by closeness to a prize if it
asks (rule 14). Pure: reads the room aggregate."""

from __future__ import annotations

from typing import Any

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.inactivity import BINGO
from domain.games.bingo.room import BingoRoom
from domain.kernel.errors import InvalidInputError

ORDERS = ("purchase", "closeness")
NO_JOGADA = "no_jogada"  # the status of a room with no jogada open (none yet, or between)


def describe(room: BingoRoom, player_id: str | None = None) -> dict[str, Any]:
    """The room for staff (``player_id`` None) or for one player (jogada_summary).
    ``status``: the open jogada's phase, or ``no_jogada``."""
    jogada = room.jogada
    return {"room_id": str(room.id), "name": room.name, "venue_id": room.venue_id,
            "game": BINGO, "config": dict(room.config_data), "pool_account": room.pool_code,
            "jackpot_account": room.jackpot_code, "players": len(room.members),
            "status": NO_JOGADA if jogada is None else jogada["status"],
            "open_jogada": None if jogada is None else jogada_summary(room, player_id),
            "last_jogada_id": room.last_jogada_id}


def jogada_summary(room: BingoRoom, player_id: str | None = None) -> dict[str, Any]:
    """Rules 4 and 19: what every player's screen shows of the open jogada. A prize's
    ``shares`` name its winners to staff (``player_id`` None); a player sees only its own
    share, and every caller the number of ``winners``."""
    jogada = room.open_jogada()
    engine = room.engine
    drawn = list(engine.drawn)
    return {"jogada_id": jogada["jogada_id"], "status": jogada["status"],
            "card_price_cents": room.config.card_price_cents,
            "sales_close_at": jogada["sales_close_at"], "cards_sold": engine.n_cards,
            "sales_cents": engine.n_cards * room.config.card_price_cents,
            "prizes": None if jogada["pool"] is None else dict(jogada["pool"]["prizes"]),
            "drawn": drawn, "last_five": drawn[-5:], "balls_drawn": len(drawn),
            "balls_left": int(room.config.variant) - len(drawn),
            "won": {p: {"ordinal": w["ordinal"], "ball": w["ball"], "cards": w["cards"],
                        "winners": len(w["shares"]),
                        "shares": _shares_seen_by(w["shares"], player_id)}
                    for p, w in jogada["won"].items()},
            "next_draw_at": jogada["next_draw_at"]}


def _shares_seen_by(shares: dict[str, int], player_id: str | None) -> dict[str, int]:
    if player_id is None:
        return dict(shares)
    return {p: cents for p, cents in shares.items() if p == player_id}


def player_view(room: BingoRoom, player_id: str | None, order: str = "purchase") -> dict[str, Any]:
    """``player_id`` None: staff (every winner's share, no cards); a player: its own cards
    and its own share of each prize only."""
    if order not in ORDERS:
        raise InvalidInputError("order must be purchase or closeness", field="order",
                                rule=bingo_rule(14))
    if room.jogada is None:
        return {"room_id": str(room.id), "status": NO_JOGADA,
                "last_jogada_id": room.last_jogada_id}
    view = {"room_id": str(room.id), **jogada_summary(room, player_id)}
    if room.jackpot_code is not None:
        view["jackpot_account"] = room.jackpot_code
    if player_id is None:
        return view
    engine = room.engine
    numbers = room.cards_of(player_id)
    if order == "closeness":  # rule 14: the nearest to a prize first
        numbers.sort(key=lambda n: (engine.closeness(n), n))
    drawn = set(engine.drawn)
    view["cards"] = [{"card": n, "numbers": [list(r) for r in engine.card(n)],
                      "marked": sorted(x for row in engine.card(n) for x in row
                                       if x is not None and x in drawn),
                      "numbers_to_next_prize": engine.closeness(n)} for n in numbers]
    view["alerts"] = engine.alerts(numbers)  # rule 28
    view["alert_rule"] = bingo_rule(28)
    return view
