"""A roulette jogada through the offline bundle (903-B 1.5 "Log", 7.9.1; 6.7.2(4)): real jogadas
of a multi-player wheel — three players, every chance and call bet, the number 0 forced
(certification mode) and one drawn by the wheel's own seed — exported as a bundle that the
standalone checker (bundle_check.pyz, roulette's offline rules domain/games/roulette/offline.py
shipped as checker_games/roulette.py), copied alone into an empty directory and run by
``python -I``, and ``ledger audit check`` both accept with the operator's key trusted; an edit
of the bundle is refused by both, naming what is wrong, and the offline rules name the event and
the field; a void (r22, r23, A62) checks too."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.games.roulette import offline
from domain.games.roulette.game import GAME
from infra.audit.bundle import export_bundle
from infra.audit.checker_build import offline_modules, write_checker
from infra.cli.entry import main as ledger_main
from tests.audit import bundle_support as bundles
from tests.audit.offline_support import rules_alone
from tests.audit.offline_support import run_alone as run_with_registered_rules
from tests.blackjack.test_bundle_check import _edit, _named
from tests.roulette.support import (
    EXTRA_GAMES,
    OPERATOR,
    bet,
    chance,
    multi_config,
    pleno,
    setup_wheel,
    tick,
)

NOW = "2026-11-28T00:00:00Z"


def played(ledger: Any, clock: Any, number: int | None = 0) -> str:
    """Three players at a multi-player wheel; ``number`` forced (None: the seed's own)."""
    wheel, (one, two, three) = setup_wheel(ledger, multi_config(), players=3)
    placed = bet(ledger, wheel, one, pleno(0), chance("quadro", [0, 1, 2, 3]),
                 chance("encarnado"), chance("cavalo", [0, 2], 500),
                 forced_number=number)
    bet(ledger, wheel, two, chance("duzia", [1]), chance("cavalo_de_coluna", [2, 3], 101),
        chance("linha", [31, 32, 33, 34, 35, 36], 600), chance("impar", (), 300))
    bet(ledger, wheel, three, {"call": "voisins_du_zero", "unit_cents": 100},
        {"call": "neighbours", "number": 26, "neighbours": 2, "unit_cents": 200},
        {"call": "finales", "number": 3, "unit_cents": 100})
    bet(ledger, wheel, one, pleno(0, 500))  # A57: a second slip on the same pleno
    clock.advance(11)
    tick(ledger, wheel)
    return placed["jogada_id"]


@pytest.fixture
def registered(monkeypatch):
    """``ledger audit check`` loads the registered games' offline rules: roulette's too until
    its line is in infra/games.py."""
    if EXTRA_GAMES:
        monkeypatch.setenv("LEDGER_GAMES", EXTRA_GAMES)


def _both(ledger: Any, tmp_path: Path, path: Path, capsys: Any, bundle: dict[str, Any]
          ) -> list[tuple[int, str]]:
    key = ["--trusted-key", str(bundles.key_file(tmp_path, bundle))]
    done = run_with_registered_rules(ledger, tmp_path, path, *key)
    capsys.readouterr()
    status = ledger_main(["audit", "check", str(path), *key])
    return [(done.returncode, done.stdout + done.stderr), (status, "".join(capsys.readouterr()))]


def test_903b_1_5_7_9_1_rf_14_21_a58_a_real_jogada_checks_alone_and_with_ledger(
        cert, clock, tmp_path, capsys, registered):
    """The honest bundle: every event proved against the signed checkpoint, the number
    re-derived (0, forced: certification mode) and every bet re-settled by roulette's offline
    rules, by the .pyz alone and by ``ledger audit check``: exit 0."""
    jid = played(cert, clock, 0)
    bundle = export_bundle(cert, [jid], now=NOW)
    (listed,) = bundle["jogadas"]
    assert (listed["jogada_id"], listed["game"]) == (jid, "roulette")
    assert [e["data"]["number"] for e in _named(bundle, "BallLanded")] == [0]
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    script = write_checker(tmp_path / "built", offline_modules([GAME]))
    with zipfile.ZipFile(script) as archive:
        assert "checker_games/roulette.py" in archive.namelist()
    for status, said in _both(cert, tmp_path, path, capsys, bundle):
        assert status == 0, said
        assert said.startswith("BUNDLE OK: 1 jogadas complete"), said
        assert "1 jogadas re-derived from their revealed seeds and re-adjudicated" in said, said
        assert f"jogada {jid} (roulette): certification mode" in said, said


def test_903b_6_7_2_4_rf_18_the_wheels_own_number_is_re_derived_from_the_seed(
        ledger, clock, tmp_path, capsys, registered):
    jid = played(ledger, clock, None)
    bundle = export_bundle(ledger, [jid], now=NOW)
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    for status, said in _both(ledger, tmp_path, path, capsys, bundle):
        assert status == 0, said
        assert "certification mode" not in said, said
    assert rules_alone(bundle, [offline]) == ([], [], 1)


def _more_back(data: dict[str, Any]) -> None:
    data["returned_cents"] += 100


def _landed_on(number: int) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.update(number=number)


# (the edit, the event it edits, what roulette's offline rules say of the edited record)
EDITS = {
    "the_number": (_edit("BallLanded", _landed_on(32)), ("BallLanded", 0),
                   ("number is 32, the rules give 0 (the number forced in certification mode"
                    " (903-B 6.7.2))")),
    # 0: player 1's pleno 0 (10 € and 5 €), quadro 0-1-2-3 and cavalo 0-2 win (720,00 €), red
    # loses (r21); player 3's voisins' pleno 0 (36,00 €) and 26's neighbour 0 (72,00 €)
    "the_total_returned": (_edit("JogadaSettled", _more_back), ("JogadaSettled", 0),
                           ("returned_cents is 82900 (829,00 €), the rules give 82800 (828,00"
                            " €) (the jogada's bets and number (rules 18, 19))")),
}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_903b_1_5_rf_14_18_an_edited_jogada_is_refused_naming_the_event(
        cert, clock, tmp_path, capsys, registered, edit):
    """The number marked, the total paid back: edited in the file, the event no longer hashes to
    the leaf the checkpoint signed, and both checkers refuse the bundle naming it; the same
    edit shown to roulette's offline rules alone is named by event and field."""
    jid = played(cert, clock, 0)
    bundle = export_bundle(cert, [jid], now=NOW)
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    change, (name, nth), ruled = EDITS[edit]
    target = _named(bundle, name)[nth]["notification_id"]
    lie = bundles.altered(path, bundle, change)
    for status, said in _both(cert, tmp_path, lie, capsys, bundle):
        assert status == 1, said
        assert f"event {target}: its leaf hash is not that of its stored fields" in said, said
    problems, _, _ = rules_alone(json.loads(lie.read_text()), [offline])
    assert problems == [f"jogada {jid} (roulette): event {target} {name}: {ruled}"]


def test_903b_1_5_rf_22_23_a62_a_voided_jogada_checks_alone(cert, clock, tmp_path, capsys,
                                                            registered):
    """An operator's interruption during the betting (r22): every stake back, no number
    drawn; the bundle checks by both checkers."""
    from domain.games.roulette import commands as rf

    wheel, (one, two) = setup_wheel(cert, multi_config(), players=2)
    placed = bet(cert, wheel, one, pleno(17))
    bet(cert, wheel, two, {"call": "orphelins", "unit_cents": 100})
    cert.run(rf.VoidJogada(wheel_id=wheel["wheel_id"], reason="operator interruption",
                           actor=OPERATOR))
    jid = placed["jogada_id"]
    bundle = export_bundle(cert, [jid], now=NOW)
    (void,) = [e["data"] for e in _named(bundle, "JogadaVoided")]
    assert sorted(void["refunds"].values()) == [800, 1_000]
    path = tmp_path / "voided.json"
    path.write_text(json.dumps(bundle))
    for status, said in _both(cert, tmp_path, path, capsys, bundle):
        assert status == 0, said
        assert said.startswith("BUNDLE OK: 1 jogadas complete"), said
