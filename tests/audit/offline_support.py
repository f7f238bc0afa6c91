"""What the offline re-adjudication tests share (tests/audit/test_offline_*.py): sem descarte
jogadas of every kind played through the ledger with forced decks (rule 19, certification
mode) and one from the seeded RNG, a bundle of them, and bundle_check.pyz run alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from infra.audit.bundle import export_bundle
from infra.audit.checker import games
from infra.audit.checker_build import offline_modules, write_checker
from tests.semdescarte import client as sd
from tests.semdescarte.support import (
    BANK_AK,
    BANK_NOT_QUALIFIED,
    JACKPOT,
    JACKPOT_STAKE,
    OPERATOR,
    ante,
    deal,
    decide,
    forced_deck,
    individual_config,
    multi_config,
    setup_table,
)


def individual(ledger: Any, hand: list[str] | None, bank: list[str] | None, decision: str,
               *, jackpot: bool = False) -> str:
    """One jogada at an individual table: forced (``hand`` and ``bank``), or from the seed."""
    table, (player,) = setup_table(ledger, individual_config(jackpot=JACKPOT if jackpot
                                                             else None))
    placed = ante(ledger, table, player, 200,
                  jackpot_bet_cents=JACKPOT_STAKE if jackpot else None)
    deck = None if hand is None else forced_deck("2c", [hand], bank)
    deal(ledger, table, player, deck)
    decide(ledger, table, placed["jogada_id"], player, decision)
    return placed["jogada_id"]


def multi_with_side_bets(ledger: Any, clock: Any) -> str:
    """Four seats with the side bet: a flush (rule 28, r9e), four of a kind (r9c), a folded
    full house (rule 22, A12) and a losing hand (rule 29)."""
    table, players = setup_table(ledger, multi_config(jackpot=JACKPOT), players=4)
    for player in players:
        placed = ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    hands = [["2h", "5h", "9h", "Jh", "Kh"], ["7c", "7d", "7h", "7s", "2c"],
             ["Td", "Tc", "Ts", "4d", "4s"], ["Qc", "Jd", "9c", "5d", "3d"]]
    clock.advance(21)
    deal(ledger, table, None, forced_deck("2d", hands, BANK_AK))
    for player, decision in zip(players, ("continue", "continue", "fold", "continue")):
        decide(ledger, table, placed["jogada_id"], player, decision)
    return placed["jogada_id"]


def voided(ledger: Any, clock: Any) -> str:
    """Rule 33: voided after a second bet and a fold, side bets collected."""
    table, players = setup_table(ledger, multi_config(jackpot=JACKPOT), players=3)
    for player in players:
        placed = ante(ledger, table, player, 200, jackpot_bet_cents=JACKPOT_STAKE)
    clock.advance(21)
    hands = [["Qd", "Jd", "9h", "5s", "2d"], ["Ks", "Kh", "4d", "4h", "9c"],
             ["Ah", "Qs", "Tc", "7d", "5c"]]
    deal(ledger, table, None, forced_deck("2c", hands, BANK_AK))
    decide(ledger, table, placed["jogada_id"], players[0], "continue")
    decide(ledger, table, placed["jogada_id"], players[1], "fold")
    sd.void_jogada(ledger, table_id=table["table_id"], reason="server fault", actor=OPERATOR)
    return placed["jogada_id"]


def every_kind(ledger: Any, clock: Any) -> list[str]:
    """A fold (rule 22), a lost hand (29), a bank that does not qualify (26, A3), a straight
    paid 4 to 1 (28, A2), the suit tie-break (9, A4), a push (13, A1), a royal flush with the
    side bet (r9a, r10), four seats with side bets, a void (33), and a deck from the seed."""
    low = ["Ah", "Qd", "9s", "7c", "4d"]
    return [
        individual(ledger, low, BANK_AK, "fold"),
        individual(ledger, low, BANK_AK, "continue"),
        individual(ledger, ["9h", "7d", "6c", "4s", "3d"], BANK_NOT_QUALIFIED, "continue"),
        individual(ledger, ["5c", "6d", "7h", "8s", "9c"], BANK_AK, "continue"),
        individual(ledger, ["Ah", "Kh", "9h", "7c", "4d"], ["As", "Kd", "9c", "7d", "4c"],
                   "continue"),
        individual(ledger, ["8h", "8d", "Ks", "5c", "3d"], ["8c", "8s", "Kh", "5d", "3h"],
                   "continue"),
        individual(ledger, ["Th", "Jh", "Qh", "Kh", "Ah"], BANK_AK, "continue", jackpot=True),
        multi_with_side_bets(ledger, clock),
        voided(ledger, clock),
        individual(ledger, None, None, "continue"),
    ]


def exported(ledger: Any, jogadas: list[str], path: Path) -> dict[str, Any]:
    bundle = export_bundle(ledger, jogadas, now="2026-11-27T00:00:00Z")
    path.write_text(json.dumps(bundle))
    return bundle


def run_alone(ledger: Any, tmp_path: Path, bundle: Path, *args: str
              ) -> subprocess.CompletedProcess:
    """bundle_check.pyz with the registered games' offline rules, copied alone into an empty
    directory, run by a bare interpreter whose path holds no project code (-I)."""
    alone = tmp_path / "regulator"
    alone.mkdir(exist_ok=True)
    script = write_checker(alone, offline_modules(ledger.games))
    assert sorted(p.name for p in alone.iterdir()) == ["bundle_check.pyz"]
    return subprocess.run([sys.executable, "-I", str(script), str(bundle), *args], cwd=alone,
                          capture_output=True, text=True, timeout=120)


def rules_alone(bundle: dict[str, Any], modules: list[Any]) -> tuple[list[str], list[str], int]:
    """(problems, notes, jogadas re-adjudicated) of each jogada of ``bundle`` by
    ``games.check_jogada`` alone, as checker/jogadas.py calls it, the proofs set aside (the
    bundle's own proof refuses an altered event first): what the game's rules say of a record."""
    loaded = games.load(modules)
    by_id = {e["notification_id"]: e for e in bundle["events"]}
    problems, notes, done = [], [], 0
    for listed in bundle["jogadas"]:
        jogada = {"jogada_id": listed["jogada_id"], "game": listed["game"], "rng": None,
                  "events": [{**{k: by_id[n][k] for k in (
                      "notification_id", "originator_id", "originator_version", "topic",
                      "data")}, "name": by_id[n]["topic"].rpartition(".")[2]}
                      for n in sorted(listed["events"])]}
        found = games.check_jogada(jogada, loaded)
        problems += found
        notes += jogada["notes"]
        done += bool(jogada.get("readjudicated")) and not found
    return problems, notes, done
