"""Every aggregate class the store written before issue 24 names (a ``Created`` event's
``originator_topic``, a snapshot's ``topic``) resolves to the class of that name in the code as
it is, moved modules and moved classes included (infra/store/moved_topics.py): issue 24 item 3
moved the bingo room registry out of room.py into registry.py. 903-B 6.3.7: records stay
readable. Reads the frozen fixture's SQLite file; the backends are tested by
test_store_before_issue24.py."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

STORE = Path(__file__).resolve().parent / "store_before_issue24" / "ledger.db"


def stored_class_topics() -> set[str]:
    with sqlite3.connect(STORE) as db:
        created = {json.loads(state)["originator_topic"] for (state,) in db.execute(
            "SELECT state FROM stored_events WHERE topic LIKE '%.Created'")}
        snapshots = {topic for (topic,) in db.execute("SELECT topic FROM stored_snapshots")}
    return created | snapshots


def test_issue_24_every_stored_class_topic_resolves_to_its_class_after_the_moves():
    topics = sorted(stored_class_topics())
    assert "domain.bingo.room:BingoRoomRegistry" in topics  # it moved to bingo/registry.py
    script = ("import json, sys\n"
              "import infra.container\n"
              "from eventsourcing.utils import resolve_topic\n"
              "print(json.dumps({t: [resolve_topic(t).__module__, resolve_topic(t).__name__]\n"
              "                  for t in json.loads(sys.argv[1])}))\n")
    result = subprocess.run([sys.executable, "-c", script, json.dumps(topics)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    resolved = json.loads(result.stdout)
    assert {t: name for t, (_, name) in resolved.items()} == {
        t: t.rpartition(":")[2] for t in topics}
    assert resolved["domain.bingo.room:BingoRoomRegistry"] == [
        "domain.games.bingo.registry", "BingoRoomRegistry"]
