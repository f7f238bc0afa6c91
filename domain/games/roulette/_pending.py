"""Placeholders for the slots other helpers fill (replay.py, adjudication.py, player_part.py,
listing.py, significant.py, viewer.py): the least that lets the wheel run on the seam until
theirs land. This module goes when they do."""

from __future__ import annotations

from typing import Any

from domain.games.roulette.wheel import RouletteWheel
from domain.kernel import listing as facts
from domain.kernel.player_copy import nothing_withheld
from domain.kernel.significant import (
    GAME_KINDS,
    JOGADA_VOIDED,
    SignificantEvents,
    voided,
)


def replay(events: list[tuple[int, Any]]) -> dict[str, Any]:
    steps = [{"position": p, "event": type(e).__name__, "state": {}} for p, e in events]
    jogada_id = next((getattr(e, "jogada_id", None) for _, e in events
                      if getattr(e, "jogada_id", None)), None)
    return {"jogada_id": jogada_id, "events": steps, "final": {}, "rng": {"verified": None}}


def player_jogada(replayed: dict[str, Any], player_id: Any) -> dict[str, Any]:
    return {"jogada_id": replayed["jogada_id"]}


def player_copy(replayed: dict[str, Any], player_id: Any) -> dict[str, Any]:
    return nothing_withheld(replayed, str(player_id))


def adjudicate(events: list[tuple[int, Any]],
               opening_balances: dict[str, int] | None = None) -> dict[str, Any]:
    jogada_id = next((getattr(e, "jogada_id", None) for _, e in events
                      if getattr(e, "jogada_id", None)), None)
    return {"jogada_id": jogada_id, "game": "roulette", "status": "settled", "agrees": True,
            "recomputed": {}, "recorded": {"settlement": {}, "money": {}}, "differences": [],
            "problems": [], "opening_balances": {}, "rules": []}


LISTING_EVENTS = (RouletteWheel.WheelOpened,)


def listing(e: Any) -> list[Any]:
    if type(e).__name__ == "WheelOpened":
        return [facts.VenueOpened(venue_id=e.venue_id, name=e.name, kind=e.config["kind"],
                                  config=e.config)]
    return []


SIGNIFICANT = SignificantEvents(
    kinds={JOGADA_VOIDED: GAME_KINDS[JOGADA_VOIDED]},
    classify={RouletteWheel.JogadaVoided: lambda e: voided(e, e.rule)})


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    from domain.kernel.viewer import fallback_steps

    return fallback_steps(replayed)
