"""The hold'em and Omaha tables listed (rule 66: the tables and their rules for anyone), from
the read models: free seats, the street of the open jogada, who sits where for staff only."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, ok
from tests.api.poker_support import PokerApi
from tests.waiting import until


@pytest.mark.parametrize("game", ["holdem", "omaha"])
def test_he_66_om_66_tables_are_listed_with_their_rules_seats_and_street(make_client, game):
    api = PokerApi(make_client(), game)
    table = api.table(name="Mesa listada", seats=4)
    ana = api.seated(table, "Ana", 2)
    bia = api.seated(table, "Bia", 3)
    ok(api.start(table["table_id"]), 201)

    def listed():
        rows = ok(api.client.get(f"/{game}/tables", headers=OPERATOR,
                                 params={"name": "Mesa listada"}))["data"]
        return rows if rows and rows[0]["status"] == "preflop" and rows[0]["seats_taken"] == 2 \
            else None
    rows = until(listed)
    row = rows[0]
    assert (row["table_id"], row["game"], row["structure"]) == (table["table_id"], game,
                                                               "no_limit")
    assert row["free_seats"] == [1, 4] and row["config"]["big_blind_cents"] == 100
    assert row["occupants"] == {"2": ana.player_id, "3": bia.player_id}
    seen_by_player = ok(api.client.get(f"/{game}/tables", headers=ana.headers,
                                       params={"status": "preflop"}))["data"]
    assert seen_by_player and seen_by_player[0]["occupants"] is None
    none = ok(api.client.get(f"/{game}/tables", headers=OPERATOR,
                             params={"structure": "limit", "name": "Mesa listada"}))["data"]
    assert none == []
