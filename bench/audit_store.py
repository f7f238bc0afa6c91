"""A big sealed store for the audit benchmark (bench/audit.py) and its smoke test, built fast.

1. Real activity through the ledger's writer (no HTTP): players funded by deposits, sem
   descarte jogadas on individual tables (ante, deal, decision), bingo-90 jogadas from sale to
   bingo on a manual clock; then the projections catch up (the jogada index among them).
2. Filler: copies of those real events inserted by SQL straight into the events table, each
   generation under new originator ids (the first 8 hex digits of the id replaced by the
   generation number: every copied stream keeps its versions 1..n), up to the size asked. The
   projections skip the filler (their tracking rows are moved past it): the copies repeat the
   originals' account codes and jogada ids, which no read model may hold twice. The sealer
   and the integrity check treat every event alike, so the filler costs them what real events
   of the same sizes do.
3. The same real activity again, so real jogadas are at both ends of the log; the projections
   catch up.
4. The sealer seals the whole log from scratch (timed: its catch-up rate), signing a
   checkpoint every ``checkpoint_every`` events and at the end.

``build_store(url, events)`` does it all and returns what it measured; the benchmark keeps that
record beside the store and reuses the store while its log is unchanged.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Say = Callable[[str], None]
SD_CONFIG = {"kind": "individual", "seats": 1, "min_ante_cents": 100, "max_ante_cents": 2500,
             "decision_seconds": 30, "extra_seconds": 10}


def open_ledger(url: str, key_file: str, *, projections: bool, clock: Any = None) -> Any:
    """The ledger on ``url``: a writer thread, every game clock and sweeper off; with the
    projections (and the sealer) built but not started (``start=False``): they run only
    when called."""
    from infra.container import build_ledger
    from infra.runtime.rng import SeededSeedSource
    from infra.runtime.settings import Settings

    settings = Settings(database_url=url, audit_key_file=key_file, audit_checkpoint_interval=0,
                        semdescarte_tick_interval=0, bingo_tick_interval=0,
                        inactivity_sweep_interval=0, log_level="WARNING")
    if not projections:
        return build_ledger(settings, clock=clock, seeds=SeededSeedSource(15),
                            with_projections=False)
    return build_ledger(settings, clock=clock, with_projections=True, start=False,
                        services=False)


# Real activity -----------------------------------------------------------------------------------
def real_activity(ledger: Any, clock: Any, tag: str, *, sd_jogadas: int, bingo_jogadas: int,
                  cards: int, deposits: int) -> None:
    """Sem descarte and bingo jogadas and deposits through the writer (the real path)."""
    from bench.bingo import room_config
    from bench.semdescarte import jogada
    from domain.kernel.actors import player_actor, staff_actor
    from domain.games.semdescarte import commands as sd
    from infra.services import sessions as sessions_service
    from tests.bingo import client as bingo

    op = staff_actor("bench")
    sd_players = []
    for i in range(4):
        pid, _ = ledger.register_player(display_name=f"sd{tag}{i}", actor=op)
        ledger.deposit(pid, 10**9, f"{tag}-fund-sd{i}", actor=op)
        table = ledger.run(sd.CreateTable(table_id=str(_uuid()), name=f"{tag}{i}",
                                          config=SD_CONFIG, actor=op))
        sessions_service.start_session(ledger, pid, table["venue_id"], table["game"],
                                       player_actor(pid))
        ledger.run(sd.Sit(table_id=table["table_id"], player_id=str(pid), seat=None,
                          actor=player_actor(pid)))
        sd_players.append((table["table_id"], pid))
    for n in range(sd_jogadas):
        table_id, pid = sd_players[n % len(sd_players)]
        jogada(ledger, table_id, pid, f"{tag}-j{n}")
    for n in range(deposits):
        ledger.deposit(sd_players[n % len(sd_players)][1], 100 + n, f"{tag}-d{n}", actor=op)
    if not bingo_jogadas:
        return
    room = bingo.create_room(ledger, name=f"bench {tag}", config=room_config(), actor=op)
    players = []
    for i in range(3):
        pid, _ = ledger.register_player(display_name=f"bingo{tag}{i}", actor=op)
        ledger.deposit(pid, 10**9, f"{tag}-fund-b{i}", actor=op)
        sessions_service.start_session(ledger, pid, room["venue_id"], "bingo", player_actor(pid))
        bingo.join(ledger, room_id=room["room_id"], player_id=pid, actor=player_actor(pid))
        players.append(pid)
    for n in range(bingo_jogadas):
        bingo.open_jogada(ledger, room_id=room["room_id"], forced_balls=None, actor=op)
        for i, pid in enumerate(players):
            bingo.buy_cards(ledger, room_id=room["room_id"], player_id=pid,
                            count=max(1, cards // len(players)),
                            idempotency_key=f"{tag}-b{n}-{i}", actor=player_actor(pid))
        clock.advance(room_config()["sale_seconds"])
        bingo.close_sales(ledger, room_id=room["room_id"])
        while True:
            clock.advance(room_config()["draw_interval_ms"] / 1000)
            if bingo.draw(ledger, room_id=room["room_id"])["bingo"]:
                break


def _uuid() -> Any:
    from uuid import uuid4

    return uuid4()


# Filler ------------------------------------------------------------------------------------------
def copy_events(ledger: Any, base: int, count: int, say: Say) -> None:
    """``count`` copies of events 1..``base``, by SQL, generation after generation."""
    target, table = ledger.target, ledger.app.recorder.events_table_name
    if target.backend == "sqlite":
        conn: Any = sqlite3.connect(target.path)
        statement = (f"INSERT INTO {table} (originator_id, originator_version, topic, state) "
                     f"SELECT printf('%08x', ?) || substr(originator_id, 9), originator_version,"
                     f" topic, state FROM {table} WHERE rowid <= ? ORDER BY rowid LIMIT ?")
    else:
        import psycopg

        conn = psycopg.connect(host=target.host, port=target.port, user=target.user,
                               password=target.password or None, dbname=target.dbname)
        name = f'"{target.schema or "public"}"."{table}"'
        statement = (f"INSERT INTO {name} (originator_id, originator_version, topic, state) "
                     f"SELECT (lpad(to_hex(%s::int), 8, '0') || substr(replace("
                     f"originator_id::text, '-', ''), 9))::uuid, originator_version, topic,"
                     f" state FROM {name} WHERE notification_id <= %s"
                     f" ORDER BY notification_id LIMIT %s")
    done, generation, started = 0, 1, time.perf_counter()
    try:
        while done < count:
            n = min(base, count - done)
            conn.execute(statement, (generation, base, n))
            conn.commit()
            done += n
            generation += 1
            if generation % 20 == 0:
                say(f"    filler: {done:,} of {count:,} events copied")
    finally:
        conn.close()
    say(f"    filler: {count:,} events copied in {time.perf_counter() - started:.1f} s")


def skip_projections_to(ledger: Any, position: int) -> None:
    """Every projection's tracking row moved to ``position`` (past the filler)."""
    from sqlalchemy import update

    from projections.tables import projection_tracking

    with ledger.projections.engine.begin() as conn:
        conn.execute(update(projection_tracking).values(position=position))


# The whole store ---------------------------------------------------------------------------------
def build_store(url: str, events: int, key_file: str, *, sd_jogadas: int = 600,
                bingo_jogadas: int = 2, cards: int = 60, deposits: int = 500,
                checkpoint_every: int = 250_000, say: Say = lambda line: None) -> dict[str, Any]:
    """An empty database at ``url`` filled to at least ``events`` events, as the module says;
    returns its sizes and the times of each step (the sealing's among them)."""
    from infra.audit.signing import generate_key_file
    from infra.runtime.clock import ManualClock

    if not Path(key_file).exists():
        generate_key_file(key_file)
    clock = ManualClock()
    out: dict[str, Any] = {"events_asked": events}
    real = dict(sd_jogadas=sd_jogadas, bingo_jogadas=bingo_jogadas, cards=cards,
                deposits=deposits)
    heads = []
    for phase in ("a", "b"):
        started = time.perf_counter()
        ledger = open_ledger(url, key_file, projections=False, clock=clock)
        try:
            real_activity(ledger, clock, phase, **real)
            heads.append(ledger.app.recorder.max_notification_id())
        finally:
            ledger.close()
        out[f"real_{phase}_s"] = time.perf_counter() - started
        say(f"    real activity {phase}: up to event {heads[-1]:,} in"
            f" {out[f'real_{phase}_s']:.1f} s")
        ledger = open_ledger(url, key_file, projections=True)
        try:
            started = time.perf_counter()
            ledger.projections.catch_up()
            out[f"projections_{phase}_s"] = time.perf_counter() - started
            if phase == "a":
                # the second phase writes a few events fewer than the first (the system
                # accounts are open already): a margin keeps the total at ``events`` or more
                base = heads[0]
                filler = max(0, events - 2 * base + base // 10)
                copy_events(ledger, base, filler, say)
                skip_projections_to(ledger, base + filler)
        finally:
            ledger.close()
    out["real_events"] = heads[0] + (heads[1] - heads[0] - filler)
    out["filler_events"] = filler
    ledger = open_ledger(url, key_file, projections=True)
    try:
        out.update(seal_store(ledger, checkpoint_every, say))
        out["head"] = ledger.app.recorder.max_notification_id()
        out["projections"] = projection_names(ledger)
    finally:
        ledger.close()
    return out


def projection_names(ledger: Any) -> list[str]:
    return sorted(p.name for p in ledger.projections.projections)


def seal_store(ledger: Any, checkpoint_every: int, say: Say) -> dict[str, Any]:
    """Seal everything from where the sealer is, signing a checkpoint every
    ``checkpoint_every`` events and at the end; wall and CPU time of this process."""
    sealer = ledger.audit.sealer
    signed = [0]

    def progress(position: int, head: int) -> None:
        if position - signed[0] >= checkpoint_every:
            sealer.checkpoint()
            signed[0] = position
            say(f"    sealed {position:,} of {head:,}")

    wall, cpu = time.perf_counter(), time.process_time()
    sealed = sealer.catch_up(progress)
    sealer.checkpoint()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"sealed": sealed, "seal_s": wall, "seal_cpu_s": cpu}


def size_mb(ledger_target: Any) -> float:
    """The store's size on disk: the SQLite files (events, projections, WAL) or the
    PostgreSQL database."""
    if ledger_target.backend == "sqlite":
        path = Path(ledger_target.path)
        return sum(p.stat().st_size for p in path.parent.glob(path.stem + "*")) / 2**20
    import psycopg

    with psycopg.connect(host=ledger_target.host, port=ledger_target.port,
                         user=ledger_target.user, dbname=ledger_target.dbname) as conn:
        return conn.execute("SELECT pg_database_size(current_database())").fetchone()[0] / 2**20
