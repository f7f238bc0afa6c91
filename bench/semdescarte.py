"""Póquer sem descarte benchmark (issues 3 and 14). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run:
  * through HTTP, ``ledger serve`` as shipped and, beside it, a bare endpoint served the same
    way that only validates the same request bodies with the same models (bench/bare_app.py):
    each of ``--clients`` keep-alive connections plays its own individual table (ante → deal →
    decision) with the same client (bench/http_driver.py), the runs alternating bare, game,
    bare, ..., bare (this machine's speed drifts; each game run is compared with the mean of
    the bare runs around it, and the median of those ratios is printed). Per run: requests/s,
    jogadas/s, p50/p99 of each command, the CPU each process spent per request (the HTTP
    process, the writer process, the projection worker, the PostgreSQL backends of the
    database, the client) and how often per request a thread of the HTTP process went to sleep
    and had to be woken (voluntary context switches: thread hand-offs); per game run, what the
    writer did (commands per group, commit time, the clocks' commands). Targets (issue 14):
    game/bare ≥ 0.40, p99 < 20 ms per command;
  * the latency of one jogada's commands on a table with 100 jogadas of history against one with
    20,000, loading the table from the store each time (cold: the writer's cache is dropped), so
    that the history's cost shows (target: the second at most 20 % slower).

Usage: ./run bench-semdescarte [--seconds 10] [--clients 8] [--rounds 2] [--history 20000]
                               [--backends sqlite,postgresql] [--skip-history] [--py-spy DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from uuid import uuid4

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_driver import CpuMeter, Run, drive, load_average, pct, served_roles  # noqa: E402
from bench.ledger_core import (KEY, bare_server, free_port, fresh_url, post, say,  # noqa: E402
                               served_ledger, server_pids, settle)

CONFIG = {"kind": "individual", "seats": 1, "min_ante_cents": 100, "max_ante_cents": 2500,
          "decision_seconds": 30, "extra_seconds": 10}
KINDS = ("ante", "deal", "decision")
ROLES = ("http", "writer", "projections", "postgres", "client")
LABELS = {"http": "http", "writer": "writer", "projections": "proj", "postgres": "pg",
          "client": "client"}


# Through HTTP ------------------------------------------------------------------------------------
def jogada_script(tables: list[str]):
    """Each client's rounds: ante, deal, then continue or fold (alternately) on its table."""
    tag = uuid4().hex[:8]  # idempotency keys unique to the run

    def script(i: int, n: int):
        base = f"/semdescarte/tables/{tables[i]}"
        ante = yield ("ante", "POST", f"{base}/antes",
                      {"ante_cents": 100, "idempotency_key": f"{tag}-{i}-{n}"})
        yield ("deal", "POST", f"{base}/deal", {})
        yield ("decision", "POST", f"{base}/decisions",
               {"jogada_id": ante["jogada_id"], "decision": "continue" if n % 2 else "fold"})
    return script


def writer_metrics(base: str) -> dict[str, float]:
    """The writer's counters from the ledger's ``GET /metrics``: its groups (transactions),
    the commands in them, the commit seconds, and the commands by name."""
    req = urllib.request.Request(f"{base}/metrics", headers={"Authorization": f"Bearer {KEY}"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        text = resp.read().decode()
    out: dict[str, float] = {}
    for line in text.splitlines():
        m = re.match(r"(ledger_writer_group_size|ledger_writer_commit_seconds)_(sum|count) "
                     r"(\S+)$", line)
        if m:
            out[f"{m.group(1)}_{m.group(2)}"] = float(m.group(3))
        m = re.match(r'ledger_commands_total\{command="([^"]+)",outcome="[^"]+"\} (\S+)$', line)
        if m:
            out[f"command:{m.group(1)}"] = out.get(f"command:{m.group(1)}", 0) + float(m.group(2))
    return out


def writer_summary(before: dict[str, float], after: dict[str, float]) -> str:
    """What the writer did between two scrapes: commands per group, commit time, and the
    commands other than the clients' (the clocks', the reads')."""
    d = {k: after.get(k, 0) - before.get(k, 0) for k in after}
    groups = d.get("ledger_writer_group_size_count", 0)
    commits = d.get("ledger_writer_commit_seconds_count", 0)
    commands = {k[8:]: v for k, v in d.items() if k.startswith("command:") and v}
    others = {k: v for k, v in commands.items() if k not in ("ante", "deal", "decide")}
    return (f"writer: {d.get('ledger_writer_group_size_sum', 0) / max(groups, 1):.2f} commands"
            f" per group, commit mean "
            f"{d.get('ledger_writer_commit_seconds_sum', 0) * 1000 / max(commits, 1):.2f} ms"
            f" ({commits / max(groups, 1):.0%} of groups); other commands "
            f"{sum(others.values()) / max(sum(commands.values()), 1):.0%}: "
            + ", ".join(f"{k} {v:.0f}" for k, v in sorted(others.items(), key=lambda kv: -kv[1])))


@dataclass
class Measured:
    run: Run
    cpu: dict[str, float]  # CPU seconds by role (bench/http_driver.py ROLES)
    switches: int  # voluntary context switches of the HTTP process
    load: str  # the load averages at the end of the run
    writer: str | None = None  # writer_summary, for the ledger


def measured(base: str, headers: list[dict[str, str]], tables: list[str], seconds: float, *,
             ledger: bool = False, database: str | None = None,
             profile: Path | None = None) -> Measured:
    """One run of the clients against ``base``, with the CPU of its processes, the load and,
    for the ledger, what its writer did. ``profile``: py-spy samples each Python process of
    the tree meanwhile, into ``<profile>-<role>.txt`` (collapsed stacks with thread names; its
    own CPU perturbs the run, so profiled figures are not for comparison)."""
    metrics = writer_metrics(base) if ledger else None
    meter = CpuMeter(server_pids[base], database)
    meter.start()
    spies = []
    if profile is not None:
        for role, pids in served_roles(server_pids[base]).items():
            spies.append(subprocess.Popen(
                [str(Path(sys.executable).parent / "py-spy"), "record", "--pid", str(pids[0]),
                 "--duration", str(int(seconds)), "--rate", "100", "--threads",
                 "--format", "raw", "--output", f"{profile}-{role}.txt"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    run = drive(base, headers, jogada_script(tables), seconds)
    cpu = meter.stop()
    for spy in spies:
        spy.wait(timeout=60)
    cpu["client"] = run.cpu
    return Measured(run, cpu, meter.switches, load_average(),
                    None if metrics is None else writer_summary(metrics, writer_metrics(base)))


def seat_players(base: str, clients: int) -> tuple[list[str], list[str], list[dict[str, str]]]:
    """A funded player in a game session at an individual table of its own, per client: the
    tables, the players and each client's headers (its player's key)."""
    tables, players, headers = [], [], []
    for i in range(clients):
        player = post(f"{base}/players", {"display_name": f"sd{i}"})
        post(f"{base}/players/{player['player_id']}/deposits",
             {"amount_cents": 10**9, "idempotency_key": f"fund{i}"})
        table = post(f"{base}/semdescarte/tables", {"name": f"t{i}", "config": CONFIG})
        key = player["api_key"]
        post(f"{base}/sessions", {"venue_id": table["venue_id"], "game": table["game"]}, key)
        post(f"{base}/semdescarte/tables/{table['table_id']}/seats", {}, key)
        tables.append(table["table_id"])
        players.append(player["player_id"])
        headers.append({"Authorization": f"Bearer {key}"})
    return tables, players, headers


def http_section(backend: str, tmp: Path, seconds: int, clients: int, rounds: int,
                 profile: Path | None = None) -> None:
    database = "bench_sd_http" if backend == "postgresql" else None  # fresh_url's name
    with served_ledger(backend, tmp, "sd_http") as base, bare_server(free_port()) as bare:
        tables, players, headers = seat_players(base, clients)
        drive(base, headers, jogada_script(tables), 2)  # warm-up: caches, keys, connections
        settle(base, players[0])
        drive(bare, headers, jogada_script(tables), 2)
        bares = [measured(bare, headers, tables, seconds)]
        games = []
        for n in range(rounds):
            games.append(measured(base, headers, tables, seconds, ledger=True, database=database,
                                  profile=None if profile is None else profile / f"{backend}-{n}"))
            settle(base, players[0])  # the worker's catch-up must not run beside the bare run
            bares.append(measured(bare, headers, tables, seconds))
    ratios = [g.run.rps / ((b0.run.rps + b1.run.rps) / 2)
              for g, b0, b1 in zip(games, bares, bares[1:])]
    say(f"  HTTP, {clients} clients on individual tables, {seconds} s runs alternated "
        f"(bare, game) × {rounds}, bare; load averages after each run: "
        + "; ".join(m.load for pair in zip(bares, games) for m in pair) + f"; {bares[-1].load}")
    say(f"    {'':<5} {'req/s':>6} {'jogadas/s':>9} {'fail':>4} │"
        + "".join(f"{k + ' p50/p99 ms':>20}" for k in KINDS)
        + " │ CPU ms/req " + "".join(f"{LABELS[r]:>7}" for r in ROLES)
        + " │ http sleeps/req")
    for label, runs in (("bare", bares), ("game", games)):
        for m in runs:
            run = m.run
            lat = [run.latencies.get(k, []) for k in KINDS]
            say(f"    {label:<5} {run.rps:6.0f} {run.rounds / run.seconds:9.1f} {run.failed:4d} │"
                + "".join(f"{pct(x, 0.5):11.1f} /{pct(x, 0.99):6.1f}" for x in lat)
                + " │ " + " " * 10
                + "".join(f"{m.cpu[r] * 1000 / max(run.requests, 1):7.2f}" if r in m.cpu
                          else f"{'-':>7}" for r in ROLES)
                + f" │ {m.switches / max(run.requests, 1):15.2f}")
    for n, m in enumerate(games, 1):
        say(f"    game {n} {m.writer}")
    ratio = statistics.median(ratios)
    worst = max(pct(m.run.latencies.get(k, []), 0.99) for m in games for k in KINDS)
    say(f"    ratio game/bare requests/s: {ratio:.2f} (median of {len(ratios)}: "
        f"{', '.join(f'{r:.2f}' for r in ratios)}; target ≥ 0.40); game jogadas/s "
        f"{statistics.median(m.run.rounds / m.run.seconds for m in games):.1f}; "
        f"worst game p99 {worst:.1f} ms (target < 20)")
    statuses: dict[int, int] = {}
    for m in games:
        for code, count in m.run.statuses.items():
            statuses[code] = statuses.get(code, 0) + count
    if any(code >= 300 for code in statuses):
        say(f"    game answers by status: {dict(sorted(statuses.items()))}")


# History ---------------------------------------------------------------------------------------
def history_section(backend: str, tmp: Path, history: int) -> None:
    from uuid import uuid4

    from domain.kernel.actors import player_actor, staff_actor
    from domain.games.semdescarte import commands as sd
    from infra.services import sessions as sessions_service
    from infra.container import build_ledger
    from infra.runtime.settings import Settings

    ledger = build_ledger(Settings(database_url=fresh_url(backend, "sd_history", tmp),
                                   semdescarte_tick_interval=0, inactivity_sweep_interval=0),
                          with_projections=False)
    op = staff_actor("bench")
    tables = {}
    for size in (100, history):
        pid, _ = ledger.register_player(display_name=f"h{size}", actor=op)
        ledger.deposit(pid, 10**10, f"h{size}", actor=op)
        table = ledger.run(sd.CreateTable(table_id=str(uuid4()), name=f"h{size}", config=CONFIG,
                                          actor=op))
        sessions_service.start_session(ledger, pid, table["venue_id"], table["game"],
                                       player_actor(pid))
        ledger.run(sd.Sit(table_id=table["table_id"], player_id=str(pid), seat=None,
                          actor=player_actor(pid)))
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
    from domain.kernel.actors import player_actor
    from domain.games.semdescarte import commands as sd

    actor, pid = player_actor(pid), str(pid)
    ante = ledger.run(sd.PlaceAnte(table_id=table_id, player_id=pid, ante_cents=100,
                                   jackpot_bet_cents=None, idempotency_key=key, actor=actor))
    ledger.run(sd.Deal(table_id=table_id, player_id=pid, forced_deck=None, actor=actor))
    ledger.run(sd.Decide(table_id=table_id, jogada_id=ante["jogada_id"], player_id=pid,
                         decision="continue", actor=actor))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--history", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=2,
                        help="game runs, each between two bare runs (default 2)")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--skip-history", action="store_true")
    parser.add_argument("--py-spy", type=Path, metavar="DIR",
                        help="sample the served processes during each game run with py-spy "
                             "(pip install py-spy) into DIR/<backend>-<run>-<role>.txt")
    args = parser.parse_args()
    if args.py_spy:
        args.py_spy.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"póquer sem descarte benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for backend in args.backends.split(","):
            say(f"\n[{backend}]")
            http_section(backend, Path(tmpdir), args.seconds, args.clients, args.rounds,
                         args.py_spy)
            if not args.skip_history:
                history_section(backend, Path(tmpdir), args.history)


if __name__ == "__main__":
    main()
