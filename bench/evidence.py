"""Evidence pack benchmark (issue 16). Prints figures; asserts nothing.

Plays one póquer sem descarte jogada (a forced deck) and one bingo 30 jogada (three players,
drawn to the end) in process, seals the record and signs a checkpoint, then times, for a pack
of each jogada, the spec (``pack_spec``), the pack (``build_pack`` and its canonical JSON) and
the PDF (``pack_pdf_bytes``): the median of ``--runs`` builds, with the sizes.

Usage: .venv/bin/python bench/evidence.py [--runs 7] [--backends sqlite,postgresql]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ledger_core import fresh_url, say  # noqa: E402
from infra.audit.signing import generate_key_file  # noqa: E402
from infra.runtime.clock import ManualClock  # noqa: E402
from infra.complaints.evidence import (build_pack, pack_json_bytes, pack_pdf_bytes,  # noqa: E402
                                       pack_spec)
from infra.container import build_ledger  # noqa: E402
from infra.runtime.rng import SeededSeedSource  # noqa: E402
from infra.runtime.settings import Settings  # noqa: E402
from tests.complaints.support import bingo_30, sem_descarte  # noqa: E402


def median_ms(work, runs: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, result


def bench(backend: str, runs: int, tmp: Path) -> None:
    key = tmp / f"{backend}-key.pem"
    generate_key_file(str(key))
    settings = Settings(database_url=fresh_url(backend, "evidence", tmp), certification_mode="1",
                        audit_key_file=str(key), audit_checkpoint_interval=0.0,
                        inactivity_sweep_interval=0.0, semdescarte_tick_interval=0.0,
                        bingo_tick_interval=0.0)
    clock = ManualClock()
    ledger = build_ledger(settings, clock=clock, seeds=SeededSeedSource(16))
    try:
        played = {"sem descarte": sem_descarte(ledger), "bingo 30": bingo_30(ledger, clock)}
        ledger.audit.seal()
        ledger.projections.wait(ledger.writer.last_position)
        for name, jogada in played.items():
            def spec():
                return pack_spec(ledger, case_id="00000000-0000-4000-8000-000000000016",
                                 case_reference="RC-BENCH", player_id=jogada["player_id"],
                                 jogada_ids=[jogada["jogada_id"]], transfer_ids=[],
                                 generated_at=datetime(2026, 11, 24, tzinfo=timezone.utc))
            spec_ms, made = median_ms(spec, runs)
            pack_ms, pack = median_ms(lambda: build_pack(ledger, made), runs)
            json_ms, data = median_ms(lambda: pack_json_bytes(pack), runs)
            pdf_ms, pdf = median_ms(lambda: pack_pdf_bytes(pack), runs)
            say(f"{backend:10} {name:12} spec {spec_ms:6.1f} ms  pack {pack_ms:6.1f} ms  json"
                f" {json_ms:5.1f} ms  pdf {pdf_ms:6.1f} ms  sizes: JSON {len(data):,} B,"
                f" PDF {len(pdf):,} B")
    finally:
        ledger.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--backends", default="sqlite,postgresql")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for backend in args.backends.split(","):
            bench(backend, args.runs, Path(tmp))


if __name__ == "__main__":
    main()
