"""Each game's offline rules (``<package>/offline.py``, docs/adding-a-game.md) run inside
bundle_check.pyz alone (issue 25; 903-B 1.5, 6.7.2(4)): they import the standard library only,
never the project; the zip carries the registered games' modules, one per package; and the
checker core names no game (games.py: a game it carries no rules for is one problem)."""

from __future__ import annotations

import ast
import sys
import zipfile
from importlib import import_module
from pathlib import Path

import pytest

from infra.audit.checker import games
from infra.audit.checker_build import offline_modules, write_checker
from infra.games import load_games
from tests.core.test_game_shape import TEST_GAMES

ROOT = Path(__file__).resolve().parents[2]
OFFLINE = sorted(p.relative_to(ROOT) for p in (*ROOT.glob("domain/games/*/offline.py"),
                                                *ROOT.glob("tests/*/offline.py")))


def imported_roots(source: str) -> set[str]:
    tree = ast.parse(source)
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            roots.add("." if node.level else node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            roots.add("__import__")
    return roots


def test_903b_1_5_the_offline_modules_are_found():
    assert Path("domain/games/semdescarte/offline.py") in OFFLINE
    assert Path("tests/cointoss/offline.py") in OFFLINE


@pytest.mark.parametrize("path", OFFLINE, ids=str)
def test_903b_1_5_an_offline_module_imports_the_standard_library_only(path):
    roots = imported_roots((ROOT / path).read_text())
    assert roots - {"__future__"} <= set(sys.stdlib_module_names), roots


def test_903b_1_5_the_scan_fails_a_module_that_imports_the_project():
    assert imported_roots("from domain.cards import codes\nimport hashlib\n") == {
        "domain", "hashlib"}
    assert "." in imported_roots("from .rederive import derive\n")


def test_903b_1_5_the_zip_carries_each_registered_games_offline_module_once(tmp_path):
    registered = load_games(",".join(TEST_GAMES))
    modules = offline_modules(registered)
    packages = {g.package for g in registered}
    assert len(modules) == len({m.__name__ for m in modules})
    assert {m.__name__.rsplit(".", 1)[0] for m in modules} <= packages
    assert "domain.games.semdescarte.offline" in {m.__name__ for m in modules}
    script = write_checker(tmp_path, modules)
    names = zipfile.ZipFile(script).namelist()
    assert "checker_games/__init__.py" in names
    # each package's module under the package's last name (the test games' too: TEST_GAMES)
    assert {f"checker_games/{m.__name__.split('.')[-2]}.py" for m in modules} <= set(names)
    assert len([n for n in names if n.startswith("checker_games/")]) == len(modules) + 1
    shipped = zipfile.ZipFile(script).read("checker_games/semdescarte.py").decode()
    assert shipped == (ROOT / "domain/games/semdescarte/offline.py").read_text()
    assert write_checker(tmp_path / "again.pyz", modules).read_bytes() == script.read_bytes()


def test_903b_1_5_each_offline_module_names_its_games_and_events():
    for path in OFFLINE:
        module = import_module(str(path.with_suffix("")).replace("/", "."))
        assert module.GAMES and module.OPENING and module.ENDING and callable(module.check)
        assert all(isinstance(names, tuple) for names in (module.GAMES, module.OPENING,
                                                           module.ENDING))
        assert set(module.MARKERS) == set(module.GAMES)
    for game in load_games():  # MARKERS: each game's own event marker, once more
        module = import_module(f"{game.package}.offline")
        assert module.MARKERS[game.name] == game.event_marker, game.name
    loaded = games.load([import_module("domain.games.semdescarte.offline")])
    assert list(loaded) == ["semdescarte"]


def test_903b_6_7_2_4_a_jogada_of_a_game_with_no_offline_rules_is_one_problem():
    jogada = {"jogada_id": "t:1", "game": "roleta", "events": []}
    assert games.check_jogada(jogada, {}) == [
        "jogada t:1 (roleta): this checker carries no offline rules for the game 'roleta':"
        " its cards and settlement were not re-derived"]

