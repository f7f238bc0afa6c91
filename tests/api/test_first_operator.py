"""The front door: on a fresh install with no registered operator and no bootstrap key,
``ledger db upgrade`` (which ``ledger serve``, so ``./run serve``, runs first) creates the first
operator and prints its one-time key on the terminal, never into the logs; later runs print
and create nothing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.main import create_app
from domain.access.principals import Principal
from domain.access.registration import FIRST_OPERATOR_ID
from infra.cli.entry import main
from infra.container import hash_api_key
from tests.api.conftest import bearer

KEY = re.compile(r"lk_[A-Za-z0-9_-]{20,}")


@pytest.fixture
def fresh(monkeypatch, database_url):
    monkeypatch.setenv("LEDGER_DATABASE_URL", database_url)
    monkeypatch.delenv("LEDGER_BOOTSTRAP_OPERATOR_KEY", raising=False)
    monkeypatch.setenv("LEDGER_INACTIVITY_SWEEP_INTERVAL", "0")
    monkeypatch.setenv("LEDGER_LOG_LEVEL", "DEBUG")  # every log line there is
    return database_url


def upgrade(capsys) -> tuple[str, str]:
    capsys.readouterr()
    assert main(["-v", "db", "upgrade"]) == 0
    return capsys.readouterr()


def test_903b_7_4_5_1_db_upgrade_creates_the_first_operator_once_and_prints_its_key_once(
        fresh, capsys, make_settings, clock):
    out, err = upgrade(capsys)
    assert "FIRST OPERATOR CREATED" in out and "Authorization: Bearer" in out
    keys = set(KEY.findall(out))
    assert len(keys) == 1
    key = keys.pop()
    assert key not in err and hash_api_key(key) not in err  # never in the logs
    assert err.strip()  # there were log lines to look at
    out2, err2 = upgrade(capsys)  # a later start
    assert "FIRST OPERATOR" not in out2 and not KEY.search(out2 + err2)
    with TestClient(create_app(make_settings(bootstrap_operator_key=None), clock=clock)) as client:
        staff = client.get("/staff", headers=bearer(key))
        assert staff.status_code == 200, staff.text
        assert [(s["staff_id"], s["role"], s["display_name"]) for s in staff.json()["data"]] == [
            (str(FIRST_OPERATOR_ID), "operator", "first operator")]  # one, not two
        assert client.post("/players", json={"display_name": "Ana"},
                           headers=bearer(key)).status_code == 201
        records = client.app.state.ledger.app.recorder.select_events(FIRST_OPERATOR_ID)
        assert [r.topic for r in records] == [Principal.Registered.TOPIC]
        assert json.loads(records[0].state)["actor"] == "system:install"  # 903-B 5.2.2(7)


def test_no_first_operator_when_a_bootstrap_key_is_set_or_an_operator_exists(
        fresh, capsys, monkeypatch):
    monkeypatch.setenv("LEDGER_BOOTSTRAP_OPERATOR_KEY", "change-me")
    out, _ = upgrade(capsys)
    assert "FIRST OPERATOR" not in out and not KEY.search(out)
    assert main(["staff", "create", "--role", "operator", "--name", "Olga"]) == 0
    monkeypatch.delenv("LEDGER_BOOTSTRAP_OPERATOR_KEY")
    out, _ = upgrade(capsys)
    assert "FIRST OPERATOR" not in out


def test_the_installed_script_prints_the_key_on_stdout_and_never_in_its_logs(fresh):
    script = Path(sys.executable).with_name("ledger")
    env = {**os.environ, "LEDGER_LOG_JSON": "true"}
    first = subprocess.run([str(script), "-v", "db", "upgrade"], capture_output=True, text=True,
                           env=env, timeout=120)
    assert first.returncode == 0, first.stderr
    keys = KEY.findall(first.stdout)
    assert len(set(keys)) == 1 and keys[0] not in first.stderr
    assert hash_api_key(keys[0]) not in first.stderr
    second = subprocess.run([str(script), "-v", "db", "upgrade"], capture_output=True,
                            text=True, env=env, timeout=120)
    assert second.returncode == 0 and not KEY.search(second.stdout + second.stderr)


def test_cli_rotate_key_prints_a_new_key_and_the_old_one_stops(
        fresh, capsys, monkeypatch, make_settings, clock):
    monkeypatch.setenv("LEDGER_BOOTSTRAP_OPERATOR_KEY", "change-me")
    capsys.readouterr()
    assert main(["staff", "create", "--role", "auditor", "--name", "Audrey"]) == 0
    auditor = json.loads(capsys.readouterr().out)
    assert main(["player", "create", "--name", "Ana"]) == 0
    player = json.loads(capsys.readouterr().out)
    assert main(["staff", "rotate-key", "--id", auditor["staff_id"]]) == 0
    rotated = json.loads(capsys.readouterr().out)
    assert rotated["role"] == "auditor" and rotated["api_key"] != auditor["api_key"]
    assert main(["player", "rotate-key", "--id", player["player_id"]]) == 0
    new_player = json.loads(capsys.readouterr().out)["api_key"]
    assert main(["player", "rotate-key", "--id", auditor["staff_id"]]) == 2  # not a player
    assert "not_found" in capsys.readouterr().err
    assert main(["staff", "rotate-key", "--id", "nope"]) == 2
    with TestClient(create_app(make_settings(), clock=clock)) as client:
        assert client.get("/audit/accounts", headers=bearer(auditor["api_key"])).status_code == 401
        assert client.get("/audit/accounts", headers=bearer(rotated["api_key"])).status_code == 200
        balance = f"/players/{player['player_id']}/balance"
        assert client.get(balance, headers=bearer(player["api_key"])).status_code == 401
        assert client.get(balance, headers=bearer(new_player)).status_code == 200
