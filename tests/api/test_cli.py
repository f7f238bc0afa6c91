"""The ``ledger`` console script (infra/cli/entry.py), called in-process through ``main([...])`` and
once through the installed script."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from api.main import create_app
from infra.cli.entry import main
from infra.container import build_ledger
from tests.api.conftest import OPERATOR, bearer

OPERATOR_ID = "00000000-0000-4000-8000-000000000001"


@pytest.fixture
def env(monkeypatch, database_url):
    monkeypatch.setenv("LEDGER_DATABASE_URL", database_url)
    monkeypatch.setenv("LEDGER_BOOTSTRAP_OPERATOR_KEY", "test-operator-key")
    monkeypatch.setenv("LEDGER_INACTIVITY_SWEEP_INTERVAL", "0")
    return database_url


def run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _money(make_settings, clock) -> str:
    """A few players with deposits, withdrawals and a refusal; returns one player id."""
    ledger = build_ledger(make_settings(), clock=clock)
    try:
        actor = f"staff:{OPERATOR_ID}"
        first = None
        for n in range(3):
            player_id, _ = ledger.register_player(display_name=f"P{n}", actor=actor)
            first = first or player_id
            ledger.deposit(player_id, 1_000 * (n + 1), f"d{n}", actor=actor)
            ledger.withdraw(player_id, 500, f"w{n}", actor=actor)
        return str(first)
    finally:
        ledger.close()
        ledger.projections.engine.dispose()


@pytest.mark.empty_database
def test_db_upgrade_then_current(env, capsys):
    code, out, err = run(capsys, "db", "current")
    assert code == 2 and out == "" and "ledger db upgrade" in err  # nothing there yet
    code, out, err = run(capsys, "db", "upgrade")
    assert code == 0 and "up to date" in out and "system accounts ready" in err
    assert _system_accounts(env) == {"house", "cashier"}  # opened by the installer step
    code, out, _ = run(capsys, "db", "upgrade")  # idempotent
    assert code == 0
    code, out, _ = run(capsys, "db", "current")
    assert code == 0 and "up to date" in out and "0005_session_refunds" in out  # every branch head


def test_staff_and_player_create_print_a_key_that_works(env, capsys, make_settings, clock):
    code, out, err = run(capsys, "staff", "create", "--role", "auditor", "--name", "Audrey")
    assert code == 0 and "only this once" in err
    staff = json.loads(out)
    assert staff["role"] == "auditor" and staff["api_key"].startswith("lk_")
    code, out, _ = run(capsys, "player", "create", "--name", "Ana")
    player = json.loads(out)
    assert code == 0 and set(player) == {"player_id", "api_key"}
    with TestClient(create_app(make_settings(), clock=clock)) as client:
        r = client.get("/audit/accounts", headers=bearer(staff["api_key"]))
        assert r.status_code == 200 and r.json()["total_cents"] == 0
        r = client.get(f"/players/{player['player_id']}/balance",
                       headers=bearer(player["api_key"]))
        assert r.status_code == 200
        item = client.get(f"/players/{player['player_id']}/activity",
                          headers=OPERATOR).json()["data"][0]
        assert item["actor"] == "system:cli"


def test_staff_create_refuses_an_unknown_role(env, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["staff", "create", "--role", "player", "--name", "X"])
    assert exit_.value.code == 2


def test_projections_rebuild_prints_progress(env, capsys, make_settings, clock):
    _money(make_settings, clock)
    code, out, err = run(capsys, "projections", "rebuild")
    assert code == 0
    progress = [line for line in err.splitlines() if line.startswith("rebuild ")]
    assert any(line.startswith("rebuild balances: ") and line.endswith("(100%)")
               for line in progress)
    assert {line.split(":")[0] for line in progress} >= {"rebuild balances", "rebuild principals"}
    assert "rebuilt balances" in out and "events applied" in out
    code, out, err = run(capsys, "projections", "rebuild", "--name", "balances")
    assert code == 0 and out.startswith("rebuilt balances:")
    assert all(line.startswith("rebuild balances") for line in err.splitlines()
               if line.startswith("rebuild "))
    code, _, err = run(capsys, "projections", "rebuild", "--name", "nope")
    assert code == 2 and "unknown projection nope" in err


def test_projections_status_and_catch_up(env, capsys, make_settings, clock):
    _money(make_settings, clock)
    code, out, _ = run(capsys, "projections", "catch-up")
    assert code == 0 and "events applied" in out
    code, out, _ = run(capsys, "projections", "status")
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert code == 0 and "balances" in rows
    position, head, lag = map(int, rows["balances"])
    assert position == head and lag == 0 and head > 0


def test_verify_passes_on_a_healthy_ledger(env, capsys, make_settings, clock):
    _money(make_settings, clock)
    code, out, err = run(capsys, "verify")
    assert code == 0, out
    assert out.startswith("VERIFY OK") and "sum of balances 0 cents" in out
    assert "verify accounts" in err


def test_verify_fails_when_the_projection_disagrees_with_the_events(env, capsys, make_settings,
                                                                   clock):
    from projections.money import balances

    player_id = _money(make_settings, clock)
    ledger = build_ledger(make_settings(), clock=clock, start=False)
    ledger.projections.catch_up()
    with ledger.projections.engine.begin() as conn:
        conn.execute(update(balances).where(balances.c.account_code == f"wallet:{player_id}")
                     .values(balance_cents=balances.c.balance_cents + 1))
    ledger.close()
    ledger.projections.engine.dispose()
    code, out, _ = run(capsys, "verify")
    assert code == 1
    assert out.startswith("VERIFY FAILED") and f"wallet:{player_id}" in out


def _system_accounts(url: str) -> set[str]:
    """The codes of the system accounts opened in the event store at ``url``."""
    from domain.ledger.accounts import CASHIER_CODE, HOUSE_CODE, account_id
    from infra.store.eventstore import build_event_store
    from infra.runtime.settings import parse_database_url

    store = build_event_store(parse_database_url(url))
    try:
        return {code for code in (HOUSE_CODE, CASHIER_CODE)
                if store.recorder.select_events(account_id(code))}
    finally:
        store.close()


def test_health_command(env, capsys, backend):
    assert run(capsys, "db", "upgrade")[0] == 0
    code, out, _ = run(capsys, "health")
    body = json.loads(out)
    assert code == 0 and body["status"] == "ok" and body["backend"] == backend


def test_commands_that_only_read_write_nothing(env, capsys):
    """``ledger health``, ``verify`` and ``projections status`` (and the projection worker,
    which builds its ledger the same way) only build a ledger: they must not write, not even
    the system accounts, which the writing process opens when it starts."""
    for argv in (("health",), ("verify",), ("projections", "status")):
        run(capsys, *argv)
    assert _system_accounts(env) == set()


def test_invalid_configuration_exits_2(monkeypatch, capsys):
    monkeypatch.setenv("LEDGER_DATABASE_URL", "mysql://nope")
    code, _, err = run(capsys, "db", "current")
    assert code == 2 and "LEDGER_DATABASE_URL" in err


def test_installed_console_script(env):
    script = Path(sys.executable).with_name("ledger")
    result = subprocess.run([str(script), "db", "upgrade"], capture_output=True, text=True,
                            env={**os.environ}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout
    result = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "serve" in result.stdout


def test_verify_progress_reaches_100_percent(env, capsys, make_settings, clock):
    """The replay's progress stopped at the last account event's position (91 %), short of
    the head when the log ends with other events (here a withdrawal's idempotency receipt)."""
    _money(make_settings, clock)
    code, _, err = run(capsys, "verify")
    progress = [line for line in err.splitlines() if line.startswith("verify accounts")]
    assert code == 0 and progress and progress[-1].endswith("(100%)"), err
    position, head = progress[-1].split(": ")[1].split(" ")[0].split("/")
    assert position == head


READ_ONLY = (("verify",), ("health",), ("projections", "status"), ("db", "current"))


def _refused_in_one_line(capsys, argv, *expected: str) -> None:
    code, out, err = run(capsys, *argv)
    lines = err.strip().splitlines()
    assert code == (1 if argv == ("health",) else 2), (argv, out, err)
    assert len(lines) == 1 and lines[0].startswith("ledger: error: "), (argv, err)
    assert all(text in lines[0] for text in expected), (argv, lines)
    assert "VERIFY OK" not in out and "Traceback" not in err


@pytest.mark.empty_database
def test_read_only_commands_refuse_a_missing_database_and_create_nothing(
        monkeypatch, capsys, backend, database_url, tmp_path):
    """Run from another directory, ``verify`` created an empty ledger.db and answered
    "VERIFY OK: 0 accounts" with exit 0. Against no ledger, the commands that only read say
    so in one line and create nothing: no SQLite file; no PostgreSQL database, schema or
    table."""
    monkeypatch.setenv("LEDGER_INACTIVITY_SWEEP_INTERVAL", "0")
    if backend == "sqlite":
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        monkeypatch.chdir(elsewhere)
        monkeypatch.setenv("LEDGER_DATABASE_URL", "sqlite:///ledger.db")
        for argv in READ_ONLY:
            _refused_in_one_line(capsys, argv, str(elsewhere / "ledger.db"), "db upgrade")
        assert list(elsewhere.iterdir()) == []
        return
    import psycopg

    from tests.conftest import PG_ADMIN_URL, PG_DBNAME

    base, schema = database_url.split("?schema=")
    missing_db = f"{PG_ADMIN_URL}/no_such_ledger_{schema}"
    for url, expected in ((missing_db, "does not exist"),
                          (f"{base}?schema={schema}_gone", f"no schema '{schema}_gone'"),
                          (database_url, "holds no ledger event store")):
        monkeypatch.setenv("LEDGER_DATABASE_URL", url)
        for argv in READ_ONLY:
            _refused_in_one_line(capsys, argv, expected)
    with psycopg.connect(f"{PG_ADMIN_URL}/{PG_DBNAME}", autocommit=True) as conn:
        assert conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (f"no_such_ledger_{schema}",)).fetchone() is None
        assert conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s",
                            (f"{schema}_gone",)).fetchone() is None
        assert conn.execute("SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid ="
                            " c.relnamespace WHERE n.nspname = %s", (schema,)).fetchone()[0] == 0


def test_a_bad_database_path_or_url_is_one_line_not_a_traceback(monkeypatch, capsys, tmp_path):
    for url, upgrading, verifying in (
            (f"sqlite:///{tmp_path}/no/such/dir/ledger.db", "no directory", "file not found"),
            ("postgresql://postgres@127.0.0.1:1/ledger", "cannot connect", "cannot connect")):
        monkeypatch.setenv("LEDGER_DATABASE_URL", url)
        for argv, expected in ((("db", "upgrade"), upgrading), (("verify",), verifying)):
            code, _, err = run(capsys, *argv)
            assert code == 2 and err.count("\n") == 1 and expected in err, (argv, err)
    assert not (tmp_path / "no").exists()


def _read_models(ledger) -> tuple[dict, list]:
    from projections import queries

    ledger.projections.catch_up()
    return ledger.projections.positions(), queries.accounts(ledger.projections.engine)


def test_rebuild_is_refused_while_the_service_runs(env, capsys, make_settings, clock):
    """``ledger projections rebuild`` on a running service emptied the read models under it
    (404 player not found, old balances, /audit/accounts totals of -440 cents). A process that
    serves or applies them holds the service lock; the rebuild refuses (exit 3) and changes
    nothing, and runs once the service has stopped."""
    _money(make_settings, clock)
    live = build_ledger(make_settings(), clock=clock)  # started: it serves the read models
    try:
        before = _read_models(live)
        code, out, err = run(capsys, "projections", "rebuild")
        assert code == 3 and out == "" and "service is running" in err
        assert _read_models(live) == before
        assert sum(row["balance_cents"] for row in before[1]) == 0
    finally:
        live.close()
        live.projections.engine.dispose()
    code, out, _ = run(capsys, "projections", "rebuild")
    assert code == 0 and out.startswith("rebuilt ")


def test_rebuild_is_refused_while_a_projection_worker_runs(env, capsys, make_settings, clock):
    """The projection worker (``ledger projections run``, a process of ``ledger serve``)
    holds the lock too."""
    _money(make_settings, clock)
    worker = subprocess.Popen([sys.executable, "-m", "infra.cli.entry", "projections", "run"],
                              env={**os.environ}, stderr=subprocess.PIPE, text=True)
    try:
        from infra.runtime.service_lock import ServiceLock, ServiceRunning
        from infra.runtime.settings import parse_database_url

        probe = ServiceLock(parse_database_url(env))
        for _ in range(1200):  # the worker takes the lock once it has started (a loaded
            try:               # machine: up to 2 minutes)
                probe.take_exclusive()
                probe.release()
            except ServiceRunning:
                break
            assert worker.poll() is None, worker.stderr.read()
            time.sleep(0.1)
        else:
            pytest.fail("the projection worker did not take the service lock in 2 minutes")
        code, _, err = run(capsys, "projections", "rebuild")
        assert code == 3 and "service is running" in err
    finally:
        worker.terminate()
        worker.wait(30)
    code, out, _ = run(capsys, "projections", "rebuild")
    assert code == 0 and out.startswith("rebuilt ")


def test_every_command_and_subcommand_has_a_help(capsys):
    """``ledger <command> [<subcommand>] --help``: exit 0, a usage line, a line saying what
    it does, and a help text for each of its options."""
    from infra.cli.entry import build_parser
    from infra.cli.parser import commands

    parser = build_parser()
    paths = commands(parser)
    assert ["db", "upgrade"] in paths and ["projections", "rebuild"] in paths and len(paths) >= 16
    for path in [[]] + paths:
        capsys.readouterr()
        with pytest.raises(SystemExit) as exit_:
            main([*path, "--help"])
        out = capsys.readouterr().out
        assert exit_.value.code == 0, path
        usage, _, rest = out.partition("\n\n")
        assert usage.startswith(" ".join(["usage: ledger", *path])), (path, out)
        description = rest.split("\n\n")[0].strip()
        assert description and not description.startswith(("options:", "positional")), path
    for path in paths:
        node = parser
        for word in path:
            node = next(a for a in node._actions if a.__class__.__name__ ==
                        "_SubParsersAction").choices[word]
        for action in node._actions:
            assert action.help, (path, action.dest)
