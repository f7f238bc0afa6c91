"""Issue 24 item 7: every path the README and docs/ name exists (no stale references after a
move). A path is a repository folder's name followed by a slash (``domain/kernel/game.py``,
``infra/cli/``); ``<game>`` or ``*`` in it is a pattern, not a path; ``module.py`` followed by a
name (``infra/cli/entry.main``) counts as that module."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("domain", "infra", "api", "projections", "tests", "bench", "docs", ".ci")
PATH = re.compile(rf"(?<![\w./-])(?:\.\./)?((?:{'|'.join(re.escape(f) for f in FOLDERS)})/[\w./<>*{{}}-]*[\w*>/}}])")


def documents() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def missing_paths(text: str) -> list[tuple[int, str]]:
    missing = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in PATH.finditer(line):
            path = match.group(1).rstrip("/.")
            if any(c in path for c in "<>*{}"):
                continue
            module = path.rsplit(".", 1)[0] + ".py" if "." in path.rsplit("/", 1)[-1] else ""
            if not (ROOT / path).exists() and not (module and (ROOT / module).exists()):
                missing.append((number, path))
    return missing


def test_issue_24_every_path_named_in_the_readme_and_docs_exists():
    stale = [f"{doc.relative_to(ROOT)}:{n}: {p}" for doc in documents()
             for n, p in missing_paths(doc.read_text(encoding="utf-8"))]
    assert not stale, "paths named in the docs that do not exist:\n" + "\n".join(stale)


def test_issue_24_the_docs_path_check_finds_a_stale_path():
    assert missing_paths("see `infra/writer_process.py` and `domain/kernel/game.py`") == [
        (1, "infra/writer_process.py")]
    assert missing_paths("[the module](../domain/community_poker/phh.py)") == [
        (1, "domain/community_poker/phh.py")]
