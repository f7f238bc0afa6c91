"""The core's significant events (domain/kernel/significant.py), in one place: the events of API keys,
the bootstrap key, corrections, rule sets and the audit stream, and the certification mode
changes the projection finds itself. The games declare theirs in ``Game.significant``.

| kind | event | severity |
|---|---|---|
| ``ruleset_published`` | ``RuleSet.SettingsVersionPublished`` (903-B 6.1.5, 6.3.6(6)) | info |
| ``staff_registered`` | ``Principal.Registered`` of a staff role (903-B 7.4.3(1), 7.7.6(1)) | info |
| ``staff_role_changed`` | ``Principal.RoleChanged`` (GLI-19 §2.8; 903-B 7.4.3(1), 7.7.6(1)) | warning |
| ``api_key_rotated`` | ``Principal.ApiKeyRotated`` (903-B 5.2.3(2), 7.7.6(1)) | info |
| ``api_key_revoked`` | ``Principal.ApiKeyRevoked`` (903-B 7.2.2) | warning |
| ``bootstrap_key_disabled`` | ``BootstrapKey.Disabled`` (903-B 7.4.3(1)) | info |
| ``correction`` | the two legs of a correction, ``Account.Debited``/``Credited`` (903-B 1.5) | warning |
| ``integrity_failure`` | ``AuditLog.IntegrityFailureReported`` (903-B 6.3.3(3)) | error |
| ``rng_failure`` | ``AuditLog.RngFailureReported`` (903-B 6.7.3) | error |
| ``certification_mode_changed`` | the first event recorded in another mode (api-contract) | warning |
| ``complaint_compensation_paid`` | ``ComplaintCase.CompensationPaid`` (money moved) | warning |
| ``complaint_escalated`` | ``ComplaintCase.Escalated`` (to SRIJ or an ADR body) | warning |
| ``complaint_policy_published`` | ``ComplaintPolicy.PolicyPublished`` (903-B 6.3.6(6)) | info |

Amounts in the summaries are in euros ("15,00 €", domain/kernel/viewer.py ``euros``); the
``detail`` keeps them in integer cents. A staff role is granted at registration
(``staff_registered``) or by a change of role (``staff_role_changed``: who, the old and the new
role, why, by whom); together they are every grant of a staff role.

A complaint case's later events do not carry its reference: its ``Opened`` names the stream
(``NameOfStream``) and the entries of its payments and escalations are ``Named`` by it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from domain.access.bootstrap_key import BootstrapKey
from domain.access.principals import Principal
from domain.audit.log import AuditLog
from domain.complaints.case import ComplaintCase
from domain.complaints.policy import ComplaintPolicy
from domain.kernel.actors import STAFF_ROLES
from domain.kernel.game import Games
from domain.kernel.significant import (
    CERTIFICATION_MODE_CHANGED,
    ERROR,
    INFO,
    WARNING,
    Named,
    NameOfStream,
    Significant,
    SignificantEvents,
    VenueOfStream,
    check_kinds,
)
from domain.kernel.viewer import euros
from domain.ledger.accounts import Account
from domain.rulesets.versions import RuleSet

RULESET_PUBLISHED = "ruleset_published"
STAFF_REGISTERED = "staff_registered"
STAFF_ROLE_CHANGED = "staff_role_changed"
API_KEY_ROTATED = "api_key_rotated"
API_KEY_REVOKED = "api_key_revoked"
BOOTSTRAP_KEY_DISABLED = "bootstrap_key_disabled"
CORRECTION = "correction"
INTEGRITY_FAILURE = "integrity_failure"
RNG_FAILURE = "rng_failure"
COMPLAINT_COMPENSATION_PAID = "complaint_compensation_paid"
COMPLAINT_ESCALATED = "complaint_escalated"
COMPLAINT_POLICY_PUBLISHED = "complaint_policy_published"
_BODY_NAMES = {"srij": "SRIJ", "adr": "an ADR body (resolução alternativa de litígios)"}
# The references of a correction's legs (domain/ledger/corrections.py: refs.corrects names the
# original): only account events holding these bytes are decoded for this read model.
CORRECTION_MARKER = b'"corrects"'


def _role(role: str) -> str:
    return role.replace("_", " ")


def _staff_registered(e: Any) -> Significant | None:
    """903-B 7.4.3(1) access granted by authorised staff, 7.7.6(1) staff actions: a staff
    member registered with its role, by whom (players' registrations are not significant)."""
    if e.role not in STAFF_ROLES:
        return None
    return Significant(STAFF_REGISTERED, f"staff member {e.display_name} ({e.originator_id})"
                       f" registered as {_role(e.role)} by {e.actor}", INFO,
                       target_id=str(e.originator_id),
                       detail={"role": e.role, "display_name": e.display_name})


def _staff_role_changed(e: Any) -> Significant:
    """GLI-19 §2.8: a change of a user's privileges; 903-B 7.7.6(1) staff actions. The event
    carries the staff member's name, so the entry names the person without its registration."""
    detail = {"display_name": e.display_name, "previous_role": e.old_role,
              "role": e.new_role, "reason": e.reason}
    return Significant(STAFF_ROLE_CHANGED, f"staff member {e.display_name} ({e.originator_id})"
                       f": role changed from {_role(e.old_role)} to {_role(e.new_role)} by"
                       f" {e.actor}; reason: {_first_line(e.reason)}", WARNING,
                       target_id=str(e.originator_id), detail=detail)


def _holder(e: Any) -> str:
    """Who changed a key: its holder itself (903-B 7.4.3(2)) or someone else."""
    return "its holder" if e.actor.endswith(str(e.originator_id)) else e.actor


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[:limit - 1] + "…"


def _iso(when: Any) -> Any:
    return when.isoformat() if isinstance(when, datetime) else when


def _published(e: Any) -> Significant:
    """903-B 6.1.5, 6.3.6(6): a change of a venue's game parameters (the venue is the rule
    set's, from its ``Created``)."""
    note = f"; note: {e.note}" if e.note else ""
    return Significant(RULESET_PUBLISHED, f"rule-set version {e.version} published, in force"
                       f" from {_iso(e.effective_from)}{note}", INFO,
                       detail={"version": e.version, "effective_from": _iso(e.effective_from),
                               "note": e.note})


def _correction(e: Any) -> Significant | None:
    """903-B 1.5: a correction is a new, opposite transfer pointing at the original; its
    debit and its credit make one entry."""
    corrects = (e.refs or {}).get("corrects")
    if e.reason != "correction" or not corrects:
        return None
    direction = "to" if isinstance(e, Account.Debited) else "from"
    note = (e.refs or {}).get("note")
    return Significant(CORRECTION, f"transfer {corrects} corrected: {euros(e.amount_cents)}"
                       f" moved back {direction} {e.counterparty}"
                       + (f" ({note})" if note else ""), WARNING, target_id=corrects,
                       detail={"corrects": corrects, "transfer_id": e.transfer_id,
                               "amount_cents": e.amount_cents, "reason": note},
                       group=e.transfer_id)


def _failure(kind: str, what: str) -> Any:
    def classify(e: Any) -> Significant:
        refs = dict(e.refs or {})
        return Significant(kind, f"{what} {e.check} failed ({e.source}): "
                           f"{_first_line(e.detail)}", ERROR, jogada_id=refs.get("jogada_id"),
                           detail={"source": e.source, "check": e.check, **refs})
    return classify


def _case(e: Any, reference: str | None) -> dict[str, Any]:
    return {"case_id": str(e.originator_id), "case_reference": reference}


def _compensation_paid(e: Any) -> Named:
    """Money moved by a complaint case (through the ledger only: a payment from the house, a
    correction, or the game's own void), naming the case and the amount."""
    def entry(reference: str | None) -> Significant:
        jogada_id = None
        if e.kind == "game_refund":  # the jogada voided by its game: "void:<jogada id>"
            jogada_id = next((t.partition(":")[2] for t in e.transfer_ids
                              if t.startswith("void:")), None)
        return Significant(
            COMPLAINT_COMPENSATION_PAID, f"complaint case {reference or e.originator_id}:"
            f" compensation of {euros(e.amount_cents)} paid ({e.kind}, decision {e.number})",
            WARNING, target_id=str(e.originator_id), jogada_id=jogada_id,
            detail={**_case(e, reference), "decision": e.number, "kind": e.kind,
                    "amount_cents": e.amount_cents, "transfer_ids": list(e.transfer_ids)})
    return Named(entry)


def _escalated(e: Any) -> Named:
    def entry(reference: str | None) -> Significant:
        theirs = f" (their reference {e.reference})" if e.reference else ""
        return Significant(
            COMPLAINT_ESCALATED, f"complaint case {reference or e.originator_id} escalated to"
            f" {_BODY_NAMES.get(e.body, e.body)}{theirs}", WARNING,
            target_id=str(e.originator_id),
            detail={**_case(e, reference), "body": e.body, "reference": e.reference})
    return Named(entry)


def _policy_published(e: Any) -> Significant:
    """903-B 6.3.6(6)-like: a change of the complaints configuration (deadlines, the holiday
    calendar, the four-eyes amount, the largest compensation)."""
    p = e.settings
    deadlines = ", ".join(f"{case_type} {days['acknowledge']}/{days['answer']}"
                          for case_type, days in p["deadlines"].items())
    extra = len(p["holidays"])
    calendar = ("national holidays" if p["national_holidays"] else "no national holidays") + (
        f" and {extra} more dates" if extra else "")
    return Significant(
        COMPLAINT_POLICY_PUBLISHED, f"complaint policy version {e.version} published:"
        f" deadlines (acknowledge/answer, working days) {deadlines}; {calendar}; four eyes"
        f" above {euros(p['four_eyes_above_cents'])}; at most"
        f" {euros(p['max_compensation_cents'])} per compensation", INFO,
        detail={"version": e.version, "deadlines": p["deadlines"],
                "national_holidays": p["national_holidays"], "extra_holidays": extra,
                "four_eyes_above_cents": p["four_eyes_above_cents"],
                "max_compensation_cents": p["max_compensation_cents"]})


CORE = SignificantEvents(
    kinds={
        RULESET_PUBLISHED: "a new rule-set version of a table or room was published"
                           " (903-B 6.1.5, 6.3.6(6))",
        STAFF_REGISTERED: "a staff member (operator, auditor, complaint handler) was registered"
                          " with its role (903-B 7.4.3(1), 7.7.6(1))",
        STAFF_ROLE_CHANGED: "a staff member was given another staff role, for a reason"
                            " (GLI-19 §2.8 privileges; 903-B 7.4.3(1), 7.7.6(1))",
        API_KEY_ROTATED: "a player's or a staff member's API key was replaced (903-B 5.2.3(2))",
        API_KEY_REVOKED: "an API key was revoked (903-B 7.2.2)",
        BOOTSTRAP_KEY_DISABLED: "the bootstrap operator key was disabled (903-B 7.4.3(1))",
        CORRECTION: "a transfer was corrected by an opposite one (903-B 1.5)",
        INTEGRITY_FAILURE: "a check of the record's integrity failed (903-B 6.3.3(3))",
        RNG_FAILURE: "the RNG failed its health test (903-B 6.7.3)",
        CERTIFICATION_MODE_CHANGED: "events began to be recorded in the other certification"
                                    " mode (api-contract: certification mode)",
        COMPLAINT_COMPENSATION_PAID: "a complaint case paid compensation through the ledger"
                                     " (issue 16; 903-B 1.5)",
        COMPLAINT_ESCALATED: "a complaint case was escalated to SRIJ or an ADR body (issue 16)",
        COMPLAINT_POLICY_PUBLISHED: "a new complaint policy version (deadlines, holidays, four"
                                    " eyes, compensation limit) was published (903-B 6.3.6(6))",
    },
    classify={
        RuleSet.Created: lambda e: VenueOfStream(e.venue_id),
        RuleSet.SettingsVersionPublished: _published,
        Principal.Registered: _staff_registered,
        Principal.RoleChanged: _staff_role_changed,
        Principal.ApiKeyRotated: lambda e: Significant(
            API_KEY_ROTATED, f"the API key of {e.originator_id} was replaced by {_holder(e)}",
            INFO, target_id=str(e.originator_id)),
        Principal.ApiKeyRevoked: lambda e: Significant(
            API_KEY_REVOKED, f"the API key of {e.originator_id} was revoked by {e.actor}",
            WARNING, target_id=str(e.originator_id)),
        BootstrapKey.Disabled: lambda e: Significant(
            BOOTSTRAP_KEY_DISABLED, f"the bootstrap operator key was disabled by {e.actor}",
            INFO),
        Account.Debited: _correction,
        Account.Credited: _correction,
        AuditLog.IntegrityFailureReported: _failure(INTEGRITY_FAILURE, "integrity check"),
        AuditLog.RngFailureReported: _failure(RNG_FAILURE, "RNG check"),
        ComplaintCase.Opened: lambda e: NameOfStream(e.reference),
        ComplaintCase.CompensationPaid: _compensation_paid,
        ComplaintCase.Escalated: _escalated,
        ComplaintPolicy.PolicyPublished: _policy_published,
    },
)
# Only a correction's account events are read (the other money events are most of the log).
STATE_MARKERS: Mapping[type, bytes] = {Account.Debited: CORRECTION_MARKER,
                                       Account.Credited: CORRECTION_MARKER}


def kinds(games: Games) -> dict[str, str]:
    """Every kind of this installation: the core's and its games' (the API's vocabulary)."""
    known = dict(CORE.kinds)
    for game in games:
        if game.significant is not None:
            check_kinds(game.significant.kinds, known, game.name)
            known.update(game.significant.kinds)
    return known
