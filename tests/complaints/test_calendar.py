"""Complaint deadlines (issue 16): working days on the Portuguese holiday calendar, paused
while the case awaits the player; the calendar is configuration, checked date by date."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from domain.complaints import commands as cc
from domain.complaints.calendar import Calendar, easter_sunday, portuguese_holidays
from domain.kernel.errors import InvalidInputError

STAFF = "staff:00000000-0000-4000-8000-00000000000a"


def test_easter_and_the_movable_holidays():
    assert easter_sunday(2026) == date(2026, 4, 5)
    assert easter_sunday(2027) == date(2027, 3, 28)
    days = portuguese_holidays(2026)
    assert date(2026, 4, 3) in days  # Good Friday
    assert date(2026, 6, 4) in days  # Corpus Christi, Easter + 60
    assert date(2026, 4, 25) in days and date(2026, 12, 8) in days
    assert len(days) == 13


def test_working_days_skip_weekends_and_holidays():
    calendar = Calendar()
    # Thursday 30 April 2026 + 1: Friday 1 May is a holiday, then a weekend: Monday 4 May
    assert calendar.add_working_days(date(2026, 4, 30), 1) == date(2026, 5, 4)
    assert calendar.working_days_between(date(2026, 4, 30), date(2026, 5, 4)) == 1
    assert Calendar(["2026-05-04"]).add_working_days(date(2026, 4, 30), 1) == date(2026, 5, 5)
    assert Calendar(national=False).add_working_days(date(2026, 4, 30), 1) == date(2026, 5, 1)


@pytest.mark.parametrize("bad", ["2026-02-30", "2026-13-01", "26-01-01", "tomorrow", 20260101])
def test_a_policy_with_an_invalid_date_is_refused_naming_it(ledger, bad):
    before = ledger.run(cc.ComplaintPolicyInForce())
    with pytest.raises(InvalidInputError) as refused:
        ledger.run(cc.PublishComplaintPolicy(
            holidays=["2026-06-13", bad], national_holidays=True, deadlines={},
            four_eyes_above_cents=10_000, max_compensation_cents=1_000_000, actor=STAFF))
    assert refused.value.field == "holidays[1]"
    assert ledger.run(cc.ComplaintPolicyInForce()) == before


def test_the_answer_deadline_moves_by_the_working_days_the_player_took(ledger, clock):
    player_id, _ = ledger.register_player(display_name="Rita", actor="system")
    clock.set(datetime(2026, 3, 2, 9, tzinfo=timezone.utc))  # Monday
    ledger.run(cc.PublishComplaintPolicy(
        holidays=["2026-03-11"], national_holidays=True,
        deadlines={"other": {"acknowledge": 1, "answer": 5}}, four_eyes_above_cents=10_000,
        max_compensation_cents=1_000_000, actor=STAFF))
    case = ledger.run(cc.OpenCase(player_id=str(player_id), case_type="other", channel="operator",
                                  subject="s", description="d", idempotency_key="k",
                                  actor=f"player:{player_id}"))
    assert (case["acknowledge_due"], case["answer_due"]) == ("2026-03-03", "2026-03-09")
    cid = case["case_id"]
    ledger.run(cc.AcknowledgeCase(case_id=cid, actor=STAFF))
    ledger.run(cc.RequestInformation(case_id=cid, question="?", actor=STAFF))
    clock.set(datetime(2026, 3, 2, 9, tzinfo=timezone.utc) + timedelta(days=8))  # Tue 10 March
    answered = ledger.run(cc.ProvideInformation(case_id=cid, text="!", actor=STAFF))
    # stood still 3–10 March: 6 working days (Tue 3 … Tue 10); 9 March + 6 working days,
    # skipping the operator's holiday on the 11th: Wednesday 18 March
    assert answered["answer_due"] == "2026-03-18"


def test_lisbon_dates_agree_with_the_time_zone_database_hour_by_hour():
    """The domain computes Lisbon's day without a time-zone database (domain/ is pure); the
    test checks it against one, every hour of two years, both changes of the clock included."""
    from zoneinfo import ZoneInfo

    from domain.complaints.calendar import lisbon_date

    lisbon = ZoneInfo("Europe/Lisbon")
    at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    while at < datetime(2028, 1, 1, tzinfo=timezone.utc):
        assert lisbon_date(at) == at.astimezone(lisbon).date(), at
        at += timedelta(minutes=30)
