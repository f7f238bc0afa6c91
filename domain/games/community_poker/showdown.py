"""The end of a hold'em or Omaha jogada, pure: who shows, what each hand is worth, and the
settlement the table records (hold'em rules 17–19, 26, 33, 36, 41, 42, 59–63; Omaha rule 26;
A24, A29–A31).

``conclude(table)`` reads the open jogada once its betting is over and answers the hands
shown (rule 59, A29: every hand still in, in showdown order; none when one player is left,
rule 36) and the settlement (domain/games/community_poker/pots.py ``settle``) as ``JogadaSettled``
records it: contributions, the pots, the commission per layer, what each seat receives and
its cave after, and the commission each seat paid (rule 19, A24: a layer's commission comes
out of its winners' payments, split among them like the pot, leftover cents clockwise from the
button as A31 does for the pot).
"""

from __future__ import annotations

from typing import Any

from domain.games.community_poker import dealing, pots
from domain.games.community_poker.config import POT


def seats_clockwise_from_button(state: Any) -> list[str]:
    """``state.seats`` start left of the button and end with it."""
    seats = [s.seat for s in state.seats]
    return seats[-1:] + seats[:-1]


def hands(table: Any, order: list[str]) -> dict[str, dict[str, Any]]:
    """Rules 59–61 (Omaha 59: all four hole cards shown): each hand in showdown order."""
    jogada = table.open_jogada()
    shown = {}
    for seat in order:
        value = dealing.hand_value(table.variant, jogada["hole"][seat], jogada["board"])
        shown[seat] = {"cards": list(jogada["hole"][seat]), "best": list(value.cards),
                       "category": value.category, "words": value.words,
                       "key": list(value.key)}
    return shown


def commission_by_seat(settlement: pots.Settlement) -> dict[str, int]:
    paid: dict[str, int] = {}
    for cut, layer in zip(settlement.rake, settlement.payments):
        winners = list(layer)  # in A31's order (pots.award)
        if not cut or not winners:
            continue
        share, leftover = divmod(cut, len(winners))
        for i, seat in enumerate(winners):
            paid[seat] = paid.get(seat, 0) + share + (1 if i < leftover else 0)
    return paid


def settle_state(state: Any, variant: str, hole: dict[str, list[str]], board: list[str],
                 config: dict[str, Any],
                 ranking: dict[str, Any] | None = None) -> pots.Settlement:
    """The payment the rules give once the betting is over (rules 17–19, 33, 36, 59–63; A24,
    A31): the hands still in valued from their cards (rule 26, A30; Omaha rule 26), unless
    ``ranking`` gives their values already."""
    live = list(state.in_hand)
    if ranking is None:
        ranking = {} if len(live) < 2 else {
            s: dealing.hand_value(variant, hole[s], board).key for s in live}
    commission = config["commission"]
    pot_mode = commission["mode"] == POT
    return pots.settle(
        dealing.contributions(state), [s.seat for s in state.seats if s.folded], ranking,
        seats_clockwise_from_button(state), percent_bp=commission["percent_bp"] if pot_mode
        else 0, cap_cents=commission["cap_cents"] if pot_mode else None,
        flop_seen=len(board) >= 3)


def conclude(table: Any) -> tuple[list[str], dict[str, dict[str, Any]], dict[str, Any]]:
    """(showdown order, hands shown, the settlement's fields of ``JogadaSettled``)."""
    jogada = table.open_jogada()
    state = table.betting()
    showdown = len(state.in_hand) >= 2
    order = dealing.showdown_order(state) if showdown else []
    shown = hands(table, order) if showdown else {}
    contributions = dealing.contributions(state)
    settled = settle_state(state, table.variant, jogada["hole"], jogada["board"],
                           table.config_data,
                           ranking={seat: tuple(h["key"]) for seat, h in shown.items()})
    caves = {seat: p["cave_cents"] - contributions[seat] + settled.totals.get(seat, 0)
             for seat, p in jogada["players"].items()}
    fields = {
        "contributions": contributions, "folded": sorted(settled.folded, key=int),
        "returned": settled.returned,
        "pots": [{"amount": p.amount, "level": p.level, "eligible": list(p.eligible),
                  "contributors": list(p.contributors)} for p in settled.pots],
        "rake": list(settled.rake), "payments": [dict(layer) for layer in settled.payments],
        "totals": dict(settled.totals), "caves": caves,
        "commission": commission_by_seat(settled), "flop_seen": len(jogada["board"]) >= 3,
        "showdown": showdown}
    return order, shown, fields
