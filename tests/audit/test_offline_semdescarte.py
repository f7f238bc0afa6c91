"""The standalone checker re-derives and re-adjudicates póquer sem descarte (issue 25;
docs/audit.md "The RNG and dealing, for a reimplementation"): from a real exported bundle, with
no database and no project code, every card from the revealed seed (rule 19; 903-B 6.7.2(4),
A70) and every seat's outcome and money by the rules (rules 12, 22, 25–29, 33; Portaria r3,
r8, r9)."""

from __future__ import annotations

import json

import pytest

from infra.cli.entry import main as ledger_main
from tests.audit.offline_support import every_kind, exported, individual, run_alone
from tests.semdescarte.support import BANK_AK, certification_ledger


@pytest.fixture
def ledger(make_settings, clock, request):
    with certification_ledger(make_settings, clock, request=request) as built:
        yield built


def test_903b_6_7_2_4_sd_19_a_clean_bundle_is_re_derived_and_re_adjudicated_alone(
        ledger, clock, tmp_path, capsys):
    jogadas = every_kind(ledger, clock)
    path = tmp_path / "bundle.json"
    bundle = exported(ledger, jogadas, path)
    key = bundle["public_keys"][0]["public_key"]
    done = run_alone(ledger, tmp_path, path, "--public-key", key)
    assert done.returncode == 0, done.stdout + done.stderr
    said = done.stdout
    assert said.startswith(f"BUNDLE OK: {len(jogadas)} jogadas")
    assert f"{len(jogadas)} jogadas re-derived from their revealed seeds and re-adjudicated" \
        in said
    assert said.count("certification mode: a laboratory forced") == len(jogadas) - 1
    assert "royal_flush jackpot prize" in said and "taken as recorded" in said  # r9a
    assert ledger_main(["audit", "check", str(path), "--public-key", key]) == 0
    assert "re-adjudicated" in capsys.readouterr().out


def test_903b_6_7_2_4_a_game_the_checker_carries_no_rules_for_is_a_problem(
        ledger, tmp_path):
    path = tmp_path / "bundle.json"
    bundle = exported(ledger, [individual(ledger, None, None, "fold")], path)
    bundle["jogadas"][0]["game"] = "unknown"  # the listing is not signed: only its events are
    path.write_text(json.dumps(bundle))
    done = run_alone(ledger, tmp_path, path)
    assert done.returncode == 1
    assert "carries no offline rules for the game 'unknown'" in done.stdout


@pytest.mark.parametrize("change, named", [
    (lambda data: data["outcomes"]["1"].update(won_cents=1900),
     "seat 1: won_cents is 1900 (19,00 €), the rules give 1800 (18,00 €)"),
    (lambda data: data["outcomes"]["1"].update(result="push"),
     "seat 1: result is 'push', the rules give 'player_won'"),
], ids=["payout", "result"])
def test_sd_28_the_offline_rules_name_a_recorded_outcome_the_cards_do_not_give(
        ledger, tmp_path, change, named):
    """The rules module alone, on the jogada as the checker builds it (proofs set aside: the
    bundle's own proof refuses an altered event first): a JogadaSettled whose outcome is not
    the one rule 28 (A2) gives is named with the seat and both amounts."""
    from domain.games.semdescarte import offline
    from infra.audit.checker.games import check_jogadas

    path = tmp_path / "bundle.json"
    bundle = exported(ledger, [individual(ledger, ["5c", "6d", "7h", "8s", "9c"], BANK_AK,
                                          "continue")], path)
    settled = next(e for e in bundle["events"] if e["topic"].endswith(".JogadaSettled"))
    every = {e["notification_id"] for e in bundle["events"]}
    assert check_jogadas(bundle, every, [offline])[0] == []  # the unaltered copy: no problem
    change(settled["data"])
    problems, _, done = check_jogadas(bundle, every, [offline])
    assert done == 0 and len(problems) == 1
    assert f"event {settled['notification_id']} JogadaSettled: {named}" in problems[0]
