"""Every game has one shape (issue 24 item 3; domain/kernel/shape.py): its package holds the same
modules with the same names in them, its ``Game`` fills the same slots from those modules, and
its HTTP surface sits in one module of its own. Checked on every registered game: the built-in
ones (infra/games.py) and the games defined only under tests/ (LEDGER_GAMES)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest

from domain.kernel import shape
from domain.kernel.game import Game
from infra.games import BUILTIN_GAMES, load_games

ROOT = Path(__file__).resolve().parents[2]
# The games defined only under tests/ (LEDGER_GAMES): each folder of tests/ with a game.py.
TEST_GAMES = tuple(f"tests.{p.parent.name}.game" for p in sorted(ROOT.glob("tests/*/game.py")))
REGISTERED = (*BUILTIN_GAMES, *TEST_GAMES)


def _game(path: str) -> Game:
    return next(g for g in load_games(",".join(TEST_GAMES))
                if g is getattr(import_module(path), "GAME"))


def _module(game: Game, name: str):
    return import_module(f"{game.package}.{name}")


def problems(game: Game, path: str) -> list[str]:
    """What the game registered by ``path`` lacks of the shape (nothing: it has the shape)."""
    found = []
    if not path.startswith(game.package + "."):
        found.append(f"{path} is outside its package {game.package}")
    for slot in shape.SLOTS:
        if getattr(game, slot) in (None, (), "", {}, frozenset()):
            found.append(f"slot {slot} is empty")
    for module, names in shape.MODULES.items():
        try:
            held = _module(game, module)
        except ModuleNotFoundError:
            found.append(f"no module {game.package}.{module}")
            continue
        found += [f"{module}.{n} is missing" for n in names if not hasattr(held, n)]
    return found


def _same(game: Game) -> list[str]:
    """Each slot filled from the module of the shape that holds it, under the shape's name."""
    m = {name: _module(game, name) for name in shape.MODULES}
    pairs = {"replay": m["replay"].replay, "player_jogada": m["replay"].player_jogada,
             "player_copy": m["replay"].player_copy,
             "adjudicate": m["adjudication"].adjudicate, "listing": m["listing"].listing,
             "viewer_steps": m["viewer"].viewer_steps,
             "check_settings": m["config"].check_settings}
    found = [f"Game.{slot} is not the shape's" for slot, fn in pairs.items()
             if getattr(game, slot) is not fn]
    if game.settings_fields != frozenset(m["config"].FIELDS):
        found.append("Game.settings_fields is not config.FIELDS")
    if not set(game.listing_events) <= set(m["listing"].LISTING_EVENTS):
        found.append("Game.listing_events are not listing.LISTING_EVENTS'")
    significant = m["significant"].SIGNIFICANT
    if game.significant.kinds != significant.kinds or not all(
            significant.classify.get(t) is c for t, c in game.significant.classify.items()):
        found.append("Game.significant is not significant.SIGNIFICANT's")
    found += [f"command {t.__name__} is not in commands.py" for t in game.commands
              if t.__module__ != f"{game.package}.commands"]
    if type(game.clock.due).__module__ != f"{game.package}.commands":
        found.append("the clock's commands are not in commands.py")
    if game.venue_type.__module__ != f"{game.package}.{game.venue_noun}":
        found.append(f"the venue aggregate is not in {game.venue_noun}.py")
    registries = [t for t in game.snapshotted if t.__module__ == f"{game.package}.registry"]
    if [t.create_id() for t in registries] != [m["registry"].REGISTRY_ID]:
        found.append("no registry aggregate (registry.py, snapshotted) with REGISTRY_ID")
    return found


def _routes(game: Game) -> list[Path]:
    package_path = game.package.replace(".", "/")
    return [ROOT / p.format(name=game.name, package_path=package_path) for p in shape.ROUTES
            if not p.startswith("{package_path}") or package_path.startswith("tests/")]


@pytest.mark.parametrize("path", REGISTERED)
def test_every_registered_game_has_the_modules_and_slots_of_the_shape(path):
    assert problems(_game(path), path) == []


@pytest.mark.parametrize("path", REGISTERED)
def test_every_registered_game_fills_its_slots_from_the_modules_of_the_shape(path):
    assert _same(_game(path)) == []


@pytest.mark.parametrize("path", REGISTERED)
def test_every_registered_game_has_its_http_surface_in_a_module_of_its_own(path):
    from api.routes import game_router

    game = _game(path)
    assert any(p.is_file() for p in _routes(game)), f"{game.name}: no {shape.ROUTES}"
    assert game_router(game).routes


def test_the_games_under_tests_are_found():
    """Found, not listed here: a game added under tests/ edits no file outside its folder."""
    assert "tests.cointoss.game" in TEST_GAMES and len(TEST_GAMES) >= 2
    assert all(isinstance(import_module(path).GAME, Game) for path in TEST_GAMES)


def test_the_shape_check_fails_a_game_that_lacks_a_module_or_a_slot():
    """The check can fail: a game with a slot emptied, and a package missing a module."""
    from dataclasses import replace

    coin = _game("tests.cointoss.game")
    assert problems(coin, "tests.cointoss.game") == []
    elsewhere = replace(coin, significant=None, package="tests")
    found = problems(elsewhere, "tests.cointoss.game")
    assert "slot significant is empty" in found and "no module tests.listing" in found
    assert "tests.cointoss.game is outside its package tests" not in found
    moved = replace(coin, package="domain.games.bingo")
    assert problems(moved, "tests.cointoss.game") == [
        "tests.cointoss.game is outside its package domain.games.bingo"]
    assert "Game.replay is not the shape's" in _same(moved)
