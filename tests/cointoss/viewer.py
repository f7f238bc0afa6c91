"""The coin toss step by step, for the replay viewer (domain/kernel/viewer.py's vocabulary): the bets,
then the side the coin showed and what each player was paid, each player named "Player n" in
the order of the bets (the steps' ``players`` map gives their ids). Reads only its replay."""

from __future__ import annotations

from typing import Any

from domain.kernel import viewer as v

TITLES = {"JogadaOpened": "Jogada opened: bets on heads or tails",
          "BetPlaced": "A bet is placed", "CoinTossed": "The coin is tossed",
          "JogadaVoided": "Jogada void: every stake back"}


def viewer_steps(replayed: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    labels: dict[str, str] = {}  # player id -> "Player n", in the order of the bets
    for item in replayed["events"]:
        state = item["state"]
        for p in state["bets"]:
            labels.setdefault(p, f"Player {len(labels) + 1}")
        scene = []
        if state["bets"]:
            scene.append(v.facts("Bets", [(labels[p], f"{b['side']}, "
                                                      f"{v.euros(b['stake_cents'])}")
                                          for p, b in state["bets"].items()]))
        if state["side"] is not None:
            scene.append(v.text(f"The coin shows {state['side']}."))
            scene.append(v.prizes("Payouts", [
                {"name": labels[p], "value_cents": cents,
                 "winners": [labels[p]] if cents else []}
                for p, cents in state.get("payouts", {}).items()]))
        out.append(v.step(item["position"], TITLES.get(item["event"]), scene,
                          "coin toss: a right call is paid 1:1"
                          if item["event"] == "CoinTossed" else None, dict(labels)))
    return out
