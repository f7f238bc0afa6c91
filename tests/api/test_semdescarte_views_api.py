"""Póquer sem descarte views and rules over HTTP that were tested only at the service level
(tests/semdescarte/test_views.py, test_jogada_*.py): the player's last jogada (Reg.
803/2015 rule 37), the auditor's replay (903-B 6.3.4(2), 6.7.2(4), 6.7.5), the live jackpot
value (Portaria 461/2001 r3, r4b, r10), a lost connection after the second bet (rule 36) and
the inactivity procedure at an individual table (rules 41a, 42; A43).

Every amount is computed here by hand from a forced deck (certification mode, rule 19) and the
paytable (rule 12, "N to 1", A2), never taken from the service's own answer.
"""

from __future__ import annotations

import uuid

from datetime import datetime, timedelta
from typing import Any

from domain.ledger.accounts import wallet_code
from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import (FUNDS, SD, ante, audit, create_table, deal, decide,
                                           error_of, forced_deck, individual_config, multi_config,
                                           seated, statement, two_seated, view)

JACKPOT = {"stake_cents": 100, "contribution_bp": 7_000, "starting_value_cents": 1_000_000}
STRAIGHT = ["5c", "6d", "7h", "8s", "9c"]  # a straight: 4 to 1 (rule 12)
BANK_KK = ["Kd", "Kh", "2s", "3c", "Jd"]  # a pair of kings: qualifies (rule 25); Jd face up
UNKNOWN = "00000000-0000-4000-8000-000000000000"
NOTHING = {"invitations": [], "warnings": [], "ended": []}


def when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def last_jogada(client, player_id: str, headers):
    return client.get(f"/semdescarte/players/{player_id}/last-jogada", headers=headers)


def replay(client, jogada_id: str, headers):
    return client.get(f"/semdescarte/jogadas/{jogada_id}/replay", headers=headers)


def jackpot(client, table_id: str, headers=OPERATOR) -> dict[str, Any]:
    return ok(client.get(f"/semdescarte/tables/{table_id}/jackpot", headers=headers))


def sweep(client) -> dict[str, Any]:
    return ok(client.post("/inactivity/sweep", headers=OPERATOR))


def straight_jogada(make_client):
    """Ana at an individual table with the jackpot: ante 200 + side bet 100, a forced straight
    against the bank's kings, "continue"; settled. By hand: ante 1 to 1 (+200), the 400 bet 4 to
    1 (+1 600), the side bet spent (−100): +1 700. Returns (client, api, table id, player id,
    headers, session id, jogada id)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config(jackpot=JACKPOT))
    pid, ana, sid = seated(api, table, "Ana")
    tid = table["table_id"]
    r = ante(client, tid, ana, 200, "a1", 100)
    assert r.status_code == 201, r.text
    jogada_id = r.json()["jogada_id"]
    assert deal(client, tid, ana, forced_deck([STRAIGHT], BANK_KK, burn="Ah")).status_code == 200
    r = decide(client, tid, ana, jogada_id, "continue")
    assert r.status_code == 200 and r.json()["settled"] is True, r.text
    assert api.balance(pid) == {"available_cents": FUNDS + 1_700, "held_cents": 0,
                                "balance_cents": FUNDS + 1_700}
    return client, api, tid, pid, ana, sid, jogada_id


# Rule 37: the player's last jogada --------------------------------------------------------------
def test_sd_37_the_player_sees_its_last_jogada_others_may_not(make_client):
    """Rule 37 (rules-digest §1.5): the player can see the result of its last jogada and the
    amounts bet: its cards, the bank's (all five once shown, rule 24), what came back and what
    was won, which is exactly its wallet's change. A jogada still open is not the last one. No
    other player sees it; staff who may read the account (AccountReader) may."""
    client, api, tid, pid, ana, _sid, jogada_id = straight_jogada(make_client)
    assert ante(client, tid, ana, 300, "a2").status_code == 201  # open: no result yet

    r = last_jogada(client, pid, ana)
    assert r.status_code == 200, r.text
    seen = r.json()
    assert (seen["jogada_id"], seen["table_id"], seen["seat"], seen["status"]) == (
        jogada_id, tid, 1, "settled")
    assert seen["cards"] == STRAIGHT
    assert (seen["bank_cards"], seen["bank_cards_revealed"]) == (BANK_KK, True)
    assert (seen["ante_cents"], seen["bet_cents"], seen["jackpot_bet_cents"],
            seen["total_bet_cents"]) == (200, 400, 100, 700)
    assert (seen["decision"], seen["result"], seen["multiplier"]) == ("continue", "player_won", 4)
    assert (seen["returned_cents"], seen["won_cents"], seen["lost_cents"],
            seen["jackpot_prize_cents"]) == (600, 200 + 4 * 400, 0, 0)
    assert seen["net_cents"] == 1_700 == api.balance(pid)["balance_cents"] - FUNDS
    assert seen["rule"] == f"{SD} 37"

    bia_id, bia, _ = seated(api, create_table(client, individual_config()), "Bia")
    error = error_of(last_jogada(client, pid, bia), 403)  # another player's jogada
    assert (error["code"], error["field"]) == ("forbidden", "player_id")
    error = error_of(last_jogada(client, bia_id, bia), 404)  # seated, never bet
    assert (error["code"], error["field"], error["rule"]) == ("not_found", "player_id",
                                                              f"{SD} 37")
    assert error_of(last_jogada(client, UNKNOWN, OPERATOR), 404)["field"] == "player_id"
    assert error_of(last_jogada(client, "nope", OPERATOR), 422)["field"] == "player_id"
    assert error_of(last_jogada(client, pid, {}), 401)["code"] == "unauthenticated"
    for role in ("auditor", "complaint_handler"):
        assert last_jogada(client, pid, api.staff(role)[1]).json() == seen
    assert last_jogada(client, pid, OPERATOR).json() == seen


# 903-B 6.3.4(2): the replay -------------------------------------------------------------------
TABLE_ORDER = ["JogadaOpened", "AntePlaced", "BettingClosed", "JackpotBetsCollected",
               "RngCommitted", "CardsDealt", "PlayerContinued", "BankCardsRevealed",
               "JogadaSettled", "RngRevealed"]  # domain/games/semdescarte/table.py, rules 14–29


def test_903b_6_3_4_replay_every_event_its_state_the_money_and_the_rng_check(make_client):
    """903-B 6.3.4(2), 6.7.2(4): an auditor and a complaint handler replay an ended jogada:
    every event in order with the state it led to, every money transfer, and the revealed seed
    re-deriving the dealt cards. 6.7.5: an open jogada (its hidden cards) is not shown. Players
    may not replay; an unknown jogada is 404."""
    client, api, tid, pid, ana, _sid, jogada_id = straight_jogada(make_client)
    auditor, handler = api.staff("auditor")[1], api.staff("complaint_handler", "Carla")[1]
    r = replay(client, jogada_id, auditor)
    assert r.status_code == 200, r.text
    body = r.json()
    assert replay(client, jogada_id, handler).json() == body
    assert replay(client, jogada_id, OPERATOR).json() == body
    assert (body["jogada_id"], body["table_id"]) == (jogada_id, tid)

    steps = body["steps"]
    positions = [s["position"] for s in steps]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    names = [s["event"] for s in steps]
    assert [n for n in names if n in TABLE_ORDER] == TABLE_ORDER
    state = {name: steps[names.index(name)]["state"] for name in TABLE_ORDER}
    assert state["AntePlaced"]["seats"]["1"]["ante_cents"] == 200
    assert state["AntePlaced"]["seats"]["1"]["jackpot_bet_cents"] == 100
    cards = state["CardsDealt"]["cards"]
    assert (state["CardsDealt"]["status"], cards["burned"], cards["hands"]) == (
        "deciding", "Ah", {"1": STRAIGHT})
    assert (cards["bank_open_card"], cards["bank_hidden_cards"], cards["bank_revealed"]) == (
        "Jd", BANK_KK[:4], False)
    assert state["PlayerContinued"]["seats"]["1"]["bet_cents"] == 400  # rule 23: 2 × ante
    assert state["BankCardsRevealed"]["cards"]["bank_cards"] == BANK_KK
    outcome = state["JogadaSettled"]["outcomes"]["1"]
    assert (outcome["result"], outcome["won_cents"]) == ("player_won", 1_800)

    wallet, pool = wallet_code(pid), f"jackpot:{tid}"
    money = {(m["account"], m["kind"], m["amount_cents"]) for m in body["final"]["money"]}
    assert money >= {(wallet, "held", 600), (wallet, "held", 100), (wallet, "posted", 100),
                     (wallet, "voided", 600), (wallet, "credited", 1_800),
                     ("house", "debited", 1_800)}
    # By hand: the wallet +1 800 − 100; the pool gets 70 % of the side bet (r3); the house
    # keeps 30 and pays 1 800. Double entry: the nets sum to 0.
    net = body["final"]["net_by_account"]
    assert (net[wallet], net[pool], net["house"]) == (1_700, 70, 30 - 1_800)
    assert sum(net.values()) == 0
    assert (body["final"]["status"], body["final"]["ended"]) == ("settled", True)

    rng = body["rng"]
    committed = steps[names.index("RngCommitted")]["data"]
    revealed = steps[names.index("RngRevealed")]["data"]
    assert (rng["verified"], rng["forced"]) == (True, True), rng["check"]
    assert (rng["commitment"], rng["seed_hex"]) == (committed["commitment"],
                                                    revealed["seed_hex"])

    error = error_of(replay(client, jogada_id, ana), 403)  # players: no one's hidden cards
    assert error["code"] == "forbidden"
    assert error_of(replay(client, jogada_id, {}), 401)["code"] == "unauthenticated"
    assert error_of(replay(client, f"{tid}:99", auditor), 404)["field"] == "jogada_id"
    # The route takes any text as the id: a malformed one is simply not a jogada.
    assert error_of(replay(client, "nope", auditor), 404)["field"] == "jogada_id"

    open_id = ante(client, tid, ana, 100, "a2").json()["jogada_id"]
    for stage in ("betting", "deciding"):  # 6.7.5: the hidden cards stay hidden until the end
        error = error_of(replay(client, open_id, auditor), 409)
        assert (error["field"], error["rule"]) == ("jogada_id", "903-B 6.7.5"), stage
        if stage == "betting":
            assert deal(client, tid, ana).status_code == 200


def test_903b_7_9_1_a_control_character_in_the_replayed_jogada_id_is_422(api, client):
    """903-B 7.9.1 (tests/api/test_text_inputs_api.py): a control character in an id, a NUL
    above all (PostgreSQL cannot take it in text), is refused with a 422 naming the field."""
    r = replay(client, "a%00b", api.staff("auditor")[1])
    error = error_of(r, 422)
    assert (error["field"], error["rule"]) == ("jogada_id", "903-B 7.9.1")


# Portaria 461/2001 r3, r4b, r10: the live jackpot -----------------------------------------------
def test_pt_r3_r4b_jackpot_starts_at_its_value_and_grows_by_each_collected_side_bet(
        make_client, clock):
    """Portaria r10: the jackpot starts at the table's starting value; r3, r4b: each side bet
    adds its 70 % share when it is collected, before the cards (a held bet adds nothing); A12: a
    folded hand wins no prize, so folding leaves the value as it is. Anyone may read it."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    people = [seated(api, table, name, seat=seat) for seat, name in
              ((1, "Ana"), (2, "Bia"), (3, "Rui"))]
    start = jackpot(client, tid, people[0][1])  # a player may read it
    assert (start["table_id"], start["jackpot_cents"]) == (tid, 1_000_000)
    for seat, (_pid, headers, _sid), side in zip((1, 2, 3), people, (100, 100, None)):
        r = ante(client, tid, headers, 100 * seat, f"a{seat}", side)
        assert r.status_code == 201, r.text
    jogada_id = r.json()["jogada_id"]
    assert jackpot(client, tid)["jackpot_cents"] == 1_000_000  # only held so far
    clock.advance(16)  # the 15 s betting period is over (rule 14)
    hands = [["2c", "4s", "7d", "9d", "Jc"], ["3h", "3d", "8c", "Td", "Qs"],
             ["4c", "6h", "9s", "Jh", "Ks"]]
    assert deal(client, tid, OPERATOR, forced_deck(hands, BANK_KK)).status_code == 200
    dealt = jackpot(client, tid, api.staff("auditor")[1])
    assert dealt["jackpot_cents"] == 1_000_000 + 2 * 70  # two side bets, 70 % each (r3)
    assert dealt["as_of_position"] > start["as_of_position"]
    [row] = [a for a in audit(client)["data"] if a["account_code"] == f"jackpot:{tid}"]
    assert row["balance_cents"] == dealt["jackpot_cents"]
    for _pid, headers, _sid in people:
        assert decide(client, tid, headers, jogada_id, "fold").status_code == 200
    assert jackpot(client, tid)["jackpot_cents"] == 1_000_140  # A12: no prize to a fold

    assert ante(client, tid, people[1][1], 100, "b2", 100).status_code == 201
    clock.advance(16)
    assert deal(client, tid, OPERATOR).status_code == 200  # any cards: no decision yet
    assert jackpot(client, tid)["jackpot_cents"] == 1_000_000 + 3 * 70

    plain = create_table(client, multi_config(seats=2, jackpot=False))
    r = client.get(f"/semdescarte/tables/{plain['table_id']}/jackpot", headers=OPERATOR)
    # the table exists without the module: 409 no_jackpot; no such table: 404
    assert (error_of(r, 409)["code"], r.json()["error"]["rule"]) == (
        "no_jackpot", "Portaria 461/2001 rule 3")
    r = client.get(f"/semdescarte/tables/{uuid.uuid4()}/jackpot", headers=OPERATOR)
    assert error_of(r, 404)["field"] == "table_id"
    r = client.get("/semdescarte/tables/nope/jackpot", headers=OPERATOR)
    assert error_of(r, 422)["field"] == "table_id"


# Rule 36: a lost connection after the second bet -------------------------------------------------
def test_sd_36_connection_lost_after_the_second_bet_the_jogada_settles_normally(make_client, clock):
    """Rule 36 (rules-digest §1.6, A6): a fault of the player's equipment after its second bet
    changes nothing: the bets stand, the jogada goes on and settles normally once the other
    player decides (Ana's flush wins per rule 28, Bia's jack high loses per rule 29)."""
    client, api, tid, (ana_id, ana, ana_sid), (bia_id, bia, bia_sid) = two_seated(make_client)
    jogada_id = ante(client, tid, ana, 200, "a1").json()["jogada_id"]
    assert ante(client, tid, bia, 300, "b1").status_code == 201
    clock.advance(16)
    flush, jack_high = ["3h", "5h", "9h", "Jh", "Kh"], ["2c", "4s", "7d", "9d", "Jc"]
    bank = ["Ac", "Kd", "8h", "6s", "3c"]  # ace-king high: qualifies (rule 25)
    deck = forced_deck([flush, jack_high], bank, burn="5c")
    assert deal(client, tid, OPERATOR, deck).status_code == 200
    assert decide(client, tid, ana, jogada_id, "continue").status_code == 200

    r = client.post(f"/semdescarte/tables/{tid}/interruptions",
                    json={"kind": "player_equipment", "player_id": ana_id}, headers=OPERATOR)
    assert r.status_code == 200, r.text
    assert r.json() == {"jogada_id": jogada_id, "seat": 1, "effect": "stands",
                        "rule": f"{SD} 36", "settled": False}
    assert view(client, tid, bia)["status"] == "deciding"  # the jogada goes on
    assert api.balance(ana_id)["held_cents"] == 600  # ante + the 2 × ante bet still stand
    r = decide(client, tid, bia, jogada_id, "continue")
    assert r.status_code == 200 and r.json()["settled"] is True, r.text

    ana_win = 200 + 5 * 400  # ante 1 to 1; flush 5 to 1 on the 400 bet (rule 12, A2)
    bia_loss = -(300 + 600)  # rule 29: ante and bet lost
    assert api.balance(ana_id) == {"available_cents": FUNDS + ana_win, "held_cents": 0,
                                   "balance_cents": FUNDS + ana_win}
    assert api.balance(bia_id) == {"available_cents": FUNDS + bia_loss, "held_cents": 0,
                                   "balance_cents": FUNDS + bia_loss}
    assert (statement(client, ana_sid)["wagered_cents"],
            statement(client, ana_sid)["net_cents"]) == (600, ana_win)
    assert statement(client, bia_sid)["net_cents"] == bia_loss
    seen = last_jogada(client, ana_id, ana).json()  # rule 37 shows the normal settlement
    assert (seen["result"], seen["won_cents"], seen["net_cents"]) == ("player_won", 2_200,
                                                                      ana_win)
    assert audit(client)["total_cents"] == 0


# Rules 41a, 42 (A43): inactivity at an individual table -------------------------------------------
def test_sd_41a_42_no_bet_for_more_than_3_minutes_invitation_warning_then_the_end(
        api, client, clock):
    """Rule 41a: at an individual table, no bet for MORE than 3 minutes → the operator may
    invite the player to leave; rule 42: it must warn that the session ends if there is no
    bet in the next minute; A43: the idle clock runs from the later of the session start and
    the last bet (the second bet counts), and the session then ends by itself, at the moment
    the warned minute ran out. An ante after that is refused and moves no money."""
    table = create_table(client, individual_config(decision_seconds=60))
    tid = table["table_id"]
    pid, ana, sid = seated(api, table, "Ana")
    clock.advance(100)
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    bet_at = clock.advance(30)  # the second bet, 130 s into the session
    assert decide(client, tid, ana, jogada_id, "continue").json()["settled"] is True
    assert when(statement(client, sid, ana)["last_bet_at"]) == bet_at

    clock.advance(180)  # 180 s since the last bet, 310 s since the start: not MORE than 3 min
    assert sweep(client) == NOTHING
    warned = clock.advance(1)
    assert sweep(client) == {"invitations": [sid], "warnings": [sid], "ended": []}
    r = client.get(f"/sessions/{sid}", headers=ana)
    assert r.status_code == 200, r.text
    st = r.json()
    assert (when(st["invitation_at"]), when(st["warning_at"]), st["status"]) == (
        warned, warned, "open")
    assert sweep(client) == NOTHING  # warned once

    clock.advance(60)  # the warned minute is not over yet
    assert sweep(client) == NOTHING
    clock.advance(1)
    assert sweep(client) == {"invitations": [], "warnings": [], "ended": [sid]}
    st = client.get(f"/sessions/{sid}", headers=ana).json()
    assert (st["status"], st["end_reason"]) == ("ended", "inactivity")
    assert when(st["ended_at"]) == warned + timedelta(seconds=60)
    balance = api.balance(pid)
    error = error_of(ante(client, tid, ana, 100, "a2"), 409)
    assert error["field"] == "session_id"
    assert api.balance(pid) == balance and balance["held_cents"] == 0
