"""Prize recognition for one jogada (rules 29, 36, 30, 24, 25; A17): what each drawn ball
completes, at a cost that grows only with the cards that hold the ball.

Each card is tracked on *slots*, one per prize shape (domain/games/bingo/patterns.py), each holding
how many of its numbers are still undrawn. An index maps every number to the slots that hold
it, so a draw touches only those (the issue's benchmark requirement). A slot reaching zero
completes its shape; a card's first completed line completes "line", its second "two lines".

Cards are kept as bytes (one byte a cell, 0 for a blank cell or the free centre): 100,000
bingo-90 cards take 2.7 MB instead of the ~50 MB of nested tuples.

The engine is state derived from the events (cards bought, balls drawn): the room aggregate
rebuilds it on replay. It decides nothing about money and records nothing.
"""

from __future__ import annotations

from array import array
from itertools import combinations
from typing import Any

from domain.games.bingo.cards import Card
from domain.games.bingo.config import (
    BINGO,
    COLUMN,
    FOUR_CORNERS,
    LINE,
    TWO_LINES,
    difficulty,
)
from domain.games.bingo.patterns import grid, slot_shapes


class DrawEngine:
    def __init__(self, variant: str, prizes: tuple[str, ...], directions: tuple[str, ...],
                 pattern: tuple[tuple[int, int], ...] | None) -> None:
        self.variant = variant
        self.rows, self.cols = grid(variant)
        self.width = self.rows * self.cols
        shapes = slot_shapes(variant, prizes, directions, pattern)
        self.kinds = [kind for kind, _ in shapes]
        self.shape_offsets = [tuple(r * self.cols + c for r, c in cells) for _, cells in shapes]
        self.per_card = len(shapes)
        self.line_slots = [t for t, kind in enumerate(self.kinds) if kind == LINE]
        # A17: smaller prizes first, bingo last
        self.order = sorted(prizes, key=lambda p: (p == BINGO, difficulty(variant, p, pattern)))
        self.cells = bytearray()
        self.remaining = bytearray()
        self.lines_done = bytearray()
        self.index: dict[int, Any] = {n: array("I") for n in range(1, int(variant) + 1)}
        self.drawn: list[int] = []
        self.drawn_set: set[int] = set()
        self.won: set[str] = set()

    @property
    def n_cards(self) -> int:
        return len(self.lines_done)

    # Cards ------------------------------------------------------------------------------------
    def add_card(self, card: Card) -> int:
        """Returns the card's number in the jogada (0, 1, ... in purchase order)."""
        number = self.n_cards
        flat = bytes(cell or 0 for row in card for cell in row)
        self.cells += flat
        base = number * self.per_card
        index = self.index
        for t, offsets in enumerate(self.shape_offsets):
            count = 0
            for offset in offsets:
                ball = flat[offset]
                if ball:
                    index[ball].append(base + t)
                    count += 1
            self.remaining.append(count)
        self.lines_done.append(0)
        return number

    def card(self, number: int) -> Card:
        flat = self.cells[number * self.width:(number + 1) * self.width]
        return tuple(tuple(flat[r * self.cols + c] or None for c in range(self.cols))
                     for r in range(self.rows))

    # Draws ------------------------------------------------------------------------------------
    def draw(self, ball: int) -> dict[str, list[int]]:
        """Marks ``ball`` on every card holding it. Returns, for each prize not yet won, the
        cards that complete it with this ball (rule 36: only these can win it), in A17 order."""
        self.drawn.append(ball)
        self.drawn_set.add(ball)
        remaining = self.remaining
        finished = []
        for slot in self.index[ball]:
            left = remaining[slot] - 1
            remaining[slot] = left
            if left == 0:
                finished.append(slot)
        completed: dict[str, dict[int, None]] = {}
        per_card, kinds, lines_done = self.per_card, self.kinds, self.lines_done
        for slot in finished:
            card, t = divmod(slot, per_card)
            kind = kinds[t]
            if kind == LINE:
                lines_done[card] = done = min(lines_done[card] + 1, 255)
                kind = LINE if done == 1 else TWO_LINES if done == 2 else None
            if kind is not None:
                completed.setdefault(kind, {})[card] = None
        return {prize: sorted(completed[prize]) for prize in self.order
                if prize in completed and prize not in self.won}

    def mark_won(self, prize: str) -> None:
        self.won.add(prize)

    # Closeness (rules 14, 28) -----------------------------------------------------------------
    def missing(self, card: int, prize: str) -> int:
        """How many numbers ``card`` still needs for ``prize``."""
        base = card * self.per_card
        rem = self.remaining
        if prize == TWO_LINES:
            return len(self._two_lines_missing(card))
        if prize == LINE:
            return min(rem[base + t] for t in self.line_slots)
        slots = [rem[base + t] for t, kind in enumerate(self.kinds) if kind == prize]
        return min(slots)

    def missing_numbers(self, card: int, prize: str) -> list[int]:
        """The undrawn numbers of the shape closest to completing ``prize`` (for a one-away
        alert, rule 28: the number the card waits for)."""
        if prize == TWO_LINES:
            return sorted(self._two_lines_missing(card))
        base = card * self.per_card
        slots = [t for t, k in enumerate(self.kinds) if k == prize]
        best = min(slots, key=lambda t: self.remaining[base + t])
        return sorted(self._undrawn(card, best))

    def _undrawn(self, card: int, slot: int) -> set[int]:
        flat = self.cells[card * self.width:(card + 1) * self.width]
        drawn = self.drawn_set
        return {flat[o] for o in self.shape_offsets[slot] if flat[o] and flat[o] not in drawn}

    def _two_lines_missing(self, card: int) -> set[int]:
        """The fewest undrawn numbers that complete two lines: crossing lines share a cell
        (bingo 80, 75, 30), so the pair is counted as a union, not a sum."""
        undrawn = [self._undrawn(card, t) for t in self.line_slots]
        return min((a | b for a, b in combinations(undrawn, 2)), key=len)

    def closeness(self, card: int) -> int:
        """Numbers missing to the nearest prize still in play (rule 14)."""
        open_prizes = [p for p in self.order if p not in self.won] or [BINGO]
        return min(self.missing(card, p) for p in open_prizes)

    def alerts(self, cards: list[int]) -> list[dict[str, Any]]:
        """Rule 28: each card one number away from a prize still in play, with that number."""
        out = []
        for card in cards:
            for prize in self.order:
                if prize not in self.won and self.missing(card, prize) == 1:
                    out.append({"card": card, "prize": prize,
                                "waiting_for": self.missing_numbers(card, prize)})
        return out


__all__ = ["DrawEngine", "BINGO", "COLUMN", "FOUR_CORNERS", "LINE", "TWO_LINES"]
