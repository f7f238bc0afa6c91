"""``ledger audit export``: an offline bundle for a list of jogadas or the jogadas started in a
time range (issue 15): their events exactly as stored, each with its leaf and inclusion proof
against one signed checkpoint, the checkpoint, the public keys, and, when asked, the consistency
proof from a checkpoint the receiver already holds. ``infra/audit/checker/`` checks it
with no database and no project code (docs/audit.md)."""

from __future__ import annotations

import base64
from datetime import datetime
from typing import Any

import orjson

from domain.kernel.errors import ConflictError, InvalidInputError
from infra.services.jogada_views import jogada_events, views_engine
from projections import listing_queries

FORMAT = "ledger-audit-bundle/1"
MAX_JOGADAS = 100_000


def jogadas_between(ledger: Any, since: datetime | None, until: datetime | None) -> list[str]:
    """Every jogada with a stake that started in [since, until), oldest first."""
    engine, found, before = views_engine(ledger), [], None
    while True:
        page, before = listing_queries.jogadas(engine, since=since, until=until,
                                               limit=listing_queries.MAX_JOGADAS, before=before)
        found.extend(row["jogada_id"] for row in page)
        if before is None or len(found) > MAX_JOGADAS:
            break
    if len(found) > MAX_JOGADAS:
        raise InvalidInputError(f"more than {MAX_JOGADAS} jogadas in that range: export a"
                                " shorter one", field="since")
    return list(dict.fromkeys(reversed(found)))


def export_bundle(ledger: Any, jogadas: list[str], *, since_checkpoint: int | None = None,
                  now: str = "") -> dict[str, Any]:
    if not jogadas:
        raise InvalidInputError("no jogada to export", field="jogada")
    audit = ledger.audit
    if audit.sealer is not None:
        audit.seal()  # everything up to now sealed and signed (a second sealer is safe)
    listed, ids = [], []
    for jogada_id in jogadas:
        game, events = jogada_events(ledger, jogada_id)
        listed.append({"jogada_id": jogada_id, "game": game.name,
                       "events": [n for n, _ in events]})
        ids.extend(n for n, _ in events)
    latest = audit.checkpoint()
    if latest is None:
        raise ConflictError("no signed checkpoint yet: set LEDGER_AUDIT_KEY_FILE and run"
                            " `ledger audit seal`", code="not_sealed_yet")
    proof = audit.proof(sorted(set(ids)), latest["sequence"])
    events = []
    for event in proof["events"]:
        data = orjson.loads(base64.b64decode(event["state"]))
        events.append({**event, "checkpoint": latest["sequence"], "data": data})
    bundle: dict[str, Any] = {
        "format": FORMAT, "exported_at": now, "origin": ledger.settings.audit_origin,
        "public_keys": [{k: key[k] for k in ("key_id", "algorithm", "public_key")}
                        for key in audit.public_keys()],
        "key_rotations": audit.key_rotations(),
        "checkpoints": [proof["checkpoint"]], "jogadas": listed, "events": events,
        "consistency": []}
    if since_checkpoint is not None and since_checkpoint != latest["sequence"]:
        found = audit.consistency(since_checkpoint, latest["sequence"])
        bundle["checkpoints"].insert(0, found["first"])
        bundle["consistency"].append({"first": since_checkpoint, "second": latest["sequence"],
                                      "proof": found["proof"]})
    return bundle
