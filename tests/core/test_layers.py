"""Layers point one way: api → infra → projections → domain (the developers' guide; issue 14).

Every .py file of the four packages is read with ``ast``: every import statement anywhere in
it (module level, inside functions, under ``if TYPE_CHECKING``, relative ones resolved), and
every string that names one of our modules the way a dynamic import does (``"api.main:app"``
for uvicorn, ``importlib.import_module("infra.cli.entry")``). A module may name its own layer and
the layers below it, never one above. tests/core/test_domain_purity.py further keeps domain/
free of I/O."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("domain", "projections", "infra", "api")  # each may use those before it
RANK = {name: rank for rank, name in enumerate(LAYERS)}
# A whole string that names a module of ours, with or without an attribute: "infra.cli.entry",
# "api.main:app", "projections.registry:PROJECTIONS" (prose and file paths do not match).
MODULE_STRING = re.compile(r"(?:%s)(?:\.\w+)*(?::\w+(?:\.\w+)*)?" % "|".join(LAYERS))


def _package_of(path: Path) -> list[str]:
    """The dotted package ``path``'s relative imports start from (api/routes/x.py: api.routes)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return parts if parts[-1] == "__init__" else parts[:-1]


def named_modules(source: str, package: list[str]) -> list[tuple[int, str]]:
    """(line, module) for every module ``source`` imports or names in a dynamic-import string;
    ``package``: the dotted package of the file, for relative imports."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from . import x, from ..y import z
                base = package[:len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
                found += [(node.lineno, module if node.module else f"{module}.{alias.name}")
                          for alias in node.names]
            else:
                found.append((node.lineno, node.module or ""))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if MODULE_STRING.fullmatch(node.value):
                found.append((node.lineno, node.value.partition(":")[0]))
    return found


def violations(layer: str) -> list[str]:
    """Each place a module of ``layer`` names a module of a layer above it."""
    problems = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for line, module in named_modules(path.read_text(), _package_of(path)):
            top = module.split(".")[0]
            if top in RANK and RANK[top] > RANK[layer]:
                problems.append(f"{path.relative_to(ROOT)}:{line} names {module}")
    return problems


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_names_no_layer_above_it(layer):
    """domain/ names none of projections, infra, api; projections/ none of infra, api;
    infra/ nothing of api."""
    problems = violations(layer)
    assert not problems, "\n".join(problems)


def test_every_package_is_walked():
    for layer in LAYERS:
        assert len(list((ROOT / layer).rglob("*.py"))) > 3, layer


def test_the_walk_finds_every_kind_of_reference():
    """The check itself: imports in functions, relative ones, and dynamic-import strings are
    seen; prose and file paths are not."""
    source = '''
"""Served by api.main via infra/cli/entry.py, see api/serve.py."""
import json, infra.runtime.settings
from typing import TYPE_CHECKING
if TYPE_CHECKING:
    from projections.base import Projection
def serve():
    from api.main import create_app
    import importlib
    importlib.import_module("api.http_limits")
    uvicorn.run("api.main:app")
from . import sibling
from ..routes import health
'''
    modules = sorted(module for _, module in named_modules(source, ["api", "routes"]))
    assert modules == sorted(["json", "infra.runtime.settings", "typing", "projections.base",
                              "api.main", "importlib", "api.http_limits", "api.main",
                              "api.routes.sibling", "api.routes"])
