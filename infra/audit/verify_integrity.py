"""The integrity part of ``ledger verify`` (issue 15; 903-B 1.5 "Log" (nothing recorded is changed) and 7.9.1 (automatic validation), rules-digest-2 §3.1):
every stored event is read again, in the order of the log, its leaf and the hash chain are
recomputed (domain/audit/record.py), and compared with

- the sealed leaves: an event altered, deleted, inserted or moved since it was sealed is named
  by its notification id and leaf index;
- the key rotation statements (infra/audit/rotation.py): each signed by the key it retires,
  trusted already, and by the new one;
- every signed checkpoint: its Ed25519 signature over its note (a C2SP signed note, or the
  ledger-checkpoint/1 text of the checkpoints signed before issue 25), by a key that may sign a
  tree of its size, the note against the stored
  columns, the sequence without gaps, and the Merkle root and chain of the first ``tree size``
  events of the store against the signed ones.

The signing keys are those given (``trusted_keys``: an auditor pins them, ``ledger verify
--public-key``) or else those the record lists (``audit_keys``), which the report says.

Speed (``./run bench-audit``, a store of 2 million events): the events and the sealed leaves
are read in pages of 5,000, each by a thread of its own one page ahead of the hashing (the
database works meanwhile); a page whose leaves are exactly the sealed ones is compared in one
step, the event-by-event comparison runs only where they differ; the tree and the chain take
a page at a time up to each checkpoint's size.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Generator, Iterator
from queue import Full, Queue
from typing import Any

from domain.audit.checkpoint import Checkpoint, is_legacy
from domain.audit.merkle import Accumulator
from domain.audit.record import CHAIN_START, leaf_hasher
from domain.audit.signed_note import VerifierKey, key_hash
from infra.audit import proofs, rotation
from infra.audit.sealer import uuid_bytes
from infra.audit.signing import open_note, verify_signature
from infra.store.notification_reader import notification_reader

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


def _signature_holds(row: Any, key: bytes) -> bool:
    """The checkpoint's signature by ``key``: over the ledger-checkpoint/1 text (before issue
    25), or its C2SP signed note opened with the key under the note's origin."""
    if is_legacy(row.note):
        return verify_signature(key, bytes(row.signature), row.note.encode("utf-8"))
    origin = row.note.split("\n", 1)[0]
    try:
        text, _ = open_note(row.note, [VerifierKey(origin, key_hash(origin, key), key)])
    except ValueError:
        return False
    # the bare signature stored beside it too (what an altered column would change)
    return verify_signature(key, bytes(row.signature), text.encode("utf-8"))


def check_checkpoints(rows: list[Any], keys: dict[str, bytes],
                      windows: dict[str, tuple[int, int]] | None = None) -> tuple[
                          dict[int, Checkpoint], list[dict[str, Any]]]:
    """The checkpoints whose signature holds (by tree size), and the problems of the others.
    ``windows``: the tree sizes each key may sign (key rotations, infra/audit/rotation.py)."""
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
        if not _signature_holds(row, key):
            problems.append(_problem("signature", f"checkpoint {seq}: the signature does not"
                                     " verify over its note: the checkpoint was altered",
                                     checkpoint=seq))
            continue
        try:
            note = Checkpoint.parse(row.note)
        except ValueError as error:
            problems.append(_problem("checkpoint", f"checkpoint {seq}: {error}",
                                     checkpoint=seq))
            continue
        low, high = (windows or {}).get(row.key_id, (0, 2**63))
        if not low <= note.tree_size < high:
            problems.append(_problem("signature", f"checkpoint {seq} ({note.tree_size} events)"
                                     f" is signed by key {row.key_id}, which signs trees of"
                                     f" {low} to {high - 1} events (key rotation)",
                                     checkpoint=seq))
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


def _ahead(pages: Callable[[], Generator[Any, None, None]], depth: int = 2) -> Iterator[Any]:
    """The items of ``pages()``, made in a thread of their own up to ``depth`` ahead of the
    caller: the database's work and the driver's waits overlap the hashing (on PostgreSQL
    the backend runs on the other core). An error of ``pages`` is raised here."""
    queue: Queue[Any] = Queue(depth)
    stop, done = threading.Event(), object()

    def put(item: Any) -> bool:
        while not stop.is_set():
            try:
                queue.put(item, timeout=0.1)
                return True
            except Full:
                pass
        return False

    def produce() -> None:
        items = pages()
        try:
            for item in items:
                if not put(item):
                    return
            put(done)
        except BaseException as error:  # handed to the caller
            put(error)
        finally:
            items.close()

    thread = threading.Thread(target=produce, name="ledger-verify-read", daemon=True)
    thread.start()
    try:
        while (item := queue.get()) is not done:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        thread.join()


def _event_pages(reader: Any, head: int) -> Generator[list[Any], None, None]:
    position = 0
    while position < head:
        page = reader.page(position, PAGE, head)
        if not page:
            return
        yield page
        position = page[-1][0]


_LEAVES_SQL = ("SELECT leaf_index, notification_id, leaf_hash FROM audit_leaves"
               " WHERE leaf_index > {} ORDER BY leaf_index LIMIT {}")


def _leaf_pages(engine: Any) -> Generator[tuple[list[int], list[int], list[bytes]], None, None]:
    """The sealed leaves in leaf order, ``PAGE`` at a time, as three lists (leaf indexes,
    notification ids, leaf hashes), through the driver's own cursor: on PostgreSQL binary
    and prepared, a third of the time SQLAlchemy's rows took (bytea as hex text)."""
    with engine.connect() as conn:
        raw, after = conn.connection.driver_connection, -1
        postgres = conn.dialect.name == "postgresql"
        statement = _LEAVES_SQL.format(*(("%s", "%s") if postgres else ("?", "?")))
        while True:
            if postgres:
                with raw.cursor(binary=True) as cursor:
                    rows = cursor.execute(statement, (after, PAGE), prepare=True).fetchall()
            else:
                rows = raw.execute(statement, (after, PAGE)).fetchall()
            if not rows:
                return
            yield ([row[0] for row in rows], [row[1] for row in rows],
                   [bytes(row[2]) for row in rows])
            after = rows[-1][0]


class _SealedLeaves:
    """The sealed leaves in leaf order, from pages of them (``_leaf_pages``) kept in three
    parallel lists: ``take`` consumes the next ones at once when they are exactly the given
    notification ids and leaves (an untouched store: compared at C speed, a page at a time);
    ``current`` and ``advance`` walk them one by one where they differ."""

    def __init__(self, pages: Iterator[tuple[list[int], list[int], list[bytes]]]) -> None:
        self.pages = pages
        self.indexes: list[int] = []
        self.ids: list[int] = []
        self.leaves: list[bytes] = []
        self.at = 0

    def _fill(self, wanted: int) -> None:
        while len(self.ids) - self.at < wanted:
            page = next(self.pages, None)
            if page is None:
                return
            at = self.at
            self.indexes = self.indexes[at:] + page[0]
            self.ids = self.ids[at:] + page[1]
            self.leaves = self.leaves[at:] + page[2]
            self.at = 0

    def take(self, ids: list[int], leaves: list[bytes]) -> bool:
        n = len(ids)
        self._fill(n)
        at = self.at
        if self.ids[at:at + n] == ids and self.leaves[at:at + n] == leaves:
            self.at += n
            return True
        return False

    def current(self) -> tuple[int, int, bytes] | None:
        self._fill(1)
        at = self.at
        return (self.indexes[at], self.ids[at], self.leaves[at]) if at < len(self.ids) else None

    def advance(self) -> None:
        self.at += 1


def _compare(page: list[Any], leaves: list[bytes], sealed: _SealedLeaves,
             problems: list[dict[str, Any]]) -> int:
    """Each event of ``page`` (its leaf in ``leaves``) against the sealed leaves, one by one:
    the events altered, deleted or inserted since they were sealed go to ``problems``;
    returns how many are not sealed yet."""
    unsealed = 0
    for row, leaf in zip(page, leaves):
        notification_id, stored = row[0], sealed.current()
        while stored is not None and stored[1] < notification_id:
            problems.append(_deleted(stored))
            sealed.advance()
            stored = sealed.current()
        if stored is None:
            unsealed += 1
        elif stored[1] == notification_id:
            if stored[2] != leaf:
                problems.append(_problem(
                    "altered", f"event {notification_id} (leaf {stored[0]}) differs from the"
                    " event that was sealed", notification_id=notification_id,
                    leaf_index=stored[0]))
            sealed.advance()
        else:
            problems.append(_problem(
                "inserted", f"event {notification_id} is in the store but was never sealed at"
                f" its place (leaf {stored[0]} is event {stored[1]})",
                notification_id=notification_id))
    return unsealed


def _deleted(stored: tuple[int, int, bytes]) -> dict[str, Any]:
    return _problem("deleted", f"event {stored[1]} (leaf {stored[0]}) was sealed and is no"
                    " longer in the store", notification_id=stored[1], leaf_index=stored[0])


def check_integrity(ledger: Any, progress: Callable[[int, int], None] | None = None, *,
                    trusted_keys: dict[str, bytes] | None = None,
                    head: int | None = None) -> dict[str, Any]:
    reader = notification_reader(ledger.app.recorder)
    head = reader.head() if head is None else head
    engine = ledger.audit.engine
    with engine.connect() as conn:
        rows = proofs.checkpoints(conn)
        listed = {k.key_id: bytes(k.public_key) for k in proofs.keys(conn)}
        rotations = rotation.rotations(conn)
    # the keys pinned (or listed), and those they handed over to by key rotation statements
    keys, windows, rotated = rotation.follow(
        rotations, trusted_keys if trusted_keys is not None else listed)
    signed, problems = check_checkpoints(rows, keys, windows)
    problems[:0] = [_problem("key_rotation", found) for found in rotated]
    sizes = sorted(signed, reverse=True)  # the checkpoints still ahead, the next one last
    accumulator, chain, uuid_of, leaf_of = Accumulator(), CHAIN_START, uuid_bytes(reader), \
        leaf_hasher()
    sha256 = hashlib.sha256
    events = unsealed = 0
    leaf_pages, event_pages = _ahead(lambda: _leaf_pages(engine)), _ahead(
        lambda: _event_pages(reader, head))
    sealed = _SealedLeaves(leaf_pages)
    try:
        for page in event_pages:
            leaves = [leaf_of(n, uuid_of(originator), version, topic, state)
                      for n, originator, version, topic, state in page]
            if not sealed.take([row[0] for row in page], leaves):
                unsealed += _compare(page, leaves, sealed, problems)
            # The chain and the tree, a checkpoint's size at a time: each checkpoint's root
            # and chain are compared with those of the first ``tree size`` events.
            done = 0
            while done < len(leaves):
                end = len(leaves) if not sizes else min(len(leaves), done + sizes[-1] - events)
                for leaf in leaves[done:end]:
                    chain = sha256(chain + leaf).digest()
                accumulator.extend(leaves[done:end])
                events += end - done
                done = end
                if sizes and events == sizes[-1]:
                    found = signed[sizes.pop()]
                    last = page[end - 1][0]
                    if (found.root, found.chain, found.last_notification_id) != (
                            accumulator.root(), chain, last):
                        problems.append(_problem(
                            "checkpoint", f"checkpoint {found.sequence}: the first"
                            f" {found.tree_size} events of the store do not give its signed root"
                            " and chain (an event up to there was altered, removed, added or"
                            " moved)", checkpoint=found.sequence, notification_id=last))
            if progress:
                progress(page[-1][0], head)
        stored = sealed.current()
        while stored is not None:
            problems.append(_deleted(stored))
            sealed.advance()
            stored = sealed.current()
    finally:
        event_pages.close()
        leaf_pages.close()
    for size, found in sorted(signed.items()):
        if size > events:
            problems.append(_problem("checkpoint", f"checkpoint {found.sequence} covers {size}"
                                     f" events; the store has {events}",
                                     checkpoint=found.sequence))
    return {"head": head, "events": events, "unsealed": unsealed, "checkpoints": len(rows),
            "key_rotations": len(rotations), "keys": sorted(keys), "keys_pinned": trusted_keys is not None,
            "problems": problems}
