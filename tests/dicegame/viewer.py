"""A dice jogada step by step, for the replay viewer (domain/kernel/viewer.py's vocabulary): the
bets by seat, the window's close, the face rolled and what each player was paid. Reads only
its replay."""

from __future__ import annotations

from typing import Any

from domain.kernel import viewer as v
from tests.dicegame.config import rule

TITLES = {"JogadaOpened": "The first bet opens the betting window",
          "BetPlaced": "A bet on a face", "BettingClosed": "The betting window closes",
          "DiceRolled": "The die is rolled", "JogadaVoided": "Jogada void: every stake back"}
RULES = {"JogadaOpened": rule(3), "BetPlaced": rule(2), "BettingClosed": rule(3),
         "DiceRolled": rule(4, 5), "JogadaVoided": rule(6)}


def _scene(state: dict[str, Any]) -> list[dict[str, Any]]:
    scene = []
    if state["bets"]:
        scene.append(v.facts("Bets", [(f"seat {b['seat']}", f"face {b['face']}, "
                                                            f"{v.euros(b['stake_cents'])}")
                                      for _, b in sorted(state["bets"].items())]))
    if state["face"] is not None:
        scene.append(v.text(f"The die shows {state['face']}."))
        scene.append(v.prizes("Payouts", [
            {"name": f"seat {state['bets'][p]['seat']}", "value_cents": cents,
             "winners": [p] if cents else []} for p, cents in sorted(state["payouts"].items())]))
    return scene


def viewer_steps(replayed: dict[str, Any]) -> list[dict[str, Any]]:
    return [v.step(item["position"], TITLES.get(item["event"]), _scene(item["state"]),
                   RULES.get(item["event"])) for item in replayed["events"]]
