"""``ledger verify`` benchmark (issue 15). Prints figures; asserts nothing.

Makes a store by playing real jogadas in-process (póquer sem descarte at ``--tables``
individual tables, one player each, the commands of all tables sent together so that the
writer groups them; then ``--bingo`` bingo jogadas of ``--buyers`` players), closes it, opens
it as the command line does, and runs the whole check (infra/verify/), printing per section
its seconds, the events it read and its events per second, and the process's peak memory.

Usage: .venv/bin/python bench/verify.py [--jogadas 20000] [--tables 200] [--bingo 20]
                                        [--buyers 20] [--backends sqlite,postgresql]
                                        [--store PATH|URL]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ledger_core import fresh_url, say  # noqa: E402
from domain.kernel.actors import player_actor, staff_actor  # noqa: E402
from domain.games.bingo import commands as bingo  # noqa: E402
from domain.games.semdescarte import commands as sd  # noqa: E402
from infra.services import sessions as sessions_service  # noqa: E402
from infra.runtime.clock import ManualClock  # noqa: E402
from infra.container import build_ledger  # noqa: E402
from infra.games import BUILTIN  # noqa: E402
from infra.runtime.rng import SeededSeedSource  # noqa: E402
from infra.runtime.settings import Settings  # noqa: E402
from infra.verify import verify  # noqa: E402

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")
TABLE = {"kind": "individual", "seats": 1, "min_ante_cents": 100, "max_ante_cents": 2500,
         "decision_seconds": 60, "extra_seconds": 30}
ROOM = {"variant": "90", "card_price_cents": 100, "max_cards": 12, "pool_bp": 8000,
        "prizes": {"line": 2000, "bingo": 8000}, "sale_seconds": 10, "draw_interval_ms": 1000,
        "prize_pause_ms": 1000}


def settings(url: str) -> Settings:
    return Settings(database_url=url, bootstrap_operator_key="bench", certification_mode="0",
                    inactivity_sweep_interval=0.0,
                    **{f"{g.name}_tick_interval": 0.0 for g in BUILTIN})


def player(ledger, venue_id: str, game: str, deposit: int) -> str:
    pid, _ = ledger.register_player(display_name="bench", actor=OPERATOR)
    ledger.deposit(pid, deposit, f"dep-{pid}", actor=OPERATOR)
    sessions_service.start_session(ledger, pid, venue_id, game, player_actor(pid))
    return str(pid)


def all_of(ledger, commands) -> list:
    return [f.result() for f in [ledger.submit(c) for c in commands]]


def play_semdescarte(ledger, jogadas: int, tables: int) -> None:
    seated = []
    for _ in range(tables):
        table = ledger.run(sd.CreateTable(table_id=str(uuid.uuid4()), name="mesa", config=TABLE,
                                          actor=OPERATOR))
        pid = player(ledger, table["venue_id"], table["game"], 10_000_000)
        ledger.run(sd.Sit(table_id=table["table_id"], player_id=pid, seat=None,
                          actor=player_actor(pid)))
        seated.append((table["table_id"], pid))
    for n in range(jogadas // tables):
        antes = all_of(ledger, [sd.PlaceAnte(table_id=t, player_id=p, ante_cents=200,
                                             jackpot_bet_cents=None, idempotency_key=f"a{n}",
                                             actor=player_actor(p)) for t, p in seated])
        all_of(ledger, [sd.Deal(table_id=t, player_id=p, forced_deck=None,
                                actor=player_actor(p)) for t, p in seated])
        all_of(ledger, [sd.Decide(table_id=t, jogada_id=a["jogada_id"], player_id=p,
                                  decision="continue" if (n + i) % 3 else "fold",
                                  actor=player_actor(p))
                        for i, ((t, p), a) in enumerate(zip(seated, antes))])


def play_bingo(ledger, clock, jogadas: int, buyers: int) -> None:
    room = ledger.run(bingo.CreateRoom(room_id=str(uuid.uuid4()), name="sala", config=ROOM,
                                       actor=OPERATOR))
    pids = [player(ledger, room["venue_id"], "bingo", 1_000_000) for _ in range(buyers)]
    for pid in pids:
        ledger.run(bingo.JoinRoom(room_id=room["room_id"], player_id=pid,
                                  actor=player_actor(pid)))
    for n in range(jogadas):
        ledger.run(bingo.OpenJogada(room_id=room["room_id"], forced_balls=None, actor=OPERATOR))
        all_of(ledger, [bingo.BuyCards(room_id=room["room_id"], player_id=pid, count=1 + i % 4,
                                       idempotency_key=f"b{n}", actor=player_actor(pid))
                        for i, pid in enumerate(pids)])
        clock.advance(ROOM["sale_seconds"])
        ledger.run(bingo.CloseSales(room_id=room["room_id"]))
        while True:
            clock.advance(2)
            if ledger.run(bingo.Draw(room_id=room["room_id"]))["bingo"]:
                break


def make_store(url: str, clock: ManualClock, args: argparse.Namespace) -> None:
    ledger = build_ledger(settings(url), clock=clock, seeds=SeededSeedSource(15))
    try:
        play_semdescarte(ledger, args.jogadas, args.tables)
        play_bingo(ledger, clock, args.bingo, args.buyers)
        ledger.projections.wait(ledger.writer.last_position, timeout=3600)
    finally:
        ledger.close()
        ledger.projections.engine.dispose()


def run(backend: str, args: argparse.Namespace, tmp: Path) -> None:
    clock = ManualClock()
    if args.store:  # made once, verified again and again
        url = args.store if backend == "postgresql" else f"sqlite:///{args.store}"
        if backend == "sqlite" and not Path(args.store).exists():
            make_store(url, clock, args)
    else:
        url = fresh_url(backend, "verify", tmp)
        started = time.perf_counter()
        make_store(url, clock, args)
        say(f"{backend}: store made in {time.perf_counter() - started:.0f} s")
    ledger = build_ledger(settings(url), clock=clock, start=False)
    try:
        report = verify(ledger)
    finally:
        ledger.shutdown()
    say(f"{backend}: {report['head']} events, verify {'OK' if report['ok'] else 'FAILED'} in"
        f" {report['seconds']:.1f} s, {report['problems']} problems")
    for name, part in report["sections"].items():
        eps = part["events_per_second"]
        say(f"  {name:12} {part['status']:8} {part['seconds']:8.1f} s {part['events']:>10}"
            f" events {eps if eps is not None else '-':>9} events/s  {part['summary']}")
        if "rebuild_seconds" in part["counts"]:
            say(f"  {'':12} rebuild {part['counts']['rebuild_seconds']:.1f} s, comparison"
                f" {part['counts']['compare_seconds']:.1f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    say(f"  peak memory of this process: {peak} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jogadas", type=int, default=20_000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--bingo", type=int, default=20)
    parser.add_argument("--buyers", type=int, default=20)
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--store", help="a store to verify (SQLite: a file path, made first if"
                        " missing; PostgreSQL: a database URL), instead of a fresh one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for backend in args.backends.split(","):
            run(backend, args, Path(tmp))


if __name__ == "__main__":
    main()
