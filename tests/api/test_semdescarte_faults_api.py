"""Póquer sem descarte clock and faults over HTTP (Reg. 803/2015): the decision time, the warning
and the extra time (rules 21, 31, 32), a fault of the system (rule 33: every bet back) or of the
player's equipment (rules 34–36, A6), each wallet, statement and the accounts audit checked.
"""

from __future__ import annotations

from tests.api.conftest import OPERATOR, Api
from tests.api.semdescarte_support import (FUNDS, SD, account_balance, ante, assert_untouched,
                                           audit, create_table, deal, decide, error_of, forced_deck,
                                           individual_config, multi_config, seated, statement,
                                           table_state, two_seated, view)


def test_sd_31_the_extra_time_runs_from_the_warning(api, client, clock):
    """Rule 31: the player is warned and then given the extra time; rule 32 only after it."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, _ = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    clock.advance(35)  # the table's clock was late
    r = client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR)
    assert r.json()["done"] == ["decision_time_extended"]
    assert view(client, tid, ana)["options"] == ["fold", "continue"]
    clock.advance(5)  # within the 10 s of extra time after the warning
    r = decide(client, tid, ana, jogada_id, "continue")
    assert r.status_code == 200, r.text


def test_sd_31_32_no_decision_in_time_extra_time_then_fold(api, client, clock):
    """Rules 21, 31, 32: after the decision time the player is warned and given the extra time;
    still silent, it has folded and lost the ante, and the rest of the hold comes back."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, sid = seated(api, table, "Ana")
    jogada_id = ante(client, tid, ana, 100, "a1").json()["jogada_id"]
    assert deal(client, tid, ana).status_code == 200
    tick = lambda: client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR).json()["done"]
    clock.advance(20)
    assert tick() == []  # the decision time (20 s) is not over
    clock.advance(1)
    assert tick() == ["decision_time_extended"]
    clock.advance(10)  # the extra time runs from the warning (21 s) + extra_seconds: 31 s
    assert tick() == []
    assert view(client, tid, ana)["options"] == ["fold", "continue"]
    clock.advance(1)
    assert tick() == ["folded_on_timeout", "settled"]
    assert error_of(decide(client, tid, ana, jogada_id, "continue"), 409)["field"] == "jogada_id"
    assert api.balance(pid) == {"available_cents": FUNDS - 100, "held_cents": 0,
                                "balance_cents": FUNDS - 100}
    assert statement(client, sid, ana)["net_cents"] == -100


def test_sd_33_system_fault_after_the_deal_refunds_every_bet(api, make_client, clock):
    """Rule 33 (A6, A10): a fault of the system voids the jogada; every bet, the jackpot side
    bet included, goes back in full, whether the player continued, folded or had not decided."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    pool = account_balance(audit(client), table["jackpot_account"])
    house = account_balance(audit(client), "house")
    people = [seated(api, table, name, seat=seat)
              for seat, name in ((1, "Ana"), (2, "Bia"), (3, "Rui"))]
    for seat, (pid, headers, _) in enumerate(people, start=1):
        assert ante(client, tid, headers, 100 * seat, f"a{seat}", 100).status_code == 201
    jogada_id = table_state(client, tid)["open_jogada"]["jogada_id"]
    clock.advance(16)
    assert deal(client, tid, OPERATOR).status_code == 200
    assert decide(client, tid, people[0][1], jogada_id, "continue").status_code == 200
    assert decide(client, tid, people[1][1], jogada_id, "fold").status_code == 200
    # Rui has not decided; the jackpot stakes were collected at the deal.
    assert account_balance(audit(client), table["jackpot_account"]) == pool + 3 * 70
    r = client.post(f"/semdescarte/tables/{tid}/interruptions",
                    json={"kind": "system_fault", "reason": "dealer_server_down"},
                    headers=OPERATOR)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["voided"], body["rule"]) == (True, f"{SD} 33")
    assert body["refunds_cents"] == {"1": 100 + 200 + 100, "2": 200 + 100, "3": 300 + 100}
    for pid, headers, sid in people:
        assert api.balance(pid) == {"available_cents": FUNDS, "held_cents": 0,
                                    "balance_cents": FUNDS}
        assert statement(client, sid, headers)["net_cents"] == 0
    after = audit(client)
    assert after["total_cents"] == 0
    assert account_balance(after, table["jackpot_account"]) == pool
    assert account_balance(after, "house") == house
    assert table_state(client, tid)["open_jogada"] is None
    assert view(client, tid, people[0][1])["status"] == "ended"
    # Nothing left to void.
    r = client.post(f"/semdescarte/tables/{tid}/interruptions", json={"kind": "system_fault"},
                    headers=OPERATOR)
    assert error_of(r, 409)["field"] == "jogada_id"


def test_sd_33_system_fault_before_the_deal_refunds_the_held_bets(api, client):
    table = create_table(client, multi_config(seats=2))
    tid = table["table_id"]
    pid, headers, sid = seated(api, table, "Ana", seat=1)
    assert ante(client, tid, headers, 500, "a1", 100).status_code == 201
    r = client.post(f"/semdescarte/tables/{tid}/interruptions", json={"kind": "system_fault"},
                    headers=OPERATOR)
    assert r.status_code == 200 and r.json()["refunds_cents"] == {"1": 600}
    assert_untouched(api, client, table, pid)
    assert statement(client, sid)["net_cents"] == 0
    assert audit(client)["total_cents"] == 0


def test_sd_34_35_player_equipment_fault_before_the_decision_is_a_fold(api, make_client, clock):
    """Rules 34, 35: a fault of the player's equipment after the ante and before the decision
    counts as a fold (the ante is lost); rule 36 (A6): after the second bet the bets stand and
    the jogada settles normally."""
    client, api, tid, (ana_id, ana, ana_sid), (bia_id, bia, bia_sid) = two_seated(make_client)
    jogada_id = ante(client, tid, ana, 200, "a1").json()["jogada_id"]
    assert ante(client, tid, bia, 100, "b1").status_code == 201
    clock.advance(16)
    ana_hand, bia_hand = ["Kh", "Kd", "9c", "6s", "2d"], ["Qh", "Qd", "Jc", "5s", "3d"]
    bank = ["Ac", "Ks", "8h", "7c", "4s"]  # A-K high: qualifies; both pairs beat it
    assert deal(client, tid, OPERATOR, forced_deck([ana_hand, bia_hand], bank)).status_code == 200
    assert decide(client, tid, bia, jogada_id, "continue").status_code == 200

    interrupt = lambda player_id: client.post(
        f"/semdescarte/tables/{tid}/interruptions",
        json={"kind": "player_equipment", "player_id": player_id}, headers=OPERATOR)
    error = error_of(client.post(f"/semdescarte/tables/{tid}/interruptions",
                                 json={"kind": "player_equipment"}, headers=OPERATOR), 422)
    assert (error["field"], error["rule"]) == ("player_id", f"{SD} 34")
    r = interrupt(bia_id)  # Bia already continued: her bets stand (rule 36)
    assert r.status_code == 200, r.text
    assert (r.json()["effect"], r.json()["settled"]) == ("stands", False)
    r = interrupt(ana_id)  # Ana had not decided: a fold (rules 34, 35), the jogada settles
    assert r.status_code == 200, r.text
    assert (r.json()["effect"], r.json()["rule"], r.json()["settled"]) == (
        "folded", f"{SD} 34, 35", True)
    assert error_of(decide(client, tid, ana, jogada_id, "continue"), 409)["field"] == "jogada_id"
    # Ana loses the ante only, although her kings would have won; Bia wins per rules 28, 12.
    assert api.balance(ana_id) == {"available_cents": FUNDS - 200, "held_cents": 0,
                                   "balance_cents": FUNDS - 200}
    bia_win = 100 + 1 * 200  # ante 1 to 1, one pair 1 to 1 on the 200 bet (A2)
    assert api.balance(bia_id) == {"available_cents": FUNDS + bia_win, "held_cents": 0,
                                   "balance_cents": FUNDS + bia_win}
    assert statement(client, ana_sid)["net_cents"] == -200
    assert statement(client, bia_sid)["net_cents"] == bia_win
    assert audit(client)["total_cents"] == 0
