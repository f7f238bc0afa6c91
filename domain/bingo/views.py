"""What a player sees of the open jogada of a room (rule 4): the price, the cards sold and
their value, the prize values (after the close of sales, rule 19), the numbers drawn in order
with the last five, the count drawn and left; and its own cards, marked, with an alert for each
card one number away from a prize still in play (rule 28), ordered by closeness to a prize if it
asks (rule 14). Pure: reads the room aggregate."""

from __future__ import annotations

from typing import Any

from domain.bingo.cards import bingo_rule
from domain.bingo.commands import jogada_summary
from domain.bingo.room import BingoRoom
from domain.errors import InvalidInputError

ORDERS = ("purchase", "closeness")


def player_view(room: BingoRoom, player_id: str | None, order: str = "purchase") -> dict[str, Any]:
    if order not in ORDERS:
        raise InvalidInputError("order must be purchase or closeness", field="order",
                                rule=bingo_rule(14))
    if room.jogada is None:
        return {"room_id": str(room.id), "status": "no_jogada",
                "last_jogada_id": room.last_jogada_id}
    view = {"room_id": str(room.id), **jogada_summary(room)}
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
