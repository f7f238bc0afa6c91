"""``ledger complaints queue|report`` (issue 16): the handlers' queue (overdue first) and a
period's report from the console, read from the read models; reading writes nothing."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime, timedelta, timezone

from domain.complaints import commands as cc
from infra.container import build_ledger
from tests.api.test_cli import env, run  # noqa: F401  (the fixture and the runner)

A = "staff:00000000-0000-4000-8000-00000000000a"


def _cases(make_settings, clock) -> list[str]:
    """Two cases: an old one, overdue, and one opened today."""
    ledger = build_ledger(make_settings(), clock=clock)
    try:
        player_id, _ = ledger.register_player(display_name="Ana", actor=A)
        refs = []
        for key, when in (("old", clock.now() - timedelta(days=40)), ("new", clock.now())):
            clock.set(when)
            refs.append(ledger.run(cc.OpenCase(
                player_id=str(player_id), case_type="other", channel="operator", subject=key,
                description="d", idempotency_key=key, actor=f"player:{player_id}"))["reference"])
        ledger.projections.wait(ledger.writer.last_position)
        return refs
    finally:
        ledger.close()
        ledger.projections.engine.dispose()


def test_queue_lists_the_overdue_case_first_and_report_counts_both(env, capsys, make_settings,
                                                                     clock):  # noqa: F811
    clock.set(datetime.now(timezone.utc))  # the CLI reads the system clock: today in Lisbon
    old, new = _cases(make_settings, clock)
    code, out, _ = run(capsys, "complaints", "queue")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith(old) and "OVERDUE" in lines[0]
    assert lines[1].startswith(new) and "OVERDUE" not in lines[1]
    assert lines[-1] == "2 open case(s), 1 overdue"
    code, out, _ = run(capsys, "complaints", "queue", "--json")
    assert [r["reference"] for r in json.loads(out)] == [old, new]
    since = (clock.now() - timedelta(days=60)).isoformat()
    until = (clock.now() + timedelta(days=1)).isoformat()
    code, out, _ = run(capsys, "complaints", "report", "--since", since, "--until", until)
    assert code == 0 and json.loads(out)["total"]["cases"] == 2
    code, out, _ = run(capsys, "complaints", "report", "--since", since, "--until", until, "--csv")
    assert code == 0 and list(csv.reader(io.StringIO(out)))[0][0]
    code, _, err = run(capsys, "complaints", "report", "--since", until, "--until", since)
    assert code == 2 and "--since" in err


def test_ledger_verify_passes_on_a_ledger_that_paid_and_corrected_from_cases(
        env, capsys, make_settings, clock):  # noqa: F811
    """The auditor's whole check (accounts transfer by transfer, read models rebuilt, the
    complaint projection included) agrees with a record where cases paid a compensation and
    corrected a deposit."""
    ledger = build_ledger(make_settings(), clock=clock)
    try:
        player_id, _ = ledger.register_player(display_name="Ana", actor=A)
        deposit = ledger.deposit(player_id, 2_000, "d", actor=A)
        b = "staff:00000000-0000-4000-8000-00000000000b"
        for key, compensation in (("pay", {"kind": "payment", "amount_cents": 15_000}),
                                  ("fix", {"kind": "correction",
                                           "transfer_id": deposit["transfer_id"]})):
            case = ledger.complaints.open(
                actor=f"player:{player_id}", player_id=str(player_id), case_type="payment",
                subject=key, description="d", idempotency_key=key,
                transfer_ids=[deposit["transfer_id"]])
            cid = case["case_id"]
            ledger.complaints.acknowledge(cid, actor=A)
            ledger.complaints.propose(cid, outcome="upheld", reasons="r", actor=A,
                                      compensation=compensation)
            ledger.complaints.approve(cid, actor=b)
            ledger.complaints.pay(cid, idempotency_key=key, actor=A)
            ledger.complaints.resolve(cid, actor=A)
        ledger.projections.wait(ledger.writer.last_position)
    finally:
        ledger.close()
        ledger.projections.engine.dispose()
    code, out, _ = run(capsys, "verify")
    assert code == 0, out
    assert out.startswith("VERIFY OK") and "sum of balances 0 cents" in out
