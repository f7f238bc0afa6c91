"""The dice game's offline rules (tests/dicegame/offline.py): a rolled jogada (dice rules 4, 5)
and one voided at start-up after a crash (rule 6), exported, re-adjudicated by the checker from
their events alone; a face the seed does not roll is named."""

from __future__ import annotations

import hashlib
from uuid import uuid4

from infra.audit.bundle import export_bundle
from infra.audit.checker import games
from infra.audit.checker.bundle import check
from infra.container import build_ledger
from infra.runtime.rng import SeededSeedSource
from infra.services import sessions as sessions_service
from tests.dicegame import commands as dice
from tests.dicegame import offline
from tests.dicegame.views import KIND

STAKE = 200
SEED = bytes(32)
FACE = int.from_bytes(hashlib.sha256(SEED).digest(), "big") % 6 + 1  # dice rule 4


def _rules_alone(bundle, jogada_id: str) -> tuple[list[str], bool]:
    """What the offline rules say of one jogada of ``bundle``, the proofs set aside (as
    checker/jogadas.py calls them once the events are proved): (problems, re-adjudicated)."""
    listed = next(j for j in bundle["jogadas"] if j["jogada_id"] == jogada_id)
    by_id = {e["notification_id"]: e for e in bundle["events"]}
    jogada = {"jogada_id": jogada_id, "game": listed["game"], "rng": None, "events": [
        {**by_id[n], "name": by_id[n]["topic"].rpartition(".")[2]}
        for n in sorted(listed["events"])]}
    problems = games.check_jogada(jogada, games.load([offline]))
    return problems, bool(jogada.get("readjudicated"))


def _bets(ledger, faces: list[int]) -> tuple[str, str]:
    table = ledger.run(dice.CreateDiceTable(table_id=str(uuid4()), name="Dados", config={
        "seats": 2, "stake_cents": STAKE, "window_seconds": 10}, actor="system:test"))
    for index, face in enumerate(faces):
        player_id, _ = ledger.register_player(display_name=f"p{index}", actor="system:test")
        ledger.deposit(player_id, 1_000, f"d{index}-{table['table_id']}", actor="system:test")
        actor = f"player:{player_id}"
        sessions_service.start_session(ledger, player_id, table["venue_id"], KIND, actor)
        ledger.run(dice.SitAtDiceTable(table_id=table["table_id"], player_id=str(player_id),
                                       actor=actor))
        bet = ledger.run(dice.PlaceDiceBet(table_id=table["table_id"],
                                           player_id=str(player_id), face=face,
                                           stake_cents=STAKE, idempotency_key=f"b{index}",
                                           actor=actor))
    return table["table_id"], bet["jogada_id"]


def test_dice_4_5_6_rolled_and_voided_jogadas_are_re_adjudicated_offline(make_settings, clock):
    settings = make_settings(games="tests.dicegame.game", dice_tick_interval=0)
    first = build_ledger(settings, clock=clock, seeds=SeededSeedSource(7))
    try:
        table_id, rolled = _bets(first, [FACE, FACE % 6 + 1])  # one right call, one wrong
        clock.advance(11)
        first.run(dice.TickDiceTable(table_id=table_id, seed=SEED))
        _, crashed = _bets(first, [1])
    finally:
        first.close()  # a crash: the second jogada is left open
    second = build_ledger(settings, clock=clock, seeds=SeededSeedSource(8))
    try:
        bundle = export_bundle(second, [rolled, crashed])  # voided at start-up (rule 6)
    finally:
        second.close()
    key = bytes.fromhex(bundle["public_keys"][0]["public_key"])
    problems, counts = check(bundle, [key], games=games.load([offline]))
    assert (problems, counts["readjudicated"]) == ([], 2)
    rolled_event = next(e for e in bundle["events"] if e["topic"].endswith(".DiceRolled"))
    rolled_event["data"]["face"] = FACE % 6 + 1
    assert _rules_alone(bundle, rolled) == ([
        f"jogada {rolled} (dice): event {rolled_event['notification_id']} DiceRolled: the face"
        f" is {FACE % 6 + 1}, the seed rolls {FACE} (dice rule 4)"], True)
