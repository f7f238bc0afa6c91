"""Ledger-core benchmark (issue 2). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run:
  * money commands per second through HTTP (wrk, concurrent connections) and p50/p99 latency;
  * beside them, with the same uvicorn settings, a bare FastAPI endpoint that only validates the
    same request body (bench/bare_app.py): the framework's ceiling on this machine;
  * the raw eventsourcing save rate (the library's default write path: one save per command);
  * the events committed per second by the ledger's own write path (group commit);
  * PostgreSQL's own commit rate (pgbench, single-row inserts, 8 clients);
  * the ratios against the targets;
  * the time to load an account with 10 and with 100,000 movements.

Usage: ./run bench [--seconds 10] [--connections 32] [--rounds 3] [--movements 100000] [--scrape]
  --scrape: after each ledger run, the same run again while a scraper reads GET /metrics every
  second (as Prometheus would); both figures are printed, and their ratio.
Needs wrk (apt-get install wrk) and pgbench (postgresql-client); the sections that need a
missing tool say so and are skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from uuid import uuid4

import psycopg
from eventsourcing.domain import Aggregate, event

ROOT = Path(__file__).resolve().parent.parent
PG = "postgresql://postgres@127.0.0.1:5432"
KEY = "bench-operator-key"
results: dict[str, float] = {}
server_pids: dict[str, int] = {}  # base URL -> the serving process (bench/http_driver.py CpuMeter)


def say(line: str) -> None:
    print(line, flush=True)


# Databases --------------------------------------------------------------------------------------
def fresh_pg(name: str) -> str:
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{PG}/{name}"


def fresh_url(backend: str, tag: str, tmp: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp / f'{tag}.db'}"
    return fresh_pg(f"bench_{tag}")


# HTTP -------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def server(argv: list[str], env: dict[str, str], port: int):
    proc = subprocess.Popen(argv, env={**os.environ, **env}, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=1)
                break
            except Exception:
                if proc.poll() is not None:
                    raise RuntimeError(proc.stderr.read().decode()[-2000:])
                time.sleep(0.2)
        server_pids[f"http://127.0.0.1:{port}"] = proc.pid
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def served_ledger(backend: str, tmp: Path, tag: str, env: dict[str, str] | None = None,
                  url: str | None = None):
    """``ledger serve`` as shipped, on a fresh database (or ``url``'s), with ``env`` added to
    its environment; yields its base URL."""
    url = url or fresh_url(backend, tag, tmp)
    port = free_port()
    env = {"LEDGER_DATABASE_URL": url, "LEDGER_BOOTSTRAP_OPERATOR_KEY": KEY,
           "LEDGER_LOG_LEVEL": "WARNING", **(env or {})}
    subprocess.run([str(ROOT / ".venv/bin/ledger"), "db", "upgrade"], env={**os.environ, **env},
                   cwd=ROOT, check=True, capture_output=True)
    with server([str(ROOT / ".venv/bin/ledger"), "serve", "--port", str(port)], env, port) as base:
        yield base


def post(url: str, body: dict, key: str = KEY) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def wrk(base: str, players: list[str], seconds: int, connections: int) -> dict[str, float]:
    env = {**os.environ, "PLAYERS": ",".join(players), "KEY": KEY, "RUN": uuid4().hex[:8]}
    out = subprocess.run(
        ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency",
         "-s", str(ROOT / "bench" / "deposits.lua"), base],
        env=env, capture_output=True, text=True, check=True).stdout
    def ms(label: str) -> float:
        m = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p50": ms("50"), "p99": ms("99"), "errors": int(bad.group(1)) if bad else 0}


def bare_server(port: int):
    # The same server settings as ``ledger serve``'s HTTP process (api/serve.py): one worker,
    # no access log, no server header, and its protocol (api/http_limits.py: one write per
    # response, the request size and time limits) with the default limits.
    argv = [sys.executable, "-c",
            "import uvicorn; from api.http_limits import protocol_class; "
            "from infra.runtime.settings import Settings; "
            f"uvicorn.run('bench.bare_app:app', host='127.0.0.1', port={port}, workers=1, "
            "access_log=False, log_level='warning', server_header=False, "
            "http=protocol_class(Settings()))"]
    return server(argv, {}, port)


def settle(base: str, player: str) -> None:
    """Until the ledger's projections have caught up with its last write (a balance read waits
    for them), so that no catch-up work runs during the next measurement."""
    req = urllib.request.Request(f"{base}/players/{player}/balance",
                                 headers={"Authorization": f"Bearer {KEY}"})
    for _ in range(60):
        try:
            with urllib.request.urlopen(req, timeout=10):
                break
        except urllib.error.HTTPError:  # 503 projection_lag: still catching up
            time.sleep(0.5)
    time.sleep(0.5)


class Scraper:
    """Reads GET /metrics every ``interval`` seconds in a thread while it is entered."""

    def __init__(self, base: str, interval: float = 1.0) -> None:
        self.base, self.interval = base, interval
        self.times: list[float] = []
        self.failures = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        req = urllib.request.Request(f"{self.base}/metrics",
                                     headers={"Authorization": f"Bearer {KEY}"})
        while not self._stop.is_set():
            started = time.perf_counter()
            try:
                with urllib.request.urlopen(req, timeout=10) as resp:
                    if b"ledger_commands_total" not in resp.read():
                        self.failures += 1
                self.times.append(time.perf_counter() - started)
            except Exception:
                self.failures += 1
            self._stop.wait(max(0.0, self.interval - (time.perf_counter() - started)))

    def __enter__(self) -> "Scraper":
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(timeout=15)


def http_section(backend: str, tmp: Path, seconds: int, connections: int, rounds: int,
                 scrape: bool = False) -> None:
    """Both servers run side by side and the runs alternate (bare, ledger, bare, ledger, ...,
    bare): this machine's speed drifts by ±20 % over a minute, and a ratio of runs taken
    minutes apart measured the drift as much as the ledger. Each ledger run is compared with
    the mean of the bare runs just before and after it; the median of those ratios is reported."""
    if not shutil.which("wrk"):
        say("  HTTP: skipped (wrk is not installed: apt-get install wrk)")
        return
    with served_ledger(backend, tmp, "http") as ledger_base, bare_server(free_port()) as bare_base:
        players = [post(f"{ledger_base}/players", {"display_name": f"p{i}"})["player_id"]
                   for i in range(64)]
        for label, conns in (("", connections), (" (wide)", 4 * connections)):
            wrk(ledger_base, players, 2, conns)  # warm-up
            settle(ledger_base, players[0])
            wrk(bare_base, players, 2, conns)
            bare = [wrk(bare_base, players, seconds, conns)]
            mine, scraped, scrapes = [], [], []
            for _ in range(rounds if not label else 1):
                mine.append(wrk(ledger_base, players, seconds, conns))
                if scrape:  # the same run while GET /metrics is read every second
                    settle(ledger_base, players[0])
                    with Scraper(ledger_base) as scraper:
                        scraped.append(wrk(ledger_base, players, seconds, conns))
                    scrapes.append(scraper)
                settle(ledger_base, players[0])  # its worker must not run beside the bare one
                bare.append(wrk(bare_base, players, seconds, conns))
            ratios = [m["rps"] / ((b0["rps"] + b1["rps"]) / 2)
                      for m, b0, b1 in zip(mine, bare, bare[1:])]
            ratio = statistics.median(ratios)
            results[f"{backend}_http_ratio{label}"] = ratio
            m = mine[ratios.index(ratio)] if ratio in ratios else mine[0]
            b = {k: statistics.median(x[k] for x in bare) for k in ("rps", "p50", "p99")}
            say(f"  {conns:>3} connections: HTTP money commands {m['rps']:6.0f} /s  "
                f"p50 {m['p50']:.2f} ms  p99 {m['p99']:.2f} ms  (non-2xx: "
                f"{sum(x['errors'] for x in mine)})")
            say(f"  {conns:>3} connections: bare FastAPI endpoint {b['rps']:6.0f} /s  "
                f"p50 {b['p50']:.2f} ms  p99 {b['p99']:.2f} ms  (median of {len(bare)} runs)")
            spread = "" if len(ratios) == 1 else \
                f"  (median of {len(ratios)} pairs: {', '.join(f'{r:.2f}' for r in ratios)})"
            say(f"  {conns:>3} connections: ratio ledger/bare {ratio:.2f}  (target ≥ 0.70){spread}")
            if scraped:
                s = {k: statistics.median(x[k] for x in scraped) for k in ("rps", "p50", "p99")}
                u = {k: statistics.median(x[k] for x in mine) for k in ("rps", "p50", "p99")}
                took = [t for scraper in scrapes for t in scraper.times]
                failed = sum(scraper.failures for scraper in scrapes)
                say(f"  {conns:>3} connections: scraped every 1 s {s['rps']:6.0f} /s  "
                    f"p50 {s['p50']:.2f} ms  p99 {s['p99']:.2f} ms  against {u['rps']:.0f} /s  "
                    f"p50 {u['p50']:.2f} ms  p99 {u['p99']:.2f} ms unscraped (medians of "
                    f"{len(scraped)}): ratio {s['rps'] / u['rps']:.2f}; {len(took)} scrapes, "
                    f"median {statistics.median(took) * 1000 if took else 0:.1f} ms, "
                    f"{failed} failed")


# Write paths ------------------------------------------------------------------------------------
class Counter(Aggregate):
    @event("Started")
    def __init__(self) -> None:
        self.n = 0

def raw_library_rate(backend: str, tmp: Path, seconds: float) -> float:
    """The library's default write path: one save (one transaction) per command, 8 threads."""
    from eventsourcing.application import Application

    from infra.runtime.settings import parse_database_url

    app = Application(env=parse_database_url(fresh_url(backend, "raw", tmp)).eventsourcing_env())
    counts = [0] * 8
    stop = time.monotonic() + seconds

    def work(i: int) -> None:
        while time.monotonic() < stop:
            app.save(Counter())  # one aggregate, one event, one transaction
            counts[i] += 1

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    start = time.monotonic()
    [t.start() for t in threads]
    [t.join() for t in threads]
    app.close()
    return sum(counts) / (time.monotonic() - start)


def ledger_write_rate(backend: str, tmp: Path, seconds: float) -> tuple[float, float, float]:
    """Deposits through the group-commit writer from many submitters; events committed per s."""
    from domain.kernel.actors import staff_actor
    from infra.container import build_ledger
    from infra.runtime.settings import Settings

    ledger = build_ledger(Settings(database_url=fresh_url(backend, "writer", tmp)),
                          with_projections=False)
    actor = staff_actor("bench")
    players = [ledger.register_player(display_name=f"w{i}", actor=actor)[0] for i in range(64)]
    ledger.writer.stats.update(batches=0, commands=0, events=0)
    window = threading.Semaphore(1024)
    stop = time.monotonic() + seconds
    n = 0
    start = time.monotonic()
    while time.monotonic() < stop:
        window.acquire()
        fut = ledger.submit_cash(operation="deposit", player_id=players[n % 64], amount_cents=1,
                                 idempotency_key=f"b{n}", payment_method="card", actor=actor)
        fut.add_done_callback(lambda _f: window.release())
        n += 1
    for _ in range(1024):
        window.acquire()
    elapsed = time.monotonic() - start
    stats = dict(ledger.writer.stats)
    ledger.close()
    return stats["events"] / elapsed, stats["commands"] / elapsed, stats["commands"] / max(stats["batches"], 1)


def pgbench_rate(seconds: int) -> float | None:
    if not shutil.which("pgbench"):
        return None
    url = fresh_pg("bench_pgbench")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE TABLE bench_insert (id bigserial PRIMARY KEY, v double precision)")
    script = tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False)
    script.write("INSERT INTO bench_insert (v) VALUES (random());\n")
    script.close()
    out = subprocess.run(["pgbench", "-n", "-c", "8", "-j", "2", "-T", str(seconds), "-f",
                          script.name, "-h", "127.0.0.1", "-U", "postgres", "bench_pgbench"],
                         capture_output=True, text=True, check=True).stdout
    return float(re.search(r"tps = ([\d.]+)", out).group(1))


# Loading an account -----------------------------------------------------------------------------
def load_times(backend: str, tmp: Path, movements: int) -> dict[int, float]:
    from domain.ledger import wallets
    from domain.ledger.accounts import HOUSE_CODE, account_id, wallet_code
    from domain.kernel.actors import staff_actor
    from infra.container import build_ledger
    from infra.store.eventstore import build_event_store
    from infra.runtime.settings import Settings, parse_database_url

    url = fresh_url(backend, "load", tmp)
    ledger = build_ledger(Settings(database_url=url), with_projections=False)
    actor = staff_actor("bench")
    out: dict[int, float] = {}
    for count in (10, movements):
        player, _ = ledger.register_player(display_name=f"l{count}", actor=actor)
        handlers = [
            (lambda uow, i=i, p=player: wallets.transfer_between(
                uow, from_code=HOUSE_CODE, to_code=wallet_code(p), transfer_id=f"{p}-{i}",
                amount_cents=1, reason="bench", refs=None, actor=actor))
            for i in range(count)]
        for start in range(0, count, 2000):
            for f in ledger.writer.submit_many(handlers[start:start + 2000]):
                f.result()
        store = build_event_store(parse_database_url(url))  # cold: no cache
        samples = []
        for _ in range(20):
            t0 = time.perf_counter()
            account = store.repository.get(account_id(wallet_code(player)))
            samples.append(time.perf_counter() - t0)
        assert account.balance_cents == count
        store.close()
        out[count] = statistics.median(samples) * 1000
    ledger.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--movements", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternating ledger/bare pairs at --connections (default 3)")
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument("--scrape", action="store_true",
                        help="repeat each ledger run with GET /metrics read every second")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"ledger-core benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    pg_tps = pgbench_rate(args.seconds)
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        for backend in ("sqlite", "postgresql"):
            say(f"\n[{backend}]")
            if not args.skip_http:
                http_section(backend, tmp, args.seconds, args.connections, args.rounds,
                             args.scrape)
            raw = raw_library_rate(backend, tmp, args.seconds)
            say(f"  raw eventsourcing saves (1 event each, 8 threads): {raw:8.0f} events/s")
            events, commands, per_batch = ledger_write_rate(backend, tmp, args.seconds)
            results[f"{backend}_events"] = events
            say(f"  ledger write path (group commit): {events:8.0f} events/s "
                f"({commands:.0f} deposits/s, {per_batch:.1f} commands per transaction)")
            say(f"  ratio ledger/raw library: {events / raw:.1f}")
            if backend == "postgresql":
                if pg_tps:
                    say(f"  pgbench single-row inserts, 8 clients: {pg_tps:8.0f} commits/s")
                    say(f"  ratio ledger events/pgbench commits: {events / pg_tps:.2f}  (target ≥ 0.50)")
                else:
                    say("  pgbench: skipped (not installed)")
            loads = load_times(backend, tmp, args.movements)
            for count, ms in loads.items():
                say(f"  load an account with {count:>7,} movements: {ms:7.2f} ms (median of 20, cold)")


if __name__ == "__main__":
    main()
