"""Helpers of the roulette HTTP tests (tests/roulette/test_http*.py): wheel configurations, a
funded player with a game session at the wheel's venue, the wheel's routes shortened, bets
written as the API takes them, and a refusal's check citing roulette's rules. The checks every
game's HTTP tests share (the app in certification mode, a refusal that records nothing and
moves no money, every cent in a wallet or the house's account, the statements) are
tests/blackjack/http_support.py's."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.api.conftest import OPERATOR, Api, ok
from tests.blackjack.http_support import (
    FUNDS,
    assert_conserved,
    audit,
    balance,
    end_session,
    error_of,
    http_client,
    nothing_recorded,
    statement,
    wallets,
)

RF = "roleta francesa rule"


def individual_config(**extra: Any) -> dict[str, Any]:
    return {"kind": "individual", "min_cents": 100, **extra}


def multi_config(**extra: Any) -> dict[str, Any]:
    return {"kind": "multi", "min_cents": 100, "betting_seconds": 15, **extra}


# Bets as the API takes them (domain/games/roulette/bets.py) ---------------------------------------
def chance(name: str, numbers: list[int] | None, cents: int) -> dict[str, Any]:
    return {"chance": name, "numbers": numbers or [], "amount_cents": cents}


def call(name: str, unit: int, number: int | None = None,
         neighbours: int | None = None) -> dict[str, Any]:
    bet: dict[str, Any] = {"call": name, "unit_cents": unit}
    if number is not None:
        bet["number"] = number
    if neighbours is not None:
        bet["neighbours"] = neighbours
    return bet


class Wheel:
    """One roulette wheel over HTTP: its routes, and players with a session at it."""

    def __init__(self, client: TestClient, config: dict[str, Any], name: str = "Roleta 1"):
        self.client = client
        self.api = Api(client)
        r = client.post("/roulette/wheels", json={"name": name, "config": config},
                        headers=OPERATOR)
        assert r.status_code == 201, r.text
        self.created = r.json()
        self.id = self.created["wheel_id"]
        self.venue_id = self.created.get("venue_id", f"roulette:{self.id}")
        self.kind = config["kind"]
        self.url = f"/roulette/wheels/{self.id}"

    # Players ------------------------------------------------------------------------------------
    def player(self, name: str, *, funds: int = FUNDS) -> tuple[str, dict[str, str], str]:
        """A player with ``funds`` on the wallet and an open game session at the wheel's venue:
        (player id, headers, session id)."""
        pid, headers = self.api.player(name)
        if funds:
            assert self.api.deposit(pid, funds, f"dep-{pid}").status_code == 201
        r = self.client.post("/sessions", json={"venue_id": self.venue_id,
                                                "game": f"roulette_{self.kind}"},
                             headers=headers)
        assert r.status_code == 201, r.text
        return pid, headers, r.json()["session_id"]

    def joined(self, name: str, *, funds: int = FUNDS) -> tuple[str, dict[str, str], str]:
        pid, headers, sid = self.player(name, funds=funds)
        r = self.join(headers)
        assert r.status_code == 201, r.text
        return pid, headers, sid

    def join(self, headers, **body: Any):
        return self.client.post(f"{self.url}/join", json=body, headers=headers)

    def leave(self, headers, **body: Any):
        return self.client.post(f"{self.url}/leave", json=body, headers=headers)

    # Bets, withdraw, launch, the clock ------------------------------------------------------------
    def bet(self, headers, bets: list[dict[str, Any]], key: str, **extra: Any):
        return self.client.post(f"{self.url}/bets",
                                json={"bets": bets, "idempotency_key": key, **extra},
                                headers=headers)

    def placed(self, headers, bets: list[dict[str, Any]], key: str, **extra: Any) -> dict:
        return ok(self.bet(headers, bets, key, **extra), 201)

    def withdraw(self, headers, key: str, slip: int | None = None):
        body = {"idempotency_key": key, **({} if slip is None else {"slip": slip})}
        return self.client.post(f"{self.url}/withdraw", json=body, headers=headers)

    def launch(self, headers, forced: int | None = None):
        body = {} if forced is None else {"forced_number": forced}
        return self.client.post(f"{self.url}/launch", json=body, headers=headers)

    def force(self, number: int, headers=OPERATOR):
        return self.client.post(f"{self.url}/forced-number", json={"forced_number": number},
                                headers=headers)

    def tick(self):
        return ok(self.client.post(f"{self.url}/tick", headers=OPERATOR))

    # Reads --------------------------------------------------------------------------------------
    def view(self, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(f"{self.url}/view", headers=headers))

    def state(self, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(self.url, headers=headers))

    def rules(self, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.client.get(f"{self.url}/rules", headers=headers))

    def last_jogada(self, player_id: str, headers=OPERATOR):
        return self.client.get(f"/roulette/players/{player_id}/last-jogada", headers=headers)


def cites(cited: str | None, rule: str) -> bool:
    """Whether an error's ``rule`` cites ``rule``: a roulette rule by its number ("10":
    "roleta francesa rules 6d, 7, 10" cites it), an A-number or a 903-B section as written."""
    cited = cited or ""
    if rule.startswith(("A", "903-B")):
        return re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w]|\.\d)", cited) is not None
    return any(re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w])", part.split(" rule", 1)[1])
               for part in re.split(r"[;,] (?=roleta|A\d|903)", cited)
               if part.strip().startswith("roleta") and " rule" in part)


def refused(r, *, field: str, rule: str | None = None, status: int | None = None,
            code: str | None = None) -> dict[str, Any]:
    """A clear 4xx naming the field exactly and, where one applies, the rule (``cites``)."""
    error = error_of(r, status)
    assert error["field"] == field, error
    if rule is not None:
        assert cites(error.get("rule"), rule), error
    if code is not None:
        assert error["code"] == code, error
    assert error["message"], error
    return error


__all__ = ["FUNDS", "OPERATOR", "RF", "Wheel", "assert_conserved", "audit", "balance", "call",
           "chance", "cites", "end_session", "http_client", "individual_config", "multi_config",
           "nothing_recorded", "refused", "statement", "wallets"]
