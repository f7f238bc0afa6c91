"""The RNG of a jogada as two events any game aggregate records: subclass ``JogadaRng``.

* ``RngCommitted`` at the start of the jogada, before the first card or ball is dealt and
  before any event that shows a result (903-B 6.7.5: everything is drawn at the start; A70:
  the RNG output precedes every result). It records the commitment (the hash players may be
  shown), the output itself (the shoe permutation, the draw order, the number) so that replay
  rebuilds the jogada from the record alone with no RNG and no algorithm (A70, 6.7.2(4)), the
  seed (kept in the store so an interrupted jogada can be completed, 903-B 6.3.2, and revealed
  later; never shown before ``RngRevealed``), and whether a laboratory forced the outcome.
* ``RngRevealed`` when the jogada ends: the seed, checked against the commitment and the
  recorded output before the event is recorded (``check_reveal``, ``verify_jogada``).

A jogada commits once: nothing is drawn again (903-B 6.7.5, 6.7.2(7)). A fresh seed per jogada
keeps jogadas independent of earlier games (6.7.2(6), A54). Game aggregates must not reuse a
finished jogada id (their own state machine knows which jogadas ended).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from eventsourcing.domain import event

from domain.kernel import certification
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from domain.kernel.rng import (
    ALGORITHM,
    BALLS,
    DECK,
    NUMBER,
    SEED_BYTES,
    commitment,
    derive_balls,
    derive_deck,
    derive_number,
    seed_from_hex,
    verify_reveal,
)
from domain.kernel.rules import T903B, A, cite

KINDS = (DECK, BALLS, NUMBER)


def derive_outcome(kind: str, seed: bytes, size: int) -> list[Any]:
    """The output of a jogada's RNG: the shoe (``size`` decks), the balls (``size`` balls), or
    the wheel's number as a one-item list."""
    if kind == DECK:
        return derive_deck(seed, size)
    if kind == BALLS:
        return derive_balls(seed, size)
    if kind == NUMBER:
        return [derive_number(seed)]
    raise InvalidInputError(f"unknown RNG kind {kind!r}", field="kind")


def expected_outcome(kind: str, seed: bytes, size: int,
                     forced_outcome: list[Any] | None) -> list[Any]:
    derived = derive_outcome(kind, seed, size)
    if forced_outcome is None:
        return derived
    if kind == NUMBER:
        return list(forced_outcome)
    return certification.apply_forced_order(forced_outcome, derived)


def check_reveal(commitment_hex: str, seed: bytes | str) -> bytes:
    """The revealed seed, if it is the one committed to; otherwise the reveal is refused."""
    raw = seed_from_hex(seed) if isinstance(seed, str) else seed
    if not verify_reveal(commitment_hex, raw):
        raise RuleViolationError(
            "the revealed seed does not match the commitment", field="seed_hex",
            rule=cite(T903B, "6.7.2(4)"), code="rng_reveal_mismatch",
        )
    return bytes(raw)


def verify_jogada(*, kind: str, size: int, commitment: str, seed_hex: str,
                  outcome: list[Any], forced_outcome: list[Any] | None) -> None:
    """What an auditor runs over a jogada's RngCommitted and RngRevealed events."""
    seed = check_reveal(commitment, seed_hex)
    if list(outcome) != expected_outcome(kind, seed, size, forced_outcome):
        raise RuleViolationError(
            "the recorded RNG output is not the one the seed derives", field="outcome",
            rule=cite(T903B, "6.7.2(4)"), code="rng_outcome_mismatch",
        )


class JogadaRng(LedgerAggregate):
    """Mixin for game aggregates: the RNG commitment of each open jogada."""

    @property
    def rng_open(self) -> dict[str, dict[str, Any]]:
        """Open jogadas by id: kind, size, commitment, sealed seed, outcome, forced."""
        return self.__dict__.setdefault("rng_jogadas", {})

    # Commands ---------------------------------------------------------------------------------
    def commit_deck(self, jogada_id: str, seed: bytes, *, decks: int = 1,
                    forced_deck: list[str] | None = None, certification_mode: bool = False,
                    min_cards: int | None = None, actor: str, at: datetime) -> list[str]:
        """The shoe of the jogada, top card first (a fresh shoe per jogada: A54). ``min_cards``:
        how many cards a forced deck must hold for the deal."""
        if forced_deck is not None:
            forced_deck = certification.check_forced_deck(
                forced_deck, certification_mode=certification_mode, min_cards=min_cards,
                decks=decks)
        return self._commit(jogada_id, seed, DECK, decks, forced_deck, actor, at)

    def commit_balls(self, jogada_id: str, seed: bytes, *, n_balls: int,
                     forced_balls: list[int] | None = None, certification_mode: bool = False,
                     actor: str, at: datetime) -> list[int]:
        """Every ball of the jogada in draw order."""
        if forced_balls is not None:
            forced_balls = certification.check_forced_balls(
                forced_balls, certification_mode=certification_mode, max_ball=n_balls)
        return self._commit(jogada_id, seed, BALLS, n_balls, forced_balls, actor, at)

    def commit_number(self, jogada_id: str, seed: bytes, *, forced_number: int | None = None,
                      certification_mode: bool = False, actor: str, at: datetime) -> int:
        """The winning number of a wheel, drawn before the result is shown (6.7.5)."""
        forced = None
        if forced_number is not None:
            forced = [certification.check_forced_number(
                forced_number, certification_mode=certification_mode)]
        return self._commit(jogada_id, seed, NUMBER, 1, forced, actor, at)[0]

    def _commit(self, jogada_id: str, seed: bytes, kind: str, size: int,
                forced_outcome: list[Any] | None, actor: str, at: datetime) -> list[Any]:
        if not isinstance(jogada_id, str) or not jogada_id:
            raise InvalidInputError("jogada_id must be a non-empty string", field="jogada_id")
        if jogada_id in self.rng_open:
            raise ConflictError(f"jogada {jogada_id} already drew its RNG output; nothing is"
                                " drawn again", field="jogada_id", rule=cite(T903B, "6.7.5"))
        if not isinstance(seed, bytes) or len(seed) != SEED_BYTES:
            raise InvalidInputError(f"seed must be {SEED_BYTES} bytes", field="seed",
                                    rule=cite(T903B, "6.7.4"))
        outcome = expected_outcome(kind, seed, size, forced_outcome)
        self._rng_committed(
            jogada_id=jogada_id, kind=kind, size=size, algorithm=ALGORITHM,
            commitment=commitment(seed), sealed_seed_hex=seed.hex(), outcome=outcome,
            forced=forced_outcome is not None, forced_outcome=forced_outcome, actor=actor, at=at,
        )
        return list(outcome)

    def reveal_rng(self, jogada_id: str, *, actor: str, at: datetime) -> str:
        """End of the jogada: publish the seed, after checking it against the record."""
        record = self.check_rng_committed(jogada_id)
        verify_jogada(kind=record["kind"], size=record["size"], commitment=record["commitment"],
                      seed_hex=record["sealed_seed_hex"], outcome=record["outcome"],
                      forced_outcome=record["forced_outcome"])
        self._rng_revealed(jogada_id=jogada_id, commitment=record["commitment"],
                           seed_hex=record["sealed_seed_hex"], forced=record["forced"],
                           actor=actor, at=at)
        return record["sealed_seed_hex"]

    # Queries ----------------------------------------------------------------------------------
    def check_rng_committed(self, jogada_id: str) -> dict[str, Any]:
        """Games call this before any card, ball or result event (A70)."""
        record = self.rng_open.get(jogada_id)
        if record is None:
            raise RuleViolationError(
                f"jogada {jogada_id} has no open RNG commitment", field="jogada_id",
                rule=cite(A, 70), code="rng_not_committed",
            )
        return record

    def rng_outcome(self, jogada_id: str) -> list[Any]:
        """The recorded output (a copy): the shoe, the draw order, or ``[number]``."""
        return list(self.check_rng_committed(jogada_id)["outcome"])

    # Mutators (run on trigger and on replay: no validation, no RNG) ---------------------------
    @event("RngCommitted", topic="ledger.JogadaRng.RngCommitted")
    def _rng_committed(self, jogada_id: str, kind: str, size: int, algorithm: str,
                       commitment: str, sealed_seed_hex: str, outcome: list[Any], forced: bool,
                       forced_outcome: list[Any] | None, actor: str, at: datetime) -> None:
        self.rng_open[jogada_id] = {
            "kind": kind, "size": size, "algorithm": algorithm, "commitment": commitment,
            "sealed_seed_hex": sealed_seed_hex, "outcome": list(outcome), "forced": forced,
            "forced_outcome": None if forced_outcome is None else list(forced_outcome),
            "committed_at": at,
        }

    @event("RngRevealed", topic="ledger.JogadaRng.RngRevealed")
    def _rng_revealed(self, jogada_id: str, commitment: str, seed_hex: str, forced: bool,
                      actor: str, at: datetime) -> None:
        self.rng_open.pop(jogada_id, None)
