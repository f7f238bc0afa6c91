"""Helpers of the hold'em and Omaha HTTP tests (tests/api/test_holdem_api.py, test_omaha_api.py,
test_poker_refusals_api.py): a table's configuration, a funded player with a session and a
seat, the table's routes shortened (``PokerApi``), forced decks in the dealing order of rules
49, 50, 53, 55, 57 (no burned card), and the refusal check: a 4xx naming the code, field and
rule, nothing recorded (the notification log does not move) and no money moved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.api.conftest import OPERATOR, Api, ok

FUNDS = 100_000
RULE = {"holdem": "hold'em rule", "omaha": "Omaha rule"}
RULES = {"holdem": "hold'em rules", "omaha": "Omaha rules"}
HOLE = {"holdem": 2, "omaha": 4}


def config(seats: int = 6, **overrides: Any) -> dict[str, Any]:
    """A no-limit table, blinds 0,50 / 1,00 €, buy-in 100 €, commission 5 % capped at 3 €."""
    made: dict[str, Any] = {
        "seats": seats, "structure": "no_limit", "small_blind_cents": 50,
        "big_blind_cents": 100, "buy_in_cents": 10_000,
        "commission": {"mode": "pot", "percent_bp": 500, "cap_cents": 300},
        "decision_seconds": 20}
    made.update(overrides)
    return made


def forced_deck(game: str, hands: list[list[str]], board: list[str]) -> list[str]:
    """Top first: the hole cards one at a time from the first seat dealt, pass after pass
    (rules 49, 50), then the flop, the turn and the river (rules 53, 55, 57), no burns."""
    deck = [hand[k] for k in range(HOLE[game]) for hand in hands] + list(board)
    assert len(set(deck)) == len(deck), "one 52-card deck"
    return deck


@dataclass
class Seated:
    player_id: str
    headers: dict[str, str]
    session_id: str
    seat: int


class PokerApi(Api):
    """``Api`` with one game's table routes (``/holdem`` or ``/omaha``)."""

    def __init__(self, client, game: str) -> None:
        super().__init__(client)
        self.game = game

    def path(self, table_id: str, tail: str = "") -> str:
        return f"/{self.game}/tables/{table_id}{tail}"

    def create_table(self, name: str = "Mesa 1", **overrides: Any):
        return self.client.post(f"/{self.game}/tables", headers=OPERATOR,
                                json={"name": name, "config": config(**overrides)})

    def table(self, name: str = "Mesa 1", **overrides: Any) -> dict[str, Any]:
        return ok(self.create_table(name, **overrides), 201)

    def describe(self, table_id: str, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(self.path(table_id), headers=headers))

    def open_session(self, table: dict[str, Any], headers) -> str:
        r = self.client.post("/sessions", headers=headers,
                             json={"venue_id": table["venue_id"], "game": self.game})
        return ok(r, 201)["session_id"]

    def sit(self, table_id: str, headers, seat: int, key: str, **extra: Any):
        return self.client.post(self.path(table_id, "/seats"), headers=headers,
                                json={"seat": seat, "idempotency_key": key, **extra})

    def funded(self, name: str, funds: int = FUNDS, table: dict[str, Any] | None = None
               ) -> tuple[str, dict[str, str]]:
        """A player with ``funds`` on the wallet and, given a table, a game session there."""
        player_id, headers = self.player(name)
        if funds:
            assert self.deposit(player_id, funds, f"dep-{player_id}").status_code == 201
        if table is not None:
            self.open_session(table, headers)
        return player_id, headers

    def seated(self, table: dict[str, Any], name: str, seat: int,
               funds: int = FUNDS) -> Seated:
        """A player with ``funds`` on the wallet, a game session at the table and a seat."""
        player_id, headers = self.funded(name, funds)
        session_id = self.open_session(table, headers)
        ok(self.sit(table["table_id"], headers, seat, f"sit-{player_id}"), 201)
        return Seated(player_id, headers, session_id, seat)

    def start(self, table_id: str, headers=OPERATOR, **body: Any):
        return self.client.post(self.path(table_id, "/jogadas"), headers=headers, json=body)

    def act(self, table_id: str, who: Seated, action: str, amount: int | None = None,
            jogada_id: str | None = None, **extra: Any):
        if jogada_id is None:
            jogada_id = self.describe(table_id)["jogada"]["jogada_id"]
        body = {"jogada_id": jogada_id, "action": action, **extra}
        if amount is not None:
            body["amount"] = amount
        return self.client.post(self.path(table_id, "/actions"), headers=who.headers,
                                json=body)

    def rebuy(self, table_id: str, who: Seated, key: str):
        return self.client.post(self.path(table_id, "/rebuys"), headers=who.headers,
                                json={"idempotency_key": key})

    def leave(self, table_id: str, who: Seated):
        return self.client.post(self.path(table_id, "/seats/leave"), headers=who.headers)

    def void(self, table_id: str, **body: Any):
        return self.client.post(self.path(table_id, "/interruptions"), headers=OPERATOR,
                                json=body)

    def to_act(self, table_id: str, players: list[Seated]) -> Seated | None:
        jogada = self.describe(table_id)["jogada"]
        if jogada is None or jogada["to_act"] is None:
            return None
        return next(p for p in players if p.seat == int(jogada["to_act"]))

    def statement(self, session_id: str, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(f"/sessions/{session_id}/statement", headers=headers))

    def last_jogada(self, table_id: str, headers):
        return self.client.get(self.path(table_id, "/last-jogada"), headers=headers)

    def accounts(self) -> dict[str, int]:
        return {a["account_code"]: a["balance_cents"]
                for a in ok(self.client.get("/audit/accounts", headers=OPERATOR))["data"]}

    def recorded(self) -> int:
        return self.client.app.state.ledger.app.recorder.max_notification_id() or 0

    def refused(self, send, status: int, *, field: str, rule: str | None = None,
                code: str | None = None) -> dict[str, Any]:
        """``send()`` is refused with ``status`` naming ``field`` (and ``rule``, ``code``); the
        notification log and every account read the same after as before."""
        before, money = self.recorded(), self.accounts()
        r = send()
        assert r.status_code == status, r.text
        error = r.json()["error"]
        assert error["field"] == field, error
        if rule is not None:
            assert error["rule"] == rule, error
        if code is not None:
            assert error["code"] == code, error
        assert self.recorded() == before, "a refused request recorded events"
        assert self.accounts() == money, "a refused request moved money"
        return error


def play_to_showdown(api: PokerApi, table_id: str, players: list[Seated]) -> None:
    """Everyone calls or checks until the jogada ends."""
    while (who := api.to_act(table_id, players)) is not None:
        options = api.describe(table_id, who.headers)["your_options"]
        ok(api.act(table_id, who, "call" if options["call"] else "check"))
