"""Hold'em and Omaha: the table's side of a poker action recorded as what the engine decided
(``ActionApplied``; domain/games/community_poker/action_facts.py, table_events.py; the engine's side:
tests/community_poker/test_action_facts.py).

- A table rebuilt from its stored events needs no engine for its actions: with the engine's
  ``act`` made to fail, the table folds from its ``ActionApplied`` events to the state the
  writer holds (hold'em rules 34–40).
- On a table recorded by the legacy code (``ActionTaken``), an action taken now leaves it as
  the legacy event would (903-B 6.3.7).
- A recorded fact the engine does not give again is a problem of the replay and of the
  re-adjudication (903-B 6.3.4(2)).
"""

from __future__ import annotations

import copy
from uuid import UUID

import pytest

from domain.games.community_poker import dealing, table_events
from domain.games.community_poker.adjudication import adjudicate
from domain.games.community_poker.replay import replay
from infra.services import jogada_views
from tests.community_poker.test_legacy_action_taken import TABLES, _table_events
from tests.holdem import played as scripted
from tests.holdem.support import table_events as recorded_events


def _fold(events):
    aggregate = None
    for e in events:
        aggregate = e.mutate(aggregate)
    return aggregate


def _state(table):
    return {k: v for k, v in vars(table).items() if k not in ("_pending_events",)}


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_34_om_34_a_table_replays_its_actions_from_the_recorded_facts_without_the_engine(
        cert, monkeypatch, game):
    table, players = scripted.seated(cert, game)
    table.start(button_seat=1)  # seat 2 posts the small blind, seat 3 the big blind
    table.act(players["1"], "raise", 300)
    table.act(players["2"], "call")
    table.act(players["3"], "fold")
    table.act(table.to_act(), "bet", 200)  # the flop: one bet, still to answer
    events = recorded_events(table)
    applied = [e for e in events if type(e).__name__ == "ActionApplied"]
    assert len(applied) == 4 and not [e for e in events if type(e).__name__ == "ActionTaken"]
    bet = applied[-1]
    assert (bet.added_cents, bet.bet_cents, bet.stack_cents, bet.current_bet_cents,
            bet.to_act, bet.answering, bet.all_in) == (200, 200, 9_500, 200,
                                                       bet.to_act, {bet.to_act: True}, False)
    loaded = cert.app.repository.get(UUID(table.table_id))

    def no_engine(*_, **__):
        raise AssertionError("the betting engine ran on a replay")

    monkeypatch.setattr(table_events, "act", no_engine)
    assert _state(_fold(events)) == _state(loaded)


def test_he_903b_6_3_7_an_action_now_on_a_table_recorded_with_legacy_events_leaves_it_as_before(
        cert):
    """The same action as ``ActionApplied`` (the facts) and as the legacy ``ActionTaken`` (the
    engine run again by the mutator), on a table rebuilt from legacy records: the same state."""

    events = _table_events(cert, TABLES["holdem-0"])
    new, old = _fold(events), _fold(events)
    assert new.jogada is not None  # left open by the legacy code, a bet to answer
    at = new.jogada["started_at"]
    for _ in range(6):
        if new.ended():
            break
        state = new.betting()
        seat = state.acting
        action, amount = ("call", None) if state.current_bet > state.seat_state(seat).put_in \
            else ("bet", 300) if state.current_bet == 0 and len(new.jogada["board"]) < 5 \
            else ("check", None)
        new.act(seat, action, amount, reason="player", device_id=None, actor="x", at=at)
        old._acted(jogada_id=old.jogada["jogada_id"], street=state.street, seat=seat,
                   player_id=old.jogada["players"][seat]["player_id"], action=action,
                   amount=amount, added_cents=0, reason="player", device_id=None,
                   to_act=None, deadline=new.jogada["deadline"], rule="r", actor="x", at=at)
        old._run_on(actor="x", at=at)
        assert dealing.round_to_dict(new.betting()) == dealing.round_to_dict(old.betting())
        assert new.jogada == {**old.jogada, "round": new.jogada["round"]}
    names = [type(e).__name__ for e in new.collect_events()]
    assert "ActionApplied" in names and "ActionTaken" not in names


def _state(table):
    return {k: v for k, v in vars(table).items() if k not in ("_pending_events",)}


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_34_om_34_a_table_replays_its_actions_from_the_recorded_facts_without_the_engine(
        cert, monkeypatch, game):
    table, players = scripted.seated(cert, game)
    table.start(button_seat=1)  # seat 2 posts the small blind, seat 3 the big blind
    table.act(players["1"], "raise", 300)
    table.act(players["2"], "call")
    table.act(players["3"], "fold")
    table.act(table.to_act(), "bet", 200)  # the flop: one bet, still to answer
    events = recorded_events(table)
    applied = [e for e in events if type(e).__name__ == "ActionApplied"]
    assert len(applied) == 4 and not [e for e in events if type(e).__name__ == "ActionTaken"]
    bet = applied[-1]
    assert (bet.added_cents, bet.bet_cents, bet.stack_cents, bet.current_bet_cents,
            bet.to_act, bet.answering, bet.all_in) == (200, 200, 9_500, 200,
                                                       bet.to_act, {bet.to_act: True}, False)
    loaded = cert.app.repository.get(UUID(table.table_id))

    def no_engine(*_, **__):
        raise AssertionError("the betting engine ran on a replay")

    monkeypatch.setattr(table_events, "act", no_engine)
    assert _state(_fold(events)) == _state(loaded)


def test_he_903b_6_3_7_an_action_now_on_a_table_recorded_with_legacy_events_leaves_it_as_before(
        cert):
    """The same action as ``ActionApplied`` (the facts) and as the legacy ``ActionTaken`` (the
    engine run again by the mutator), on a table rebuilt from legacy records: the same state."""

    events = _table_events(cert, TABLES["holdem-0"])
    new, old = _fold(events), _fold(events)
    assert new.jogada is not None  # left open by the legacy code, a bet to answer
    at = new.jogada["started_at"]
    for _ in range(6):
        if new.ended():
            break
        state = new.betting()
        seat = state.acting
        action, amount = ("call", None) if state.current_bet > state.seat_state(seat).put_in \
            else ("bet", 300) if state.current_bet == 0 and len(new.jogada["board"]) < 5 \
            else ("check", None)
        new.act(seat, action, amount, reason="player", device_id=None, actor="x", at=at)
        old._acted(jogada_id=old.jogada["jogada_id"], street=state.street, seat=seat,
                   player_id=old.jogada["players"][seat]["player_id"], action=action,
                   amount=amount, added_cents=0, reason="player", device_id=None,
                   to_act=None, deadline=new.jogada["deadline"], rule="r", actor="x", at=at)
        old._run_on(actor="x", at=at)
        assert dealing.round_to_dict(new.betting()) == dealing.round_to_dict(old.betting())
        assert new.jogada == {**old.jogada, "round": new.jogada["round"]}
    names = [type(e).__name__ for e in new.collect_events()]
    assert "ActionApplied" in names and "ActionTaken" not in names


def _altered(events, name, index, **changes):
    out, seen = [], 0
    for position, e in events:
        if type(e).__name__ == name:
            if seen == index:
                e = copy.copy(e)
                e.__dict__.update(changes)
            seen += 1
        out.append((position, e))
    return out


@pytest.mark.not_adjudicated(reason="the record is altered on purpose")
def test_he_903b_6_3_4_a_recorded_fact_the_engine_denies_is_a_problem_of_replay_and_adjudication(
        cert):
    table, players, jogada_id = scripted.played(cert)
    _, events = jogada_views.jogada_events(cert, jogada_id)
    assert replay(events)["final"]["problems"] == [] and adjudicate(events)["agrees"] is True
    altered = _altered(events, "ActionApplied", 0, stack_cents=99_999)  # seat 1's raise
    [problem] = replay(altered)["final"]["problems"]
    assert problem["event"] == "ActionApplied" and "stack_cents 99999" in problem["problem"]
    assert "hold'em rules 34, 40" == problem["rule"]
    report = adjudicate(altered)
    assert report["agrees"] is False
    assert any("stack_cents 99999 (the engine: 9700)" in p for p in report["problems"])
