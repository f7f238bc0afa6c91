"""Helpers for the póquer sem descarte jogada tests (tests/semdescarte/test_jogada_*.py):
forced decks per rule 19, tables, players with sessions and seats, and readers of the recorded
events and balances.

Every helper goes through the ledger's own commands (tests/semdescarte/client.py,
infra/services/sessions.py): nothing here writes to the store by itself.

Every test asserts on what the ledger recorded (the table's events, the account streams, the
money projection, the session statement). Outcomes are asserted only where the deck is forced
(certification mode, rule 19 formula below); with the seeded RNG the tests assert only what
holds whatever the cards.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code
from domain.kernel.actors import player_actor, staff_actor
from tests.semdescarte import client as sd
from infra.services import sessions as sessions_service
from infra.container import Ledger, build_ledger
from infra.runtime.rng import SeededSeedSource
from projections import queries
from tests.adjudication_check import assert_ended_jogadas_agree

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
DEPOSIT_CENTS = 100_000
JACKPOT_STAKE = 100
JACKPOT_START = 1_000_000  # 10 000 × the stake (Portaria r10)
JACKPOT = {"stake_cents": JACKPOT_STAKE, "contribution_bp": 7_000,
           "starting_value_cents": JACKPOT_START}

# Card codes used by many tests: rank then suit (domain/cards/codes.py).
BANK_NOT_QUALIFIED = ["Qs", "Jd", "9c", "6h", "2s"]  # queen high: no ace + king (rule 25)
BANK_AK = ["Ac", "Kd", "8h", "6s", "3c"]  # ace-king high: qualifies (rules 7k, 25)


# Rule 19: the forced deck -----------------------------------------------------------------
def forced_deck(burn: str, player_hands: Sequence[Sequence[str]],
                bank_hand: Sequence[str]) -> list[str]:
    """The shoe (top card first) that rule 19 deals as asked: index 0 is burned; in round
    k = 0..4 the n players (in seat order) get indices 1+k(n+1) … k(n+1)+n, the bank
    (k+1)(n+1); the bank's 5th card, index 5(n+1), is the one dealt face up (rule 19c)."""
    n = len(player_hands)
    if not 1 <= n <= 7 or any(len(h) != 5 for h in player_hands) or len(bank_hand) != 5:
        raise ValueError("1 to 7 player hands and a bank hand, 5 cards each")
    deck: list[str | None] = [None] * (1 + 5 * (n + 1))
    deck[0] = burn
    for k in range(5):
        for seat_index, hand in enumerate(player_hands):
            deck[1 + k * (n + 1) + seat_index] = hand[k]
        deck[(k + 1) * (n + 1)] = bank_hand[k]
    cards = [card for card in deck if card is not None]
    if len(cards) != len(deck) or len(set(cards)) != len(cards):
        raise ValueError("every card once: the deck has a hole or a duplicate")
    return cards


# Configurations ---------------------------------------------------------------------------
def individual_config(**overrides: Any) -> dict[str, Any]:
    config = {"kind": "individual", "seats": 1, "min_ante_cents": 100,
              "max_ante_cents": 2_500, "decision_seconds": 10, "extra_seconds": 5}
    config.update(overrides)
    return config


def multi_config(seats: int = 7, **overrides: Any) -> dict[str, Any]:
    config = {"kind": "multi", "seats": seats, "min_ante_cents": 100, "max_ante_cents": 2_500,
              "decision_seconds": 10, "extra_seconds": 5, "betting_seconds": 20}
    config.update(overrides)
    return config


# Tables, players, sessions, seats ---------------------------------------------------------
@dataclass(frozen=True)
class Seated:
    player_id: UUID
    session_id: UUID
    seat: int

    @property
    def actor(self) -> str:
        return player_actor(self.player_id)


def new_table(ledger: Ledger, config: dict[str, Any], name: str = "mesa") -> dict[str, Any]:
    return sd.create_table(ledger, name=name, config=config, actor=OPERATOR)


def new_player(ledger: Ledger, deposit_cents: int = DEPOSIT_CENTS, name: str = "Ana") -> UUID:
    player_id, _ = ledger.register_player(display_name=name, actor=OPERATOR)
    if deposit_cents:
        ledger.deposit(player_id, deposit_cents, f"deposit-{player_id}", actor=OPERATOR)
    return player_id


def seat_player(ledger: Ledger, table: dict[str, Any], player_id: UUID,
                seat: int | None = None) -> Seated:
    """A game session at the table's venue (rule 40), then a seat (rule 6a)."""
    session_id = sessions_service.start_session(ledger, player_id, table["venue_id"],
                                                table["game"], player_actor(player_id))
    taken = sd.sit(ledger, table_id=table["table_id"], player_id=player_id, seat=seat,
                   actor=player_actor(player_id))
    return Seated(player_id=player_id, session_id=UUID(str(session_id)), seat=taken["seat"])


def setup_table(ledger: Ledger, config: dict[str, Any], players: int = 1,
                deposit_cents: int = DEPOSIT_CENTS) -> tuple[dict[str, Any], list[Seated]]:
    """A table and ``players`` funded players seated at seats 1, 2, …"""
    table = new_table(ledger, config)
    seated = []
    for index in range(players):
        pid = new_player(ledger, deposit_cents, name=f"jogador {index + 1}")
        seat = None if config["kind"] == "individual" else index + 1
        seated.append(seat_player(ledger, table, pid, seat))
    return table, seated


# Commands, shortened ----------------------------------------------------------------------
def ante(ledger: Ledger, table: dict[str, Any], player: Seated, ante_cents: int = 200, *,
         jackpot_bet_cents: int | None = None, key: str | None = None) -> dict[str, Any]:
    return sd.place_ante(ledger, table_id=table["table_id"], player_id=player.player_id,
                         ante_cents=ante_cents, jackpot_bet_cents=jackpot_bet_cents,
                         idempotency_key=key or f"ante-{player.player_id}-{next_key()}",
                         actor=player.actor)


_keys = iter(range(1, 10**9))


def next_key() -> int:
    return next(_keys)


def deal(ledger: Ledger, table: dict[str, Any], player: Seated | None,
         deck: list[str] | None = None) -> dict[str, Any]:
    return sd.deal(ledger, table_id=table["table_id"],
                   player_id=None if player is None else player.player_id, forced_deck=deck,
                   actor=OPERATOR if player is None else player.actor)


def decide(ledger: Ledger, table: dict[str, Any], jogada_id: str, player: Seated,
           decision: str) -> dict[str, Any]:
    return sd.decide(ledger, table_id=table["table_id"], jogada_id=jogada_id,
                     player_id=player.player_id, decision=decision, actor=player.actor)


def play_forced(ledger, table, player, hand, bank, decision, *, ante_cents=200,
                jackpot_bet_cents=None, burn="5c"):
    """One jogada at an individual table with a forced deck (certification mode)."""
    placed = ante(ledger, table, player, ante_cents, jackpot_bet_cents=jackpot_bet_cents)
    deal(ledger, table, player, forced_deck(burn, [hand], bank))
    result = decide(ledger, table, placed["jogada_id"], player, decision)
    assert result["settled"] is True
    return placed["jogada_id"], table_events(ledger, table, placed["jogada_id"])


def tick_past_betting(ledger, clock, table):
    clock.advance(table["config"]["betting_seconds"] + 1)
    return sd.tick(ledger, table["table_id"])


def sd_rule(n: int | str) -> str:
    """The citation the tests expect, written here rather than taken from domain/kernel/rules.py."""
    return f"póquer sem descarte rule {n}"


# Reading the record -----------------------------------------------------------------------
def max_id(ledger: Ledger) -> int:
    return ledger.app.recorder.max_notification_id() or 0


def stream_events(ledger: Ledger, aggregate_id: UUID | str) -> list[Any]:
    """Every stored event of one stream, decoded by the application's mapper."""
    uid = aggregate_id if isinstance(aggregate_id, UUID) else UUID(str(aggregate_id))
    return [ledger.app.mapper.to_domain_event(stored)
            for stored in ledger.app.recorder.select_events(uid)]


def name_of(event: Any) -> str:
    return type(event).__name__


def table_events(ledger: Ledger, table: dict[str, Any], jogada_id: str | None = None,
                 ) -> list[Any]:
    events = stream_events(ledger, table["table_id"])
    if jogada_id is not None:
        events = [e for e in events if getattr(e, "jogada_id", None) == jogada_id]
    return events


def names(events: Sequence[Any]) -> list[str]:
    return [name_of(e) for e in events]


def only(events: Sequence[Any], name: str) -> Any:
    found = [e for e in events if name_of(e) == name]
    assert len(found) == 1, f"{len(found)} {name} events in {names(events)}"
    return found[0]


def account(ledger: Ledger, code: str) -> Any:
    """The account as the store has it now (not the writer's cache)."""
    return ledger.app.repository.get(account_id(code))


def wallet(ledger: Ledger, player: Seated | UUID) -> Any:
    pid = player.player_id if isinstance(player, Seated) else player
    return account(ledger, wallet_code(pid))


def available(ledger: Ledger, player: Seated | UUID) -> int:
    return wallet(ledger, player).available_cents


def balances(ledger: Ledger, players: Sequence[Seated]) -> list[tuple[int, int]]:
    """(balance, held) of each player's wallet."""
    return [(w.balance_cents, w.held_cents) for w in (wallet(ledger, p) for p in players)]


def house(ledger: Ledger) -> int:
    return account(ledger, HOUSE_CODE).balance_cents


def jackpot_pool(ledger: Ledger, table: dict[str, Any]) -> int:
    return account(ledger, table["jackpot_account"]).balance_cents


def money_total(ledger: Ledger) -> int:
    """903-B 5.5.1(1): the sum of every account's balance (the money projection, once it
    applied everything written)."""
    ledger.projections.wait(ledger.writer.last_position)
    return queries.accounts_total(ledger.projections.engine)


def store_total(ledger: Ledger) -> int:
    """The same sum from the account streams themselves."""
    ledger.projections.wait(ledger.writer.last_position)
    return sum(account(ledger, row["account_code"]).balance_cents
               for row in queries.accounts(ledger.projections.engine))


def assert_money_conserved(ledger: Ledger) -> None:
    assert money_total(ledger) == 0
    assert store_total(ledger) == 0


@contextlib.contextmanager
def certification_ledger(make_settings: Any, clock: Any, seed: int = 803,
                         mode: str = "1", request: Any = None) -> Iterator[Ledger]:
    """A ledger in certification mode (LEDGER_CERTIFICATION_MODE=1: forced decks accepted;
    ``mode="0"``: the same ledger with it off), built like the ``ledger`` fixture; its ended
    jogadas re-adjudicated (tests/adjudication_check.py: ``request``, the test's, says whether
    it opted out), then closed at the end."""
    built = build_ledger(make_settings(certification_mode=mode), clock=clock,
                         seeds=SeededSeedSource(seed))
    try:
        yield built
        assert_ended_jogadas_agree(built, request)
    finally:
        built.close()
