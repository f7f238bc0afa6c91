"""What a hold'em or Omaha table shows (hold'em rules 4d–e, 13, 65–67; rules-digest 1.4–1.5).

- ``describe``: the table and its rules, for anyone (rule 66: the rules and bet values
  available at all times): configuration, seats with their caves in euros (rules 4d–e, 13),
  the button, and the open jogada as everyone at the table sees it.
- ``player_view``: the same, plus the player's own hole cards only, its options with their
  amounts and the deadline when it is its turn (rules 34, 43), and the last jogada it took
  part in at this table (rule 65). Nobody's hole cards are shown
  to anyone else before the showdown, staff included; the replay shows them once the jogada
  has ended (GET /jogadas/{id}/replay).
"""

from __future__ import annotations

from typing import Any

from domain.games.community_poker import dealing
from domain.games.community_poker.actions import options


def _jogada_public(table: Any) -> dict[str, Any] | None:
    jogada = table.jogada
    if jogada is None or jogada["round"] is None:
        return None
    state = table.betting()
    pot = state.pot
    return {
        "jogada_id": jogada["jogada_id"], "number": jogada["number"], "button": table.button,
        "street": dealing.STREET_NAMES[state.street], "board": list(jogada["board"]),
        "pot_cents": pot, "current_bet_cents": state.current_bet,
        "to_act": state.acting, "deadline": None if jogada["deadline"] is None
        else jogada["deadline"].isoformat(), "extended": jogada["extended"],
        "seats": {s.seat: {"stack_cents": s.stack, "bet_cents": s.put_in,
                           "in_jogada_cents": s.committed + s.put_in, "folded": s.folded,
                           "all_in": s.all_in} for s in state.seats},
    }


def describe(table: Any, *, staff: bool = False) -> dict[str, Any]:
    """The table for anyone; ``staff`` adds who sits where (player and session ids)."""
    seats = {}
    for seat, holder in sorted(table.seats.items(), key=lambda kv: int(kv[0])):
        seen = {"cave_cents": holder["cave_cents"], "leaving": holder["leaving"]}
        if staff:
            seen.update(player_id=holder["player_id"], session_id=holder["session_id"])
        seats[seat] = seen
    return {"table_id": str(table.id), "name": table.name, "game": table.variant,
            "venue_id": table.venue_id, "config": dict(table.config_data), "seats": seats,
            "button": table.button, "jogadas": table.jogadas_started,
            "last_jogada_id": table.last_jogada_id, "jogada": _jogada_public(table),
            "account_code": table.account_code, "commission_account": table.rake_code}


def player_view(table: Any, player_id: str | None, *, staff: bool = False) -> dict[str, Any]:
    view = describe(table, staff=staff)
    seat = None if player_id is None else table.seat_of(player_id)
    view["your_seat"] = seat
    if player_id is not None:  # rule 65: the last jogada the player took part in here
        view["your_last_jogada_id"] = table.last_jogadas.get(player_id)
    jogada = table.jogada
    if seat is not None and jogada is not None and seat in jogada.get("hole", {}):
        view["your_cards"] = list(jogada["hole"][seat])
        state = table.betting()
        if state.acting == seat:
            view["your_options"] = options(state, seat)
    return view
