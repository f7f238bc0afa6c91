"""What one player may see of an ended jogada's replay: the player's copy of an evidence pack
(infra/complaints/evidence.py, issue 25). Each game's ``player_copy`` (its replay module; the
slot ``Game.player_copy``) decides by its own information rules what the player was never shown
at the table; these are the helpers the games share, and the form of the answer:

    player_copy(replayed, player_id) -> {"replay": the replay as the player may see it,
                                         "withheld": [{"position", "event", "fields", "reason"}]}

Each entry of ``withheld`` names an event whose recorded content the copy cuts (in whole or in
part: ``fields``, the cut fields of its data, set to None; the step keeps its place, its name,
time and actor) and why, citing the game's rule. The evidence pack keeps that event's leaf hash,
leaf index and inclusion proof but drops its stored bytes (which hold every field), so the proof
still verifies against the signed checkpoint. The staff copy (the replay itself) keeps
everything.

The RNG (domain/kernel/jogada_rng.py): the seed, sealed or revealed, and the outcome (a deck's
whole order, a draw past its end) would let the player derive every card never shown; a game
whose outcome holds such cards cuts them (``cut_rng``), keeping the commitment, the algorithm
and the operator's check (``verified``). Pure: no I/O.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

RNG_SECRETS = ("sealed_seed_hex", "seed_hex", "outcome", "forced_outcome")  # RNG events' fields
RNG_EVENTS = ("RngCommitted", "RngRevealed")


class Copy:
    """A player's copy being made: a deep copy of the replay, and what was cut from it."""

    def __init__(self, replayed: dict[str, Any]) -> None:
        self.replay = copy.deepcopy(replayed)
        self.withheld: list[dict[str, Any]] = []

    def cut(self, step: dict[str, Any], fields: Iterable[str], reason: str,
            replace: dict[str, Any] | None = None) -> None:
        """Cut ``fields`` of ``step``'s data (to None, or to ``replace[field]``: what the
        player was shown of it) and record why; nothing if none of them is there."""
        data = step["data"]
        found = [f for f in fields if data.get(f) is not None]
        if not found:
            return
        for name in found:
            data[name] = (replace or {}).get(name)
        entry = next((w for w in self.withheld if w["position"] == step["position"]), None)
        if entry is None:
            entry = {"position": step["position"], "event": step["event"], "fields": found,
                     "reason": reason}
            self.withheld.append(entry)
        else:
            entry["fields"] = list(dict.fromkeys(entry["fields"] + found))
            if reason not in entry["reason"]:
                entry["reason"] += "; " + reason
        step["withheld"] = entry["reason"]

    def cut_rng(self, reason: str) -> None:
        """Cut the seed and the outcome from the RNG events and from the replay's RNG check
        (its verdict and its words stay: the operator's check on the record)."""
        for step in self.replay.get("steps", []):
            if step["event"] in RNG_EVENTS:
                self.cut(step, RNG_SECRETS, reason)
        rng = self.replay.get("rng")
        if isinstance(rng, dict) and any(rng.get(k) is not None for k in RNG_SECRETS):
            for name in RNG_SECRETS:
                if name in rng:
                    rng[name] = None
            rng["withheld"] = reason

    def answer(self) -> dict[str, Any]:
        return {"replay": self.replay,
                "withheld": sorted(self.withheld, key=lambda w: w["position"])}


def nothing_withheld(replayed: dict[str, Any], player_id: str) -> dict[str, Any]:
    """The copy of a game whose players see everything of a jogada they played in."""
    return Copy(replayed).answer()
