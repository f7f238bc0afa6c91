"""Roulette's listing facts (domain/games/roulette/listing.py; the projection "jogadas_listing"):
a wheel's row (r4, r5), a player's row made by its first slip and grown by the others (r7–r13,
A57), shrunk by a slip withdrawn (A60), ended by what its bets gave back (r14, r19: won or lost
by its net), by a void (r22, r23, A62) or by a refund of bets never launched (A60)."""

from __future__ import annotations

from domain.games.roulette.listing import LISTING_EVENTS, RESULT, listing
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.listing import (
    CANCELLED,
    SETTLED,
    VOID,
    JogadaEnded,
    JogadaStarted,
    Outcome,
    PhaseChanged,
    Staked,
)
from tests.roulette.recorded import P1, P2, WHEEL, on_seventeen, spin


def facts(events):
    return [f for e in events for f in listing(e)]


def test_rf_4_5_the_wheels_events_listed_are_its_own():
    assert {e.__qualname__.split(".")[-1] for e in LISTING_EVENTS} == {
        "WheelOpened", "PlayerJoined", "PlayerLeft", "JogadaOpened", "BetsPlaced",
        "BetsWithdrawn", "BettingClosed", "JogadaSettled", "JogadaVoided", "JogadaCancelled"}
    assert all(getattr(RouletteWheel, e.__qualname__.split(".")[-1]) is e
               for e in LISTING_EVENTS)


def test_rf_14_19_a57_each_slip_stakes_the_players_row_and_the_end_pays_it():
    """P1's one slip of two bets, P2's two slips; the end (with each player's results) gives
    each row what came back, the result by its net."""
    events = on_seventeen()
    end = next(e for e in events if type(e).__name__ == "JogadaSettled")
    end.results = {P1: {"staked_cents": 2_000, "returned_cents": 37_500, "net_cents": 35_500},
                   P2: {"staked_cents": 800, "returned_cents": 1_000, "net_cents": 200}}
    jid = f"{WHEEL}:1"
    detail = {"number": 17, "colour": "black"}
    assert facts(events) == [
        JogadaStarted(jid, 1, "betting"),
        Staked(jid, P1, None, 2_000, {"slips": 0, "bets": 0}, {"slips": 1, "bets": 2}),
        Staked(jid, P2, None, 300, {"slips": 0, "bets": 0}, {"slips": 1, "bets": 1}),
        Staked(jid, P2, None, 500, {"slips": 0, "bets": 0}, {"slips": 1, "bets": 1}),
        PhaseChanged("spinning"),
        JogadaEnded(jid, SETTLED, None, (
            Outcome(player_id=P1, result=RESULT, won_cents=37_500, detail=detail),
            Outcome(player_id=P2, result=RESULT, won_cents=1_000, detail=detail)))]
    assert (RESULT.of(-1), RESULT.of(0), RESULT.of(1)) == ("lost", "even", "won")


def test_a60_a_withdrawn_slip_takes_its_stake_off_the_row_and_a_refund_cancels():
    events = spin([(P1, [{"chance": "pleno", "numbers": [7], "amount_cents": 200}]),
                   (P1, [{"chance": "coluna", "numbers": [2], "amount_cents": 300}])],
                  config={"kind": "individual", "betting_seconds": None}, withdraw=(1,),
                  refund="session_ended")
    found = facts(events)
    jid = f"{WHEEL}:1"
    assert Staked(jid, P1, None, -200, counts={"slips": -1}) in found
    assert found[-1] == JogadaEnded(jid, CANCELLED, CANCELLED,
                                    (Outcome(player_id=P1, refunded_cents=300),))


def test_rf_22_23_a62_a_void_gives_every_stake_back():
    events = spin([(P1, [{"chance": "impar", "amount_cents": 500}]),
                   (P2, [{"chance": "maior", "amount_cents": 700}])], void="server fault")
    assert facts(events)[-1] == JogadaEnded(f"{WHEEL}:1", VOID, VOID, (
        Outcome(player_id=P1, refunded_cents=500), Outcome(player_id=P2, refunded_cents=700)))


def _rows(ledger, jid):
    from sqlalchemy import select

    from projections.listings import decode_row, player_jogadas

    ledger.projections.wait(ledger.writer.last_position)
    with ledger.projections.engine.connect() as conn:
        decoded = [decode_row(r, ("prizes", "detail")) for r in conn.execute(
            select(player_jogadas).where(player_jogadas.c.jogada_id == jid))]
    return {r["player_id"]: r for r in decoded}


def test_rf_4_5_a_real_wheel_is_listed_with_the_players_at_it(ledger, clock):
    from projections import listing_queries
    from tests.roulette import support as rs

    wheel, (ana,) = rs.setup_wheel(ledger, rs.multi_config())
    rs.join(ledger, wheel, ana)
    ledger.projections.wait(ledger.writer.last_position)
    (row,) = listing_queries.venues(ledger.projections.engine, "roulette",
                                    venue_id=wheel["venue_id"])[0]
    assert (row["kind"], row["status"]) == ("multi", "idle")
    jid = rs.bet(ledger, wheel, ana, rs.pleno(3))["jogada_id"]
    rows = _rows(ledger, jid)
    assert rows[str(ana.player_id)]["status"] == "in_play"


def test_rf_14_19_a_real_jogadas_rows_end_with_what_each_player_got_back(cert, clock):
    from tests.roulette.recorded import played_multi

    _, (ana, bia), jid = played_multi(cert, clock)
    rows = _rows(cert, jid)
    mine, theirs = rows[str(ana.player_id)], rows[str(bia.player_id)]
    assert (mine["status"], mine["wagered_cents"], mine["detail"]["slips"]) == (
        "settled", 2_700, 1)
    assert (theirs["wagered_cents"], theirs["detail"]["slips"]) == (800, 2)
    assert (mine["result"], mine["won_cents"], mine["net_cents"]) == ("won", 36_000, 33_300)
    assert (theirs["result"], theirs["won_cents"], theirs["net_cents"]) == ("won", 1_000, 200)
