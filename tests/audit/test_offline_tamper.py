"""A payout or a card changed in the STORE, consistently in every stored event that says it,
by someone who can write to the database: the audit tables rebuilt and the log sealed again,
then a bundle exported (issue 25). Re-sealed with a foreign key, the standalone checker refuses
the bundle by its signature (pinned keys, 903-B 1.5 "Log"); re-sealed with the operator's own
key, every proof holds, and the re-adjudication from the events refuses it, naming the event,
the seat and the amounts (rules 19, 28 (A2); 903-B 6.7.2(4)). On SQLite and PostgreSQL."""

from __future__ import annotations

import re
from typing import Any

import pytest

from infra.audit.signing import generate_key_file
from infra.audit.tables import metadata
from infra.container import build_ledger
from tests.audit.offline_support import exported, run_alone
from tests.audit.support import sd_jogada
from tests.audit.tamper import _events_table, _run, stored_state
from tests.semdescarte.support import certification_ledger


@pytest.fixture
def ledger(make_settings, clock, request):
    with certification_ledger(make_settings, clock, request=request) as built:
        yield built


def rewrite(ledger: Any, notification_id: int, pattern: str, new: str) -> None:
    """The stored state of one event with ``pattern`` replaced, as a database administrator
    could (tests/audit/tamper.py)."""
    _, table, nid = _events_table(ledger)
    state = stored_state(ledger, notification_id)
    changed = re.sub(pattern.encode(), new.encode(), state, count=1)
    assert changed != state, f"event {notification_id}: {pattern!r} not found"
    _run(ledger, f"UPDATE {table} SET state = ? WHERE {nid} = ?", (changed, notification_id))


def tamper(ledger: Any, bundle: dict[str, Any], what: str) -> int:
    """The straight's payout (rule 28 (A2): 1 + 4 × 2 antes = 18,00 €) raised to 19,00 € in the
    settlement, the house's debit and the wallet's credit; or the player's 9c made a 9d in
    CardsDealt (still a straight). The notification id of the event the checker must name."""
    by_name = {e["topic"].rpartition(".")[2]: e for e in bundle["events"]
               if not e["topic"].endswith((".Debited", ".Credited"))}
    if what == "card":
        dealt = by_name["CardsDealt"]["notification_id"]
        rewrite(ledger, dealt, r'"9c"', '"9d"')
        return dealt
    settled = by_name["JogadaSettled"]["notification_id"]
    rewrite(ledger, settled, r'"won_cents":\s*1800', '"won_cents":1900')
    for event in bundle["events"]:
        if event["topic"].endswith((".Debited", ".Credited")) \
                and event["data"]["transfer_id"].endswith(":win"):
            rewrite(ledger, event["notification_id"], r'"amount_cents":\s*1800',
                    '"amount_cents":1900')
    return settled


def resealed(ledger: Any, make_settings: Any, clock: Any, jogada_id: str, path: Any,
             key_file: str | None) -> dict[str, Any]:
    """The audit tables emptied, and the log sealed again from its first event by a ledger on
    the same database signing with ``key_file`` (None: the operator's own key)."""
    with ledger.audit.engine.begin() as conn:
        for table in reversed(metadata.sorted_tables):
            conn.execute(table.delete())
    overrides = {} if key_file is None else {"audit_key_file": key_file}
    again = build_ledger(make_settings(certification_mode="1", **overrides), clock=clock)
    try:
        return exported(again, [jogada_id], path)
    finally:
        again.close()


@pytest.mark.not_adjudicated(reason="the store is tampered with on purpose")
@pytest.mark.parametrize("what", ["payout", "card"])
def test_903b_1_5_a_store_tampered_and_resealed_with_a_foreign_key_is_refused_by_its_signature(
        ledger, make_settings, clock, tmp_path, what):
    jogada_id = sd_jogada(ledger)
    honest = exported(ledger, [jogada_id], tmp_path / "honest.json")
    operator_key = honest["public_keys"][0]["public_key"]
    target = tamper(ledger, honest, what)
    path = tmp_path / "forged.json"
    forged = resealed(ledger, make_settings, clock, jogada_id, path,
                      generate_key_file(str(tmp_path / "foreign.pem")) and
                      str(tmp_path / "foreign.pem"))
    assert operator_key not in {k["public_key"] for k in forged["public_keys"]}
    done = run_alone(ledger, tmp_path, path, "--public-key", operator_key)
    assert done.returncode == 1
    assert "checkpoint 1: signed by key" in done.stdout or "signature" in done.stdout
    unpinned = run_alone(ledger, tmp_path, path)  # trusting the forger's key, the rules still
    assert unpinned.returncode == 1 and f"event {target} " in unpinned.stdout  # see it


@pytest.mark.not_adjudicated(reason="the store is tampered with on purpose")
@pytest.mark.parametrize("what, named", [
    ("payout", "JogadaSettled: seat 1: won_cents is 1900 (19,00 €), the rules give 1800"
               " (18,00 €) (the player continued with straight against the bank's high_card:"
               " póquer sem descarte rule 28 (A2))"),
    ("card", "CardsDealt: seat 1's hand is 5c 6d 7h 8s 9d, the shoe re-derived from the seed"
             " deals 5c 6d 7h 8s 9c (rule 19b)"),
])
def test_903b_6_7_2_4_a_store_tampered_and_resealed_with_the_right_key_is_refused_by_the_rules(
        ledger, make_settings, clock, tmp_path, what, named):
    jogada_id = sd_jogada(ledger)
    honest = exported(ledger, [jogada_id], tmp_path / "honest.json")
    operator_key = honest["public_keys"][0]["public_key"]
    target = tamper(ledger, honest, what)
    path = tmp_path / "resealed.json"
    resealed(ledger, make_settings, clock, jogada_id, path, None)
    done = run_alone(ledger, tmp_path, path, "--public-key", operator_key)
    assert done.returncode == 1, done.stdout
    problems = [line for line in done.stdout.splitlines() if line.startswith("  - ")]
    assert problems == [f"  - jogada {jogada_id} (semdescarte): event {target} {named}"]
