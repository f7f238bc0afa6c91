"""The standalone checker as one file: ``bundle_check.pyz``, a zip application (PEP 441) of the
package ``infra/audit/checker`` that a bare ``python3`` runs with the standard library and
``cryptography`` only (docs/audit.md), with each game's offline rules beside it: the
``offline.py`` of each game package given, as ``checker_games/<package>.py`` (the last part of
the package's name; infra/audit/checker/games.py). Its sources are readable: ``unzip -l
bundle_check.pyz``. The core names no game: the caller passes the registered games' modules
(``offline_modules``)."""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

CHECKER = Path(__file__).with_name("checker")
FILE_NAME = "bundle_check.pyz"
_MAIN = ('"""The offline bundle checker (docs/audit.md): python3 bundle_check.pyz BUNDLE.json."""\n'
         "import sys\n\nfrom checker.main import main\n\nsys.exit(main())\n")


def offline_modules(games: Iterable[Any]) -> list[ModuleType]:
    """The offline module of each game's package (``Game.package``), once per package: a
    package of several games (one engine, two rule sets) has one. A package without one is
    left out (tests/core/test_game_shape.py requires it of every registered game)."""
    found = []
    for package in sorted(dict.fromkeys(game.package for game in games)):
        try:
            found.append(import_module(f"{package}.offline"))
        except ModuleNotFoundError as error:  # none yet: the checker says it did not check
            if error.name != f"{package}.offline":  # the game's jogadas (games.py)
                raise
    return found


def write_checker(path: str | Path, modules: Iterable[ModuleType] | None = None) -> Path:
    """Write the zip application to ``path`` (a file name, or a directory to hold
    ``bundle_check.pyz``), carrying ``modules`` (the games' offline modules; by default the
    built-in games', infra/games.py) as ``checker_games/<package>.py``; the same bytes for the
    same sources (fixed times)."""
    if modules is None:
        from infra.games import builtin_games  # lazy: the registry imports every game

        modules = offline_modules(builtin_games())
    target = Path(path)
    if target.is_dir():
        target = target / FILE_NAME
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(_entry("__main__.py"), _MAIN)
        for source in sorted(CHECKER.glob("*.py")):
            if source.name != "__main__.py":
                archive.writestr(_entry(f"checker/{source.name}"), source.read_text())
        archive.writestr(_entry("checker_games/__init__.py"),
                         '"""The games\' offline rules (checker/games.py)."""\n')
        for module in modules:
            package = module.__name__.rsplit(".", 2)[-2]
            archive.writestr(_entry(f"checker_games/{package}.py"),
                             Path(module.__file__).read_text())
    return target


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info
