"""Hold'em and Omaha over HTTP, certification mode (api-contract.md): the sit-down's
``forced_cave_cents`` sets the seat's starting cave, moved from the wallet like a buy-in (rules
8, 9), so that a laboratory sets up unequal stacks without set-up jogadas; a jogada then plays
its side pots on them (rules 39, 41, 42, 63). Outside certification mode the field is refused
(409 ``certification_mode_off``) and nothing is recorded. Money is conserved throughout: every
cent deposited is on a wallet, the table's account or the commission account."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, ok
from tests.api.poker_support import FUNDS, PokerApi, Seated, forced_deck

CAVES = {1: 2_000, 2: 5_000, 3: 12_345}
HANDS = {"holdem": {2: ["Kh", "Kd"], 3: ["Qh", "Qd"], 1: ["Ac", "As"]},
         "omaha": {2: ["Kh", "Kd", "2c", "7s"], 3: ["Qh", "Qd", "3c", "8s"],
                   1: ["Ac", "As", "4d", "9h"]}}
BOARD = ["2s", "5c", "9d", "Jc", "3h"]


@pytest.fixture(params=["holdem", "omaha"])
def game(request) -> str:
    return request.param


def _sit_forced(api: PokerApi, table: dict, name: str, seat: int, cave: int) -> Seated:
    player_id, headers = api.funded(name)
    session_id = api.open_session(table, headers)
    seated = ok(api.sit(table["table_id"], headers, seat, f"sit-{player_id}",
                        forced_cave_cents=cave), 201)
    assert (seated["buy_in_cents"], seated["fee_cents"], seated["cave_cents"]) == (cave, 0, cave)
    assert seated["available_cents"] == FUNDS - cave  # from the wallet, like a buy-in
    return Seated(player_id, headers, session_id, seat)


def _money(api: PokerApi, table: dict, players: list[Seated]) -> int:
    accounts = api.accounts()
    return (sum(api.balance(p.player_id)["available_cents"] for p in players)
            + accounts[table["account_code"]] + accounts.get(table["commission_account"], 0))


def test_he_8_39_41_42_om_8_39_41_42_certification_forced_caves_set_unequal_stacks_and_play(
        make_client, game):
    api = PokerApi(make_client(certification_mode="1"), game)
    table = api.table()
    tid = table["table_id"]
    players = [_sit_forced(api, table, name, seat, CAVES[seat])
               for seat, name in ((1, "Ana"), (2, "Bia"), (3, "Rui"))]
    described = api.describe(tid)
    assert {s: h["cave_cents"] for s, h in described["seats"].items()} == \
        {str(s): c for s, c in CAVES.items()}
    assert api.accounts()[table["account_code"]] == sum(CAVES.values())
    assert _money(api, table, players) == 3 * FUNDS
    # button at seat 1: seat 2 posts the small blind, seat 3 the big blind, seat 1 acts first
    deck = forced_deck(game, [HANDS[game][s] for s in (2, 3, 1)], BOARD)
    ok(api.start(tid, forced_deck=deck, button_seat=1), 201)
    ana, bia, rui = players
    ok(api.act(tid, ana, "all_in"))  # 20 €
    ok(api.act(tid, bia, "all_in"))  # 50 €
    ok(api.act(tid, rui, "call"))  # 50 € of its 123,45 €: two pots (rules 41, 42)
    after = api.describe(tid)
    assert after["jogada"] is None
    caves = {s: h["cave_cents"] for s, h in after["seats"].items()}
    # rule 63: the aces take the main pot (3 × 20 €), the kings the side pot (2 × 30 €); the
    # commission, 5 % a layer, is capped at 3 € for the jogada, main pot first (rules 17a,
    # 19; A24): all of it from the main pot
    assert caves == {"1": 6_000 - 300, "2": 6_000, "3": CAVES[3] - 5_000}
    commission = api.accounts().get(table["commission_account"], 0)
    assert sum(caves.values()) + commission == sum(CAVES.values())
    assert _money(api, table, players) == 3 * FUNDS
    report = ok(api.client.get(f"/jogadas/{after['last_jogada_id']}/adjudication",
                               headers=OPERATOR))
    assert report["agrees"] is True, report


def test_he_8_om_8_forced_cave_outside_certification_mode_is_refused(make_client, game):
    """api-contract: certification mode only; outside it 409 certification_mode_off naming
    the field; nothing recorded, no money moved."""
    api = PokerApi(make_client(), game)
    table = api.table()
    player_id, headers = api.funded("Ana", table=table)
    api.refused(lambda: api.sit(table["table_id"], headers, 1, "sit-forced",
                                forced_cave_cents=2_000), 409, field="forced_cave_cents",
                rule="api-contract: certification mode", code="certification_mode_off")
    assert api.balance(player_id)["available_cents"] == FUNDS
    seated = ok(api.sit(table["table_id"], headers, 1, "sit-plain"), 201)
    assert seated["cave_cents"] == 10_000  # the table's buy-in


def test_he_8_om_8_a_forced_cave_the_wallet_cannot_cover_is_refused(make_client, game):
    """903-B 5.2.2(3): a wallet never goes below zero; the error names the field."""
    api = PokerApi(make_client(certification_mode="1"), game)
    table = api.table()
    _, headers = api.funded("Ana", funds=1_000, table=table)
    api.refused(lambda: api.sit(table["table_id"], headers, 1, "sit-forced",
                                forced_cave_cents=1_001), 409, field="forced_cave_cents")
    api.refused(lambda: api.sit(table["table_id"], headers, 1, "sit-zero",
                                forced_cave_cents=0), 422, field="forced_cave_cents")
