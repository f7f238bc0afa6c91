"""Hold'em offline (domain/games/community_poker/offline.py, the rules bundle_check.pyz carries
for hold'em and Omaha; docs/audit.md): real jogadas played through the ledger and exported with
``export_bundle`` check clean from their events and their deck alone (the deal of rules 49, 50,
53, 55, 57 re-derived; the pots, the commission and the award of rules 17-19, 33, 36, 41, 42,
62, 63, A24, A31 recomputed; a void by rule 72, A26), and a changed hole card, board card, pot
award, commission transfer or action is named with its event, seat and amounts (903-B 1.5,
7.9.1; 6.7.2(4): the outcome re-derived from the revealed seed). The module imports the
standard library only and runs alone in a bare interpreter."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from domain.cards.poker_hands import best_of, evaluate
from domain.games.community_poker import offline
from tests.holdem import offline_support as played
from tests.holdem.offline_support import changed, event_id, exported, settled

MODULE = Path(offline.__file__)
LEGACY = Path(__file__).parents[1] / "community_poker" / "legacy" / "action_taken.json"
TABLES = {f"{t['game']}-{i}": t for i, t in enumerate(json.loads(LEGACY.read_text())["tables"])}


def one(ledger, jogada_id: str) -> dict:
    (jogada,) = exported(ledger, [jogada_id])
    return jogada


@pytest.fixture
def showdown(cert) -> dict:
    return one(cert, played.showdown(cert, "holdem"))


def test_903b_1_5_the_offline_rules_import_only_the_standard_library():
    tree = ast.parse(MODULE.read_text())
    roots = {(n.module if isinstance(n, ast.ImportFrom) else a.name).split(".")[0]
             for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
             for a in (n.names if isinstance(n, ast.Import) else [n])}
    assert roots and roots - {"__future__"} <= set(sys.stdlib_module_names), roots
    assert not any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(tree))
    assert (offline.GAMES, offline.OPENING, offline.ENDING) == (
        ("holdem", "omaha"), ("JogadaOpened",), ("JogadaSettled", "JogadaVoided"))


def test_903b_1_5_the_offline_rules_run_alone_in_a_bare_interpreter(showdown, tmp_path):
    """Copied alone into an empty directory, run with ``python -I`` (no project code)."""
    (tmp_path / "offline.py").write_text(MODULE.read_text())
    jogada = changed(showdown, "HoleCardsDealt", lambda d: d["cards"]["3"].reverse())
    (tmp_path / "jogadas.json").write_text(json.dumps([showdown, jogada]))
    script = ("import importlib.util as u, json\n"
              "spec = u.spec_from_file_location('offline', 'offline.py')\n"
              "offline = u.module_from_spec(spec)\nspec.loader.exec_module(offline)\n"
              "print(json.dumps([offline.check(j) for j in json.load(open('jogadas.json'))]))")
    done = subprocess.run([sys.executable, "-I", "-c", script], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, check=True)
    clean, wrong = json.loads(done.stdout)
    assert clean == [] and len(wrong) == 1 and "seat 3 was dealt 2d 7s" in wrong[0]


def test_he_49_50_53_63_a24_a_showdown_is_rederived_from_its_deck_and_readjudicated(showdown):
    assert offline.check(showdown) == []
    assert settled(showdown)["payments"] == [{"1": 665}] and settled(showdown)["rake"] == [35]


def test_he_36_a24_a_fold_out_pays_the_last_seat_with_no_commission(cert):
    jogada = one(cert, played.fold_out(cert, "holdem"))
    assert offline.check(jogada) == []
    assert (settled(jogada)["returned"], settled(jogada)["payments"], settled(jogada)["rake"]) \
        == ({"1": 200}, [{"1": 250}], [0])


def test_he_39_41_42_63_three_all_ins_make_a_main_pot_and_a_side_pot(cert):
    jogada = one(cert, played.side_pots(cert, "holdem"))
    assert offline.check(jogada) == []
    assert settled(jogada)["payments"] == [{"1": 5_700}, {"2": 6_000}]
    assert settled(jogada)["rake"] == [300, 0]  # A24: the 3 € cap, used by the main pot
    swapped = changed(jogada, "JogadaSettled", lambda d: d.update(
        payments=[{"2": 5_700}, {"1": 6_000}], totals={"2": 5_700, "1": 6_000}))
    assert offline.check(swapped)[0] == (
        f"JogadaSettled (event {event_id(jogada, 'JogadaSettled')}): in the payments of the"
        " main pot, seat 1 is paid 0,00 € (0 cents), the rules give 57,00 € (5700 cents)"
        " (rules 33, 62, 63; A31)")


def test_he_33_62_a31_a_split_pot_gives_the_odd_cent_to_the_first_seat_left_of_the_button(
        cert):
    jogada = one(cert, played.split_pot(cert, "holdem"))
    assert offline.check(jogada) == []
    assert settled(jogada)["payments"] == [{"2": 243, "3": 242}]
    assert settled(jogada)["rake"] == [25]  # 5 % of 5,10 €, rounded down (rule 19, A24)
    other_way = changed(jogada, "JogadaSettled", lambda d: d["payments"][0].update(
        {"2": 242, "3": 243}))
    assert "seat 2 is paid 2,42 € (242 cents), the rules give 2,43 € (243 cents)" \
        in offline.check(other_way)[0]


def test_he_72_a26_a_voided_jogada_gives_every_contribution_back(cert):
    jogada = one(cert, played.voided(cert, "holdem"))
    assert offline.check(jogada) == []
    kept = changed(jogada, "JogadaVoided", lambda d: d["refunds"].update({"1": 100}))
    assert offline.check(kept)[0] == (
        f"JogadaVoided (event {event_id(jogada, 'JogadaVoided')}): in refunds, seat 1 is given"
        " back 1,00 € (100 cents), the rules give 3,00 € (300 cents) (rule 72, A26: every"
        " contribution back)")


def test_he_46_47_64_a_shuffled_deck_a_drawn_button_and_a_moved_one_check_clean(cert):
    jogadas = exported(cert, played.shuffled(cert, "holdem"))
    assert [offline.check(j) for j in jogadas] == [[], []]
    assert [[e["name"] for e in j["events"] if e["name"].startswith("Button")]
            for j in jogadas] == [["ButtonDrawn"], ["ButtonMoved"]]
    drawn = next(e["data"] for e in jogadas[0]["events"] if e["name"] == "ButtonDrawn")
    other = next(s for s in drawn["seats"] if s != drawn["seat"])
    moved = changed(jogadas[0], "ButtonDrawn", lambda d: d.update(
        seat=other, index=d["seats"].index(other)))
    assert offline.check(moved)[0].startswith(
        f"ButtonDrawn (event {event_id(jogadas[0], 'ButtonDrawn')}): the button is seat {other}")
    assert f"the revealed seed draws index {drawn['index']}" in offline.check(moved)[0]


def test_he_a29_heads_up_under_the_convention_the_button_posts_the_small_blind(cert):
    jogadas = exported(cert, played.shuffled(cert, "holdem", heads_up=True))
    assert [offline.check(j) for j in jogadas] == [[], []]


def test_he_49_50_a_changed_hole_card_is_named(showdown):
    jogada = changed(showdown, "HoleCardsDealt", lambda d: d["cards"]["1"].__setitem__(1, "Kh"))
    assert offline.check(jogada) == [
        f"HoleCardsDealt (event {event_id(showdown, 'HoleCardsDealt')}): seat 1 was dealt As Kh,"
        " the shuffled deck deals it As Ah (cards 3, 6 of the deck; rules 49, 50)"]


def test_he_53_a_changed_board_card_is_named(showdown):
    jogada = changed(showdown, "BoardDealt", lambda d: d["cards"].__setitem__(1, "Kh"))
    assert offline.check(jogada) == [
        f"BoardDealt (event {event_id(showdown, 'BoardDealt')}): the flop is Ad Kh 4h, the"
        " shuffled deck deals the flop Ad 9c 4h (cards 7-9 of the deck, none burnt; rules 53,"
        " 55, 57)"]


def test_he_63_a_changed_pot_award_is_named(showdown):
    jogada = changed(showdown, "JogadaSettled", lambda d: d.update(
        payments=[{"2": 665}], totals={"2": 665}))
    assert offline.check(jogada)[0] == (
        f"JogadaSettled (event {event_id(showdown, 'JogadaSettled')}): in the payments of the"
        " main pot, seat 1 is paid 0,00 € (0 cents), the rules give 6,65 € (665 cents)"
        " (rules 33, 62, 63; A31)")


def test_he_17a_19_a_changed_commission_transfer_is_named(showdown):
    jogada = changed(showdown, "Debited", lambda d: d.update(amount_cents=30))
    assert offline.check(jogada) == [
        "Account.Debited: the commission of the main pot moved 0,30 € (30 cents), the rules"
        " give 0,35 € (35 cents) (rules 17a, 19, 67; A24, A34)"]


def test_he_34_a_changed_call_is_named(showdown):
    jogada = changed(showdown, "ActionApplied", lambda d: d.update(added_cents=200), nth=1)
    assert offline.check(jogada) == [
        f"ActionApplied (event {event_id(showdown, 'ActionApplied', 1)}): seat 2's call on the"
        " preflop records 2,00 € (200 cents) put in, the call is 2,50 € (250 cents) (rules"
        " 34, 39)"]


def test_he_6_7_2_4_a_deck_other_than_the_seed_s_is_named(showdown):
    jogada = dict(showdown, rng=dict(showdown["rng"], output=showdown["rng"]["output"][::-1]))
    problems = offline.check(jogada)
    assert problems and problems[0].startswith(
        f"HoleCardsDealt (event {event_id(showdown, 'HoleCardsDealt')}): seat 2 was dealt Kd Kc")


def _legacy(table: dict, jogada_id: str) -> dict:
    """A jogada of the legacy capture (``ActionTaken``) as the checker hands it over."""
    events = []
    for r in table["jogadas"][jogada_id]["events"]:
        stored = dict(table["events"][r["table_version"] - 1], originator_id=table["table_id"]) \
            if "table_version" in r else r
        events.append({"notification_id": r["position"], "originator_id": stored["originator_id"],
                       "topic": stored["topic"], "name": stored["topic"].rsplit(".", 1)[1],
                       "data": json.loads(stored["state"])})
    committed = next(e["data"] for e in events if e["name"] == "RngCommitted")
    return {"jogada_id": jogada_id, "game": table["game"], "events": events,
            "rng": {"kind": "deck", "size": committed["size"], "output": committed["outcome"]}}


@pytest.mark.parametrize("name,jogada_id", [(n, j) for n, t in sorted(TABLES.items())
                                            for j in t["jogadas"]])
def test_903b_6_3_7_a_legacy_jogada_of_action_taken_records_checks_clean(name, jogada_id):
    jogada = _legacy(TABLES[name], jogada_id)
    assert any(e["name"] == "ActionTaken" for e in jogada["events"])
    assert offline.check(jogada) == []
    wrong = changed(jogada, "ActionTaken", lambda d: d.update(added_cents=d["added_cents"] + 1))
    assert "ActionTaken (event" in offline.check(wrong)[0]


def test_he_26_29_32_a5_the_offline_evaluator_ranks_as_the_ledger_s():
    """Random hands (a seeded generator): the same order and category as
    domain/cards/poker_hands.py for five cards and for the best 5 of 7."""
    rng = random.Random(806)
    deck = [r + s for s in "cdhs" for r in "23456789TJQKA"]
    for _ in range(3_000):
        a, b = rng.sample(deck, 7), rng.sample(deck, 7)
        ours, theirs = offline.five(a[:5]), evaluate(a[:5])
        assert offline.CATEGORIES[ours[0]] == theirs.category
        mine = (offline.best("holdem", a[:2], a[2:]), offline.best("holdem", b[:2], b[2:]))
        ledger = (best_of(a).key, best_of(b).key)
        assert (mine[0] > mine[1], mine[0] == mine[1]) == (ledger[0] > ledger[1],
                                                           ledger[0] == ledger[1])
