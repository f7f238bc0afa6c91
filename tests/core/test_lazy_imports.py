"""Issue 24 item 4: an import inside a function is a lazy import, and a lazy import has its
reason written beside it (a comment on its line or the line above: the CLI importing only what
a command runs, an optional dependency, a dialect chosen at run time). Everything else imports
at the top of its module, where a reader sees what a module depends on."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "projections", "infra", "api")


def _bodies(function: ast.AST) -> list[list[ast.stmt]]:
    """Every statement list inside ``function`` (its body, an if's branches, a try's...)."""
    return [value for node in ast.walk(function) for name, value in ast.iter_fields(node)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt)]


def unexplained(source: str) -> list[int]:
    """The lines of the in-function imports of ``source`` with no comment on their line or
    the line above."""
    lines = source.splitlines()
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for body in _bodies(function):
            explained = False  # a comment above a run of imports explains the run
            for node in body:
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    explained = False
                    continue
                own = any("#" in line for line in lines[node.lineno - 1:node.end_lineno])
                above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                explained = explained or own or above.startswith("#")
                if not explained:
                    found.append(node.lineno)
    return sorted(set(found))


def test_issue_24_every_lazy_import_says_why():
    problems = [f"{path.relative_to(ROOT)}:{line}"
                for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))
                for line in unexplained(path.read_text(encoding="utf-8"))]
    assert not problems, "imports inside functions without a reason beside them:\n" + \
        "\n".join(problems)


def test_issue_24_the_lazy_import_check_finds_one_without_a_reason():
    source = ("import os\n\n\ndef f():\n    import json\n    # lazy: optional\n"
              "    import yaml\n    import csv\n    x = 1\n    import re\n")
    assert unexplained(source) == [5, 10]
