"""The tables of the tamper-evident record (migration 0008_audit). They live beside the read
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
    Column("note", Text, nullable=False),  # the signed text, exactly (domain/audit/checkpoint.py)
)
audit_keys = Table(
    "audit_keys", metadata,
    Column("key_id", String(16), primary_key=True),
    Column("algorithm", String(16), nullable=False),
    Column("public_key", LargeBinary, nullable=False),
    Column("first_used", String(40), nullable=False),
)
