"""The application around the routes: request ids, logs, health, OpenAPI, the error map."""

from __future__ import annotations

import json

import psycopg
import pytest
from sqlalchemy import text

from tests.api.conftest import OPERATOR


def test_every_answer_carries_a_distinct_request_id(api):
    ids = [api.client.get("/health").headers["X-Request-ID"] for _ in range(3)]
    ids.append(api.client.post("/players", json={}, headers=OPERATOR).headers["X-Request-ID"])
    ids.append(api.client.get("/nowhere").headers["X-Request-ID"])
    assert len(set(ids)) == len(ids) and all(ids)


def test_a_sane_client_request_id_is_kept_and_an_insane_one_replaced(api):
    r = api.client.get("/health", headers={"X-Request-ID": "client-abc.123"})
    assert r.headers["X-Request-ID"] == "client-abc.123"
    r = api.client.post("/players", json={}, headers={**OPERATOR, "X-Request-ID": "trace-42"})
    assert r.json()["error"]["request_id"] == "trace-42"
    for bad in ("x" * 65, "has space", "<script>", "-leading"):
        r = api.client.get("/health", headers={"X-Request-ID": bad})
        assert r.headers["X-Request-ID"] != bad


def test_request_log_has_the_request_id_and_never_the_key(api, capsys):
    capsys.readouterr()
    r = api.client.post("/players", json={"display_name": "Secret Name"}, headers=OPERATOR)
    key = r.json()["api_key"]
    api.client.get(f"/players/{r.json()['player_id']}/balance",
                   headers={"Authorization": f"Bearer {key}", "X-Request-ID": "rid-1"})
    err = capsys.readouterr().err
    lines = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    requests = [line for line in lines if line.get("event") == "request"]
    assert {"method", "path", "status", "duration_ms", "request_id", "timestamp"} <= set(
        requests[-1])
    assert requests[-1]["request_id"] == "rid-1" and requests[-1]["status"] == 200
    for secret in (key, "test-operator-key", "Bearer", "Secret Name"):
        assert secret not in err


def test_health_reports_backend_mode_and_positions(api, backend):
    api.player()
    r = api.client.get("/health")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["backend"] == backend
    assert body["certification_mode"] is False
    assert body["event_position"] > 0 and body["projection_lag"] >= 0
    assert {"balances", "principals"} <= set(body["projections"])
    assert all(isinstance(p, int) for p in body["projections"].values())


def test_health_reports_certification_mode(make_client):
    assert make_client(certification_mode="1").get("/health").json()["certification_mode"] is True


@pytest.mark.parametrize("value, warned", [("true", True), ("yes", True), ("0", False),
                                           ("1", False)])
def test_a_certification_mode_that_means_off_is_said_at_start(make_client, capsys, value, warned):
    """Contract: only `1` turns certification mode on; `true` is off, and the log says so."""
    capsys.readouterr()
    client = make_client(certification_mode=value)
    assert client.get("/health").json()["certification_mode"] is (value == "1")
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()
             if line.startswith("{")]
    warnings = [line for line in lines if line.get("event") == "certification_mode_value_means_off"]
    assert bool(warnings) is warned
    if warned:
        assert warnings[0]["value"] == value and warnings[0]["level"] == "warning"


def test_health_is_503_degraded_when_the_database_fails(client):
    ledger = client.app.state.ledger
    ledger.projections.stop()
    with ledger.projections.engine.begin() as conn:
        conn.execute(text("DROP TABLE projection_tracking"))
    r = client.get("/health")
    assert r.status_code == 503
    assert r.json()["status"] == "degraded" and "backend" in r.json()


def test_openapi_lists_every_route_and_docs_are_served(client):
    spec = client.get("/openapi.json").json()
    assert spec["info"]["title"] == "Game ledger"
    expected = {
        ("/players", "post"), ("/staff", "post"),
        ("/players/{player_id}/deposits", "post"), ("/players/{player_id}/withdrawals", "post"),
        ("/players/{player_id}/balance", "get"), ("/players/{player_id}/activity", "get"),
        ("/cash-movements", "get"), ("/audit/accounts", "get"), ("/health", "get"),
    }
    have = {(path, method) for path, ops in spec["paths"].items() for method in ops}
    assert expected <= have
    assert "ApiKey" in spec["components"]["securitySchemes"]
    deposit = spec["paths"]["/players/{player_id}/deposits"]["post"]
    assert {"401", "403", "404", "409", "422"} <= set(deposit["responses"])
    assert client.get("/docs").status_code == 200


def test_unknown_route_and_method_use_the_error_shape(client):
    r = client.get("/nowhere")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.delete("/health")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"


@pytest.fixture
def failing_routes(client):
    def boom():
        raise RuntimeError("secret internals /etc/passwd")

    def database_down():
        raise psycopg.OperationalError("connection refused")

    client.app.add_api_route("/test-boom", boom)
    client.app.add_api_route("/test-db-down", database_down)
    return client


def test_unexpected_error_is_500_with_the_request_id_only(failing_routes, capsys):
    r = failing_routes.get("/test-boom", headers={"X-Request-ID": "boom-1"})
    assert r.status_code == 500
    assert r.json() == {"error": {"code": "internal_error", "message": r.json()["error"]["message"],
                                  "request_id": "boom-1"}}
    assert "secret internals" not in r.text and "Traceback" not in r.text
    assert r.headers["X-Request-ID"] == "boom-1"
    assert "secret internals" in capsys.readouterr().err  # the traceback went to the log


def test_database_unavailable_is_503(failing_routes):
    r = failing_routes.get("/test-db-down")
    assert r.status_code == 503
    assert r.json()["error"]["code"] == "database_unavailable"
    assert r.headers["Retry-After"] == "1"
    assert "connection refused" not in r.text
