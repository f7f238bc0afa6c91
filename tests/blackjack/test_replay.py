"""Blackjack's replay (903-B 6.3.4(2)): the state after every event, the RNG check (the shoe
re-derived from the revealed seed, dealt per r14 and drawn in the order of play,
hands.DRAW_ORDER), the player's last jogada (r31) and the player's copy (the hole card face
down until revealed, r14b, r17; the other players by their seats). On hand-built records
(tests/blackjack/recorded.py): the amounts below are worked out by hand."""

from __future__ import annotations

import copy

import pytest

from domain.games.blackjack.replay import player_copy, player_jogada, replay
from domain.kernel.errors import NotFoundError
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from tests.blackjack.recorded import (
    P1,
    P2,
    insured_against_blackjack,
    play,
    split_double,
)


def named(events, name, nth=0):
    return [e for e in events if type(e).__name__ == name][nth]


def position(events, e):
    return events.index(e) + 1


def test_bj_14_17_a47_the_shoe_re_derived_gives_every_card_recorded():
    """r14, r17, A47: the seed matches its commitment, derives the shoe, and the deal (the hole
    card at index 2n+1), the split's two cards, the double, the hit and the banca's draw are
    the shoe's cards at their indices, one after another in the order of play."""
    replayed = replay(split_double())
    assert replayed["rng"]["verified"] is True, replayed["rng"]
    assert "forced shoe" in replayed["rng"]["check"]
    final = replayed["final"]
    assert final["status"] == "settled" and final["ended"] is True
    hands = final["cards"]["hands"]
    assert hands["1"]["0"]["cards"] == ["8h", "3c", "9s"] and hands["1"]["0"]["doubled"]
    assert hands["1"]["1"]["cards"] == ["8d", "Tc"] and hands["1"]["1"]["total"] == 18
    assert hands["3"]["0"]["cards"] == ["Ts", "6d", "5c"] and hands["3"]["0"]["total"] == 21
    assert final["cards"]["banca_cards"] == ["6c", "Kh", "2h"]
    assert final["banca"] == {"cards": ["6c", "Kh", "2h"], "total": 18, "bust": False,
                              "blackjack": False}
    assert {(s, h): o["result"] for s, hs in final["outcomes"].items()
            for h, o in hs.items()} == {("1", "0"): "won", ("1", "1"): "push",
                                        ("3", "0"): "won"}
    # r25c, r25h: 20 beats 18 on a doubled 10,00 € (20,00 €), 18 pushes, 21 beats 18 on 5,00 €
    assert final["net_by_account"] == {wallet_code(P1): 2000, wallet_code(P2): 500,
                                       HOUSE_CODE: -2500}


def test_bj_14_the_hole_card_stays_hidden_in_the_state_until_revealed_for_players_only():
    """r14b, r17: the auditor's state holds the hole card from the deal (drawn then: A47) and
    says whether it was shown (``hole_revealed``)."""
    replayed = replay(split_double())
    dealt = next(s for s in replayed["steps"] if s["event"] == "CardsDealt")
    assert dealt["state"]["cards"]["hole_card"] == "Kh"
    assert dealt["state"]["cards"]["hole_revealed"] is False
    shown = next(s for s in replayed["steps"] if s["event"] == "HoleCardRevealed")
    assert shown["state"]["cards"]["hole_revealed"] is True


@pytest.mark.parametrize("event, nth, field, value, what", [
    ("PlayerHit", 0, "card", "Ac", "PlayerHit"),
    ("BetDoubled", 0, "card", "Ac", "BetDoubled"),
    ("BancaDrew", 0, "card", "Ac", "BancaDrew"),
    ("HandSplit", 0, "drawn", ["3c", "Ac"], "HandSplit"),
    ("PlayerHit", 0, "index", 12, "not the next one"),
], ids=["hit", "double", "banca", "split", "index"])
def test_bj_14_17_a_card_not_from_the_shoe_is_named(event, nth, field, value, what):
    """A card recorded that is not the shoe's card at its index (or an index out of turn)
    fails the check, which names that event."""
    events = split_double()
    e = named(events, event, nth)
    setattr(e, field, value)
    rng = replay(events)["rng"]
    assert rng["verified"] is False and what in rng["check"]
    assert position(events, e) in rng["events"]


def test_bj_14_a_dealt_hand_or_hole_card_not_from_the_shoe_names_the_deal():
    events = split_double()
    dealt = named(events, "CardsDealt")
    dealt.hole_card = "Kd"
    rng = replay(events)["rng"]
    assert rng["verified"] is False and "hole card" in rng["check"]
    assert rng["events"][0] == position(events, dealt)


def test_bj_14_a_draw_out_of_the_order_of_play_is_named():
    """hands.DRAW_ORDER: seat 3 draws only after seat 1's hands are done. Swapping the cards
    and indices of two draws keeps every card in the shoe but not the order of play."""
    events = split_double()
    hit, doubled = named(events, "PlayerHit"), named(events, "BetDoubled")
    i, j = events.index(hit), events.index(doubled)
    events[i], events[j] = doubled, hit
    hit.index, doubled.index, hit.card, doubled.card = doubled.index, hit.index, doubled.card, \
        hit.card
    rng = replay(events)["rng"]
    assert rng["verified"] is False and "order of play" in rng["check"]


def test_bj_14_a_seed_that_is_not_the_commitment_fails():
    events = split_double()
    named(events, "RngRevealed").seed_hex = "00" * 32
    rng = replay(events)["rng"]
    assert rng["verified"] is False and rng["events"]


def test_bj_31_the_player_sees_its_hands_amounts_and_the_banca():
    """r31: the last jogada's result and amounts: both hands of the split seat, the doubled
    stake, the banca's three cards once revealed, the net."""
    part = player_jogada(replay(split_double()), P1)
    assert (part["seat"], part["status"], part["result"]) == (1, "settled", "won, push")
    assert [(h["hand"], h["cards"], h["stake_cents"], h["won_cents"]) for h in part["hands"]] \
        == [(0, ["8h", "3c", "9s"], 2000, 2000), (1, ["8d", "Tc"], 1000, 0)]
    assert part["banca_cards"] == ["6c", "Kh", "2h"] and part["banca_total"] == 18
    assert (part["bet_cents"], part["total_bet_cents"], part["returned_cents"],
            part["won_cents"], part["lost_cents"], part["net_cents"]) == (1000, 3000, 3000,
                                                                          2000, 0, 2000)
    assert part["rule"] == "blackjack rule 31"
    with pytest.raises(NotFoundError):
        player_jogada(replay(split_double()), "33333333-3333-4333-8333-333333333333")


def test_bj_31_r25f_insurance_and_even_money_in_the_players_part():
    """r25f: insurance 5,00 € pays 2:1 against the banca's blackjack while the 21 of three cards
    loses (r18, A47): net 0; r20b: even money pays 10,00 €."""
    replayed = replay(insured_against_blackjack())
    one, two = player_jogada(replayed, P1), player_jogada(replayed, P2)
    assert (one["result"], one["insurance_result"], one["insurance_cents"]) == ("lost", "won",
                                                                               500)
    assert (one["total_bet_cents"], one["won_cents"], one["lost_cents"], one["net_cents"]) == (
        1500, 1000, 1000, 0)
    assert (two["result"], two["won_cents"], two["net_cents"]) == ("even_money", 1000, 1000)
    assert two["banca_cards"] == ["Ad", "Kd"]


def test_bj_14b_the_players_copy_cuts_the_hole_card_until_revealed_and_the_shoe():
    """r14b, r17: the hole card is cut from the deal's data and from every state before the
    reveal; the seed and the shoe's order are cut; every hand's cards stay (face up)."""
    replayed = replay(split_double())
    made = player_copy(replayed, P1)
    steps = made["replay"]["steps"]
    dealt = next(s for s in steps if s["event"] == "CardsDealt")
    assert dealt["data"]["hole_card"] is None and dealt["data"]["up_card"] == "6c"
    assert dealt["data"]["hands"] == {"1": ["8h", "8d"], "3": ["Ts", "6d"]}
    before = [s for s in steps if s["state"]["cards"]["up_card"]
              and not s["state"]["cards"]["hole_revealed"]]
    assert before and all(s["state"]["cards"]["hole_card"] is None for s in before)
    assert made["replay"]["final"]["cards"]["hole_card"] == "Kh"  # revealed by the end
    assert made["replay"]["rng"]["seed_hex"] is None and made["replay"]["rng"]["verified"]
    cut = {w["event"]: w for w in made["withheld"]}
    assert "hole card" in cut["CardsDealt"]["reason"] and "A47" in cut["CardsDealt"]["reason"]
    assert set(cut["RngCommitted"]["fields"]) == {"sealed_seed_hex", "outcome",
                                                  "forced_outcome"}
    assert replayed == replay(split_double())  # the staff's replay is untouched


def test_bj_6_the_players_copy_names_the_other_player_by_its_seat_only():
    """Issue 24: another player's id, session and actor never appear in the copy; its
    wallet is 'the wallet of seat 3'; its options (they tell its balance: r24, A49) are cut."""
    made = player_copy(replay(split_double()), P1)
    text = repr(made["replay"])
    assert P2 not in text and "session-3" not in text
    assert P1 in text
    turn = [s for s in made["replay"]["steps"] if s["event"] == "TurnStarted"]
    assert turn[-1]["data"]["seat"] == "3" and turn[-1]["data"]["options"] is None
    assert turn[0]["data"]["options"] is not None
    assert made["replay"]["final"]["net_by_account"]["wallet of seat 3"] == 500


def test_bj_27_a_void_before_the_reveal_never_shows_the_hole_card_to_a_player():
    """r27, r28: voided after the split: every stake back; the hole card, never revealed, is
    cut from the copy's final state too."""
    events = play({"1": (P1, 1000, ["8h", "8d"])}, "6c", "Kh",
                  [("split", "1", 0, "3c", "Tc")], void="dealer screen fault")
    replayed = replay(events)
    final = replayed["final"]
    assert final["status"] == "voided" and final["refunds"] == {"1": 2000}
    assert final["void"]["reason"] == "dealer screen fault"
    assert replayed["rng"]["verified"] is True
    made = player_copy(replayed, P1)
    assert made["replay"]["final"]["cards"]["hole_card"] is None
    assert made["replay"]["final"]["cards"]["withheld"] == {"hole_card": 1}
    part = player_jogada(replayed, P1)
    assert (part["result"], part["returned_cents"], part["net_cents"]) == ("voided", 2000, 0)
    assert part["banca_cards"] == ["6c"]


def test_bj_14_the_replay_refuses_events_of_two_jogadas():
    events = split_double()
    other = copy.copy(events[0])
    other.__dict__ = dict(events[0].__dict__, jogada_id="x:2")
    with pytest.raises(Exception):
        replay([*events, other])


# End to end: real jogadas through the ledger, with forced shoes (certification mode) --------
def _multi_jogada(cert, clock):
    """Two players at a multi-player table, up 6: seat 1 splits 8-8, doubles 8-3 with a 9
    and stands on 8-T; seat 2 hits 10-6 with a 5 (21: it stands by itself, r15d); the banca
    6-K draws a 2 (18)."""
    from tests.blackjack.support import (
        bet,
        deal,
        decide,
        multi_config,
        setup_table,
        shoe,
    )

    table, (one, two) = setup_table(cert, multi_config(seats=2), players=2)
    placed = bet(cert, table, one, 1_000)
    bet(cert, table, two, 500)
    clock.advance(11)
    deal(cert, table, None, shoe([["8h", "8d"], ["Ts", "6d"]], "6c", "Kh",
                                 ["3c", "Tc", "9s", "5c", "2h"]))
    jid = placed["jogada_id"]
    decide(cert, table, jid, one, "split")
    decide(cert, table, jid, one, "double", hand=0)
    decide(cert, table, jid, one, "stand", hand=1)
    decide(cert, table, jid, two, "hit")
    return table, one, two, jid


def test_bj_14_17_a_real_jogada_replays_with_every_card_from_the_shoe(cert, clock):
    """r14, r17, A47 on the recorded events: the RNG check re-derives the shoe and finds every
    card at its index in the order of play; the state ends as the table settled it."""
    from infra.services import jogada_views

    table, one, two, jid = _multi_jogada(cert, clock)
    replayed = jogada_views.replay(cert, jid)
    assert replayed["rng"]["verified"] is True, replayed["rng"]
    final = replayed["final"]
    assert final["status"] == "settled"
    assert final["cards"]["banca_cards"] == ["6c", "Kh", "2h"]
    hands = final["cards"]["hands"]
    assert [h["cards"] for h in hands["1"].values()] == [["8h", "3c", "9s"], ["8d", "Tc"]]
    assert hands["2"]["0"]["cards"] == ["Ts", "6d", "5c"]
    one_id, two_id = str(one.player_id), str(two.player_id)
    assert final["net_by_account"][wallet_code(one_id)] == 2_000
    assert final["net_by_account"][wallet_code(two_id)] == 500
    part = player_jogada(replayed, one_id)
    assert (part["result"], part["net_cents"], part["total_bet_cents"]) == ("won, push", 2_000,
                                                                           3_000)
    made = player_copy(replayed, one_id)
    assert two_id not in repr(made["replay"])
    dealt = next(s for s in made["replay"]["steps"] if s["event"] == "CardsDealt")
    assert dealt["data"]["hole_card"] is None


def test_bj_31_the_last_jogada_as_the_player_sees_it(cert, clock):
    """r31 through the service (Game.player_jogada over the jogada index)."""
    from domain.games.blackjack.game import GAME
    from infra.services import jogada_views

    table, one, two, jid = _multi_jogada(cert, clock)
    (last,) = jogada_views.last_jogadas(cert, GAME, two.player_id, count=1)
    assert (last["jogada_id"], last["seat"], last["result"]) == (jid, 2, "won")
    assert (last["won_cents"], last["net_cents"]) == (500, 500)


def test_bj_31_the_listing_and_the_significant_events_of_a_real_jogada(cert, clock):
    """r31, r32: each player's row of the jogada (every stake: the bet, the split, the double;
    the result by its net) and the table's row; the table opening is a significant event, and
    a special prize (r25i) a large win."""
    from sqlalchemy import select

    from projections.listings import decode_row, player_jogadas
    from projections.significant_events import entries
    from tests.blackjack.support import (
        individual_config,
        play_individual,
        setup_table,
        shoe,
    )

    table, one, two, jid = _multi_jogada(cert, clock)
    cert.projections.wait(cert.writer.last_position)
    engine = cert.projections.engine
    with engine.connect() as conn:
        decoded = [decode_row(r, ("prizes", "detail")) for r in conn.execute(
            select(player_jogadas).where(player_jogadas.c.jogada_id == jid))]
    rows = {r["player_id"]: r for r in decoded}
    mine, theirs = rows[str(one.player_id)], rows[str(two.player_id)]
    assert (mine["status"], mine["result"], mine["wagered_cents"], mine["won_cents"],
            mine["net_cents"]) == ("settled", "won", 3_000, 5_000, 2_000)
    assert mine["detail"]["seat_1"] == "won, push"
    assert (theirs["result"], theirs["wagered_cents"], theirs["net_cents"]) == ("won", 500, 500)
    lone, (player,) = setup_table(cert, individual_config())
    prized = play_individual(cert, lone, player, shoe([["7s", "7h"]], "9c", "8h", ["7d"]))
    from tests.blackjack.support import decide

    decide(cert, lone, prized, player, "hit")
    cert.projections.wait(cert.writer.last_position)
    found, _ = entries(engine, game="blackjack", limit=20)
    kinds = {(e["kind"], e["jogada_id"]) for e in found}
    assert ("large_win", prized) in kinds and ("large_win", jid) not in kinds
    assert sum(e["kind"] == "venue_opened" for e in found) == 2
