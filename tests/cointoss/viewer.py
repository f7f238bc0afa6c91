"""The coin toss step by step, for the replay viewer (domain/kernel/viewer.py's vocabulary): the bets,
then the side the coin showed and what each player was paid, each player named "Player n" in
the order of the bets (the steps' ``players`` map gives their ids). Reads only its replay.
Its sentences in Portuguese or English (``lang``; English for the staff's viewer)."""

from __future__ import annotations

from typing import Any

from domain.kernel import viewer as v

SAID = {
    "en": {"JogadaOpened": "Jogada opened: bets on heads or tails",
           "BetPlaced": "A bet is placed", "CoinTossed": "The coin is tossed",
           "JogadaVoided": "Jogada void: every stake back", "player": "Player {n}",
           "Bets": "Bets", "bet": "{side}, {stake}", "shows": "The coin shows {side}.",
           "Payouts": "Payouts", "heads": "heads", "tails": "tails"},
    "pt": {"JogadaOpened": "Jogada aberta: apostas em cara ou coroa",
           "BetPlaced": "É feita uma aposta", "CoinTossed": "A moeda é lançada",
           "JogadaVoided": "Jogada anulada: todas as apostas devolvidas",
           "player": "Jogador {n}", "Bets": "Apostas", "bet": "{side}, {stake}",
           "shows": "A moeda mostra {side}.", "Payouts": "Pagamentos", "heads": "cara",
           "tails": "coroa"},
}
TITLES = {name: SAID["en"][name]
          for name in ("JogadaOpened", "BetPlaced", "CoinTossed", "JogadaVoided")}


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.phrases(SAID, lang)

    def side(value: str) -> str:
        return value if lang == "en" else say(value)
    out = []
    labels: dict[str, str] = {}  # player id -> "Player n", in the order of the bets
    for item in replayed["events"]:
        state = item["state"]
        for p in state["bets"]:
            labels.setdefault(p, say("player", n=len(labels) + 1))
        scene = []
        if state["bets"]:
            scene.append(v.facts(say("Bets"), [
                (labels[p], say("bet", side=side(b["side"]), stake=v.euros(b["stake_cents"])))
                for p, b in state["bets"].items()]))
        if state["side"] is not None:
            scene.append(v.text(say("shows", side=side(state["side"]))))
            scene.append(v.prizes(say("Payouts"), [
                {"name": labels[p], "value_cents": cents,
                 "winners": [labels[p]] if cents else []}
                for p, cents in state.get("payouts", {}).items()]))
        title = say(item["event"]) if item["event"] in TITLES else None
        out.append(v.step(item["position"], title, scene,
                          "coin toss: a right call is paid 1:1"
                          if item["event"] == "CoinTossed" else None, dict(labels)))
    return out
