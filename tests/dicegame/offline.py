"""The dice game's offline rules, carried by bundle_check.pyz (infra/audit/checker/games.py):
the face found again from the revealed seed (dice rule 4: SHA-256(seed) as a big-endian number,
modulo 6, plus 1), each bet's pay recomputed (rule 5: a right call pays 6 × the stake, the
stake included; rule 6: a void gives every stake back) and compared with the roll's recorded
face and payouts and with what each wallet's account events moved. Standard library only."""

from __future__ import annotations

import hashlib
from typing import Any

GAMES = ("dice",)
MARKERS = {"dice": ".DiceTable."}  # its venue's event topics (Game.event_marker)
OPENING = ("JogadaOpened",)
ENDING = ("DiceRolled", "JogadaVoided")
PAYS = 6


def check(jogada: dict[str, Any]) -> list[str]:
    bets, end = {}, None
    for e in jogada["events"]:
        if e["name"] == "BetPlaced":
            bets[e["data"]["player_id"]] = e["data"]
        elif e["name"] in ENDING:
            end = e
    voided = end["name"] == "JogadaVoided"
    face = None if voided else int.from_bytes(
        hashlib.sha256(bytes.fromhex(end["data"]["seed_hex"])).digest(), "big") % 6 + 1
    if face is not None and face != end["data"]["face"]:
        return [f"event {end['notification_id']} DiceRolled: the face is"
                f" {end['data']['face']}, the seed rolls {face} (dice rule 4)"]
    for player, bet in bets.items():
        stake = bet["stake_cents"]
        paid = 0 if voided or bet["face"] != face else PAYS * stake
        if not voided and end["data"]["payouts"].get(player, 0) != paid:
            return [f"event {end['notification_id']} DiceRolled: wallet:{player} is paid"
                    f" {end['data']['payouts'].get(player, 0)} cents, rule 5 pays {paid}"]
        net = 0 if voided else paid - stake
        moved = jogada["money"].get(f"wallet:{player}", 0)
        if moved != net:
            return [f"wallet:{player}: the account events moved {moved:+d} cents, the rules"
                    f" give {net:+d} (dice rules 5, 6)"]
    return []
