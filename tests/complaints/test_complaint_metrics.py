"""GET /metrics counts the complaint cases open and overdue by state (issue 16), read from
the projection at scrape time, today being the Lisbon date of the ledger's clock."""

from __future__ import annotations

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from api.main import create_app
from domain.complaints import commands as cc
from tests.complaints.support import MONDAY, STAFF_A, acknowledge, day, new_player, open_case

OPERATOR = {"Authorization": "Bearer test-operator-key"}  # make_settings' bootstrap key


def gauges(client: TestClient) -> dict[tuple[str, str], float]:
    ledger = client.app.state.ledger
    assert ledger.projections.wait(ledger.writer.last_position, timeout=30)
    r = client.get("/metrics", headers=OPERATOR)
    assert r.status_code == 200, r.text
    return {(s.name, s.labels.get("state") or s.labels.get("part")): s.value
            for family in text_string_to_metric_families(r.text) for s in family.samples
            if s.name.startswith("ledger_complaints_") or s.name == "ledger_scrape_ok"}


def test_open_and_overdue_cases_by_state(make_settings, clock):
    clock.set(MONDAY)
    with TestClient(create_app(make_settings(), clock=clock)) as client:
        ledger = client.app.state.ledger
        samples = gauges(client)
        assert samples[("ledger_complaints_open", "open")] == 0
        assert samples[("ledger_complaints_overdue", "escalated")] == 0
        assert samples[("ledger_scrape_ok", "complaints")] == 1
        player = new_player(ledger)
        late = open_case(ledger, player, "late")  # to acknowledge by Wednesday 7
        answered = open_case(ledger, player, "ok")
        acknowledge(ledger, answered)  # its answer is due on the 26th
        waiting = open_case(ledger, player, "wait")
        acknowledge(ledger, waiting)
        ledger.run(cc.RequestInformation(case_id=waiting, question="?", actor=STAFF_A))
        samples = gauges(client)
        assert (samples[("ledger_complaints_open", "open")],
                samples[("ledger_complaints_open", "investigating")],
                samples[("ledger_complaints_open", "awaiting_player")]) == (1, 1, 1)
        assert samples[("ledger_complaints_overdue", "open")] == 0
        clock.set(day(8))  # Thursday in Lisbon: the acknowledgement is late
        samples = gauges(client)
        assert samples[("ledger_complaints_overdue", "open")] == 1
        assert samples[("ledger_complaints_overdue", "investigating")] == 0
        clock.set(day(28))  # the answer is late too; the paused case is not
        samples = gauges(client)
        assert (samples[("ledger_complaints_overdue", "open")],
                samples[("ledger_complaints_overdue", "investigating")],
                samples[("ledger_complaints_overdue", "awaiting_player")]) == (1, 1, 0)
        assert late != answered
