"""``ledger phh export --from T --to T --out DIR [--game G]`` (infra/cli/phh.py): one PHH file
per hold'em or Omaha jogada that ended in the range, each replayed in pokerkit to the caves
recorded; the voided jogadas (rule 72) and the tables the standard has no variant for are
skipped and named."""

from __future__ import annotations

import json
import random
import re
import tomllib

import pytest

from domain.games.community_poker import phh
from infra.cli.entry import main
from infra.container import build_ledger
from tests.holdem.client import new_table
from tests.holdem.test_phh import fill, play_jogada, replay_in_pokerkit, top_up

pytest.importorskip("pokerkit")

POT = {"mode": "pot", "percent_bp": 500, "cap_cents": None}
PORTABLE = re.compile(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}_[0-9]+\.phh")  # docs/cli.md


def play(make_settings, clock) -> dict[str, list[str]]:
    """At noon a hold'em jogada; two hours later a hold'em and a pot-limit Omaha jogada, a
    no-limit Omaha one and a voided one. The jogada ids by what the export does with them."""
    ledger = build_ledger(make_settings(), clock=clock)
    rnd = random.Random(5)
    try:
        holdem = new_table(ledger, seats=4, commission=POT)
        fill(holdem, rnd, 3)
        early = [play_jogada(holdem, rnd)]
        clock.advance(hours=2)
        top_up(holdem)
        late = [play_jogada(holdem, rnd)]
        omaha = new_table(ledger, "omaha", seats=4, structure="pot_limit", commission=POT)
        fill(omaha, rnd, 4)
        late.append(play_jogada(omaha, rnd))
        no_limit = new_table(ledger, "omaha", seats=3, structure="no_limit", commission=POT)
        fill(no_limit, rnd, 2)
        refused = [play_jogada(no_limit, rnd)]
        top_up(holdem)
        holdem.start()
        refused.append(holdem.jogada()["jogada_id"])
        holdem.void()
        return {"early": early, "late": late, "refused": refused}
    finally:
        ledger.close()
        ledger.projections.engine.dispose()


def export(monkeypatch, capsys, database_url, out, *extra: str) -> tuple[int, dict]:
    monkeypatch.setenv("LEDGER_DATABASE_URL", database_url)
    monkeypatch.setenv("LEDGER_INACTIVITY_SWEEP_INTERVAL", "0")
    capsys.readouterr()
    code = main(["phh", "export", "--out", str(out), *extra])
    printed = capsys.readouterr().out
    return code, json.loads(printed) if code == 0 else printed


def test_he_phh_cli_exports_the_jogadas_that_ended_in_the_range(
        make_settings, clock, database_url, monkeypatch, capsys, tmp_path):
    jogadas = play(make_settings, clock)
    code, summary = export(monkeypatch, capsys, database_url, tmp_path / "all",
                           "--from", "2026-01-05T00:00:00Z", "--to", "2026-01-06T00:00:00Z")
    assert code == 0
    files = sorted((tmp_path / "all").iterdir())
    assert sorted(p.name for p in files) == sorted(
        phh.file_name(j) for j in jogadas["early"] + jogadas["late"])
    assert all(PORTABLE.fullmatch(p.name) for p in files), files  # issue 24: no ":"
    assert summary["written"] == 3
    assert {(s["jogada_id"], s["code"]) for s in summary["skipped"]} == {
        (jogadas["refused"][0], "phh_no_variant"), (jogadas["refused"][1], "jogada_voided")}
    for path in files:
        text = path.read_text(encoding="utf-8")
        fields = tomllib.loads(text)
        table_id, number = path.name.removesuffix(".phh").split("_")
        assert fields["_jogada_id"] == f"{table_id}:{number}"
        _, state = replay_in_pokerkit(text)
        assert list(state.stacks) == fields["finishing_stacks"]


def test_he_phh_cli_takes_the_range_and_the_game(
        make_settings, clock, database_url, monkeypatch, capsys, tmp_path):
    jogadas = play(make_settings, clock)
    code, summary = export(monkeypatch, capsys, database_url, tmp_path / "late", "--from",
                           "2026-01-05T13:00:00+00:00", "--to", "2026-01-05T15:00:00+00:00",
                           "--game", "holdem")
    assert code == 0 and summary["written"] == 1
    assert [p.name for p in (tmp_path / "late").iterdir()] == [
        phh.file_name(jogadas['late'][0])]
    assert [s["code"] for s in summary["skipped"]] == ["jogada_voided"]
    code, printed = export(monkeypatch, capsys, database_url, tmp_path / "x", "--from",
                           "2026-01-05T15:00:00", "--to", "2026-01-05T16:00:00Z")
    assert code == 2  # a time without its zone is a usage error


@pytest.mark.parametrize("jogada_id,name", [
    ("5989168e-ea87-439d-924e-6f72a0c26e5b:12", "5989168e-ea87-439d-924e-6f72a0c26e5b_12.phh"),
    ("a:b/c\\d", "a_b_c_d.phh"), ("mesa 1:ç", "mesa_1__.phh")])
def test_phh_file_name_of_a_jogada_is_portable(jogada_id, name):
    """Issue 24: the files were named after the jogada id, whose ":" Windows refuses. Letters,
    digits, "-" and "." stay; anything else is "_"."""
    assert phh.file_name(jogada_id) == name
