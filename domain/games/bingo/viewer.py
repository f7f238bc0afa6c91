"""A jogada of bingo step by step, for the replay viewer (rule 2h, the "modo repetição";
903-B 6.3.4(2); the vocabulary of domain/kernel/viewer.py): after each recorded event, the cards sold
as grids with the balls drawn so far marked on them, the balls in the order drawn, the prizes
(their values once the sale closed, the ball and the cards that won each), the jackpot, the
payments: each player's prizes with what its cards cost and its net, so that a prize smaller
than the cards' price is never read as a win (issue 24).

Players are named "Player 1", "Player 2", … in the order of their first purchase (the steps'
``players`` map gives each label's id; domain/kernel/viewer.py): never by id nor by name.

Its sentences are written in Portuguese or English (``lang``; domain/games/bingo/viewer_words.py):
English for the staff's replay viewer, either for a complaint evidence pack's PDF.

``viewer_steps(replayed, lang)`` reads only the replay (domain/games/bingo/replay.py): its per-step state
is kept small, so the cards and balls are folded here again from the steps' data. At most
``MAX_GRIDS`` cards are drawn in a step (the winning cards first, then in the order sold): a
jogada may sell 100,000 cards; the replay lists them all. Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.games.bingo.cards import bingo_rule
from domain.games.bingo.viewer_words import SAID, STATUS, WORDS
from domain.kernel import viewer as v

__all__ = ["WORDS", "SAID", "viewer_steps"]

MAX_GRIDS = 24
RULES = {"JogadaOpened": bingo_rule(16), "CardsBought": bingo_rule(10, 11, 12, 15),
         "BallDrawn": bingo_rule(21, 22), "RngCommitted": v.COMMITTED,
         "RngRevealed": v.REVEALED}


def _title(name: str, d: dict[str, Any], say: v.Say) -> str | None:
    if name == "JogadaOpened":
        return say(name, number=d["number"], variant=d["config"]["variant"])
    if name == "CardsBought":
        return say(name, purchase=d["purchase"], count=len(d["cards"]),
                   amount=v.euros(d["amount_cents"]))
    if name == "SalesClosed":
        return say(name, cards=d["cards_sold"], pool=v.euros(d["pool"]["pool_cents"]))
    if name in ("JogadaCancelled", "JogadaVoided"):
        return say(name, reason=say.code(d["reason"]))
    if name == "BallDrawn":
        return say(name, ordinal=d["ordinal"], ball=d["ball"])
    if name == "PrizeWon":
        return say(name, prize=say.name(d["prize"]), ordinal=d["ordinal"], ball=d["ball"],
                   cards=", ".join(str(w["card"]) for w in d["winners"]))
    if name == "JackpotWon":
        return say(name, amount=v.euros(d["amount_cents"]), ordinal=d["ordinal"])
    if name in ("PlayerConnectionLost", "RngCommitted", "JogadaSettled", "RngRevealed"):
        return say(name)
    return None


class _Room:
    """The jogada as folded so far: its configuration, cards, balls, prizes and payments."""

    def __init__(self, say: v.Say) -> None:
        self.say = say
        self.config: dict[str, Any] | None = None
        self.status = None
        self.cards: list[tuple[int, str, list[list[int | None]]]] = []  # (card, player, rows)
        self.labels: dict[str, str] = {}  # player id -> "Player n", in the order of purchase
        self.spent: dict[str, int] = {}  # player id -> what its cards cost
        self.drawn: list[int] = []
        self.pool: dict[str, Any] | None = None
        self.won: dict[str, dict[str, Any]] = {}
        self.jackpot: dict[str, Any] | None = None
        self.payments: dict[str, dict[str, int]] | None = None
        self.refunds: dict[str, int] | None = None
        self.sales_cents = 0

    def apply(self, name: str, d: dict[str, Any]) -> None:
        if name == "JogadaOpened":
            self.config, self.status = d["config"], "sale"
        elif name == "CardsBought":
            self.sales_cents += d["amount_cents"]
            player = d["player_id"]
            self.labels.setdefault(player, self.say("player", n=len(self.labels) + 1))
            self.spent[player] = self.spent.get(player, 0) + d["amount_cents"]
            self.cards += [(d["first_card"] + i, d["player_id"], rows)
                           for i, rows in enumerate(d["cards"])]
        elif name == "SalesClosed":
            self.status, self.pool = "drawing", d["pool"]
        elif name == "BallDrawn":
            self.drawn.append(d["ball"])
        elif name == "PrizeWon":
            self.won[d["prize"]] = d
        elif name == "JackpotWon":
            self.jackpot = d
        elif name == "JogadaSettled":
            self.status, self.payments = "settled", d["payments"]
        elif name in ("JogadaCancelled", "JogadaVoided"):
            self.status = "cancelled" if name == "JogadaCancelled" else "voided"
            self.refunds = d["refunds"]

    def scene(self) -> list[dict[str, Any]]:
        if self.config is None:
            return []
        say = self.say
        status = STATUS.get(say.lang, {}).get(self.status, self.status)
        scene = [v.facts(say("Room"), [(say("variant"), say("bingo",
                                                            variant=self.config["variant"])),
                                       (say("status"), status),
                                       (say("cards sold"), len(self.cards)),
                                       (say("sales"), v.euros(self.sales_cents))])]
        if self.drawn or self.status == "drawing":
            scene.append(v.balls(say("balls", count=len(self.drawn)), self.drawn))
        scene.append(v.prizes(say("Prizes"), self._prizes()))
        scene += self._grids()
        if self.payments:
            scene.append(v.facts(say("Payments"), [
                (self.label(player), self._paid(player, paid))
                for player, paid in self._by_label(self.payments)]))
        if self.refunds:
            scene.append(v.facts(say("Refunds"), [(self.label(p), v.euros(c))
                                                  for p, c in self._by_label(self.refunds)]))
        return scene

    def label(self, player_id: str) -> str:
        return self.labels.get(player_id, self.say("no_card"))

    def _by_label(self, mapping: dict[str, Any]) -> list[tuple[str, Any]]:
        """The mapping's items by player, in the order of the players' labels."""
        rank = {p: i for i, p in enumerate(self.labels)}
        return sorted(mapping.items(), key=lambda kv: (rank.get(kv[0], len(rank)), kv[0]))

    def _paid(self, player_id: str, paid: dict[str, int]) -> str:
        """The prizes paid to the player (rule 26), what its cards cost (rules 10–13) and
        the net: a prize is not a gain unless it is more than the cards cost (issue 24)."""
        prizes = ", ".join(f"{self.say.name(p)} {v.euros(c)}" for p, c in paid.items())
        won, spent = sum(paid.values()), self.spent.get(player_id, 0)
        net = won - spent
        outcome = self.say("gain" if net > 0 else "loss" if net < 0 else "even")
        return self.say("paid", prizes=prizes or v.euros(0), spent=v.euros(spent),
                        net=v.euros(net), outcome=outcome)

    def _prizes(self) -> list[dict[str, Any]]:
        values = (self.pool or {}).get("prizes", {})
        items = []
        for prize in self.config["prizes"]:
            won = self.won.get(prize)
            items.append({"name": self.say.name(prize), "value_cents": values.get(prize),
                          "ordinal": won and won["ordinal"], "ball": won and won["ball"],
                          "winners": [self.say("card", card=w["card"]) for w in won["winners"]]
                          if won else [], "shares": self._shares(won["shares"]) if won else {}})
        if self.config.get("jackpot"):
            j = self.jackpot
            items.append({"name": self.say("Jackpot"), "value_cents": j and j["amount_cents"],
                          "ordinal": j and j["ordinal"], "ball": None,
                          "winners": [self.label(p) for p, _ in self._by_label(j["shares"])]
                          if j else [],
                          "shares": self._shares(j["shares"]) if j else {},
                          "note": self.say("within",
                                           balls=self.config["jackpot"]["max_balls"])})
        return items

    def _shares(self, shares: dict[str, int]) -> dict[str, int]:
        return {self.label(p): c for p, c in self._by_label(shares)}

    def _grids(self) -> list[dict[str, Any]]:
        won_by: dict[int, list[str]] = {}
        for prize, d in self.won.items():
            for w in d["winners"]:
                won_by.setdefault(w["card"], []).append(self.say.name(prize))
        seen = [c for c in self.cards if c[2] is not None]  # None: not in the player's copy
        shown = sorted(seen, key=lambda c: (c[0] not in won_by, c[0]))[:MAX_GRIDS]
        drawn = set(self.drawn)
        grids = [v.grid(self.say("grid", card=card, player=self.label(player)), rows, drawn,
                        won_by.get(card)) for card, player, rows in sorted(shown)]
        if len(seen) > len(shown):
            grids.append(v.text(self.say("more", count=len(seen) - len(shown))))
        if len(self.cards) > len(seen):
            grids.append(v.text(self.say("others", count=len(self.cards) - len(seen),
                                         rule=bingo_rule(4))))
        return grids


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.Say(SAID, WORDS, lang)
    room = _Room(say)
    out = []
    for item in replayed["steps"]:
        name, data = item["event"], item["data"]
        known = len(room.labels)
        room.apply(name, data)
        new = {data["player_id"]: room.labels[data["player_id"]]} \
            if len(room.labels) > known else None  # a first purchase names its player
        rule = data.get("rule") if isinstance(data.get("rule"), str) else RULES.get(name)
        scene = [*room.scene(), *v.rng_facts(name, data, lang)]
        out.append(v.step(item["position"], _title(name, data, say), scene, rule, new))
    return out
