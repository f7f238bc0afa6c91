"""Book-keeping shared by the process tests: every money command sent over HTTP and what the
server answered, and the checks that the server's state is exactly what the answers imply."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import httpx

from tests.process.conftest import Api


@dataclass(eq=False)
class Command:
    operation: str  # "deposit" | "withdrawal"
    player_id: str
    amount: int
    key: str
    status: str = "unsent"  # acked (201) | refused (409 insufficient_funds) | unknown | unexpected
    body: Any = None  # the JSON answer of a 201 or a 409
    transfer_id: str | None = None

    def sign(self) -> int:
        return 1 if self.operation == "deposit" else -1


class Book:
    """Every command sent and what the server answered, safe to share between threads."""

    def __init__(self) -> None:
        self.commands: list[Command] = []
        self.lock = threading.Lock()
        self.acks = 0
        self.enough_acks = threading.Event()
        self.ack_target: int | None = None

    def send(self, api: Api, cmd: Command) -> Command:
        with self.lock:
            self.commands.append(cmd)
        try:
            r = api.move(cmd.operation, cmd.player_id, cmd.amount, cmd.key)
        except httpx.HTTPError as error:  # the server died with the request in flight
            cmd.status, cmd.body = "unknown", repr(error)
            return cmd
        record(cmd, r)
        if cmd.status == "acked":
            with self.lock:
                self.acks += 1
                if self.ack_target is not None and self.acks >= self.ack_target:
                    self.enough_acks.set()
        return cmd

    def with_status(self, *statuses: str) -> list[Command]:
        return [c for c in self.commands if c.status in statuses]

    def expected(self, players: list[str], *, also: list[Command] = ()) -> dict[str, int]:
        """Balance of each player implied by the acknowledged commands (and ``also``)."""
        totals = dict.fromkeys(players, 0)
        for cmd in [*self.with_status("acked"), *also]:
            totals[cmd.player_id] += cmd.sign() * cmd.amount
        return totals


def record(cmd: Command, r: httpx.Response) -> None:
    if r.status_code == 201:
        cmd.status, cmd.body = "acked", r.json()
        cmd.transfer_id = cmd.body["transfer_id"]
    elif r.status_code == 409 and r.json()["error"]["code"] == "insufficient_funds":
        cmd.status, cmd.body = "refused", r.json()
    else:
        cmd.status, cmd.body = "unexpected", f"{r.status_code} {r.text}"


def check_books(api: Api, book: Book, players: list[str], *, also: list[Command] = ()) -> None:
    """The server's state is exactly what the acknowledged commands (plus ``also``) imply."""
    expected = book.expected(players, also=also)
    for player_id in players:
        balance = api.balance(player_id)
        assert balance["available_cents"] == expected[player_id], player_id
        assert balance["held_cents"] == 0
    moved = [*book.with_status("acked"), *also]
    movements = api.cash_movements()
    done = Counter(m["transfer_id"] for m in movements if not m["refused"])
    assert all(count == 1 for count in done.values()), "a transfer was recorded twice"
    assert set(done) == {c.transfer_id for c in moved}, "movements on record != acknowledged"
    refused_keys = {c.key for c in book.with_status("refused")}
    assert sum(1 for m in movements if m["refused"]) == len(refused_keys)
    audit = api.audit()
    assert audit["total_cents"] == 0 and audit["balanced"] is True
    wallets = {a["owner"]: a["balance_cents"] for a in audit["data"] if a["kind"] == "wallet"}
    assert wallets == expected
    cashier = [a["balance_cents"] for a in audit["data"] if a["account_code"] == "cashier"]
    assert cashier == [-sum(expected.values())]


def assert_no_surprises(book: Book, *, unknown_allowed: bool = False) -> None:
    """Every command got a 201 or a 409 insufficient_funds (or, with ``unknown_allowed``, no
    answer at all because the server was killed)."""
    bad = book.with_status("unexpected", "unsent", *(() if unknown_allowed else ("unknown",)))
    assert not bad, [(c.operation, c.key, c.status, c.body) for c in bad[:5]]


def in_parallel(srv, fn, items: list, threads: int = 8) -> list:
    """``fn(api, item)`` for every item, from ``threads`` threads with a client each."""
    local = threading.local()
    clients: list[httpx.Client] = []

    def call(item):
        if not hasattr(local, "api"):
            local.api = Api(srv.client())
            clients.append(local.api.client)
        return fn(local.api, item)

    try:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            return list(pool.map(call, items))
    finally:
        for client in clients:
            client.close()


def without_request_id(body: dict) -> dict:
    return {**body, "error": {k: v for k, v in body["error"].items() if k != "request_id"}}


def verify_ok(srv) -> None:
    srv.wait_caught_up()
    result = srv.cli("verify")
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
    assert result.stdout.startswith("VERIFY OK"), result.stdout
