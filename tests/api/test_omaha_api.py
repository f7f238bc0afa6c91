"""Omaha over HTTP (the SRIJ's Omaha rules; rules-digest §7): the hold'em routes under
``/omaha``, four hole cards (rules 25, 49, 50), a hand of exactly two hole cards and three
of the board (rules 1, 26), all four shown at the showdown (rule 59), the last jogada (rule
65) and the statements (rule 67)."""

from __future__ import annotations

from tests.api.conftest import OPERATOR, ok
from tests.api.poker_support import RULE, PokerApi, play_to_showdown
from tests.api.semdescarte_support import strings_in
from tests.api.test_holdem_api import three_seated

GAME = "omaha"
# Button at seat 1; the cards go to seats 2, 3, 1. Four hearts on the board: Bia holds one
# heart (no flush in Omaha, rule 26: a pair of queens); Rui makes three nines and wins.
HANDS = {2: ["Qh", "Qs", "Qd", "3c"], 3: ["9d", "9s", "5c", "6d"], 1: ["Jc", "Tc", "4d", "4s"]}
BOARD = ["Ah", "Kh", "7h", "2h", "9c"]


def test_om_26_a_whole_jogada_one_heart_in_hand_is_no_flush(make_client):
    """Rules 1, 26: exactly two hole cards and three of the board; one heart with four on the
    board is not a flush (hold'em would make one); three nines take the pot less 5 %."""
    api, tid, (ana, bia, rui) = three_seated(make_client, GAME, hands=HANDS, board=BOARD)
    assert api.describe(tid)["game"] == GAME
    play_to_showdown(api, tid, [ana, bia, rui])
    table = api.describe(tid)
    assert {s: h["cave_cents"] for s, h in table["seats"].items()} == \
        {"1": 9_900, "2": 9_900, "3": 10_185}
    last = ok(api.last_jogada(tid, bia.headers))
    assert last["shown"]["2"]["category"] == "one_pair"
    assert last["shown"]["3"]["category"] == "three_of_a_kind"
    assert last["rule"] == f"{RULE[GAME]} 65"
    won = api.statement(rui.session_id, rui.headers)
    assert (won["wagered_cents"], won["won_cents"], won["net_cents"]) == (100, 285, 185)
    assert [(line["category"], line["amount_cents"]) for line in won["lines"]] == \
        [("commission", 15)]
    assert api.accounts()[table["commission_account"]] == 15


def test_om_59_all_four_hole_cards_are_shown_at_the_showdown(make_client):
    api, tid, players = three_seated(make_client, GAME, hands=HANDS, board=BOARD)
    play_to_showdown(api, tid, players)
    last = ok(api.last_jogada(tid, players[0].headers))
    assert {s: h["cards"] for s, h in last["shown"].items()} == \
        {str(s): cards for s, cards in HANDS.items()}


def test_om_25_a_player_sees_its_own_four_cards_only(make_client):
    """Rules 25, 49, 50: four hole cards, face down: each player sees its own only."""
    api, tid, players = three_seated(make_client, GAME, hands=HANDS, board=BOARD)
    every_card = {c for hand in HANDS.values() for c in hand}
    for p in players:
        view = api.describe(tid, p.headers)
        assert view["your_cards"] == HANDS[p.seat]
        assert set(strings_in(view)) & every_card == set(HANDS[p.seat])


def test_om_the_two_games_keep_their_tables_apart(make_client):
    """An Omaha table is not a hold'em table: each game's routes find only their own."""
    api = PokerApi(make_client(), GAME)
    tid = api.table()["table_id"]
    assert api.client.get(f"/holdem/tables/{tid}", headers=OPERATOR).status_code == 404
    assert api.describe(tid)["venue_id"] == f"omaha:{tid}"
