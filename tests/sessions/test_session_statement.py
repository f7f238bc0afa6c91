"""The end-of-session statement (sem descarte rule 39, bingo rule 52, hold'em rule 67,
blackjack rule 33; 903-B 6.3.6(2)), the end reasons (A61), one open session per player and
venue, and the session_statements projection."""

from datetime import timedelta

import pytest

from domain.kernel.errors import (
    ConflictError, InvalidInputError, NotFoundError, RuleViolationError)
from domain.games.bingo.inactivity import BINGO
from domain.games.semdescarte.inactivity import SEM_DESCARTE_INDIVIDUAL
from domain.sessions.session import END_REASONS
from infra.services import sessions as ss
from projections import session_queries as q
from tests.sessions.conftest import OPERATOR
from tests.sessions.venues import new_venue

SD = SEM_DESCARTE_INDIVIDUAL


def _caught_up(ledger):
    assert ledger.projections.wait(ledger.writer.last_position)
    return ledger.projections.engine


def _bingo_session(ledger, clock, player):
    player_id, actor = player
    sid = ss.start_session(ledger, player_id, new_venue(ledger, BINGO), BINGO, actor)
    for jogada, cards in (("b1", 3), ("b2", 2)):
        clock.advance(30)
        ss.record_bet(ledger, sid, jogada, cards * 50, actor)
        ss.record_statement_line(ledger, sid, "cards", "Cartões comprados", cards, cards * 50,
                                 actor)
    ss.record_win(ledger, sid, "b1", 400, "line", "system:bingo")
    ss.record_win(ledger, sid, "b2", 100, "line", "system:bingo")
    ss.record_win(ledger, sid, "b2", 1000, "bingo", "system:bingo")
    clock.advance(30)
    return sid


def test_bingo_52_statement_cards_bought_and_prizes_per_category(ledger, clock, player):
    started = clock.now()
    sid = _bingo_session(ledger, clock, player)
    st = ss.end_session(ledger, sid, "player", player[1])
    assert st["started_at"] == started and st["ended_at"] == started + timedelta(seconds=90)
    assert (st["jogadas"], st["wagered_cents"], st["won_cents"], st["net_cents"]) == (
        2, 250, 1500, 1250)
    assert st["lines"] == [{"category": "cards", "label": "Cartões comprados", "count": 5,
                            "amount_cents": 250}]
    assert st["won_by_category"] == {"line": {"count": 2, "amount_cents": 500},
                                     "bingo": {"count": 1, "amount_cents": 1000}}
    assert st["end_reason"] == "player" and st["status"] == "ended"


def test_sd_39_33_statement_amounts_bet_and_net_loss(ledger, clock, player, venue):
    player_id, actor = player
    sid = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    ss.record_bet(ledger, sid, "h1", 1000, actor)
    ss.record_bet(ledger, sid, "h1", 1000, actor)  # a double: same jogada
    ss.record_bet(ledger, sid, "h2", 500, actor)
    ss.record_win(ledger, sid, "h2", 1000, "win", "system:test")
    st = ss.end_session(ledger, sid, "connection_lost", "system:test")
    assert (st["jogadas"], st["wagered_cents"], st["won_cents"], st["net_cents"]) == (
        2, 2500, 1000, -1500)
    assert st["end_reason"] == "connection_lost"


def test_the_projection_equals_the_aggregate_statement(ledger, clock, player):
    sid = _bingo_session(ledger, clock, player)
    assert q.statement(_caught_up(ledger), sid) == ss.statement(ledger, sid)
    _idle = [ss.record_jogada_without_bet(ledger, sid, f"i{i}", "system:bingo") for i in range(9)]
    assert _idle[-1] == ["ended"]
    assert q.statement(_caught_up(ledger), sid) == ss.statement(ledger, sid)


def test_projection_rebuild_gives_the_same_rows(ledger, clock, player):
    sid = _bingo_session(ledger, clock, player)
    ss.end_session(ledger, sid, "player", player[1])
    engine = _caught_up(ledger)
    before = q.statement(engine, sid)
    ledger.projections.rebuild(["session_statements"])
    assert q.statement(engine, sid) == before == ss.statement(ledger, sid)


def test_open_sessions_and_sessions_of_player(ledger, clock, player, venue):
    player_id, actor = player
    first = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    clock.advance(1)
    second = ss.start_session(ledger, player_id, venue(SD, "2"), SD, actor)
    ss.end_session(ledger, first, "player", actor)
    engine = _caught_up(ledger)
    assert [r["session_id"] for r in q.open_sessions(engine)] == [str(second)]
    assert [r["session_id"] for r in q.sessions_of_player(engine, player_id, 10)] == [
        str(second), str(first)]
    assert q.statement(engine, "00000000-0000-0000-0000-000000000000") is None


def test_903b_a61_a_second_open_session_at_the_same_venue_is_refused(ledger, player, venue):
    player_id, actor = player
    sid = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    with pytest.raises(ConflictError) as error:
        ss.start_session(ledger, player_id, venue(SD), SD, actor)
    assert error.value.code == "conflict" and error.value.details["session_id"] == str(sid)
    other = ss.start_session(ledger, player_id, venue(SD, "2"), SD, actor)
    ss.end_session(ledger, sid, "player", actor)
    again = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    assert len({sid, other, again}) == 3


def test_an_ended_session_refuses_every_command(ledger, clock, player, venue):
    player_id, actor = player
    sid = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    ss.end_session(ledger, sid, "suspension", OPERATOR)
    commands = [
        lambda: ss.record_bet(ledger, sid, "j1", 100, actor),
        lambda: ss.record_win(ledger, sid, "j1", 100, "win", "system:test"),
        lambda: ss.record_jogada_without_bet(ledger, sid, "j2", "system:test"),
        lambda: ss.record_statement_line(ledger, sid, "x", "x", 1, 1, "system:test"),
        lambda: ss.end_session(ledger, sid, "player", actor),
    ]
    for command in commands:
        with pytest.raises(ConflictError):
            command()
    st = ss.statement(ledger, sid)
    assert st["end_reason"] == "suspension" and st["wagered_cents"] == 0


def test_903b_a61_end_reasons_come_from_a_fixed_list(ledger, player, venue):
    assert END_REASONS == ("player", "inactivity", "connection_lost", "suspension", "system")
    player_id, actor = player
    sid = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    with pytest.raises(InvalidInputError) as error:
        ss.end_session(ledger, sid, "bored", actor)
    assert error.value.rule == "903-B 6.3.6(2)"
    with pytest.raises(RuleViolationError):  # only through invitation-then-warning (A43)
        ss.end_session(ledger, sid, "inactivity", OPERATOR)
    assert ss.end_session(ledger, sid, "system", OPERATOR)["end_reason"] == "system"


def test_commands_validate_their_input(ledger, player, venue):
    player_id, actor = player
    with pytest.raises(InvalidInputError):
        ss.start_session(ledger, player_id, venue(SD), "pachinko", actor)
    with pytest.raises(NotFoundError):
        ss.start_session(ledger, "00000000-0000-0000-0000-000000000009", venue(SD), SD, actor)
    sid = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    for bad in (0, -5, 1.5, True):
        with pytest.raises(InvalidInputError):
            ss.record_bet(ledger, sid, "j1", bad, actor)
    with pytest.raises(InvalidInputError):
        ss.record_bet(ledger, sid, "", 100, actor)
    with pytest.raises(InvalidInputError):
        ss.record_statement_line(ledger, sid, "cards", "Cartões", -1, 0, actor)
    with pytest.raises(NotFoundError):
        ss.statement(ledger, "00000000-0000-0000-0000-000000000009")


def test_long_sessions_load_from_a_snapshot(ledger, clock, player, venue):
    player_id, actor = player
    sid = ss.start_session(ledger, player_id, venue(SD), SD, actor)
    for i in range(120):
        ss.record_bet(ledger, sid, f"j{i}", 10, actor)
    ss.record_statement_line(ledger, sid, "hands", "Mãos", 120, 0, actor)
    snapshots = list(ledger.app.snapshots.get(sid))
    assert snapshots and snapshots[-1].originator_version == 100
    ledger.writer.forget_all()
    st = ss.statement(ledger, sid)
    assert (st["jogadas"], st["wagered_cents"]) == (120, 1200)
    assert ss.record_bet(ledger, sid, "j120", 10, actor)["wagered_cents"] == 1210
