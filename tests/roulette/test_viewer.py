"""French roulette's replay viewer (903-B 6.3.4(2); domain/games/roulette/viewer.py): a scene per
event in the viewer's vocabulary — the layout (r6d) with the winning number marked (r18), each
player's chips and what they got back (r14, r15, r19–r21), the last numbers (r6e, A56), the
announcements (r16), a void's refunds (r22, r23) — players by their labels (issue 24), every
sentence in English and in Portuguese as spoken in Portugal (issue 25)."""

from __future__ import annotations

from domain.games.roulette.replay import player_copy, replay
from domain.games.roulette.viewer import LAYOUT, viewer_steps
from tests.roulette.recorded import P1, P2, on_seventeen, on_zero, spin


def by_event(steps, replayed, name):
    positions = [s["position"] for s in replayed["steps"] if s["event"] == name]
    return [s for s in steps if s["position"] in positions]


def item(step, kind, label):
    return next(i for i in step["scene"] if i["kind"] == kind and i["label"] == label)


def test_rf_6d_the_layout_is_the_0_and_three_columns_of_twelve():
    """r6d: 0, then 1–36 in rows of three; drawn across, the column boxes end in 36, 35, 34."""
    assert sorted(n for row in LAYOUT for n in row if n is not None) == list(range(37))
    assert [row[-1] for row in LAYOUT] == [36, 35, 34]
    assert [row[1:4] for row in LAYOUT] == [[3, 6, 9], [2, 5, 8], [1, 4, 7]]
    assert [row[0] for row in LAYOUT] == [None, 0, None]


def test_rf_18_the_winning_number_is_marked_on_the_layout_once_the_ball_lands():
    replayed = replay(on_seventeen())
    steps = viewer_steps(replayed)
    assert len(steps) == len(replayed["steps"])
    (closed,) = by_event(steps, replayed, "BettingClosed")
    assert item(closed, "grid", "Layout")["marked"] == []
    (landed,) = by_event(steps, replayed, "BallLanded")
    assert landed["title"] == "The ball lands on 17 black: marked on the layout"
    assert landed["rule"] == "roleta francesa rule 18"
    board = item(landed, "grid", "Layout")
    assert (board["marked"], board["won"]) == ([17], ["17 black"])


def test_rf_14_19_each_players_chips_and_what_each_position_got_back():
    """r14: pleno 17 at 35 to 1 (10,00 € → 360,00 €), the cavalo de dúzia at ½ to 1 (15,00 €);
    even loses on 17, black wins; the chips' numbers marked on the player's own grid."""
    replayed = replay(on_seventeen())
    steps = viewer_steps(replayed)
    placed = by_event(steps, replayed, "BetsPlaced")
    assert placed[0]["title"] == ("Player 1 bets 20,00 € (slip 1): pleno 17 10,00 €; cavalo de"
                                  " dúzia 1-2 10,00 €")
    assert placed[2]["title"] == "Player 2 bets 5,00 € (slip 2): black 5,00 €"
    assert item(placed[0], "facts", "Player 1")["rows"] == [["pleno 17", "10,00 €"],
                                                            ["cavalo de dúzia 1-2", "10,00 €"]]
    last = steps[-1]
    assert item(last, "facts", "Player 1")["rows"] == [
        ["pleno 17", "10,00 €: wins, 360,00 € back"],
        ["cavalo de dúzia 1-2", "10,00 €: wins, 15,00 € back"],
        ["Total", "staked 20,00 €, returned 375,00 €, net 355,00 €"]]
    assert item(last, "facts", "Player 2")["rows"][:2] == [["even", "3,00 €: loses"],
                                                           ["black", "5,00 €: wins, 10,00 € back"]]
    assert sorted(item(last, "grid", "Chips · Player 1")["marked"]) == list(range(1, 25))
    settled = [s["title"] for s in by_event(steps, replayed, "BetsSettled")]
    assert settled == ["Player 1: staked 20,00 €, returned 375,00 € (net 355,00 €)",
                       "Player 2: staked 8,00 €, returned 10,00 € (net 2,00 €)"]


def test_rf_21_a58_on_zero_red_and_the_dozen_lose_the_quadro_returns_90():
    """The digest's example: on 0, 10,00 € on red loses, on the quadro 0-1-2-3 returns 90,00 €,
    on the first dozen loses; a voisins du zéro's pleno 0 wins (r15)."""
    replayed = replay(on_zero())
    last = viewer_steps(replayed)[-1]
    assert item(last, "facts", "Player 1")["rows"][:3] == [
        ["red", "10,00 €: loses"], ["quadro 0-1-2-3", "10,00 €: wins, 90,00 € back"],
        ["dúzia 1", "10,00 €: loses"]]
    rows = dict(item(last, "facts", "Player 2")["rows"])
    assert rows["pleno 0"] == "11,00 €: wins, 396,00 € back"  # 10,00 € and the voisins' chip
    assert rows["pleno 26"] == "1,00 €: loses"
    assert item(last, "grid", "Layout")["won"] == ["0 green"]


def test_rf_6e_a56_the_last_winning_numbers_newest_last():
    replayed = replay(on_seventeen())
    steps = viewer_steps(replayed)
    (settled,) = by_event(steps, replayed, "JogadaSettled")
    assert item(settled, "balls", "Last winning numbers")["numbers"] == [17]
    assert settled["title"] == "Jogada settled: 17 black, 28,00 € staked, 385,00 € returned"
    assert not any(i["kind"] == "balls" for i in steps[0]["scene"])


def test_rf_16_the_announcements_and_the_rng_steps():
    replayed = replay(on_seventeen())
    titles = [s["title"] for s in viewer_steps(replayed)]
    assert titles[0] == "Jogada 1 opened: «façam as vossas apostas» (place your bets)"
    assert ("Betting closed: «jogo feito nada mais» (no more bets), 28,00 € staked by 2"
            " player(s)") in titles
    assert "The winning number is committed before the ball lands" in titles
    assert "Winning number forced: 17 (certification mode)" in titles
    assert titles[-1] == "The seed is revealed"


def test_a60_withdrawn_bets_leave_the_players_chips():
    events = spin([(P1, [{"chance": "pleno", "numbers": [7], "amount_cents": 200}]),
                   (P1, [{"chance": "preto", "amount_cents": 300}])], withdraw=(1,),
                  config={"kind": "individual", "betting_seconds": None})
    replayed = replay(events)
    steps = viewer_steps(replayed)
    (withdrawn,) = by_event(steps, replayed, "BetsWithdrawn")
    assert withdrawn["title"] == "Player 1 withdraws slip 1: 2,00 € back (player)"
    assert withdrawn["rule"] == "A60"
    assert item(withdrawn, "facts", "Player 1")["rows"] == [["black", "3,00 €"]]


def test_rf_22_23_a62_a_void_shows_every_stake_refunded():
    events = spin([(P1, [{"chance": "impar", "amount_cents": 500}]),
                   (P2, [{"call": "neighbours", "number": 17, "neighbours": 4,
                          "unit_cents": 100}])], void="operator interruption")
    replayed = replay(events)
    steps = viewer_steps(replayed)
    assert "Player 2 bets 5,00 € (slip 1): a number and its neighbours 17 ± 2 (5 chips of" \
           " 1,00 €)" in [s["title"] for s in steps]
    (last,) = by_event(steps, replayed, "JogadaVoided")
    assert last["title"] == "Jogada void (operator interruption): every bet returned"
    assert item(last, "facts", "Refunds")["rows"] == [["Player 1", "refunded 5,00 €"],
                                                      ["Player 2", "refunded 5,00 €"]]
    assert item(last, "grid", "Layout")["marked"] == []
    (pt,) = by_event(viewer_steps(replayed, "pt"), replayed, "JogadaVoided")
    assert pt["title"] == ("Jogada anulada (interrupção pelo operador): todas as apostas"
                           " devolvidas")


def test_issue_24_players_by_label_never_by_id():
    replayed = replay(on_seventeen())
    steps = viewer_steps(replayed)
    assert steps[-1]["players"] == {P1: "Player 1", P2: "Player 2"}
    for step in steps:
        said = repr((step["title"], step["scene"]))
        assert P1 not in said and P2 not in said


def test_issue_24_rf_5_the_players_copy_shows_the_others_by_label_only():
    made = player_copy(replay(on_seventeen()), P1)["replay"]
    steps = viewer_steps(made, "pt")
    assert steps[-1]["players"] == {P1: "Jogador 1"}
    assert "Jogador 2 faz apostas" in [s["title"] for s in steps]
    assert item(steps[-1], "facts", "Outros jogadores")["rows"] == [
        ["Jogador 2", "nunca mostrado a este jogador: não consta desta cópia"]]
    for step in steps:
        assert P2 not in repr((step["title"], step["scene"]))


def test_issue_25_the_portuguese_steps_hold_no_english():
    """Every English sentence's Portuguese (same keys, same fields) is checked for every viewer
    by tests/complaints/test_pack_step_words.py; here, the steps drawn in Portuguese."""
    for events in (on_seventeen(), on_zero()):
        for step in viewer_steps(replay(events), "pt"):
            said = repr((step["title"], step["scene"]))
            for english in ("Player ", "Layout", "Chips", "wins", "loses", "staked", "red",
                            "black", "Bets", "Result", "opened", "Total", "Last"):
                assert english not in said, (english, said)


def test_903b_6_3_4_2_a_real_jogada_in_the_viewer_with_its_money(cert, clock):
    """903-B 6.3.4(2): a real jogada of a multi-player wheel (three players, every chance and
    call bet, 0 forced) read from the store, replayed and drawn with the kernel's ``show``: the
    players by label, the layout marked on 0, the money labelled by player; in Portuguese
    too."""
    from domain.kernel import viewer
    from infra.services import jogada_views
    from tests.roulette.test_bundle_check import played

    jid = played(cert, clock, 0)
    _, events = jogada_views.jogada_events(cert, jid)
    replayed = replay(events)
    assert replayed["rng"]["verified"] is True
    shown = viewer.show(viewer_steps, replayed, events)
    assert {p["label"] for p in shown["players"]} == {"Player 1", "Player 2", "Player 3"}
    landed = next(s for s in shown["steps"] if s["event"]["name"] == "BallLanded")
    assert landed["title"] == "The ball lands on 0 green: marked on the layout"
    assert item(landed, "grid", "Layout")["marked"] == [0]
    assert any("the wallet of Player" in s["title"] for s in shown["steps"]
               if s["kind"] == "bookkeeping")
    pt = viewer.show(viewer_steps, replayed, events, lang="pt")
    assert "A bola para no 0 verde: marcado no tapete" in [s["title"] for s in pt["steps"]]
    assert any("na carteira de Jogador" in s["title"] for s in pt["steps"])
