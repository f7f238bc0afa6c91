"""A hold'em or Omaha jogada folded from its recorded events alone, with the same pure engine
the table runs (betting.py, actions.py, dealing.py, pots.py): what the replay
(replay.py), the re-adjudication (adjudication.py) and the hand history (phh.py) read.

``Fold`` takes the jogada's events one at a time (``apply``) and keeps the facts: the
configuration in force (``JogadaOpened.config``, 903-B 6.1.5(2)), the players and their caves,
the button, the hole cards and the board, every action, the hands shown, and how it ended.
The betting state is recomputed by the engine from the actions (a bet's "to" amount), never
taken from the amounts the events recorded: the re-adjudication compares the two. An
``ActionApplied`` records what the engine decided when it was taken (action_facts.py); the
fold plays the action again and compares: every fact that differs is a ``disagreement``
(the replay and the re-adjudication report them). The legacy ``ActionTaken`` (the action
alone, table_events.py) is played the same way. This is the one fold that runs the engine over
a jogada's actions: the table's mutators apply the recorded facts.
No clock, no RNG: the RNG is checked against the revealed seed by the replay.
"""

from __future__ import annotations

from typing import Any

from domain.games.community_poker import dealing, pots
from domain.games.community_poker.action_facts import FACTS, action_facts
from domain.games.community_poker.actions import act
from domain.games.community_poker.betting import next_round, open_round
from domain.games.community_poker.config import betting_rules
from domain.games.community_poker.showdown import settle_state
from domain.kernel.replay_support import event_name

ACTION_EVENTS = ("ActionApplied", "ActionTaken")  # the second: legacy (table_events.py)


class Fold:
    def __init__(self) -> None:
        self.config: dict[str, Any] | None = None
        self.players: dict[str, dict[str, Any]] = {}
        self.number: int | None = None
        self.button: str | None = None
        self.button_event: dict[str, Any] | None = None
        self.round: Any = None
        self.hole: dict[str, list[str]] = {}
        self.deal_order: list[str] = []
        self.deal_order_expected: list[str] | None = None  # rule 49: from the small blind
        self.board: list[str] = []
        self.actions: list[dict[str, Any]] = []
        self.shown: dict[str, Any] | None = None
        self.settled: dict[str, Any] | None = None
        self.voided: dict[str, Any] | None = None
        self.status: str | None = None
        self.deadline: Any = None
        self.notes: list[dict[str, Any]] = []
        self.disagreements: list[str] = []  # recorded facts of an action the engine denies

    @property
    def variant(self) -> str:
        return (self.config or {}).get("variant", "holdem")

    def apply(self, e: Any) -> None:
        name = event_name(e)
        if name == "JogadaOpened":
            self.config, self.players, self.number = dict(e.config), dict(e.players), e.number
            self.status = "dealing"
        elif name in ("ButtonDrawn", "ButtonMoved"):
            self.button = e.seat
            self.button_event = {"event": name, "seat": e.seat,
                                 **({"seats": list(e.seats), "index": e.index,
                                     "forced": e.forced} if name == "ButtonDrawn" else
                                    {"previous": e.previous})}
        elif name == "BlindsPosted":
            seats = [(s, self.players[s]["cave_cents"]) for s in sorted(self.players, key=int)]
            self.round = open_round(betting_rules(self.config), seats, self.button)
            self.deal_order_expected = dealing.deal_order(self.round)
            self.deadline, self.status = e.deadline, "betting"
        elif name == "HoleCardsDealt":
            self.hole = {s: list(c) for s, c in e.cards.items()}
            self.deal_order = list(e.order)
        elif name in ACTION_EVENTS:
            self._act(e, name)
        elif name == "BoardDealt":
            self.round = next_round(self.round, e.street)
            self.board = self.board + list(e.cards)
            self.deadline = e.deadline
        elif name == "DecisionTimeExtended":
            self.deadline = e.deadline
        elif name == "HandsShown":
            self.shown = {"order": list(e.order), "hands": dict(e.hands)}
            self.status = "showdown"
        elif name == "JogadaSettled":
            self.settled = {k: getattr(e, k) for k in (
                "contributions", "folded", "returned", "pots", "rake", "payments", "totals",
                "caves", "commission", "flop_seen", "showdown")}
            self.status = "settled"
        elif name == "JogadaVoided":
            self.voided = {"reason": e.reason, "refunds": dict(e.refunds), "rule": e.rule}
            self.status = "voided"
        elif name in ("PlayerConnectionLost", "SharedDeviceFlagged"):
            self.notes.append({"event": name, **{k: getattr(e, k) for k in (
                "seat", "player_id", "device_id", "players") if hasattr(e, k)}})

    def _act(self, e: Any, name: str) -> None:
        """The action played again by the engine; an ``ActionApplied``'s facts compared."""
        before = self.round
        self.round = act(before, e.seat, e.action, e.amount)
        self.actions.append({"street": e.street, "seat": e.seat, "action": e.action,
                             "amount": e.amount, "added_cents": e.added_cents,
                             "reason": e.reason, "device_id": e.device_id})
        self.deadline = e.deadline
        again = action_facts(before, self.round, e.seat)
        recorded = FACTS if name == "ActionApplied" else ("added_cents", "to_act")
        wrong = [f"{k} {getattr(e, k)!r} (the engine: {again[k]!r})" for k in recorded
                 if getattr(e, k) != again[k]]
        if wrong:
            self.disagreements.append(f"{name} of seat {e.seat} ({e.action}) on street"
                                      f" {e.street} records {', '.join(wrong)}")

    # What the facts give ----------------------------------------------------------------------
    def contributions(self) -> dict[str, int]:
        return {} if self.round is None else dealing.contributions(self.round)

    def stacks(self) -> dict[str, int]:
        if self.round is None:
            return {s: p["cave_cents"] for s, p in self.players.items()}
        return {s.seat: s.stack for s in self.round.seats}

    def settlement(self) -> pots.Settlement:
        """The payment the rules give for these facts (showdown.py ``settle_state``)."""
        return settle_state(self.round, self.variant, self.hole, self.board, self.config)


def fold(events: list[tuple[int, Any]]) -> Fold:
    folded = Fold()
    for _, e in events:
        folded.apply(e)
    return folded
