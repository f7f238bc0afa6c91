"""The offline bundle (issue 15): ``ledger audit export`` writes a jogada's events with their
proofs, the checkpoint and the public keys; ``ledger audit check`` — and the standalone
bundle_check.pyz, copied alone into an empty directory and run with no database and no project
code — verifies it, and names each event, jogada or checkpoint an alteration of the bundle
touches (903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1)."""

from __future__ import annotations

import ast
import base64
import json
import sys
from typing import Any

import pytest

from infra.audit.bundle import export_bundle, jogadas_between
from infra.audit.checker_build import CHECKER
from infra.cli.entry import main as ledger_main
from tests.audit import bundle_support as bundles
from tests.audit.bundle_support import exported, ledger, offline_rules  # noqa: F401 (fixtures)
from tests.audit.support import sd_jogada


def test_903b_1_5_the_standalone_checker_imports_only_the_standard_library_and_cryptography():
    roots = set()
    for source in CHECKER.glob("*.py"):
        tree = ast.parse(source.read_text())
        roots |= {(n.module if isinstance(n, ast.ImportFrom) else a.name).split(".")[0]
                  for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                  and not (isinstance(n, ast.ImportFrom) and n.level)
                  for a in (n.names if isinstance(n, ast.Import) else [n])}
    assert roots - {"cryptography", "__future__"} <= set(sys.stdlib_module_names)


def test_903b_1_5_a_bundle_of_two_games_jogadas_checks_alone_and_with_ledger_audit_check(
        exported, offline_rules, tmp_path, capsys):
    ledger, path, bundle = exported
    assert {j["game"] for j in bundle["jogadas"]} == {"semdescarte", "bingo"}
    listed = sum(len(j["events"]) for j in bundle["jogadas"])
    # the bingo room's players joining between the jogada's events: its stream's context
    assert len(bundle["events"]) >= listed
    key = bundle["public_keys"][0]["public_key"]
    done = bundles.run_alone(tmp_path, path, "--public-key", key)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("BUNDLE OK: 2 jogadas") and "pinned keys" in done.stdout
    assert ledger_main(["audit", "check", str(path), "--trusted-key",
                        str(bundles.key_file(tmp_path, bundle))]) == 0
    assert capsys.readouterr().out.startswith("BUNDLE OK")


def _flip_state(event: dict[str, Any]) -> None:
    state = bytearray(base64.b64decode(event["state"]))
    state[12] ^= 1
    event["state"] = base64.b64encode(bytes(state)).decode()


@pytest.mark.parametrize("alteration", ["state", "data", "drop", "swap", "note", "key"])
def test_903b_1_5_each_alteration_of_a_bundle_is_named(exported, tmp_path, alteration):
    ledger, path, bundle = exported
    events = bundle["events"]
    target = events[3]["notification_id"]

    def change(b: dict[str, Any]) -> None:
        if alteration == "state":
            _flip_state(b["events"][3])
        elif alteration == "data":  # the readable copy no longer says what is stored
            b["events"][3]["data"]["altered"] = True
        elif alteration == "drop":
            del b["events"][3]
        elif alteration == "swap":  # two events exchange their places in the log
            a, c = b["events"][3], b["events"][4]
            a["leaf_index"], c["leaf_index"] = c["leaf_index"], a["leaf_index"]
        elif alteration == "note":
            b["checkpoints"][0]["note"] = b["checkpoints"][0]["note"].replace(
                "\n", "\n9", 1)  # its second line: the tree size
        elif alteration == "key":
            b["public_keys"][0]["public_key"] = "00" * 32

    done = bundles.run_alone(tmp_path, bundles.altered(path, bundle, change))
    assert done.returncode == 1, done.stdout
    said = done.stdout
    if alteration in ("state", "data", "swap"):
        assert f"event {target}" in said
    if alteration == "drop":
        assert f"[{target}]" in said and "jogada" in said
    if alteration == "note":
        assert "checkpoint 1" in said and "signature" in said
    if alteration == "key":  # the bundle's own key replaced: nothing verifies
        assert "checkpoint" in said


def test_903b_1_5_the_bundle_carries_the_consistency_proof_from_a_checkpoint_the_receiver_holds(
        ledger, clock, tmp_path):
    first = sd_jogada(ledger)
    ledger.audit.seal()
    second = sd_jogada(ledger)
    bundle = export_bundle(ledger, [first, second], since_checkpoint=1)
    assert [c["sequence"] for c in bundle["checkpoints"]] == [1, 2]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(bundle))
    key = bundle["public_keys"][0]["public_key"]
    assert bundles.run_alone(tmp_path, path, "--public-key", key).returncode == 0
    bundle["consistency"][0]["proof"][0] = "00" * 32
    path.write_text(json.dumps(bundle))
    done = bundles.run_alone(tmp_path, path, "--public-key", key)
    assert done.returncode == 1 and "checkpoints 1 -> 2" in done.stdout


def test_ledger_audit_export_by_time_range_and_its_usage_errors(ledger, clock, make_settings,
                                                                 tmp_path, monkeypatch, capsys):
    sd_jogada(ledger)
    sd_jogada(ledger)
    assert len(jogadas_between(ledger, None, None)) == 2
    settings = make_settings(certification_mode="1")
    monkeypatch.setenv("LEDGER_DATABASE_URL", settings.database_url)
    monkeypatch.setenv("LEDGER_AUDIT_KEY_FILE", settings.audit_key_file)
    out = tmp_path / "range.json"
    assert ledger_main(["audit", "export", "--since", "2020-01-01T00:00:00Z", "--out", str(out),
                        "--checker"]) == 0
    assert len(json.loads(out.read_text())["jogadas"]) == 2
    assert (tmp_path / "bundle_check.pyz").exists()
    assert ledger_main(["audit", "export", "--out", str(out)]) == 2
    assert ledger_main(["audit", "export", "--since", "yesterday", "--out", str(out)]) == 2
    assert ledger_main(["audit", "export", "--jogada", "nope", "--out", str(out)]) == 2
    assert "jogada_id" in capsys.readouterr().err


@pytest.mark.parametrize("bad", ["00", "xyz", "ab" * 33])
def test_audit_check_refuses_a_malformed_public_key_as_a_usage_error_naming_the_option(
        exported, tmp_path, capsys, bad):
    """Issue 24: `--public-key 00` was taken as a key (a problem printed per checkpoint and
    event) and `--public-key xyz` printed Python's fromhex error. Now, as `ledger verify`: exit
    2, one line naming the option and what a key is; the standalone checker the same."""
    _, path, _ = exported
    capsys.readouterr()
    assert ledger_main(["audit", "check", str(path), "--public-key", bad]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert "--public-key" in err and repr(bad) in err and "64 hex digits" in err
    done = bundles.run_alone(tmp_path, path, "--public-key", bad)
    assert done.returncode == 2 and done.stdout == "", done.stdout + done.stderr
    assert "--public-key" in done.stderr and "64 hex digits" in done.stderr
    assert "Traceback" not in done.stderr and "fromhex" not in done.stderr
    capsys.readouterr()
    assert ledger_main(["verify", "--public-key", bad]) == 2  # the same words as verify
    assert capsys.readouterr().err.strip() == err.strip()
