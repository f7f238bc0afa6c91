"""GET /metrics on the real ``ledger serve``: the commands are counted in the writer process and
reach the HTTP process's exposition; the projection worker's lag and the open jogadas held by
the writer are there too. ``LEDGER_METRICS_PUBLIC=1``: scraped without a key, as Prometheus does."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

from tests.process.conftest import OPERATOR, Api, bearer


def scrape(client) -> dict[str, dict[tuple, float]]:
    r = client.get("/metrics")
    assert r.status_code == 200, r.text
    samples: dict[str, dict[tuple, float]] = {}
    for family in text_string_to_metric_families(r.text):
        for sample in family.samples:
            samples.setdefault(sample.name, {})[tuple(sorted(sample.labels.items()))] = sample.value
    return samples


def value(samples, name: str, **labels: str) -> float | None:
    return samples.get(name, {}).get(tuple(sorted(labels.items())))


def test_commands_counted_in_the_writer_process_reach_the_metrics(server):
    srv = server(LEDGER_METRICS_PUBLIC="1")
    writers = [pid for pid, cmd in srv.children().items() if "writer run" in cmd]
    assert writers, f"ledger serve should run a writer process: {srv.children()}"
    with srv.client() as client:
        api = Api(client)
        player_id = api.player()
        assert api.move("deposit", player_id, 1_000, "d1").status_code == 201
        refused = api.move("withdrawal", player_id, 9_000, "w1")
        assert refused.status_code == 409, refused.text
        # a póquer sem descarte jogada, opened by an ante and left open
        r = client.post("/players", json={"display_name": "Rui"}, headers=OPERATOR)
        rui, rui_headers = r.json()["player_id"], bearer(r.json()["api_key"])
        assert api.move("deposit", rui, 10_000, "d2").status_code == 201
        table = client.post("/semdescarte/tables", headers=OPERATOR, json={
            "name": "Mesa", "config": {"kind": "individual", "min_ante_cents": 100,
                                       "max_ante_cents": 2_500, "decision_seconds": 60,
                                       "extra_seconds": 10}}).json()
        assert client.post("/sessions", json={"venue_id": table["venue_id"],
                                              "game": table["game"]},
                           headers=rui_headers).status_code == 201
        assert client.post(f"/semdescarte/tables/{table['table_id']}/seats", json={},
                           headers=rui_headers).status_code == 201
        assert client.post(f"/semdescarte/tables/{table['table_id']}/antes", headers=rui_headers,
                           json={"ante_cents": 200, "idempotency_key": "a1"}).status_code == 201
        srv.wait_caught_up()
        samples = scrape(client)  # no key: LEDGER_METRICS_PUBLIC=1

    def commands(command: str, outcome: str) -> float | None:
        return value(samples, "ledger_commands_total", command=command, outcome=outcome)

    assert commands("deposit", "ok") == 2
    assert commands("withdrawal", "refused") == 1
    assert commands("ante", "ok") == 1
    assert commands("register_player", "ok") == 2
    assert value(samples, "ledger_http_requests_total", method="POST",
                 route="/players/{player_id}/withdrawals", status="409") == 1
    assert value(samples, "ledger_open_jogadas", game="semdescarte") == 1
    assert value(samples, "ledger_open_jogadas", game="bingo") == 0
    lags = samples["ledger_projection_lag_events"]
    assert lags and all(lag == 0 for lag in lags.values()), lags
    assert samples["ledger_writer_group_size_count"][()] >= 1
    assert samples["ledger_writer_commit_seconds_count"][()] >= 1
    assert value(samples, "ledger_scrape_ok", part="writer") == 1
