"""Helpers of the póquer sem descarte HTTP tests (tests/api/test_semdescarte_*.py): table
configurations, a funded player with a session and a seat, the table's routes shortened, forced
decks in rule 19 order, and readers of what a client sees (statements, the accounts audit).
"""

from __future__ import annotations

from typing import Any

from tests.api.conftest import OPERATOR, Api, ok

SD = "póquer sem descarte rule"
FUNDS = 100_000
BURN = "2h"
FLUSH_HAND = ["Kh", "Th", "8h", "5h", "2h"]
BANK_AK = ["Ac", "Kd", "9s", "4c", "7d"]  # ace-king high: the bank qualifies (rule 25)


def multi_config(seats: int = 7, *, jackpot: bool = True, **extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "multi", "seats": seats, "min_ante_cents": 100,
                              "max_ante_cents": 2_500, "decision_seconds": 30,
                              "extra_seconds": 10, "betting_seconds": 15}
    if jackpot:  # Portaria r8 (stake), r3 (70 % to the pool), r10 (start ≥ 10 000 × stake)
        config["jackpot"] = {"stake_cents": 100, "contribution_bp": 7_000,
                             "starting_value_cents": 1_000_000}
    config.update(extra)
    return config


def individual_config(**extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {"kind": "individual", "min_ante_cents": 100,
                              "max_ante_cents": 2_500, "decision_seconds": 20, "extra_seconds": 10}
    config.update(extra)
    return config


def create_table(client, config: dict[str, Any], name: str = "Mesa 1") -> dict[str, Any]:
    r = client.post("/semdescarte/tables", json={"name": name, "config": config},
                    headers=OPERATOR)
    assert r.status_code == 201, r.text
    return r.json()


def seated(api: Api, table: dict[str, Any], name: str, *, seat: int | None = None,
           funds: int = FUNDS) -> tuple[str, dict[str, str], str]:
    """A player with ``funds`` on the wallet, a game session at the table's venue and a seat."""
    player_id, headers = api.player(name)
    if funds:
        assert api.deposit(player_id, funds, f"dep-{player_id}").status_code == 201
    r = api.client.post("/sessions", json={"venue_id": table["venue_id"], "game": table["game"]},
                        headers=headers)
    assert r.status_code == 201, r.text
    session_id = r.json()["session_id"]
    body = {} if seat is None else {"seat": seat}
    r = api.client.post(f"/semdescarte/tables/{table['table_id']}/seats", json=body,
                        headers=headers)
    assert r.status_code == 201, r.text
    assert r.json()["session_id"] == session_id
    return player_id, headers, session_id


def ante(client, table_id: str, headers, ante_cents: Any, key: str, jackpot: Any = None,
         **extra: Any):
    body: dict[str, Any] = {"ante_cents": ante_cents, "idempotency_key": key, **extra}
    if jackpot is not None:
        body["jackpot_bet_cents"] = jackpot
    return client.post(f"/semdescarte/tables/{table_id}/antes", json=body, headers=headers)


def deal(client, table_id: str, headers, forced_deck: list[str] | None = None):
    body = {} if forced_deck is None else {"forced_deck": forced_deck}
    return client.post(f"/semdescarte/tables/{table_id}/deal", json=body, headers=headers)


def decide(client, table_id: str, headers, jogada_id: str, decision: str):
    return client.post(f"/semdescarte/tables/{table_id}/decisions",
                       json={"jogada_id": jogada_id, "decision": decision}, headers=headers)


def view(client, table_id: str, headers) -> dict[str, Any]:
    return ok(client.get(f"/semdescarte/tables/{table_id}/view", headers=headers))


def table_state(client, table_id: str) -> dict[str, Any]:
    return ok(client.get(f"/semdescarte/tables/{table_id}", headers=OPERATOR))


def statement(client, session_id: str, headers=OPERATOR) -> dict[str, Any]:
    return ok(client.get(f"/sessions/{session_id}/statement", headers=headers))


def audit(client) -> dict[str, Any]:
    return ok(client.get("/audit/accounts", headers=OPERATOR))


def account_balance(report: dict[str, Any], code: str) -> int:
    [row] = [a for a in report["data"] if a["account_code"] == code]
    return row["balance_cents"]


def forced_deck(hands: list[list[str]], bank: list[str], burn: str = BURN,
                rest: list[str] | None = None) -> list[str]:
    """Rule 19 order: the burn card, then five rounds of one card per seat and one to the bank."""
    deck = [burn]
    for k in range(5):
        deck.extend(hand[k] for hand in hands)
        deck.append(bank[k])
    deck.extend(rest or [])
    n = len(hands)
    for seat, hand in enumerate(hands):  # the digest's index formula, checked on our own deck
        assert [deck[1 + k * (n + 1) + seat] for k in range(5)] == hand
    assert [deck[(k + 1) * (n + 1)] for k in range(5)] == bank
    assert len(set(deck)) == len(deck), "one 52-card deck (rule 6b)"
    return deck


def strings_in(value: Any) -> list[str]:
    """Every string (keys included) anywhere in a JSON document."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [str(k), *strings_in(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def cards_in(value: Any, universe: set[str]) -> set[str]:
    return {s for s in strings_in(value) if s in universe}


def error_of(r, status: int) -> dict[str, Any]:
    assert r.status_code == status, r.text
    return r.json()["error"]


def two_seated(make_client):
    """Certification mode, a two-seat table without jackpot, Ana at seat 1 and Bia at seat 2:
    (client, api, table id, Ana's (id, headers, session), Bia's)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=2, jackpot=False))
    return (client, api, table["table_id"], seated(api, table, "Ana", seat=1),
            seated(api, table, "Bia", seat=2))


def certified_individual(make_client):
    """A client in certification mode (forced decks) and Ana seated at an individual table:
    (client, api, table id, player id, Ana's headers, session id)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config())
    pid, ana, sid = seated(api, table, "Ana")
    return client, api, table["table_id"], pid, ana, sid


def assert_untouched(api: Api, client, table: dict[str, Any], pid: str, funds: int = FUNDS,
                     open_jogada: bool = False) -> None:
    assert api.balance(pid) == {"available_cents": funds, "held_cents": 0,
                                "balance_cents": funds}
    assert (table_state(client, table["table_id"])["open_jogada"] is not None) is open_jogada
