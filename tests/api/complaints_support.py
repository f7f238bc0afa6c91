"""Helpers of the complaint cases' HTTP tests (issue 16; tests/api/test_complaints_*.py): real
jogadas played through the API (a póquer sem descarte jogada settled or left in play, a bingo
jogada of three players), the case's routes shortened, and what a test compares to show that a
refused request recorded nothing (the case's read model row and timeline, every balance)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import (FUNDS, ante, audit, create_table, deal, decide,
                                           individual_config, seated)
from tests.api.test_bingo_api import buy, create_room, drive_to_end, player_in, room_config

ISSUE = "issue 16"


class Cases:
    """The complaint routes as a client calls them; each returns the response."""

    def __init__(self, client) -> None:
        self.client = client

    def open(self, headers, key: str, *, case_type: str = "account", subject: str = "Saldo",
             description: str = "O saldo não bate certo", **extra: Any):
        return self.client.post("/complaints", headers=headers, json={
            "case_type": case_type, "subject": subject, "description": description,
            "idempotency_key": key, **extra})

    def act(self, case_id: str, action: str, headers, body: dict[str, Any] | None = None):
        return self.client.post(f"/complaints/{case_id}/{action}", headers=headers,
                                json=body if body is not None else {})

    def get(self, case_id: str, headers=OPERATOR, **params: Any):
        return self.client.get(f"/complaints/{case_id}", headers=headers, params=params)

    def case(self, case_id: str, headers=OPERATOR) -> dict[str, Any]:
        return ok(self.get(case_id, headers))

    def letter(self, case_id: str, language: str, headers=OPERATOR, **params: Any):
        return self.client.get(f"/complaints/{case_id}/letter", headers=headers,
                               params={"language": language, **params})


def played_semdescarte(api: Api, client, *, name: str = "Ana", settle: bool = True
                       ) -> dict[str, Any]:
    """A player at an individual póquer sem descarte table (rule 15) who bet a 200 ante (A8:
    3 × ante held) and was dealt; with ``settle`` the player folds (rule 22: the ante lost),
    else the jogada stays in play, waiting for the player's decision."""
    table = create_table(client, individual_config())
    pid, headers, sid = seated(api, table, name)
    placed = ante(client, table["table_id"], headers, 200, f"ante-{pid}")
    assert placed.status_code == 201, placed.text
    jogada_id = placed.json()["jogada_id"]
    ok(deal(client, table["table_id"], headers))
    if settle:
        ok(decide(client, table["table_id"], headers, jogada_id, "fold"))
    return {"player_id": pid, "headers": headers, "session_id": sid, "jogada_id": jogada_id,
            "table": table}


def played_bingo(api: Api, client, clock, headers_of: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """A bingo jogada of three players (rule 6: at least three buyers), drawn to its end by the
    room's clock; ``headers_of``: an existing player, seated in the room with a bingo session,
    takes the first place (``{"player_id", "headers"}``)."""
    room = ok(create_room(client, room_config("90")), 201)
    players = [player_in(api, room, f"jogador {i}") for i in range(3)]
    if headers_of is not None:
        session = ok(client.post("/sessions", json={"venue_id": room["venue_id"],
                                                   "game": "bingo"},
                                 headers=headers_of["headers"]), 201)
        ok(client.post(f"/bingo/rooms/{room['room_id']}/players", json={},
                       headers=headers_of["headers"]), 201)
        players[0] = (headers_of["player_id"], headers_of["headers"], session["session_id"])
    ok(client.post(f"/bingo/rooms/{room['room_id']}/jogadas", json={}, headers=OPERATOR), 201)
    for pid, headers, _ in players:
        ok(buy(client, room["room_id"], headers, 2, f"cards-{pid}"), 201)
    drive_to_end(client, clock, room["room_id"])
    return {"room": room, "jogada_id": f"{room['room_id']}:1", "players": players}


def balances(client) -> dict[str, int]:
    """Every account's balance (the accounts audit, which also checks they sum to zero)."""
    report = ok(client.get("/audit/accounts", headers=OPERATOR))
    assert report["total_cents"] == 0 and report["balanced"]
    return {a["account_code"]: a["balance_cents"] for a in report["data"]}


def recorded(cases: Cases, case_id: str) -> tuple[int, int, str]:
    """What shows a case changed: its last event's position, its timeline's length, state."""
    found = cases.case(case_id)
    return found["position"], len(found["timeline"]), found["state"]


def error_of(r, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    return r.json()["error"]


__all__ = ["FUNDS", "ISSUE", "Cases", "audit", "balances", "error_of", "played_bingo",
           "played_semdescarte", "recorded"]
