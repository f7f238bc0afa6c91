"""The coin toss's offline rules (tests/cointoss/offline.py), the smallest example of a game's
rules carried by bundle_check.pyz (docs/adding-a-game.md): a real jogada, exported, is checked
by the zip alone with the registered games' modules (LEDGER_GAMES), and a payout the seed does
not give is named."""

from __future__ import annotations

import json
import subprocess
import sys
from uuid import uuid4

from infra.audit.bundle import export_bundle
from infra.audit.checker_build import offline_modules, write_checker
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from tests.audit.offline_support import rules_alone
from tests.cointoss import commands as coin
from tests.cointoss import offline
from tests.cointoss.views import KIND

STAKE = 250
OPERATOR_ACTOR = "system:test"


def _tossed(ledger) -> str:
    table_id = str(uuid4())
    table = ledger.run(coin.CreateCoinTable(table_id=table_id, name="Moeda", config={
        "stake_cents": STAKE, "toss_after": 5}, actor=OPERATOR_ACTOR))
    jogada_id = None
    for name, side in (("Ana", "heads"), ("Rui", "tails")):  # one right call, one wrong
        player_id, _ = ledger.register_player(display_name=name, actor=OPERATOR_ACTOR)
        ledger.deposit(player_id, 10_000, f"d-{name}", actor=OPERATOR_ACTOR)
        actor = f"player:{player_id}"
        sessions_service.start_session(ledger, player_id, table["venue_id"], KIND, actor)
        jogada_id = ledger.run(coin.Bet(table_id=table_id, player_id=str(player_id), side=side,
                                        stake_cents=STAKE, idempotency_key=f"b-{name}",
                                        actor=actor))["jogada_id"]
    ledger.run(coin.Toss(table_id=table_id, actor=OPERATOR_ACTOR, seed=bytes(32)))
    return jogada_id


def test_a_coin_toss_bundle_is_re_adjudicated_alone_and_a_changed_payout_is_named(
        make_settings, clock, tmp_path):
    ledger = build_ledger(make_settings(games="tests.cointoss.game"), clock=clock,
                          seeds=SeededSeedSource(7))
    try:
        jogada_id = _tossed(ledger)
        bundle = export_bundle(ledger, [jogada_id])
        modules = offline_modules(ledger.games)
    finally:
        ledger.close()
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle))
    alone = tmp_path / "alone"
    alone.mkdir()
    key = bundle["public_keys"][0]["public_key"]
    done = subprocess.run([sys.executable, "-I", str(write_checker(alone, modules)), str(path),
                           "--public-key", key], capture_output=True, text=True, timeout=60,
                          cwd=alone)
    assert done.returncode == 0 and "1 jogadas re-derived" in done.stdout, done.stdout
    tossed = next(e for e in bundle["events"] if e["topic"].endswith(".CoinTossed"))
    winner = next(p for p, cents in tossed["data"]["payouts"].items() if cents)
    tossed["data"]["payouts"][winner] += 1
    problems, _, done_count = rules_alone(bundle, [offline])
    assert done_count == 0 and problems == [
        f"jogada {jogada_id} (cointoss): event {tossed['notification_id']} CoinTossed:"
        f" wallet:{winner} is paid {2 * STAKE + 1} cents, the rules pay {2 * STAKE}"]
