"""Issue 25: a bundle proves each jogada complete and binds every field it shows (903-B 1.5
"Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1).
Each lie below was once answered BUNDLE OK, because the checker believed the bundle's own
unsigned index and labels; each is now refused, naming what is wrong, by the standalone
checker copied alone into an empty directory (``python -I``) and by ``ledger audit check``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from infra.audit.bundle import export_bundle
from infra.audit.checker.bundle import check
from tests.audit import bundle_support as bundles
from tests.audit.bundle_support import exported, ledger, offline_rules  # noqa: F401 (fixtures)
from tests.holdem.support import passive, play_out, three_seated


def _named(bundle: dict[str, Any], jogada: int, name: str) -> list[int]:
    """The notification ids of the events called ``name`` of the bundle's jogada ``jogada``."""
    listed = set(bundle["jogadas"][jogada]["events"])
    return [e["notification_id"] for e in bundle["events"]
            if e["notification_id"] in listed and e["topic"].endswith("." + name)]


def _drop(bundle: dict[str, Any], jogada: int, ids: list[int]) -> None:
    """Events removed from both the events and the jogada's index: no proof left to fail."""
    bundle["events"] = [e for e in bundle["events"] if e["notification_id"] not in ids]
    entry = bundle["jogadas"][jogada]
    entry["events"] = [n for n in entry["events"] if n not in ids]


def _flip(text: str) -> str:
    return text[:-1] + chr(ord(text[-1]) ^ 1)


LIES = {
    # sem descarte rule 23: the player's decision to continue and its bet, left out
    "a_decision_and_its_bet_left_out": lambda b: _drop(
        b, 0, [_named(b, 0, "PlayerContinued")[0], _named(b, 0, "BetRecorded")[1]]),
    "the_jogada_id_relabelled": lambda b: b["jogadas"][0].update(
        jogada_id=b["jogadas"][1]["jogada_id"]),
    "the_checkpoint_root_field_changed": lambda b: b["checkpoints"][0].update(root="00" * 32),
    "one_byte_of_the_origin_changed": lambda b: b.update(origin=_flip(b["origin"])),
    "one_byte_of_the_game_changed": lambda b: b["jogadas"][0].update(
        game=_flip(b["jogadas"][0]["game"])),
    "the_last_event_removed": lambda b: _drop(b, 0, [b["jogadas"][0]["events"][-1]]),
    "the_bingo_jogadas_last_room_event_removed": lambda b: _drop(
        b, 1, _named(b, 1, "RngRevealed")),
    "the_settlement_and_reveal_removed": lambda b: _drop(
        b, 0, _named(b, 0, "JogadaSettled") + _named(b, 0, "RngRevealed")),
}


def _expected(bundle: dict[str, Any], lie: str) -> list[str]:
    """What the refusal must say."""
    sd, room = bundle["jogadas"][0]["jogada_id"], bundle["jogadas"][1]["jogada_id"]
    stream = sd.rpartition(":")[0]
    return {
        "a_decision_and_its_bet_left_out": [f"jogada {sd}: versions", f"stream {stream}",
                                            "left out"],
        "the_jogada_id_relabelled": [f"jogada {room}: events {bundle['jogadas'][0]['events']}"
                                     f" are not the jogada's: their stored state names jogada"
                                     f" {sd}"],
        "the_checkpoint_root_field_changed": ["checkpoint 1: its root field says '" + "00" * 32],
        "one_byte_of_the_origin_changed": [f"the bundle's origin field says"
                                           f" {_flip(bundle['origin'])!r}", "signs origin"],
        "one_byte_of_the_game_changed": [f"jogada {sd}: its game field says"
                                         f" {_flip(bundle['jogadas'][0]['game'])!r}",
                                         "its signed events are semdescarte's"],
        "the_last_event_removed": [f"jogada {sd} has not ended in the bundle: its RNG commitment"],
        "the_bingo_jogadas_last_room_event_removed": [
            f"jogada {room} has not ended in the bundle: its RNG commitment"],
        "the_settlement_and_reveal_removed": [
            f"jogada {sd} has not ended in the bundle", "BankCardsRevealed",
            "not one that ends a jogada"],
    }[lie]


@pytest.mark.parametrize("lie", sorted(LIES))
def test_903b_1_5_a_bundle_that_lies_is_refused_naming_the_lie(exported, offline_rules,
                                                               tmp_path, capsys, lie):
    _, path, bundle = exported
    key = bundles.key_file(tmp_path, bundle)
    altered = bundles.altered(path, bundle, LIES[lie])
    for status, said in bundles.run_both(tmp_path, altered, capsys, "--trusted-key", str(key)):
        assert status == 1, said
        assert said.startswith("BUNDLE FAILED"), said
        for words in _expected(bundle, lie):
            assert words in said, (words, said)


def test_903b_1_5_the_honest_bundle_holds_with_both_checkers(exported, offline_rules, tmp_path,
                                                             capsys):
    _, path, bundle = exported
    key = bundles.key_file(tmp_path, bundle)
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", str(key)):
        assert status == 0, said
        assert said.startswith("BUNDLE OK: 2 jogadas complete"), said


def test_903b_1_5_a_holdem_hand_holds_and_an_action_left_out_or_its_end_is_refused(
        ledger, offline_rules, tmp_path, capsys):
    """Texas hold'em (Reg. 806/2015): a hand played to its showdown checks; an action left out
    of the bundle, or the hand's settlement and reveal, is refused naming the jogada."""
    table = three_seated(ledger)
    table.start(button_seat=7)
    play_out(table, passive)
    jogada = table.describe()["last_jogada_id"]
    bundle = export_bundle(ledger, [jogada])
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(bundle))
    key = str(bundles.key_file(tmp_path, bundle))
    for status, said in bundles.run_both(tmp_path, path, capsys, "--trusted-key", key):
        assert status == 0 and said.startswith("BUNDLE OK: 1 jogadas complete"), said
    action = _named(bundle, 0, "ActionApplied")[2]
    lie = bundles.altered(path, bundle, lambda b: _drop(b, 0, [action]))
    for status, said in bundles.run_both(tmp_path, lie, capsys, "--trusted-key", key):
        assert status == 1 and f"jogada {jogada}: versions" in said, said
    cut = _named(bundle, 0, "JogadaSettled") + _named(bundle, 0, "RngRevealed")
    lie = bundles.altered(path, bundle, lambda b: _drop(b, 0, cut))
    for status, said in bundles.run_both(tmp_path, lie, capsys, "--trusted-key", key):
        assert status == 1 and f"jogada {jogada} has not ended" in said, said
        assert "HandsShown" in said


def test_903b_1_5_a_game_the_checker_has_no_offline_rules_for_is_a_problem(exported):
    """A checker that cannot check a jogada's game says so: never a silent OK."""
    _, _, bundle = exported
    key = bytes.fromhex(bundle["public_keys"][0]["public_key"])
    problems, _ = check(bundle, [key], games={})
    for entry in bundle["jogadas"]:
        assert (f"jogada {entry['jogada_id']}: no offline rules for game {entry['game']!r} in"
                " this checker") in "\n".join(problems)


def test_903b_1_5_the_exports_hints_are_checked_against_the_signed_events(exported, tmp_path):
    _, path, bundle = exported
    sd = bundle["jogadas"][0]["jogada_id"]
    lie = bundles.altered(path, bundle, lambda b: b["jogadas"][0].update(first_version=1))
    done = bundles.run_alone(tmp_path, lie, "--trusted-key", str(bundles.key_file(tmp_path,
                                                                                 bundle)))
    assert done.returncode == 1
    assert f"jogada {sd}: its first_version field says 1, its signed events 3" in done.stdout
