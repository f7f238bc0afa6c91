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


def _event(bundle, name, test=lambda data: True):
    return next(e for e in bundle["events"]
                if e["topic"].endswith(f".{name}") and test(e["data"]))


def _payout(bundle):
    settled = _event(bundle, "JogadaSettled")
    settled["data"]["outcomes"]["1"]["won_cents"] = 1900
    return (f"event {settled['notification_id']} JogadaSettled: seat 1: won_cents is 1900"
            " (19,00 €), the rules give 1800 (18,00 €)"
            " (the player continued with straight against the bank's high_card: póquer sem descarte"
            " rule 28 (A2))")


def _result(bundle):
    settled = _event(bundle, "JogadaSettled")
    settled["data"]["outcomes"]["1"]["result"] = "push"
    return (f"event {settled['notification_id']} JogadaSettled: seat 1: result is 'push', the"
            " rules give 'player_won'"
            " (the player continued with straight against the bank's high_card: póquer sem descarte"
            " rule 28 (A2))")


def _bank(bundle):
    revealed = _event(bundle, "BankCardsRevealed")
    revealed["data"]["qualifies"] = False
    return (f"event {revealed['notification_id']} BankCardsRevealed: qualifies is False, the"
            " bank's high_card does qualify (rules 7k, 25)")


def _credit(bundle):
    """The wallet credited 17,00 € where the settlement (and the house's debit) says 18,00 €."""
    credit = _event(bundle, "Credited", lambda d: d["transfer_id"].endswith(":win")
                    and d["counterparty"] == "house")
    credit["data"]["amount_cents"] = 1700
    player = _event(bundle, "AntePlaced")["data"]["player_id"]
    on_wallet = [e["notification_id"] for e in bundle["events"]
                 if e["originator_id"] == credit["originator_id"]]  # held, voided, credited
    return (f"wallet:{player} (seat 1): the account events {on_wallet} moved"
            " +1700 cents (+17,00 €), the rules give +1800 (+18,00 €)")


@pytest.mark.parametrize("change", [_payout, _result, _bank, _credit],
                         ids=["payout", "result", "bank", "credit"])
def test_sd_25_28_the_offline_rules_name_the_first_difference_with_the_seat_and_amounts(
        ledger, tmp_path, change):
    """The rules module alone, on the jogada as the checker builds it (proofs set aside: the
    bundle's own proof refuses an altered event first): an outcome rule 28 (A2) does not give,
    a bank said not to qualify with ace-king (rule 25), a wallet credited less than the
    settlement says: each named with its event, seat or account, and both amounts."""
    from domain.games.semdescarte import offline
    from tests.audit.offline_support import rules_alone

    path = tmp_path / "bundle.json"
    jogada_id = individual(ledger, ["5c", "6d", "7h", "8s", "9c"], BANK_AK, "continue")
    bundle = exported(ledger, [jogada_id], path)
    assert rules_alone(bundle, [offline])[0] == []  # the unaltered copy: no problem
    named = change(bundle)
    problems, _, done = rules_alone(bundle, [offline])
    assert done == 0 and problems == [f"jogada {jogada_id} (semdescarte): {named}"]


def test_903b_6_7_2_4_ledger_audit_export_checker_ships_the_registered_games_rules(
        ledger, make_settings, tmp_path, monkeypatch):
    """`ledger audit export --checker` writes bundle_check.pyz with each registered game's
    offline rules (checker_games/<package>.py); run alone, it re-adjudicates the jogada."""
    import subprocess
    import sys
    import zipfile

    jogada_id = individual(ledger, ["5c", "6d", "7h", "8s", "9c"], BANK_AK, "continue")
    settings = make_settings(certification_mode="1")
    monkeypatch.setenv("LEDGER_DATABASE_URL", settings.database_url)
    monkeypatch.setenv("LEDGER_AUDIT_KEY_FILE", settings.audit_key_file)
    out = tmp_path / "bundle.json"
    assert ledger_main(["audit", "export", "--jogada", jogada_id, "--out", str(out),
                        "--checker"]) == 0
    script = tmp_path / "bundle_check.pyz"
    assert "checker_games/semdescarte.py" in zipfile.ZipFile(script).namelist()
    key = json.loads(out.read_text())["public_keys"][0]["public_key"]
    done = subprocess.run([sys.executable, "-I", str(script), str(out), "--public-key", key],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "1 jogadas re-derived" in done.stdout, done.stdout
