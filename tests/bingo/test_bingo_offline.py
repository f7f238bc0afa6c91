"""Bingo's offline rules (domain/games/bingo/offline.py), the part of the standalone bundle checker
that re-derives a jogada's cards and balls from its revealed seed and recomputes its prizes and
money from the exported events alone (903-B 6.7.2(4), 7.9.1; rules-digest-2 §3.1; bingo rules
10-31, 36, 40-47; A13-A21, A31). Real jogadas of the four variants, exported with
``export_bundle``, check clean; a changed prize amount, ball or winner is named."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from domain.games.bingo import offline
from domain.games.bingo.game import GAME
from infra.audit.bundle import export_bundle
from infra.audit.checker.games import money_moved
from tests.bingo import client
from tests.bingo import support as bingo
from tests.bingo.plans import find_tie
from tests.bingo.plans import play as play_planned

MODULE = Path(offline.__file__)

# Each variant's room: its compulsory prizes and extra ones (rules 33-35, 63, 67, 74, 83), an odd
# card price so that shares and pools round (A31), and a jackpot in 75 (rules 39-44).
ROOMS = {
    "90": bingo.config("90", card_price_cents=137, prizes={
        "four_corners": 1_000, "line": 1_500, "two_lines": 2_500, "bingo": 5_000}),
    "80": bingo.config("80", card_price_cents=101, pool_bp=8_333),
    "75": bingo.config("75", card_price_cents=99, prizes={"line": 2_000, "bingo": 8_000},
                       jackpot={"deduction_bp": 500, "base_cents": 5_000, "max_balls": 75}),
    "30": bingo.config("30", card_price_cents=103, prizes={"column": 3_000, "bingo": 7_000}),
    # rules 73b, 76: the bingo is a pattern (an X through the free centre), a line beside it
    "75x": bingo.config("75", card_price_cents=99, prizes={"line": 2_000, "bingo": 8_000},
                        bingo_pattern=[[i, i] for i in range(5)]
                        + [[i, 4 - i] for i in range(5) if i != 2]),
}


def play(ledger: Any, clock: Any, variant: str, counts: tuple[int, ...] = (5, 3, 4),
         void_after_prize: bool = False) -> str:
    room = bingo.new_room(ledger, ROOMS[variant])
    opened = bingo.open_jogada(ledger, room)
    for player, count in zip(bingo.players(ledger, room, len(counts)), counts):
        bingo.buy(ledger, room, player, count)
    bingo.close_sale(ledger, clock, room)
    if not void_after_prize:
        assert bingo.draw_to_end(ledger, clock, room)[-1]["bingo"]
        return opened["jogada_id"]
    for _ in range(90):  # rules 45-47: a fault after a prize was won
        state = client.describe(ledger, room["room_id"])["open_jogada"]
        clock.advance(max((state["next_draw_at"] - clock.now()).total_seconds(), 0))
        if client.draw(ledger, room_id=room["room_id"])["won"]:
            break
    client.void_jogada(ledger, room_id=room["room_id"], reason="draw server lost",
                       actor=bingo.OPERATOR)
    return opened["jogada_id"]


def cancelled(ledger: Any, clock: Any) -> str:
    """Rules 6, 20: two buyers, fewer than the room's three; every card refunded."""
    room = bingo.new_room(ledger, ROOMS["30"])
    opened = bingo.open_jogada(ledger, room)
    for player in bingo.players(ledger, room, 2):
        bingo.buy(ledger, room, player, 2)
    bingo.close_sale(ledger, clock, room)
    return opened["jogada_id"]


def jogadas(ledger: Any, ids: list[str]) -> list[dict[str, Any]]:
    """The bundle's jogadas as infra/audit/checker/games.py hands them to a game's module:
    events in log order with their name and decoded data, and the RNG output (here the one
    RngCommitted recorded; the checker re-derives it from the revealed seed)."""
    bundle = json.loads(json.dumps(export_bundle(ledger, ids, now="2026-11-28T00:00:00Z")))
    by_id = {e["notification_id"]: e for e in bundle["events"]}
    out = []
    for listed in bundle["jogadas"]:
        events = [{**by_id[n], "name": by_id[n]["topic"].rpartition(".")[2]}
                  for n in listed["events"]]
        committed = [e["data"] for e in events if e["name"] == "RngCommitted"]
        rng = {"kind": committed[0]["kind"], "size": committed[0]["size"],
               "output": committed[0]["outcome"]} if committed else None
        out.append({"jogada_id": listed["jogada_id"], "game": listed["game"], "events": events,
                    "rng": rng})
        out[-1]["money"], out[-1]["held"] = money_moved(events)
    return out


def check(jogada: dict[str, Any]) -> list[str]:
    """``offline.check`` as ``games.check_jogada`` calls it: the money the account events move
    summed first (after whatever a test changed in them)."""
    jogada["money"], jogada["held"] = money_moved(jogada["events"])
    return offline.check(jogada)


def problems(jogada: dict[str, Any]) -> list[str]:
    return [line for line in check(jogada) if not line.startswith(offline.NOTE)]


def named(jogada: dict[str, Any], name: str, **match: Any) -> dict[str, Any]:
    return next(e for e in jogada["events"] if e["name"] == name
                and all(e["data"].get(k) == v for k, v in match.items()))


def test_903b_7_9_1_the_offline_module_imports_only_the_standard_library():
    tree = ast.parse(MODULE.read_text())
    imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not [n for n in imports if isinstance(n, ast.ImportFrom) and n.level]
    roots = {(n.module if isinstance(n, ast.ImportFrom) else a.name).split(".")[0]
             for n in imports for a in (n.names if isinstance(n, ast.Import) else [n])}
    assert roots - {"__future__"} <= set(sys.stdlib_module_names), roots
    assert offline.GAMES == ("bingo",) and offline.OPENING == ("JogadaOpened",)
    assert offline.MARKERS == {"bingo": GAME.event_marker}
    assert set(offline.ENDING) == {"JogadaSettled", "JogadaCancelled", "JogadaVoided"}


@pytest.mark.parametrize("variant", ["90", "80", "75", "30", "75x"])
def test_bingo_15_19_30_36_a_real_jogada_of_each_variant_checks_clean_offline(
        ledger, clock, variant):
    """The cards derived from the revealed seed are the ones sold; the balls, the prizes, their
    split and every cent the account events moved are the rules'. The 75 room's jackpot (a
    bingo within 75 balls always wins it) cannot be recomputed offline: a note, not a failure."""
    jogada = jogadas(ledger, [play(ledger, clock, variant)])[0]
    said = check(jogada)
    assert problems(jogada) == [], said
    prizes = [e["data"]["prize"] for e in jogada["events"] if e["name"] == "PrizeWon"]
    assert prizes[-1] == "bingo" and len(prizes) >= 2
    notes = [line for line in said if line.startswith(offline.NOTE)]
    assert len(notes) == (variant == "75") and all("jackpot" in n for n in notes)


def test_bingo_30_a13_a31_a_tie_checks_clean_and_a_cent_moved_between_winners_is_named(
        cert, clock, seeds):
    """Two of player A's cards and one of B's complete a line on the same ball (forced balls,
    certification mode): two shares of the 2,99 € line, the odd cent to A (rule 30, A13, A31)."""
    room = bingo.new_room(cert, bingo.config("30", card_price_cents=104, line_directions=[
        "horizontal"], prizes={"line": 3_000, "bingo": 7_000}))
    a, b, c = bingo.players(cert, room, 3)

    def plan(cards):
        balls = find_tie(cards, room["config"], "line", lambda won: [
            s.player for s in won].count(a) == 2 and [s.player for s in won].count(b) == 1, 3)
        assert balls is not None
        return balls

    played = play_planned(cert, clock, seeds, room, [(a, 4), (b, 4), (c, 4)], plan)
    jogada = jogadas(cert, [played.jogada_id])[0]
    assert check(jogada) == []
    line = named(jogada, "PrizeWon", prize="line")
    assert line["data"]["shares"] == {str(a.player_id): 150, str(b.player_id): 149}
    line["data"]["shares"] = {str(a.player_id): 149, str(b.player_id): 150}
    assert problems(jogada)[0] == (
        f"PrizeWon (event {line['notification_id']}): player {a.player_id}'s share of the line"
        " prize is 149 cents (1,49 €); the rules give 150 cents (1,50 €) of 299 cents (2,99 €)"
        " (bingo rules 19, 30; A13, A31)")


def test_bingo_20_45_46_a_cancelled_and_a_voided_jogada_recompute_to_their_refunds(ledger, clock):
    """Rules 6, 20: too few buyers, every card refunded; rules 45-47 (A15): a void after a prize,
    the prize paid and the other players' cards refunded, the house keeping the difference."""
    ids = [cancelled(ledger, clock), play(ledger, clock, "90", void_after_prize=True)]
    cancel, void = jogadas(ledger, ids)
    assert [e["name"] for e in cancel["events"] if e["name"] in offline.ENDING] == [
        "JogadaCancelled"]
    assert check(cancel) == []
    voided = named(void, "JogadaVoided")["data"]
    assert voided["prizes_paid"] and voided["refunds"]
    assert check(void) == []
    named(void, "JogadaVoided")["data"]["refunds"].popitem()
    assert any("JogadaVoided" in line and "refund" in line for line in check(void))
    refund = named(cancel, "JogadaCancelled")["data"]["refunds"]
    player = next(iter(refund))
    refund[player] -= 1
    said = problems(cancel)
    event = named(cancel, "JogadaCancelled")["notification_id"]
    assert said == [f"JogadaCancelled (event {event}): player {player}'s refund is 205 cents"
                    " (2,05 €); the rules give 206 cents (2,06 €) (bingo rules 20, 45, 47)"], said


@pytest.fixture
def settled(ledger, clock) -> dict[str, Any]:
    return jogadas(ledger, [play(ledger, clock, "90")])[0]


def test_903b_6_7_2_4_a_changed_ball_is_named(settled):
    drawn = named(settled, "BallDrawn", ordinal=3)
    recorded = drawn["data"]["ball"]
    other = named(settled, "BallDrawn", ordinal=4)["data"]["ball"]
    drawn["data"]["ball"] = other
    said = problems(settled)
    assert said[0] == (f"BallDrawn (event {drawn['notification_id']}): ball #3 is {other}; the"
                       f" revealed seed's draw order gives ball #3 = {recorded} (903-B 6.7.2(4),"
                       " bingo rule 21)"), said


def test_bingo_30_a_changed_prize_amount_is_named_in_the_settlement_and_the_money(settled):
    settlement = named(settled, "JogadaSettled")
    player, prizes = next(iter(settlement["data"]["payments"].items()))
    prize = next(iter(prizes))
    due = prizes[prize]
    prizes[prize] = due + 100
    said = problems(settled)
    assert said == [f"JogadaSettled (event {settlement['notification_id']}): player {player}'s"
                    f" {prize} is {offline.cents(due + 100)}; the rules give {offline.cents(due)}"
                    " (bingo rules 26, 30)"], said
    prizes[prize] = due
    net = sum(prizes.values()) - sum(e["data"]["amount_cents"] for e in settled["events"]
                                     if e["name"] == "CardsBought"
                                     and e["data"]["player_id"] == player)
    credit = next(e for e in settled["events"] if e["name"] == "Credited"
                  and e["data"]["transfer_id"].endswith(f":{prize}:{player}"))
    credit["data"]["amount_cents"] += 1
    said = problems(settled)
    assert len(said) == 1 and said[0].startswith(f"account wallet:{player}: the jogada's account"
                                                 " events (events [") and \
        str(credit["notification_id"]) in said[0], said
    assert said[0].endswith(f" move {offline.cents(net + 1)}; the rules give"
                            f" {offline.cents(net)}"), said


def test_bingo_29_36_a_changed_winner_is_named(settled):
    won = named(settled, "PrizeWon", prize="line")
    winner = won["data"]["winners"][0]
    due = winner["card"]
    winner["card"] = (due + 1) % 12
    said = problems(settled)
    assert said[0].startswith(f"PrizeWon (event {won['notification_id']}): the line prize is"
                              f" recorded with cards [{(due + 1) % 12}") and \
        f"to cards [{due}" in said[0], said


def test_903b_6_7_2_4_a_card_the_seed_did_not_deal_is_named(settled):
    bought = named(settled, "CardsBought", purchase=2)
    card = bought["data"]["cards"][1]
    card[0], card[1] = card[1], card[0]
    said = problems(settled)
    number = bought["data"]["first_card"] + 1
    assert said[0].startswith(f"CardsBought (event {bought['notification_id']}): player"
                              f" {bought['data']['player_id']}'s card {number} is"), said
    assert "the revealed seed deals" in said[0]


def test_903b_7_9_1_the_module_checks_a_jogada_alone_in_a_bare_interpreter(settled, tmp_path):
    """The file copied alone, run by ``python -I`` (no project code on the path)."""
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "bingo.py").write_text(MODULE.read_text())
    (alone / "jogada.json").write_text(json.dumps(settled))
    named(settled, "BallDrawn", ordinal=1)["data"]["ball"] = 0
    (alone / "bad.json").write_text(json.dumps(settled))
    script = ("import json, sys; sys.path.insert(0, '.'); import bingo;"
              " print(json.dumps([bingo.check(json.load(open(f))) for f in sys.argv[1:]]))")
    done = subprocess.run([sys.executable, "-I", "-c", script, "jogada.json", "bad.json"],
                          cwd=alone, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    clean, bad = json.loads(done.stdout)
    assert clean == [] and bad and "ball #1 is 0" in bad[0]


def test_bingo_41_42_the_jackpot_is_a_note_but_its_split_and_payment_are_checked(ledger, clock):
    """Rule 42 (A19): the 75 room's bingo within 75 balls wins the jackpot, whose amount is the
    jackpot account's balance before the jogada plus its deduction: not in the jogada, so a
    note. Its amount is at least the base plus this jogada's deduction (rules 40, 41), its split
    is rule 30's, and the jackpot paid from the account must match."""
    jogada = jogadas(ledger, [play(ledger, clock, "75")])[0]
    won = named(jogada, "JackpotWon")
    amount, (winner, share) = won["data"]["amount_cents"], *won["data"]["shares"].items()
    assert problems(jogada) == [] and share == amount
    won["data"]["shares"][winner] = amount - 1
    assert problems(jogada) == [f"JackpotWon (event {won['notification_id']}): player {winner}'s"
                                f" jackpot is {offline.cents(amount - 1)}; the rules give"
                                f" {offline.cents(amount)} (bingo rules 30, 42; A31)"]
    won["data"]["shares"][winner] = amount
    won["data"]["amount_cents"] = 4_000
    said = problems(jogada)
    assert said[0].startswith(f"JackpotWon (event {won['notification_id']}): the jackpot, 4000"
                              " cents (40,00 €), is below its base plus the deduction"), said
    assert f"player {winner}'s jackpot is {offline.cents(amount)}; the rules give 4000" in said[1]
    assert said[-1].startswith(f"account wallet:{winner}: ") and said[-1].endswith(
        f"the rules give {offline.cents(_net(jogada, winner) - amount + 4_000)}"), said


def _net(jogada: dict[str, Any], player: str) -> int:
    """What the settlement says the player won, less what the player's cards cost."""
    won = named(jogada, "JogadaSettled")["data"]["payments"].get(player, {})
    bought = [e["data"] for e in jogada["events"] if e["name"] == "CardsBought"]
    return sum(won.values()) - sum(d["amount_cents"] for d in bought if d["player_id"] == player)
