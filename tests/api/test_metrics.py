"""GET /metrics through the served app: the exposition parses, the counters carry the right
labels and values after a deposit, a refused withdrawal and jogadas, the projection lag and the
open-jogada gauges are what the store and the games hold, and only an operator or auditor (or
anyone, with LEDGER_METRICS_PUBLIC=1) may scrape. The writer here is the app's writer thread;
tests/process/test_metrics_served.py scrapes the real ``ledger serve`` with its writer process."""

from __future__ import annotations

from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.test_bingo_api import create_room, room_config
from tests.api.semdescarte_support import ante, create_table, individual_config, seated

DEPOSITS = "/players/{player_id}/deposits"
WITHDRAWALS = "/players/{player_id}/withdrawals"


def scrape(client, headers=OPERATOR) -> dict[str, dict[tuple, float]]:
    """``{sample name: {sorted label items: value}}`` of one scrape, parsed by
    prometheus_client's own parser (which raises on a malformed exposition)."""
    r = client.get("/metrics", headers=headers)
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain; version=0.0.4")
    samples: dict[str, dict[tuple, float]] = {}
    for family in text_string_to_metric_families(r.text):
        for sample in family.samples:
            samples.setdefault(sample.name, {})[tuple(sorted(sample.labels.items()))] = sample.value
    return samples


def value(samples: dict[str, dict[tuple, float]], name: str, **labels: str) -> float | None:
    return samples.get(name, {}).get(tuple(sorted(labels.items())))


def commands(samples, command: str, outcome: str) -> float | None:
    return value(samples, "ledger_commands_total", command=command, outcome=outcome)


def requests(samples, method: str, route: str, status: int) -> float | None:
    return value(samples, "ledger_http_requests_total", method=method, route=route,
                 status=str(status))


def test_a_deposit_a_refused_withdrawal_and_requests_are_counted_by_type_route_and_status(api):
    client = api.client
    player_id, player = api.player()
    assert api.deposit(player_id, 500, "d1").status_code == 201
    assert api.deposit(player_id, 500, "d1").status_code == 201  # a replay: the same answer
    assert api.deposit(player_id, 250, "d2").status_code == 201
    refused = api.withdraw(player_id, 5_000, "w1", headers=player)
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "insufficient_funds"
    assert api.deposit(player_id, -1, "d3").status_code == 422  # refused by the schema: no command
    assert client.get(f"/no-such-route/{player_id}").status_code == 404

    samples = scrape(client)
    # Counted where they ran, the writer: the replay is a command too (answered from its receipt)
    assert commands(samples, "deposit", "ok") == 3
    assert commands(samples, "withdrawal", "refused") == 1
    assert commands(samples, "withdrawal", "ok") is None
    assert commands(samples, "register_player", "ok") == 1
    assert commands(samples, "metrics_scrape", "ok") is None  # the scrape does not count itself
    # By route template and status, never the raw path (bounded label values)
    assert requests(samples, "POST", DEPOSITS, 201) == 3
    assert requests(samples, "POST", DEPOSITS, 422) == 1
    assert requests(samples, "POST", WITHDRAWALS, 409) == 1
    assert requests(samples, "POST", "/players", 201) == 1
    assert requests(samples, "GET", "unmatched", 404) == 1
    routes = {dict(labels)["route"] for labels in samples["ledger_http_requests_total"]}
    assert not any(player_id in route for route in routes), routes
    # Latency: one observation per request, in the buckets, by route template
    count = value(samples, "ledger_http_request_duration_seconds_count", method="POST",
                  route=DEPOSITS)
    assert count == 4
    assert value(samples, "ledger_http_request_duration_seconds_bucket", method="POST",
                 route=DEPOSITS, le="+Inf") == 4
    assert value(samples, "ledger_http_request_duration_seconds_sum", method="POST",
                 route=DEPOSITS) > 0
    # The writer's groups and commits: each command above ran in a group, each write committed
    groups = samples["ledger_writer_group_size_count"][()]
    assert groups >= 1 and samples["ledger_writer_group_size_sum"][()] >= 5
    assert samples["ledger_writer_commit_seconds_count"][()] >= 1
    assert value(samples, "ledger_scrape_ok", part="writer") == 1
    assert value(samples, "ledger_scrape_ok", part="database") == 1
    # The scrape itself is a request of the next scrape
    assert requests(scrape(client), "GET", "/metrics", 200) == 1


def test_open_jogadas_per_game_follow_the_tables_and_rooms(api, client):
    table = create_table(client, individual_config())
    _, headers, _ = seated(api, table, "Ana")
    samples = scrape(client)
    assert value(samples, "ledger_open_jogadas", game="semdescarte") == 0
    assert value(samples, "ledger_open_jogadas", game="bingo") == 0

    ok(ante(client, table["table_id"], headers, 200, "a1"), 201)  # opens the jogada (rule 2e)
    room = ok(create_room(client, room_config("90")), 201)
    ok(client.post(f"/bingo/rooms/{room['room_id']}/jogadas", json={}, headers=OPERATOR), 201)
    other = ok(create_room(client, room_config("75"), name="Sala 2"), 201)  # no jogada open
    samples = scrape(client)
    assert value(samples, "ledger_open_jogadas", game="semdescarte") == 1
    assert value(samples, "ledger_open_jogadas", game="bingo") == 1
    assert commands(samples, "ante", "ok") == 1
    assert requests(samples, "POST", "/semdescarte/tables/{table_id}/antes", 201) == 1
    assert other["room_id"] != room["room_id"]

    # Rule 33: a system fault voids the jogada; it is no longer open
    ok(client.post(f"/semdescarte/tables/{table['table_id']}/interruptions",
                   json={"kind": "system_fault"}, headers=OPERATOR))
    samples = scrape(client)
    assert value(samples, "ledger_open_jogadas", game="semdescarte") == 0
    assert value(samples, "ledger_open_jogadas", game="bingo") == 1


def test_projection_lag_is_the_events_each_projection_is_behind_the_head(api):
    ledger = api.client.app.state.ledger
    player_id, _ = api.player()
    assert ledger.projections.wait(ledger.writer.last_position)
    caught_up = ledger.projections.positions()
    samples = scrape(api.client)
    for name, position in caught_up.items():
        assert value(samples, "ledger_projection_lag_events", projection=name) == 0
        assert value(samples, "ledger_projection_position", projection=name) == position

    ledger.projections.stop()  # nobody applies the events any more: the worker is down
    assert api.deposit(player_id, 700, "d1").status_code == 201
    head = ledger.app.recorder.max_notification_id()
    assert head > max(caught_up.values())
    samples = scrape(api.client)
    assert samples["ledger_event_position"][()] == head
    assert set(dict(k)["projection"] for k in samples["ledger_projection_lag_events"]) == \
        set(caught_up)
    for name, position in caught_up.items():
        assert value(samples, "ledger_projection_lag_events", projection=name) == head - position


def test_only_an_operator_or_auditor_scrapes_unless_metrics_are_public(api, make_client):
    client = api.client
    player_id, player = api.player()
    _, auditor = api.staff("auditor")
    _, handler = api.staff("complaint_handler")
    r = client.get("/metrics")
    assert r.status_code == 401 and r.json()["error"]["field"] == "Authorization"
    for headers in (player, handler):
        r = client.get("/metrics", headers=headers)
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert "ledger_commands_total" in client.get("/metrics", headers=auditor).text

    public = make_client(metrics_public=True)
    samples = scrape(public, headers={})
    assert value(samples, "ledger_scrape_ok", part="writer") == 1


def _labels(samples: dict[str, Any], name: str) -> list[dict[str, str]]:
    return [dict(labels) for labels in samples.get(name, {})]


def test_an_unknown_method_on_an_unknown_path_adds_no_new_label_values(api):
    client = api.client
    for i in range(5):
        assert client.request("BREW", f"/pots/{i}").status_code in (404, 405)
    samples = scrape(client)
    labels = _labels(samples, "ledger_http_requests_total")
    assert {(lab["method"], lab["route"]) for lab in labels if lab["method"] == "other"} == \
        {("other", "unmatched")}
    assert sum(v for k, v in samples["ledger_http_requests_total"].items()
               if dict(k)["method"] == "other") == 5
