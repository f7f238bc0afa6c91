"""Significant events (GLI-19 §2.8; 903-B 6.3.3(3)(4), 6.3.6(6)(7), 7.7.6(1)): each kind recorded
by the real command that makes it, on a real ledger stopped and started again (a start-up
recovery, a change of certification mode), every entry linking to the stored events it was
recorded as, and the read model rebuilt from the events alone giving the same rows, in one
page or in pages of two events.

The story (``story``): ledger 1 (certification mode off) registers an operator and a player,
registers a complaint handler and makes her an auditor, rotates and revokes the player's key,
disables the bootstrap key, corrects a deposit, opens a sem descarte table and publishes its
rule set, loses a player's connection, voids a jogada, opens a bingo room where a player's
connection drops and the jogada is voided, reports an integrity failure, publishes a complaint
policy, pays the compensation of a complaint case and escalates it to SRIJ, and stops with a jogada open; ledger 2 voids it at start-up; ledger 3, in
certification mode, plays a forced flush for the jackpot; ledger 4 is off again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from domain.access.bootstrap_key import BOOTSTRAP_KEY_ID
from domain.audit.core_significant import CORE, kinds
from domain.audit.log import AUDIT_LOG_ID
from domain.complaints import commands as cc
from domain.core_commands import ReportIntegrityFailure
from domain.kernel.errors import InvalidInputError
from domain.kernel.viewer import euros
from infra.container import Ledger, build_ledger
from infra.projecting.runner import ProjectionRunner
from infra.runtime.rng import RngHealthError, SeededSeedSource, SystemSeedSource
from infra.services import rulesets as rulesets_service
from projections import significant_events as model
from projections.significant_events import SignificantEventsProjection
from tests.blackjack import support as bj
from tests.bingo import client as bingo_client
from tests.bingo import support as bingo
from tests.holdem import client as holdem
from tests.projections.support import settle, snapshot
from tests.semdescarte import client as sd
from tests.semdescarte.support import (
    BANK_NOT_QUALIFIED,
    JACKPOT,
    JACKPOT_STAKE,
    OPERATOR,
    ante,
    certification_ledger,
    deal,
    individual_config,
    play_forced,
    setup_table,
)

NAME = "significant_events"


def entries(ledger: Ledger, **filters: Any) -> list[dict[str, Any]]:
    settle(ledger)
    rows, _ = model.entries(ledger.projections.engine, limit=model.MAX_ENTRIES, **filters)
    return rows


def only(rows: list[dict[str, Any]], kind: str, **match: Any) -> dict[str, Any]:
    found = [r for r in rows if r["kind"] == kind
             and all(r[k] == v for k, v in match.items())]
    assert len(found) == 1, f"{len(found)} {kind} entries {match}: {[r['kind'] for r in rows]}"
    return found[0]


@dataclass
class Story:
    staff_id: str = ""
    handler_id: str = ""
    player_id: str = ""
    deposit: dict[str, Any] = field(default_factory=dict)
    table: dict[str, Any] = field(default_factory=dict)
    voided: str = ""
    lost: str = ""
    recovered: str = ""
    room: dict[str, Any] = field(default_factory=dict)
    bingo_voided: str = ""
    jackpot_jogada: str = ""
    first_certified: int = 0
    first_uncertified: int = 0
    case: dict[str, Any] = field(default_factory=dict)
    poker: dict[str, Any] = field(default_factory=dict)


def story(make_settings: Any, clock: Any) -> tuple[Story, Ledger]:
    """The story of the module docstring; returns it and ledger 4, still open (the caller
    closes it)."""
    s = Story()
    with certification_ledger(make_settings, clock, 1, mode="0") as ledger:
        staff_id, _ = ledger.register_staff(role="operator", display_name="Op", actor=OPERATOR)
        player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
        s.staff_id, s.player_id = str(staff_id), str(player_id)
        handler_id, _ = ledger.register_staff(role="complaint_handler", display_name="Inês",
                                              actor=OPERATOR)
        s.handler_id = str(handler_id)
        ledger.change_staff_role(handler_id, role="auditor", reason="moved to the audit team",
                                 actor=OPERATOR)
        ledger.rotate_api_key(player_id, kind="player", actor=f"player:{player_id}")
        ledger.revoke_api_key(player_id, kind="player", actor=OPERATOR)
        ledger.disable_bootstrap_key(actor=OPERATOR)
        s.deposit = ledger.deposit(player_id, 5_000, "typo", actor=OPERATOR)
        ledger.correct_transfer(s.deposit["transfer_id"], reason="typed 5000 for 500",
                                actor=OPERATOR)

        table, (seated,) = setup_table(ledger, individual_config())
        s.table = table
        rulesets_service.publish_settings(ledger, table["venue_id"],
                                          individual_config(max_ante_cents=2_000), OPERATOR,
                                          note="a lower limit")
        s.lost = ante(ledger, table, seated, 200)["jogada_id"]
        deal(ledger, table, seated)
        sd.connection_lost(ledger, table_id=table["table_id"], player_id=seated.player_id,
                           actor=OPERATOR)  # deciding: folded, rules 34, 35
        s.voided = ante(ledger, table, seated, 200)["jogada_id"]
        sd.void_jogada(ledger, table_id=table["table_id"], reason="system_fault", actor=OPERATOR)

        s.room = bingo.new_room(ledger, bingo.config("90"))
        (buyer,) = bingo.players(ledger, s.room, 1)
        s.bingo_voided = bingo.open_jogada(ledger, s.room)["jogada_id"]
        bingo.buy(ledger, s.room, buyer, 2)
        bingo_client.connection_lost(ledger, room_id=s.room["room_id"],
                                     player_id=buyer.player_id, actor=OPERATOR)
        bingo_client.void_jogada(ledger, room_id=s.room["room_id"], reason="system_fault",
                                 actor=OPERATOR)

        ledger.run(ReportIntegrityFailure(source="verify", check="chain",
                                          detail="leaf 7 differs from the record\nsecond line",
                                          notification_id=7, jogada_id=s.voided, checkpoint=2))
        s.case = complaint(ledger, s.player_id)
        poker = holdem.new_table(ledger)  # 903-B 6.6.1: one device, two players at a table
        for seat in (1, 2):
            poker.sit(poker.start_session(poker.new_player()), seat, device_id="device-1")
        s.poker = poker.described
        s.recovered = ante(ledger, table, seated, 300)["jogada_id"]  # left open: a crash
    clock.advance(60)
    # Rule 33, A10: the open jogada is voided at start-up.
    with certification_ledger(make_settings, clock, 2, mode="0") as ledger:
        s.first_certified = ledger.app.recorder.max_notification_id() + 1
    with certification_ledger(make_settings, clock, 3) as cert:
        table, (player,) = setup_table(cert, individual_config(jackpot=JACKPOT))
        s.jackpot_jogada, _ = play_forced(cert, table, player, ["3h", "5h", "9h", "Jh", "Kh"],
                                          BANK_NOT_QUALIFIED, "continue",
                                          jackpot_bet_cents=JACKPOT_STAKE)
        # Blackjack r25i, A52: three 7s win the special prize, a large win (issue 26).
        bj_table, (bj_player,) = bj.setup_table(cert, bj.individual_config())
        s.bj_prized = bj.play_individual(cert, bj_table, bj_player,
                                         bj.shoe([["7s", "7h"]], "9c", "8h", ["7d"]))
        bj.decide(cert, bj_table, s.bj_prized, bj_player, "hit")
        s.first_uncertified = cert.app.recorder.max_notification_id() + 1
    last = build_ledger(make_settings(), clock=clock, seeds=SeededSeedSource(4))
    last.deposit(player_id, 100, "after", actor=OPERATOR)
    return s, last


def complaint(ledger: Ledger, player_id: str) -> dict[str, Any]:
    """A complaint policy published, then a case whose compensation is paid, resolved and
    escalated to SRIJ (issue 16)."""
    ledger.run(cc.PublishComplaintPolicy(
        holidays=["2026-06-13"], national_holidays=True,
        deadlines={"payment": {"acknowledge": 1, "answer": 5}}, four_eyes_above_cents=5_000,
        max_compensation_cents=50_000, actor=OPERATOR))
    case = ledger.run(cc.OpenCase(player_id=player_id, case_type="account", channel="operator",
                                  subject="Saldo", description="O saldo não bate certo",
                                  idempotency_key="c1", actor=f"player:{player_id}"))
    cid = case["case_id"]
    for command in (cc.AcknowledgeCase(case_id=cid, actor=OPERATOR),
                    cc.ProposeDecision(case_id=cid, outcome="upheld", reasons="Erro nosso",
                                       compensation={"kind": "payment", "amount_cents": 2_500},
                                       actor=OPERATOR),
                    cc.ApproveDecision(case_id=cid, actor=OPERATOR),
                    cc.PayCompensation(case_id=cid, idempotency_key="p1", actor=OPERATOR),
                    cc.ResolveCase(case_id=cid, actor=OPERATOR),
                    cc.EscalateCase(case_id=cid, body="srij", reference="SRIJ-1",
                                    actor=OPERATOR)):
        ledger.run(command)
    return case


def test_903b_6_3_3_gli19_2_8_each_kind_is_recorded_by_its_command(make_settings, clock):
    s, ledger = story(make_settings, clock)
    try:
        rows = entries(ledger)
        # roulette's own kinds are recorded by tests/roulette/test_significant.py
        assert set(r["kind"] for r in rows) == set(kinds(ledger.games)) - {
            "rng_failure", "unlaunched_bets_refunded", "jogada_spun_at_start"}
        assert [r["entry_id"] for r in rows] == sorted((r["entry_id"] for r in rows),
                                                       reverse=True)  # newest first
        table_venue, room_venue = s.table["venue_id"], s.room["venue_id"]

        rotated = only(rows, "api_key_rotated", target_id=s.player_id)
        assert (rotated["severity"], rotated["actor"]) == ("info", f"player:{s.player_id}")
        assert "replaced by its holder" in rotated["summary"]
        revoked = only(rows, "api_key_revoked")
        assert (revoked["severity"], revoked["target_id"], revoked["actor"]) == (
            "warning", s.player_id, OPERATOR)
        # Issue 25: a staff member registered with its role (903-B 7.4.3(1), 7.7.6(1)); a
        # player's registration is not significant.
        staff = only(rows, "staff_registered", target_id=s.staff_id)
        assert (staff["severity"], staff["actor"], staff["detail"]) == (
            "info", OPERATOR, {"role": "operator", "display_name": "Op"})
        assert staff["summary"] == (f"staff member Op ({s.staff_id}) registered as operator"
                                    f" by {OPERATOR}")
        assert not [r for r in rows if r["kind"] == "staff_registered"
                    and r["target_id"] == s.player_id]
        # Issue 25, GLI-19 §2.8: a change of a staff member's privileges, by name, both roles.
        changed = only(rows, "staff_role_changed", target_id=s.handler_id)
        assert (changed["severity"], changed["actor"]) == ("warning", OPERATOR)
        assert changed["summary"] == (f"staff member Inês ({s.handler_id}): role changed from"
                                      f" complaint handler to auditor by {OPERATOR}; reason:"
                                      " moved to the audit team")
        assert changed["detail"] == {"display_name": "Inês", "previous_role": "complaint_handler",
                                     "role": "auditor", "reason": "moved to the audit team"}
        assert [e["topic"] for e in changed["events"]] == ["ledger.Principal.RoleChanged"]
        # Issue 25: every amount a summary shows is in euros, none in cents.
        assert not [r["summary"] for r in rows if "cent" in r["summary"]]
        disabled = only(rows, "bootstrap_key_disabled")
        assert disabled["events"][0]["originator_id"] == str(BOOTSTRAP_KEY_ID)

        correction = only(rows, "correction")  # its two legs, one entry (903-B 1.5)
        transfer = s.deposit["transfer_id"]
        assert (correction["target_id"], correction["severity"]) == (transfer, "warning")
        assert [e["topic"] for e in correction["events"]] == [
            "ledger.Account.Debited", "ledger.Account.Credited"]
        assert correction["summary"].startswith(f"transfer {transfer} corrected: 50,00 € moved"
                                                " back")
        assert correction["detail"] == {"corrects": transfer, "amount_cents": 5_000,
                                        "transfer_id": f"correction:{transfer}",
                                        "reason": "typed 5000 for 500"}

        published = only(rows, "ruleset_published")  # the venue from the rule set's Created
        assert (published["game"], published["venue_id"], published["target_id"]) == (
            "semdescarte", table_venue, s.table["table_id"])
        assert published["detail"]["version"] == 1 and "a lower limit" in published["summary"]
        opened_venues = [r for r in rows if r["kind"] == "venue_opened"]
        assert {(r["game"], r["venue_id"]) for r in opened_venues} >= {
            ("semdescarte", table_venue), ("bingo", room_venue)}

        lost = only(rows, "connection_lost", game="semdescarte")  # rules 34–36
        assert (lost["jogada_id"], lost["venue_id"], lost["severity"]) == (
            s.lost, table_venue, "warning")
        shared = only(rows, "shared_device")  # 903-B 6.6.1
        assert (shared["game"], shared["venue_id"], shared["severity"]) == (
            "holdem", s.poker["venue_id"], "warning")
        voided = only(rows, "jogada_voided", game="semdescarte")  # rule 33
        assert (voided["jogada_id"], voided["severity"], voided["actor"]) == (
            s.voided, "error", OPERATOR)
        assert voided["detail"] == {"reason": "system_fault",
                                    "rule": "póquer sem descarte rule 33"}
        recovered = only(rows, "recovery")  # rule 33, A10: at start-up
        assert (recovered["jogada_id"], recovered["actor"]) == (s.recovered, sd.RECOVERY_ACTOR)
        assert recovered["detail"]["reason"] == "service_restart"

        bingo_lost = only(rows, "connection_lost", game="bingo")  # rules 48, 49
        assert (bingo_lost["jogada_id"], bingo_lost["detail"]["cards"]) == (s.bingo_voided, 2)
        bingo_voided = only(rows, "jogada_voided", game="bingo")  # rules 45–47
        assert (bingo_voided["venue_id"], bingo_voided["jogada_id"]) == (room_venue,
                                                                        s.bingo_voided)

        failure = only(rows, "integrity_failure")
        assert (failure["severity"], failure["actor"], failure["jogada_id"]) == (
            "error", "system:verify", s.voided)
        assert failure["summary"] == ("integrity check chain failed (verify): leaf 7 differs"
                                      " from the record")
        assert failure["detail"] == {"source": "verify", "check": "chain",
                                     "notification_id": 7, "jogada_id": s.voided,
                                     "checkpoint": 2}
        assert failure["events"][0]["originator_id"] == str(AUDIT_LOG_ID)

        reference, cid = s.case["reference"], s.case["case_id"]
        paid = only(rows, "complaint_compensation_paid")  # named by the case's Opened
        assert (paid["severity"], paid["target_id"], paid["actor"]) == ("warning", cid, OPERATOR)
        assert paid["summary"] == (f"complaint case {reference}: compensation of 25,00 €"
                                   " paid (payment, decision 1)")
        assert paid["detail"] == {"case_id": cid, "case_reference": reference, "decision": 1,
                                  "kind": "payment", "amount_cents": 2_500,
                                  "transfer_ids": [f"compensation:{cid}:1"]}
        escalated = only(rows, "complaint_escalated")
        assert (escalated["severity"], escalated["target_id"]) == ("warning", cid)
        assert escalated["summary"] == (f"complaint case {reference} escalated to SRIJ (their"
                                        " reference SRIJ-1)")
        policy = only(rows, "complaint_policy_published")  # 903-B 6.3.6(6)
        assert (policy["severity"], policy["actor"]) == ("info", OPERATOR)
        assert policy["detail"]["version"] == 1 and policy["detail"]["extra_holidays"] == 1
        assert (policy["detail"]["four_eyes_above_cents"],
                policy["detail"]["deadlines"]["payment"]) == (5_000,
                                                              {"acknowledge": 1, "answer": 5})
        assert "payment 1/5" in policy["summary"] and "four eyes above 50,00 €" in \
            policy["summary"]

        jackpot = only(rows, "jackpot_won")  # Portaria r9e: a flush, 50 × the stake
        assert (jackpot["jogada_id"], jackpot["detail"]["amount_cents"]) == (
            s.jackpot_jogada, 50 * JACKPOT_STAKE)
        assert jackpot["summary"].startswith(f"jackpot prizes of {euros(50 * JACKPOT_STAKE)}"
                                             " paid in jogada")

        modes = [r for r in rows if r["kind"] == "certification_mode_changed"]
        assert [(r["position"], r["detail"]) for r in modes] == [
            (s.first_uncertified, {"certification_mode": False}),
            (s.first_certified, {"certification_mode": True})]
        assert all(r["severity"] == "warning" and r["actor"] is None for r in modes)
        assert_links_are_the_stored_events(ledger, rows)
    finally:
        ledger.close()


def assert_links_are_the_stored_events(ledger: Ledger, rows: list[dict[str, Any]]) -> None:
    """Every link names the event stored at its notification id, and the entry's time and
    actor are that event's."""
    for row in rows:
        for link in row["events"]:
            (stored,) = ledger.app.recorder.select_notifications(
                start=link["notification_id"], limit=1, stop=link["notification_id"])
            assert (str(stored.originator_id), stored.originator_version, stored.topic) == (
                link["originator_id"], link["originator_version"], link["topic"])
        first = ledger.app.mapper.to_domain_event(ledger.app.recorder.select_notifications(
            start=row["position"], limit=1, stop=row["position"])[0])
        assert row["recorded_at"] == first.at
        assert row["events"][0]["notification_id"] == row["position"]


def test_903b_6_3_3_a_rebuild_from_the_events_alone_gives_the_same_rows(make_settings,
                                                                       clock):
    """The read model is rebuilt from the events alone: in one page, and in pages of two
    events (a correction's legs on two pages, the mode followed across pages), the same rows
    and the same state as the live, incremental one."""
    _, ledger = story(make_settings, clock)
    try:
        settle(ledger)
        ledger.projections.stop()  # a rebuild is an offline operation
        live = snapshot(ledger, (NAME,))
        assert live["significant_events"] and live["significant_events_state"]
        assert ledger.projections.rebuild(names=[NAME]) > 0
        assert snapshot(ledger, (NAME,)) == live
        fresh = ProjectionRunner(ledger.app, ledger.projections.engine,
                                 [SignificantEventsProjection(ledger.games)], page_size=2)
        fresh.rebuild()
        assert snapshot(ledger, (NAME,)) == live
    finally:
        ledger.close()


def test_903b_6_3_3_filters_and_pages(make_settings, clock):
    s, ledger = story(make_settings, clock)
    try:
        rows = entries(ledger)
        engine = ledger.projections.engine
        assert {r["kind"] for r in entries(ledger, kinds=["recovery", "correction"])} == {
            "recovery", "correction"}
        assert {r["severity"] for r in entries(ledger, severity="error")} == {"error"}
        assert {r["game"] for r in entries(ledger, game="bingo")} == {"bingo"}
        assert {r["kind"] for r in entries(ledger, venue_id=s.room["venue_id"])} == {
            "venue_opened", "connection_lost", "jogada_voided"}
        assert {r["kind"] for r in entries(ledger, jogada_id=s.voided)} == {
            "jogada_voided", "integrity_failure"}
        middle = rows[len(rows) // 2]["recorded_at"]
        assert entries(ledger, since=middle) == [r for r in rows if r["recorded_at"] >= middle]
        assert entries(ledger, until=middle) == [r for r in rows if r["recorded_at"] < middle]
        paged, cursor = [], None
        while True:
            page, cursor = model.entries(engine, limit=3, before=cursor)
            paged += page
            if cursor is None:
                break
        assert paged == rows
    finally:
        ledger.close()


def test_903b_6_7_3_an_rng_failure_is_recorded_once(make_settings, clock):
    """903-B 6.7.3: the seed source fails its health test (all zeros): the jogada is refused,
    and the failure is recorded once (RngFailureReported), however often games try again."""
    zeros = SystemSeedSource(token_bytes=lambda n: bytes(n))
    ledger = build_ledger(make_settings(), clock=clock, seeds=zeros)
    try:
        room = bingo.new_room(ledger, bingo.config("90"))
        for _ in range(2):
            with pytest.raises(RngHealthError):
                bingo.open_jogada(ledger, room)
        ledger.extras["rng_failure_report"].result()
        (failure,) = entries(ledger, kinds=["rng_failure"])
        assert (failure["severity"], failure["actor"]) == ("error", "system:rng")
        assert failure["summary"].startswith("RNG check health_test failed (seed_source): the"
                                             " OS RNG returned all zeros; open_bingo_jogada")
    finally:
        ledger.close()


@pytest.mark.parametrize("fields, field", [
    ({"source": ""}, "source"), ({"check": "a\nb"}, "check"), ({"detail": " "}, "detail"),
    ({"notification_id": 0}, "notification_id"), ({"notification_id": True}, "notification_id"),
    ({"checkpoint": -1}, "checkpoint"), ({"jogada_id": "x" * 201}, "jogada_id"),
    ({"actor": "someone"}, "actor"),
])
def test_903b_7_9_1_a_report_names_the_field_it_refuses(ledger, fields, field):
    report = {"source": "verify", "check": "chain", "detail": "leaf 3"} | fields
    with pytest.raises(InvalidInputError) as refused:
        ledger.run(ReportIntegrityFailure(**report))
    assert refused.value.field == field
    assert entries(ledger) == []


def test_every_core_kind_is_snake_case_and_every_event_class_has_a_topic():
    for kind in CORE.kinds:
        assert kind == kind.lower() and " " not in kind
    assert all(getattr(cls, "TOPIC", "").startswith("ledger.") for cls in CORE.classify)
