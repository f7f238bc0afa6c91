"""The README's quick start, as written, works against a real ``ledger serve``.

A fresh database without ``LEDGER_BOOTSTRAP_OPERATOR_KEY``: ``ledger db upgrade`` (what
``ledger serve``, so ``./run serve``, runs first) prints the first operator's key, the server starts, and the README's
``sh`` block of the quick start runs with bash (``-e``: any failing command fails the test),
with only the address and the key of its first line replaced. It must end with a settled
sem descarte jogada and a settled bingo jogada whose replays verify.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
pytestmark = pytest.mark.slow


def quickstart_block() -> str:
    section = README.read_text(encoding="utf-8").split("\n## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1, "the quick start has one sh block"
    return blocks[0]


def test_the_readme_quick_start_ends_with_two_verified_jogadas(server):
    srv = server(start=False, LEDGER_BOOTSTRAP_OPERATOR_KEY="")
    upgrade = srv.cli("db", "upgrade")
    assert upgrade.returncode == 0, upgrade.stderr
    keys = re.findall(r"^\s+(lk_\S+)$", upgrade.stdout, flags=re.M)
    assert len(keys) == 1, upgrade.stdout
    srv.start()

    block = quickstart_block()
    first, rest = block.split("\n", 1)
    assert first == "export LEDGER=http://127.0.0.1:8000 KEY=paste-the-operator-key-here", first
    script = f"export LEDGER={srv.url} KEY={keys[0]}\n{rest}"
    run = subprocess.run(["bash", "-e", "-c", script], capture_output=True, text=True,
                         timeout=300, cwd=srv.workdir)
    assert run.returncode == 0, f"{run.stdout[-3000:]}\n{run.stderr[-3000:]}\n{srv.log_tail()}"

    answers = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    replays = [a for a in answers if "rng" in a and "steps" in a]
    assert len(replays) == 2, [sorted(a) for a in answers[-3:]]
    assert all(r["rng"]["verified"] for r in replays)
    assert replays[1]["prizes_check"]["verified"]
    statement = next(a for a in answers if a.get("status") == "ended" and "net_cents" in a)
    assert statement["jogadas"] == 1 and statement["wagered_cents"] >= 200
    listing = next(a for a in reversed(answers) if "data" in a and "next_cursor" in a)
    assert [j["game"] for j in listing["data"]] == ["bingo", "semdescarte"]
    assert all(j["status"] == "settled" for j in listing["data"])
