"""Audit benchmark (issue 15: the tamper-evident record). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run:
  * sealing under the money load: two ``ledger serve`` side by side, one sealing (as shipped)
    and one with LEDGER_AUDIT_SEAL=0, each on its own fresh database, deposits through wrk
    (./run bench's load), the runs alternating off, on, off, ..., off; each sealing run is
    compared with the mean of the runs around it, the median ratio is printed (target: at
    most 5 % fewer deposits/s). Per run: the events written and sealed per second, the
    largest unsealed backlog and projection lag seen (GET /health every 0.5 s), how long the
    sealer took to drain after the load stopped, and the CPU each process spent per event;
  * the sealer alone: the first ``--isolated`` events of the big store sealed from scratch
    into empty audit tables (events/s, CPU per event in this process and the database's);
  * a store of ``--events`` events (bench/audit_store.py: real jogadas and deposits, copies
    of them by SQL, the projections, sealed from scratch with that time printed), kept on disk
    (``--store-dir``, PostgreSQL database ``bench_audit``) and reused while unchanged;
    ``check_integrity`` (``ledger verify``'s integrity part) over all of it: events/s (target
    ≥ 100,000);
  * random real jogadas of that store: the replay (infra/jogada_views.replay) and the proof
    (ledger.audit.jogada_proof) in this process, then GET /jogadas/{id}/replay and
    /jogadas/{id}/proof through ``ledger serve``: p50 / p99 (target p99 < 20 ms).
Then a table of every figure.

Usage: ./run bench-audit [--backends sqlite,postgresql] [--seconds 10] [--rounds 6]
         [--connections 32] [--events 2000000] [--isolated 200000] [--samples 300]
         [--verify-runs 2] [--store-dir /tmp/bench_audit] [--rebuild] [--skip-http]
         [--skip-store]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.audit_store import build_store, open_ledger, projection_names, size_mb  # noqa: E402
from bench.http_driver import CpuMeter, load_average, pct  # noqa: E402
from bench.ledger_core import (KEY, PG, fresh_pg, post, say, served_ledger,  # noqa: E402
                               server_pids, settle, wrk)

ROLES = ("http", "writer", "projections", "postgres")
results: dict[str, dict[str, str]] = {}  # figure -> backend -> value
TARGETS = {"deposits/s sealing ÷ not sealing (median of pairs)": "≥ 0.95",
           "check_integrity events/s": "≥ 100,000",
           "replay": "p99 < 20 ms", "proof": "p99 < 20 ms"}  # by figure or its first word


def note(backend: str, figure: str, value: str) -> None:
    results.setdefault(figure, {})[backend] = value


def get(base: str, path: str) -> dict:
    req = urllib.request.Request(f"{base}{path}", headers={"Authorization": f"Bearer {KEY}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def key_file(directory: Path) -> str:
    from infra.audit.signing import generate_key_file

    path = directory / "audit-key.pem"
    if not path.exists():
        generate_key_file(str(path))
    return str(path)


# Sealing under the money load -------------------------------------------------------------------
class Backlog(threading.Thread):
    """The largest numbers of unsealed events and of events the projections have not applied
    yet that GET /health reports, every 0.5 s."""

    def __init__(self, base: str) -> None:
        super().__init__(daemon=True)
        self.base, self.unsealed, self.lag, self.stop = base, 0, 0, threading.Event()

    def run(self) -> None:
        while not self.stop.wait(0.5):
            health = get(self.base, "/health")
            self.unsealed = max(self.unsealed, health["audit"]["unsealed_events"])
            self.lag = max(self.lag, health["projection_lag"])


def money_run(base: str, players: list[str], seconds: int, connections: int,
              database: str | None, sealing: bool) -> dict:
    """One wrk run of deposits; the events written and sealed, the CPU per event by process,
    and (``sealing``) the time the sealer took to drain its backlog after the load."""
    h0, meter, backlog = get(base, "/health"), CpuMeter(server_pids[base], database), Backlog(base)
    meter.start()
    backlog.start()
    run = wrk(base, players, seconds, connections)
    cpu = meter.stop()
    backlog.stop.set()
    h1 = get(base, "/health")
    stopped = time.perf_counter()
    while sealing and get(base, "/health")["audit"]["unsealed_events"] \
            and time.perf_counter() - stopped < 60:
        time.sleep(0.05)
    drain = time.perf_counter() - stopped if sealing else 0.0
    settle(base, players[0])
    events = h1["event_position"] - h0["event_position"]
    return {**run, "events": events / seconds, "load": load_average(), "drain": drain,
            "sealed": (h1["audit"]["sealed_events"] - h0["audit"]["sealed_events"]) / seconds,
            "backlog": backlog.unsealed if sealing else 0, "lag": backlog.lag,
            "cpu": {r: cpu.get(r, 0.0) * 1e6 / max(events, 1) for r in ROLES}}


def http_section(backend: str, tmp: Path, seconds: int, connections: int, rounds: int) -> None:
    common = {"LEDGER_AUDIT_KEY_FILE": key_file(tmp)}
    dbs = {"off": "bench_audit_off", "on": "bench_audit_on"}  # fresh_url's names
    with served_ledger(backend, tmp, "audit_off", {**common, "LEDGER_AUDIT_SEAL": "0"}) as off, \
            served_ledger(backend, tmp, "audit_on", common) as on:
        bases = {"off": off, "on": on}
        players = {k: [post(f"{b}/players", {"display_name": f"p{i}"})["player_id"]
                       for i in range(64)] for k, b in bases.items()}
        for k, b in bases.items():  # warm-up: caches, connections, keys
            wrk(b, players[k], 2, connections)
            settle(b, players[k][0])

        def measure(k: str) -> dict:
            return money_run(bases[k], players[k], seconds, connections,
                             dbs[k] if backend == "postgresql" else None, k == "on")
        offs, ons = [measure("off")], []
        for _ in range(rounds):
            ons.append(measure("on"))
            offs.append(measure("off"))
    say(f"  money load: {connections} connections, {seconds} s runs alternated (not sealing,"
        f" sealing) × {rounds}, not sealing")
    say(f"    {'':<9} {'deposits/s':>10} {'p50/p99 ms':>13} {'events/s':>9} {'sealed/s':>9}"
        f" {'backlog':>8} {'drain s':>7} {'proj lag':>8} │ CPU µs/event "
        + "".join(f"{r[:5]:>7}" for r in ROLES) + " │ load")
    for label, runs in (("off", offs), ("sealing", ons)):
        for r in runs:
            say(f"    {label:<9} {r['rps']:10.0f} {r['p50']:6.1f}/{r['p99']:6.1f} "
                f"{r['events']:9.0f} {r['sealed']:9.0f} {r['backlog']:8d} {r['drain']:7.2f}"
                f" {r['lag']:8d} │"
                + " " * 13 + "".join(f"{r['cpu'][k]:7.1f}" for k in ROLES) + f" │ {r['load']}")
    ratios = [m["rps"] / ((a["rps"] + b["rps"]) / 2) for m, a, b in zip(ons, offs, offs[1:])]
    ratio = statistics.median(ratios)
    spread = ", ".join(f"{x:.2f}" for x in ratios)
    say(f"    deposits/s sealing ÷ not sealing: {ratio:.3f} (median of {len(ratios)}: {spread};"
        " target ≥ 0.95)")

    def median(runs: list[dict], key: str, role: str | None = None) -> float:
        return statistics.median(r["cpu"][role] if role else r[key] for r in runs)
    extra = median(ons, "", "projections") - median(offs, "", "projections")
    extra_pg = median(ons, "", "postgres") - median(offs, "", "postgres")
    note(backend, "deposits/s sealing ÷ not sealing (median of pairs)", f"{ratio:.2f} ({spread})")
    note(backend, "deposits/s not sealing / sealing (medians)",
         f"{median(offs, 'rps'):,.0f} / {median(ons, 'rps'):,.0f}")
    note(backend, "events/s written / sealed under load (medians)",
         f"{median(ons, 'events'):,.0f} / {median(ons, 'sealed'):,.0f}")
    note(backend, "largest unsealed backlog (projection lag); drain after",
         f"{max(r['backlog'] for r in ons):,} ({max(r['lag'] for r in ons):,}) ev;"
         f" {max(r['drain'] for r in ons):.2f} s")
    note(backend, "sealer CPU µs/event live (worker on − off; + database)",
         f"{extra:.1f}" + (f" + {extra_pg:.1f}" if backend == "postgresql" else ""))


# The big store ----------------------------------------------------------------------------------
def the_store(backend: str, args: argparse.Namespace) -> tuple[str, dict, str]:
    """(url, build record, key file) of the cached store, built first if need be."""
    directory = args.store_dir
    directory.mkdir(parents=True, exist_ok=True)
    key = key_file(directory)
    meta_path = directory / f"{backend}_{args.events}.json"
    if backend == "sqlite":
        url = f"sqlite:///{directory / f'store_{args.events}.db'}"
    else:
        url = f"{PG}/" + (
            "bench_audit" if args.events == 2_000_000 else f"bench_audit_{args.events}")
    if meta_path.exists() and not args.rebuild:
        # Reused while its log and seal are as built and the code has the same projections
        # (one added later would apply the SQL copies, which it must skip: built again).
        meta, found = json.loads(meta_path.read_text()), {}
        ledger = open_ledger(url, key, projections=True)
        try:
            found = {"head": ledger.app.recorder.max_notification_id(),
                     "sealed": ledger.audit.status()["sealed_events"],
                     "projections": projection_names(ledger)}
        except Exception:
            pass
        finally:
            ledger.close()
        if found == {k: meta.get(k) for k in ("head", "sealed", "projections")}:
            return url, meta, key
        say(f"  {meta_path} does not describe the store as it is: building it again")
    if backend == "sqlite":
        for old in directory.glob(f"store_{args.events}.*"):
            old.unlink()
    else:
        fresh_pg(url.rsplit("/", 1)[1])
    say(f"  building a store of {args.events:,} events (kept for the next runs)")
    meta = build_store(url, args.events, key, say=say)
    meta["built"] = time.strftime("%Y-%m-%d %H:%M")
    meta_path.write_text(json.dumps(meta, indent=1))
    return url, meta, key


def timed(database: str | None, work):
    """(result, wall s, this process's CPU s, the database backends' CPU s) of ``work()``."""
    meter = CpuMeter(os.getpid(), database)
    meter.start()
    wall = time.perf_counter()
    out = work()
    wall = time.perf_counter() - wall
    cpu = meter.stop()
    return out, wall, cpu.get("http", 0.0), cpu.get("postgres", 0.0)


def seal_isolated(ledger, backend: str, database: str | None, n: int, tmp: Path) -> None:
    """The first ``n`` events of the store sealed from scratch into empty audit tables of
    their own (an SQLite file in ``tmp``, a PostgreSQL schema ``bench_seal``)."""
    from sqlalchemy import text

    from infra.audit.sealer import Sealer
    from infra.audit.tables import metadata
    from projections.db import build_engine

    if backend == "sqlite":
        engine = build_engine(replace(ledger.target, path=str(tmp / "seal.db")))
    else:
        with ledger.projections.engine.begin() as conn:
            conn.execute(text("DROP SCHEMA IF EXISTS bench_seal CASCADE; CREATE SCHEMA bench_seal"))
        engine = build_engine(replace(ledger.target, schema="bench_seal"))
    metadata.create_all(engine)
    sealer = Sealer(ledger.app, engine, clock=ledger.clock, origin="bench", signer=None,
                    checkpoint_interval=0)
    sealed, wall, cpu, pg = timed(database, lambda: sealer.catch_up(head=n))
    engine.dispose()
    say(f"  sealer alone, {sealed:,} events from scratch: {sealed / wall:9,.0f} events/s;"
        f" CPU per event {cpu * 1e6 / sealed:.1f} µs here"
        + (f" + {pg * 1e6 / sealed:.1f} µs database" if database else ""))
    note(backend, f"sealer alone: events/s, CPU µs/event ({n:,} from scratch)",
         f"{sealed / wall:,.0f}, {cpu * 1e6 / sealed:.1f}"
         + (f" + {pg * 1e6 / sealed:.1f}" if database else ""))


def verify_section(ledger, backend: str, database: str | None, runs: int) -> None:
    from infra.audit.verify_integrity import check_integrity

    rates = []
    for n in range(runs):
        report, wall, cpu, pg = timed(database, lambda: check_integrity(ledger))
        events = report["events"]
        rates.append(events / wall)
        say(f"  check_integrity run {n + 1}: {events:,} events, {report['checkpoints']}"
            f" checkpoints in {wall:.1f} s: {events / wall:9,.0f} events/s; CPU per event"
            f" {cpu * 1e6 / events:.2f} µs here" + (f" + {pg * 1e6 / events:.2f} µs database"
                                                    if database else "")
            + f"; problems: {len(report['problems'])}; load {load_average()}")
    note(backend, "check_integrity events/s",
         f"{statistics.median(rates):,.0f}" + (f" (runs: {', '.join(f'{r:,.0f}' for r in rates)})"
                                               if runs > 1 else ""))


def sample_jogadas(ledger, samples: int) -> dict[str, list[str]]:
    """Random real jogadas of the store by game: ``samples`` of sem descarte, every bingo
    jogada five times (there are few)."""
    from projections.money import jogada_events
    from sqlalchemy import select

    with ledger.projections.engine.connect() as conn:
        rows = conn.execute(select(jogada_events.c.jogada_id, jogada_events.c.topic)).all()
    games: dict[str, set[str]] = {}
    for jogada_id, topic in rows:
        game = ledger.games.for_topic(topic)
        if game is not None:
            games.setdefault(game.name, set()).add(jogada_id)
    rng = random.Random(15)
    return {name: (rng.sample(sorted(ids), min(samples, len(ids))) if len(ids) > 20
                   else sorted(ids) * 5) for name, ids in sorted(games.items())}


def latencies(backend: str, label: str, jogadas: dict[str, list[str]], calls: dict) -> None:
    """p50 / p99 of each call over the sampled jogadas, each jogada's calls in turn."""
    for game, ids in jogadas.items():
        for call in calls.values():  # warm-up
            for jogada_id in ids[:5]:
                call(jogada_id)
        took: dict[str, list[float]] = {name: [] for name in calls}
        for jogada_id in ids:
            for name, call in calls.items():
                t0 = time.perf_counter()
                call(jogada_id)
                took[name].append(time.perf_counter() - t0)
        for name, samples in took.items():
            figure = f"{pct(samples, 0.5):.1f} / {pct(samples, 0.99):.1f} ms"
            say(f"  {name} {label}, {game}: p50 / p99 {figure} ({len(samples)} calls,"
                f" {len(set(ids))} jogadas)")
            note(backend, f"{name} p50 / p99, {game} ({label})", figure)


def store_section(backend: str, args: argparse.Namespace, tmp: Path) -> None:
    from infra.services import jogada_views

    url, meta, key = the_store(backend, args)
    database = url.rsplit("/", 1)[1] if backend == "postgresql" else None
    ledger = open_ledger(url, key, projections=True)
    try:
        mb = size_mb(ledger.target)
        say(f"  store: {meta['head']:,} events ({meta['real_events']:,} real, "
            f"{meta['filler_events']:,} copies), {mb:,.0f} MB on disk; built {meta['built']}")
        rate = meta["sealed"] / meta["seal_s"]
        say(f"  its sealing from scratch at the build: {meta['seal_s']:.0f} s, {rate:,.0f}"
            f" events/s, {meta['seal_cpu_s'] * 1e6 / meta['sealed']:.1f} µs CPU per event here")
        note(backend, "store: events (real), size on disk",
             f"{meta['head']:,} ({meta['real_events']:,}), {mb:,.0f} MB")
        note(backend, "sealing the whole store from scratch (at build)", f"{rate:,.0f} events/s")
        seal_isolated(ledger, backend, database, min(args.isolated, meta["head"]), tmp)
        verify_section(ledger, backend, database, args.verify_runs)
        jogadas = sample_jogadas(ledger, args.samples)
        engine = ledger.projections.engine
        latencies(backend, "in process", jogadas, {
            "replay": lambda j: jogada_views.replay(ledger, j, engine),
            "proof": lambda j: ledger.audit.jogada_proof(j, engine=engine)})
    finally:
        ledger.close()
    env = {"LEDGER_AUDIT_KEY_FILE": key, "LEDGER_BINGO_TICK_INTERVAL": "0",
           "LEDGER_SEMDESCARTE_TICK_INTERVAL": "0", "LEDGER_INACTIVITY_SWEEP_INTERVAL": "0"}
    with served_ledger(backend, tmp, "", env, url=url) as base:
        latencies(backend, "HTTP", jogadas, {
            "replay": lambda j: get(base, f"/jogadas/{j}/replay"),
            "proof": lambda j: get(base, f"/jogadas/{j}/proof")})


def table() -> None:
    width = max(len(f) for f in results) + 1
    say(f"\n{'figure':<{width}} {'SQLite':>30} {'PostgreSQL':>30}  target")
    for figure, by in results.items():
        say(f"{figure:<{width}} {by.get('sqlite', '-'):>30} {by.get('postgresql', '-'):>30}"
            f"  {TARGETS.get(figure, TARGETS.get(figure.split()[0], ''))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--events", type=int, default=2_000_000)
    parser.add_argument("--isolated", type=int, default=200_000)
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--verify-runs", type=int, default=2)
    parser.add_argument("--store-dir", type=Path, default=Path("/tmp/bench_audit"))
    parser.add_argument("--rebuild", action="store_true", help="build the store again")
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument("--skip-store", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"audit benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')},"
        f" load {load_average()}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for backend in args.backends.split(","):
            say(f"\n[{backend}]")
            if not args.skip_http:
                http_section(backend, Path(tmpdir), args.seconds, args.connections, args.rounds)
            if not args.skip_store:
                store_section(backend, args, Path(tmpdir))
    table()


if __name__ == "__main__":
    main()
