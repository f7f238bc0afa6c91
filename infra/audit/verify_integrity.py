"""The integrity part of ``ledger verify`` (issue 15; 903-B, rules-digest-2 §3.1, §3.5, §3.6):
every stored event is read again, in the order of the log, its leaf and the hash chain are
recomputed (domain/audit_record.py), and compared with

- the sealed leaves: an event altered, deleted, inserted or moved since it was sealed is named
  by its notification id and leaf index;
- every signed checkpoint: its Ed25519 signature over its note, the note against the stored
  columns, the sequence without gaps, and the Merkle root and chain of the first ``tree size``
  events of the store against the signed ones.

The signing keys are those given (``trusted_keys``: an auditor pins them, ``ledger verify
--public-key``) or else those the record lists (``audit_keys``), which the report says.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import select

from domain.audit_record import CHAIN_START, event_bytes
from domain.checkpoint import Checkpoint
from domain.merkle import Accumulator, leaf_hash
from infra.audit import proofs
from infra.audit.sealer import uuid_bytes
from infra.audit.signing import verify_signature
from infra.audit.tables import audit_leaves
from infra.notification_reader import notification_reader

PAGE = 5000


def _problem(check: str, message: str, *, notification_id: int | None = None,
             checkpoint: int | None = None, leaf_index: int | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"check": check, "message": message}
    if notification_id is not None:
        found["notification_id"] = notification_id
    if leaf_index is not None:
        found["leaf_index"] = leaf_index
    if checkpoint is not None:
        found["checkpoint"] = checkpoint
    return found


def check_checkpoints(rows: list[Any], keys: dict[str, bytes]) -> tuple[dict[int, Checkpoint],
                                                                        list[dict[str, Any]]]:
    """The checkpoints whose signature holds (by tree size), and the problems of the others."""
    problems: list[dict[str, Any]] = []
    signed: dict[int, Checkpoint] = {}
    previous: Checkpoint | None = None
    expected = 1
    for row in rows:
        seq = row.sequence
        if seq != expected:  # the sequence has no gaps: a removed checkpoint is named
            problems.append(_problem("checkpoint", f"checkpoints {expected} to {seq - 1} are"
                                     f" missing before checkpoint {seq}", checkpoint=seq))
        expected = seq + 1
        key = keys.get(row.key_id)
        if key is None:
            problems.append(_problem("signature", f"checkpoint {seq} is signed by key"
                                     f" {row.key_id}, which is not a trusted key",
                                     checkpoint=seq))
            continue
        if not verify_signature(key, bytes(row.signature), row.note.encode("utf-8")):
            problems.append(_problem("signature", f"checkpoint {seq}: the signature does not"
                                     " verify over its note: the checkpoint was altered",
                                     checkpoint=seq))
            continue
        note = Checkpoint.parse(row.note)
        stored = (row.sequence, row.tree_size, bytes(row.root), bytes(row.chain),
                  row.last_notification_id)
        if stored != (note.sequence, note.tree_size, note.root, note.chain,
                      note.last_notification_id):
            problems.append(_problem("checkpoint", f"checkpoint {seq}: the stored columns differ"
                                     " from its signed note (proofs would use altered values)",
                                     checkpoint=seq))
        if previous is not None and note.tree_size < previous.tree_size:
            problems.append(_problem("checkpoint", f"checkpoint {seq} has fewer events"
                                     f" ({note.tree_size}) than checkpoint {previous.sequence}",
                                     checkpoint=seq))
        signed.setdefault(note.tree_size, note)
        previous = note
    return signed, problems


def _sealed_leaves(conn: Any) -> Iterator[tuple[int, int, bytes]]:
    after = -1
    while True:
        rows = conn.execute(select(audit_leaves.c.leaf_index, audit_leaves.c.notification_id,
                                   audit_leaves.c.leaf_hash)
                            .where(audit_leaves.c.leaf_index > after)
                            .order_by(audit_leaves.c.leaf_index).limit(PAGE)).all()
        if not rows:
            return
        for index, notification_id, leaf in rows:
            yield index, notification_id, bytes(leaf)
        after = rows[-1][0]


def check_integrity(ledger: Any, progress: Callable[[int, int], None] | None = None, *,
                    trusted_keys: dict[str, bytes] | None = None,
                    head: int | None = None) -> dict[str, Any]:
    reader = notification_reader(ledger.app.recorder)
    head = reader.head() if head is None else head
    engine = ledger.audit.engine
    with engine.connect() as conn:
        rows = proofs.checkpoints(conn)
        listed = {k.key_id: bytes(k.public_key) for k in proofs.keys(conn)}
    keys = trusted_keys if trusted_keys is not None else listed
    signed, problems = check_checkpoints(rows, keys)
    last_checkpoint = max(signed, default=0)
    accumulator, chain, uuid_of = Accumulator(), CHAIN_START, uuid_bytes(reader)
    sha256, append = hashlib.sha256, accumulator.append
    events = unsealed = 0
    with engine.connect() as conn:
        sealed = _sealed_leaves(conn)
        stored = next(sealed, None)
        position = 0
        while position < head:
            page = reader.page(position, PAGE, head)
            if not page:
                break
            for notification_id, originator, version, topic, state in page:
                leaf = leaf_hash(event_bytes(notification_id, uuid_of(originator), version,
                                             topic, state))
                while stored is not None and stored[1] < notification_id:
                    problems.append(_problem(
                        "deleted", f"event {stored[1]} (leaf {stored[0]}) was sealed and is no"
                        " longer in the store", notification_id=stored[1], leaf_index=stored[0]))
                    stored = next(sealed, None)
                if stored is None:
                    unsealed += 1
                elif stored[1] == notification_id:
                    if stored[2] != leaf:
                        problems.append(_problem(
                            "altered", f"event {notification_id} (leaf {stored[0]}) differs from"
                            " the event that was sealed", notification_id=notification_id,
                            leaf_index=stored[0]))
                    stored = next(sealed, None)
                else:
                    problems.append(_problem(
                        "inserted", f"event {notification_id} is in the store but was never"
                        f" sealed at its place (leaf {stored[0]} is event {stored[1]})",
                        notification_id=notification_id))
                chain = sha256(chain + leaf).digest()
                append(leaf)
                events += 1
                found = signed.get(accumulator.size) if accumulator.size <= last_checkpoint else None
                if found is not None and (found.root, found.chain, found.last_notification_id) != (
                        accumulator.root(), chain, notification_id):
                    problems.append(_problem(
                        "checkpoint", f"checkpoint {found.sequence}: the first {found.tree_size}"
                        " events of the store do not give its signed root and chain (an event"
                        " up to there was altered, removed, added or moved)",
                        checkpoint=found.sequence, notification_id=notification_id))
            position = page[-1][0]
            if progress:
                progress(position, head)
        while stored is not None:
            problems.append(_problem("deleted", f"event {stored[1]} (leaf {stored[0]}) was sealed"
                                     " and is no longer in the store",
                                     notification_id=stored[1], leaf_index=stored[0]))
            stored = next(sealed, None)
    for size, found in sorted(signed.items()):
        if size > events:
            problems.append(_problem("checkpoint", f"checkpoint {found.sequence} covers {size}"
                                     f" events; the store has {events}",
                                     checkpoint=found.sequence))
    return {"head": head, "events": events, "unsealed": unsealed, "checkpoints": len(rows),
            "keys": sorted(keys), "keys_pinned": trusted_keys is not None,
            "problems": problems}
