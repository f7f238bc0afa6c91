"""domain/ is pure: rules and aggregates only, no database, HTTP, clock or OS randomness (the
developers' guide; 903-B 6.7.5: nothing is drawn except through the recorded seed)."""

from __future__ import annotations

import ast
from pathlib import Path

import domain

ALLOWED = {"__future__", "collections", "dataclasses", "datetime", "functools", "typing", "uuid",
           "copy", "hashlib", "hmac", "json", "math", "enum", "itertools", "re", "struct", "textwrap",
           "unicodedata", "array", "base64", "fractions",
           "domain", "eventsourcing.domain", "eventsourcing.utils"}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "uuid4", "urandom", "token_bytes", "random"}


def domain_modules():
    """Every module of domain/, its game sub-packages included (domain/games/semdescarte/...)."""
    return sorted(Path(domain.__file__).parent.rglob("*.py"))


def test_domain_imports_nothing_with_io():
    for path in domain_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name in ALLOWED or name.split(".")[0] in ALLOWED - {"eventsourcing"}, \
                    f"{path} imports {name}"


def test_domain_never_reads_a_clock_or_the_os_random_source():
    for path in domain_modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in FORBIDDEN_CALLS, f"{path}: .{node.func.attr}()"
