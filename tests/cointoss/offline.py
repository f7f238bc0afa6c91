"""The coin toss's offline rules, carried by bundle_check.pyz (infra/audit/checker/games.py):
the side found again from the revealed seed (the low bit of SHA-256(seed)), each bet's pay
recomputed (a right call 1:1, a wrong one loses the stake; a void gives every stake back) and
compared with the toss's recorded side and payouts and with what each wallet's account events
moved. Standard library only: it runs inside the zip alone."""

from __future__ import annotations

import hashlib
from typing import Any

GAMES = ("cointoss",)
MARKERS = {"cointoss": ".CoinTable."}  # its venue's event topics (Game.event_marker)
OPENING = ("JogadaOpened",)
ENDING = ("CoinTossed", "JogadaVoided")
SIDES = ("heads", "tails")


def check(jogada: dict[str, Any]) -> list[str]:
    bets, end = {}, None
    for e in jogada["events"]:
        if e["name"] == "BetPlaced":
            bets[e["data"]["player_id"]] = e["data"]
        elif e["name"] in ENDING:
            end = e
    voided = end["name"] == "JogadaVoided"
    side = None if voided else SIDES[hashlib.sha256(bytes.fromhex(end["data"]["seed_hex"]))
                                     .digest()[-1] & 1]
    if side is not None and side != end["data"]["side"]:
        return [f"event {end['notification_id']} CoinTossed: the side is"
                f" {end['data']['side']}, the seed tosses {side}"]
    for player, bet in bets.items():
        stake = bet["stake_cents"]
        net = 0 if voided else stake if bet["side"] == side else -stake
        if not voided and end["data"]["payouts"].get(player, 0) != (net + stake if net > 0 else 0):
            return [f"event {end['notification_id']} CoinTossed: wallet:{player} is paid"
                    f" {end['data']['payouts'].get(player, 0)} cents, the rules pay"
                    f" {net + stake if net > 0 else 0}"]
        moved = jogada["money"].get(f"wallet:{player}", 0)
        if moved != net:
            return [f"wallet:{player}: the account events moved {moved:+d} cents, the rules"
                    f" give {net:+d}"]
    return []
