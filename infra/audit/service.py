"""The tamper-evident record as the rest of the service sees it (``ledger.audit``): seal now,
the checkpoints and the public keys, a jogada's events with their inclusion proofs, the
consistency proof between two checkpoints, and the sealer's status for /health."""

from __future__ import annotations

import base64
import os
from typing import Any, Protocol
from uuid import UUID

import structlog
from sqlalchemy import Engine, select

from domain.audit import signed_note
from domain.audit.checkpoint import Checkpoint
from infra.audit import proofs, rotation
from infra.audit.sealer import Sealer, read_state, uuid_bytes
from infra.audit.signing import Signer, generate_key_file, load_signer
from infra.audit.tables import audit_checkpoints
from infra.ports import Audited, Configured
from infra.runtime.settings import audit_key_path
from infra.services.jogada_views import jogada_index
from infra.store.notification_reader import notification_reader


class Uses(Configured, Audited, Protocol):
    """What this module uses of the application (infra/ports.py)."""


log = structlog.get_logger("ledger.audit")


def event_record(row: Any, uuid_of: Any) -> dict[str, Any]:
    """An event as its canonical bytes are made of (domain/audit/record.py): what a verifier
    needs to recompute its leaf, and its state decoded for reading."""
    notification_id, originator, version, topic, state = row

    return {"notification_id": notification_id, "originator_id": str(UUID(bytes=uuid_of(originator))),
            "originator_version": version, "topic": topic,
            "state": base64.b64encode(bytes(state)).decode()}


def signer_for(ledger: "Uses") -> Signer | None:
    """The configured signing key; on SQLite with none configured, the key beside the database,
    made on first use. A configured file that is missing or wrong is an error (said at start)."""
    path = audit_key_path(ledger.settings, ledger.target)
    if path is None:
        log.warning("audit_no_signing_key", hint="set LEDGER_AUDIT_KEY_FILE (ledger audit"
                    " keygen); events are sealed, checkpoints are not signed until then")
        return None
    if not ledger.settings.audit_key_file and not os.path.exists(path):
        try:
            signer = generate_key_file(path)
            log.info("audit_key_created", path=path, key_id=signer.key_id)
            return signer
        except FileExistsError:
            pass  # made by another process meanwhile
    return load_signer(path)


class Audit:
    def __init__(self, ledger: "Uses", engine: Engine, sealer: Sealer | None) -> None:
        self.ledger = ledger
        self.engine = engine
        self.sealer = sealer
        self._reader = notification_reader(ledger.app.recorder)

    def _require_sealer(self) -> Sealer:
        if self.sealer is None:
            raise RuntimeError("this process does not seal (the projection worker does)")
        return self.sealer

    def seal(self, *, checkpoint: bool = True) -> Checkpoint | None:
        return self._require_sealer().seal(checkpoint=checkpoint)

    def checkpoints(self, *, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return [proofs.checkpoint_body(r) for r in proofs.checkpoints(conn, after=after,
                                                                          limit=limit)]

    def checkpoint(self, sequence: int | None = None) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = proofs.checkpoint(conn, sequence)
        return None if row is None else proofs.checkpoint_body(row)

    def public_keys(self) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            return [self._key_body(r) for r in proofs.keys(conn)]

    def _key_body(self, row: Any) -> dict[str, Any]:
        """A key, with its C2SP verifier key string under the origin (its key name)."""
        origin, key = self.ledger.settings.audit_origin, proofs.key_body(row)
        public = bytes(row.public_key)
        try:
            key["verifier_key"] = signed_note.verifier_key(origin, public)
        except ValueError:  # LEDGER_AUDIT_ORIGIN cannot be a key name (the sealer says so)
            key["verifier_key"] = None
        key["key_name"] = origin
        key["key_hash"] = signed_note.key_hash(origin, public).hex()
        return key

    def key_rotations(self) -> list[dict[str, Any]]:
        """The key rotation statements in order (infra/audit/rotation.py)."""
        with self.engine.connect() as conn:
            return [rotation.rotation_body(r) for r in rotation.rotations(conn)]

    def rotate_key(self, old: Signer, new: Signer) -> dict[str, Any]:
        """Record that ``new`` signs the checkpoints after ``old`` (``ledger audit
        rotate-key``): everything recorded so far is sealed and signed by ``old`` first."""
        if self.sealer is not None and self.sealer.signer is not None:
            self.seal()
        now = self.ledger.clock.now().isoformat().replace("+00:00", "Z")
        return rotation.record_rotation(self.engine, old, new,
                                        origin=self.ledger.settings.audit_origin, now=now)

    def events(self, notification_ids: list[int]) -> list[dict[str, Any]]:
        uuid_of = uuid_bytes(self._reader)
        return [event_record(row, uuid_of) for row in self._reader.rows(notification_ids)]

    def proof(self, notification_ids: list[int], sequence: int | None = None) -> dict[str, Any]:
        """The events, the checkpoint that covers them, its key, each event's inclusion proof."""
        with self.engine.connect() as conn:
            row, paths = proofs.inclusion(conn, notification_ids, sequence)
            key = next((k for k in proofs.keys(conn) if k.key_id == row.key_id), None)
        records = {e["notification_id"]: e for e in self.events(notification_ids)}
        events = [{**records.get(p["notification_id"], {}), **p} for p in paths]
        return {"verified": all(p["verified"] for p in paths) and len(records) == len(paths),
                "checkpoint": proofs.checkpoint_body(row),
                "public_key": None if key is None else self._key_body(key), "events": events}

    def jogada_proof(self, jogada_id: str, sequence: int | None = None,
                     engine: Any = None, *, through: int | None = None) -> dict[str, Any]:
        """``through``: only the jogada's events up to that notification id (an evidence pack's
        log position, infra/complaints/evidence.py)."""
        _, notification_ids = jogada_index(self.ledger, jogada_id, engine, through=through)
        return {"jogada_id": jogada_id, **self.proof(notification_ids, sequence)}

    def consistency(self, first: int, second: int) -> dict[str, Any]:
        with self.engine.connect() as conn:
            return proofs.consistency(conn, first, second)

    def status(self) -> dict[str, Any]:
        """For /health: how far the record is sealed and signed."""
        with self.engine.connect() as conn:
            state = read_state(conn)
            last = conn.execute(select(audit_checkpoints.c.sequence, audit_checkpoints.c.tree_size,
                                       audit_checkpoints.c.sealed_at)
                                .order_by(audit_checkpoints.c.sequence.desc()).limit(1)).first()
        body: dict[str, Any] = {"sealed_events": state.tree_size,
                                "sealed_through": state.last_notification_id,
                                "last_checkpoint": None if last is None else {
                                    "sequence": last.sequence, "tree_size": last.tree_size,
                                    "sealed_at": last.sealed_at}}
        configured = audit_key_path(self.ledger.settings, self.ledger.target) is not None
        body["signing"] = "configured" if configured else "not_configured"
        if self.sealer is not None:
            body["signing_key"] = (None if self.sealer.signer is None
                                   else self.sealer.signer.key_id)
            body["last_error"] = self.sealer.last_error
        return body


def build_audit(ledger: "Uses", engine: Engine, *, sealing: bool) -> Audit:
    """``sealing``: this process follows the log (the projection worker, or the one process
    that applies the projections); else it only reads the record."""
    sealer = None
    if sealing:
        settings = ledger.settings
        sealer = Sealer(ledger.app, engine, clock=ledger.clock, origin=settings.audit_origin,
                        signer=signer_for(ledger),
                        checkpoint_interval=settings.audit_checkpoint_interval)
    return Audit(ledger, engine, sealer)
