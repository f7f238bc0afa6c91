"""What a caller may see of a roulette wheel and its open jogada.

- ``describe``: the wheel, its players (staff see who is there; a player only its own ids),
  the open jogada's status and window, the last winning numbers and their colours (r6e, A56)
  and the last jogada's id.
- ``player_view``: the open jogada as one player may see it: its window (r16), the player's
  own slips (staff: everyone's), the last winning numbers and colours (r6e, A56) and the
  player's last jogada at the wheel, its number and the amounts bet and paid (r26).
- ``last_jogada``: the player's last roulette jogada wherever it played (r26), from its A63
  slot (one_jogada.py).
- ``rules_page``: the wheel's rules, limits per chance (r11–r13), payouts (r14, r15), each
  bet's exact return (rtp.py) and the largest prize per unit bet (903-B 6.1.6(9)); r27.
Pure: reads the wheel aggregate (and the wallet's available balance, the player's slot).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette import chances, rtp
from domain.games.roulette.one_jogada import find_slot
from domain.games.roulette.players import game_kind
from domain.games.roulette.rule_book import RULES, a_rule, rf_rule
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.rules import T903B, cite
from domain.ledger import wallets

NO_JOGADA = "no_jogada"


def _kind(wheel: RouletteWheel) -> str:
    return game_kind(wheel.config_data)


def _window(jogada: dict[str, Any]) -> dict[str, Any]:
    return {"jogada_id": jogada["jogada_id"], "number": jogada["number"],
            "status": jogada["status"], "opened_at": jogada["opened_at"],
            "betting_closes_at": jogada["betting_closes_at"]}


def describe(wheel: RouletteWheel, player_id: str | None = None) -> dict[str, Any]:
    jogada = wheel.jogada
    staff = player_id is None
    return {"wheel_id": str(wheel.id), "name": wheel.name, "venue_id": wheel.venue_id,
            "game": _kind(wheel), "config": dict(wheel.config_data),
            "players": (dict(sorted(wheel.players.items())) if staff else
                        {p: s for p, s in wheel.players.items() if p == player_id}),
            "player_count": len(wheel.players),
            "status": NO_JOGADA if jogada is None else jogada["status"],
            "open_jogada": None if jogada is None else {
                **_window(jogada), "players": wheel.bettors() if staff else None},
            "recent_results": [dict(r) for r in wheel.recent_results],  # r6e, A56
            "last_jogada_id": wheel.last_jogada_id}


def _slip_view(slip: dict[str, Any]) -> dict[str, Any]:
    return {"slip": slip["slip"], "player_id": slip["player_id"],
            "amount_cents": slip["amount_cents"], "withdrawn": slip["withdrawn"],
            "bets": [dict(b) for b in slip["bets"]]}


def player_view(uow: Any, wheel: RouletteWheel, player_id: str | None) -> dict[str, Any]:
    """The wheel as ``player_id`` may see it (staff: None, every slip)."""
    jogada = wheel.jogada
    view: dict[str, Any] = {
        "wheel_id": str(wheel.id), "game": _kind(wheel),
        "status": NO_JOGADA if jogada is None else jogada["status"],
        "jogada": None, "recent_results": [dict(r) for r in wheel.recent_results],
        "last_jogada_id": wheel.last_jogada_id,
        "rule": f"{rf_rule('6e', 26)}, {a_rule(56)}"}
    if jogada is not None:
        slips = [s for _, s in sorted(jogada["slips"].items(), key=lambda kv: int(kv[0]))
                 if player_id is None or s["player_id"] == player_id]
        view["jogada"] = {**_window(jogada), "slips": [_slip_view(s) for s in slips],
                          "staked_cents": sum(s["amount_cents"] for s in slips
                                              if not s["withdrawn"]),
                          "forced": jogada["forced_number"] is not None}
    if player_id is not None:
        view["player_id"] = player_id
        view["at_wheel"] = player_id in wheel.players
        view["my_last_jogada"] = _last(wheel, player_id)  # r26
        view["available_cents"] = wallets.get_wallet(uow, UUID(str(player_id))).available_cents
    return view


def _last(wheel: RouletteWheel, player_id: str) -> dict[str, Any] | None:
    last = wheel.player_last.get(player_id)
    return None if last is None else {**last, "rule": rf_rule(26)}


def last_jogada(uow: Any, player_id: str) -> dict[str, Any]:
    """r26: the last roulette jogada the player took part in (its result and amounts bet),
    at whichever wheel; ``in_play``: a jogada of its still open."""
    slot = find_slot(uow, str(player_id))
    wheel = None if slot is None or slot.wheel_id is None else \
        uow.find(UUID(slot.wheel_id), RouletteWheel)
    if wheel is None:
        return {"player_id": str(player_id), "last_jogada": None, "in_play": None,
                "rule": rf_rule(26)}
    jogada = wheel.jogada
    in_play = jogada["jogada_id"] if jogada is not None and \
        jogada["jogada_id"] == slot.jogada_id and wheel.live_slips(str(player_id)) else None
    return {"player_id": str(player_id), "wheel_id": str(wheel.id),
            "last_jogada": _last(wheel, str(player_id)), "in_play": in_play,
            "rule": rf_rule(26)}


def rules_page(wheel: RouletteWheel) -> dict[str, Any]:
    """r27: the rules, limits and bets before, during and after play; r11–r13 the limits,
    r14, r15 the payouts; 903-B 6.1.6(9): each bet's return and the largest prize per unit."""
    config = wheel.config
    largest = chances.largest_return_per_unit()
    limits = []
    for cls in chances.LIMIT_CLASSES:
        offered = cls not in chances.TWO_DOZEN_COLUMN or config.two_dozen_column
        limits.append({"chance": cls, "offered": offered, "covers": chances.COVERS[cls],
                       "min_cents": config.minimums[cls], "max_cents": config.maximums[cls],
                       "pays": str(chances.ODDS[cls]),
                       "returns_per_unit": str(largest[cls])})
    best = max(v for k, v in largest.items()
               if k not in chances.TWO_DOZEN_COLUMN or config.two_dozen_column)
    return {
        "wheel_id": str(wheel.id), "name": wheel.name, "game": _kind(wheel),
        "regulation": "Regulamento 807/2015", "rule": rf_rule(27), "kind": config.kind,
        "limits": limits, "limits_rule": f"{rf_rule(11, 12, 13)}, {a_rule(57)}",
        "player_total_max_cents": config.player_total_max_cents,
        "call_bets": list(config.call_bets), "call_bet_breakdown": config.call_bet_breakdown,
        "call_bets_rule": f"{rf_rule(8, 15)}, {a_rule(59)}",
        "betting_seconds": config.betting_seconds,
        "timers_rule": cite(T903B, "6.1.4") + ", " + rf_rule(16 if config.betting_seconds
                                                            else 17),
        "zero": "on 0 every simple chance loses (no la partage, no en prison); plenos, cavalos,"
                " ruas and the quadro holding 0 win (" + rf_rule(21) + ", " + a_rule(58) + ")",
        "results_shown": config.results_shown,
        "returns": rtp.table(),  # 903-B 6.1.6(9), 6.7.1: every bet returns 36/37
        "largest_prize_per_unit": str(best),  # 903-B 6.1.6(9): a pleno, 36 × the unit
        "rules": [{"rule": rf_rule(n), "title": title} for n, title in sorted(RULES.items())],
    }
