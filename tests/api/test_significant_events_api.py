"""GET /significant-events and GET /events/{notification_id} over HTTP (GLI-19 §2.8; 903-B
6.3.3(3)(4): every system error logged with its cause and reportable): staff only (a player
gets 403), newest first, filtered by kind (repeated or a comma list), severity, game, venue,
jogada and time, paged with ``limit`` and ``cursor`` as GET /jogadas is; a filter the service
cannot read is a 422 naming the field (an unknown kind lists the known ones). Each entry links
to the stored events it was recorded as, and to its jogada and replay when it has one."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core_commands import ReportIntegrityFailure
from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import (ante, create_table, error_of, individual_config,
                                           seated)
from tests.holdem.client import OPERATOR as OPERATOR_ACTOR
from tests.holdem.client import new_table, recover

PATH = "/significant-events"


class Recorded:
    """Through the API: a player's key rotated, a deposit corrected, a table opened and a
    jogada voided by a system fault (rule 33); through the ledger: an integrity failure."""

    def __init__(self, client) -> None:
        self.client, api = client, Api(client)
        self.auditor = api.staff("auditor")[1]
        self.handler = api.staff("complaint_handler")[1]
        self.player_id, _ = api.player("Rui")  # its key rotated below
        ok(client.post(f"/players/{self.player_id}/api-key", headers=OPERATOR), 201)
        deposit = ok(api.deposit(self.player_id, 900, "typo"), 201)
        self.transfer_id = deposit["transfer_id"]
        ok(client.post(f"/transfers/{self.transfer_id}/corrections", headers=OPERATOR,
                       json={"reason": "typed 900 for 90"}), 201)
        self.table = create_table(client, individual_config())
        _, ana, _ = seated(api, self.table, "Ana")
        self.player = ana
        tid = self.table["table_id"]
        self.jogada_id = ok(ante(client, tid, ana, 200, "a1"), 201)["jogada_id"]
        ok(client.post(f"/semdescarte/tables/{tid}/interruptions", headers=OPERATOR,
                       json={"kind": "system_fault", "reason": "dealer server fault"}))
        client.app.state.ledger.run(ReportIntegrityFailure(
            source="verify", check="balances", detail="the sum of balances is 1, not 0"))

    def listed(self, headers=OPERATOR, **params: Any) -> dict[str, Any]:
        return ok(self.client.get(PATH, headers=headers, params=params))

    def kinds(self, **params: Any) -> list[str]:
        return [item["kind"] for item in self.listed(**params)["data"]]


@pytest.fixture
def recorded(client) -> Recorded:
    return Recorded(client)


def test_903b_6_3_3_staff_list_the_entries_newest_first_and_a_player_is_refused(recorded):
    r = recorded
    assert r.kinds() == ["integrity_failure", "jogada_voided", "venue_opened", "correction",
                         "api_key_rotated", "staff_registered", "staff_registered"]
    for headers in (r.auditor, r.handler):
        assert r.listed(headers) == r.listed()
    refused = error_of(r.client.get(PATH, headers=r.player), 403)
    assert refused["code"] == "forbidden"
    link = r.listed()["data"][0]["events"][0]["url"]
    assert error_of(r.client.get(link, headers=r.player), 403)["code"] == "forbidden"
    assert r.client.get(PATH).status_code == 401


def test_903b_6_3_3_an_entry_links_to_its_events_its_jogada_and_its_replay(recorded):
    r = recorded
    (voided,) = r.listed(kind="jogada_voided")["data"]
    assert voided["jogada_url"] == f"/jogadas/{r.jogada_id}"
    assert voided["replay_url"] == f"/semdescarte/jogadas/{r.jogada_id}/replay"
    assert (voided["game"], voided["venue_id"], voided["severity"]) == (
        "semdescarte", r.table["venue_id"], "error")
    assert "dealer server fault" in voided["summary"]
    (link,) = voided["events"]
    assert link["url"] == f"/events/{link['notification_id']}"
    event = ok(r.client.get(link["url"], headers=r.auditor))
    assert {k: event[k] for k in ("notification_id", "originator_id", "originator_version",
                                  "topic")} == {k: link[k] for k in (
                                      "notification_id", "originator_id",
                                      "originator_version", "topic")}
    assert event["topic"] == "ledger.SemDescarteTable.JogadaVoided"
    assert event["certification_mode"] is False
    assert (event["state"]["jogada_id"], event["state"]["reason"]) == (
        r.jogada_id, "dealer server fault")
    assert event["recorded_at"] == voided["recorded_at"] == event["state"]["at"].replace(
        "+00:00", "Z")
    ok(r.client.get(voided["jogada_url"], headers=r.handler))
    ok(r.client.get(voided["replay_url"], headers=r.handler))

    (correction,) = r.listed(kind="correction")["data"]  # one entry, its two legs
    assert [e["topic"] for e in correction["events"]] == ["ledger.Account.Debited",
                                                          "ledger.Account.Credited"]
    assert correction["jogada_url"] is None and correction["replay_url"] is None
    assert correction["target_id"] == r.transfer_id


def test_903b_6_3_3_filters(recorded):
    r = recorded
    assert r.kinds(kind=["correction", "venue_opened"]) == ["venue_opened", "correction"]
    assert r.kinds(kind="correction,venue_opened") == ["venue_opened", "correction"]
    assert r.kinds(severity="error") == ["integrity_failure", "jogada_voided"]
    assert r.kinds(game="semdescarte") == ["jogada_voided", "venue_opened"]
    assert r.kinds(venue=r.table["venue_id"]) == ["jogada_voided", "venue_opened"]
    assert r.kinds(jogada_id=r.jogada_id) == ["jogada_voided"]
    everything = r.listed()["data"]
    at = everything[-1]["recorded_at"]
    assert r.kinds(since=at) == r.kinds() and r.kinds(until=at) == []
    assert r.kinds(since="2000-01-01T00:00:00Z", until="2000-01-02T00:00:00Z") == []


def test_903b_6_3_3_pages_with_limit_and_cursor(recorded):
    r = recorded
    everything = r.listed()["data"]
    seen, cursor = [], None
    while True:
        page = r.listed(limit=2, **({} if cursor is None else {"cursor": cursor}))
        assert page["count"] == len(page["data"]) <= 2
        seen += page["data"]
        cursor = page["next_cursor"]
        if cursor is None:
            break
        assert cursor == page["data"][-1]["cursor"]
    assert seen == everything


@pytest.mark.parametrize("params, field", [
    ({"kind": "no_such_kind"}, "kind"), ({"kind": "correction,"}, "kind"),
    ({"severity": "fatal"}, "severity"), ({"game": "roleta"}, "game"),
    ({"since": "2026-01-05T00:00:00"}, "since"), ({"until": "yesterday"}, "until"),
    ({"limit": 0}, "limit"), ({"limit": 501}, "limit"), ({"cursor": -1}, "cursor"),
    ({"venue": "a\u202eb"}, "venue"), ({"jogada_id": "x" * 101}, "jogada_id"),
])
def test_903b_7_9_1_a_filter_it_cannot_read_is_422_naming_the_field(client, params, field):
    error = error_of(client.get(PATH, headers=OPERATOR, params=params), 422)
    assert error["field"] == field


def test_an_unknown_kind_is_refused_with_the_known_ones(client):
    error = error_of(client.get(PATH, headers=OPERATOR, params={"kind": "voided"}), 422)
    assert "the kinds are: api_key_revoked, api_key_rotated" in error["message"]
    assert "recovery" in error["details"]["kinds"]


def test_an_event_that_is_not_there_is_404_naming_the_field(client):
    head = client.app.state.ledger.app.recorder.max_notification_id()
    error = error_of(client.get(f"/events/{head + 1}", headers=OPERATOR), 404)
    assert (error["code"], error["field"]) == ("not_found", "notification_id")
    assert error_of(client.get("/events/0", headers=OPERATOR), 422)["field"] == \
        "notification_id"


def test_events_recorded_in_certification_mode_say_so(make_client):
    """api-contract: every event recorded in certification mode is marked; the log starts in
    it, so its first event is a change of mode (the default is off)."""
    client = make_client(certification_mode="1")
    Api(client).player("Ana")
    (changed,) = ok(client.get(PATH, headers=OPERATOR,
                               params={"kind": "certification_mode_changed"}))["data"]
    assert (changed["position"], changed["detail"]) == (1, {"certification_mode": True})
    event = ok(client.get(changed["events"][0]["url"], headers=OPERATOR))
    assert event["notification_id"] == 1 and event["certification_mode"] is True
    assert "certification_mode" not in event["state"]


def test_903b_6_3_3_6_6_1_he_72_73_a26_hold_em_tables_record_their_significant_events(client):
    """Hold'em (played through the ledger: its routes are another branch's): the table opened
    (rule 4), one device used by two players at the table (903-B 6.6.1: ``shared_device``, a
    warning), a lost connection (rule 73: a warning, not a void), a jogada voided by a fault
    of the system (rule 72, A26) and one a stop of the service left open, voided at start-up
    (A10: ``recovery``). Each seen through GET /significant-events, filtered by kind and
    game, linking to its jogada and to the game-independent replay."""
    ledger = client.app.state.ledger
    table = new_table(ledger, "holdem", name="Mesa sig")
    players = [table.start_session(table.new_player(name=name)) for name in ("Ana", "Bia")]
    table.sit(players[0], 1, device_id="device-7")
    table.sit(players[1], 2, device_id="device-7")
    table.start()
    faulted = table.jogada()["jogada_id"]
    table.run("ConnectionLost", player_id=str(players[1].player_id), actor=OPERATOR_ACTOR)
    table.void("dealer server fault")
    table.start()
    left_open = table.jogada()["jogada_id"]
    assert recover(ledger, "holdem") == [left_open]

    def listed(**params: Any) -> list[dict[str, Any]]:
        return ok(client.get(PATH, headers=OPERATOR, params={"game": "holdem", **params}))["data"]

    assert [e["kind"] for e in listed()] == ["recovery", "jogada_voided", "connection_lost",
                                           "shared_device", "venue_opened"]
    (shared,) = listed(kind="shared_device")
    assert (shared["severity"], shared["venue_id"]) == ("warning", table.venue_id)
    assert shared["detail"]["players"] == sorted(str(p.player_id) for p in players)
    assert shared["detail"]["device_id"] == "device-7"
    assert shared["detail"]["rule"] == "903-B 6.6.1" and shared["jogada_id"] is None
    (lost,) = listed(kind="connection_lost")
    assert (lost["severity"], lost["jogada_id"]) == ("warning", faulted)
    assert lost["detail"]["rule"] == "hold'em rule 73"
    (voided,) = listed(kind="jogada_voided")
    assert (voided["severity"], voided["jogada_id"]) == ("error", faulted)
    assert "dealer server fault" in voided["summary"]
    assert voided["replay_url"] == f"/jogadas/{faulted}/replay"
    (recovered,) = listed(kind="recovery")
    assert (recovered["jogada_id"], recovered["detail"]["reason"]) == (left_open,
                                                                        "service_restart")
    (opened,) = listed(kind="venue_opened")
    assert opened["detail"]["config"]["variant"] == "holdem" and "Mesa sig" in opened["summary"]
    assert ok(client.get(PATH, headers=OPERATOR, params={"game": "omaha"}))["data"] == []


def test_903b_7_7_6_1_gli19_2_8_staff_registered_and_amounts_in_euros(recorded):
    """POST /staff is a significant event (903-B 7.4.3(1) access granted, 7.7.6(1) staff
    actions): who, with which role, by whom; a player's registration is not. The correction's
    summary shows its amount in euros (9,00 €), its detail in cents."""
    r = recorded
    made = ok(r.client.post("/staff", headers=OPERATOR, json={
        "role": "complaint_handler", "display_name": "Inês Marques"}), 201)
    staff = [e for e in r.listed(kind="staff_registered")["data"]
             if e["target_id"] == made["staff_id"]]
    assert len(staff) == 1 and staff[0]["severity"] == "info"
    assert staff[0]["summary"].startswith(f"staff member Inês Marques ({made['staff_id']})"
                                          " registered as complaint handler by ")
    assert staff[0]["detail"] == {"role": "complaint_handler", "display_name": "Inês Marques"}
    assert r.player_id not in {e["target_id"] for e in r.listed(kind="staff_registered")["data"]}
    (correction,) = r.listed(kind="correction")["data"]
    assert "corrected: 9,00 € moved back" in correction["summary"]
    assert correction["detail"]["amount_cents"] == 900
    assert not [e["summary"] for e in r.listed()["data"] if "cent" in e["summary"]]
