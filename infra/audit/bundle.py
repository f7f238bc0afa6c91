"""``ledger audit export``: an offline bundle for a list of jogadas or the jogadas started in a
time range (issue 15): their events exactly as stored, each with its leaf and inclusion proof
against one signed checkpoint, the checkpoint, the public keys, and, when asked, the consistency
proof from a checkpoint the receiver already holds. Each jogada names its stream and the first
and last versions of its events there, and the bundle holds the stream's events between them
that are not the jogada's: hints the checker re-checks against the signed events.
``infra/audit/checker/`` checks it with no database and no project code (docs/audit.md)."""

from __future__ import annotations

import base64
from datetime import datetime
from typing import Any
from uuid import UUID

import orjson

from domain.kernel.errors import ConflictError, InvalidInputError
from infra.audit.sealer import uuid_bytes
from infra.services.jogada_views import jogada_events, views_engine
from infra.store.notification_reader import notification_reader
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


def _stream_part(ledger: Any, jogada_id: str, events: list[tuple[int, Any]]
                 ) -> tuple[dict[str, Any], list[int]]:
    """The jogada's stream (its id's uuid), the first and last versions of its events there,
    and the notification ids of the versions between them that are not the jogada's (a player
    joining the room between two of its events): the checker proves the stream complete from
    the opening event to the ending one (docs/audit.md "Offline")."""
    stream = jogada_id.rpartition(":")[0]
    own = {e.originator_version: n for n, e in events if str(e.originator_id) == stream}
    if not own:
        return {}, []
    first, last = min(own), max(own)
    context: list[int] = []
    if len(own) != last - first + 1:  # read the log between its first and last events
        reader = notification_reader(ledger.app.recorder)
        uuid_of, wanted = uuid_bytes(reader), UUID(stream).bytes
        start, stop = own[first] - 1, own[last]
        while start < stop:
            page = reader.page(start, 1000, stop)
            if not page:
                break
            context += [row[0] for row in page if row[2] not in own and first < row[2] < last
                        and uuid_of(row[1]) == wanted]
            start = page[-1][0]
    return {"stream": stream, "first_version": first, "last_version": last}, context


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
        stream, context = _stream_part(ledger, jogada_id, events)
        listed.append({"jogada_id": jogada_id, "game": game.name,
                       "events": [n for n, _ in events], **stream})
        ids.extend(n for n, _ in events)
        ids.extend(context)
    latest = audit.checkpoint()
    if latest is None:
        raise ConflictError("no signed checkpoint yet: set LEDGER_AUDIT_KEY_FILE and run"
                            " `ledger audit seal`", code="not_sealed_yet")
    proof = audit.proof(sorted(set(ids)), latest["sequence"])
    events = []
    for event in proof["events"]:
        data = orjson.loads(base64.b64decode(event["state"]))
        events.append({**{k: v for k, v in event.items() if k != "verified"},
                       "checkpoint": latest["sequence"], "data": data})
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
