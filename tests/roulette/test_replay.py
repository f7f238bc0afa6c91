"""Roulette's replay (903-B 6.3.4(2)): the state after every event as recorded, the RNG check
(the winning number re-derived from the revealed seed, a forced number included, committed
before the ball landed: A70, r18), the player's last jogada (r26) and the player's copy (the
other players' bets and ids cut, r5; the sealed seed). On hand-built records
(tests/roulette/recorded.py): the amounts below are worked out by hand."""

from __future__ import annotations

import json

import pytest

from domain.games.roulette.replay import player_copy, player_jogada, replay
from domain.kernel.errors import InvalidInputError, NotFoundError
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from tests.roulette.recorded import (
    P1,
    P2,
    SEED,
    on_seventeen,
    on_zero,
    seed_number,
    spin,
)

W1, W2 = wallet_code(P1), wallet_code(P2)


def named(events, name, nth=0):
    return [e for e in events if type(e).__name__ == name][nth]


def position(events, e):
    return events.index(e) + 1


def test_rf_18_a70_903b_6_7_2_4_the_forced_number_re_derived_is_the_one_marked():
    """The seed matches its commitment and, with the forced number (certification mode),
    derives 17: the number committed before the ball landed, marked (r18) and settled."""
    replayed = replay(on_seventeen())
    rng = replayed["rng"]
    assert rng["verified"] is True, rng
    assert (rng["number"], rng["forced"], rng["seed_hex"]) == (17, True, SEED.hex())
    assert "forced number" in rng["check"] and "A70" in rng["check"]
    final = replayed["final"]
    assert (final["status"], final["ended"]) == ("settled", True)
    assert final["result"] == {"number": 17, "colour": "black",
                               "rule": "roleta francesa rule 18"}
    assert final["forced_number"] == 17 and final["revealed"] is True
    # r14: pleno 17 +350,00 €, cavalo de dúzia 1-2 +5,00 €; even −3,00 €, black +5,00 €
    assert final["net_by_account"] == {W1: 35_500, W2: 200, HOUSE_CODE: -35_700}


def test_rf_18_a70_the_wheels_own_number_is_derived_from_the_seed_alone():
    events = spin([(P1, [{"chance": "pleno", "numbers": [5], "amount_cents": 100}])])
    replayed = replay(events)
    assert replayed["rng"]["verified"] is True, replayed["rng"]
    assert replayed["rng"]["number"] == seed_number() == replayed["final"]["result"]["number"]
    assert replayed["rng"]["forced"] is False and "forced" not in replayed["rng"]["check"]


@pytest.mark.parametrize("event, field, value, suspect", [
    ("BallLanded", "number", 18, "BallLanded"),
    ("BallLanded", "colour", "red", "BallLanded"),
    ("JogadaSettled", "number", 18, "JogadaSettled"),
    ("RngCommitted", "outcome", [18], "RngCommitted"),
    ("RngCommitted", "forced_outcome", [18], "RngCommitted"),
    ("RngRevealed", "seed_hex", bytes(32).hex(), "RngRevealed"),
], ids=["number-marked", "colour", "number-settled", "outcome", "forced", "seed"])
def test_rf_18_a70_a_tampered_number_fails_the_rng_check_naming_the_event(
        event, field, value, suspect):
    """903-B 6.7.2(4): a recorded number (or colour, r6b) that is not the one the revealed seed
    derives fails the check, which names the event found wrong."""
    events = on_seventeen()
    setattr(named(events, event), field, value)
    rng = replay(events)["rng"]
    assert rng["verified"] is False and rng["check"].startswith("FAILED")
    assert position(events, named(events, suspect)) in rng["events"]


def test_a70_903b_6_7_5_a_number_shown_before_its_commitment_fails():
    events = on_seventeen()
    landed = named(events, "BallLanded")
    events.remove(landed)
    events.insert(events.index(named(events, "RngCommitted")), landed)
    rng = replay(events)["rng"]
    assert rng["verified"] is False and "precedes the commitment" in rng["check"]
    assert rng["events"] == [position(events, landed)]


def test_903b_6_3_4_2_rf_15_a57_the_state_after_every_event_holds_the_bets_as_booked():
    """One step per event, in order; after each BetsPlaced the slip as booked (a call bet as its
    components, r15, A59), the chips on each position added up (A57)."""
    events = on_zero()
    replayed = replay(events)
    assert [s["position"] for s in replayed["steps"]] == list(range(1, len(events) + 1))
    assert [s["event"] for s in replayed["steps"]] == [type(e).__name__ for e in events]
    second = [s for s in replayed["steps"] if s["event"] == "BetsPlaced"][1]["state"]
    voisins = second["players"][P2]["slips"]["1"]["bets"][1]
    assert (voisins["kind"], voisins["call"], voisins["amount_cents"]) == (
        "call", "voisins_du_zero", 1_700)
    assert len(voisins["components"]) == 17
    assert second["layout"]["pleno:0"] == 1_000 + 100  # P2's pleno and the voisins' 0
    assert second["staked_cents"] == 3_000 + 2_700
    assert [p["label"] for p in second["players"].values()] == ["player 1", "player 2"]
    closed = next(s for s in replayed["steps"] if s["event"] == "BettingClosed")["state"]
    assert closed["status"] == "closed" and closed["announcement"] == "jogo feito nada mais"
    assert closed["result"] is None  # r18: marked only once the ball lands
    final = replayed["final"]
    assert final["recent_results"] == [{"number": 0, "colour": "green"}]
    assert final["ended_at"] == replayed["steps"][-2]["at"]


def test_903b_6_3_4_2_rf_19_the_replay_shows_the_recorded_settlement_not_a_new_one():
    """A replay never settles again: it shows what BetsSettled recorded (adjudication.py finds
    the difference: tests/roulette/test_adjudication.py)."""
    events = on_seventeen()
    named(events, "BetsSettled").returned_cents = 1
    final = replay(events)["final"]
    assert final["players"][P1]["settlement"]["returned_cents"] == 1


def test_rf_22_23_a62_a_void_during_the_betting_draws_nothing_and_refunds():
    events = spin([(P1, [{"chance": "impar", "amount_cents": 500}]),
                   (P2, [{"chance": "maior", "amount_cents": 700}])], void="server fault")
    replayed = replay(events)
    final = replayed["final"]
    assert (final["status"], final["ended"]) == ("voided", True)
    assert final["refunds"] == {P1: 500, P2: 700}
    assert final["players"][P2]["refunded_cents"] == 700
    assert final["void"]["message"] == ("ocorreu um erro; todos os pagamentos e apostas são"
                                        " anulados")
    assert set(final["net_by_account"].values()) == {0}  # every hold voided
    assert replayed["rng"]["verified"] is False
    assert replayed["rng"]["check"].startswith("no RNG output was drawn")


def test_a60_withdrawn_bets_leave_the_layout_and_unlaunched_bets_are_refunded():
    """A60: at an individual wheel the first slip is withdrawn before the launch; the second,
    never launched, is refunded at the session's end."""
    events = spin([(P1, [{"chance": "pleno", "numbers": [7], "amount_cents": 200}]),
                   (P1, [{"chance": "coluna", "numbers": [2], "amount_cents": 300}])],
                  config={"kind": "individual", "betting_seconds": None}, withdraw=(1,),
                  refund="session_ended")
    final = replay(events)["final"]
    assert (final["status"], final["ended"]) == ("refunded", True)
    mine = final["players"][P1]
    assert mine["slips"]["1"]["withdrawn"] == {"reason": "player", "rule": "A60"}
    assert (mine["staked_cents"], mine["positions"]) == (300, {"coluna:2": 300})
    assert final["layout"] == {"coluna:2": 300} and final["refunds"] == {P1: 300}
    assert final["refund"]["reason"] == "session_ended"
    assert player_jogada(replay(events), P1)["result"] == "refunded"


def test_rf_24_25_a_lost_connection_is_recorded_and_the_jogada_stands():
    events = spin([(P1, [{"chance": "pleno", "numbers": [17], "amount_cents": 100}])],
                  forced=17, lost=(P1,))
    final = replay(events)["final"]
    assert final["players"][P1]["connection_lost"] is True
    assert final["status"] == "settled" and final["net_by_account"][W1] == 3_500


def test_the_replay_needs_the_events_of_one_jogada():
    with pytest.raises(InvalidInputError):
        replay([])


# r26: the player's last jogada -------------------------------------------------------------
def test_rf_26_the_players_last_jogada_result_and_amounts_bet():
    """r26: the winning number, the player's bets with what each got back, the amounts."""
    replayed = replay(on_zero())
    one = player_jogada(replayed, P1)
    assert (one["number"], one["colour"], one["status"], one["result"]) == (
        0, "green", "settled", "won")
    assert [(b["positions"], b["amount_cents"], b["returned_cents"], b["won"])
            for b in one["bets"]] == [(["encarnado"], 1_000, 0, False),
                                      (["quadro:0-1-2-3"], 1_000, 9_000, True),
                                      (["duzia:1"], 1_000, 0, False)]
    assert (one["staked_cents"], one["returned_cents"], one["net_cents"]) == (3_000, 9_000,
                                                                             6_000)
    assert one["rule"] == "roleta francesa rule 26"
    two = player_jogada(replayed, P2)
    assert [b["kind"] for b in two["bets"]] == ["chance", "call"]
    assert (two["staked_cents"], two["returned_cents"], two["net_cents"]) == (2_700, 39_600,
                                                                             36_900)


def test_rf_26_a_player_without_a_bet_has_no_part():
    with pytest.raises(NotFoundError) as refused:
        player_jogada(replay(on_zero()), "33333333-3333-4333-8333-333333333333")
    assert refused.value.rule == "roleta francesa rule 26"


# The player's copy (issue 25) ----------------------------------------------------------------
def test_issue_25_rf_5_the_players_copy_cuts_the_other_players_bets_and_ids():
    """P1's copy: its own bets and settlement stay; P2 is "player 2" everywhere, its bets, its
    settlement and its wallet cut; the sealed seed is cut (the revealed one stays); the staff
    replay keeps everything."""
    replayed = replay(on_seventeen())
    made = player_copy(replayed, P1)
    mine = made["replay"]
    said = json.dumps(mine)
    assert P2 not in said and "session-2" not in said
    assert P1 in said and SEED.hex() in said  # RngRevealed: the player may check it
    assert P2 in json.dumps(replayed)  # the staff's copy is untouched
    cut = {(w["event"], w["position"]): w for w in made["withheld"]}
    placed = [s for s in mine["steps"] if s["event"] == "BetsPlaced"]
    assert placed[0]["data"]["bets"] and placed[0]["data"]["player_id"] == P1
    assert [(s["data"]["player_id"], s["data"]["bets"]) for s in placed[1:]] == [
        ("player 2", None), ("player 2", None)]
    settled = [s for s in mine["steps"] if s["event"] == "BetsSettled"]
    assert settled[1]["data"]["slips"] is None and settled[1]["data"]["returned_cents"] is None
    assert settled[0]["data"]["returned_cents"] == 36_000 + 1_500
    committed = next(s for s in mine["steps"] if s["event"] == "RngCommitted")
    assert committed["data"]["sealed_seed_hex"] is None
    assert "A70" in cut[("RngCommitted", committed["position"])]["reason"]
    assert all("roleta francesa rule 5" in w["reason"] for w in made["withheld"]
               if w["event"] != "RngCommitted")
    final = mine["final"]
    assert final["players"]["player 2"] == {"label": "player 2", "withheld": True}
    assert final["layout"] == {"pleno:17": 1_000, "cavalo_de_duzia:1-2": 1_000}
    assert final["net_by_account"]["wallet of player 2"] == 200
    assert final["result"]["number"] == 17


# Real jogadas (the ledger's commands; both backends) ---------------------------------------
def test_903b_6_3_4_2_rf_18_a70_a_real_multi_player_jogada_replays_as_recorded(cert, clock):
    """The jogada index's events (the wheel's, the money's, the sessions'): the RNG check
    re-derives 17 from the revealed seed with the forced number; the state ends as the wheel
    settled it; the player's part (r26) and copy (Bia's bets and id cut) follow."""
    from infra.services import jogada_views
    from tests.roulette.recorded import played_multi

    wheel, (ana, bia), jid = played_multi(cert, clock)
    _, events = jogada_views.jogada_events(cert, jid)
    replayed = jogada_views.replay(cert, jid)
    assert [s["position"] for s in replayed["steps"]] == [p for p, _ in events]
    assert replayed["wheel_id"] == wheel["wheel_id"]
    assert replayed["rng"]["verified"] is True, replayed["rng"]
    assert (replayed["rng"]["number"], replayed["rng"]["forced"]) == (17, True)
    final = replayed["final"]
    a, b = str(ana.player_id), str(bia.player_id)
    assert (final["status"], final["result"]["number"]) == ("settled", 17)
    assert final["net_by_account"][wallet_code(a)] == 33_300
    assert final["net_by_account"][wallet_code(b)] == 200
    assert sorted(final["players"][b]["slips"]) == ["2", "3"]  # slips count per jogada
    part = player_jogada(replayed, b)
    assert (part["result"], part["staked_cents"], part["returned_cents"], part["net_cents"]) \
        == ("won", 800, 1_000, 200)
    assert [(x["positions"], x["won"]) for x in part["bets"]] == [(["par"], False),
                                                                  (["preto"], True)]
    made = player_copy(replayed, a)
    assert b not in json.dumps(made["replay"]) and str(bia.session_id) not in json.dumps(
        made["replay"])


@pytest.mark.not_adjudicated(reason="the record is altered on purpose")
def test_rf_18_a70_a_real_jogadas_tampered_number_fails_the_rng_check(cert, clock):
    from infra.services import jogada_views
    from tests.roulette.recorded import played_multi

    _, _, jid = played_multi(cert, clock)
    owner, events = jogada_views.jogada_events(cert, jid)
    (at, landed), = [(p, e) for p, e in events if type(e).__name__ == "BallLanded"]
    object.__setattr__(landed, "number", 18)
    rng = owner.replay(events)["rng"]
    assert rng["verified"] is False and rng["events"] == [at]
