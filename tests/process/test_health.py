"""GET /health on the real ``ledger serve``: the backend of the configured database and the
certification mode (api-contract.md: ``LEDGER_CERTIFICATION_MODE=1`` on, anything else off)."""

from __future__ import annotations

import json


def test_health_reports_backend_and_mode(server, backend):
    srv = server()
    body = srv.health()
    assert body["status"] == "ok"
    assert body["backend"] == backend
    assert body["certification_mode"] is False
    assert srv.wait_caught_up()["projection_lag"] == 0
    assert srv.projection_workers(), "ledger serve should run a projection worker"

    srv.restart(LEDGER_CERTIFICATION_MODE="1")  # same database, certification on
    body = srv.health()
    assert body["status"] == "ok" and body["backend"] == backend
    assert body["certification_mode"] is True
    cli = srv.cli("health")  # the console script agrees
    assert cli.returncode == 0, cli.stderr
    assert json.loads(cli.stdout)["certification_mode"] is True
    assert json.loads(cli.stdout)["backend"] == backend

    srv.restart(LEDGER_CERTIFICATION_MODE="true")  # only "1" turns it on
    body = srv.health()
    assert body["backend"] == backend and body["certification_mode"] is False
