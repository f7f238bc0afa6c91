"""``ledger verify`` names what an edit of the database by hand changed in the sealed record
(issue 15), on both backends: one byte of one event, a deleted event, two swapped events, an
altered checkpoint; checked with the key the auditor pins (``--public-key``); ``--report``
records the failure as a significant event (903-B 6.3.3; GLI-19 §2.8)."""

from __future__ import annotations

from typing import Any

import pytest

from infra.audit.verify_integrity import check_integrity
from tests.api.test_cli import env, run  # noqa: F401 (the fixture env)
from tests.audit.support import sd_jogada
from tests.audit.tamper import audit_sql, delete_event, flip_one_byte, swap_events
from tests.semdescarte.support import certification_ledger

ALTERED = "the record is altered on purpose: verify must name it"


@pytest.fixture
def sealed(make_settings, clock, request, monkeypatch):
    with certification_ledger(make_settings, clock, request=request) as built:
        monkeypatch.setenv("LEDGER_AUDIT_KEY_FILE", built.settings.audit_key_file)
        sd_jogada(built)
        sd_jogada(built)
        built.audit.seal()
        yield built


def key_of(ledger: Any) -> str:
    return ledger.audit.sealer.signer.public_key.hex()


def test_903b_1_5_verify_with_the_pinned_key_passes_an_untouched_store(sealed, env, capsys):
    code, out, err = run(capsys, "verify", "--only", "integrity", "--public-key", key_of(sealed))
    assert code == 0, out + err
    assert "signed checkpoints checked with the pinned keys" in out
    code, out, _ = run(capsys, "verify", "--only", "integrity", "--public-key", "00" * 32)
    assert code == 1 and "checkpoint 1 is signed by key" in out
    code, _, err = run(capsys, "verify", "--public-key", "abc")
    assert code == 2 and "--public-key" in err


@pytest.mark.not_adjudicated(reason=ALTERED)
@pytest.mark.parametrize("tamper", ["byte", "delete", "swap", "checkpoint"])
def test_903b_1_5_verify_names_each_tampering(sealed, env, capsys, tamper):
    head = sealed.app.recorder.max_notification_id()
    target = head - 3
    if tamper == "byte":
        flip_one_byte(sealed, target)
        expected = [f"event {target} (leaf {target - 1}) differs"]
    elif tamper == "delete":
        delete_event(sealed, target)
        expected = [f"event {target} (leaf {target - 1}) was sealed and is no longer"]
    elif tamper == "swap":
        swap_events(sealed, target, target + 1)
        expected = [f"event {target} (leaf", f"event {target + 1} (leaf"]
    else:
        audit_sql(sealed, "UPDATE audit_checkpoints SET signature = :s WHERE sequence = 1",
                  s=bytes(64))
        expected = ["checkpoint 1: the signature does not verify"]
    code, out, err = run(capsys, "verify", "--only", "integrity", "--public-key",
                         key_of(sealed), "--report")
    assert code == 1, out + err
    for text in expected:
        assert text in out, out
    # --report: the failure is in the ledger's own record, as a significant event
    sealed.projections.catch_up()
    [entry] = [e for e in _entries(sealed) if e["kind"] == "integrity_failure"]
    assert expected[0] in entry["summary"] or "integrity" in entry["summary"], entry
    assert check_integrity(sealed)["problems"]


def _entries(ledger: Any) -> list[dict[str, Any]]:
    from sqlalchemy import select

    from projections.significant_events import significant_events as table

    with ledger.projections.engine.connect() as conn:
        return [dict(r._mapping) for r in conn.execute(select(table))]
