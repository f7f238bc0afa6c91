"""What the projection "significant_events" asks of the runner and of the seam: the mode each
event was recorded in, read from its stored bytes (infra/store/serialization.py ``marked_state``) as
the mapper reads it; only the events it classifies decoded for it, and, of the others, only
where the certification mode changes (``follows_certification_mode``); of the money events,
only a correction's legs (``state_markers``); its migration; and the games' declarations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from domain.kernel.game import Games
from domain.kernel.significant import SignificantEvents, check_kinds
from infra.container import build_ledger
from infra.games import BUILTIN
from infra.projecting.runner import ProjectionRunner
from infra.store.serialization import is_marked, marked_state
from projections.significant_events import SignificantEventsProjection, significant_events
from tests.projections.support import OPERATOR, migration_diffs


class Watching(SignificantEventsProjection):
    """The projection, noting the positions of the events it was given."""

    def __init__(self, games: Games) -> None:
        super().__init__(games)
        self.given: list[int] = []

    def apply(self, conn: Any, events: list[tuple[int, Any]]) -> None:
        self.given += [position for position, _ in events]
        super().apply(conn, events)


def _money(ledger: Any, tag: str, times: int = 3) -> None:
    player_id, _ = ledger.register_player(display_name=f"P{tag}", actor=OPERATOR)
    for n in range(times):
        ledger.deposit(player_id, 1_000, f"{tag}-{n}", actor=OPERATOR)


def _three_modes(make_settings: Any, clock: Any) -> Any:
    """Money moved in mode 0, then 1, then 0 again; the last ledger is returned open."""
    for mode, tag in (("0", "a"), ("1", "b")):
        built = build_ledger(make_settings(certification_mode=mode), clock=clock)
        _money(built, tag)
        built.close()
    last = build_ledger(make_settings(), clock=clock)
    _money(last, "c")
    return last


def test_the_mode_read_from_the_stored_bytes_is_the_decoded_one(make_settings, clock):
    ledger = _three_modes(make_settings, clock)
    try:
        stored = ledger.app.recorder.select_notifications(start=1, limit=10_000)
        marks = [marked_state(n.state) for n in stored]
        assert marks == [is_marked(ledger.app.mapper.to_domain_event(n)) for n in stored]
        assert True in marks and marks[-1] is False
    finally:
        ledger.close()


def test_only_classified_events_and_changes_of_mode_are_decoded_for_it(make_settings, clock):
    ledger = _three_modes(make_settings, clock)
    try:
        ledger.projections.stop()
        stored = ledger.app.recorder.select_notifications(start=1, limit=10_000)
        changes = [n.id for before, n in zip(stored, stored[1:])
                   if marked_state(before.state) != marked_state(n.state)]
        assert len(changes) == 2
        # Issue 25: registrations are decoded (a staff member's is significant; a player's,
        # as these, makes no entry).
        registered = [n.id for n in stored if n.topic == "ledger.Principal.Registered"]
        assert len(registered) == 3
        for page_size, firsts in ((1_000, [stored[0].id]), (7, [n.id for n in stored[::7]])):
            watching = Watching(ledger.games)
            ProjectionRunner(ledger.app, ledger.projections.engine, [watching],
                             page_size=page_size).rebuild()
            # No deposit's account event or receipt is significant.
            assert watching.given == sorted(set(firsts + changes + registered))
            with ledger.projections.engine.connect() as conn:
                kinds = {row.kind for row in conn.execute(significant_events.select())}
            assert "staff_registered" not in kinds
    finally:
        ledger.close()


def test_the_migration_creates_exactly_the_declared_tables(ledger):
    """projections/significant_events.py and 0009_significant_events.py agree."""
    assert migration_diffs(ledger, ("significant_events",)) == []


def test_an_event_class_classified_by_two_games_is_refused():
    sd = BUILTIN[0]
    with pytest.raises(ValueError, match="classified by two games"):
        Games([sd, replace(sd, name="twin", session_kinds=(), commands={},
                           listing=None)])


@pytest.mark.parametrize("kinds, match", [
    ({"Jogada Voided": "x"}, "not snake_case"),
    ({"jogada_voided": "something else"}, "means something else"),
])
def test_a_games_kinds_are_snake_case_and_mean_one_thing(kinds, match):
    with pytest.raises(ValueError, match=match):
        check_kinds(SignificantEvents(kinds=kinds, classify={}).kinds,
                    {"jogada_voided": "a jogada was voided"}, "twin")
