"""Make the frozen store of tests/compat/ (issue 24, item 6): run ONCE, with the code before
issue 24's module moves, and commit its output; tests/compat/test_store_before_issue24.py then
opens it with the code as it is.

    PYTHONPATH=$PWD .venv/bin/python tests/compat/make_store_before_issue24.py [OUT_DIR]

It drives the service only through what survives a module move: ``ledger`` commands (the
console script's entry point, ``api.serve:main``) and the HTTP API (``api.main.create_app``
under fastapi's TestClient), at a manual clock, in certification mode (forced decks). Written
to OUT_DIR (default tests/compat/store_before_issue24/, which must not exist): the SQLite store
(``ledger.db``: events and snapshots; ``ledger.projections.db``: read models and the audit
seal's tables), the checkpoints' signing key (``audit-key.pem``, a test key) and
``expected.json``, what the code answered (tests/compat/store_reads.py)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from fastapi.testclient import TestClient  # noqa: E402

from api.main import create_app  # noqa: E402
from infra.runtime.clock import ManualClock  # noqa: E402  (the one module path: time is driven here)
from tests.compat import story  # noqa: E402
from tests.compat.store_reads import (collect, environment, ledger_cli, ledger_env,  # noqa: E402
                                      verify_outcome)

START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)


def cli(*argv: str) -> str:
    code, out, err = ledger_cli(*argv)
    assert code == 0, f"ledger {' '.join(argv)}: exit {code}\n{out}\n{err}"
    return out


def seal() -> dict:
    """``ledger audit seal``: every event so far bound into the tree, a checkpoint signed."""
    return json.loads(cli("audit", "seal"))


def compact(path: Path, *, vacuum: bool) -> None:
    """One file per database (its WAL folded in); ``vacuum``: its free pages given back. Never
    VACUUM the events: it may renumber the rowids, and an event's rowid is its notification id
    (the position the audit seal hashed)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
    if vacuum:
        conn = sqlite3.connect(path)
        conn.execute("VACUUM")
        conn.close()


def snapshot_topics(db: Path) -> dict[str, int]:
    """How many snapshots the store holds, by the aggregate class topic they name."""
    counts: dict[str, int] = {}
    with sqlite3.connect(db) as conn:
        for (state,) in conn.execute("SELECT state FROM stored_snapshots"):
            topic = json.loads(state)["topic"]
            counts[topic] = counts.get(topic, 0) + 1
    return dict(sorted(counts.items()))


def commit() -> str:
    return subprocess.run(["git", "rev-parse", "HEAD"], cwd=HERE, capture_output=True,
                          text=True, check=True).stdout.strip()


def make(out_dir: Path) -> None:
    if out_dir.exists():
        raise SystemExit(f"{out_dir} exists: the fixture is made once, into a new directory")
    out_dir.mkdir(parents=True)
    db, key = out_dir / "ledger.db", out_dir / "audit-key.pem"
    with environment(ledger_env(f"sqlite:///{db}", str(key))):
        public_key = json.loads(cli("audit", "keygen", "--out", str(key)))["public_key"]
        cli("db", "upgrade")
        clock = ManualClock(START)
        with environment({"LEDGER_CERTIFICATION_MODE": "1"}):  # forced decks
            with TestClient(create_app(clock=clock)) as client:
                played = story.first_part(client, clock)
        checkpoints = [seal()]
        clock.advance(3600)
        with TestClient(create_app(clock=clock)) as client:
            played.update(story.second_part(client, clock, played))
        checkpoints.append(seal())
        compact(db, vacuum=False)
        compact(out_dir / "ledger.projections.db", vacuum=True)
        with TestClient(create_app(clock=clock)) as client:
            expected = collect(client)
        with tempfile.TemporaryDirectory() as scratch:
            expected["verify"] = verify_outcome(public_key, Path(scratch))
    compact(db, vacuum=False)
    compact(out_dir / "ledger.projections.db", vacuum=False)
    (out_dir / "ledger.db.service.lock").unlink(missing_ok=True)
    assert expected["verify"]["ok"], expected["verify"]
    expected["made"] = {"commit": commit(), "clock_start": START.isoformat(),
                        "public_key": public_key, "checkpoints": checkpoints,
                        "snapshots": snapshot_topics(db), "story": played}
    (out_dir / "expected.json").write_text(
        json.dumps(expected, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(json.dumps({"out": str(out_dir), "snapshots": expected["made"]["snapshots"],
                      "jogadas": len(expected["replays"]),
                      "statements": len(expected["statements"]),
                      "sizes": {p.name: p.stat().st_size for p in out_dir.iterdir()}}, indent=1))


if __name__ == "__main__":
    make(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "store_before_issue24")
