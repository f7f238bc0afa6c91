"""Read side of the complaint cases (projections/complaints.py; issue 16): one case with its
timeline, the cases filtered and paged, the handlers' queue, the overdue counts, and what a
player may see of its own case.

Deadlines: a case's ``due`` is its ``acknowledge_due`` while it is not acknowledged, then its
``answer_due``. The dates are the last working day on which the operator may still act, in
Lisbon, so a case is ``overdue`` when it is open (not resolved or closed; an escalated case is
open), not paused (awaiting the player: the clock stands still) and ``today`` is after its
``due``. ``today`` is the caller's: the Lisbon date of the ledger's clock
(``domain.complaints.calendar.lisbon_date(ledger.clock.now())``), never the machine's.

Names (issue 25): every case row carries ``player_name``, ``assignee_name`` and
``opened_by_name``, every timeline entry ``actor_name`` (and an assignment's
``assignee_name``): the display names the principals read model holds (projections/names.py),
None for an id it does not know. A case's ``letters``: each letter the case produces
(domain/complaints/case.py ``LETTERS``), whether it exists now and its sendings (the
``letter_sent`` entries). ``player_view`` leaves out staff members' names.

Evidence (issue 25): each ``evidence_attached`` entry's detail says which copies the pack has
(``copies``: ``["player", "staff"]`` for a pack shown to the player, ``["staff"]`` for one
kept internal; domain/complaints/investigation.py ``pack_copies``); the player's view lists
the copy the player reads only, without the staff copy's SHA-256.
"""

from __future__ import annotations

import copy
from datetime import date
from typing import Any

from sqlalchemy import Engine, and_, func, not_, select
from sqlalchemy import case as case_when

from domain.complaints.case import ACKNOWLEDGEMENT, FINAL, LETTERS
from domain.complaints.investigation import PLAYER_COPY, pack_copies
from projections.complaints import (
    CLOSED_STATES,
    DETAIL_JSON,
    OPEN_STATES,
    PLAYER_HIDDEN,
)
from projections.complaints import complaint_case_events as events_t
from projections.complaints import complaint_cases as cases_t
from projections.listings import decode_row
from projections.names import actor_names

MAX_CASES = 500
MAX_TIMELINE = 10_000

_t = cases_t
DUE = case_when((_t.c.acknowledged_at.is_(None), _t.c.acknowledge_due),
                else_=_t.c.answer_due).label("due")
IS_OPEN = _t.c.state.notin_(CLOSED_STATES)


def _overdue(today: date) -> Any:
    return and_(IS_OPEN, not_(_t.c.paused), DUE < today)


def _with_due(row: dict[str, Any], today: date) -> dict[str, Any]:
    row["overdue"] = (row["state"] not in CLOSED_STATES and not row["paused"]
                      and today > row["due"])
    return row


def _limit(limit: int) -> int:
    return max(1, min(int(limit), MAX_CASES))


def timeline(engine: Engine, case_id: str) -> list[dict[str, Any]]:
    """The case's events, oldest first: ``notification_id``, ``kind``, ``actor``, ``at``,
    ``visible_to_player``, ``detail``."""
    t = events_t
    query = (select(t.c.notification_id, t.c.kind, t.c.actor, t.c.at, t.c.visible_to_player,
                    t.c.detail).where(t.c.case_id == str(case_id))
             .order_by(t.c.notification_id).limit(MAX_TIMELINE))
    with engine.connect() as conn:
        entries = [decode_row(r, DETAIL_JSON) for r in conn.execute(query)]
    names = actor_names(engine, [e["actor"] for e in entries] + [
        e["detail"].get("assignee") for e in entries if e["kind"] == "assigned"])
    for entry in entries:
        entry["actor_name"] = names.get(entry["actor"])
        if entry["kind"] == "evidence_attached" and entry["detail"].get("spec") is not None:
            detail = entry["detail"]
            detail["copies"] = list(pack_copies(detail["spec"], detail.get("staff_sha256")))
        if entry["kind"] == "assigned":
            entry["assignee_name"] = names.get(entry["detail"].get("assignee"))
    return entries


def with_names(engine: Engine, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each case row with ``player_name``, ``assignee_name``, ``opened_by_name``."""
    names = actor_names(engine, [a for r in rows for a in (
        f"player:{r['player_id']}", r["assignee"], r["opened_by"])])
    for r in rows:
        r["player_name"] = names.get(f"player:{r['player_id']}")
        r["assignee_name"] = names.get(r["assignee"]) if r["assignee"] else None
        r["opened_by_name"] = names.get(r["opened_by"])
    return rows


def letters(row: dict[str, Any], entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The case's letters: ``letter``, ``available`` (the acknowledgement once acknowledged,
    the final answer while a resolution is in force) and ``sent`` (its ``letter_sent``
    entries' details, oldest first, with who sent it)."""
    available = {ACKNOWLEDGEMENT: row["acknowledged_at"] is not None,
                 FINAL: row["outcome"] is not None}
    return [{"letter": letter, "available": available[letter], "sent": [
        {**e["detail"], "sent_by": e["actor"], "sent_by_name": e.get("actor_name"),
         "recorded_at": e["at"]}
        for e in entries if e["kind"] == "letter_sent" and e["detail"].get("letter") == letter]}
        for letter in LETTERS]


def case(engine: Engine, case_id: str, *, today: date | None = None) -> dict[str, Any] | None:
    """The case's row with its ``timeline`` (every entry: staff's view), or None. With
    ``today``, also its ``due`` and ``overdue``."""
    with engine.connect() as conn:
        found = conn.execute(select(_t, DUE).where(_t.c.case_id == str(case_id))).first()
    if found is None:
        return None
    row = decode_row(found, ())
    if today is not None:
        _with_due(row, today)
    else:
        del row["due"]
    with_names(engine, [row])
    row["timeline"] = timeline(engine, row["case_id"])
    row["letters"] = letters(row, row["timeline"])
    return row


def player_view(found: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the case's player may see of ``found`` (a ``case`` answer): the timeline without
    the entries not visible to the player, and without the fields of visible ones that are
    staff's own words (``PLAYER_HIDDEN``: an escalation's or a closing's note). A copy."""
    if found is None:
        return None
    seen = copy.deepcopy({k: v for k, v in found.items() if k != "timeline"})
    seen["assignee_name"] = None
    if not str(seen.get("opened_by", "")).startswith("player:"):
        seen["opened_by_name"] = None
    for letter in seen.get("letters", []):
        for sent in letter["sent"]:
            sent["sent_by_name"] = None
    entries = []
    for entry in found.get("timeline", []):
        if not entry["visible_to_player"]:
            continue
        entry = copy.deepcopy(entry)
        for name in PLAYER_HIDDEN.get(entry["kind"], ()):
            entry["detail"].pop(name, None)
        if PLAYER_COPY in entry["detail"].get("copies", ()):
            entry["detail"]["copies"] = [PLAYER_COPY]  # the one it reads
        if not entry["actor"].startswith("player:"):
            entry["actor_name"] = None
        entries.append(entry)
    seen["timeline"] = entries
    return seen


def cases(engine: Engine, *, player_id: str | None = None, state: str | None = None,
          case_type: str | None = None, channel: str | None = None,
          overdue: bool | None = None, today: date, limit: int = 100,
          after: int | None = None) -> list[dict[str, Any]]:
    """Cases in the order they were opened, filtered by exact ``player_id``, ``state``,
    ``case_type``, ``channel`` and ``overdue`` (True: only the overdue ones; False: the
    others), each with ``due`` and ``overdue``. At most ``limit`` (≤ ``MAX_CASES``) rows; the
    next page: ``after`` = the last row's ``opened_position``, while a page comes back full."""
    query = select(_t, DUE)
    for column, value in ((_t.c.player_id, player_id), (_t.c.state, state),
                          (_t.c.case_type, case_type), (_t.c.channel, channel)):
        if value is not None:
            query = query.where(column == str(value))
    if overdue is not None:
        query = query.where(_overdue(today) if overdue else not_(_overdue(today)))
    if after is not None:
        query = query.where(_t.c.opened_position > after)
    query = query.order_by(_t.c.opened_position).limit(_limit(limit))
    with engine.connect() as conn:
        rows = [_with_due(decode_row(r, ()), today) for r in conn.execute(query)]
    return with_names(engine, rows)


def queue(engine: Engine, *, today: date, limit: int = 100,
          assignee: str | None = None) -> list[dict[str, Any]]:
    """The open cases (not resolved or closed; escalated ones are open), what to work on
    first first: the overdue ones (the longest overdue first), then by the nearest deadline,
    and last the paused ones (awaiting the player); ties in the order the cases were opened.
    Each row has ``due`` and ``overdue``. ``assignee``: only that staff member's cases."""
    query = select(_t, DUE).where(IS_OPEN)
    if assignee is not None:
        query = query.where(_t.c.assignee == assignee)
    query = query.order_by(_t.c.paused, DUE, _t.c.opened_position).limit(_limit(limit))
    with engine.connect() as conn:
        rows = [_with_due(decode_row(r, ()), today) for r in conn.execute(query)]
    return with_names(engine, rows)


def _by_state(engine: Engine, condition: Any) -> dict[str, int]:
    counts = dict.fromkeys(OPEN_STATES, 0)
    with engine.connect() as conn:
        for state, count in conn.execute(select(_t.c.state, func.count()).where(condition)
                                         .group_by(_t.c.state)):
            counts[state] = int(count)
    return counts


def open_counts(engine: Engine) -> dict[str, int]:
    """The open cases by state (every open state, 0 included)."""
    return _by_state(engine, IS_OPEN)


def overdue_counts(engine: Engine, today: date) -> dict[str, int]:
    """The overdue cases by state (every open state, 0 included)."""
    return _by_state(engine, _overdue(today))
