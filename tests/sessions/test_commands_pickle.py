"""Every command the session and rule-set services hand to the writer travels as data through
the writer socket's codec (infra/writer/wire.py), and does the same after the round trip (the writer
may run in a process of its own: the command and its answer then cross a socket)."""

from __future__ import annotations

from concurrent.futures import Future
from datetime import timedelta

import pytest

from domain.games.bingo.inactivity import BINGO
from domain.games.semdescarte.inactivity import SEM_DESCARTE_INDIVIDUAL
from infra.games import builtin_games
from infra.services import rulesets as rs
from infra.services import sessions as ss
from tests.sessions.conftest import OPERATOR

policy_for = builtin_games().policy_for


@pytest.fixture
def piped(ledger, monkeypatch):
    """The ledger, its writer given each command and answer through the socket's codec."""
    submit = ledger.writer.submit
    names: list[str] = []

    def round_trip(value):
        return ledger.codec.decode(ledger.codec.encode([value])[4:])[0]

    def through_a_pipe(handler, name="command"):
        names.append(name)
        answered: Future = Future()
        try:
            answered.set_result(round_trip(submit(round_trip(handler), name).result()))
        except Exception as error:
            answered.set_exception(error)
        return answered

    monkeypatch.setattr(ledger.writer, "submit", through_a_pipe)
    ledger.piped_names = names
    return ledger


def test_session_commands_pickle_and_run_the_same(piped, clock, player, venue):
    player_id, actor = player
    table = venue(SEM_DESCARTE_INDIVIDUAL)
    sid = ss.start_session(piped, player_id, table, SEM_DESCARTE_INDIVIDUAL, actor,
                           policy=policy_for(SEM_DESCARTE_INDIVIDUAL, invite=False))
    ss.record_bet(piped, sid, "j1", 100, actor)
    ss.record_win(piped, sid, "j1", 150, "win", "system:test")
    ss.record_statement_line(piped, sid, "hands", "Mãos", 1, 0, "system:test")
    clock.advance(181)
    assert ss.sweep_inactivity(piped) == {str(sid): ["warning"]}  # invite=False kept
    bingo = ss.start_session(piped, player_id, venue(BINGO), BINGO, actor)
    assert ss.record_jogada_without_bet(piped, bingo, "b1", "system:test") == []
    st = ss.end_session(piped, sid, "player", actor, player_id=player_id)
    assert (st["wagered_cents"], st["won_cents"], st["end_reason"]) == (100, 150, "player")
    assert st["lines"] == [{"category": "hands", "label": "Mãos", "count": 1,
                            "amount_cents": 0}]
    assert set(piped.piped_names) >= {"start_session", "record_session_bet",
                                      "record_session_win", "record_statement_line",
                                      "sweep_inactivity", "record_jogada_without_bet",
                                      "end_session"}


def test_ruleset_commands_pickle_and_run_the_same(piped, clock):
    from tests.semdescarte import client as semdescarte_service

    v1 = {"kind": "individual", "seats": 1, "min_ante_cents": 100, "max_ante_cents": 2_500,
          "decision_seconds": 15, "extra_seconds": 5, "betting_seconds": None, "jackpot": None}
    v2 = {**v1, "min_ante_cents": 200}
    t1 = semdescarte_service.create_table(piped, name="t1", config=v1, actor=OPERATOR)["venue_id"]
    change = clock.now() + timedelta(hours=1)
    rs.publish_settings(piped, t1, v1, OPERATOR)
    rs.publish_settings(piped, t1, v2, OPERATOR, effective_from=change)
    assert rs.rules_in_force(piped, t1) == (1, v1)
    assert [v["version"] for v in rs.versions(piped, t1)] == [1, 2]
    assert rs.version_in_force(piped, t1, change)["settings"] == v2
    assert set(piped.piped_names) == {"create_table", "publish_settings", "rules_in_force",
                                      "ruleset_versions", "ruleset_in_force"}


def test_a_player_ends_only_its_own_session(ledger, player, venue):
    from domain.kernel.errors import ForbiddenError

    player_id, actor = player
    other, _ = ledger.register_player(display_name="Rui", actor=OPERATOR)
    sid = ss.start_session(ledger, player_id, venue(SEM_DESCARTE_INDIVIDUAL),
                           SEM_DESCARTE_INDIVIDUAL, actor)
    with pytest.raises(ForbiddenError):
        ss.end_session(ledger, sid, "player", f"player:{other}", player_id=other)
    assert ss.statement(ledger, sid)["status"] == "open"
