"""``GET /jogadas/{jogada_id}/steps``: a jogada of any game as the replay viewer draws it
(903-B 6.3.4(2): every essential element of the jogada viewable by replay; GLI-19 §4.14), in
process, on the test's database and ManualClock. The expected cards, balls and marks are worked
out here from what the test forced and bought, never from the service's answer. The page that
draws them: tests/viewer/test_viewer_page.py, test_viewer_browser.py."""

from __future__ import annotations

import json

import pytest

from domain.kernel import viewer
from domain.kernel.game import topic_of
from domain.kernel.rule_book_903b import SECTIONS
from domain.games.semdescarte.rule_book import RULES as SD_RULES
from infra.services import jogada_views
from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import BANK_AK, FLUSH_HAND, forced_deck, multi_config
from tests.api.test_bingo_api import drive_to_end
from tests.holdem.played import BOARD, COMMISSION_CENTS, HOLE, POT_CENTS
from tests.holdem.played import played as holdem_played
from tests.holdem.client import new_table
from tests.holdem.support import passive, play_out
from tests.viewer.play import BIA_HAND, BINGO_30, JACKPOT, bearer, individual_sem_descarte, player

COIN = "tests.cointoss.game"


def items(step: dict, kind: str) -> list[dict]:
    return [item for item in step["scene"] if item["kind"] == kind]


def cards_by_label(step: dict) -> dict[str, tuple[list[str], int]]:
    return {i["label"]: (i["cards"], i["hidden"]) for i in items(step, "cards")}


def steps_of(client, jogada_id: str, headers=OPERATOR) -> dict:
    return ok(client.get(f"/jogadas/{jogada_id}/steps", headers=headers))


def assert_one_step_per_event(client, shown: dict, jogada_id: str) -> None:
    """Every recorded event of the jogada is one step, in log order, naming its notification
    id and topic; the money of the steps is the jogada's money; the checks are the replay's."""
    ledger = client.app.state.ledger
    game, events = jogada_views.jogada_events(ledger, jogada_id)
    assert [(s["event"]["notification_id"], s["event"]["topic"]) for s in shown["steps"]] == \
        [(position, topic_of(e)) for position, e in events]
    assert [s["number"] for s in shown["steps"]] == list(range(1, len(events) + 1))
    assert all(s["title"] for s in shown["steps"])
    replayed = ok(client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))
    assert shown["rng"] == replayed["rng"] and shown["rng"]["verified"] is True
    assert shown["adjudication"] == ok(client.get(f"/jogadas/{jogada_id}/adjudication",
                                                  headers=OPERATOR))
    assert shown["adjudication"]["agrees"] is True
    assert_bookkeeping_marked(shown)
    assert_players_named_by_label(client, shown, jogada_id)
    moved = [m for s in shown["steps"] for i in items(s, "money") for m in i["movements"]]
    assert moved == shown["money"] and len(moved) == sum(
        type(e).__name__ in ("FundsHeld", "HoldPosted", "HoldVoided", "Credited", "Debited")
        for _, e in events)
    if "money" in replayed["final"] and isinstance(replayed["final"]["money"], list):
        assert [(m["position"], m["account"], m["kind"], m["cents"]) for m in moved] == [
            (m["position"], m["account"], m["kind"], m["amount_cents"])
            for m in replayed["final"]["money"]]


def assert_bookkeeping_marked(shown: dict) -> None:
    """Issue 24: every account event (a debit, a credit, a hold) and every session line is a
    ``bookkeeping`` step naming the play step it follows; every other step is ``play``. None
    is dropped: the steps are still every event, in log order."""
    last_play = None
    for step in shown["steps"]:
        topic = step["event"]["topic"]
        bookkeeping = topic.startswith(("ledger.Account.", "ledger.GameSession."))
        assert step["kind"] == ("bookkeeping" if bookkeeping else "play"), (topic, step["kind"])
        assert step["after_step"] == (last_play if bookkeeping else None), step["number"]
        last_play = last_play if bookkeeping else step["number"]
    assert any(s["kind"] == "bookkeeping" for s in shown["steps"])


def assert_players_named_by_label(client, shown: dict, jogada_id: str) -> None:
    """Issue 24: every player with a stake is in ``players`` with its label and display name
    (the principals read model); no title and no scene but the money movements (whose account
    codes are the record's) names a player by id."""
    staked = ok(client.get(f"/jogadas/{jogada_id}", headers=OPERATOR))["players"]
    listed = {p["player_id"]: p for p in shown["players"]}
    for p in staked:
        assert listed[p["player_id"]]["display_name"] == p["display_name"] is not None
    assert len({p["label"] for p in shown["players"]}) == len(shown["players"])
    for step in shown["steps"]:
        words = json.dumps([step["title"], [i for i in step["scene"] if i["kind"] != "money"]])
        assert not [pid for pid in listed if pid in words], (step["number"], step["title"])


def test_903b_6_3_4_2_sd_19_24_the_steps_show_every_card_dealt_and_the_bank_face_down_until_shown(
        make_client, clock):
    """Two seats with the jackpot side bet (Portaria r3, r4): Ana's forced flush, Bia's pair of
    threes, a bank of ace-king high (rule 25: it qualifies). The deal shows the burned card,
    both hands and the bank's open card with four face down (rule 19c); Bia folds (rule 22), Ana
    continues (rule 23); the bank's five cards appear only with BankCardsRevealed (rule 24);
    the result and Ana's jackpot prize (Portaria r9e) close the jogada."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = ok(client.post("/semdescarte/tables", headers=OPERATOR, json={
        "name": "Mesa", "config": multi_config(seats=2)}), 201)
    tid = table["table_id"]
    seated = []
    for seat, name in enumerate(("Ana", "Bia"), start=1):
        pid, headers = player(client, OPERATOR, name, table["venue_id"], table["game"])
        ok(client.post(f"/semdescarte/tables/{tid}/seats", json={"seat": seat},
                       headers=headers), 201)
        seated.append((pid, headers))
    (ana_id, ana), (bia_id, bia) = seated
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    jogada_id = ok(client.post(f"/semdescarte/tables/{tid}/antes", headers=ana, json={
        "ante_cents": 200, "jackpot_bet_cents": 100, "idempotency_key": "a1",
        "forced_deck": deck}), 201)["jogada_id"]
    ok(client.post(f"/semdescarte/tables/{tid}/antes", headers=bia, json={
        "ante_cents": 100, "idempotency_key": "b1"}), 201)
    assert client.get(f"/jogadas/{jogada_id}/steps", headers=OPERATOR).status_code == 409
    clock.advance(16)  # the betting period (15 s) is over: the operator deals (rule 14)
    ok(client.post(f"/semdescarte/tables/{tid}/deal", json={}, headers=OPERATOR))
    ok(client.post(f"/semdescarte/tables/{tid}/decisions", headers=bia,
                   json={"jogada_id": jogada_id, "decision": "fold"}))
    ok(client.post(f"/semdescarte/tables/{tid}/decisions", headers=ana,
                   json={"jogada_id": jogada_id, "decision": "continue"}))

    shown = steps_of(client, jogada_id)
    assert (shown["jogada_id"], shown["game"]) == (jogada_id, "semdescarte")
    assert_one_step_per_event(client, shown, jogada_id)
    by_event = {s["event"]["name"]: s for s in shown["steps"]}
    names = [s["event"]["name"] for s in shown["steps"]]
    before_deal = shown["steps"][:names.index("CardsDealt")]
    assert all(not items(s, "cards") for s in before_deal)  # nothing dealt yet
    dealt = cards_by_label(by_event["CardsDealt"])
    assert dealt == {"Burned card": (["Qs"], 0), "Seat 1": (FLUSH_HAND, 0),
                     "Seat 2": (BIA_HAND, 0), "Bank": ([BANK_AK[-1]], 4)}
    assert by_event["CardsDealt"]["rule"] == "póquer sem descarte rule 19"
    assert "Seat 2 folds" in by_event["PlayerFolded"]["title"]
    assert "Seat 1 continues" in by_event["PlayerContinued"]["title"]
    assert cards_by_label(by_event["PlayerContinued"])["Bank"] == ([BANK_AK[-1]], 4)
    assert cards_by_label(by_event["BankCardsRevealed"])["Bank"] == (BANK_AK, 0)
    final = shown["steps"][-1]
    assert cards_by_label(final)["Bank"] == (BANK_AK, 0)
    [prizes] = items(final, "prizes")
    assert [(p["winners"], p["value_cents"] > 0) for p in prizes["items"]] == [(["Seat 1"], True)]
    [result] = [i for i in items(final, "facts") if i["label"] == "Result"]
    assert [row[0] for row in result["rows"]] == ["Seat 1", "Seat 2"]
    assert result["rows"][1][1].startswith("fold")
    bets = [i for i in items(by_event["AntePlaced"], "facts") if i["label"] == "Bets"]
    assert "side bet 1,00 €" in bets[0]["rows"][0][1]
    assert by_event["JackpotBetsCollected"]["rule"] == "Portaria 461/2001 rule 4b"
    assert by_event["RngCommitted"]["rule"] == "903-B 6.7.5"


def test_903b_6_3_4_2_sd_19_each_step_carries_its_rules_title_from_the_catalogues(make_client,
                                                                                  clock):
    """Beside each step's rule, its title: the game's catalogue for the game's rules
    (domain/games/semdescarte/rule_book.py), the core's for 903-B (domain/kernel/rule_book_903b.py);
    None where the step cites no rule."""
    client = make_client(certification_mode="1")
    jogada_id = individual_sem_descarte(client, OPERATOR)["jogada_id"]
    shown = steps_of(client, jogada_id)
    by_event = {s["event"]["name"]: s for s in shown["steps"]}
    dealt = by_event["CardsDealt"]
    assert (dealt["rule"], dealt["rule_title"]) == ("póquer sem descarte rule 19", SD_RULES[19])
    committed = by_event["RngCommitted"]
    assert (committed["rule"], committed["rule_title"]) == ("903-B 6.7.5", SECTIONS["6.7.5"])
    assert all(s["rule_title"] is None for s in shown["steps"] if s["rule"] is None)
    assert all(s["rule_title"] for s in shown["steps"] if s["rule"])


def test_903b_6_3_4_2_bingo_2h_the_cards_show_exactly_the_balls_drawn_so_far(make_client, clock):
    """Bingo 30 (rules 2h, 21, 29, 30): at each ball the balls so far in order, and on every card
    bought exactly the drawn numbers it holds marked; at each prize the cards that won it."""
    client = make_client(certification_mode="1")
    room = ok(client.post("/bingo/rooms", headers=OPERATOR, json={
        "name": "Sala", "config": {**BINGO_30, "sale_seconds": 30, "draw_interval_ms": 1_000,
                                   "prize_pause_ms": 0}}), 201)
    rid = room["room_id"]
    order = [7, 23, 1, 30, 12, 18, 5, 27, 14, 9, 21, 3, 16, 25, 11, 29, 2, 20, 8, 13, 26, 4,
             17, 22, 10, 28, 6, 19, 15, 24]
    ok(client.post(f"/bingo/rooms/{rid}/jogadas", json={"forced_balls": order},
                   headers=OPERATOR), 201)
    cards: dict[int, list[list[int | None]]] = {}
    for name in ("Ana", "Bia", "Rui"):
        pid, headers = player(client, OPERATOR, name, room["venue_id"], "bingo")
        ok(client.post(f"/bingo/rooms/{rid}/players", json={}, headers=headers), 201)
        bought = ok(client.post(f"/bingo/rooms/{rid}/cards", headers=headers,
                                json={"count": 2, "idempotency_key": f"c-{name}"}), 201)
        cards.update({c["card"]: c["numbers"] for c in bought["cards"]})
    drive_to_end(client, clock, rid)
    jogada_id = f"{rid}:1"

    shown = steps_of(client, jogada_id)
    assert_one_step_per_event(client, shown, jogada_id)
    replayed = ok(client.get(f"/jogadas/{jogada_id}/replay", headers=OPERATOR))
    drawn = replayed["final"]["drawn"]
    assert drawn == order[:len(drawn)]  # the forced order, up to the bingo (rule 25)
    ball_steps = [s for s in shown["steps"] if s["event"]["name"] == "BallDrawn"]
    assert len(ball_steps) == len(drawn)
    for k, step in enumerate(ball_steps, start=1):
        assert step["title"] == f"Ball {k}: {drawn[k - 1]}"
        [balls] = items(step, "balls")
        assert balls["numbers"] == drawn[:k]
        grids = items(step, "grid")
        assert [g["label"].split(" · ")[0] for g in grids] == [f"Card {n}" for n in sorted(cards)]
        for grid, number in zip(grids, sorted(cards)):
            assert grid["rows"] == cards[number]
            assert grid["marked"] == [n for row in cards[number] for n in row
                                      if n is not None and n in drawn[:k]]
    for prize, won in replayed["final"]["won"].items():
        [step] = [s for s in shown["steps"] if s["event"]["name"] == "PrizeWon"
                  and s["event"]["notification_id"] in {
                      x["position"] for x in replayed["steps"]
                      if x["event"] == "PrizeWon" and x["data"]["prize"] == prize}]
        [table] = items(step, "prizes")
        [item] = [i for i in table["items"] if i["name"] == viewer.words_of(prize)]
        assert item["winners"] == [f"card {n}" for n in won["cards"]]
        assert (item["ordinal"], item["ball"]) == (won["ordinal"], won["ball"])
        for grid in items(step, "grid"):
            number = int(grid["label"].split(" · ")[0].removeprefix("Card "))
            assert (viewer.words_of(prize) in grid["won"]) is (number in won["cards"])
    assert shown["checks"]["prizes_check"]["verified"] is True
    first = shown["steps"][0]
    assert first["event"]["name"] == "JogadaOpened" and first["rule"] == "bingo rule 16"


def test_903b_6_3_4_2_a_game_defined_under_tests_is_shown_through_its_own_viewer_steps(
        make_client):
    """The coin toss (tests/cointoss/) gives its own steps; any game without them is shown
    event by event as text (domain/kernel/viewer.py ``fallback_steps``)."""
    client = make_client(games=COIN, cointoss_tick_interval=0)
    table = ok(client.post("/cointoss/tables", headers=OPERATOR, json={
        "name": "Moeda", "config": {"stake_cents": 100, "toss_after": 1}}), 201)
    pid, headers = player(client, OPERATOR, "Ana", table["venue_id"], "cointoss")
    bet = ok(client.post(f"/cointoss/tables/{table['table_id']}/bets", headers=headers, json={
        "side": "tails", "stake_cents": 100, "idempotency_key": "b1"}), 201)
    tossed = ok(client.post(f"/cointoss/tables/{table['table_id']}/toss", headers=OPERATOR))

    shown = steps_of(client, bet["jogada_id"])
    assert shown["game"] == "cointoss"
    assert_one_step_per_event(client, shown, bet["jogada_id"])
    [toss] = [s for s in shown["steps"] if s["event"]["name"] == "CoinTossed"]
    assert {"kind": "text", "text": f"The coin shows {tossed['side']}."} in toss["scene"]
    [payouts] = items(toss, "prizes")
    assert payouts["items"] == [{"name": "Player 1", "value_cents": tossed["payouts"][pid],
                                 "winners": ["Player 1"] if tossed["payouts"][pid] else []}]
    assert shown["players"] == [{"player_id": pid, "label": "Player 1", "display_name": "Ana"}]

    game, events = jogada_views.jogada_events(client.app.state.ledger, bet["jogada_id"])
    plain = viewer.show(None, game.replay(events), events)
    assert [s["event"]["notification_id"] for s in plain["steps"]] == [p for p, _ in events]
    assert all(kind == "text" for s in plain["steps"] for kind in
               [i["kind"] for i in s["scene"] if i["kind"] != "money"])
    assert plain["money"] == shown["money"]


def test_903b_6_3_4_2_he_49_59_hole_cards_face_down_until_the_showdown_board_street_by_street(
        make_client):
    """Hold'em (tests/holdem/played.py: a forced deck, the button at seat 1): the blinds (rules
    20-22, 48), the hole cards dealt face down (rules 49, 50) and shown only at the showdown
    (rules 59-61) with their words, the board street by street (rules 53, 55, 57), each action
    with its amount, whose turn it is, the pot paid and the commission (rules 17a, 19). The
    folded hand is drawn face up only once the jogada has ended, saying it was never shown."""
    client = make_client(certification_mode="1")
    _, _, jogada_id = holdem_played(client.app.state.ledger)

    shown = steps_of(client, jogada_id)
    assert (shown["jogada_id"], shown["game"]) == (jogada_id, "holdem")
    assert_one_step_per_event(client, shown, jogada_id)
    names = [s["event"]["name"] for s in shown["steps"]]
    by_event = {s["event"]["name"]: s for s in shown["steps"]}
    assert all(not items(s, "cards") for s in shown["steps"][:names.index("HoleCardsDealt")])
    dealt = cards_by_label(by_event["HoleCardsDealt"])
    assert dealt == {"Board": ([], 0), "Seat 1": ([], 2), "Seat 2": ([], 2), "Seat 3": ([], 2)}
    assert by_event["HoleCardsDealt"]["rule"] == "hold'em rules 49, 50"
    assert by_event["BlindsPosted"]["title"] == "Blinds posted: seat 2 0,50 €, seat 3 1,00 €"
    assert by_event["ButtonDrawn"]["title"].startswith("The button is drawn: seat 1")
    actions = [s for s in shown["steps"] if s["event"]["name"] == "ActionApplied"]
    assert actions[0]["title"] == "Seat 1 raises to 3,00 € (puts in 3,00 €)"
    assert actions[1]["title"] == "Seat 2 calls (puts in 2,50 €)"
    assert actions[2]["title"] == "Seat 3 folds"
    [table_facts] = [i for i in items(actions[0], "facts") if i["label"] == "Table"]
    assert ["To act", "seat 2"] in table_facts["rows"] and ["Pot", "4,50 €"] in table_facts["rows"]
    boards = [cards_by_label(s)["Board"] for s in shown["steps"]
              if s["event"]["name"] == "BoardDealt"]
    assert boards == [(BOARD[:3], 0), (BOARD[:4], 0), (BOARD, 0)]
    for step in shown["steps"][names.index("HoleCardsDealt"):names.index("HandsShown")]:
        assert all(cards_by_label(step)[f"Seat {s}"] == ([], 2) for s in HOLE)
    at_showdown = cards_by_label(by_event["HandsShown"])
    assert at_showdown["Seat 1"] == (HOLE["1"], 0) and at_showdown["Seat 2"] == (HOLE["2"], 0)
    assert at_showdown["Seat 3"] == ([], 2)  # folded: never shown at the table
    assert by_event["HandsShown"]["title"] == ("Showdown: seat 2 shows par de reis; seat 1 shows"
                                              " trio de ases")  # rule 59: left of the button first
    final = by_event["JogadaSettled"]
    assert final["title"] == f"Jogada settled: seat 1 wins {viewer.euros(POT_CENTS - COMMISSION_CENTS)}"
    settled_cards = [i for i in items(final, "cards") if i["label"] == "Seat 3"]
    assert settled_cards[0]["cards"] == HOLE["3"] and "never shown" in settled_cards[0]["note"]
    facts = {i["label"]: i["rows"] for i in items(final, "facts")}
    assert facts["Commission"][0] == ["Total", viewer.euros(COMMISSION_CENTS)]
    assert facts["Pots"][0][0] == "Main pot" and viewer.euros(POT_CENTS) in facts["Pots"][0][1]
    assert facts["Payment"][0][0] == "Seat 1"
    assert "stack 103,65 €" in facts["Seats"][0][1]  # 100 € - 3 € + 6,65 €: the cave after
    assert by_event["RngCommitted"]["rule"] == "903-B 6.7.5"


def test_903b_6_3_4_2_omaha_25_59_four_hole_cards_face_down_then_all_four_shown(make_client):
    """Omaha (rule 25: four hole cards; rule 59: all four shown at the showdown), checked down
    by two players: the same viewer, four cards face down per seat until the showdown."""
    client = make_client()
    table = new_table(client.app.state.ledger, "omaha")
    for seat in (1, 2):
        table.seat_new(seat)
    table.start()
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)

    shown = steps_of(client, jogada_id)
    assert shown["game"] == "omaha"
    assert_one_step_per_event(client, shown, jogada_id)
    by_event = {s["event"]["name"]: s for s in shown["steps"]}
    dealt = cards_by_label(by_event["HoleCardsDealt"])
    assert (dealt["Seat 1"], dealt["Seat 2"]) == (([], 4), ([], 4))
    at_showdown = cards_by_label(by_event["HandsShown"])
    assert [len(at_showdown[f"Seat {s}"][0]) for s in (1, 2)] == [4, 4]
    assert len(at_showdown["Board"][0]) == 5
    assert by_event["HandsShown"]["rule"] == "Omaha rules 59, 60, 61"


def test_903b_6_3_4_2_the_steps_are_for_staff_and_for_ended_jogadas(make_client):
    """The roles of the replay (operator, auditor, complaint handler); a player is refused
    (403), no key is 401, an unknown jogada 404, one still open 409 (903-B 6.7.5)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    played = individual_sem_descarte(client, OPERATOR)
    jogada_id = played["jogada_id"]
    for role in ("auditor", "complaint_handler"):
        _, headers = api.staff(role)
        assert steps_of(client, jogada_id, headers)["jogada_id"] == jogada_id
    refused = client.get(f"/jogadas/{jogada_id}/steps", headers=played["player_headers"])
    assert refused.status_code == 403 and refused.json()["error"]["field"] == "Authorization"
    assert client.get(f"/jogadas/{jogada_id}/steps").status_code == 401
    assert client.get(f"/jogadas/{jogada_id}/steps",
                      headers=bearer("not-a-key")).status_code == 401
    unknown = client.get("/jogadas/00000000-0000-4000-8000-000000000000:1/steps",
                         headers=OPERATOR)
    assert unknown.status_code == 404
    table = ok(client.post("/semdescarte/tables", headers=OPERATOR, json={
        "name": "Mesa 2", "config": {"kind": "individual", "min_ante_cents": 100,
                                     "max_ante_cents": 2_500, "decision_seconds": 60,
                                     "extra_seconds": 30, "jackpot": JACKPOT}}), 201)
    _, bia = player(client, OPERATOR, "Bia", table["venue_id"], table["game"])
    ok(client.post(f"/semdescarte/tables/{table['table_id']}/seats", json={}, headers=bia), 201)
    open_id = ok(client.post(f"/semdescarte/tables/{table['table_id']}/antes", headers=bia,
                             json={"ante_cents": 100, "idempotency_key": "o1"}), 201)["jogada_id"]
    still_open = client.get(f"/jogadas/{open_id}/steps", headers=OPERATOR)
    assert still_open.status_code == 409 and still_open.json()["error"]["rule"] == "903-B 6.7.5"


@pytest.mark.parametrize("cents, shown", [(0, "0,00 €"), (5, "0,05 €"), (200, "2,00 €"),
                                          (-170, "-1,70 €"), (1_000_000, "10 000,00 €")])
def test_amounts_are_shown_as_euros_from_integer_cents(cents, shown):
    assert viewer.euros(cents) == shown
