"""The writer process's CPU per HTTP deposit, measured in one process. Prints figures; asserts
nothing.

What runs is what ``ledger writer run`` runs for a deposit: the writer's connection handler
(``infra/writer/server.py`` ``_serve_connection``: read the frames, unpickle them, run the group with
``GroupCommitWriter.run_here`` — ``move_cash``, the mapper, the transcoder, the insert and the
commit — and pickle the replies), after ``tune_gc()`` as in the writer process. The other end of a socket pair plays the HTTP process: it builds each
command exactly as ``api/routes/wallet.py`` does (``Ledger.cash_command`` with the path's
``UUID``, the body's key and payment method, the operator's actor), sends ``--group``
commands per frame with the writer socket's codec (``infra/writer/wire.py``) (one frame → one ``submit_many`` → one transaction) and
waits for every reply. Its own CPU (thread time) is subtracted from the process's CPU, so the
figure is the writer side's alone: µs of CPU per deposit (user + system), the median of
``--reps`` repetitions of ``--frames`` frames each, after a warm-up that loads every wallet.

Usage: .venv/bin/python bench/writer_cpu.py [sqlite] [postgresql] [--reps 7] [--frames 60]
       [--group 32] [--players 64]
PostgreSQL: a fresh database ``bench_writer_cpu`` at postgresql://postgres@127.0.0.1:5432.

For a before/after comparison, copy this script into the other tree's bench/ and run both,
alternating: it imports the code of the tree it lives in.
"""

from __future__ import annotations

import argparse
import os
import pickle
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tree this script lives in, before the installed one

PG = "postgresql://postgres@127.0.0.1:5432"
KEY_PREFIX = os.urandom(4).hex()


def fresh_url(backend: str, tmp: Path) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp / 'writer_cpu.db'}"
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute('DROP DATABASE IF EXISTS "bench_writer_cpu" WITH (FORCE)')
        conn.execute('CREATE DATABASE "bench_writer_cpu"')
    return f"{PG}/bench_writer_cpu"


def recv_exactly(sock: socket.socket, size: int) -> bytes:
    chunks, got = [], 0
    while got < size:
        chunk = sock.recv(size - got)
        if not chunk:
            raise EOFError("the writer closed the connection")
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def run_backend(backend: str, args: argparse.Namespace) -> list[float]:
    from domain.kernel.actors import staff_actor, system_actor
    from domain.ledger.wallets import DEPOSIT
    from infra.container import Ledger, build_ledger
    from infra.runtime.gc_tuning import tune_gc
    from infra.runtime.settings import Settings
    from infra.writer.server import _serve_connection
    from infra.writer.wire import HEADER as _HEADER

    with tempfile.TemporaryDirectory() as tmp:
        url = fresh_url(backend, Path(tmp))
        ledger = build_ledger(Settings(database_url=url, log_level="WARNING"),
                              with_projections=False, services=False)
        try:
            players = [ledger.register_player(display_name=f"p{i}",
                                              actor=system_actor("bench"))[0]
                       for i in range(args.players)]
            path_ids = [str(p) for p in players]  # the URL path, parsed per request as FastAPI does
            operator = staff_actor(UUID(int=1))
            tune_gc()  # as the writer process does after start-up
            client, server = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            threading.Thread(target=_serve_connection, args=(ledger, server, ledger.codec), daemon=True,
                             name="writer-connection").start()
            counter = 0

            def frame() -> None:
                nonlocal counter
                messages = []
                for _ in range(args.group):
                    counter += 1
                    command = Ledger.cash_command(
                        operation=DEPOSIT, player_id=UUID(path_ids[counter % len(path_ids)]),
                        amount_cents=100, idempotency_key=f"{KEY_PREFIX}-0-{counter}",
                        payment_method="bank_transfer", actor=operator)
                    messages.append((counter, DEPOSIT, command))
                client.sendall(ledger.codec.encode(messages))
                waiting = {rid for rid, _, _ in messages}
                while waiting:
                    size = _HEADER.unpack(recv_exactly(client, _HEADER.size))[0]
                    for rid, ok, value, _ in pickle.loads(recv_exactly(client, size)):
                        if not ok or not isinstance(value, dict):
                            raise RuntimeError(f"deposit {rid} failed: {value!r}")
                        waiting.discard(rid)

            for _ in range(max(3, 2 * args.players // args.group)):  # every wallet in memory
                frame()
            figures = []
            for _ in range(args.reps):
                p0, t0 = time.process_time(), time.thread_time()
                for _ in range(args.frames):
                    frame()
                p1, t1 = time.process_time(), time.thread_time()
                deposits = args.frames * args.group
                figures.append(((p1 - p0) - (t1 - t0)) / deposits * 1e6)
            client.close()
            return figures
        finally:
            ledger.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("backends", nargs="*", default=["sqlite", "postgresql"])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--group", type=int, default=32, help="commands per frame (= per commit)")
    parser.add_argument("--players", type=int, default=64)
    args = parser.parse_args()
    import structlog, logging

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    for backend in args.backends:
        figures = run_backend(backend, args)
        print(f"{backend}: writer CPU per deposit {statistics.median(figures):.1f} µs (median of "
              f"{len(figures)}; min {min(figures):.1f}, max {max(figures):.1f}; "
              f"group {args.group}) [{ROOT}]", flush=True)


if __name__ == "__main__":
    main()
