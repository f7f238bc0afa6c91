"""Issue 24 item 7: production modules hold at most 400 lines and functions at most 80 (the
developers' guide). Production is every .py file of domain/, projections/, infra/ and api/.

A module's size is its number of lines; a function's (or method's, nested or not) is from its
``def`` line to its last line, decorators excluded (``ast``: ``end_lineno - lineno + 1``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = ("domain", "projections", "infra", "api")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80

# Offenders allowed for now (none at the end of issue 24). Each entry is a module path, or
# "path::function" for a function; the test fails too when an entry is no longer an offender.
KNOWN: set[str] = set()


def offenders_in(source: str, name: str) -> dict[str, int]:
    """Each part of ``source`` (a module called ``name``) over its limit, with its size:
    ``name`` for the module, ``name::function`` for a function (``name::Class.method``)."""
    found: dict[str, int] = {}
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found[name] = lines

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qualified = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    size = child.end_lineno - child.lineno + 1
                    if size > MAX_FUNCTION_LINES:
                        found[f"{name}::{qualified}"] = size
                visit(child, f"{qualified}.")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def production_offenders() -> dict[str, int]:
    found: dict[str, int] = {}
    for top in PRODUCTION:
        for path in sorted((ROOT / top).rglob("*.py")):
            found.update(offenders_in(path.read_text(encoding="utf-8"),
                                      path.relative_to(ROOT).as_posix()))
    return found


def _limit(offender: str) -> int:
    return MAX_FUNCTION_LINES if "::" in offender else MAX_MODULE_LINES


def test_issue_24_production_modules_at_most_400_lines_and_functions_at_most_80():
    found = production_offenders()
    new = sorted(set(found) - KNOWN)
    assert not new, "over the size limits (issue 24 item 7):\n" + "\n".join(
        f"{o}: {found[o]} lines (at most {_limit(o)})" for o in new)


def test_issue_24_every_known_offender_is_still_one():
    """The list of known offenders only shrinks: an entry that is within its limit now goes."""
    stale = sorted(KNOWN - set(production_offenders()))
    assert not stale, ("no longer over the size limits, remove from KNOWN in "
                       "tests/core/test_module_sizes.py:\n" + "\n".join(stale))


def test_issue_24_the_size_check_finds_a_long_module_and_a_long_method():
    body = "\n".join(f"    x = {i}" for i in range(80))
    source = ("@decorator\n" "def short():\n" f"{body}\n"  # 81 lines with the def: over
              "class Case:\n" "    def ok(self):\n" "        pass\n"
              "    @property\n" "    def long(self):\n" + "\n".join(
                  f"        y = {i}" for i in range(MAX_FUNCTION_LINES)) + "\n")
    source += "\n" * (MAX_MODULE_LINES + 1 - len(source.splitlines()))
    assert offenders_in(source, "m.py") == {
        "m.py": MAX_MODULE_LINES + 1, "m.py::short": 81, "m.py::Case.long": 81}
    assert offenders_in("def f():\n" + "    pass\n" * 79, "m.py") == {}  # 80 lines: allowed
