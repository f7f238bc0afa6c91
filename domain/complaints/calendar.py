"""Complaint deadlines in working days (issue 16): the holiday calendar and the arithmetic.

A deadline is a date in Lisbon: the last working day on which the operator may still act. It is
counted from the day after the case arrived, skipping Saturdays, Sundays and holidays. The
calendar is configuration (``ComplaintPolicy``, domain/complaints/policy.py): by default the
Portuguese national holidays (Código do Trabalho, Lei 7/2009, art. 234: 1 January, Good Friday,
Easter Sunday, 25 April, 1 May, Corpus Christi, 10 June, 15 August, 5 October, 1 November,
1 December, 8 December, 25 December), plus any dates the operator adds (a municipal holiday,
a bridge day), or only the operator's dates.

Pure: a case records the deadlines computed when it was opened or when the clock restarted,
so a replay never needs the calendar that was in force.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache

from domain.kernel.errors import InvalidInputError

WEEKEND = (5, 6)  # Saturday, Sunday
MAX_WORKING_DAYS = 365


def easter_sunday(year: int) -> date:
    """The Gregorian Easter Sunday (the anonymous Gregorian algorithm, Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month = (h + ell - 7 * m + 114) // 31
    day = (h + ell - 7 * m + 114) % 31 + 1
    return date(year, month, day)


@lru_cache(maxsize=256)
def portuguese_holidays(year: int) -> frozenset[date]:
    """The national holidays of Portugal in ``year`` (Lei 7/2009 art. 234, as restored in 2016)."""
    easter = easter_sunday(year)
    fixed = [(1, 1), (4, 25), (5, 1), (6, 10), (8, 15), (10, 5), (11, 1), (12, 1), (12, 8),
             (12, 25)]
    movable = [easter - timedelta(days=2), easter, easter + timedelta(days=60)]
    return frozenset([date(year, m, d) for m, d in fixed] + movable)


def _last_sunday(year: int, month: int) -> date:
    day = date(year, month, 31)
    return day - timedelta(days=(day.weekday() + 1) % 7)


def lisbon_date(at: datetime) -> date:
    """The calendar day in mainland Portugal of an instant: UTC in winter, UTC+1 in summer,
    from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October
    (Directive 2000/84/EC, as Portugal applies it). Computed, not read from a time-zone
    database, so the domain stays pure."""
    utc = at.astimezone(timezone.utc)
    start = datetime.combine(_last_sunday(utc.year, 3), datetime.min.time(), timezone.utc)
    end = datetime.combine(_last_sunday(utc.year, 10), datetime.min.time(), timezone.utc)
    summer = start + timedelta(hours=1) <= utc < end + timedelta(hours=1)
    return (utc + timedelta(hours=1 if summer else 0)).date()


def parse_holidays(values: Iterable[object], field: str = "holidays") -> list[str]:
    """ISO dates (``YYYY-MM-DD``), each a real date: returned sorted and without repeats.
    The error names the entry (``holidays[3]``)."""
    if isinstance(values, (str, bytes)) or not isinstance(values, (list, tuple)):
        raise InvalidInputError(f"{field} must be a list of dates (YYYY-MM-DD)", field=field)
    if len(values) > 1000:
        raise InvalidInputError(f"{field} holds at most 1000 dates", field=field)
    out: set[str] = set()
    for index, value in enumerate(values):
        try:
            if not isinstance(value, str) or len(value) != 10:
                raise ValueError
            out.add(date.fromisoformat(value).isoformat())
        except ValueError:
            raise InvalidInputError(f"{field}[{index}] must be a real date written YYYY-MM-DD,"
                                    f" not {value!r}", field=f"{field}[{index}]") from None
    return sorted(out)


class Calendar:
    """Working days: Monday to Friday, except the holidays."""

    def __init__(self, extra: Iterable[str] = (), *, national: bool = True) -> None:
        self.extra = frozenset(date.fromisoformat(d) for d in extra)
        self.national = national

    def is_working_day(self, day: date) -> bool:
        if day.weekday() in WEEKEND or day in self.extra:
            return False
        return not (self.national and day in portuguese_holidays(day.year))

    def add_working_days(self, start: date, days: int) -> date:
        """The ``days``-th working day after ``start`` (``start`` itself is not counted);
        ``start`` for 0."""
        if not 0 <= days <= MAX_WORKING_DAYS:
            raise InvalidInputError(f"a deadline is 0 to {MAX_WORKING_DAYS} working days",
                                    field="working_days")
        day = start
        while days:
            day += timedelta(days=1)
            if self.is_working_day(day):
                days -= 1
        return day

    def working_days_between(self, first: date, last: date) -> int:
        """The working days after ``first`` up to and including ``last`` (0 if ``last`` is
        not after ``first``): how long a paused clock stood still."""
        count, day = 0, first
        while day < last:
            day += timedelta(days=1)
            count += self.is_working_day(day)
        return count
