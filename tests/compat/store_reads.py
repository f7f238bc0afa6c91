"""What a store answers over HTTP and the ``ledger`` CLI, collected the same way when the
fixture is made (tests/compat/make_store_before_issue24.py, with the code before issue 24's
moves) and when it is checked (tests/compat/test_store_before_issue24.py, with the code as it
is): every ended jogada's replay and adjudication, every ended session's statement, every
wallet and account balance, the jackpots, the jogadas listing and ``ledger verify``.

Only the HTTP API and the ``ledger`` console script (``api.serve:main``) are used: no domain or
infra module by its path, since those are the ones issue 24 moves."""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ENDED = ("settled", "void", "cancelled")
OPERATOR_KEY = "compat-operator-key"
OPERATOR = {"Authorization": f"Bearer {OPERATOR_KEY}"}
GAMES = ("semdescarte", "bingo", "holdem", "omaha")


def ledger_env(database_url: str, key_file: str) -> dict[str, str]:
    """The LEDGER_* variables of every run on the fixture: its database and signing key, the
    bootstrap operator key, and no clock of any kind running by itself (no game clock, no
    inactivity sweep, no timed checkpoint), so opening the store writes nothing of its own."""
    return {"LEDGER_DATABASE_URL": database_url, "LEDGER_AUDIT_KEY_FILE": key_file,
            "LEDGER_BOOTSTRAP_OPERATOR_KEY": OPERATOR_KEY, "LEDGER_CERTIFICATION_MODE": "0",
            "LEDGER_INACTIVITY_SWEEP_INTERVAL": "0", "LEDGER_AUDIT_CHECKPOINT_INTERVAL": "0",
            "LEDGER_KEY_WATCH_INTERVAL": "0", "LEDGER_LOG_LEVEL": "WARNING",
            **{f"LEDGER_{game.upper()}_TICK_INTERVAL": "0" for game in GAMES}}


@contextlib.contextmanager
def environment(values: dict[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def ledger_cli(*argv: str) -> tuple[int, str, str]:
    """``ledger ARGV...`` in this process, through the console script's entry point; the
    LEDGER_* environment must be set (``environment``)."""
    from api.serve import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def verify_outcome(public_key: str, scratch: Path) -> dict[str, Any]:
    """``ledger verify --public-key`` with its JSON report: the exit code and, per section,
    whether it passed and its problems (not the timings)."""
    report_file = scratch / "verify.json"
    code, out, err = ledger_cli("verify", "--public-key", public_key, "--json", str(report_file))
    report = json.loads(report_file.read_text())
    return {"exit_code": code, "ok": report["ok"], "problems": report["problems"],
            "sections": {name: {"ok": s["ok"], "status": s["status"],
                                "problems": [p["message"] for p in s["problems"]]}
                         for name, s in report["sections"].items()},
            "summary": out.splitlines()[:1] if code == 0 else out.splitlines() + [err]}


def ok(response, status: int = 200) -> Any:
    assert response.status_code == status, f"{response.request.url}: {response.text}"
    return response.json()


def paged(client, path: str, **params: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    while True:
        query = {**params, "limit": 500, **({"cursor": cursor} if cursor is not None else {})}
        page = ok(client.get(path, headers=OPERATOR, params=query))
        items += page["data"]
        cursor = page.get("next_cursor")
        if cursor is None:
            return items


def collect(client) -> dict[str, Any]:
    """Everything the fixture's expected.json records, read from the service as it is now."""
    jogadas = paged(client, "/jogadas")
    ended = sorted({j["jogada_id"] for j in jogadas if j["status"] in ENDED})
    players = paged(client, "/players")
    found: dict[str, Any] = {
        "jogadas_listing": jogadas,
        "replays": {j: ok(client.get(f"/jogadas/{j}/replay", headers=OPERATOR)) for j in ended},
        "adjudications": {j: ok(client.get(f"/jogadas/{j}/adjudication", headers=OPERATOR))
                          for j in ended},
        "balances": {p["player_id"]: ok(client.get(f"/players/{p['player_id']}/balance",
                                                   headers=OPERATOR)) for p in players},
        "accounts": paged(client, "/audit/accounts"),
        "statements": {},
        "jackpots": jackpots(client),
    }
    for p in players:
        sessions = ok(client.get(f"/players/{p['player_id']}/sessions", headers=OPERATOR))
        for s in sessions["data"]:
            if s.get("status") == "ended":
                found["statements"][s["session_id"]] = ok(client.get(
                    f"/sessions/{s['session_id']}/statement", headers=OPERATOR))
    return found


def jackpots(client) -> dict[str, Any]:
    """The live jackpot of every póquer sem descarte table that has one and of every bingo
    room (its accumulated jackpot, rules 43–44)."""
    values: dict[str, Any] = {}
    for table in paged(client, "/semdescarte/tables"):
        r = client.get(f"/semdescarte/tables/{table['table_id']}/jackpot", headers=OPERATOR)
        if r.status_code == 200:
            values[f"semdescarte:{table['table_id']}"] = r.json()
    for room in paged(client, "/bingo/rooms"):
        values[f"bingo:{room['room_id']}"] = ok(client.get(
            f"/bingo/rooms/{room['room_id']}/jackpot", headers=OPERATOR))
    return values
