"""Hold'em and Omaha: the replay of an ended jogada from its events alone (903-B 6.3.4(2)),
its RNG check (the shoe, the deal from the small blind, the board and the button re-derived
from the revealed seed: rules 46, 49, 50, 53, 55, 57) and its re-adjudication (rules 17–19,
33, 62, 63; A24, A31), each shown to fail on an altered record; the player's last jogada
(rule 65)."""

from __future__ import annotations

import copy

from domain.games.community_poker.adjudication import adjudicate
from domain.games.community_poker.replay import player_jogada, replay
from infra.services import jogada_views
from tests.holdem.client import new_table
from tests.holdem.support import forced_deck, passive, play_out

HOLES = [["As", "Ks"], ["Qh", "Qd"], ["7c", "2d"]]
BOARD = ["Ah", "9s", "4d", "Jc", "3h"]


def _played(ledger, game="holdem", **start):
    table = new_table(ledger, game, structure="pot_limit")
    for seat in (1, 4, 7):
        table.seat_new(seat)
    table.start(**start)
    jogada_id = table.jogada()["jogada_id"]
    play_out(table, passive)
    _, events = jogada_views.jogada_events(ledger, jogada_id)
    return table, jogada_id, events


def _altered(events, name, **changes):
    out = []
    for position, e in events:
        if type(e).__name__ == name:
            e = copy.copy(e)
            e.__dict__.update(changes)
        out.append((position, e))
    return out


def test_he_903b_6_3_4_replay_rebuilds_the_jogada_and_checks_the_rng(ledger):
    table, jogada_id, events = _played(ledger)
    replayed = replay(events)
    assert replayed["final"]["ended"] and replayed["final"]["status"] == "settled"
    assert replayed["rng"]["verified"] is True, replayed["rng"]
    assert len(replayed["final"]["board"]) == 5
    names = [s["event"] for s in replayed["steps"]]
    assert names.index("RngCommitted") < names.index("HoleCardsDealt")
    assert adjudicate(events)["agrees"] is True


def test_he_49_50_replay_finds_hole_cards_the_seed_did_not_deal(ledger):
    table, jogada_id, events = _played(ledger)
    dealt = next(e for _, e in events if type(e).__name__ == "HoleCardsDealt")
    swapped = {s: list(reversed(c)) for s, c in dealt.cards.items()}
    rng = replay(_altered(events, "HoleCardsDealt", cards=swapped))["rng"]
    assert rng["verified"] is False and "hole cards" in rng["check"]
    position = next(p for p, e in events if type(e).__name__ == "HoleCardsDealt")
    assert position in rng["events"]


def test_he_46_47_replay_finds_a_button_the_seed_did_not_draw(ledger):
    table, jogada_id, events = _played(ledger)
    drawn = next(e for _, e in events if type(e).__name__ == "ButtonDrawn")
    other = (drawn.index + 1) % len(drawn.seats)
    rng = replay(_altered(events, "ButtonDrawn", index=other))["rng"]
    assert rng["verified"] is False and "button" in rng["check"]
    moved = replay(_altered(events, "ButtonDrawn", index=other, seat=drawn.seats[other]))
    assert moved["rng"]["verified"] is False  # and the actions no longer fit the button:
    assert moved["final"]["problems"] and "turn" in moved["final"]["problems"][0]["problem"]


def test_he_63_a31_re_adjudication_disagrees_with_an_altered_payment(ledger):
    table, jogada_id, events = _played(ledger)
    settled = next(e for _, e in events if type(e).__name__ == "JogadaSettled")
    caves = dict(settled.caves)
    winner = max(caves, key=caves.get)
    loser = min(caves, key=caves.get)
    caves[winner] -= 1
    caves[loser] += 1
    report = adjudicate(_altered(events, "JogadaSettled", caves=caves))
    assert report["agrees"] is False and any("caves" in p for p in report["problems"])


def test_he_17a_a24_re_adjudication_disagrees_with_a_commission_the_rules_do_not_give(ledger):
    table, jogada_id, events = _played(ledger)
    moved = [(p, e) for p, e in events if type(e).__name__ in ("Debited", "Credited")]
    assert moved, "a pot-limit jogada to the river pays commission"
    report = adjudicate([(p, e) for p, e in events if (p, e) not in moved[:1]])
    assert report["agrees"] is False


def test_om_65_replay_adjudication_and_last_jogada_of_an_omaha_jogada(ledger):
    table, jogada_id, events = _played(ledger, "omaha")
    replayed = replay(events)
    assert replayed["rng"]["verified"] is True
    assert all(len(s["hole_cards"]) == 4 for s in replayed["final"]["seats"].values())
    assert adjudicate(events)["agrees"] is True
    mine = player_jogada(replayed, table.by_seat(4).player_id)
    assert len(mine["cards"]) == 4 and mine["rule"] == "Omaha rule 65"


def test_he_65_the_players_last_jogada_shows_its_own_cards_and_the_hands_shown(cert):
    table = new_table(cert)
    for seat in (1, 4, 7):
        table.seat_new(seat)
    table.start(button_seat=7, forced_deck=forced_deck(HOLES, BOARD))
    jogada_id = table.jogada()["jogada_id"]
    table.act(table.by_seat(7), "fold")
    play_out(table, passive)
    replayed = jogada_views.replay(cert, jogada_id)
    folded = player_jogada(replayed, table.by_seat(7).player_id)
    assert folded["cards"] == ["7c", "2d"] and folded["board"] == BOARD
    assert set(folded["shown"]) == {"1", "4"}  # the folded hand is not shown to anyone
    winner = player_jogada(replayed, table.by_seat(1).player_id)
    assert winner["won_cents"] > 0 and winner["commission_cents"] > 0
    assert winner["rule"] == "hold'em rule 65"
