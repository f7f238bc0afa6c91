"""A dice jogada's settlement recomputed from the record alone (dice rules 4–6): the face from the
revealed seed, each player's pay from its bet, against what each wallet finally received (the
stake voided back, plus the win the house paid)."""

from __future__ import annotations

from typing import Any

from tests.dicegame.config import rule
from tests.dicegame.play import face_of, payouts


def adjudicate(events: list[tuple[int, Any]],
               opening_balances: dict[str, int] | None = None) -> dict[str, Any]:
    bets, face, voided, received = {}, None, False, {}
    for _, e in events:
        name = type(e).__name__
        if name == "BetPlaced":
            bets[e.player_id] = {"face": e.face, "stake_cents": e.stake_cents}
        elif name == "DiceRolled":
            face = face_of(bytes.fromhex(e.seed_hex))
        elif name == "JogadaVoided":
            voided = True
        elif name == "HoldVoided":  # the stake back to the wallet
            player = e.transfer_id.rsplit(":", 1)[1]
            received[player] = received.get(player, 0) + e.amount_cents
        elif name == "Credited" and e.transfer_id.endswith(":win"):
            player = e.transfer_id.rsplit(":", 2)[1]
            received[player] = received.get(player, 0) + e.amount_cents
    recomputed = {p: b["stake_cents"] for p, b in bets.items()} if voided else \
        payouts(bets, face)
    recorded = {p: received.get(p, 0) for p in bets}
    differences = [{"account": f"wallet:{p}", "recorded_cents": recorded[p],
                    "recomputed_cents": recomputed[p]} for p in bets
                   if recorded[p] != recomputed[p]]
    return {"agrees": not differences, "recorded": recorded, "recomputed": recomputed,
            "differences": differences, "rules": [rule(6) if voided else rule(4, 5)]}
