"""A dice jogada step by step, for the replay viewer (domain/kernel/viewer.py's vocabulary): the
bets by seat, the window's close, the face rolled and what each player was paid. Reads only
its replay. Its sentences in Portuguese or English (``lang``; English for the staff's viewer)."""

from __future__ import annotations

from typing import Any

from domain.kernel import viewer as v
from tests.dicegame.config import rule

SAID = {
    "en": {"JogadaOpened": "The first bet opens the betting window",
           "BetPlaced": "A bet on a face", "BettingClosed": "The betting window closes",
           "DiceRolled": "The die is rolled", "JogadaVoided": "Jogada void: every stake back",
           "Bets": "Bets", "seat": "seat {seat}", "bet": "face {face}, {stake}",
           "shows": "The die shows {face}.", "Payouts": "Payouts"},
    "pt": {"JogadaOpened": "A primeira aposta abre a janela de apostas",
           "BetPlaced": "Uma aposta numa face", "BettingClosed": "A janela de apostas fecha",
           "DiceRolled": "O dado é lançado",
           "JogadaVoided": "Jogada anulada: todas as apostas devolvidas", "Bets": "Apostas",
           "seat": "lugar {seat}", "bet": "face {face}, {stake}",
           "shows": "O dado mostra {face}.", "Payouts": "Pagamentos"},
}
TITLES = {name: SAID["en"][name] for name in ("JogadaOpened", "BetPlaced", "BettingClosed",
                                              "DiceRolled", "JogadaVoided")}
RULES = {"JogadaOpened": rule(3), "BetPlaced": rule(2), "BettingClosed": rule(3),
         "DiceRolled": rule(4, 5), "JogadaVoided": rule(6)}


def _scene(state: dict[str, Any], say: Any) -> list[dict[str, Any]]:
    scene = []
    if state["bets"]:
        scene.append(v.facts(say("Bets"), [
            (say("seat", seat=b["seat"]), say("bet", face=b["face"],
                                              stake=v.euros(b["stake_cents"])))
            for _, b in sorted(state["bets"].items())]))
    if state["face"] is not None:
        scene.append(v.text(say("shows", face=state["face"])))
        scene.append(v.prizes(say("Payouts"), [
            {"name": say("seat", seat=state["bets"][p]["seat"]), "value_cents": cents,
             "winners": [p] if cents else []} for p, cents in sorted(state["payouts"].items())]))
    return scene


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.phrases(SAID, lang)
    return [v.step(item["position"], say(item["event"]) if item["event"] in TITLES else None,
                   _scene(item["state"], say), RULES.get(item["event"]))
            for item in replayed["events"]]
