"""Helpers of the blackjack HTTP tests (tests/blackjack/test_http*.py, test_money_property.py):
the app as ``ledger serve`` builds it (certification mode: forced shoes), table configurations,
a funded player with a session and a seat, the table's routes shortened, forced shoes in rule
14's order, and the checks every test repeats: a refusal that records nothing and moves no
money, and money conservation (every cent in a wallet or the house's account)."""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from api.main import create_app
from tests.api.conftest import OPERATOR, Api, bearer, ok
from tests.refusals import max_id

BJ = "blackjack rule"
FUNDS = 100_000


@contextmanager
def http_client(make_settings, clock, **overrides: Any):
    """A TestClient of the app (its lifespan runs: the Ledger is real), in certification mode
    unless told otherwise."""
    overrides.setdefault("certification_mode", "1")
    client = TestClient(create_app(make_settings(**overrides), clock=clock))
    with client:
        yield client


def individual_config(**extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "individual", "decks": 6, "min_bet_cents": 100,
                              "max_bet_cents": 10_000}
    config.update(extra)
    return config


def multi_config(seats: int = 7, **extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "multi", "decks": 6, "seats": seats, "min_bet_cents": 100,
                              "max_bet_cents": 10_000, "betting_seconds": 15,
                              "decision_seconds": 20}
    config.update(extra)
    return config


def shoe(hands: list[list[str]], up: str, hole: str, draws: list[str] = ()) -> list[str]:
    """r14's order, top first: a first card to each hand in seat order, the banca's up card, a
    second card to each hand, the hole card; then ``draws`` in play order (hits, doubles,
    splits, then the banca's draws: hands.DRAW_ORDER)."""
    return [h[0] for h in hands] + [up] + [h[1] for h in hands] + [hole] + list(draws)


class Table:
    """One blackjack table over HTTP: its routes, and players seated at it."""

    def __init__(self, client: TestClient, config: dict[str, Any], name: str = "Mesa 21"):
        self.client = client
        self.api = Api(client)
        r = client.post("/blackjack/tables", json={"name": name, "config": config},
                        headers=OPERATOR)
        assert r.status_code == 201, r.text
        self.created = r.json()
        self.id = self.created["table_id"]
        self.venue_id = self.created["venue_id"]
        self.kind = config["kind"]
        self.url = f"/blackjack/tables/{self.id}"

    # Players --------------------------------------------------------------------------------------
    def player(self, name: str, *, funds: int = FUNDS) -> tuple[str, dict[str, str], str]:
        """A player with ``funds`` on the wallet and an open game session at the table's venue:
        (player id, headers, session id)."""
        pid, headers = self.api.player(name)
        if funds:
            assert self.api.deposit(pid, funds, f"dep-{pid}").status_code == 201
        r = self.client.post("/sessions", json={"venue_id": self.venue_id,
                                                "game": f"blackjack_{self.kind}"},
                             headers=headers)
        assert r.status_code == 201, r.text
        return pid, headers, r.json()["session_id"]

    def seated(self, name: str, seat: int | None = None, *,
               funds: int = FUNDS) -> tuple[str, dict[str, str], str]:
        pid, headers, sid = self.player(name, funds=funds)
        r = self.sit(headers, seat)
        assert r.status_code == 201, r.text
        return pid, headers, sid

    def sit(self, headers, seat: int | None = None, **extra: Any):
        body = {**({} if seat is None else {"seat": seat}), **extra}
        return self.client.post(f"{self.url}/seats", json=body, headers=headers)

    def leave(self, headers, seat: int | None = None):
        return self.client.post(f"{self.url}/seats/leave",
                                json={} if seat is None else {"seat": seat}, headers=headers)

    # Bets, the deal, decisions ----------------------------------------------------------------
    def bet(self, headers, amount: Any, key: str, seat: int | None = None, **extra: Any):
        body = {"amount_cents": amount, "idempotency_key": key, **extra}
        if seat is not None:
            body["seat"] = seat
        return self.client.post(f"{self.url}/bets", json=body, headers=headers)

    def deal(self, headers, forced: list[str] | None = None):
        body = {} if forced is None else {"forced_deck": forced}
        return self.client.post(f"{self.url}/deal", json=body, headers=headers)

    def force(self, forced: list[str], headers=OPERATOR):
        return self.client.post(f"{self.url}/forced-deck", json={"forced_deck": forced},
                                headers=headers)

    def decide(self, headers, jogada_id: str, seat: int, decision: str, key: str,
               hand: int = 0, amount: int | None = None, **extra: Any):
        body = {"jogada_id": jogada_id, "seat": seat, "hand": hand, "decision": decision,
                "idempotency_key": key, **extra}
        if amount is not None:
            body["amount_cents"] = amount
        return self.client.post(f"{self.url}/decisions", json=body, headers=headers)

    def tick(self):
        return ok(self.client.post(f"{self.url}/tick", headers=OPERATOR))

    # Reads ------------------------------------------------------------------------------------
    def view(self, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(f"{self.url}/view", headers=headers))

    def state(self, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(self.url, headers=headers))

    def rules(self, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(f"{self.url}/rules", headers=headers))


def end_session(client, session_id: str, headers) -> dict[str, Any]:
    return ok(client.post(f"/sessions/{session_id}/end", json={"reason": "player"},
                          headers=headers))


def statement(client, session_id: str, headers=OPERATOR) -> dict[str, Any]:
    return ok(client.get(f"/sessions/{session_id}/statement", headers=headers))


def audit(client) -> dict[str, Any]:
    """Every account (paged through): {code: balance}, with the report's total."""
    accounts: dict[str, int] = {}
    after = None
    while True:
        params = {"limit": 10_000, **({} if after is None else {"after_code": after})}
        page = ok(client.get("/audit/accounts", headers=OPERATOR, params=params))
        assert page["total_cents"] == 0 and page["balanced"] is True
        accounts.update({a["account_code"]: a["balance_cents"] for a in page["data"]})
        after = page["next_after_code"]
        if after is None:
            return accounts


def balance(client, player_id: str) -> dict[str, int]:
    return ok(client.get(f"/players/{player_id}/balance", headers=OPERATOR))


def wallets(client, player_ids) -> dict[str, tuple[int, int]]:
    return {pid: (b["available_cents"], b["held_cents"])
            for pid in player_ids for b in [balance(client, pid)]}


def assert_conserved(client, player_ids, deposits: int, house_before: int = 0) -> dict[str, int]:
    """Every cent in a wallet or the house's account: the accounts sum to zero (the audit
    checks it) and the players' wallets plus what the house's account gained since
    ``house_before`` equal the deposits."""
    accounts = audit(client)
    assert sum(accounts.values()) == 0
    players = sum(balance(client, pid)["balance_cents"] for pid in player_ids)
    house = accounts.get("house", 0) - house_before
    assert players + house == deposits, (players, house, deposits)
    return accounts


def error_of(r, status: int | None = None) -> dict[str, Any]:
    if status is None:
        assert 400 <= r.status_code < 500, r.text
    else:
        assert r.status_code == status, r.text
    return r.json()["error"]


def recorded(client) -> int:
    """The notification log's last id: what a refused command must leave as it was."""
    return max_id(client.app.state.ledger)


@contextmanager
def nothing_recorded(client, player_ids=()):
    """The block's command is refused: no event recorded, no wallet changed."""
    before, money = recorded(client), wallets(client, player_ids)
    yield
    assert recorded(client) == before, "a refused command recorded events"
    assert wallets(client, player_ids) == money, "a refused command moved money"


def cites(cited: str | None, rule: str) -> bool:
    """Whether an error's ``rule`` cites ``rule``: a blackjack rule by its number ("15b":
    "blackjack rules 15b, 16a, 23" cites it), an A-number or a 903-B section as written."""
    cited = cited or ""
    if rule.startswith(("A", "903-B")):
        return re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w]|\.\d)", cited) is not None
    return any(re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w])", part.split(" rule", 1)[1])
               for part in cited.split(";") if part.strip().startswith(BJ.split()[0])
               and " rule" in part)


def refused(r, *, field: str, rule: str | None = None, status: int | None = None,
            code: str | None = None) -> dict[str, Any]:
    """A clear 4xx: names the field (``forced_deck`` also as ``forced_deck[3]``) and, where
    one applies, the rule (``cites``)."""
    error = error_of(r, status)
    assert error["field"] == field or error["field"].startswith(f"{field}["), error
    if rule is not None:
        assert cites(error.get("rule"), rule), error
    if code is not None:
        assert error["code"] == code, error
    return error


__all__ = ["BJ", "FUNDS", "OPERATOR", "Table", "assert_conserved", "audit", "balance", "bearer",
           "end_session", "error_of", "http_client", "individual_config", "multi_config",
           "nothing_recorded", "recorded", "refused", "shoe", "statement", "wallets"]
