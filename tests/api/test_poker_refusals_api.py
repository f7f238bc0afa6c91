"""Hold'em and Omaha refusals over HTTP: each a clear 4xx naming the field and the rule, with
nothing recorded (the notification log does not move) and no money moved
(``PokerApi.refused``). Both games share the rules' numbering (rules-digest §7), so most
refusals run at a hold'em and at an Omaha table and cite the table's own game."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, ok
from tests.api.poker_support import RULE, RULES, PokerApi, config
from tests.api.test_holdem_api import three_seated

GAMES = ["holdem", "omaha"]
OMAHA_HANDS = {2: ["As", "Ks", "Qs", "Js"], 3: ["2c", "7d", "3c", "8d"],
               1: ["9h", "9d", "4h", "5d"]}


@pytest.fixture(params=GAMES)
def game(request) -> str:
    return request.param


@pytest.fixture
def started(make_client, game):
    """(api, table id, [Ana at the button, Bia small blind, Rui big blind]); Ana to act."""
    hands = OMAHA_HANDS if game == "omaha" else None
    return three_seated(make_client, game, hands=hands)


def test_he_51_om_51_acting_out_of_turn_is_refused(started, game):
    api, tid, (ana, bia, rui) = started
    api.refused(lambda: api.act(tid, bia, "call"), 409, field="seat",
                rule=f"{RULE[game]} 51")


def test_he_34_om_34_checking_facing_a_bet_is_refused(started, game):
    api, tid, (ana, bia, rui) = started
    api.refused(lambda: api.act(tid, ana, "check"), 409, field="action",
                rule=f"{RULE[game]} 34")


def test_he_a27_a_raise_below_the_minimum_is_refused(started, game):
    """A27: the minimum raise is the last full bet or raise (here to 200)."""
    api, tid, (ana, bia, rui) = started
    api.refused(lambda: api.act(tid, ana, "raise", 150), 409, field="amount", rule="A27")
    ok(api.act(tid, ana, "raise", 200))


def test_he_24_om_24_a_raise_above_the_pot_limit_is_refused(make_client, game):
    """Rule 24b, A27: at a pot-limit table a raise is at most the call plus the pot after the
    call (the button facing 0,50 + 1,00: to 100 + 250 = 350)."""
    hands = OMAHA_HANDS if game == "omaha" else None
    api, tid, (ana, _, _) = three_seated(make_client, game, hands=hands, structure="pot_limit")
    assert api.describe(tid, ana.headers)["your_options"]["raise"] == {"min": 200, "max": 350}
    api.refused(lambda: api.act(tid, ana, "raise", 351), 409, field="amount",
                rule=f"{RULE[game]} 24")
    ok(api.act(tid, ana, "raise", 350))


def test_he_35_om_35_a_bet_after_folding_is_refused(started, game):
    api, tid, (ana, bia, rui) = started
    ok(api.act(tid, ana, "fold"))
    ok(api.act(tid, bia, "call"))
    ok(api.act(tid, rui, "check"))
    ok(api.act(tid, bia, "check"))  # the flop: Bia first (rule 54)
    api.refused(lambda: api.act(tid, ana, "bet", 100), 409, field="seat",
                rule=f"{RULE[game]} 35")


@pytest.mark.parametrize("action", ["chop", "waive"])
def test_he_28_om_28_chop_and_waive_are_refused(started, game, action):
    """Rule 28: a pot may not be split by agreement, and a winner may not give it up."""
    api, tid, (ana, _, _) = started
    api.refused(lambda: api.act(tid, ana, action), 409, field="action",
                rule=f"{RULE[game]} 28", code="not_allowed")


def test_he_11_om_11_a_rebuy_during_a_jogada_is_refused(started, game):
    api, tid, (ana, _, _) = started
    api.refused(lambda: api.rebuy(tid, ana, "rb-1"), 409, field="player_id",
                rule=f"{RULE[game]} 11", code="jogada_in_play")


def test_he_9_om_9_sitting_twice_is_refused(make_client, game):
    """Rule 9; 903-B 6.6.1: one seat per player, even with other seats free."""
    api = PokerApi(make_client(), game)
    table = api.table()
    ana = api.seated(table, "Ana", 1)
    api.refused(lambda: api.sit(table["table_id"], ana.headers, 2, "again"), 409,
                field="player_id", rule=f"{RULE[game]} 9; 903-B 6.6.1", code="already_seated")


def test_he_9_om_9_a_taken_seat_is_refused(make_client, game):
    api = PokerApi(make_client(), game)
    table = api.table()
    api.seated(table, "Ana", 1)
    _, bia = api.funded("Bia", table=table)
    api.refused(lambda: api.sit(table["table_id"], bia, 1, "s1"), 409, field="seat",
                rule=f"{RULE[game]} 9")


def test_he_8_om_8_a_buy_in_the_wallet_cannot_cover_is_refused(make_client, game):
    """Rule 8, 903-B 5.2.2(3): the buy-in (100 €) comes from the wallet, which holds 99,99 €."""
    api = PokerApi(make_client(), game)
    table = api.table()
    pid, headers = api.funded("Ana", 9_999, table)
    api.refused(lambda: api.sit(table["table_id"], headers, 1, "s1"), 409,
                field="buy_in_cents", code="insufficient_funds")
    assert api.balance(pid)["available_cents"] == 9_999


def test_he_69_om_69_sitting_without_a_game_session_is_refused(make_client, game):
    api = PokerApi(make_client(), game)
    table = api.table()
    _, headers = api.funded("Ana")
    api.refused(lambda: api.sit(table["table_id"], headers, 1, "s1"), 409,
                field="session_id", rule=f"{RULE[game]} 69")


def test_he_4a_om_4a_a_seat_beyond_the_table_is_refused(make_client, game):
    api = PokerApi(make_client(), game)
    table = api.table(seats=6)
    _, headers = api.funded("Ana", table=table)
    api.refused(lambda: api.sit(table["table_id"], headers, 7, "s1"), 422, field="seat",
                rule=f"{RULE[game]} 4a")


def test_forced_deck_with_a_duplicate_card_is_refused(make_client, game):
    """One 52-card deck (certification mode): a card twice is 422 naming forced_deck."""
    api = PokerApi(make_client(certification_mode="1"), game)
    table = api.table()
    for seat, name in ((1, "Ana"), (2, "Bia")):
        api.seated(table, name, seat)
    deck = ["As", "As"] + [f"{r}{s}" for r in "23456789TJQK" for s in "cdhs"][:20]
    api.refused(lambda: api.start(table["table_id"], forced_deck=deck), 422,
                field="forced_deck")
    assert api.describe(table["table_id"])["jogada"] is None


@pytest.mark.parametrize("field, value", [("forced_deck", ["As", "Kd", "Qh", "Jc"]),
                                          ("button_seat", 1)])
def test_forced_deck_and_button_outside_certification_mode_are_refused(make_client, game,
                                                                       field, value):
    """api-contract: certification mode only; outside it 409 certification_mode_off."""
    api = PokerApi(make_client(), game)
    table = api.table()
    for seat, name in ((1, "Ana"), (2, "Bia")):
        api.seated(table, name, seat)
    api.refused(lambda: api.start(table["table_id"], **{field: value}), 409, field=field,
                rule="api-contract: certification mode", code="certification_mode_off")
    ok(api.start(table["table_id"]), 201)


def test_he_7_om_7_a_jogada_needs_two_players(make_client, game):
    api = PokerApi(make_client(), game)
    table = api.table()
    api.seated(table, "Ana", 1)
    api.refused(lambda: api.start(table["table_id"]), 409, field="table_id",
                rule=f"{RULE[game]} 7", code="not_enough_players")


def test_only_an_operator_starts_a_jogada(make_client, game):
    api = PokerApi(make_client(), game)
    table = api.table()
    ana = api.seated(table, "Ana", 1)
    api.seated(table, "Bia", 2)
    api.refused(lambda: api.start(table["table_id"], headers=ana.headers), 403,
                field="Authorization")


@pytest.mark.parametrize("overrides, field, rule", [
    ({"commission": {"mode": "pot", "percent_bp": 600}}, "commission.percent_bp", "17a"),
    ({"commission": {"mode": "buy_in", "percent_bp": 2_100}}, "commission.percent_bp", "17b"),
    ({"seats": 11}, "seats", "4a, 5"),
    ({"seats": 1}, "seats", "4a, 5"),
    ({"small_blind_cents": 200}, "small_blind_cents", "22"),
    ({"buy_in_cents": 99}, "buy_in_cents", "8; {game} 15"),
])
def test_he_17_22_4a_om_17_22_4a_a_configuration_outside_the_bands_is_409_naming_the_rule(
        make_client, game, overrides, field, rule):
    """Rules 4a, 5 (2 to 10 seats), 17a (1 %–5 % of the pot), 17b (5 %–20 % of the buy-in),
    22 (the small blind at most the big blind), 8 and 15 (the buy-in at least the table
    minimum): 409 naming the field and the rule; no table, nothing recorded."""
    api = PokerApi(make_client(), game)
    numbers = rule.format(game=RULE[game])
    cited = f"{RULES[game] if ',' in numbers.split(';')[0] else RULE[game]} {numbers}"
    error = api.refused(lambda: api.create_table(**overrides), 409, field=field, rule=cited)
    assert error["code"] == "outside_band" or field != "commission.percent_bp"


@pytest.mark.parametrize("body, field", [
    ({"name": "Mesa", "config": config(rake=5)}, "config.rake"),
    ({"name": "Mesa", "config": config(), "extra": 1}, "extra"),
    ({"name": "Mesa", "config": config(small_blind_cents=50.5)}, "config.small_blind_cents"),
    ({"name": "Mesa", "config": config(seats="6")}, "config.seats"),
    ({"name": "Mesa", "config": config(commission={"mode": "buy_in", "percent_bp": 1_000,
                                                   "cap_cents": 100})},
     "commission.cap_cents"),  # A24: the cap is the pot commission's (the domain names it)
])
def test_table_bodies_are_strict(make_client, game, body, field):
    """Unknown fields, floats and strings for integers are 422 naming the field."""
    api = PokerApi(make_client(), game)
    error = api.refused(lambda: api.client.post(f"/{game}/tables", json=body, headers=OPERATOR),
                        422, field=field)
    assert error["code"] in ("invalid_input", "unknown_field")


def test_he_6_om_6_a_session_ending_before_it_starts_is_refused(make_client, game):
    api = PokerApi(make_client(), game)
    api.refused(lambda: api.create_table(mode="session",
                                         session_starts_at="2026-01-05T15:00:00Z",
                                         session_ends_at="2026-01-05T11:00:00Z"),
                409, field="session_ends_at", rule=f"{RULE[game]} 6")


def test_an_action_names_its_jogada(started, game):
    """A decision for a jogada that is not the open one: 409 naming jogada_id."""
    api, tid, (ana, _, _) = started
    api.refused(lambda: api.act(tid, ana, "call", jogada_id=f"{tid}:9"), 409,
                field="jogada_id")


def test_he_34_om_34_only_a_player_dealt_in_acts(started, make_client, game):
    api, tid, _ = started
    _, stranger = api.player("Zé")
    jogada_id = api.describe(tid)["jogada"]["jogada_id"]
    r = api.client.post(api.path(tid, "/actions"), headers=stranger,
                        json={"jogada_id": jogada_id, "action": "fold"})
    assert r.status_code == 403, r.text
    assert r.json()["error"]["rule"] == f"{RULE[game]} 34"
