"""``GET /jogadas/{jogada_id}/adjudication`` (issue 14) over HTTP: an auditor re-adjudicates a
jogada without saying which game it is; a jackpot prize is recomputed from the pool as it stood
(its balance folded from the jackpot account's own stream, 903-B 6.4.6(3)). Expected amounts
are worked out here from the paytable (rule 12, A2) and the jackpot's multiples (Portaria r9e)."""

from __future__ import annotations

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import (ante, create_table, deal, decide, forced_deck,
                                            individual_config, seated)

JACKPOT = {"stake_cents": 100, "contribution_bp": 7_000, "starting_value_cents": 1_000_000}


def test_903b_6_4_6_3_sd_28_pt_r9e_a_flush_with_the_side_bet_adjudicates_over_http(
        make_client):
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config(jackpot=JACKPOT))
    pid, headers, _ = seated(api, table, "Ana")
    placed = ok(ante(client, table["table_id"], headers, 200, "a1", 100), 201)
    jogada_id = placed["jogada_id"]
    assert client.get(f"/jogadas/{jogada_id}/adjudication",
                      headers=OPERATOR).status_code == 409  # not ended yet
    deck = forced_deck([["2h", "5h", "9h", "Jh", "Kh"]], ["Ac", "Kd", "8s", "6s", "3c"],
                       burn="3d")
    ok(deal(client, table["table_id"], headers, deck))
    ok(decide(client, table["table_id"], headers, jogada_id, "continue"))
    auditor, auditor_headers = api.staff("auditor")
    report = ok(client.get(f"/jogadas/{jogada_id}/adjudication", headers=auditor_headers))
    own = f"wallet:{pid}"
    won = 200 + 5 * 400 + 50 * 100 - 100  # ante 1:1, flush 5 to 1, r9e 50 × the stake, the stake
    assert (report["game"], report["status"], report["agrees"]) == ("semdescarte", "settled",
                                                                    True)
    assert report["recomputed"][own] == report["recorded"]["money"][own] == won
    assert report["opening_balances"] == {table["jackpot_account"]: 1_000_000}
    assert report["differences"] == [] and "Portaria 461/2001 rule 9e (A12)" in report["rules"]
