"""Helpers of the complaint read-side tests: real commands through the ledger's writer, at the
test's ManualClock, and the projection caught up before reading."""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import Engine

from domain.complaints import commands as cc

STAFF_A = "staff:00000000-0000-4000-8000-00000000000a"
STAFF_B = "staff:00000000-0000-4000-8000-00000000000b"
# Monday 5 January 2026, noon in Lisbon (winter: UTC): the tests' first day.
MONDAY = datetime(2026, 1, 5, 12, tzinfo=timezone.utc)
NAME = "complaint_cases"


def day(d: int, hour: int = 12) -> datetime:
    """An instant in January 2026 (UTC, which is Lisbon's time in winter)."""
    return datetime(2026, 1, d, hour, tzinfo=timezone.utc)


def jan(d: int) -> date:
    return date(2026, 1, d)


def new_player(ledger: Any, name: str = "Ana") -> str:
    player_id, _ = ledger.register_player(display_name=name, actor="system")
    return str(player_id)


def open_case(ledger: Any, player: str, key: str, *, case_type: str = "account",
              channel: str = "operator", actor: str | None = None, **extra: Any) -> str:
    if channel != "operator":
        extra.setdefault("external_reference", f"{channel.upper()}-{key}")
    if case_type == "payment":
        extra.setdefault("transfer_ids", [f"deposit:{key}"])
    return ledger.run(cc.OpenCase(
        player_id=player, case_type=case_type, channel=channel, subject=f"Assunto {key}",
        description="O saldo não bate certo", idempotency_key=key,
        actor=actor or f"player:{player}", **extra))["case_id"]


def acknowledge(ledger: Any, case_id: str) -> None:
    ledger.run(cc.AcknowledgeCase(case_id=case_id, actor=STAFF_A, message="Recebida"))


def decide(ledger: Any, case_id: str, outcome: str = "rejected",
           compensation: dict[str, Any] | None = None) -> None:
    """Propose, approve (the second staff member), pay what it pays, resolve."""
    ledger.run(cc.ProposeDecision(case_id=case_id, outcome=outcome, reasons="Analisado",
                                  compensation=compensation, actor=STAFF_A))
    ledger.run(cc.ApproveDecision(case_id=case_id, actor=STAFF_B))
    if compensation is not None:
        ledger.run(cc.PayCompensation(case_id=case_id, idempotency_key=f"pay-{case_id}",
                                      actor=STAFF_A))
    ledger.run(cc.ResolveCase(case_id=case_id, actor=STAFF_A))


def engine(ledger: Any) -> Engine:
    """The projections' engine, once every projection has applied what was written."""
    assert ledger.projections.wait(ledger.writer.last_position, timeout=30)
    return ledger.projections.engine
