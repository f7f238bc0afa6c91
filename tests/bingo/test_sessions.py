"""Sessions in a bingo room (Reg. 425-A/2015 rules 2g, 49, 52–55; A43): inactivity counted in
jogadas without cards, the player's own end refused while its cards are in play, the statement
by prize category; and the room's snapshots, taken only between jogadas."""

from __future__ import annotations

from uuid import UUID

from domain.kernel.errors import ConflictError
from tests.bingo import client as bingo
from infra.services import sessions as sessions_service
from tests.bingo.conftest import refused
from tests.bingo.plans import assert_settled_money, jogada_events, ordered, play
from tests.bingo.support import (DEPOSIT_CENTS, OPERATOR, PRICE, buy, close_sale, config,
                                 draw_to_end, names, new_player, new_room, of, open_jogada,
                                 players, room_events, stream_events, wallet)

BINGO_30 = {"prizes": {"bingo": 10_000}}


def run_jogada(ledger, clock, room, buyers, count=1):
    jogada = open_jogada(ledger, room)["jogada_id"]
    for p in buyers:
        buy(ledger, room, p, count)
    assert close_sale(ledger, clock, room)["cancelled"] is False
    assert draw_to_end(ledger, clock, room)[-1]["bingo"] is True
    return jogada


def session_events(ledger, player):
    return stream_events(ledger, player.session_id)


# Rules 54–55 (A43) ----------------------------------------------------------------------------
def test_bingo_54_55_no_cards_in_more_than_5_jogadas_invitation_then_end_after_3_more(
        ledger, clock):
    room = new_room(ledger, config("30", **BINGO_30))
    buyers = players(ledger, room, 3)
    idle = new_player(ledger, room, name="parado")
    for number in range(1, 10):
        jogada = run_jogada(ledger, clock, room, buyers)
        st = sessions_service.statement(ledger, idle.session_id)
        if number <= 5:
            assert st["invitation_at"] is None and st["warning_at"] is None, number
        elif number == 6:
            closed_at = of(room_events(ledger, room, jogada), "SalesClosed")[0].at
            assert st["invitation_at"] == st["warning_at"] == closed_at
            assert st["status"] == "open"
        elif number < 9:
            assert st["status"] == "open", number
        else:
            assert (st["status"], st["end_reason"]) == ("ended", "inactivity")
    events = session_events(ledger, idle)
    invitation = of(events, "InactivityInvitationSent")
    warning = of(events, "InactivityWarningSent")
    assert len(invitation) == len(warning) == 1
    assert (invitation[0].condition, invitation[0].idle_jogadas, invitation[0].rule) == (
        "no_bet_jogadas", 6, "bingo rules 54, 55")
    assert warning[0].jogadas_left == 3
    assert len(of(events, "JogadaPassedWithoutBet")) == 9
    left = of(room_events(ledger, room), "PlayersLeft")
    assert [(e.player_ids, e.reason) for e in left] == [([str(idle.player_id)], "session_ended")]
    assert bingo.describe(ledger, room["room_id"])["players"] == 3
    for p in buyers:  # the buyers were never invited
        assert sessions_service.statement(ledger, p.session_id)["invitation_at"] is None


def test_bingo_55_buying_cards_after_the_warning_keeps_the_session(ledger, clock):
    room = new_room(ledger, config("30", **BINGO_30))
    buyers = players(ledger, room, 3)
    idle = new_player(ledger, room, name="parado")
    for _ in range(6):
        run_jogada(ledger, clock, room, buyers)
    assert sessions_service.statement(ledger, idle.session_id)["warning_at"] is not None
    run_jogada(ledger, clock, room, buyers + [idle])  # cards bought in the warned jogadas
    for _ in range(3):
        run_jogada(ledger, clock, room, buyers)
    st = sessions_service.statement(ledger, idle.session_id)
    assert st["status"] == "open" and st["jogadas"] == 1
    assert len(of(session_events(ledger, idle), "InactivityWarningSent")) == 1


# Rules 2g, 49, 53: who may end a session with cards in play ------------------------------------
def test_bingo_2g_49_player_may_not_end_its_session_with_cards_in_play_the_operator_may(
        ledger, clock):
    room = new_room(ledger, config("30", **BINGO_30))
    a, b, c = ps = players(ledger, room, 3)
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    with refused(ledger, ConflictError, players=ps, field="session_id",
                 rule="bingo rule 2g, 12, 49"):
        sessions_service.end_session(ledger, a.session_id, "player", a.actor,
                                     player_id=a.player_id)
    close_sale(ledger, clock, room)
    clock.advance(3)
    bingo.draw(ledger, room_id=room["room_id"])
    with refused(ledger, ConflictError, players=ps, field="session_id"):
        sessions_service.end_session(ledger, a.session_id, "player", a.actor)
    ended = sessions_service.end_session(ledger, b.session_id, "connection_lost", OPERATOR)
    assert ended["status"] == "ended"
    draw_to_end(ledger, clock, room)
    statement = sessions_service.end_session(ledger, a.session_id, "player", a.actor,
                                             player_id=a.player_id)
    assert (statement["status"], statement["jogadas"], statement["wagered_cents"]) == (
        "ended", 1, PRICE)
    assert statement["net_cents"] == wallet(ledger, a) - DEPOSIT_CENTS


def test_bingo_53_a_member_without_cards_may_end_its_session_during_a_jogada(ledger, clock):
    room = new_room(ledger, config("30", **BINGO_30))
    ps = players(ledger, room, 3)
    watcher = new_player(ledger, room, name="observador")
    open_jogada(ledger, room)
    for p in ps:
        buy(ledger, room, p)
    statement = sessions_service.end_session(ledger, watcher.session_id, "player",
                                             watcher.actor)
    assert (statement["status"], statement["jogadas"]) == ("ended", 0)


# Rule 52: the statement by prize category ------------------------------------------------------
def test_bingo_52_statement_cards_bought_and_prizes_won_by_category(cert, clock, seeds):
    """Jogada 1: player 2 buys 3 cards and wins the line and the bingo; jogada 2: 2 cards and
    nothing won. The statement: 5 cards for 5.00 €, one line and one bingo with their values,
    net = the wallet's change."""
    room = new_room(cert, config("90"))
    a, b, c = players(cert, room, 3)
    played = play(cert, clock, seeds, room, [(a, 1), (b, 3), (c, 1)],
                  lambda cards: ordered(*cards[2].numbers))
    payments = assert_settled_money(cert, room, played)
    prizes = payments[str(b.player_id)]
    assert set(prizes) == {"line", "bingo"}
    second = play(cert, clock, seeds, room, [(a, 1), (b, 2), (c, 1)],
                  lambda cards: ordered(*cards[0].numbers))
    assert str(b.player_id) not in assert_settled_money(cert, room, second)
    st = sessions_service.statement(cert, b.session_id)
    assert st["lines"] == [{"category": "cards", "label": "cartões comprados", "count": 5,
                            "amount_cents": 5 * PRICE}]
    assert st["won_by_category"] == {"line": {"count": 1, "amount_cents": prizes["line"]},
                                     "bingo": {"count": 1, "amount_cents": prizes["bingo"]}}
    assert (st["jogadas"], st["wagered_cents"], st["won_cents"]) == (
        2, 5 * PRICE, prizes["line"] + prizes["bingo"])
    assert st["net_cents"] == wallet(cert, b) - DEPOSIT_CENTS
    loser = sessions_service.statement(cert, c.session_id)
    assert loser["won_by_category"] == {} and loser["net_cents"] == -2 * PRICE


# Snapshots only between jogadas ------------------------------------------------------------------
def test_room_snapshots_only_between_jogadas_and_loads_from_them(ledger, clock):
    room = new_room(ledger, config("30", **BINGO_30))
    ps = players(ledger, room, 3)
    for _ in range(3):
        run_jogada(ledger, clock, room, ps)
    jogada = open_jogada(ledger, room)["jogada_id"]  # a fourth, left in its sale
    buy(ledger, room, ps[0])
    snapshots = list(ledger.app.snapshots.get(UUID(room["room_id"])))
    assert len(snapshots) == 3
    events = room_events(ledger, room)
    by_version = {e.originator_version: type(e).__name__ for e in events}
    for snapshot in snapshots:
        assert snapshot.state["jogada"] is None and snapshot.state["engine"] is None
        assert by_version[snapshot.originator_version] == "RngRevealed"
    assert [s.state["jogadas_started"] for s in snapshots] == [1, 2, 3]
    ledger.writer.forget_all()
    loaded = ledger.app.repository.get(snapshots[-1].originator_id)
    assert loaded.version == events[-1].originator_version
    assert loaded.jogada["jogada_id"] == jogada and loaded.jogadas_started == 4
    assert loaded.cards_of(str(ps[0].player_id)) == [0]
    for p in ps[1:]:
        buy(ledger, room, p)
    close_sale(ledger, clock, room)
    assert draw_to_end(ledger, clock, room)[-1]["bingo"] is True
    assert names(jogada_events(ledger, room, jogada))[-1] == "RngRevealed"
