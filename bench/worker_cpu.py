"""The projection worker's CPU per deposit. Prints figures; asserts nothing.

For each backend: a database with N deposits written by the ledger's own writer (as
bench/ledger_core.py ``ledger_write_rate`` does: 64 players, group commit), then the
projections caught up in this process from zero, the way ``ledger projections run`` does it
under load (infra/projecting/runner.py ``run_worker``: one ``catch_up`` per round, each round
seeing ``--page`` more events, as if the writer had added them during the worker's 50 ms
pause). Timed with ``time.process_time``: CPU per event and per deposit (3 events: the
cashier's ``Debited``, the wallet's ``Credited``, the ``CommandReceipt``). Median of
``--repeat`` runs, each from empty projection tables (PostgreSQL: truncated; SQLite: a new
projections file).

Usage: .venv/bin/python bench/worker_cpu.py [--backends sqlite,postgresql] [--deposits 30000]
       [--page 300] [--repeat 5] [--dump DIR]
The event databases are kept (/tmp/projworker_cpu/, PostgreSQL ``bench_projworker_<N>``) and
reused by the next run with the same N; ``--fresh`` writes them again. ``--dump DIR`` writes
every projection table (rows sorted) to DIR/<backend>.json after the last run, to compare the
contents two versions of the code produce.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, before the installed one

PG = "postgresql://postgres@127.0.0.1:5432"
TMP = Path("/tmp/projworker_cpu")
PLAYERS = 64


def database_url(backend: str, deposits: int, fresh: bool) -> tuple[str, bool]:
    """(url, needs writing)."""
    if backend == "sqlite":
        TMP.mkdir(exist_ok=True)
        path = TMP / f"deposits_{deposits}.db"
        if fresh:
            for f in TMP.glob(f"deposits_{deposits}.*"):
                f.unlink()
        return f"sqlite:///{path}", not path.exists()
    import psycopg

    name = f"bench_projworker_{deposits}"
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if fresh or not exists:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
            exists = None
    return f"{PG}/{name}", not exists


def write_deposits(url: str, deposits: int) -> None:
    from domain.kernel.actors import staff_actor
    from infra.container import build_ledger
    from infra.runtime.settings import Settings

    ledger = build_ledger(Settings(database_url=url), with_projections=False)
    try:
        actor = staff_actor("bench")
        players = [ledger.register_player(display_name=f"w{i}", actor=actor)[0]
                   for i in range(PLAYERS)]
        window = threading.Semaphore(1024)
        t0 = time.monotonic()
        for n in range(deposits):
            window.acquire()
            fut = ledger.submit_cash(operation="deposit", player_id=players[n % PLAYERS],
                                     amount_cents=1 + n % 7, idempotency_key=f"b{n}",
                                     payment_method="card", actor=actor)
            fut.add_done_callback(lambda _f: window.release())
        for _ in range(1024):
            window.acquire()
        print(f"  wrote {deposits} deposits in {time.monotonic() - t0:.1f} s", flush=True)
    finally:
        ledger.close()


def empty_projections(url: str) -> None:
    """Projection tables empty, tracking rows gone: the state of a new installation."""
    from infra.runtime.settings import parse_database_url
    from projections.migrate import upgrade

    target = parse_database_url(url)
    if target.backend == "sqlite":
        path = Path(target.projections_path)
        for f in path.parent.glob(path.name + "*"):
            f.unlink()
    else:
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            tables = [r[0] for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                "AND tablename NOT IN ('alembic_version') "
                "AND tablename NOT LIKE '%events' AND tablename NOT LIKE '%snapshots'")]
            if tables:
                conn.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in tables))
            conn.execute("VACUUM ANALYZE")
    upgrade(target)


def catch_up_cpu(url: str, page: int) -> tuple[float, int, int]:
    """(CPU seconds, events, rounds) of catching up from zero, ``page`` new events a round."""
    importlib.import_module("infra.container")  # every event type, as in the worker
    from infra.store.eventstore import build_event_store
    from infra.games import load_games
    from infra.runtime.settings import parse_database_url
    from projections.db import build_engine
    from infra.projecting.runner import ProjectionRunner, all_projections

    target = parse_database_url(url)
    app = build_event_store(target)
    engine = build_engine(target)
    runner = ProjectionRunner(app, engine, all_projections(load_games()))
    recorder = app.recorder
    total = recorder.max_notification_id() or 0
    cap = [0]
    # What the worker sees under load: ``page`` more events at each round. The head is read
    # through the library's recorder, or the runner's own reader where it has one.
    heads = [recorder, getattr(runner, "_reader", None)]
    heads = [(o, o.max_notification_id if o is recorder else o.head) for o in heads if o]
    for owner, real in heads:
        setattr(owner, "max_notification_id" if owner is recorder else "head",
                lambda real=real: min(real() or 0, cap[0]))
    try:
        gc.collect()
        rounds = 0
        t0, times0 = time.process_time(), os.times()
        while cap[0] < total:
            cap[0] += page
            runner.catch_up()
            rounds += 1
        cpu = time.process_time() - t0
        times1 = os.times()
        if os.environ.get("WORKER_CPU_SPLIT"):
            print(f"    user {times1.user - times0.user:.2f} s, "
                  f"system {times1.system - times0.system:.2f} s", flush=True)
        assert runner.position == total, (runner.position, total)
    finally:
        for owner, _ in heads:
            delattr(owner, "max_notification_id" if owner is recorder else "head")
        runner.stop()
        app.close()
    return cpu, total, rounds


def dump(url: str, path: Path) -> None:
    from infra.games import load_games
    from infra.runtime.settings import parse_database_url
    from projections.db import build_engine
    from infra.projecting.runner import all_projections

    engine = build_engine(parse_database_url(url))
    out = {}
    with engine.connect() as conn:
        for projection in all_projections(load_games()):
            for table in projection.tables:
                # As stored: the driver's values, not SQLAlchemy's reading of them.
                rows = conn.exec_driver_sql(f"SELECT * FROM {table.name}").all()
                out[table.name] = sorted([list(map(str, row)) for row in rows])
    engine.dispose()
    path.write_text(json.dumps(out, indent=0, sort_keys=True))
    print(f"  dumped {sum(map(len, out.values()))} rows to {path}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--deposits", type=int, default=30_000)
    parser.add_argument("--page", type=int, default=300,
                        help="new events per round (the live worker under wrk: ~250-450)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument("--dump", type=Path)
    args = parser.parse_args()

    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(30))
    from infra.runtime.gc_tuning import tune_gc

    import infra.projecting.runner

    print(f"code: {Path(infra.projecting.runner.__file__).parent.parent}", flush=True)
    for backend in args.backends.split(","):
        url, needs_writing = database_url(backend, args.deposits, args.fresh)
        print(f"{backend}: {url}", flush=True)
        if needs_writing:
            write_deposits(url, args.deposits)
        tune_gc()  # as the worker does after start-up
        samples = []
        for _ in range(args.repeat):
            empty_projections(url)
            cpu, events, rounds = catch_up_cpu(url, args.page)
            samples.append(cpu)
            print(f"  {cpu:.3f} s CPU, {events} events, {rounds} rounds: "
                  f"{cpu / events * 1e6:.1f} µs/event", flush=True)
        cpu = statistics.median(samples)
        per_event = cpu / events * 1e6
        print(f"{backend}: median {per_event:.2f} µs/event, "
              f"{cpu / args.deposits * 1000:.4f} ms/deposit "
              f"(min {min(samples) / events * 1e6:.2f} µs/event; {args.repeat} runs, "
              f"page {args.page})", flush=True)
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            dump(url, args.dump / f"{backend}.json")


if __name__ == "__main__":
    main()
