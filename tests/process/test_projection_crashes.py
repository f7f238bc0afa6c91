"""The projections survive their processes being killed: ``ledger projections rebuild`` SIGKILLed
part-way, and the projection worker of ``ledger serve`` SIGKILLed while money keeps moving. Each
page of events is applied together with its tracking row in one transaction, so what is left is
always a consistent prefix, and catching up from it gives exactly what a clean rebuild gives:
nothing lost, nothing applied twice."""

from __future__ import annotations

import os
import random
import re
import signal
import threading
import time

from tests.process.conftest import OPERATOR, Api, is_alive, kill_tree
from tests.process.support import Book, Command, assert_no_surprises, in_parallel

PROGRESS = re.compile(r"^rebuild (\w+): (\d+)/(\d+) \(\d+%\)$")


def write_money(srv, book: Book, players: list[str], commands: int, seed: int) -> None:
    """``commands`` deposits and withdrawals from 16 threads; some withdrawals are refused."""
    rng = random.Random(seed)
    plan = []
    for i in range(commands):
        player_id = players[i % len(players)]
        if i % 4 == 3:
            plan.append(Command("withdrawal", player_id, rng.randint(1, 30_000), f"{seed}-w{i}"))
        else:
            plan.append(Command("deposit", player_id, rng.randint(1, 20_000), f"{seed}-d{i}"))
    in_parallel(srv, lambda api, cmd: book.send(api, cmd), plan, threads=16)
    assert_no_surprises(book)


def snapshot(api: Api, players: list[str]) -> dict:
    """What the read models say: every account, every balance, every cash movement, activity."""
    audit = api.audit()
    assert audit["total_cents"] == 0 and audit["balanced"] is True
    return {
        "accounts": sorted(audit["data"], key=lambda a: a["account_code"]),
        "balances": {p: api.balance(p) for p in players},
        "cash_movements": api.cash_movements(),
        "activity": [api.client.get(f"/players/{p}/activity", params={"limit": 1000},
                                    headers=OPERATOR).json() for p in players[:2]],
    }


def status(srv) -> dict[str, tuple[int, int]]:
    """``ledger projections status``: {name: (position, head)}."""
    result = srv.cli("projections", "status")
    assert result.returncode == 0, result.stderr
    rows = {}
    for line in result.stdout.splitlines()[1:]:
        name, position, head, _lag = line.split()
        rows[name] = (int(position), int(head))
    assert rows, result.stdout
    return rows


def kill_rebuild_part_way(srv, *, after_lines: int) -> list[str]:
    """Start ``ledger projections rebuild`` and SIGKILL its process group once it has printed
    ``after_lines`` progress lines short of the head; returns the progress seen."""
    proc = srv.popen_cli("projections", "rebuild", text=True, bufsize=1)
    seen: list[str] = []
    try:
        for line in proc.stderr:
            match = PROGRESS.match(line.strip())
            if match and int(match.group(2)) < int(match.group(3)):
                seen.append(line.strip())
                if len(seen) >= after_lines:
                    break
    finally:
        kill_tree(proc)
    stdout = proc.stdout.read()
    assert len(seen) >= after_lines, f"rebuild ended first: {seen} {stdout}"
    assert proc.returncode == -signal.SIGKILL, (proc.returncode, stdout)
    assert "rebuilt" not in stdout
    return seen


def test_projection_worker_killed_mid_rebuild_loses_and_duplicates_nothing(server):
    srv = server()
    book = Book()
    with srv.client() as client:
        api = Api(client)
        players = [api.player(f"R{n}") for n in range(12)]
    write_money(srv, book, players, commands=1100, seed=7)  # ~3,300 events: 4 pages
    assert book.with_status("refused")
    srv.wait_caught_up()
    with srv.client() as client:
        api = Api(client)
        incremental = snapshot(api, players)
    expected = book.expected(players)
    assert {p: b["available_cents"] for p, b in incremental["balances"].items()} == expected
    srv.kill()

    # killed right after its first page, then again part-way through a second attempt
    kill_rebuild_part_way(srv, after_lines=1)
    positions = status(srv)
    assert any(position < head for position, head in positions.values()), positions
    kill_rebuild_part_way(srv, after_lines=6)
    positions = status(srv)
    assert any(position < head for position, head in positions.values()), positions

    result = srv.cli("projections", "catch-up")
    assert result.returncode == 0, result.stderr
    assert re.match(r"^\d+ events applied", result.stdout), result.stdout
    assert all(position == head for position, head in status(srv).values())

    srv.start()
    srv.wait_caught_up()
    with srv.client() as client:
        after_crash = snapshot(Api(client), players)
    assert after_crash == incremental

    # a clean rebuild, to the end, gives the very same read models
    srv.kill()
    result = srv.cli("projections", "rebuild")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("rebuilt "), result.stdout
    srv.start()
    srv.wait_caught_up()
    with srv.client() as client:
        clean = snapshot(Api(client), players)
    assert clean == after_crash
    result = srv.cli("verify")
    assert result.returncode == 0 and result.stdout.startswith("VERIFY OK"), result.stdout


def test_projection_falls_behind_and_catches_up(server):
    srv = server()
    book = Book()
    with srv.client() as client:
        api = Api(client)
        players = [api.player(f"W{n}") for n in range(6)]
    write_money(srv, book, players, commands=120, seed=1)
    srv.wait_caught_up()

    for round_ in range(2):
        workers = srv.projection_workers()
        assert len(workers) == 1, workers
        worker = workers[0]
        os.kill(worker, signal.SIGKILL)  # only the worker: the server keeps serving
        deadline = time.monotonic() + 10
        while is_alive(worker):
            assert time.monotonic() < deadline, "the worker survived SIGKILL"
            time.sleep(0.01)

        # money keeps moving while nobody applies the projections
        with srv.client() as client:
            api = Api(client)
            for n in range(5):
                cmd = Command("deposit", players[n % len(players)], 1_000 + n,
                              f"gap{round_}-{n}")
                assert book.send(api, cmd).status == "acked", cmd.body
            lag = srv.health()["projection_lag"]
            assert lag > 0, "the projections should have fallen behind"

        # more commands from several threads while the supervisor brings the worker back
        stop = threading.Event()
        errors: list[str] = []

        def keep_writing(thread: int) -> None:
            with srv.client() as client:
                api = Api(client)
                n = 0
                while not stop.is_set():
                    operation = "withdrawal" if n % 3 == 2 else "deposit"
                    cmd = Command(operation, players[thread], 10 + n, f"r{round_}-{thread}-{n}")
                    if book.send(api, cmd).status not in ("acked", "refused"):
                        errors.append(str(cmd.body))
                        return
                    n += 1
                    time.sleep(0.01)

        threads = [threading.Thread(target=keep_writing, args=(t,)) for t in range(4)]
        for t in threads:
            t.start()
        try:
            # a read while the worker is down is either fresh (it waits) or refused, never stale
            with srv.client() as client:
                r = client.get(f"/players/{players[0]}/balance", headers=OPERATOR)
            assert r.status_code in (200, 503), r.text
            if r.status_code == 503:
                assert r.json()["error"]["code"] == "projection_lag"
            deadline = time.monotonic() + 30
            while True:
                restarted = [pid for pid in srv.projection_workers() if pid != worker]
                if restarted:
                    break
                assert time.monotonic() < deadline, f"no new worker:\n{srv.log_tail()}"
                time.sleep(0.05)
            time.sleep(0.5)  # keep writing while the new worker catches up
        finally:
            stop.set()
            for t in threads:
                t.join(30)
        assert not errors, errors
        assert_no_surprises(book)

        srv.wait_caught_up()
        with srv.client() as client:
            api = Api(client)
            expected = book.expected(players)
            assert {p: api.balance(p)["available_cents"] for p in players} == expected
            audit = api.audit()
            assert audit["total_cents"] == 0
            wallets = {a["owner"]: a["balance_cents"] for a in audit["data"]
                       if a["kind"] == "wallet"}
            assert wallets == expected

    assert srv.proc.poll() is None, "the server itself must have kept running"
    result = srv.cli("verify")
    assert result.returncode == 0 and result.stdout.startswith("VERIFY OK"), result.stdout


def test_rebuild_is_refused_while_ledger_serve_runs(server):
    """Reads must never see a half-rebuilt read model: against a running ``ledger serve``
    (its HTTP process and projection worker hold the service lock) ``ledger projections
    rebuild`` refuses with exit 3 and changes nothing; the answers stay what they were."""
    srv = server()
    book = Book()
    with srv.client() as client:
        api = Api(client)
        players = [api.player(f"S{n}") for n in range(4)]
    write_money(srv, book, players, commands=120, seed=11)
    srv.wait_caught_up()
    with srv.client() as client:
        before = snapshot(Api(client), players)
    before_status = status(srv)
    result = srv.cli("projections", "rebuild")
    assert result.returncode == 3 and "service is running" in result.stderr, result
    assert result.stdout == "" and status(srv) == before_status
    with srv.client() as client:
        assert snapshot(Api(client), players) == before
