"""infra/store/serialization.py: every event stored in certification mode is marked (api-contract)."""

from __future__ import annotations

import json

from domain.kernel.actors import staff_actor
from infra.container import build_ledger
from infra.store.serialization import CertificationModeMapper, LedgerMapper, is_marked

OPERATOR = staff_actor("00000000-0000-0000-0000-000000000001")


def all_events(ledger):
    """Every stored event and snapshot, raw and decoded by the application's mapper."""
    notifications = ledger.app.recorder.select_notifications(start=1, limit=10_000)
    return [(n, ledger.app.mapper.to_domain_event(n)) for n in notifications]


def use_money(ledger, key: str) -> None:
    player_id, _ = ledger.register_player(display_name="Ana", actor=OPERATOR)
    ledger.deposit(player_id, 1_000, key, actor=OPERATOR)


def test_certification_mode_marks_every_stored_event(make_settings, clock):
    ledger = build_ledger(make_settings(certification_mode="1"), clock=clock)
    try:
        assert isinstance(ledger.app.mapper, CertificationModeMapper)
        assert ledger.app.env.get("CERTIFICATION_MODE") == "1"
        use_money(ledger, "k1")
        events = all_events(ledger)
        assert len(events) >= 6  # house, cashier, player, wallet, two transfer legs, receipt
        for stored, event in events:
            assert is_marked(event) and event.certification_mode is True
            assert json.loads(stored.state)["certification_mode"] is True
    finally:
        ledger.close()


def test_off_leaves_events_unmarked(ledger):
    assert type(ledger.app.mapper) is LedgerMapper
    use_money(ledger, "k1")
    for stored, event in all_events(ledger):
        assert not is_marked(event) and not hasattr(event, "certification_mode")
        assert "certification_mode" not in json.loads(stored.state)


def test_events_of_both_modes_load_together(make_settings, clock):
    """An unmarked history still loads in certification mode, and the reverse."""
    plain = build_ledger(make_settings(), clock=clock, with_projections=False)
    try:
        player_id, _ = plain.register_player(display_name="Ana", actor=OPERATOR)
        plain.deposit(player_id, 1_000, "k1", actor=OPERATOR)
    finally:
        plain.close()
    certified = build_ledger(make_settings(certification_mode="1"), clock=clock,
                             with_projections=False)
    try:
        result = certified.deposit(player_id, 500, "k2", actor=OPERATOR)
        assert result["available_cents"] == 1_500
        marks = [is_marked(event) for _, event in all_events(certified)]
        before = marks.index(True)
        assert not any(marks[:before]) and all(marks[before:])
    finally:
        certified.close()
    again = build_ledger(make_settings(), clock=clock, with_projections=False)
    try:
        assert again.deposit(player_id, 1, "k3", actor=OPERATOR)["available_cents"] == 1_501
        marks = [is_marked(event) for _, event in all_events(again)]
        assert marks.count(True) >= 3 and marks[-1] is False
    finally:
        again.close()
