"""Fixtures of the HTTP tests: the app as ``ledger serve`` builds it, on the test's database and
ManualClock, driven through fastapi's TestClient (the lifespan runs, so the Ledger is real)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from api.main import create_app

OPERATOR_KEY = "test-operator-key"  # make_settings' bootstrap_operator_key


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


OPERATOR = bearer(OPERATOR_KEY)


def ok(r, status: int = 200):
    """The JSON body of a response that must have ``status``."""
    assert r.status_code == status, r.text
    return r.json()


@pytest.fixture
def make_client(make_settings, clock):
    clients: list[TestClient] = []

    def make(**overrides) -> TestClient:
        client = TestClient(create_app(make_settings(**overrides), clock=clock))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client) -> TestClient:
    return make_client()


class Api:
    """Small helpers over the client: register principals, move money."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def player(self, name: str = "Ana") -> tuple[str, dict[str, str]]:
        r = self.client.post("/players", json={"display_name": name}, headers=OPERATOR)
        assert r.status_code == 201, r.text
        return r.json()["player_id"], bearer(r.json()["api_key"])

    def staff(self, role: str, name: str = "Staff") -> tuple[str, dict[str, str]]:
        r = self.client.post("/staff", json={"role": role, "display_name": name},
                             headers=OPERATOR)
        assert r.status_code == 201, r.text
        return r.json()["staff_id"], bearer(r.json()["api_key"])

    def deposit(self, player_id: str, amount: int, key: str, headers=OPERATOR, **extra):
        return self.client.post(f"/players/{player_id}/deposits",
                                json={"amount_cents": amount, "idempotency_key": key, **extra},
                                headers=headers)

    def withdraw(self, player_id: str, amount: int, key: str, headers=OPERATOR, **extra):
        return self.client.post(f"/players/{player_id}/withdrawals",
                                json={"amount_cents": amount, "idempotency_key": key, **extra},
                                headers=headers)

    def balance(self, player_id: str, headers=OPERATOR) -> dict:
        r = self.client.get(f"/players/{player_id}/balance", headers=headers)
        assert r.status_code == 200, r.text
        return r.json()

    def activity(self, player_id: str, headers=OPERATOR, **params) -> dict:
        r = self.client.get(f"/players/{player_id}/activity", headers=headers, params=params)
        assert r.status_code == 200, r.text
        return r.json()

    def cash_movements(self, headers=OPERATOR, **params) -> dict:
        r = self.client.get("/cash-movements", headers=headers, params=params)
        assert r.status_code == 200, r.text
        return r.json()


@pytest.fixture
def api(client) -> Api:
    return Api(client)


@pytest.fixture
def multi(api, client):
    """A póquer sem descarte multi-seat table with a jackpot and one seated, funded player:
    (table, player id, headers, session id); tests/api/semdescarte_support.py."""
    from tests.api.semdescarte_support import create_table, multi_config, seated

    table = create_table(client, multi_config(seats=3))
    pid, headers, sid = seated(api, table, "Ana", seat=1)
    return table, pid, headers, sid
