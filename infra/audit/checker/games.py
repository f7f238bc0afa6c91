"""The games' offline rules the checker carries (docs/audit.md): one module per game package,
``domain/games/<package>/offline.py``, standard library only, shipped inside bundle_check.pyz
as ``checker_games/<package>.py`` (infra/audit/checker_build.py). Each module holds:

- ``GAMES``: the ``Game.name`` of each game it checks (one or more: a package of two games);
- ``OPENING`` / ``ENDING``: the names of the stream events (a topic's last dotted part) that
  open a jogada and that end it (the RNG's ``RngRevealed`` may follow an ending event);
- ``MARKERS``: for each of its games, the part of its venue's event topics that names it
  (``Game.event_marker``: ``{"<game>": ".<VenueClass>."}``): the checker tells a jogada's game
  from its signed events' topics, not from the bundle's label (checker/jogadas.py);
- ``check(jogada) -> list[str]``: from the jogada's events alone, the cards or balls re-derived
  from the RNG output and the settlement recomputed by the rules; each problem a sentence naming
  the event, the seat or account and the amounts (the first difference is enough).

``jogada`` is a dict: ``jogada_id``, ``game``, ``events`` (in log order, each with
``notification_id``, ``originator_id``, ``originator_version``, ``topic``, ``name``, ``data``:
the stored state decoded), ``rng`` (``None`` when the jogada drew nothing, else ``kind``,
``size``, ``output``: the output re-derived from the revealed seed, already checked against the
commitment and the recorded output by ``rederive``)."""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any


def load(modules: list[ModuleType] | None = None) -> dict[str, ModuleType]:
    """Game name -> its offline module: ``modules`` when given (``ledger audit check``: the
    registered games'), else those shipped in the zip application (``checker_games``)."""
    if modules is None:
        try:
            shipped = importlib.import_module("checker_games")
        except ImportError:
            return {}
        modules = [importlib.import_module(f"checker_games.{m.name}")
                   for m in pkgutil.iter_modules(shipped.__path__)]
    return {name: module for module in modules for name in module.GAMES}


def check_jogada(jogada: dict[str, Any], games: dict[str, ModuleType]) -> list[str]:
    """The problems of one jogada's re-derivation and re-adjudication (to be written)."""
    return []
