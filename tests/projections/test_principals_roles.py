"""The principals read model follows a staff member's role (issue 25; GLI-19 §2.8): the role of
the last ``RoleChanged``, its position watched by every HTTP process's key cache (api/auth.py
KeyWatch), the key's own columns untouched; rebuilt from the events alone, in one page or in
pages of one or two events (a change in the same page as the registration or a key change),
the same rows. The Principal aggregate applies streams without the event as before."""

from __future__ import annotations

from uuid import UUID

import pytest

from domain.access.principals import Principal
from domain.kernel.errors import ConflictError, InvalidInputError, RuleViolationError
from infra.projecting.runner import ProjectionRunner
from projections.principals import PrincipalsProjection, key_changes_since, principals
from tests.projections.support import settle, snapshot, table_rows

OPERATOR = "staff:00000000-0000-4000-8000-000000000001"


def _row(ledger, principal_id: UUID) -> dict:
    return next(dict(r._mapping) for r in _rows(ledger) if r.principal_id == principal_id)


def _rows(ledger):
    with ledger.projections.engine.connect() as conn:
        return conn.execute(principals.select()).all()


def test_gli19_2_8_the_read_model_follows_a_role_and_a_rebuild_gives_the_same_rows(ledger):
    ledger.register_staff(role="operator", display_name="Oscar", actor=OPERATOR)
    ines, _ = ledger.register_staff(role="complaint_handler", display_name="Inês",
                                    actor=OPERATOR)
    settle(ledger)
    before = _row(ledger, ines)
    ledger.change_staff_role(ines, role="auditor", reason="audit team", actor=OPERATOR)
    settle(ledger)
    after = _row(ledger, ines)
    assert after["role"] == "auditor"
    assert after["key_changed_position"] > before["key_changed_position"]  # the key watch
    assert {k: after[k] for k in ("api_key_sha256", "key_status", "key_changed_at")} == {
        k: before[k] for k in ("api_key_sha256", "key_status", "key_changed_at")}
    changed, _ = key_changes_since(ledger.projections.engine, before["key_changed_position"])
    assert changed == [ines]

    ledger.rotate_api_key(ines, kind="staff", actor=OPERATOR)
    ledger.change_staff_role(ines, role="operator", reason="night shift", actor=OPERATOR)
    ledger.revoke_api_key(ines, kind="staff", actor=OPERATOR)
    olga, _ = ledger.register_staff(role="operator", display_name="Olga", actor=OPERATOR)
    ledger.change_staff_role(olga, role="complaint_handler", reason="the desk", actor=OPERATOR)
    settle(ledger)
    assert (_row(ledger, ines)["role"], _row(ledger, ines)["key_status"]) == (
        "operator", "revoked")
    assert _row(ledger, olga)["role"] == "complaint_handler"
    ledger.projections.stop()
    live = snapshot(ledger, ("principals",))
    for page_size in (1, 2, 100):
        runner = ProjectionRunner(ledger.app, ledger.projections.engine,
                                  [PrincipalsProjection()], page_size=page_size)
        runner.rebuild()
        assert table_rows(ledger.projections.engine, principals) == live["principals"]


def test_the_aggregate_applies_a_stream_recorded_before_role_changes(ledger):
    """A stream of Registered, ApiKeyRotated, ApiKeyRevoked (all a stream held before the
    change of role existed) applies unchanged; the role is the registered one."""
    carl, _ = ledger.register_staff(role="auditor", display_name="Carl", actor=OPERATOR)
    ledger.rotate_api_key(carl, kind="staff", actor=OPERATOR)
    ledger.revoke_api_key(carl, kind="staff", actor=OPERATOR)
    principal = ledger.app.repository.get(carl)
    assert isinstance(principal, Principal)
    assert (principal.role, principal.key_active, principal.version) == ("auditor", False, 3)


@pytest.mark.parametrize("role, reason, error, field", [
    ("player", "x", InvalidInputError, "role"),
    ("auditor", "x", ConflictError, "role"),  # the role it has
    ("complaint_handler", " ", InvalidInputError, "reason"),
    ("complaint_handler", "x", RuleViolationError, "role"),  # the last active operator
])
def test_903b_7_4_3_1_a_refused_change_names_its_field_and_records_nothing(
        ledger, role, reason, error, field):
    olga, _ = ledger.register_staff(role="operator", display_name="Olga", actor=OPERATOR)
    carl, _ = ledger.register_staff(role="auditor", display_name="Carl", actor=OPERATOR)
    target = olga if error is RuleViolationError else carl
    with pytest.raises(error) as refused:
        ledger.change_staff_role(target, role=role, reason=reason, actor=OPERATOR)
    assert refused.value.field == field
    assert len(ledger.app.recorder.select_events(target)) == 1
