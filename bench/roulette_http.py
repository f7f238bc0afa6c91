"""French roulette through HTTP (issue 27). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run, ``ledger serve`` as shipped (the game clock off, so the
benchmark says when the wheel spins): one multi-player wheel, ``--players`` players (200), each
in a game session at it, each placing ``--bets`` bet commands (10) per spin, one bet each,
through ``--clients`` keep-alive connections (8), every player with its own key. The bets cycle
through every chance (pleno, cavalo, rua, quadro, linha, dúzia, coluna, cavalo de dúzia,
a simple chance) and a call bet (a number and two neighbours). Once the window has closed the
operator ticks the wheel: that one request is the spin — "jogo feito", the number drawn,
every bet of every player settled and paid, in one transaction — so its duration is the time
from the close of bets to every player paid (the product's clock adds at most its interval,
1 s, before it). Each game spin is between two runs of the bare endpoint (bench/bare_app.py:
the same request model, validated and answered with a small JSON, served like ``ledger
serve``'s HTTP process) with the same requests; the game's bets/s is divided by the mean of
the bare runs around it.

Usage: ./run bench-roulette [--players 200] [--bets 10] [--clients 8] [--spins 2]
                            [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_driver import Connection, pct  # noqa: E402
from bench.ledger_core import (  # noqa: E402
    bare_server,
    free_port,
    post,
    say,
    served_ledger,
    settle,
)

BETS = (  # one bet per command, cycling; every chance and a call bet
    {"chance": "pleno", "numbers": [17], "amount_cents": 100},
    {"chance": "cavalo", "numbers": [0, 1], "amount_cents": 100},
    {"chance": "rua", "numbers": [4, 5, 6], "amount_cents": 100},
    {"chance": "quadro", "numbers": [8, 9, 11, 12], "amount_cents": 100},
    {"chance": "linha", "numbers": [13, 14, 15, 16, 17, 18], "amount_cents": 100},
    {"chance": "duzia", "numbers": [2], "amount_cents": 100},
    {"chance": "coluna", "numbers": [3], "amount_cents": 100},
    {"chance": "cavalo_de_duzia", "numbers": [1, 2], "amount_cents": 100},
    {"chance": "encarnado", "amount_cents": 100},
    {"call": "neighbours", "number": 26, "neighbours": 2, "unit_cents": 100},
)


def players_of(base: str, players: int) -> tuple[list[str], list[str]]:
    ids, keys = [], []
    for i in range(players):
        player = post(f"{base}/players", {"display_name": f"rf{i}"})
        post(f"{base}/players/{player['player_id']}/deposits",
             {"amount_cents": 10**8, "idempotency_key": f"fund{i}"})
        ids.append(player["player_id"])
        keys.append(player["api_key"])
    return ids, keys


def open_wheel(base: str, keys: list[str], window: int) -> str:
    """A multi-player wheel with a window of ``window`` s; every player in a session at it."""
    wheel = post(f"{base}/roulette/wheels", {"name": f"bench-{window}", "config": {
        "kind": "multi", "min_cents": 100, "betting_seconds": window}})
    for key in keys:
        post(f"{base}/sessions", {"venue_id": wheel["venue_id"], "game": wheel["game"]}, key)
        post(f"{base}/roulette/wheels/{wheel['wheel_id']}/join", {}, key)
    return wheel["wheel_id"]


async def _bets(base: str, wheel_id: str, keys: list[str], per_player: int,
                clients: int) -> tuple[float, list[float], dict[int, int]]:
    """Every player's ``per_player`` bet commands, spread over ``clients`` connections."""
    tag = uuid4().hex[:8]
    work = [(p, k) for k in range(per_player) for p in range(len(keys))]
    latencies: list[float] = []
    statuses: dict[int, int] = {}

    async def client(c: int) -> None:
        conn = Connection(base, {})
        await conn.open()
        try:
            for p, k in work[c::clients]:
                body = {"bets": [BETS[k % len(BETS)]], "idempotency_key": f"{tag}-{p}-{k}"}
                t0 = time.perf_counter()
                status, _ = await conn.request("POST", f"/roulette/wheels/{wheel_id}/bets",
                                               body, {"Authorization": f"Bearer {keys[p]}"})
                latencies.append(time.perf_counter() - t0)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            conn.close()

    t0 = time.perf_counter()
    await asyncio.gather(*(client(c) for c in range(clients)))
    return time.perf_counter() - t0, latencies, statuses


def bets(base: str, wheel_id: str, keys: list[str], per_player: int, clients: int):
    return asyncio.run(_bets(base, wheel_id, keys, per_player, clients))


def spin(base: str, wheel_id: str, closes_at: float) -> float:
    """Waits for the window's close, then the operator's tick: the spin's duration."""
    time.sleep(max(0.0, closes_at - time.time()) + 0.05)
    t0 = time.perf_counter()
    post(f"{base}/roulette/wheels/{wheel_id}/tick", {})
    return time.perf_counter() - t0


def section(backend: str, tmp: Path, players: int, per_player: int, clients: int,
            spins: int) -> None:
    env = {"LEDGER_ROULETTE_TICK_INTERVAL": "0"}  # the benchmark ticks
    n = players * per_player
    with served_ledger(backend, tmp, "rf_http", env) as base, bare_server(free_port()) as bare:
        ids, keys = players_of(base, players)
        # Warm-up on a wheel of its own (caches, keys, connections), and the bet rate that
        # sizes the measured wheels' windows (every bet must land before the close, r16).
        warm = open_wheel(base, keys, 3_600)
        took, _, _ = bets(base, warm, keys, 2, clients)
        bets(bare, warm, keys, 2, clients)
        window = math.ceil(n * took / (2 * players) * 1.5) + 5
        # the warm-up jogada ends (voided, every bet back): A63 lets no player bet at another
        # wheel while it is open
        post(f"{base}/roulette/wheels/{warm}/interruptions", {"reason": "benchmark warm-up"})
        settle(base, ids[0])
        rows = []
        for s in range(spins + 1):
            b_took, b_lat, _ = bets(bare, warm, keys, per_player, clients)
            rows.append(("bare", n / b_took, b_lat, None, None))
            if s == spins:
                break
            wheel_id = open_wheel(base, keys, window)
            settle(base, ids[0])
            opened = time.time()
            g_took, g_lat, statuses = bets(base, wheel_id, keys, per_player, clients)
            spun = spin(base, wheel_id, opened + window)
            rows.append(("game", n / g_took, g_lat, spun, statuses))
            settle(base, ids[0])
    say(f"  {players} players × {per_player} bet commands per spin over {clients} connections"
        f" (windows of {window} s); bare, game × {spins}, bare")
    say(f"    {'':<5} {'bets/s':>8} {'bet p50/p99 ms':>16} {'close → all paid s':>20}")
    for kind, rate, lat, spun, statuses in rows:
        extra = "" if spun is None else f"{spun:20.2f}"
        say(f"    {kind:<5} {rate:8.0f} {pct(lat, 0.5):8.1f} /"
            f"{pct(lat, 0.99):6.1f} {extra}")
        if statuses and any(code >= 300 for code in statuses):
            say(f"          answers by status: {dict(sorted(statuses.items()))}")
    ratios = [rows[i][1] / ((rows[i - 1][1] + rows[i + 1][1]) / 2)
              for i in range(1, len(rows) - 1) if rows[i][0] == "game"]
    say(f"    game/bare bets/s: {statistics.median(ratios):.3f} (median of"
        f" {', '.join(f'{r:.3f}' for r in ratios)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--bets", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--spins", type=int, default=2)
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"roulette HTTP benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for backend in args.backends.split(","):
            say(f"\n[{backend}]")
            section(backend, Path(tmpdir), args.players, args.bets, args.clients, args.spins)


if __name__ == "__main__":
    main()
