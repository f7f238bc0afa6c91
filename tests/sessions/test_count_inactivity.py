"""Multi-player tables and rooms: invitation once the player has not bet in MORE than 5
consecutive jogadas (so from the 6th), then the warning, then the end if no bet in the next
jogada (sem descarte 41b, 42; blackjack 35b, 36; roleta 30b, 31; hold'em/Omaha 70b, 71) or,
in bingo, no cards bought in the 3 following jogadas (bingo 54, 55).

Each session starts at a table or room of the game that plays its kind (issue 24); blackjack
and roulette are also checked on the session aggregate itself."""

from datetime import datetime, timezone
from uuid import uuid4

import pytest

from domain.games.bingo.inactivity import BINGO
from domain.games.community_poker.config import HOLDEM, OMAHA
from domain.games.blackjack.inactivity import BLACKJACK_MULTI
from domain.games.roulette.inactivity import ROULETTE_MULTI
from domain.games.semdescarte.inactivity import SEM_DESCARTE_MULTI
from domain.kernel.errors import ConflictError
from domain.sessions.session import GameSession
from infra.services import sessions as ss
from tests.sessions.venues import new_venue, policy_for


def _start(ledger, player, game, **kw):
    return ss.start_session(ledger, player[0], new_venue(ledger, game), game, player[1], **kw)


def _idle(ledger, sid, n, start=1, actor="system:test"):
    return [ss.record_jogada_without_bet(ledger, sid, f"j{i}", actor)
            for i in range(start, start + n)]


@pytest.mark.parametrize("game", [SEM_DESCARTE_MULTI, HOLDEM, OMAHA])
def test_sd_41b_42_nothing_after_5_jogadas_invitation_at_6th_end_at_7th(ledger, player, game):
    sid = _start(ledger, player, game)
    assert _idle(ledger, sid, 5) == [[]] * 5
    assert ss.statement(ledger, sid)["invitation_at"] is None
    assert _idle(ledger, sid, 1, start=6) == [["invitation", "warning"]]
    assert ss.statement(ledger, sid)["status"] == "open"
    assert _idle(ledger, sid, 1, start=7) == [["ended"]]
    st = ss.statement(ledger, sid)
    assert st["status"] == "ended" and st["end_reason"] == "inactivity"


@pytest.mark.parametrize("game", [BLACKJACK_MULTI, ROULETTE_MULTI])
def test_bj_35b_36_rf_30b_31_the_same_count_on_the_session_itself(game):
    """Blackjack 35b, 36 (its package's policy, issue 26) and roleta 30b, 31 (its package's,
    issue 27) count as sem descarte's."""
    at = datetime(2026, 1, 1, tzinfo=timezone.utc)
    session = GameSession(player_id=str(uuid4()), venue_id=f"{game}:1", game=game,
                          policy=policy_for(game).to_dict(), player_session_id=None,
                          actor="system:test", at=at)
    done = [session.record_jogada_without_bet(f"j{i}", actor="system:test", at=at)
            for i in range(1, 8)]
    assert done == [[]] * 5 + [["invitation", "warning"], ["ended"]]
    assert session.end_reason == "inactivity"


def test_sd_42_a_bet_in_the_warned_jogada_keeps_the_session_and_restarts_the_count(ledger, player):
    sid = _start(ledger, player, SEM_DESCARTE_MULTI)
    _idle(ledger, sid, 6)
    ss.record_bet(ledger, sid, "j7", 100, player[1])
    assert _idle(ledger, sid, 5, start=8) == [[]] * 5
    assert _idle(ledger, sid, 1, start=13) == [["invitation", "warning"]]


def test_bingo_54_55_invitation_after_5_jogadas_without_cards_end_after_3_more(ledger, player):
    sid = _start(ledger, player, BINGO)
    assert _idle(ledger, sid, 5) == [[]] * 5
    assert _idle(ledger, sid, 1, start=6) == [["invitation", "warning"]]
    assert _idle(ledger, sid, 2, start=7) == [[], []]
    assert ss.statement(ledger, sid)["status"] == "open"
    assert _idle(ledger, sid, 1, start=9) == [["ended"]]
    assert ss.statement(ledger, sid)["end_reason"] == "inactivity"


def test_bingo_55_buying_cards_in_the_3_following_jogadas_keeps_the_session(ledger, player):
    sid = _start(ledger, player, BINGO)
    _idle(ledger, sid, 8)
    ss.record_bet(ledger, sid, "j9", 200, player[1])  # cards bought for the 3rd jogada
    assert _idle(ledger, sid, 5, start=10) == [[]] * 5
    assert ss.statement(ledger, sid)["status"] == "open"


def test_he_70b_specific_rules_may_invite_after_fewer_jogadas(ledger, player):
    sid = _start(ledger, player, HOLDEM, policy=policy_for(HOLDEM, invite_after_jogadas=3))
    assert _idle(ledger, sid, 3) == [[]] * 3
    assert _idle(ledger, sid, 1, start=4) == [["invitation", "warning"]]


def test_he_a34_a_posted_blind_counts_as_a_bet(ledger, player):
    sid = _start(ledger, player, HOLDEM)
    _idle(ledger, sid, 5)
    ss.record_bet(ledger, sid, "j6", 10, player[1])  # the small blind, then a fold
    assert _idle(ledger, sid, 5, start=7) == [[]] * 5


def test_a_jogada_is_recorded_once_either_with_or_without_a_bet(ledger, player):
    sid = _start(ledger, player, SEM_DESCARTE_MULTI)
    ss.record_bet(ledger, sid, "j1", 100, player[1])
    ss.record_bet(ledger, sid, "j1", 100, player[1])  # a second bet in the same jogada
    with pytest.raises(ConflictError):
        ss.record_jogada_without_bet(ledger, sid, "j1", "system:test")
    _idle(ledger, sid, 1, start=2)
    with pytest.raises(ConflictError):
        ss.record_jogada_without_bet(ledger, sid, "j2", "system:test")
    with pytest.raises(ConflictError):
        ss.record_bet(ledger, sid, "j2", 100, player[1])
    assert ss.statement(ledger, sid)["jogadas"] == 1
