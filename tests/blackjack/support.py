"""Helpers for the blackjack tests: forced shoes per r14 (hands.deal), tables, players with
sessions and seats, the commands shortened, and readers of the recorded events and balances.

Every helper goes through the ledger's own commands (tests/blackjack/client.py,
infra/services/sessions.py). Outcomes are asserted only where the shoe is forced
(certification mode); with the seeded RNG the tests assert only what holds whatever the cards.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.kernel.actors import player_actor, staff_actor
from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code
from infra.container import Ledger, build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from projections import queries
from tests.adjudication_check import assert_ended_jogadas_agree
from tests.blackjack import client as bj

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
DEPOSIT_CENTS = 100_000


# r14: the forced shoe ----------------------------------------------------------------------
def shoe(hands: Sequence[Sequence[str]], up: str, hole: str,
         draws: Sequence[str] = ()) -> list[str]:
    """The shoe (top card first) that r14 deals as asked (hands.deal): the players' first
    cards in seat order, the banca's up card, the players' second cards, the hole card; then
    the cards drawn in play order (hands.DRAW_ORDER)."""
    return [h[0] for h in hands] + [up] + [h[1] for h in hands] + [hole] + list(draws)


# Configurations ----------------------------------------------------------------------------
def individual_config(**overrides: Any) -> dict[str, Any]:
    config = {"kind": "individual", "decks": 6, "seats": 1, "min_bet_cents": 100,
              "max_bet_cents": 10_000}
    config.update(overrides)
    return config


def multi_config(seats: int = 3, **overrides: Any) -> dict[str, Any]:
    config = {"kind": "multi", "decks": 6, "seats": seats, "min_bet_cents": 100,
              "max_bet_cents": 10_000, "betting_seconds": 10, "decision_seconds": 10}
    config.update(overrides)
    return config


# Tables, players, sessions, seats ----------------------------------------------------------
@dataclass(frozen=True)
class Seated:
    player_id: UUID
    session_id: UUID
    seat: int

    @property
    def actor(self) -> str:
        return player_actor(self.player_id)


def new_table(ledger: Ledger, config: dict[str, Any], name: str = "mesa") -> dict[str, Any]:
    return bj.create_table(ledger, name=name, config=config, actor=OPERATOR)


def new_player(ledger: Ledger, deposit_cents: int = DEPOSIT_CENTS, name: str = "Ana") -> UUID:
    player_id, _ = ledger.register_player(display_name=name, actor=OPERATOR)
    if deposit_cents:
        ledger.deposit(player_id, deposit_cents, f"deposit-{player_id}", actor=OPERATOR)
    return player_id


def seat_player(ledger: Ledger, table: dict[str, Any], player_id: UUID,
                seat: int | None = None) -> Seated:
    session_id = sessions_service.start_session(ledger, player_id, table["venue_id"],
                                                table["game"], player_actor(player_id))
    taken = bj.sit(ledger, table_id=table["table_id"], player_id=player_id, seat=seat,
                   actor=player_actor(player_id))
    return Seated(player_id=player_id, session_id=UUID(str(session_id)), seat=taken["seat"])


def setup_table(ledger: Ledger, config: dict[str, Any], players: int = 1,
                deposit_cents: int = DEPOSIT_CENTS) -> tuple[dict[str, Any], list[Seated]]:
    table = new_table(ledger, config)
    seated = []
    for index in range(players):
        pid = new_player(ledger, deposit_cents, name=f"jogador {index + 1}")
        seated.append(seat_player(ledger, table, pid, index + 1))
    return table, seated


# Commands, shortened -----------------------------------------------------------------------
_keys = itertools.count(1)


def bet(ledger: Ledger, table: dict[str, Any], player: Seated, amount: int = 1_000, *,
        seat: int | None = None, forced_shoe: list[str] | None = None,
        key: str | None = None) -> dict[str, Any]:
    return bj.place_bet(ledger, table_id=table["table_id"], player_id=player.player_id,
                        seat=player.seat if seat is None else seat, amount_cents=amount,
                        idempotency_key=key or f"bet-{next(_keys)}", actor=player.actor,
                        forced_shoe=forced_shoe)


def deal(ledger: Ledger, table: dict[str, Any], player: Seated | None,
         forced_shoe: list[str] | None = None) -> dict[str, Any]:
    return bj.deal(ledger, table_id=table["table_id"],
                   player_id=None if player is None else player.player_id,
                   forced_shoe=forced_shoe, actor=OPERATOR if player is None else player.actor)


def decide(ledger: Ledger, table: dict[str, Any], jogada_id: str, player: Seated,
           decision: str, *, hand: int = 0, seat: int | None = None,
           amount_cents: int | None = None, key: str | None = None) -> dict[str, Any]:
    return bj.decide(ledger, table_id=table["table_id"], jogada_id=jogada_id,
                     player_id=player.player_id, seat=player.seat if seat is None else seat,
                     hand=hand, decision=decision, amount_cents=amount_cents,
                     idempotency_key=key or f"decide-{next(_keys)}", actor=player.actor)


def play_individual(ledger: Ledger, table: dict[str, Any], player: Seated,
                    forced: list[str], amount: int = 1_000) -> str:
    """Bet and deal at an individual table with a forced shoe; the jogada id."""
    placed = bet(ledger, table, player, amount)
    deal(ledger, table, player, forced)
    return placed["jogada_id"]


def bj_rule(*numbers: int | str) -> str:
    """The citation the tests expect, written here rather than taken from the rule book."""
    if len(numbers) == 1:
        return f"blackjack rule {numbers[0]}"
    return "blackjack rules " + ", ".join(str(n) for n in numbers)


# Reading the record ------------------------------------------------------------------------
def stream_events(ledger: Ledger, aggregate_id: UUID | str) -> list[Any]:
    uid = aggregate_id if isinstance(aggregate_id, UUID) else UUID(str(aggregate_id))
    return [ledger.app.mapper.to_domain_event(stored)
            for stored in ledger.app.recorder.select_events(uid)]


def name_of(event: Any) -> str:
    return type(event).__name__


def table_events(ledger: Ledger, table: dict[str, Any],
                 jogada_id: str | None = None) -> list[Any]:
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


def every(events: Sequence[Any], name: str) -> list[Any]:
    return [e for e in events if name_of(e) == name]


def account(ledger: Ledger, code: str) -> Any:
    return ledger.app.repository.get(account_id(code))


def wallet(ledger: Ledger, player: Seated | UUID) -> Any:
    pid = player.player_id if isinstance(player, Seated) else player
    return account(ledger, wallet_code(pid))


def available(ledger: Ledger, player: Seated | UUID) -> int:
    return wallet(ledger, player).available_cents


def balances(ledger: Ledger, players: Sequence[Seated]) -> list[tuple[int, int]]:
    return [(w.balance_cents, w.held_cents) for w in (wallet(ledger, p) for p in players)]


def house(ledger: Ledger) -> int:
    return account(ledger, HOUSE_CODE).balance_cents


def money_total(ledger: Ledger) -> int:
    ledger.projections.wait(ledger.writer.last_position)
    return queries.accounts_total(ledger.projections.engine)


def assert_money_conserved(ledger: Ledger) -> None:
    """903-B 5.5.1(1): every cent in a wallet, the house or the cashier: the accounts sum to
    zero, and no hold is left open once no jogada is."""
    assert money_total(ledger) == 0
    ledger.projections.wait(ledger.writer.last_position)
    assert sum(account(ledger, row["account_code"]).balance_cents
               for row in queries.accounts(ledger.projections.engine)) == 0


def statement(ledger: Ledger, player: Seated) -> dict[str, Any]:
    return sessions_service.statement(ledger, player.session_id)


@contextlib.contextmanager
def certification_ledger(make_settings: Any, clock: Any, seed: int = 805,
                         mode: str = "1", request: Any = None) -> Iterator[Ledger]:
    built = build_ledger(make_settings(certification_mode=mode), clock=clock,
                         seeds=SeededSeedSource(seed))
    try:
        yield built
        assert_ended_jogadas_agree(built, request)
    finally:
        built.close()
