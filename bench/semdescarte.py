"""Póquer sem descarte benchmark (issue 3). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run:
  * jogadas per second end to end through HTTP on individual tables (`ledger serve` as shipped;
    each client plays its own table: ante → deal → decision, keep-alive connections), and the
    p50/p99 latency of each command;
  * the latency of one jogada's commands on a table with 100 jogadas of history against one with
    20,000, loading the table from the store each time (cold: the writer's cache is dropped), so
    that the history's cost shows (target: the second at most 20 % slower).

Usage: ./run bench-semdescarte [--seconds 10] [--clients 8] [--history 20000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from uuid import uuid4

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ledger_core import fresh_url, post, say, served_ledger  # noqa: E402

CONFIG = {"kind": "individual", "seats": 1, "min_ante_cents": 100, "max_ante_cents": 2500,
          "decision_seconds": 30, "extra_seconds": 10}


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


# Through HTTP ------------------------------------------------------------------------------------
def http_section(backend: str, tmp: Path, seconds: int, clients: int) -> None:
    import httpx

    with served_ledger(backend, tmp, "sd_http") as base:
        seats = []
        for i in range(clients):
            player = post(f"{base}/players", {"display_name": f"sd{i}"})
            post(f"{base}/players/{player['player_id']}/deposits",
                 {"amount_cents": 10**9, "idempotency_key": f"fund{i}"})
            table = post(f"{base}/semdescarte/tables", {"name": f"t{i}", "config": CONFIG})
            key = player["api_key"]
            post(f"{base}/sessions", {"venue_id": table["venue_id"], "game": table["game"]}, key)
            post(f"{base}/semdescarte/tables/{table['table_id']}/seats", {}, key)
            seats.append((table["table_id"], key))
        latencies: dict[str, list[float]] = {"ante": [], "deal": [], "decision": []}
        counts = [0] * clients
        errors = [0] * clients
        stop = time.monotonic() + seconds
        lock = threading.Lock()

        def play(i: int) -> None:
            table_id, key = seats[i]
            mine: dict[str, list[float]] = {k: [] for k in latencies}
            with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"},
                              timeout=30) as http:
                n = 0
                while time.monotonic() < stop:
                    n += 1
                    steps = [("ante", f"/semdescarte/tables/{table_id}/antes",
                              {"ante_cents": 100, "idempotency_key": f"{i}-{n}-{uuid4().hex[:6]}"}),
                             ("deal", f"/semdescarte/tables/{table_id}/deal", {})]
                    ok = True
                    jogada_id = None
                    for name, path, body in steps:
                        t0 = time.perf_counter()
                        r = http.post(path, json=body)
                        mine[name].append(time.perf_counter() - t0)
                        if r.status_code >= 300:
                            ok = False
                            break
                        jogada_id = jogada_id or r.json().get("jogada_id")
                    if ok:
                        t0 = time.perf_counter()
                        r = http.post(f"/semdescarte/tables/{table_id}/decisions",
                                      json={"jogada_id": jogada_id,
                                            "decision": "continue" if n % 2 else "fold"})
                        mine["decision"].append(time.perf_counter() - t0)
                        ok = r.status_code < 300
                    if ok:
                        counts[i] += 1
                    else:
                        errors[i] += 1
            with lock:
                for k, v in mine.items():
                    latencies[k].extend(v)

        threads = [threading.Thread(target=play, args=(i,)) for i in range(clients)]
        start = time.monotonic()
        [t.start() for t in threads]
        [t.join() for t in threads]
        elapsed = time.monotonic() - start
    say(f"  HTTP, {clients} clients on individual tables: {sum(counts) / elapsed:7.1f} jogadas/s "
        f"({sum(counts)} jogadas, {sum(errors)} failed)")
    for name, samples in latencies.items():
        if samples:
            say(f"    {name:<9} p50 {pct(samples, 0.5):6.2f} ms  p99 {pct(samples, 0.99):6.2f} ms")


# History ---------------------------------------------------------------------------------------
def history_section(backend: str, tmp: Path, history: int) -> None:
    from domain.actors import player_actor, staff_actor
    from tests.semdescarte import client as sd
    from infra import sessions_service
    from infra.container import build_ledger
    from infra.settings import Settings

    ledger = build_ledger(Settings(database_url=fresh_url(backend, "sd_history", tmp),
                                   semdescarte_tick_interval=0, inactivity_sweep_interval=0),
                          with_projections=False)
    op = staff_actor("bench")
    tables = {}
    for size in (100, history):
        pid, _ = ledger.register_player(display_name=f"h{size}", actor=op)
        ledger.deposit(pid, 10**10, f"h{size}", actor=op)
        table = sd.create_table(ledger, name=f"h{size}", config=CONFIG, actor=op)
        sessions_service.start_session(ledger, pid, table["venue_id"], table["game"],
                                       player_actor(pid))
        sd.sit(ledger, table_id=table["table_id"], player_id=pid, seat=None,
               actor=player_actor(pid))
        tables[size] = (table["table_id"], pid)
        t0 = time.perf_counter()
        for n in range(size):
            jogada(ledger, table["table_id"], pid, f"pre{n}")
        say(f"  history: {size:>6,} jogadas played in {time.perf_counter() - t0:6.1f} s")
    for size, (table_id, pid) in tables.items():
        samples = []
        for n in range(30):
            ledger.writer.forget_all()  # cold: the table is loaded from its snapshot + tail
            t0 = time.perf_counter()
            jogada(ledger, table_id, pid, f"m{n}")
            samples.append(time.perf_counter() - t0)
        say(f"  one jogada (ante, deal, decision; cold load) on a table with {size:>6,} jogadas:"
            f" median {statistics.median(samples) * 1000:6.2f} ms")
    ledger.close()


def jogada(ledger, table_id, pid, key) -> None:
    """Ante, deal and continue on an individual table, through the ledger's writer."""
    from domain.actors import player_actor
    from tests.semdescarte import client as sd

    actor = player_actor(pid)
    ante = sd.place_ante(ledger, table_id=table_id, player_id=pid, ante_cents=100,
                         jackpot_bet_cents=None, idempotency_key=key, actor=actor)
    sd.deal(ledger, table_id=table_id, player_id=pid, forced_deck=None, actor=actor)
    sd.decide(ledger, table_id=table_id, jogada_id=ante["jogada_id"], player_id=pid,
              decision="continue", actor=actor)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--history", type=int, default=20_000)
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"póquer sem descarte benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for backend in args.backends.split(","):
            say(f"\n[{backend}]")
            http_section(backend, Path(tmpdir), args.seconds, args.clients)
            history_section(backend, Path(tmpdir), args.history)


if __name__ == "__main__":
    main()
