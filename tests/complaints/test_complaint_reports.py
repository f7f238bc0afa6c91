"""Reports on complaint cases (issue 16) over a period, from real commands at known times on
both backends: counts by case type, channel and outcome, the nearest-rank median and 90th
percentile of the hours to acknowledge and to resolve, the compensation paid, as a dict and
as CSV."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest

from projections.complaint_reports import (CSV_COLUMNS, hours, nearest_rank, report,
                                           report_csv, report_rows)
from tests.complaints.support import (MONDAY, acknowledge, day, decide, engine, new_player,
                                      open_case)

SESSION = "00000000-0000-4000-8000-000000000001"
UNTIL = day(7)


@pytest.mark.parametrize("values, percent, expected", [
    ([], 50, None), ([7], 50, 7), ([7], 90, 7), ([4, 1, 3, 2], 50, 2), ([4, 1, 3, 2], 90, 4),
    ([1, 2, 3, 4, 5], 50, 3), (list(range(1, 11)), 90, 9), (list(range(1, 12)), 90, 10),
    ([3, 1], 0, 1), ([3, 1], 100, 3),
])
def test_nearest_rank_is_the_ceiling_rank_never_a_mean(values, percent, expected):
    assert nearest_rank(values, percent) == expected


def test_hours_have_one_decimal_rounded_half_up():
    assert (hours(180), hours(179), hours(5_400), hours(0), hours(None)) == (
        0.1, 0.0, 1.5, 0.0, None)
    assert hours(3_600 * 2.25) == 2.3  # not the float's 2.2 (banker's or binary)


def known_durations(ledger, clock) -> dict[str, str]:
    """Five cases opened on Monday 5 January 2026 at noon (the period's start), acknowledged
    3 min, 1 h, 1 h 30, 4 h and 30 h later; three resolved 10 h (rejected), 20 h (upheld,
    25,00 € paid) and 50 h (partly upheld, 10,00 € paid) after opening. One case opened before
    the period and one after it."""
    player = new_player(ledger)
    clock.set(MONDAY - timedelta(days=3))
    before = open_case(ledger, player, "before")
    clock.set(MONDAY)
    c = {"account": open_case(ledger, player, "c1"),
         "payment": open_case(ledger, player, "c2", case_type="payment",
                              channel="complaints_book"),
         "jogada": open_case(ledger, player, "c3", case_type="jogada", channel="srij",
                             jogada_ids=["j-9"]),
         "other": open_case(ledger, player, "c4", case_type="other"),
         "session": open_case(ledger, player, "c5", case_type="session", channel="adr",
                              session_id=SESSION)}
    steps = [(3 / 60, acknowledge, "jogada"), (1, acknowledge, "account"),
             (1.5, acknowledge, "payment"), (4, acknowledge, "other"),
             (10, lambda lg, cid: decide(lg, cid, "rejected"), "account"),
             (20, lambda lg, cid: decide(lg, cid, "upheld", {"kind": "payment",
                                                              "amount_cents": 2_500}), "payment"),
             (30, acknowledge, "session"),
             (50, lambda lg, cid: decide(lg, cid, "partly_upheld", {"kind": "payment",
                                                                     "amount_cents": 1_000}),
              "other")]
    for after, step, which in steps:
        clock.set(MONDAY + timedelta(hours=after))
        step(ledger, c[which])
    clock.set(UNTIL)  # opened at the period's end: the next period's
    acknowledge(ledger, open_case(ledger, player, "after"))
    acknowledge(ledger, before)
    return c


def test_a_period_report_counts_and_times_the_cases_opened_in_it(ledger, clock):
    known_durations(ledger, clock)
    found = report(engine(ledger), since=MONDAY, until=UNTIL)
    assert (found["since"], found["until"]) == ("2026-01-05T12:00:00+00:00",
                                                "2026-01-07T12:00:00+00:00")
    assert found["total"] == {
        "cases": 5, "acknowledged": 5, "resolved": 3,
        "hours_to_acknowledge": {"count": 5, "median": 1.5, "p90": 30.0},
        "hours_to_resolve": {"count": 3, "median": 20.0, "p90": 50.0},
        "compensation_paid_cents": 3_500,
        "compensation_by_kind": {"payment": 3_500, "correction": 0, "game_refund": 0}}
    operator = found["by_channel"]["operator"]  # an even count: the lower middle
    assert (operator["cases"], operator["hours_to_acknowledge"], operator["hours_to_resolve"],
            operator["compensation_paid_cents"]) == (
        2, {"count": 2, "median": 1.0, "p90": 4.0}, {"count": 2, "median": 10.0, "p90": 50.0},
        1_000)
    assert {k: v["cases"] for k, v in found["by_channel"].items()} == {
        "operator": 2, "complaints_book": 1, "srij": 1, "adr": 1}
    assert {k: v["cases"] for k, v in found["by_case_type"].items()} == dict.fromkeys(
        ("jogada", "payment", "session", "account", "other"), 1)
    assert {k: (v["cases"], v["resolved"]) for k, v in found["by_outcome"].items()} == {
        "upheld": (1, 1), "partly_upheld": (1, 1), "rejected": (1, 1), "none": (2, 0)}
    assert found["by_outcome"]["none"]["hours_to_resolve"] == {"count": 0, "median": None,
                                                               "p90": None}
    assert found["by_case_type"]["jogada"]["hours_to_acknowledge"]["median"] == 0.1
    assert report(engine(ledger), since=MONDAY, until=UNTIL) == found  # deterministic
    empty = report(engine(ledger), since=day(20), until=day(21))["total"]
    assert (empty["cases"], empty["hours_to_acknowledge"]["median"]) == (0, None)


def test_the_csv_has_a_header_then_the_total_and_every_group(ledger, clock):
    known_durations(ledger, clock)
    rows = report_rows(engine(ledger), since=MONDAY, until=UNTIL)
    text = report_csv(rows)
    lines = text.split("\r\n")
    assert lines[0] == ",".join(CSV_COLUMNS) and lines[-1] == ""
    assert lines[1] == "total,all,5,5,3,1.5,30.0,20.0,50.0,3500,3500,0,0"
    assert "outcome,none,2,2,0,0.1,30.0,,,0,0,0,0" in lines
    assert "channel,operator,2,2,2,1.0,4.0,10.0,50.0,1000,1000,0,0" in lines
    parsed = list(csv.DictReader(io.StringIO(text)))
    assert [(r["dimension"], r["value"]) for r in parsed] == [(r["dimension"], r["value"])
                                                              for r in rows]
    assert len(parsed) == 1 + 5 + 4 + 4
    assert report_csv(report_rows(engine(ledger), since=MONDAY, until=UNTIL)) == text
