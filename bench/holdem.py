"""Hold'em benchmark (issue 17). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run:
  * through HTTP, ``ledger serve`` as shipped: each of ``--tables`` keep-alive connections
    plays nine-seat no-limit jogadas at a table of its own, concurrently (the operator's key
    starts each jogada and acts for the seated players, as a table client would relay them):
    every player calls or checks, except that one seat in five goes all in, so side pots are
    built and settled. Per run: jogadas/s, actions/s, p50/p99 of an action and of a jogada's
    start, and the CPU each process spent per request (the HTTP process, the writer process,
    the projection worker, the PostgreSQL backends, the client);
  * the latency of a jogada's commands (start, then every action to the end, heads-up) on a
    table with 100 jogadas of history against one with 20,000, loading the table from the
    store each time (cold: the writer's cache is dropped), so that the history's cost shows
    (target: the second at most 20 % slower).

The evaluator's own figures (7-card evaluations per second against treys and pokerkit) are
printed by bench/evaluator.py.

Usage: ./run bench-holdem [--seconds 10] [--tables 4] [--history 20000]
                          [--backends sqlite,postgresql] [--skip-history] [--skip-http]
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_driver import CpuMeter, drive, load_average, pct  # noqa: E402
from bench.ledger_core import KEY, fresh_url, post, say, served_ledger, server_pids  # noqa: E402

CONFIG = {"seats": 9, "structure": "no_limit", "small_blind_cents": 50, "big_blind_cents": 100,
          "buy_in_cents": 10_000, "commission": {"mode": "pot", "percent_bp": 500},
          "decision_seconds": 60, "pause_seconds": 0}
OPERATOR = {"Authorization": f"Bearer {KEY}"}
ROLES = ("http", "writer", "projections", "postgres", "client")
LABELS = {"http": "http", "writer": "writer", "projections": "proj", "postgres": "pg",
          "client": "client"}


# Through HTTP ------------------------------------------------------------------------------------
def seat_tables(base: str, tables: int) -> tuple[list[str], list[dict[str, dict[str, str]]]]:
    """``tables`` nine-seat tables, each with nine funded players in game sessions, seated:
    the tables and, per table, each seat's player id and key."""
    made, seats = [], []
    for t in range(tables):
        table = post(f"{base}/holdem/tables", {"name": f"t{t}", "config": CONFIG})
        by_seat = {}
        for seat in range(1, 10):
            player = post(f"{base}/players", {"display_name": f"p{t}-{seat}"})
            post(f"{base}/players/{player['player_id']}/deposits",
                 {"amount_cents": 10**9, "idempotency_key": f"fund{t}-{seat}"})
            post(f"{base}/sessions", {"venue_id": table["venue_id"], "game": "holdem"},
                 player["api_key"])
            post(f"{base}/holdem/tables/{table['table_id']}/seats",
                 {"seat": seat, "idempotency_key": f"sit{t}-{seat}"}, player["api_key"])
            by_seat[str(seat)] = {"player_id": player["player_id"],
                                  "headers": {"Authorization": f"Bearer {player['api_key']}"}}
        made.append(table["table_id"])
        seats.append(by_seat)
    return made, seats


def jogada_script(tables: list[str], seats: list[dict[str, dict[str, str]]]):
    """Each client's rounds: the operator reads its table and starts a jogada, then the client relays
    each player's action with that player's key, whoever is to act, until it ends (call or
    check; every fifth action goes all in); players left broke rebuy."""
    keys = itertools.count()  # rebuy keys unique across runs of the same script

    def script(i: int, n: int):
        base = f"/holdem/tables/{tables[i]}"
        view = yield ("read", "GET", base, None, OPERATOR)
        if view["jogada"] is None:  # else: finish the jogada an earlier run left open
            view = yield ("start", "POST", f"{base}/jogadas", {}, OPERATOR)
        k = 0
        while view is not None and (view.get("jogada") or {}).get("to_act"):
            jogada = view["jogada"]
            seat = jogada["to_act"]
            k += 1
            owed = jogada["current_bet_cents"] - jogada["seats"][seat]["bet_cents"]
            action = "all_in" if k % 5 == 0 and _may_go_all_in(jogada, seat) else \
                "call" if owed > 0 else "check"
            view = yield ("action", "POST", f"{base}/actions",
                          {"jogada_id": jogada["jogada_id"], "action": action},
                          seats[i][seat]["headers"])
        view = yield ("read", "GET", base, None, OPERATOR)  # the caves after the payment
        for seat, held in view["seats"].items():
            if held["cave_cents"] < CONFIG["big_blind_cents"]:
                yield ("rebuy", "POST", f"{base}/rebuys",
                       {"idempotency_key": f"rebuy-{next(keys)}"}, seats[i][seat]["headers"])
    return script


def _may_go_all_in(jogada: dict, seat: str) -> bool:
    """Whether an all-in is allowed (A27, rule 40): a call for less, or someone else could
    still answer a raise."""
    me = jogada["seats"][seat]
    if me["stack_cents"] + me["bet_cents"] <= jogada["current_bet_cents"]:
        return True
    return any(not s["folded"] and not s["all_in"]
               and s["stack_cents"] + s["bet_cents"] > jogada["current_bet_cents"]
               for other, s in jogada["seats"].items() if other != seat)


def http_section(backend: str, tmp: Path, seconds: int, tables: int) -> None:
    database = "bench_holdem_http" if backend == "postgresql" else None
    with served_ledger(backend, tmp, "holdem_http", env={"LEDGER_HOLDEM_TICK_INTERVAL": "0"}
                       ) as base:
        made, seats = seat_tables(base, tables)
        headers = [{}] * tables  # each request carries its own key
        script = jogada_script(made, seats)
        drive(base, headers, script, 2)  # warm-up
        meter = CpuMeter(server_pids[base], database)
        meter.start()
        run = drive(base, headers, script, seconds)
        cpu = meter.stop()
        cpu["client"] = run.cpu
    actions = run.latencies.get("action", [])
    say(f"  HTTP, {tables} nine-seat tables played concurrently for {seconds} s "
        f"(load after: {load_average()})")
    say(f"    jogadas/s {run.rounds / run.seconds:6.1f}   actions/s "
        f"{len(actions) / run.seconds:6.0f}   failed rounds {run.failed}   statuses "
        f"{dict(sorted(run.statuses.items()))}")
    for kind in ("start", "action", "read", "rebuy"):
        lat = run.latencies.get(kind, [])
        if lat:
            say(f"    {kind:<7} p50 {pct(lat, 0.5):6.1f} ms   p99 {pct(lat, 0.99):6.1f} ms"
                f"   ({len(lat)} requests)")
    say("    CPU ms per request: " + "  ".join(
        f"{LABELS[r]} {cpu[r] * 1000 / max(run.requests, 1):.2f}" for r in ROLES if r in cpu))


# History ---------------------------------------------------------------------------------------
def history_section(backend: str, tmp: Path, history: int) -> None:
    from domain.kernel.actors import player_actor, staff_actor
    from domain.games.community_poker.commands import HOLDEM as H
    from infra.services import sessions as sessions_service
    from infra.container import build_ledger
    from infra.runtime.settings import Settings

    ledger = build_ledger(Settings(database_url=fresh_url(backend, "holdem_history", tmp),
                                   holdem_tick_interval=0, inactivity_sweep_interval=0),
                          with_projections=False)
    op = staff_actor("bench")
    config = dict(CONFIG, seats=2)
    tables = {}
    for size in (100, history):
        table = ledger.run(H["CreateTable"](table_id=str(uuid4()), name=f"h{size}",
                                            config=config, actor=op))
        players = []
        for seat in (1, 2):
            pid, _ = ledger.register_player(display_name=f"h{size}-{seat}", actor=op)
            ledger.deposit(pid, 10**10, f"h{size}-{seat}", actor=op)
            sessions_service.start_session(ledger, pid, table["venue_id"], "holdem",
                                           player_actor(pid))
            ledger.run(H["Sit"](table_id=table["table_id"], player_id=str(pid), seat=seat,
                                idempotency_key=f"s{size}-{seat}", actor=player_actor(pid)))
            players.append(str(pid))
        tables[size] = (table["table_id"], players)
        t0 = time.perf_counter()
        for _ in range(size):
            jogada(ledger, H, table["table_id"], players, op, fold=True)
        say(f"  history: {size:>6,} heads-up jogadas (a fold each) played in {time.perf_counter() - t0:6.1f} s")
    for size, (table_id, players) in tables.items():
        samples = []
        for _ in range(30):
            ledger.writer.forget_all()  # cold: the table is loaded from its snapshot + tail
            t0 = time.perf_counter()
            commands = jogada(ledger, H, table_id, players, op)
            samples.append((time.perf_counter() - t0) / commands)
        say(f"  a command of a jogada (cold load) on a table with {size:>6,} jogadas: median "
            f"{statistics.median(samples) * 1000:6.2f} ms")
    ledger.close()


def jogada(ledger, H, table_id: str, players: list[str], op: str, fold: bool = False) -> int:
    """Start, then call and check to the end (heads-up), or fold at once; returns the
    commands sent."""
    from domain.kernel.actors import player_actor

    view = ledger.run(H["StartJogada"](table_id=table_id, actor=op))
    by_seat = {"1": players[0], "2": players[1]}
    sent = 1
    while view["jogada"] is not None and view["jogada"]["to_act"] is not None:
        jogada = view["jogada"]
        seat = jogada["to_act"]
        owed = jogada["current_bet_cents"] - jogada["seats"][seat]["bet_cents"]
        pid = by_seat[seat]
        view = ledger.run(H["Act"](table_id=table_id, jogada_id=jogada["jogada_id"],
                                   player_id=pid,
                                   action="fold" if fold else "call" if owed else "check",
                                   actor=player_actor(pid)))
        sent += 1
    return sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--history", type=int, default=20_000)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--skip-history", action="store_true")
    parser.add_argument("--skip-http", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"hold'em benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for backend in args.backends.split(","):
            say(f"\n[{backend}]")
            if not args.skip_http:
                http_section(backend, Path(tmpdir), args.seconds, args.tables)
            if not args.skip_history:
                history_section(backend, Path(tmpdir), args.history)


if __name__ == "__main__":
    main()
