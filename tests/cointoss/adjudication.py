"""The coin toss's settlement recomputed from the record alone."""

from __future__ import annotations

from typing import Any

from tests.cointoss.play import payouts, side_of


def adjudicate(events: list[tuple[int, Any]],
               opening_balances: dict[str, int] | None = None) -> dict[str, Any]:
    """The payouts recomputed from the bets and the revealed seed, against what each wallet
    finally received (a held stake voided back, plus any win transfer)."""
    bets, side, voided, received = {}, None, False, {}
    for _, e in events:
        name = type(e).__name__
        if name == "BetPlaced":
            bets[e.player_id] = {"side": e.side, "stake_cents": e.stake_cents}
        elif name == "CoinTossed":
            side = side_of(bytes.fromhex(e.seed_hex))
        elif name == "JogadaVoided":
            voided = True
        elif name == "HoldVoided":  # the stake back to the wallet
            player = e.transfer_id.rsplit(":", 1)[1]
            received[player] = received.get(player, 0) + e.amount_cents
        elif name == "Credited" and e.transfer_id.endswith(":win"):  # the house pays the win
            player = e.transfer_id.rsplit(":", 2)[1]
            received[player] = received.get(player, 0) + e.amount_cents
    if voided:
        recomputed = {p: b["stake_cents"] for p, b in bets.items()}
    else:
        recomputed = payouts(bets, side)
    recorded = {p: received.get(p, 0) for p in bets}
    differences = [{"account": f"wallet:{p}", "recorded_cents": recorded[p],
                    "recomputed_cents": recomputed[p]} for p in bets
                   if recorded[p] != recomputed[p]]
    return {"agrees": not differences, "recorded": recorded, "recomputed": recomputed,
            "differences": differences, "rules": ["coin toss: a right call is paid 1:1"]}
