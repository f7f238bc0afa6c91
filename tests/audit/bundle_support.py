"""What the offline bundle's tests share (tests/audit/test_bundle*.py): a ledger in certification
mode, a bundle of a sem descarte and a bingo jogada, the standalone checker copied alone into an
empty directory, ``ledger audit check``, and an altered copy of a bundle."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from infra.audit.bundle import export_bundle
from infra.audit.checker_build import write_checker
from infra.cli.entry import main as ledger_main
from tests.audit.support import sd_jogada
from tests.bingo import support as bingo
from tests.semdescarte.support import certification_ledger

STANDINS = Path(__file__).with_name("standins")
# the packages of the games the tests export (the checker's offline modules are by package:
# checker_games/<package>.py in bundle_check.pyz)
PACKAGES = {name: f"domain.games.{name}" for name in ("semdescarte", "bingo", "community_poker")}


@pytest.fixture
def ledger(make_settings, clock):
    """Certification mode: the sem descarte jogadas are dealt from forced decks (rule 19)."""
    with certification_ledger(make_settings, clock) as built:
        yield built


@pytest.fixture
def offline_rules(monkeypatch):
    """The games' offline modules ``ledger audit check`` loads (``<package>.offline``); a
    stand-in (tests/audit/standins/) where the game's own has not landed yet."""
    for name, package in PACKAGES.items():
        if importlib.util.find_spec(f"{package}.offline") is None:
            spec = importlib.util.spec_from_file_location(f"{package}.offline",
                                                          STANDINS / f"{name}.py")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            monkeypatch.setitem(sys.modules, f"{package}.offline", module)


def bingo_jogada(ledger: Any, clock: Any) -> str:
    room = bingo.new_room(ledger, bingo.config("30"))
    opened = bingo.open_jogada(ledger, room)
    for player in bingo.players(ledger, room, 2):
        bingo.buy(ledger, room, player, 2)
    bingo.close_sale(ledger, clock, room)
    bingo.draw_to_end(ledger, clock, room)
    return opened["jogada_id"]


@pytest.fixture
def exported(ledger, clock, tmp_path) -> tuple[Any, Path, dict[str, Any]]:
    jogadas = [sd_jogada(ledger), bingo_jogada(ledger, clock)]
    bundle = export_bundle(ledger, jogadas, now="2026-11-24T00:00:00Z")
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    return ledger, path, bundle


def key_file(tmp_path: Path, bundle: dict[str, Any], name: str = "operator.key") -> Path:
    """The auditor's trusted key file: the operator's public key as 64 hex digits."""
    path = tmp_path / name
    path.write_text(bundle["public_keys"][0]["public_key"] + "\n")
    return path


def checker_alone(directory: Path) -> Path:
    """bundle_check.pyz written into ``directory``, with a stand-in for each game whose own
    offline module it does not ship yet (tests/audit/standins/)."""
    script = write_checker(directory)
    with zipfile.ZipFile(script, "a") as archive:
        shipped = set(archive.namelist())
        for name in PACKAGES:
            entry = f"checker_games/{name}.py"
            if entry not in shipped:
                archive.writestr(entry, (STANDINS / f"{name}.py").read_text())
        if "checker_games/__init__.py" not in shipped:
            archive.writestr("checker_games/__init__.py", "")
    return script


def run_alone(tmp_path: Path, bundle: Path, *args: str) -> subprocess.CompletedProcess:
    """bundle_check.pyz copied alone into an empty directory, run by a bare interpreter whose
    path holds no project code (-I: isolated mode)."""
    alone = tmp_path / "regulator"
    alone.mkdir(exist_ok=True)
    script = checker_alone(alone)
    return subprocess.run([sys.executable, "-I", str(script), str(bundle), *args], cwd=alone,
                          capture_output=True, text=True, timeout=60)


def run_both(tmp_path: Path, bundle: Path, capsys: Any, *args: str) -> list[tuple[int, str]]:
    """(exit status, standard output) of the standalone checker and of ``ledger audit check``
    (which needs the ``offline_rules`` fixture)."""
    done = run_alone(tmp_path, bundle, *args)
    capsys.readouterr()
    status = ledger_main(["audit", "check", str(bundle), *args])
    return [(done.returncode, done.stdout + done.stderr),
            (status, "".join(capsys.readouterr()))]


def altered(path: Path, bundle: dict[str, Any], change) -> Path:
    copy = json.loads(json.dumps(bundle))
    change(copy)
    target = path.with_name("altered.json")
    target.write_text(json.dumps(copy))
    return target
