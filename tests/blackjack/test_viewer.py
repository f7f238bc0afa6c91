"""Blackjack's replay viewer (903-B 6.3.4(2); domain/games/blackjack/viewer.py): a scene per
event in the viewer's vocabulary — every hand face up (r14), the hole card face down until
revealed (r14b, r17), each hand's result (r25) — players by their seats (issue 24), every
sentence in English and in Portuguese as spoken in Portugal (issue 25)."""

from __future__ import annotations

import re
from string import Formatter

from domain.games.blackjack.replay import player_copy, replay
from domain.games.blackjack.viewer import SAID, viewer_steps
from tests.blackjack.recorded import (
    P1,
    P2,
    insured_against_blackjack,
    play,
    split_double,
)


def by_event(steps, replayed, name):
    positions = [s["position"] for s in replayed["steps"] if s["event"] == name]
    return [s for s in steps if s["position"] in positions]


def banca(step):
    return next(item for item in step["scene"] if item.get("label") in ("Banca",))


def test_bj_14b_17_the_hole_card_is_face_down_until_revealed():
    replayed = replay(split_double())
    steps = viewer_steps(replayed)
    assert len(steps) == len(replayed["steps"])
    (dealt,) = by_event(steps, replayed, "CardsDealt")
    assert dealt["title"] == ("Cards dealt: two to each seat face up, the banca's 6c face up"
                              " and its second card face down")
    assert (banca(dealt)["cards"], banca(dealt)["hidden"]) == (["6c"], 1)
    (shown,) = by_event(steps, replayed, "HoleCardRevealed")
    assert shown["title"] == "The banca reveals its hole card: Kh, 16"
    assert (banca(shown)["cards"], banca(shown)["hidden"]) == (["6c", "Kh"], 0)
    (stood,) = by_event(steps, replayed, "BancaStood")
    assert banca(stood)["cards"] == ["6c", "Kh", "2h"] and stood["rule"] == "blackjack rule 17a"


def test_bj_21_25_each_hand_its_cards_and_result_by_seat_label():
    """r21: after the split each hand is 'Seat 1, hand n'; r25: the results with amounts;
    players only as seats (their ids in the step's ``players``)."""
    replayed = replay(split_double())
    steps = viewer_steps(replayed)
    titles = [s["title"] for s in steps]
    assert "Seat 1 splits: 8h 3c and 8d Tc" in titles
    assert "Seat 1, hand 1 doubles to 20,00 €: 9s, 20" in titles
    assert "Seat 1, hand 2 stands on 18 (player)" in titles
    assert "Seat 1, hand 1: won: returned 20,00 €, won 20,00 €" in titles
    last = steps[-1]
    cards = {i["label"]: i for i in last["scene"] if i["kind"] == "cards"}
    assert cards["Seat 1, hand 1"]["cards"] == ["8h", "3c", "9s"]
    assert "won: returned 20,00 €, won 20,00 € (blackjack rule 25c)" in \
        cards["Seat 1, hand 1"]["note"]
    assert cards["Seat 3"]["hidden"] == 0
    assert last["players"] == {P1: "Seat 1", P2: "Seat 3"}
    for step in steps:
        said = repr((step["title"], step["scene"]))
        assert P1 not in said and P2 not in said


def test_bj_24_the_turn_shows_the_options_offered():
    """r24: the options shown are drawn; one the balance cannot cover is unavailable (A49)."""
    replayed = replay(split_double())
    turns = by_event(viewer_steps(replayed), replayed, "TurnStarted")
    first = next(i for i in turns[0]["scene"] if i["kind"] == "facts")
    assert first["rows"][0] == ["Seat 1", "options: hit, stand, split (10,00 €), surrender"]
    seat3 = next(i for i in turns[-1]["scene"] if i["kind"] == "facts")
    assert seat3["rows"][0] == ["Seat 3", "options: hit, stand, surrender"]


def test_bj_15f_20b_insurance_and_even_money_in_words():
    replayed = replay(insured_against_blackjack())
    steps = viewer_steps(replayed)
    titles = [s["title"] for s in steps]
    assert "Seat 1 insures for 5,00 €" in titles and "Seat 2 takes even money" in titles
    assert "Seat 1's insurance: won: returned 5,00 €, won 10,00 €" in titles
    assert "The banca stands on blackjack" in titles
    pt = [s["title"] for s in viewer_steps(replayed, "pt")]
    assert "Lugar 1 faz um seguro de 5,00 €" in pt
    assert "Seguro do lugar 1: ganhou: devolvido 5,00 €, ganho 10,00 €" in pt
    assert "Lugar 2 aceita receber o valor igual ao da aposta" in pt


def test_bj_27_a_void_shows_the_refunds_and_the_hole_card_to_staff_only():
    events = play({"1": (P1, 1000, ["8h", "8d"])}, "6c", "Kh",
                  [("split", "1", 0, "3c", "Tc")], void="dealer screen fault")
    replayed = replay(events)
    last = viewer_steps(replayed)[-1]
    assert banca(last)["cards"] == ["6c", "Kh"] and "void" in banca(last)["note"]
    assert ["Seat 1", "refunded 20,00 €"] in next(
        i for i in last["scene"] if i["kind"] == "facts" and i["label"] == "Result")["rows"]
    copied = viewer_steps(player_copy(replayed, P1)["replay"], "pt")[-1]
    assert (banca(copied)["cards"], banca(copied)["hidden"]) == (["6c"], 1)
    assert "nunca mostrada a este jogador" in banca(copied)["note"]


def test_bj_the_players_copy_is_drawn_with_the_other_seat_as_its_label():
    made = player_copy(replay(split_double()), P1)["replay"]
    steps = viewer_steps(made)
    assert steps[-1]["players"] == {P1: "Seat 1"}
    turns = by_event(steps, made, "TurnStarted")
    assert next(i for i in turns[-1]["scene"] if i["kind"] == "facts")["rows"][0] == [
        "Seat 3", "never shown to this player: not in this copy"]


def fields(template):
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_issue_25_every_english_sentence_has_its_portuguese():
    """tests/complaints/test_pack_step_words.py's rule, here too: the same keys and fields;
    every event's title differs from the English."""
    assert set(SAID["pt"]) == set(SAID["en"])
    for key, english in SAID["en"].items():
        assert fields(SAID["pt"][key]) == fields(english), key
        if re.fullmatch(r"(?:[A-Z][a-z0-9]+){2,}", key):
            assert SAID["pt"][key] != english, key


def test_issue_25_the_portuguese_steps_hold_no_english():
    replayed = replay(split_double())
    for step in viewer_steps(replayed, "pt"):
        said = repr((step["title"], step["scene"]))
        for english in ("Seat ", "hand ", "stake", "doubled", "won", "face down", "Bets"):
            assert english not in said, (english, said)


def test_bj_903b_6_3_4_a_real_jogada_in_the_viewer_with_its_money(cert, clock):
    """903-B 6.3.4(2): the viewer's steps of a real jogada (GET /jogadas/{id}/steps), players
    by seat, the hole card face down until revealed, the money labelled by seat; in
    Portuguese too."""
    from infra.services import jogada_views
    from tests.blackjack.test_replay import _multi_jogada

    table, one, two, jid = _multi_jogada(cert, clock)
    shown = jogada_views.steps(cert, jid)
    assert shown["adjudication"]["agrees"] is True and shown["rng"]["verified"] is True
    assert {p["label"] for p in shown["players"]} == {"Seat 1", "Seat 2"}
    titles = [s["title"] for s in shown["steps"]]
    assert "Seat 1 splits: 8h 3c and 8d Tc" in titles
    assert "Seat 2 hits: 5c, 21" in titles
    assert "The banca reveals its hole card: Kh, 16" in titles
    dealt = next(s for s in shown["steps"] if s["event"]["name"] == "CardsDealt")
    banca_cards = next(i for i in dealt["scene"] if i.get("label") == "Banca")
    assert (banca_cards["cards"], banca_cards["hidden"]) == (["6c"], 1)
    assert any("the wallet of Seat 1" in s["title"] for s in shown["steps"]
               if s["kind"] == "bookkeeping")
    replayed = jogada_views.replay(cert, jid)
    pt = [s["title"] for s in viewer_steps(replayed, "pt")]
    assert "Lugar 1 separa: 8h 3c e 8d Tc" in pt
