"""A tiny game aggregate, for the tests only: it commits to its RNG, deals, then reveals."""

from __future__ import annotations

from datetime import datetime

from eventsourcing.domain import event

from domain.kernel.jogada_rng import JogadaRng


class DemoTable(JogadaRng):
    @event("Opened", topic="ledger.DemoTable.Opened")
    def __init__(self, name: str, actor: str, at: datetime) -> None:
        self.name = name
        self.dealt: dict[str, list[str]] = {}

    def deal(self, jogada_id: str, count: int, *, actor: str, at: datetime) -> list[str]:
        self.check_rng_committed(jogada_id)  # A70: the RNG output precedes every card
        shoe = self.rng_outcome(jogada_id)
        start = len(self.dealt.get(jogada_id, []))
        cards = shoe[start:start + count]
        self._dealt(jogada_id=jogada_id, cards=cards, actor=actor, at=at)
        return cards

    @event("Dealt", topic="ledger.DemoTable.Dealt")
    def _dealt(self, jogada_id: str, cards: list[str], actor: str, at: datetime) -> None:
        self.dealt.setdefault(jogada_id, []).extend(cards)
