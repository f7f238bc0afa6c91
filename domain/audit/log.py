"""The audit stream: failures the service found in itself, recorded as events (903-B 6.3.3(3):
every system error is logged with its cause, and can be reported, 6.3.3(4); 7.7.6(1): system
failures are in the audit record; GLI-19 §2.8: integrity and RNG failures are significant
events).

One stream with a fixed id. Its first report creates it (``Created``); then each report is one
event, naming who or what found it (``source``: ``verify``, ``sealer``, ``seed_source``…), the
check that failed and a description, with references to what it concerns (a notification id,
a jogada, an audit checkpoint) when the reporter knows them:

- ``IntegrityFailureReported``: a check of the record failed (a hash chain, a checkpoint, a
  balance that does not add up): ``ReportIntegrityFailure`` (domain/core_commands.py).
- ``RngFailureReported``: the seed source failed its health test and games stop until it is
  mended (903-B 6.7.3): ``ReportRngFailure``, sent by the ledger itself (infra/container.py
  ``Ledger.prepare``) the first time a draw fails in a process.

The aggregate keeps only counts, so its snapshots stay small however long it grows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.actors import check_actor, system_actor
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import InvalidInputError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_no_nul, check_text
from domain.kernel.uow import UnitOfWork

AUDIT_LOG_ID = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/audit")
MAX_NAME = 64  # a source's or a check's name
MAX_DETAIL = 4000  # what failed, as the reporter says it (may span lines)
RULE = cite(T903B, "6.3.3(3)")


class AuditLog(LedgerAggregate):
    @event("Created", topic="ledger.AuditLog.Created")
    def __init__(self, actor: str, at: datetime) -> None:
        self.integrity_failures = 0
        self.rng_failures = 0

    @staticmethod
    def create_id(**_: Any) -> UUID:  # type: ignore[override]
        return AUDIT_LOG_ID

    @event("IntegrityFailureReported", topic="ledger.AuditLog.IntegrityFailureReported")
    def _integrity_failure(self, source: str, check: str, detail: str, refs: dict[str, Any],
                           actor: str, at: datetime) -> None:
        self.integrity_failures += 1

    @event("RngFailureReported", topic="ledger.AuditLog.RngFailureReported")
    def _rng_failure(self, source: str, check: str, detail: str, refs: dict[str, Any],
                     actor: str, at: datetime) -> None:
        self.rng_failures += 1


def _audit_log(uow: UnitOfWork, actor: str) -> AuditLog:
    log = uow.find(AUDIT_LOG_ID, AuditLog)
    if log is None:
        log = AuditLog(actor=actor, at=uow.at)
        uow.add(log)
    return log


def _checked(source: Any, check: Any, detail: Any, actor: str | None) -> str:
    """903-B 7.9.1: the names are short text, the detail any text but NUL (a multi-line report
    of a verifier is kept as it is). Returns the actor: the reporter's, or ``system:<source>``."""
    check_text(source, "source", MAX_NAME)
    check_text(check, "check", MAX_NAME)
    if not isinstance(detail, str) or not detail.strip() or len(detail) > MAX_DETAIL:
        raise InvalidInputError(f"detail must be a non-empty string of at most {MAX_DETAIL}"
                                " characters", field="detail", rule=cite(T903B, "7.9.1"))
    check_no_nul(detail, "detail")
    return check_actor(actor if actor is not None else system_actor(source))


def _refs(notification_id: Any, jogada_id: Any, checkpoint: Any) -> dict[str, Any]:
    """What the failure concerns, the references the reporter gave (None: not given)."""
    refs: dict[str, Any] = {}
    if notification_id is not None:
        if isinstance(notification_id, bool) or not isinstance(notification_id, int) \
                or not 1 <= notification_id < 2**63:
            raise InvalidInputError("notification_id must be a notification id (an integer"
                                    " ≥ 1)", field="notification_id")
        refs["notification_id"] = notification_id
    if jogada_id is not None:
        refs["jogada_id"] = check_text(jogada_id, "jogada_id", 200)
    if checkpoint is not None:
        if isinstance(checkpoint, bool) or not isinstance(checkpoint, (int, str)) or (
                isinstance(checkpoint, int) and checkpoint < 0):
            raise InvalidInputError("checkpoint must be a checkpoint's number (≥ 0) or name",
                                    field="checkpoint")
        refs["checkpoint"] = checkpoint if isinstance(checkpoint, int) \
            else check_text(checkpoint, "checkpoint", 200)
    return refs


def report_integrity_failure(uow: UnitOfWork, *, source: str, check: str, detail: str,
                             notification_id: int | None = None, jogada_id: str | None = None,
                             checkpoint: int | str | None = None,
                             actor: str | None = None) -> dict[str, Any]:
    """Record that a check of the record's integrity failed (903-B 6.3.3(3), 3.1 of the
    digest: the record is append-only, so a failure is itself a new entry)."""
    actor = _checked(source, check, detail, actor)
    refs = _refs(notification_id, jogada_id, checkpoint)
    log = _audit_log(uow, actor)
    log._integrity_failure(source=source, check=check, detail=detail, refs=refs, actor=actor,
                           at=uow.at)
    return {"recorded": True, "audit_version": log.version, "source": source, "check": check,
            "refs": refs, "rule": RULE}


def report_rng_failure(uow: UnitOfWork, *, source: str, check: str, detail: str,
                       actor: str | None = None) -> dict[str, Any]:
    """Record that the RNG failed its health test (903-B 6.7.3: games are disabled)."""
    actor = _checked(source, check, detail, actor)
    log = _audit_log(uow, actor)
    log._rng_failure(source=source, check=check, detail=detail, refs={}, actor=actor, at=uow.at)
    return {"recorded": True, "audit_version": log.version, "source": source, "check": check,
            "rule": cite(T903B, "6.7.3")}
