"""What a caller may see of a blackjack table and its open jogada.

- ``describe``: the table, its seats (staff see who holds each; a player sees them only as
  taken, its own ids in its own seats), the open jogada's phase, the banca's recent results
  (r4c, A56) and the last jogada's id (r31).
- ``player_view``: the open jogada as one player may see it. Every player's cards are dealt
  face up at blackjack (r14), so every seat's cards are shown; the banca's up card only, never
  its hole card, until ``HoleCardRevealed`` (r14b, r17, A47). The turn, and the options open to
  that player now with their cost and whether its available balance covers them (r24, A49).
- ``rules_page``: the table's rules, limits and options (r32), the payouts (r25), and the
  largest win per unit bet (903-B 6.1.6(9), A50).
Pure: reads the table aggregate (and the wallet's available balance).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.blackjack import hands as bj
from domain.games.blackjack.rtp import rtp
from domain.games.blackjack.rule_book import RULES, a_rule, bj_rule
from domain.games.blackjack.seats import game_kind, seats_seen_by
from domain.games.blackjack.table import OFFERS, PLAY, BlackjackTable
from domain.kernel.rules import T903B, cite
from domain.ledger import wallets

NO_JOGADA = "no_jogada"


def describe(table: BlackjackTable, player_id: str | None = None) -> dict[str, Any]:
    jogada = table.jogada
    return {"table_id": str(table.id), "name": table.name, "venue_id": table.venue_id,
            "game": game_kind(table.config_data), "config": dict(table.config_data),
            "seats": seats_seen_by(table, staff=player_id is None, player_id=player_id),
            "status": NO_JOGADA if jogada is None else jogada["status"],
            "open_jogada": None if jogada is None else {
                "jogada_id": jogada["jogada_id"], "status": jogada["status"],
                "betting_closes_at": jogada["betting_closes_at"],
                "decision_deadline": jogada["decision_deadline"],
                "seats": sorted(jogada["bets"], key=int)},
            "recent_results": [dict(r) for r in table.recent_results],  # r4c, A56
            "last_jogada_id": table.last_jogada_id}


def option_dicts(options: list[bj.Option]) -> list[dict[str, Any]]:
    return [{"decision": o.decision, "cost_cents": o.cost_cents, "available": o.available,
             "reason": o.reason, "rule": o.rule} for o in options]


def play_options_of(table: BlackjackTable, seat: str, hand: int,
                    available_cents: int) -> list[bj.Option]:
    jogada = table.open_jogada()
    return bj.play_options(table.hand_state(seat, hand), up_card=jogada["up_card"],
                           hands_at_seat=len(jogada["hands"][seat]), rules=table.rules,
                           seat_decided=table.seat_decided(seat),
                           available_cents=available_cents)


def offer_options_of(table: BlackjackTable, seat: str, available_cents: int) -> list[bj.Option]:
    jogada = table.open_jogada()
    return bj.offer_options(table.hand_state(seat, 0), up_card=jogada["up_card"],
                            rules=table.rules, available_cents=available_cents)


def _hand_view(h: dict[str, Any], result: dict[str, Any] | None) -> dict[str, Any]:
    t = bj.total(h["cards"], ace_fixed=h["ace_fixed"])
    return {"cards": list(h["cards"]), "total": t.best, "soft": t.soft,
            "stake_cents": h["stake_cents"], "doubled": h["doubled"],
            "from_split": h["from_split"], "done": h["done"],
            "result": None if result is None else result["result"],
            "paid_cents": None if result is None else (
                result["returned_cents"] + result["won_cents"] + result["prize_cents"])}


def player_view(uow: Any, table: BlackjackTable, player_id: str | None,
                jogada_id: str | None = None) -> dict[str, Any]:
    """The open jogada as ``player_id`` may see it (staff: None, no options)."""
    jogada = table.jogada
    if jogada is None or (jogada_id is not None and jogada["jogada_id"] != jogada_id):
        if jogada_id is None and table.last_jogada_id is None:
            return {"jogada_id": None, "status": NO_JOGADA, "table_id": str(table.id),
                    "recent_results": [dict(r) for r in table.recent_results]}
        return {"jogada_id": jogada_id or table.last_jogada_id, "status": "ended",
                "table_id": str(table.id),
                "recent_results": [dict(r) for r in table.recent_results]}
    mine = table.seats_of(player_id) if player_id else []
    dealt = jogada["up_card"] is not None
    view: dict[str, Any] = {
        "jogada_id": jogada["jogada_id"], "table_id": str(table.id),
        "status": jogada["status"], "betting_closes_at": jogada["betting_closes_at"],
        "decision_deadline": jogada["decision_deadline"],
        "my_seats": [int(s) for s in mine],
        "bets": {s: b["amount_cents"] for s, b in sorted(jogada["bets"].items(),
                                                         key=lambda kv: int(kv[0]))},
        # r14b, A47: the hole card is never shown before it is revealed
        "banca": {"cards": list(jogada["banca"]) if dealt else [],
                  "up_card": jogada["up_card"],
                  "hole_card": jogada["hole_card"] if jogada["revealed"] else None,
                  "revealed": jogada["revealed"]},
        "seats": {s: {"hands": [_hand_view(h, jogada["results"][s].get(str(i)))
                                for i, h in enumerate(jogada["hands"][s])],
                      "insurance_cents": jogada["insurance"].get(s),
                      "offer": jogada["offers"].get(s)}
                  for s in jogada["order"] if s in jogada["hands"]},
        "turn": None, "options": []}
    turn = jogada["turn"]
    if turn is not None:
        view["turn"] = {"seat": int(turn["seat"]), "hand": turn["hand"],
                        "decision_deadline": jogada["decision_deadline"]}
    if not mine:
        return view
    available = _available(uow, player_id)
    if jogada["status"] == OFFERS:
        view["options"] = [{"seat": int(s), "hand": 0, **o}
                           for s in table.pending_offers() if s in mine
                           for o in option_dicts(offer_options_of(table, s, available))]
    elif jogada["status"] == PLAY and turn is not None and turn["seat"] in mine:
        view["options"] = [{"seat": int(turn["seat"]), "hand": turn["hand"], **o}
                           for o in option_dicts(play_options_of(
                               table, turn["seat"], turn["hand"], available))]
    return view


def _available(uow: Any, player_id: str) -> int:
    """The wallet's available balance (A49, r24)."""
    return wallets.get_wallet(uow, UUID(str(player_id))).available_cents


def rules_page(table: BlackjackTable) -> dict[str, Any]:
    """r32: the rules, limits and options before, during and after play; 903-B 6.1.6(9): the
    largest win per unit bet (A50)."""
    config = table.config
    rules = config.rules
    return {
        "table_id": str(table.id), "name": table.name, "game": game_kind(table.config_data),
        "regulation": "Regulamento 805/2015", "rule": bj_rule(32),
        "kind": config.kind, "decks": config.decks, "seats": config.seats,
        "limits": {"min_bet_cents": config.min_bet_cents,
                   "max_bet_cents": config.max_bet_cents, "rule": bj_rule(9, 10, 11)},
        "options": {"multi_seat": config.multi_seat,
                    "double_any_total": config.double_any_total,
                    "true_pairs_only": config.true_pairs_only, "max_hands": config.max_hands,
                    "insurance": config.insurance, "special_prize": config.special_prize,
                    "rule": bj_rule(7, 16)},
        "timers": {"betting_seconds": config.betting_seconds,
                   "decision_seconds": config.decision_seconds if config.kind != "individual"
                   else None, "rule": cite(T903B, "6.1.4")},
        "banca": "draws to 16, stands on 17, soft 17 included; no peek (" + bj_rule(17)
                 + ", " + a_rule(47) + ")",
        "payouts": [
            {"outcome": "blackjack", "pays": "3:2", "rule": bj_rule("25a")},
            {"outcome": "win", "pays": "1:1", "rule": bj_rule("25c", "25d")},
            {"outcome": "push", "pays": "stake returned", "rule": bj_rule("25h")},
            {"outcome": "insurance", "pays": "2:1", "rule": bj_rule("25f")},
            {"outcome": "even money", "pays": "1:1", "rule": bj_rule("20b")},
            {"outcome": "surrender", "pays": "half the bet returned", "rule": bj_rule("15e")},
            *([{"outcome": "6-7-8 suited or 7-7-7", "pays": "3 × the bet",
                "rule": bj_rule("25i")}] if config.special_prize else [])],
        "largest_win_per_unit": bj.largest_win_multiple(rules),  # 903-B 6.1.6(9), A50
        "house_edge": _house_edge(rules, config.decks),  # issue 26: its cost, published
        "rules": [{"rule": bj_rule(n), "title": title} for n, title in sorted(RULES.items())],
        "decisions": {d: r for d, r in bj.DECISION_RULES.items()},
    }



def _house_edge(rules: bj.Rules, decks: int) -> dict[str, Any]:
    """The return to player of this configuration, computed by the engine (rtp.py: exact
    dynamic programme, memoised per configuration), with its method and uncertainty, so a
    rule change shows its cost (903-B 6.1.6(9): the rules state every prize)."""
    found = rtp(rules, decks)
    return {"return_to_player": round(found.rtp, 6), "house_edge": round(found.house_edge, 6),
            "method": found.method, "uncertainty": found.uncertainty,
            "strategy": found.strategy}
