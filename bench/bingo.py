"""Bingo benchmark (issue 4). Prints figures; asserts nothing.

A variant-90 jogada (line + bingo) with 1,000, 10,000 and 100,000 cards sold, on SQLite and
PostgreSQL, through the ledger's writer (the real path: writer, wallet, session, receipts,
events; no HTTP, no projections). Each (backend, size) runs in a fresh process and a fresh
database, so its peak RSS is its own. The room's ManualClock is moved to each ball's due time
at once: the draw interval (1 s, the rule's minimum) costs no wall time; prize pause 0.

Per case:
  * card generation: the wall time of every purchase command (bingo_service.buy_cards; players
    of up to 1,000 cards each, rule 13, in purchases of --per-purchase cards), and the pure
    generation cost (domain.games.bingo.cards.generate_more over the same purchases) — RNG vs storage;
  * per draw: the wall time of each draw command and the number of cards holding the ball →
    mean / p50 / max ms and µs per card holding the ball; the same for the bare DrawEngine
    (domain/games/bingo/engine.py) fed the same cards, without the writer and the store;
  * close of sale → settlement: close_sales + every draw up to the bingo, in seconds;
  * memory: peak RSS of the process, its growth over the jogada, the room engine's arrays;
  * loading the room from the store: mid-jogada (replay of every CardsBought) and after the
    jogada (snapshot between jogadas); the store's size.
Then a table, and the check the issue asks for: the cost per draw grows no faster than the
number of cards holding the drawn number (µs per holder at the largest size / the smallest).

Usage: ./run bench-bingo [--sizes 1000,10000,100000] [--backends sqlite,postgresql]
                         [--per-purchase 100]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAX_CARDS = 1_000  # per player per jogada (rule 13, the room's limit)
PRICE = 100
INTERVAL_MS = 1_000  # rule 22's minimum; the ManualClock makes it free
SEED = 20260105


def say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def room_config() -> dict:
    return {"variant": "90", "card_price_cents": PRICE, "max_cards": MAX_CARDS, "pool_bp": 8_000,
            "prizes": {"line": 2_000, "bingo": 8_000}, "sale_seconds": 60,
            "draw_interval_ms": INTERVAL_MS, "prize_pause_ms": 0}


def purchases_plan(size: int, per_purchase: int) -> list[tuple[int, int]]:
    """(player index, count) in the order bought: players of at most MAX_CARDS cards (at least
    three, rule 6), buying in turn, per_purchase cards at a time."""
    n_players = max(3, -(-size // MAX_CARDS))
    quota = [size // n_players + (i < size % n_players) for i in range(n_players)]
    plan = []
    while any(quota):
        for i in range(n_players):
            if quota[i]:
                count = min(per_purchase, quota[i])
                quota[i] -= count
                plan.append((i, count))
    return plan


def stats_ms(samples: list[float]) -> dict:
    return {"mean": statistics.fmean(samples) * 1e3, "p50": statistics.median(samples) * 1e3,
            "max": max(samples) * 1e3}


def engine_bytes(engine) -> int:
    arrays = [engine.cells, engine.remaining, engine.lines_done]
    return (sum(len(a) for a in arrays)
            + sum(len(a) * a.itemsize for a in engine.index.values()))


def store_mb(backend: str, url: str) -> float:
    if backend == "sqlite":
        path = Path(url.removeprefix("sqlite:///"))
        return sum(p.stat().st_size for p in path.parent.glob(path.name + "*")) / 2**20
    import psycopg

    with psycopg.connect(url) as conn:
        return conn.execute("SELECT pg_database_size(current_database())").fetchone()[0] / 2**20


# Pure domain -------------------------------------------------------------------------------------
def pure_section(plan: list[tuple[int, int]], balls: list[int]) -> dict:
    """generate_more over the same purchases (no store), then the bare DrawEngine."""
    from domain.games.bingo.cards import card_key, generate_more
    from domain.games.bingo.config import check_room_config
    from domain.games.bingo.engine import BINGO, DrawEngine
    from domain.kernel.rng import Drbg

    seed = SEED.to_bytes(32, "big")
    taken: set[bytes] = set()
    cards = []
    t0 = time.perf_counter()
    for purchase, (_, count) in enumerate(plan, 1):
        new = generate_more(Drbg(seed, f"bingo-cards/{purchase}"), "90", count, taken)
        taken.update(card_key(c) for c in new)  # what the room's mutator records
        cards.extend(new)
    generate_s = time.perf_counter() - t0
    config = check_room_config(room_config())[0]  # as the room builds it
    engine = DrawEngine(config.variant, tuple(config.prizes), config.line_directions,
                        config.bingo_pattern)
    t0 = time.perf_counter()
    for card in cards:
        engine.add_card(card)
    add_s = time.perf_counter() - t0
    holders = Counter(n for card in cards for row in card for n in row if n)
    per_draw, per_holder = [], []
    for ball in balls:
        t0 = time.perf_counter()
        won = engine.draw(ball)
        dt = time.perf_counter() - t0
        per_draw.append(dt)
        per_holder.append(dt / max(1, holders[ball]))
        for prize in won:
            engine.mark_won(prize)
        if BINGO in won:
            break
    return {"generate_s": generate_s, "engine_add_s": add_s, "engine_draw": stats_ms(per_draw),
            "engine_us_per_holder": statistics.fmean(per_holder) * 1e6,
            "engine_balls": len(per_draw)}


# One case, in its own process --------------------------------------------------------------------
def run_case(backend: str, size: int, per_purchase: int, tmp: Path) -> dict:
    from bench.ledger_core import fresh_url
    from domain.kernel.actors import player_actor, staff_actor
    from tests.bingo import client as bingo
    from infra.services import sessions as sessions_service
    from infra.runtime.clock import ManualClock
    from infra.container import build_ledger
    from infra.runtime.rng import SeededSeedSource
    from infra.runtime.settings import Settings

    url = fresh_url(backend, f"bingo_{size}", tmp)
    clock = ManualClock()
    ledger = build_ledger(Settings(database_url=url, semdescarte_tick_interval=0,
                                   inactivity_sweep_interval=0, bingo_tick_interval=0),
                          clock=clock, seeds=SeededSeedSource(SEED), with_projections=False)
    op = staff_actor("bench")
    out: dict = {"backend": backend, "size": size}
    try:
        room = bingo.create_room(ledger, name=f"bench {size}", config=room_config(), actor=op)
        room_id = room["room_id"]
        plan = purchases_plan(size, per_purchase)
        n_players = max(i for i, _ in plan) + 1
        players = []
        t0 = time.perf_counter()
        for i in range(n_players):
            pid, _ = ledger.register_player(display_name=f"b{i}", actor=op)
            ledger.deposit(pid, MAX_CARDS * PRICE, f"fund{i}", actor=op)
            sessions_service.start_session(ledger, pid, room["venue_id"], "bingo",
                                           player_actor(pid))
            bingo.join(ledger, room_id=room_id, player_id=pid, actor=player_actor(pid))
            players.append(pid)
        out["players"] = n_players
        out["purchases"] = len(plan)
        out["setup_s"] = time.perf_counter() - t0
        rss_before = rss_mb()
        jogada = bingo.open_jogada(ledger, room_id=room_id, forced_balls=None, actor=op)

        # The sale: every purchase through the writer
        holders: Counter[int] = Counter()
        buy_times = []
        t_sale = time.perf_counter()
        for k, (i, count) in enumerate(plan):
            t0 = time.perf_counter()
            result = bingo.buy_cards(ledger, room_id=room_id, player_id=players[i], count=count,
                                     idempotency_key=f"buy{k}", actor=player_actor(players[i]))
            buy_times.append(time.perf_counter() - t0)
            for card in result["cards"]:
                holders.update(n for row in card["numbers"] for n in row if n)
        out["buy_s"] = time.perf_counter() - t_sale
        out["buy"] = stats_ms(buy_times)
        assert sum(holders.values()) == 15 * size
        rss_sold = rss_mb()

        # Close of sale → settlement
        clock.advance(60)
        draw_times, per_holder, won_at = [], [], []
        t_close = time.perf_counter()
        t0 = time.perf_counter()
        closed = bingo.close_sales(ledger, room_id=room_id)
        out["close_ms"] = (time.perf_counter() - t0) * 1e3
        assert not closed["cancelled"], closed
        room_agg = ledger.writer.aggregates.held[UUID(room_id)]
        out["engine_mb"] = engine_bytes(room_agg.engine) / 2**20
        balls = list(room_agg.rng_outcome(jogada["jogada_id"]))
        settled = None
        while settled is None:
            clock.advance(INTERVAL_MS / 1000)  # the ball is due: the interval costs nothing
            t0 = time.perf_counter()
            drawn = bingo.draw(ledger, room_id=room_id)
            dt = time.perf_counter() - t0
            draw_times.append(dt)
            per_holder.append(dt / max(1, holders[drawn["ball"]]))
            if drawn["won"]:
                won_at.append(f"{'+'.join(w['prize'] for w in drawn['won'])}@{drawn['ordinal']}"
                              f"({sum(len(w['cards']) for w in drawn['won'])})")
            if drawn["bingo"]:
                settled = drawn
        out["close_to_settle_s"] = time.perf_counter() - t_close
        out["balls"] = len(draw_times)
        out["draw"] = stats_ms(draw_times)
        out["draw_last_ms"] = draw_times[-1] * 1e3  # the bingo + settlement
        out["us_per_holder"] = statistics.fmean(per_holder) * 1e6
        out["holders_mean"] = statistics.fmean(holders[b] for b in balls[:len(draw_times)])
        out["won"] = " ".join(won_at)
        out["rss_jogada_mb"] = rss_sold - rss_before
        out["rss_after_mb"] = rss_mb()
        out["store_mb"] = store_mb(backend, url)  # after one jogada

        # Loading the room from the store after the jogada (snapshot between jogadas)
        loads = []
        for _ in range(5):
            ledger.writer.forget_all()
            t0 = time.perf_counter()
            bingo.describe(ledger, room_id)
            loads.append(time.perf_counter() - t0)
        out["load_after_ms"] = statistics.median(loads) * 1e3

        # Mid-jogada load (crash recovery: every CardsBought replayed into the engine), on a
        # second jogada sold the same way, once
        jogada2 = bingo.open_jogada(ledger, room_id=room_id, forced_balls=None, actor=op)
        for i, pid in enumerate(players):
            ledger.deposit(pid, MAX_CARDS * PRICE, f"refund{i}", actor=op)
        for k, (i, count) in enumerate(plan):
            bingo.buy_cards(ledger, room_id=room_id, player_id=players[i], count=count,
                            idempotency_key=f"buy2-{k}", actor=player_actor(players[i]))
        ledger.writer.forget_all()
        t0 = time.perf_counter()
        state = bingo.describe(ledger, room_id)
        out["load_mid_ms"] = (time.perf_counter() - t0) * 1e3
        assert state["open_jogada"]["jogada_id"] == jogada2["jogada_id"]
        assert state["open_jogada"]["cards_sold"] == size
        out["peak_rss_mb"] = peak_rss_mb()
    finally:
        ledger.close()
    out.update(pure_section(plan, balls))
    return out


# Report ------------------------------------------------------------------------------------------
def report_case(r: dict) -> None:
    say(f"  {r['size']:>7,} cards, {r['players']} players, {r['purchases']} purchases")
    say(f"    sale: {r['buy_s']:7.2f} s for every purchase (per purchase: mean {r['buy']['mean']:.1f}"
        f" ms, p50 {r['buy']['p50']:.1f}, max {r['buy']['max']:.1f});"
        f" pure generation {r['generate_s']:.2f} s ({r['generate_s'] / r['buy_s']:.0%})")
    say(f"    draw: {r['balls']} balls, per draw mean {r['draw']['mean']:.2f} ms, p50"
        f" {r['draw']['p50']:.2f}, max {r['draw']['max']:.2f} (the bingo + settlement"
        f" {r['draw_last_ms']:.2f}); {r['holders_mean']:,.0f} cards hold a ball on average;"
        f" {r['us_per_holder']:.3f} µs per card holding the ball")
    say(f"    bare engine: per draw mean {r['engine_draw']['mean']:.3f} ms, max"
        f" {r['engine_draw']['max']:.3f}; {r['engine_us_per_holder']:.3f} µs per card holding"
        f" the ball; add_card for all {r['engine_add_s']:.2f} s")
    say(f"    close of sale {r['close_ms']:.1f} ms; close → settlement {r['close_to_settle_s']:.2f} s;"
        f" prizes {r['won']}")
    say(f"    memory: peak RSS {r['peak_rss_mb']:.0f} MB, +{r['rss_jogada_mb']:.0f} MB over the sale,"
        f" engine {r['engine_mb']:.2f} MB; store after the jogada {r['store_mb']:.0f} MB")
    say(f"    load the room: after the jogada {r['load_after_ms']:.1f} ms, mid-jogada"
        f" {r['load_mid_ms']:.0f} ms")


def table(results: list[dict]) -> None:
    say("\nbackend     cards  sale s  gen s  draw mean/p50/max ms   µs/holder  engine µs/h"
        "  close→settle s  peak RSS MB  engine MB  load mid/after ms")
    for r in results:
        say(f"{r['backend']:<10} {r['size']:>7,} {r['buy_s']:7.2f} {r['generate_s']:6.2f}"
            f"  {r['draw']['mean']:6.2f}/{r['draw']['p50']:6.2f}/{r['draw']['max']:7.2f}"
            f"  {r['us_per_holder']:9.3f}  {r['engine_us_per_holder']:10.3f}"
            f"  {r['close_to_settle_s']:14.2f}  {r['peak_rss_mb']:11.0f}  {r['engine_mb']:9.2f}"
            f"  {r['load_mid_ms']:8.0f}/{r['load_after_ms']:.1f}")
    say("\ncheck: cost per draw vs cards holding the ball (largest size / smallest)")
    for backend in dict.fromkeys(r["backend"] for r in results):
        rs = sorted((r for r in results if r["backend"] == backend), key=lambda r: r["size"])
        if len(rs) < 2:
            continue
        lo, hi = rs[0], rs[-1]
        say(f"  {backend:<10} {hi['size']:,} vs {lo['size']:,} cards: holders x"
            f"{hi['holders_mean'] / lo['holders_mean']:.0f}, time per draw"
            f" x{hi['draw']['mean'] / lo['draw']['mean']:.1f}, per holder"
            f" x{hi['us_per_holder'] / lo['us_per_holder']:.2f} (ledger),"
            f" x{hi['engine_us_per_holder'] / lo['engine_us_per_holder']:.2f} (bare engine)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--per-purchase", type=int, default=100)
    parser.add_argument("--case", help=argparse.SUPPRESS)  # backend:size, in a child process
    args = parser.parse_args()
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    if args.case:
        backend, size = args.case.split(":")
        with tempfile.TemporaryDirectory() as tmpdir:
            result = run_case(backend, int(size), args.per_purchase, Path(tmpdir))
        print(json.dumps(result))
        return
    sizes = [int(s) for s in args.sizes.split(",")]
    say(f"bingo benchmark (variant 90, line + bingo), {os.cpu_count()} cores,"
        f" {time.strftime('%Y-%m-%d %H:%M')}; {args.per_purchase} cards per purchase")
    results = []
    start = time.perf_counter()
    for backend in args.backends.split(","):
        say(f"\n[{backend}]")
        for size in sizes:
            t0 = time.perf_counter()
            proc = subprocess.run([sys.executable, __file__, "--case", f"{backend}:{size}",
                                   "--per-purchase", str(args.per_purchase)],
                                  stdout=subprocess.PIPE, text=True, cwd=ROOT)
            if proc.returncode:
                say(f"  {size:,} cards: failed (exit {proc.returncode})")
                continue
            result = json.loads(proc.stdout.strip().splitlines()[-1])
            results.append(result)
            report_case(result)
            say(f"    (case wall time {time.perf_counter() - t0:.0f} s)")
    if results:
        table(results)
    say(f"\nwhole run: {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
