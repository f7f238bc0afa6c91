"""Issue 24 item 6: topics resolve in a process that has written nothing (an auditor's reader,
the HTTP process reading what the writer process stored): every aggregate class by its topic
now and by the topic its module had before the move (infra/store/moved_topics.py). Run in a
fresh interpreter: in a process that created the aggregates, the library has cached their
topics already and a broken registration would not show."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import importlib, json, pkgutil, sys
import infra.store  # registers the old names, as every process that reads the store does
import domain
from eventsourcing.domain import BaseAggregate
from eventsourcing.utils import resolve_topic
from infra.store.moved_topics import MOVED

old_of = {new: old for old, new in MOVED.items()}
found = {}
for info in pkgutil.walk_packages(domain.__path__, "domain."):
    module = importlib.import_module(info.name)
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, BaseAggregate) and value.__module__ == info.name:
            names = [f"{info.name}:{value.__qualname__}"]
            for new, old in old_of.items():
                if info.name == new or info.name.startswith(new + "."):
                    names.append(f"{old}{info.name[len(new):]}:{value.__qualname__}")
            for topic in names:
                try:
                    got = resolve_topic(topic)
                    found[topic] = f"{got.__module__}:{got.__qualname__}" == names[0]
                except Exception as error:
                    found[topic] = repr(error)
print(json.dumps(found))
"""


def test_issue_24_every_aggregate_topic_old_and_new_resolves_in_a_fresh_process():
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=True)
    found = json.loads(result.stdout)
    assert "domain.sessions:GameSession" in found and "domain.sessions.session:GameSession" in found
    assert "domain.bingo.room:BingoRoom" in found
    wrong = {topic: outcome for topic, outcome in found.items() if outcome is not True}
    assert not wrong, wrong
