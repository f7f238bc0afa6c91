"""What an evidence pack of format ``ledger-evidence-pack/2`` holds besides the jogadas and the
transfers (infra/complaints/evidence.py): the case it was made for — the player's complaint in
the player's own words and the case's timeline up to the pack — and the people it names, by
their display names. Both from the record alone, so the pack stays reproducible from its spec:

- the case is read from its own stream, up to the version the spec recorded when the pack was
  asked for (``case_version``): later steps of the case never enter an older pack;
- the timeline is the player's view of it (projections/complaints.py ``TIMELINE``: the steps
  the player sees, without staff's own words, ``PLAYER_HIDDEN``), since a pack may be shown
  to the player; an approval carries the outcome and reasons of the proposal it approves;
- the people are every ``player:``, ``staff:`` and ``wallet:`` id the pack names, with the
  display name each was registered with (the principals read model; a name is given once, at
  registration, and never changes: domain/access/principals.py) for the complaining player
  and the staff; None for anyone else — another player of the jogada stays unnamed, as in its
  steps ("Player 2", issue 24: a pack may be shown to the complaining player) — and for an id
  the read model does not hold.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import UUID

from domain.kernel.replay_support import to_json
from projections.complaints import APPROVED_FIELDS, PLAYER_HIDDEN, TIMELINE
from projections.names import display_names

# Fields of a step left out of the pack: the pack's own spec, the complaint (given once, as
# "complaint"), ids the pack already lists, bookkeeping of the case.
LEFT_OUT = frozenset({"spec", "description", "jogada_ids", "transfer_ids", "session_id",
                      "policy_version", "pdf_sha256"})
PERSON = re.compile(r"^(?:player|staff|wallet):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-"
                    r"[0-9a-f]{4}-[0-9a-f]{12})$")


def case_part(ledger: Any, case_id: str, version: int) -> dict[str, Any]:
    """The case as its stream stood at ``version``: what was complained about, in the
    player's words, and each step the player sees (when, who, what)."""
    app = ledger.app
    stored = app.recorder.select_events(UUID(case_id), lte=version)
    events = [app.mapper.to_domain_event(s) for s in stored]
    opened = events[0]
    proposals: dict[int, dict[str, Any]] = {}
    timeline = []
    for e in events:
        found = TIMELINE.get(type(e))
        if found is None:
            continue
        kind, visible, fields = found
        if kind == "decision_proposed":
            proposals[e.number] = {f: getattr(e, f, None) for f in APPROVED_FIELDS}
        if not (visible if isinstance(visible, bool) else bool(getattr(e, visible))):
            continue
        hidden = LEFT_OUT | set(PLAYER_HIDDEN.get(kind, ()))
        detail = {f: getattr(e, f, None) for f in fields if f not in hidden}
        if kind == "decision_approved":
            detail.update(proposals.get(e.number, {}))
        timeline.append({"at": e.at, "actor": e.actor, "kind": kind, "detail": detail})
    return to_json({"case_id": case_id, "version": version, "reference": opened.reference,
                    "case_type": opened.case_type, "channel": opened.channel,
                    "external_reference": opened.external_reference,
                    "subject": opened.subject, "complaint": opened.description,
                    "opened_at": opened.at, "opened_by": opened.actor,
                    "timeline": timeline})


def people(engine: Any, pack: dict[str, Any]) -> dict[str, str | None]:
    """Every person the pack names (``player:``/``staff:``/``wallet:`` ids, in values and in
    keys), id → display name: the complaining player's and the staff's; None for another
    player, or an id the principals read model does not hold."""
    found = {pack["player"]["player_id"]}
    stack: list[Any] = [pack]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            match = PERSON.match(value)
            if match:
                found.add(match.group(1))
    ordered = sorted(found)
    player = pack["player"]["player_id"]
    named = {**display_names(engine, ordered, players=False),
             **display_names(engine, [player])}
    return {pid: named.get(pid) for pid in ordered}
