"""Blackjack through HTTP (issue 26). Prints figures; asserts nothing.

For SQLite and PostgreSQL in one run, ``ledger serve`` as shipped (certification mode off: the
shoes are the RNG's): each of ``--clients`` keep-alive connections plays its own seven-seat
table (an individual table with ``multi_seat``, r7: one player on all seven seats, so the deal
waits on no betting window, r13) with the same lean client as the other benchmarks
(bench/http_driver.py): seven bets, the deal, then for each hand the view (r24: the options
shown) and one decision (stand where it may, else hit; insurance and even money declined),
until the jogada ends. The runs alternate with runs of the bare endpoints (bench/bare_app.py:
the same request models, validated and answered with a small JSON, served like ``ledger
serve``'s HTTP process) driven by the same client with the same mix of requests (seven bets,
the deal, then a view and a decision per hand: ``DECISIONS_PER_JOGADA``, the game's mean):
bare, game, bare, …, bare; each game run's requests/s is compared with the mean of the bare
runs around it (the ratio's denominator), and the median ratio is printed. Per run:
requests/s, jogadas/s, and p50/p99 of each kind of request (a decision's is ``decision``).

Usage: ./run bench-blackjack [--seconds 10] [--clients 8] [--rounds 2]
                                                [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.http_driver import drive, pct  # noqa: E402
from bench.ledger_core import bare_server, free_port, post, say, served_ledger, settle  # noqa: E402

SEATS = 7
CONFIG = {"kind": "individual", "decks": 6, "seats": SEATS, "multi_seat": True,
          "min_bet_cents": 100, "max_bet_cents": 10_000}
KINDS = ("bet", "deal", "view", "decision")
DECLINE = {"insurance": "no_insurance", "even_money": "no_even_money"}


def jogada_script(tables: list[str]):
    """Each client's rounds: a bet on each of the seven seats, the deal, then view → decide
    until the table has no open jogada."""
    tag = uuid4().hex[:8]  # idempotency keys unique to the run

    def script(i: int, n: int):
        base = f"/blackjack/tables/{tables[i]}"
        jogada_id = None
        for seat in range(1, SEATS + 1):
            bet = yield ("bet", "POST", f"{base}/bets",
                         {"seat": seat, "amount_cents": 100,
                          "idempotency_key": f"{tag}-{i}-{n}-{seat}"})
            jogada_id = jogada_id or bet["jogada_id"]
        yield ("deal", "POST", f"{base}/deal", {})
        for k in range(100):
            seen = yield ("view", "GET", f"{base}/view", None)
            if seen["jogada_id"] != jogada_id or seen["status"] in ("ended", "no_jogada"):
                return
            choice = choose(seen["options"])
            if choice is None:
                return
            yield ("decision", "POST", f"{base}/decisions",
                   {"jogada_id": jogada_id, "seat": choice["seat"], "hand": choice["hand"],
                    "decision": choice["decision"], "idempotency_key": f"{tag}-{i}-{n}-d{k}"})
    return script


def choose(options: list[dict]) -> dict | None:
    """Stand where it may, else hit; offers declined."""
    if not options:
        return None
    by = {o["decision"]: o for o in options if o["available"]}
    for decision in ("no_insurance", "no_even_money", "stand", "hit"):
        if decision in by:
            return by[decision]
    return options[0]


DECISIONS_PER_JOGADA = 9  # a seven-seat jogada's mean (8.7–8.9 measured)


def bare_script(tables: list[str]):
    """The game's mix of requests against the bare endpoints."""
    tag = uuid4().hex[:8]

    def script(i: int, n: int):
        base = f"/blackjack/tables/{tables[i]}"
        jogada_id = None
        for seat in range(1, SEATS + 1):
            bet = yield ("bet", "POST", f"{base}/bets",
                         {"seat": seat, "amount_cents": 100,
                          "idempotency_key": f"{tag}-{i}-{n}-{seat}"})
            jogada_id = jogada_id or bet["jogada_id"]
        yield ("deal", "POST", f"{base}/deal", {})
        for k in range(DECISIONS_PER_JOGADA):
            seen = yield ("view", "GET", f"{base}/view", None)
            choice = seen["options"][0]
            yield ("decision", "POST", f"{base}/decisions",
                   {"jogada_id": jogada_id, "seat": choice["seat"], "hand": choice["hand"],
                    "decision": choice["decision"], "idempotency_key": f"{tag}-{i}-{n}-d{k}"})
    return script


def seat_players(base: str, clients: int) -> tuple[list[str], list[str], list[dict[str, str]]]:
    """A funded player in a game session at a seven-seat table of its own, on every seat."""
    tables, players, headers = [], [], []
    for i in range(clients):
        player = post(f"{base}/players", {"display_name": f"bj{i}"})
        post(f"{base}/players/{player['player_id']}/deposits",
             {"amount_cents": 10**9, "idempotency_key": f"fund{i}"})
        table = post(f"{base}/blackjack/tables", {"name": f"t{i}", "config": CONFIG})
        key = player["api_key"]
        post(f"{base}/sessions", {"venue_id": table["venue_id"], "game": table["game"]}, key)
        for seat in range(1, SEATS + 1):
            post(f"{base}/blackjack/tables/{table['table_id']}/seats", {"seat": seat}, key)
        tables.append(table["table_id"])
        players.append(player["player_id"])
        headers.append({"Authorization": f"Bearer {key}"})
    return tables, players, headers


def section(backend: str, tmp: Path, seconds: int, clients: int, rounds: int) -> None:
    with served_ledger(backend, tmp, "bj_http") as base, bare_server(free_port()) as bare:
        tables, players, headers = seat_players(base, clients)
        drive(base, headers, jogada_script(tables), 2)  # warm-up: caches, keys, connections
        drive(bare, headers, bare_script(tables), 2)
        settle(base, players[0])
        bares = [drive(bare, headers, bare_script(tables), seconds)]
        games = []
        for _ in range(rounds):
            games.append(drive(base, headers, jogada_script(tables), seconds))
            settle(base, players[0])  # the projections' catch-up must not run in the bare run
            bares.append(drive(bare, headers, bare_script(tables), seconds))
    ratios = [g.rps / ((b0.rps + b1.rps) / 2) for g, b0, b1 in zip(games, bares, bares[1:])]
    say(f"  {clients} clients, each at its own seven-seat table; {seconds} s runs alternated"
        f" (bare, game) × {rounds}, bare")
    say(f"    {'':<5} {'req/s':>7} {'jogadas/s':>9} {'fail':>4} │"
        + "".join(f"{k + ' p50/p99 ms':>22}" for k in KINDS))
    for run in bares:
        lat = [run.latencies.get(k, []) for k in KINDS]
        say(f"    {'bare':<5} {run.rps:7.0f} {run.rounds / run.seconds:9.1f} {run.failed:4d} │"
            + "".join(f"{pct(x, 0.5):13.1f} /{pct(x, 0.99):6.1f}" for x in lat))
    for run in games:
        lat = [run.latencies.get(k, []) for k in KINDS]
        say(f"    {'game':<5} {run.rps:7.0f} {run.rounds / run.seconds:9.1f} {run.failed:4d} │"
            + "".join(f"{pct(x, 0.5):13.1f} /{pct(x, 0.99):6.1f}" for x in lat))
    decisions = [x for run in games for x in run.latencies.get("decision", [])]
    per_jogada = len(decisions) / max(sum(run.rounds for run in games), 1)
    say(f"    game/bare requests/s: {statistics.median(ratios):.3f} (median of"
        f" {', '.join(f'{r:.3f}' for r in ratios)}); jogadas/s (7 hands each)"
        f" {statistics.median(run.rounds / run.seconds for run in games):.1f}; a decision"
        f" p50 {pct(decisions, 0.5):.1f} ms, p99 {pct(decisions, 0.99):.1f} ms"
        f" ({len(decisions)} decisions, {per_jogada:.1f} per jogada)")
    statuses: dict[int, int] = {}
    for run in games:
        for code, count in run.statuses.items():
            statuses[code] = statuses.get(code, 0) + count
    if any(code >= 300 for code in statuses):
        say(f"    game answers by status: {dict(sorted(statuses.items()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=2,
                        help="game runs, each between two bare runs (default 2)")
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    os.environ.setdefault("LEDGER_LOG_LEVEL", "WARNING")
    say(f"blackjack HTTP benchmark, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    with tempfile.TemporaryDirectory() as tmpdir:
        for backend in args.backends.split(","):
            say(f"\n[{backend}]")
            section(backend, Path(tmpdir), args.seconds, args.clients, args.rounds)


if __name__ == "__main__":
    main()
