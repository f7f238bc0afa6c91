"""Individual tables: invitation after MORE than 3 minutes without a bet, then the warning,
then the end if no bet in the next minute (sem descarte rules 41a, 42; blackjack 35a, 36;
roleta francesa 30a, 31; A43: the idle clock starts at the later of start and last bet).

Sessions start at an individual sem descarte table (issue 24: a venue that exists); blackjack
and roulette, which no game of the service runs, are checked on the session aggregate."""

import time
from datetime import datetime, timedelta, timezone
from uuid import uuid4

import pytest

from domain.games.blackjack.inactivity import BLACKJACK_INDIVIDUAL
from domain.games.roulette.inactivity import ROULETTE_INDIVIDUAL
from domain.games.semdescarte.inactivity import (
    SEM_DESCARTE_INDIVIDUAL,
    SEM_DESCARTE_MULTI,
)
from domain.kernel.errors import RuleViolationError
from domain.sessions.session import GameSession
from infra.services import sessions as ss
from tests.sessions.conftest import OPERATOR
from tests.sessions.venues import new_venue, policy_for


@pytest.fixture
def table(venue):
    """The venue id of an individual sem descarte table."""
    return venue(SEM_DESCARTE_INDIVIDUAL)


@pytest.fixture
def start(ledger, table):
    """``start(player, **kw)``: the player's session at ``table``."""
    def started(player, **kw):
        player_id, actor = player
        return ss.start_session(ledger, player_id, table, SEM_DESCARTE_INDIVIDUAL, actor, **kw)
    return started


def test_sd_41a_invitation_refused_at_180s_allowed_at_181s(ledger, clock, player, start):
    sid = start(player)
    clock.advance(180)
    assert ss.sweep_inactivity(ledger) == {}
    assert ss.statement(ledger, sid)["invitation_at"] is None
    at = clock.advance(1)
    assert ss.sweep_inactivity(ledger) == {str(sid): ["invitation", "warning"]}
    st = ss.statement(ledger, sid)
    assert st["invitation_at"] == at and st["warning_at"] == at and st["status"] == "open"


def test_sd_42_session_ends_when_no_bet_in_the_minute_after_the_warning(
        ledger, clock, player, start):
    sid = start(player)
    warned = clock.advance(181)
    ss.sweep_inactivity(ledger)
    clock.advance(60)  # the warned minute is not over yet
    assert ss.sweep_inactivity(ledger) == {}
    clock.advance(1)
    assert ss.sweep_inactivity(ledger) == {str(sid): ["ended"]}
    st = ss.statement(ledger, sid)
    assert st["status"] == "ended" and st["end_reason"] == "inactivity"
    assert st["ended_at"] == warned + timedelta(seconds=60)  # when the warned minute ran out


def test_sd_42_a_bet_within_the_warned_minute_keeps_the_session_and_restarts_the_clock(
        ledger, clock, player, start):
    sid = start(player)
    clock.advance(181)
    ss.sweep_inactivity(ledger)
    clock.advance(60)
    ss.record_bet(ledger, sid, "j1", 100, player[1])  # the last second of the minute
    clock.advance(60)
    assert ss.sweep_inactivity(ledger) == {}  # no end: the warning was answered
    clock.advance(120)  # 180 s since the bet
    assert ss.sweep_inactivity(ledger) == {}
    clock.advance(1)
    assert ss.sweep_inactivity(ledger) == {str(sid): ["invitation", "warning"]}


def test_common_a43_the_idle_clock_starts_at_the_last_bet_not_the_session_start(
        ledger, clock, player, start):
    sid = start(player)
    clock.advance(100)
    ss.record_bet(ledger, sid, "j1", 50, player[1])
    clock.advance(180)  # 280 s since the start, 180 s since the bet
    assert ss.sweep_inactivity(ledger) == {}
    clock.advance(1)
    assert ss.sweep_inactivity(ledger) == {str(sid): ["invitation", "warning"]}


def test_sd_42_a_late_sweep_still_gives_the_player_the_full_warned_minute(
        ledger, clock, player, start):
    sid = start(player)
    clock.advance(600)  # nobody checked for 10 minutes
    assert ss.sweep_inactivity(ledger) == {str(sid): ["invitation", "warning"]}
    clock.advance(30)
    assert ss.sweep_inactivity(ledger) == {}


def test_common_a43_after_the_warned_minute_a_bet_is_refused_even_before_the_sweep(
        ledger, clock, player, start):
    sid = start(player)
    clock.advance(181)
    ss.sweep_inactivity(ledger)
    clock.advance(61)
    with pytest.raises(RuleViolationError) as error:
        ss.record_bet(ledger, sid, "j1", 100, player[1])
    assert error.value.rule == "póquer sem descarte rules 41a, 42"
    assert ss.statement(ledger, sid)["wagered_cents"] == 0


def test_common_a43_leaving_after_the_warned_minute_records_the_inactivity_end(
        ledger, clock, player, start):
    sid = start(player)
    warned = clock.advance(181)
    ss.sweep_inactivity(ledger)
    clock.advance(90)
    st = ss.end_session(ledger, sid, "player", player[1])
    assert st["end_reason"] == "inactivity" and st["ended_at"] == warned + timedelta(seconds=60)


def test_common_a43_a_new_session_at_the_table_ends_the_expired_one(ledger, clock, player, start):
    old = start(player)
    clock.advance(181)
    ss.sweep_inactivity(ledger)
    clock.advance(61)
    new = start(player)  # the sweeper has not run yet
    assert new != old
    assert ss.statement(ledger, old)["end_reason"] == "inactivity"
    assert ss.statement(ledger, new)["status"] == "open"


def test_sd_41a_without_the_optional_invitation_the_warning_is_still_sent(
        ledger, clock, player, start):
    sid = start(player, policy=policy_for(SEM_DESCARTE_INDIVIDUAL, invite=False))
    clock.advance(181)
    assert ss.sweep_inactivity(ledger) == {str(sid): ["warning"]}
    st = ss.statement(ledger, sid)
    assert st["invitation_at"] is None and st["warning_at"] is not None


@pytest.mark.parametrize("game", [BLACKJACK_INDIVIDUAL, ROULETTE_INDIVIDUAL])
def test_bj_35a_36_rf_30a_31_same_numbers_as_sem_descarte(game):
    """Blackjack's package's policy (issue 26) and roleta's (issue 27): the same numbers, on
    the session aggregate itself."""
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    session = GameSession(player_id=str(uuid4()), venue_id=f"{game}:1", game=game,
                          policy=policy_for(game).to_dict(), player_session_id=None,
                          actor="system:test", at=start)
    assert session.check_inactivity(start + timedelta(seconds=180), "system:test") == []
    warned = start + timedelta(seconds=181)
    assert session.check_inactivity(warned, "system:test") == ["invitation", "warning"]
    assert session.check_inactivity(warned + timedelta(seconds=60), "system:test") == []
    assert session.check_inactivity(warned + timedelta(seconds=61), "system:test") == ["ended"]
    assert session.ended_at == warned + timedelta(seconds=60)


def test_the_sweep_leaves_ended_and_jogada_count_sessions_alone(ledger, clock, player, start):
    player_id, actor = player
    multi = ss.start_session(ledger, player_id, new_venue(ledger, SEM_DESCARTE_MULTI),
                             SEM_DESCARTE_MULTI, actor)
    ended = start(player)
    ss.end_session(ledger, ended, "player", actor)
    clock.advance(3600)
    assert ss.sweep_inactivity(ledger) == {}
    assert ss.statement(ledger, multi)["warning_at"] is None


def test_sweeper_thread_runs_the_sweep_on_its_interval(make_settings, clock):
    from infra.container import build_ledger

    ledger = build_ledger(make_settings(inactivity_sweep_interval=0.05), clock=clock)
    try:
        player_id, _ = ledger.register_player(display_name="Rui", actor=OPERATOR)
        sid = ss.start_session(ledger, player_id, new_venue(ledger, SEM_DESCARTE_INDIVIDUAL),
                               SEM_DESCARTE_INDIVIDUAL, f"player:{player_id}")
        clock.advance(181)
        sweeper = ledger.extras["inactivity_sweeper"]
        for _ in range(200):
            if ss.statement(ledger, sid)["warning_at"] is not None:
                break
            time.sleep(0.05)
        assert ss.statement(ledger, sid)["warning_at"] is not None
        assert sweeper.last_error is None
    finally:
        ledger.close()
    assert "inactivity_sweeper" not in ledger.extras
