"""The audit benchmark's own code stays runnable (``./run bench-audit``; bench/audit.py,
bench/audit_store.py): its store builder makes a small store of real jogadas, SQL copies and
a sealed record that ``ledger verify``'s integrity part finds clean, with its jogadas
replayed and proved as the benchmark measures them. Not a timing: the benchmark prints those."""

from __future__ import annotations

from infra.services import jogada_views
from infra.audit.verify_integrity import check_integrity


def test_the_audit_benchmark_builds_a_store_that_verifies_clean(database_url, audit_key_file):
    from bench import audit
    from bench.audit_store import build_store, open_ledger

    built = build_store(database_url, 2_000, audit_key_file, sd_jogadas=4, bingo_jogadas=1,
                        cards=6, deposits=10, checkpoint_every=500)
    assert built["head"] >= 2_000 and built["filler_events"] > 0
    assert built["sealed"] == built["head"]
    ledger = open_ledger(database_url, audit_key_file, projections=True)
    try:
        report = check_integrity(ledger)
        assert report["problems"] == [] and report["unsealed"] == 0
        assert report["events"] == built["head"] and report["checkpoints"] >= 2
        jogadas = audit.sample_jogadas(ledger, samples=3)
        assert sorted(jogadas) == ["bingo", "semdescarte"]
        engine = ledger.projections.engine
        for jogada_id in {j for ids in jogadas.values() for j in ids}:
            assert jogada_views.replay(ledger, jogada_id, engine)["final"]["ended"]
            assert ledger.audit.jogada_proof(jogada_id, engine=engine)["verified"]
    finally:
        ledger.close()
