"""The tables of the tamper-evident record (migrations 0008_audit, 0013_audit_key_rotations). They live beside the read
models (the projections database) but are not read models: a rebuild never empties them."""

from __future__ import annotations

from sqlalchemy import (
                        BigInteger,
                        Column,
                        LargeBinary,
                        MetaData,
                        PrimaryKeyConstraint,
                        SmallInteger,
                        String,
                        Table,
                        Text,
)

metadata = MetaData()

# One row ("log"): how far the sealer got, and what it needs to go on without the leaves.
audit_seal = Table(
    "audit_seal", metadata,
    Column("name", String(32), primary_key=True),
    Column("tree_size", BigInteger, nullable=False),
    Column("last_notification_id", BigInteger, nullable=False),
    Column("chain", LargeBinary, nullable=False),
    Column("peaks", LargeBinary, nullable=False),  # the accumulator's peaks, 32 bytes each
)
# Leaf i of the tree: the i-th event of the log (0-based), by its notification id.
audit_leaves = Table(
    "audit_leaves", metadata,
    Column("leaf_index", BigInteger, primary_key=True, autoincrement=False),
    Column("notification_id", BigInteger, nullable=False),
    Column("leaf_hash", LargeBinary, nullable=False),
)
# Every perfect subtree of level 1 and up: leaves [index << level, (index + 1) << level).
audit_nodes = Table(
    "audit_nodes", metadata,
    Column("level", SmallInteger, nullable=False),
    Column("node_index", BigInteger, nullable=False, autoincrement=False),
    Column("hash", LargeBinary, nullable=False),
    PrimaryKeyConstraint("level", "node_index", name="pk_audit_nodes"),
)
audit_checkpoints = Table(
    "audit_checkpoints", metadata,
    Column("sequence", BigInteger, primary_key=True, autoincrement=False),
    Column("tree_size", BigInteger, nullable=False),
    Column("root", LargeBinary, nullable=False),
    Column("chain", LargeBinary, nullable=False),
    Column("last_notification_id", BigInteger, nullable=False),
    Column("sealed_at", String(40), nullable=False),
    Column("key_id", String(16), nullable=False),
    Column("signature", LargeBinary, nullable=False),
    # The signed note, exactly: a C2SP signed note (text, blank line, signature line), or, for
    # the checkpoints signed before issue 25, the ledger-checkpoint/1 text the signature covers
    # (domain/audit/checkpoint.py). ``signature``: the bare Ed25519 signature of the text.
    Column("note", Text, nullable=False),
)
audit_keys = Table(
    "audit_keys", metadata,
    Column("key_id", String(16), primary_key=True),
    Column("algorithm", String(16), nullable=False),
    Column("public_key", LargeBinary, nullable=False),
    Column("first_used", String(40), nullable=False),
)
# A key rotation statement (domain/audit/rotation.py): a signed note by the old key and the
# new one; the new key signs the checkpoints of ``from_tree_size`` events and more.
audit_key_rotations = Table(
    "audit_key_rotations", metadata,
    Column("sequence", BigInteger, primary_key=True, autoincrement=False),
    Column("old_key_id", String(16), nullable=False),
    Column("new_key_id", String(16), nullable=False),
    Column("from_tree_size", BigInteger, nullable=False),
    Column("rotated_at", String(40), nullable=False),
    Column("note", Text, nullable=False),  # the signed note, exactly
)
