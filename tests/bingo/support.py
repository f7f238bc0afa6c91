"""Helpers for the bingo jogada tests: room configurations per variant, players with sessions in
a room, and a driver that runs a jogada on the manual clock (rule 22: never faster than the
room's interval). Every helper goes through the ledger's service functions
(tests/bingo/client.py, infra/services/sessions.py): nothing here writes to the store itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code
from domain.kernel.actors import player_actor, staff_actor
from tests.bingo import client as bingo
from infra.services import sessions as sessions_service
from infra.container import Ledger

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
DEPOSIT_CENTS = 100_000
PRICE = 100


def config(variant: str = "90", **overrides: Any) -> dict[str, Any]:
    """A room that is valid as given: each variant's compulsory prizes (rules 33, 63, 67, 74, 82)
    with shares that grow with difficulty (rules 37, 38)."""
    prizes = {"90": {"line": 2_000, "bingo": 8_000},
              "80": {"line": 2_500, "bingo": 7_500},
              "75": {"four_corners": 2_000, "bingo": 8_000},
              "30": {"bingo": 10_000}}[variant]
    base = {"variant": variant, "card_price_cents": PRICE, "max_cards": 12, "pool_bp": 8_000,
            "prizes": prizes, "sale_seconds": 60, "draw_interval_ms": 1_000,
            "prize_pause_ms": 2_000}
    base.update(overrides)
    return base


@dataclass(frozen=True)
class Player:
    player_id: UUID
    session_id: UUID

    @property
    def actor(self) -> str:
        return player_actor(self.player_id)


def new_room(ledger: Ledger, cfg: dict[str, Any], name: str = "Sala Azul") -> dict[str, Any]:
    return bingo.create_room(ledger, name=name, config=cfg, actor=OPERATOR)


def new_player(ledger: Ledger, room: dict[str, Any], deposit_cents: int = DEPOSIT_CENTS,
               name: str = "Ana", join: bool = True) -> Player:
    player_id, _ = ledger.register_player(display_name=name, actor=OPERATOR)
    if deposit_cents:
        ledger.deposit(player_id, deposit_cents, f"deposit-{player_id}", actor=OPERATOR)
    session_id = sessions_service.start_session(ledger, player_id, room["venue_id"], "bingo",
                                                player_actor(player_id))
    if join:
        bingo.join(ledger, room_id=room["room_id"], player_id=player_id,
                   actor=player_actor(player_id))
    return Player(player_id=player_id, session_id=UUID(str(session_id)))


def players(ledger: Ledger, room: dict[str, Any], n: int, **kwargs: Any) -> list[Player]:
    return [new_player(ledger, room, name=f"jogador {i + 1}", **kwargs) for i in range(n)]


_keys = iter(range(1, 10**9))


def buy(ledger: Ledger, room: dict[str, Any], player: Player, count: int = 1, *,
        key: str | None = None) -> dict[str, Any]:
    return bingo.buy_cards(ledger, room_id=room["room_id"], player_id=player.player_id,
                           count=count, idempotency_key=key or f"cards-{next(_keys)}",
                           actor=player.actor)


def open_jogada(ledger: Ledger, room: dict[str, Any],
                forced_balls: list[int] | None = None) -> dict[str, Any]:
    return bingo.open_jogada(ledger, room_id=room["room_id"], forced_balls=forced_balls,
                             actor=OPERATOR)


def close_sale(ledger: Ledger, clock: Any, room: dict[str, Any]) -> dict[str, Any]:
    """Moves the clock to the end of the sale period (rule 16) and closes it."""
    cfg = room["config"]
    clock.advance(cfg["sale_seconds"])
    return bingo.close_sales(ledger, room_id=room["room_id"])


def draw_to_end(ledger: Ledger, clock: Any, room: dict[str, Any],
                limit: int = 90) -> list[dict[str, Any]]:
    """Draws ball after ball, each when due (rules 22, 24), until the bingo settles."""
    draws = []
    for _ in range(limit):
        state = bingo.describe(ledger, room["room_id"])["open_jogada"]
        if state is None:
            break
        due = state["next_draw_at"]
        if clock.now() < due:
            clock.advance((due - clock.now()).total_seconds())
        draws.append(bingo.draw(ledger, room_id=room["room_id"]))
        if draws[-1]["bingo"]:
            break
    return draws


def account(ledger: Ledger, code: str) -> Any:
    return ledger.app.repository.get(account_id(code))


def balance(ledger: Ledger, code: str) -> int:
    return account(ledger, code).balance_cents


def wallet(ledger: Ledger, player: Player) -> int:
    return balance(ledger, wallet_code(player.player_id))


def house(ledger: Ledger) -> int:
    return balance(ledger, HOUSE_CODE)


def stream_events(ledger: Ledger, aggregate_id: UUID | str) -> list[Any]:
    uid = aggregate_id if isinstance(aggregate_id, UUID) else UUID(str(aggregate_id))
    return [ledger.app.mapper.to_domain_event(s) for s in ledger.app.recorder.select_events(uid)]


def room_events(ledger: Ledger, room: dict[str, Any], jogada_id: str | None = None) -> list[Any]:
    events = stream_events(ledger, room["room_id"])
    if jogada_id is not None:
        events = [e for e in events if getattr(e, "jogada_id", None) == jogada_id]
    return events


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: list[Any], name: str) -> list[Any]:
    return [e for e in events if type(e).__name__ == name]
