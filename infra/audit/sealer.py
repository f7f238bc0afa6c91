"""The sealer: follows the event store's notification log, as the projections do, and binds every
stored event into the hash chain and the Merkle tree (domain/audit/record.py, domain/audit/merkle.py);
from time to time it signs a checkpoint (domain/audit/checkpoint.py). 903-B 1.5 "Log" and 7.9.1
(rules-digest-2 §3.1): records cannot be altered without detection.

Off the write path: it runs in the projection worker's loop (``ledger serve``) or the projection
thread (one process), never in a command. Each page is one transaction: its leaves, the perfect
subtrees they complete, and the sealer's state row, advanced with a compare-and-set (two sealers
never seal the same event twice; the loser reads the state again).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import structlog
from sqlalchemy import Connection, Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from domain.audit import signed_note
from domain.audit.checkpoint import Checkpoint
from domain.audit.merkle import Accumulator
from domain.audit.record import CHAIN_START, leaf_hasher
from infra.audit.signing import ALGORITHM, Signer
from infra.audit.tables import (
    audit_checkpoints,
    audit_key_rotations,
    audit_keys,
    audit_leaves,
    audit_nodes,
    audit_seal,
)
from infra.projecting.runner import SQLITE_CHECKPOINT_PAGES
from infra.store.notification_reader import notification_reader
from projections.bulk import BulkStatement

log = structlog.get_logger("ledger.audit")
PAGE_SIZE = 2000
_LEAVES = BulkStatement(insert(audit_leaves), ("leaf_index", "notification_id", "leaf_hash"))
_NODES = BulkStatement(insert(audit_nodes), ("level", "node_index", "hash"))
_sha256 = hashlib.sha256


@dataclass
class SealState:
    tree_size: int
    last_notification_id: int
    chain: bytes
    peaks: list[bytes]

    def accumulator(self) -> Accumulator:
        return Accumulator.resume(self.tree_size, self.peaks)


def read_state(conn: Connection, *, lock: bool = False) -> SealState:
    """The sealer's state; ``lock``: the row locked until the transaction ends (PostgreSQL;
    SQLite serialises writers anyway)."""
    query = select(audit_seal).where(audit_seal.c.name == "log")
    row = conn.execute(query.with_for_update() if lock else query).first()
    if row is None:
        return SealState(0, 0, CHAIN_START, [])
    peaks = bytes(row.peaks)
    return SealState(row.tree_size, row.last_notification_id, bytes(row.chain),
                     [peaks[i:i + 32] for i in range(0, len(peaks), 32)])


def retired(conn: Connection, key_id: str) -> bool:
    """Whether a key rotation retired this key (it signs no more checkpoints)."""
    return conn.execute(select(audit_key_rotations.c.sequence).where(
        audit_key_rotations.c.old_key_id == key_id).limit(1)).first() is not None


def remember_key(conn: Connection, signer: Signer, when: str) -> None:
    """The key in ``audit_keys`` (GET /audit/public-keys), once."""
    known = conn.execute(select(audit_keys.c.key_id).where(
        audit_keys.c.key_id == signer.key_id)).first()
    if known is None:
        conn.execute(insert(audit_keys).values(key_id=signer.key_id, algorithm=ALGORITHM,
                                               public_key=signer.public_key, first_used=when))


def uuid_bytes(reader: Any) -> Callable[[Any], bytes]:
    """The 16 bytes of a stored originator id, however the backend gives it (SQLite: 32 hex
    digits; PostgreSQL: a UUID)."""
    convert = reader.originator_id
    fromhex = bytes.fromhex

    def of(stored: Any) -> bytes:
        kind = type(stored)
        if kind is UUID:
            return stored.bytes
        if kind is str and len(stored) == 32:
            return fromhex(stored)
        value = convert(stored)
        return value.bytes if isinstance(value, UUID) else bytes(value)
    return of


class Sealer:
    def __init__(self, app: Any, engine: Engine, *, clock: Any, origin: str,
                 signer: Signer | None, checkpoint_interval: float,
                 page_size: int = PAGE_SIZE) -> None:
        self.app = app
        self.engine = engine
        self.clock = clock
        try:  # the origin is the checkpoints' key name too
            self.origin = signed_note.check_key_name(origin)
        except ValueError as error:
            raise ValueError(f"LEDGER_AUDIT_ORIGIN: {error}") from None
        self.signer = signer
        self.checkpoint_interval = checkpoint_interval
        self.page_size = page_size
        self._reader = notification_reader(app.recorder)
        self._uuid = uuid_bytes(self._reader)
        self._leaf = leaf_hasher()
        self._next_checkpoint = 0.0  # time.monotonic() of the next due checkpoint
        self.last_error: str | None = None
        self.key_problem: str | None = None  # the signing key was rotated away
        self._state_row = False
        self._sealed_through = 0  # sealed up to here, as far as this sealer knows

    # Sealing ------------------------------------------------------------------------------
    def catch_up(self, progress: Callable[[int, int], None] | None = None, *,
                 head: int | None = None) -> int:
        """Seal every event recorded so far (or up to notification ``head``); returns how many
        were sealed."""
        sealed = 0
        head = self._reader.head() if head is None else head
        if head <= self._sealed_through:  # nothing new since this sealer's last page
            return 0
        if not self._state_row:
            self._ensure_state_row()
            self._state_row = True
        with self.engine.connect() as conn:
            state = read_state(conn)
        self._sealed_through = state.last_notification_id
        while state.last_notification_id < head:
            rows = self._reader.page(state.last_notification_id, self.page_size, head)
            if not rows:
                break
            new = self._seal_page(state, rows)
            if new is None:  # another sealer went first
                with self.engine.connect() as conn:
                    state = read_state(conn)
                continue
            sealed += new.tree_size - state.tree_size
            state = new
            self._sealed_through = new.last_notification_id
            if progress:
                progress(state.last_notification_id, head)
        return sealed

    def _seal_page(self, state: SealState, rows: list[Any]) -> SealState | None:
        accumulator, leaf_of, uuid_of = state.accumulator(), self._leaf, self._uuid
        leaves = [leaf_of(n, uuid_of(originator), version, topic, stored)
                  for n, originator, version, topic, stored in rows]
        chain = state.chain
        for leaf in leaves:
            chain = _sha256(chain + leaf).digest()
        nodes: list[tuple[int, int, bytes]] = []
        accumulator.extend(leaves, nodes)
        new = SealState(accumulator.size, rows[-1][0], chain, accumulator.peaks)
        with self.engine.begin() as conn:
            if conn.dialect.name == "sqlite":
                # As the projection runner's own connection: the WAL is copied back into the
                # projections file every 10,000 pages, not SQLite's 1,000. At 1,000 the
                # sealer's commits checkpointed seven times as often under the money load
                # (fdatasync of the projections file 66 against 9 times in 10 s, strace),
                # and the deposits/s fell ~13 %.
                conn.exec_driver_sql(f"PRAGMA wal_autocheckpoint={SQLITE_CHECKPOINT_PAGES}")
            if not self._advance(conn, state, new):
                return None
            # ints and bytes, which both drivers take as they are: SQLAlchemy's LargeBinary
            # processor (it wraps each hash) was ~15 % of the sealer's CPU (py-spy)
            _LEAVES.execute(conn, [(index, row[0], leaf) for index, row, leaf
                                   in zip(range(state.tree_size, new.tree_size), rows, leaves)],
                            converted=True)
            _NODES.execute(conn, nodes, converted=True)
        return new

    def _ensure_state_row(self) -> None:
        """The state row, once: two sealers starting together both try; one insert wins."""
        with self.engine.connect() as conn:
            if conn.execute(select(audit_seal.c.name).where(audit_seal.c.name == "log")).first():
                return
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(audit_seal).values(
                    name="log", tree_size=0, last_notification_id=0, chain=CHAIN_START,
                    peaks=b""))
        except IntegrityError:
            pass  # the other one's

    @staticmethod
    def _advance(conn: Connection, old: SealState, new: SealState) -> bool:
        values = dict(tree_size=new.tree_size, last_notification_id=new.last_notification_id,
                      chain=new.chain, peaks=b"".join(new.peaks))
        moved = conn.execute(update(audit_seal).where(
            audit_seal.c.name == "log", audit_seal.c.tree_size == old.tree_size).values(**values))
        return moved.rowcount == 1

    # Checkpoints --------------------------------------------------------------------------
    def checkpoint(self) -> Checkpoint | None:
        """Sign and store a checkpoint of everything sealed so far, if the tree grew since the
        last one (None: nothing new, or no signing key)."""
        if self.signer is None:
            return None
        try:
            return self._checkpoint(self.signer)
        except IntegrityError:  # another sealer signed this one first
            return None

    def _checkpoint(self, signer: Signer) -> Checkpoint | None:
        with self.engine.begin() as conn:
            # the state row locked (PostgreSQL): a key rotation (infra/audit/rotation.py) and
            # a checkpoint are never signed at once, so no checkpoint of the old key comes
            # after the rotation that retires it
            state = read_state(conn, lock=True)
            if retired(conn, signer.key_id):
                self.key_problem = (f"the signing key {signer.key_id} was rotated (ledger audit"
                                   " rotate-key): point LEDGER_AUDIT_KEY_FILE at the new key")
                log.warning("audit_key_retired", key_id=signer.key_id)
                return None
            last = conn.execute(select(audit_checkpoints.c.sequence, audit_checkpoints.c.tree_size)
                                .order_by(audit_checkpoints.c.sequence.desc()).limit(1)).first()
            if state.tree_size == 0 or (last is not None and last.tree_size >= state.tree_size):
                return None
            sealed_at = self.clock.now().isoformat().replace("+00:00", "Z")
            checkpoint = Checkpoint(
                origin=self.origin, sequence=1 if last is None else last.sequence + 1,
                tree_size=state.tree_size, root=state.accumulator().root(), chain=state.chain,
                last_notification_id=state.last_notification_id, sealed_at=sealed_at)
            text = checkpoint.text()
            # the key name is the origin (c2sp.org/tlog-checkpoint: it SHOULD be)
            line, signature = signer.note_line(self.origin, text)
            remember_key(conn, signer, sealed_at)
            conn.execute(insert(audit_checkpoints).values(
                sequence=checkpoint.sequence, tree_size=checkpoint.tree_size,
                root=checkpoint.root, chain=checkpoint.chain,
                last_notification_id=checkpoint.last_notification_id, sealed_at=sealed_at,
                key_id=signer.key_id, signature=signature,
                note=signed_note.assemble(text, [line])))
        log.info("audit_checkpoint_signed", sequence=checkpoint.sequence,
                 tree_size=checkpoint.tree_size, root=checkpoint.root.hex())
        return checkpoint

    def seal(self, *, checkpoint: bool = True) -> Checkpoint | None:
        """Seal everything recorded so far and, if asked, sign a checkpoint now."""
        self.catch_up()
        return self.checkpoint() if checkpoint else None

    def follow(self, head: int | None = None) -> None:
        """One round of the follower: seal what is new (up to ``head``, the log's head as the
        projection runner last read it); sign a checkpoint when one is due."""
        try:
            self.catch_up(head=head)
            now = time.monotonic()
            if self.checkpoint_interval > 0 and now >= self._next_checkpoint:
                self._next_checkpoint = now + self.checkpoint_interval
                self.checkpoint()
            self.last_error = self.key_problem
        except Exception as error:  # keep following; /health reports it
            self.last_error = f"{type(error).__name__}: {error}"
            log.exception("audit_sealing_failed")
